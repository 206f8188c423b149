"""Figures that need more than one tool's answer or more than a number: skill over the constant guess per
confidence tier, coverage of every window, and beat-level interval error against reference RR intervals."""

import json
import os
from bisect import bisect_left

from . import baseline
from .scoring import stat

# (figure key, result key, reference key, tier key in the result, tier values pooled; None = every window).
SKILL_FIGURES = (
    ("hr_skill_clean", "heartRateBpm", "ref_hr_bpm", "quality", (3,)),
    ("hr_skill_usable", "heartRateBpm", "ref_hr_bpm", "quality", (2,)),
    ("hr_skill_withheld", "heartRateBpm", "ref_hr_bpm", "quality", (1,)),
    ("hr_skill_all", "heartRateBpm", "ref_hr_bpm", None, None),
    ("rmssd_skill_all", "rmssdMs", "ref_rmssd_ms", None, None),
    ("br_skill_high", "breathingRateBrpm", "ref_br_brpm", "breathingRateConfidence", ("high",)),
    ("br_skill_medium", "breathingRateBrpm", "ref_br_brpm", "breathingRateConfidence", ("medium",)),
    ("br_skill_medium_high", "breathingRateBrpm", "ref_br_brpm", "breathingRateConfidence", ("medium", "high")),
    ("br_skill_low", "breathingRateBrpm", "ref_br_brpm", "breathingRateConfidence", ("low",)),
    ("br_skill_all", "breathingRateBrpm", "ref_br_brpm", None, None),
)
HR_COVERAGE_BPM = 5.0
RMSSD_COVERAGE_MS = 6.0
BEAT_MATCH_S = 0.15
ALIGN_SEARCH_S, ALIGN_STEP_S = 5.0, 0.005
# An interval paired with its own reference interval errs by its two beats' timing error (the engine's intervals:
# 5–54 ms RMS per strap subject); paired one beat off, by a successive difference of the reference (RMSSD 24–121
# ms there) plus that error.
INTERVAL_AGREEMENT_MS = 50.0
# The wire contract, whose HeartRateSource enumeration holds the `diagnostics.hr_source` values.
CONTRACT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "contract.json")
# The `diagnostics.hr_source` of a heart rate timed by the beats.
FROM_BEATS = "beats"


def heart_rate_sources(path=CONTRACT):
    """The contract's `diagnostics.hr_source` values (its HeartRateSource enumeration), FROM_BEATS among them."""
    with open(path) as file:
        enums = json.load(file)["enums"]
    values = next(tuple(e["values"]) for e in enums if e["name"] == "HeartRateSource")
    if FROM_BEATS not in values:
        raise ValueError(f"{path}: HeartRateSource has no {FROM_BEATS!r}: {values}")
    return values


# `diagnostics.hr_source` values of a heart rate not timed by the beats (the spectral peak's and the fold's).
NOT_FROM_BEATS = tuple(v for v in heart_rate_sources() if v != FROM_BEATS)


def skill_figures(windows, outcomes, constant):
    """The tool's MAE over the constant guess's MAE on the same windows, per tier, and the coverage figures."""
    figures = {key: skill_ratio(windows, outcomes, constant, result_key, ref_key, tier_key, tiers)
               for key, result_key, ref_key, tier_key, tiers in SKILL_FIGURES}
    figures["hr_within5_all_pct"] = coverage(windows, outcomes, "heartRateBpm", "ref_hr_bpm", HR_COVERAGE_BPM)
    figures["rmssd_within6_pct"] = coverage(windows, outcomes, "rmssdMs", "ref_rmssd_ms", RMSSD_COVERAGE_MS)
    figures["interval_rmse"] = interval_rmse(windows, outcomes)
    figures["interval_rmse_rmssd"] = interval_rmse(windows, outcomes, rmssd_intervals_only=True)
    figures["rmssd_on_clean_hr_pct"] = rmssd_on_clean_hr(windows, outcomes, beats_only=False)
    figures["rmssd_on_beat_hr_pct"] = rmssd_on_clean_hr(windows, outcomes, beats_only=True)
    figures["rmssd_withheld_clean_hr"] = rmssd_withheld_on_clean_hr(windows, outcomes)
    return figures


def rmssd_on_clean_hr(windows, outcomes, beats_only):
    """% of the windows with an RMSSD reference that get a clean heart rate (returned, within HR_COVERAGE_BPM of
    the reference; with `beats_only`, also timed by the beats: `diagnostics.hr_source` none of NOT_FROM_BEATS,
    since HRV needs beats) that get RMSSD too; n = those windows."""
    clean = [w for w in windows if "ref_rmssd_ms" in w.refs and _clean_heart_rate(w, outcomes[w.id], beats_only)]
    hits = sum(1 for w in clean if outcomes[w.id].value("rmssdMs") is not None)
    return stat(100.0 * hits / len(clean) if clean else None, len(clean))


def rmssd_withheld_on_clean_hr(windows, outcomes):
    """[(window id, why)] of the windows with an RMSSD reference and a clean heart rate (as `rmssd_on_clean_hr`)
    that get no RMSSD: the result's gate vetoes (`gate_veto:*` flags) with the gate's pair and merged-beat counts,
    or else its heart-rate source and quality."""
    withheld = []
    for w in windows:
        outcome = outcomes[w.id]
        if "ref_rmssd_ms" not in w.refs or not _clean_heart_rate(w, outcome, beats_only=False) \
                or outcome.value("rmssdMs") is not None:
            continue
        result = outcome.result or {}
        diagnostics = result.get("diagnostics") if isinstance(result.get("diagnostics"), dict) else {}
        vetoes = [flag for flag in result.get("flags") or [] if str(flag).startswith("gate_veto:")]
        if vetoes:
            why = (f"{', '.join(vetoes)} (usable pairs {diagnostics.get('gate_n_pairs')}, "
                   f"beats merged or inserted {diagnostics.get('gate_n_merged')})")
        else:
            why = f"hr_source {diagnostics.get('hr_source')}, quality {result.get('quality')}"
        withheld.append((w.id, why))
    return withheld


def _clean_heart_rate(window, outcome, beats_only):
    """Whether `outcome` returned a heart rate within HR_COVERAGE_BPM of the window's reference (and, with
    `beats_only`, one not taken from the spectrum or the fold)."""
    value = outcome.value("heartRateBpm")
    if value is None or "ref_hr_bpm" not in window.refs or not outcome.returned():
        return False
    diagnostics = (outcome.result or {}).get("diagnostics")
    source = diagnostics.get("hr_source") if isinstance(diagnostics, dict) else None
    return abs(value - window.refs["ref_hr_bpm"]) <= HR_COVERAGE_BPM and not (beats_only and source in NOT_FROM_BEATS)


def skill_ratio(windows, outcomes, constant, result_key, ref_key, tier_key, tiers):
    """MAE(tool) / MAE(constant) over windows with a reference, a tool value and (if given) a tier in `tiers`."""
    ours, guess = 0.0, 0.0
    count = 0
    for w in windows:
        outcome, value = outcomes[w.id], outcomes[w.id].value(result_key)
        if ref_key not in w.refs or value is None or constant[w.id].value(result_key) is None:
            continue
        if tier_key is not None and (outcome.result or {}).get(tier_key) not in tiers:
            continue
        ours += abs(value - w.refs[ref_key])
        guess += abs(constant[w.id].value(result_key) - w.refs[ref_key])
        count += 1
    return stat(ours / guess if guess > 0 else None, count)


def coverage(windows, outcomes, result_key, ref_key, tolerance):
    """% of ALL windows with a reference that were returned (not withheld) with a value within `tolerance`."""
    with_ref = [w for w in windows if ref_key in w.refs]
    hits = sum(1 for w in with_ref if outcomes[w.id].returned() and outcomes[w.id].value(result_key) is not None
               and abs(outcomes[w.id].value(result_key) - w.refs[ref_key]) <= tolerance)
    return stat(100.0 * hits / len(with_ref) if with_ref else None, len(with_ref))


def interval_rmse(windows, outcomes, rmssd_intervals_only=False):
    """Pooled RMSE (ms) of the tool's beat intervals against the reference RR intervals they match, over windows
    with reference RR (`rr_ms`) and beat times in the result's diagnostics; n = windows that contributed. The
    constant guess's CONSTANT_INTERVAL stands for every interval of its window. With `rmssd_intervals_only`, only
    the windows that got RMSSD and the intervals the engine accepted (`diagnostics.beats[].accepted` of the beat
    ending the interval: both beats left in place by the artifact correction)."""
    errors = []
    contributed = 0
    for w in windows:
        if not w.rr_ms or (rmssd_intervals_only and outcomes[w.id].value("rmssdMs") is None):
            continue
        constant = outcomes[w.id].value(baseline.CONSTANT_INTERVAL)
        diagnostics = (outcomes[w.id].result or {}).get("diagnostics")
        beats = beat_times(diagnostics)
        if constant is not None:
            window_errors = [constant - interval for interval in w.rr_ms]
        elif len(beats) >= 3:
            keep = accepted_intervals(diagnostics) if rmssd_intervals_only else None
            window_errors = matched_interval_errors(beats, w.rr_ms, keep)
        else:
            continue
        if window_errors:
            errors += window_errors
            contributed += 1
    return stat((sum(e * e for e in errors) / len(errors)) ** 0.5 if errors else None, contributed)


def beat_times(diagnostics):
    """Sorted beat times (s) from `diagnostics.beats[].time_s`; [] when absent."""
    beats = (diagnostics or {}).get("beats") if isinstance(diagnostics, dict) else None
    times = [b.get("time_s") for b in beats or [] if isinstance(b, dict)]
    return sorted(t for t in times if isinstance(t, (int, float)))


def accepted_intervals(diagnostics):
    """Indices i (into the time-sorted beats) of the intervals from beat i to beat i + 1 whose ending beat is marked
    `accepted` in `diagnostics.beats`."""
    beats = (diagnostics or {}).get("beats") if isinstance(diagnostics, dict) else None
    timed = sorted((b["time_s"], b.get("accepted") is True) for b in beats or []
                   if isinstance(b, dict) and isinstance(b.get("time_s"), (int, float)))
    return {i - 1 for i, (_, accepted) in enumerate(timed) if i > 0 and accepted}


def matched_interval_errors(beats, rr_ms, keep=None):
    """Errors (ms) of beat intervals whose two beats match two successive reference beats (and, given `keep`, whose
    index is in it).

    The reference has intervals but no clock shared with the video, and the pulse reaches the finger a constant
    time after the heartbeat: the reference train is shifted by an offset searched ±ALIGN_SEARCH_S around the
    window start. A fairly regular train matches nearly as many beats within BEAT_MATCH_S when shifted by one whole
    beat, each beat then paired with its neighbour's reference beat, and a stretch of missed or extra beats can
    tip the count of matched beats either way. The offset kept is the one that pairs the most intervals
    (consecutive beats with consecutive reference beats) within INTERVAL_AGREEMENT_MS of their reference interval:
    beats paired with their own heartbeats; then the most matched beats, then the smallest summed distance."""
    reference = [0.0]
    for interval in rr_ms:
        reference.append(reference[-1] + interval / 1000.0)
    best = None
    steps = int(2 * ALIGN_SEARCH_S / ALIGN_STEP_S) + 1
    for k in range(steps):
        offset = -ALIGN_SEARCH_S + k * ALIGN_STEP_S
        matches = match_beats(beats, [t + offset for t in reference])
        errors = _paired_interval_errors(beats, rr_ms, {beat: ref for beat, ref, _ in matches})
        agreeing = sum(1 for _, error in errors if abs(error) <= INTERVAL_AGREEMENT_MS)
        score = (agreeing, len(matches), -sum(distance for _, _, distance in matches))
        if best is None or score > best[0]:
            best = (score, errors)
    return [error for i, error in best[1] if keep is None or i in keep]


def _paired_interval_errors(beats, rr_ms, by_beat):
    """[(i, error ms)] of the intervals from beat i to beat i + 1 whose beats are paired (`by_beat`: beat index →
    reference beat index) with two successive reference beats."""
    return [(i, 1000.0 * (beats[i + 1] - beats[i]) - rr_ms[by_beat[i]])
            for i in range(len(beats) - 1)
            if i in by_beat and i + 1 in by_beat and by_beat[i + 1] == by_beat[i] + 1]


def match_beats(beats, reference):
    """[(beat index, index of the nearest reference beat, distance s)] for beats within BEAT_MATCH_S of one."""
    matches = []
    for i, t in enumerate(beats):
        k = bisect_left(reference, t)
        nearest = min((j for j in (k - 1, k) if 0 <= j < len(reference)), key=lambda j: abs(reference[j] - t))
        distance = abs(reference[nearest] - t)
        if distance <= BEAT_MATCH_S:
            matches.append((i, nearest, distance))
    return matches
