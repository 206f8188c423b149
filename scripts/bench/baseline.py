"""A no-skill reference column: each window "predicts" the mean reference of the other windows of its dataset.

Any tool should beat it; the benchmark data's own notes put it at about RMSSD 19.1 ms and breathing 1.8 brpm.
"""

from .outcome import Outcome

# (result key, manifest reference key) predicted by the leave-one-out mean.
PREDICTED = (
    ("heartRateBpm", "ref_hr_bpm"),
    ("rmssdMs", "ref_rmssd_ms"),
    ("sdnnMs", "ref_sdnn_ms"),
    ("sd2sd1", "ref_sd2_sd1"),
    ("baevskyStressIndex", "ref_baevsky_si"),
    ("breathingRateBrpm", "ref_br_brpm"),
)
NAME = "mean-guess"


def mean_guess(windows):
    """{window id: Outcome} whose values are the leave-one-out mean of each reference in the dataset."""
    return {w.id: Outcome(result=_prediction(w, [o for o in windows if o.dataset == w.dataset and o is not w]))
            for w in windows}


def _prediction(window, others):
    """The result object for one window from the other windows' references."""
    result = {}
    for result_key, ref_key in PREDICTED:
        values = [o.refs[ref_key] for o in others if ref_key in o.refs]
        if values:
            result[result_key] = sum(values) / len(values)
    return result
