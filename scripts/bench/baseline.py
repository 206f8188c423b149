"""A no-skill reference column: every window of a dataset "predicts" the dataset's median reference.

Any tool should beat it; a confidence tier should beat it by a clear margin on the windows it labels.
"""

from statistics import median

from .outcome import Outcome

# (result key, manifest reference key) predicted by the dataset median.
PREDICTED = (
    ("heartRateBpm", "ref_hr_bpm"),
    ("rmssdMs", "ref_rmssd_ms"),
    ("sdnnMs", "ref_sdnn_ms"),
    ("sd2sd1", "ref_sd2_sd1"),
    ("baevskyStressIndex", "ref_baevsky_si"),
    ("breathingRateBrpm", "ref_br_brpm"),
)
NAME = "constant-guess"


# Result key of the constant beat interval: the window's own mean reference RR interval (ms), every beat.
CONSTANT_INTERVAL = "constantIntervalMs"


def constant_guess(windows):
    """{window id: Outcome} whose values are the median of each reference over the window's dataset; a window with
    reference RR intervals also "predicts" every beat interval as their mean (CONSTANT_INTERVAL): a beat-level
    baseline that knows the mean heart rate exactly and nothing of the beat-to-beat variation."""
    predictions = {}
    for dataset in {w.dataset for w in windows}:
        members = [w for w in windows if w.dataset == dataset]
        predictions[dataset] = {result_key: median(values) for result_key, ref_key in PREDICTED
                                if (values := [w.refs[ref_key] for w in members if ref_key in w.refs])}
    return {w.id: Outcome(result={**predictions[w.dataset],
                                  **({CONSTANT_INTERVAL: sum(w.rr_ms) / len(w.rr_ms)} if w.rr_ms else {})})
            for w in windows}
