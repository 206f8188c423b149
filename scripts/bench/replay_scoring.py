"""Scores replays of whole recordings: readings completed, time to start, cancel and failure causes, and the
heart rate, RMSSD and breathing error over the span each completed reading measured — beside the offline engine
on the same segment and two trivial baselines (the dataset's median reference; the Welch spectral peak for HR).
"""

import math
from statistics import median

from .replay import Replay
from .scoring import percent, stat

# Welch spectral peak: segment length and overlap, searched band and frequency step.
WELCH_SEGMENT_S = 8.0
WELCH_BAND_HZ = (0.66, 3.5)
WELCH_STEP_HZ = 0.01


def span_references(recording, span):
    """{"hr": bpm, "rmssd": ms, "br": brpm} of the reference over span = (start, end); keys without data omitted.

    A once-a-second series value counts when its second [t, t+1) lies inside the span; beat intervals count when
    both of their beats do.
    """
    start, end = span
    refs = {}
    for key, series in (("hr", recording.hr_series), ("br", recording.br_series)):
        values = [v for t, v in series if t >= start and t + 1 <= end]
        if values:
            refs[key] = sum(values) / len(values)
    intervals = [rr for k, rr in enumerate(recording.rr_ms)
                 if k + 1 < len(recording.beat_times)
                 and start <= recording.beat_times[k] and recording.beat_times[k + 1] <= end]
    if intervals:
        refs["hr"] = 60000.0 * len(intervals) / sum(intervals)
    if len(intervals) >= 2:
        differences = [(b - a) ** 2 for a, b in zip(intervals, intervals[1:])]
        refs["rmssd"] = math.sqrt(sum(differences) / len(differences))
    return refs


def whole_references(recording):
    """The references over the whole file (for the dataset's constant guess)."""
    return span_references(recording, (-math.inf, math.inf))


def constant_guess(recordings):
    """{dataset: {"hr"|"rmssd"|"br": median whole-file reference of the dataset's recordings}}."""
    values = {}
    for recording in recordings:
        for key, value in whole_references(recording).items():
            values.setdefault(recording.dataset, {}).setdefault(key, []).append(value)
    return {dataset: {key: median(v) for key, v in per_key.items()} for dataset, per_key in values.items()}


def welch_peak_bpm(times, values, span):
    """The heart rate at the largest Welch power in 0.66–3.5 Hz of `values` (one channel) over span, or None.

    The samples are linearly resampled to their median rate, each 8 s Hann segment (half overlap) is detrended
    by its least-squares line, and the periodogram is evaluated on a 0.01 Hz grid.
    """
    inside = [(t, v) for t, v in zip(times, values) if span[0] <= t <= span[1]]
    if len(inside) < 16:
        return None
    steps = sorted(b[0] - a[0] for a, b in zip(inside, inside[1:]) if b[0] > a[0])
    if not steps:
        return None
    dt = steps[len(steps) // 2]
    uniform = _resample(inside, dt)
    length = int(WELCH_SEGMENT_S / dt)
    if length < 8 or len(uniform) < length:
        return None
    window = [0.5 - 0.5 * math.cos(2 * math.pi * n / (length - 1)) for n in range(length)]
    frequencies = [WELCH_BAND_HZ[0] + k * WELCH_STEP_HZ
                   for k in range(int((WELCH_BAND_HZ[1] - WELCH_BAND_HZ[0]) / WELCH_STEP_HZ) + 1)]
    power = [0.0] * len(frequencies)
    for first in range(0, len(uniform) - length + 1, length // 2):
        segment = [w * v for w, v in zip(window, _detrended(uniform[first:first + length]))]
        for index, frequency in enumerate(frequencies):
            step = 2 * math.pi * frequency * dt
            re = sum(v * math.cos(step * n) for n, v in enumerate(segment))
            im = sum(v * math.sin(step * n) for n, v in enumerate(segment))
            power[index] += re * re + im * im
    best = max(range(len(power)), key=power.__getitem__)
    return 60.0 * frequencies[best]


def _resample(samples, dt):
    """Linear interpolation of [(t, v)] onto t0, t0 + dt, …"""
    out, index = [], 0
    t = samples[0][0]
    while t <= samples[-1][0]:
        while samples[index + 1][0] < t:
            index += 1
        (t0, v0), (t1, v1) = samples[index], samples[index + 1]
        out.append(v0 + (v1 - v0) * (t - t0) / (t1 - t0) if t1 > t0 else v0)
        t += dt
        if index + 1 >= len(samples) - 1 and t > samples[-1][0]:
            break
    return out


def _detrended(values):
    """values minus their least-squares line."""
    n = len(values)
    mean_x, mean_y = (n - 1) / 2, sum(values) / n
    sxx = sum((x - mean_x) ** 2 for x in range(n))
    slope = sum((x - mean_x) * (y - mean_y) for x, y in enumerate(values)) / sxx
    return [y - mean_y - slope * (x - mean_x) for x, y in enumerate(values)]


def dataset_figures(recordings, replays, offline, welch, guess):
    """Every figure of one dataset.

    replays: {id: Replay}; offline: {id: Outcome of `nfv analyze` on the measured segment}; welch: {id: bpm or
    None on the measured segment}; guess: {"hr"|"rmssd"|"br": constant} for this dataset.
    """
    completed = [r for r in recordings if replays[r.id].span is not None and replays[r.id].result is not None]
    first_starts = [replays[r.id].starts[0] for r in recordings if replays[r.id].starts]
    measured_starts = [replays[r.id].measured_start for r in completed]
    figures = {
        "recordings": len(recordings),
        "completed_pct": percent(len(completed), len(recordings)),
        "first_start_s": stat(median(first_starts) if first_starts else None, len(first_starts)),
        "measured_start_s": stat(median(measured_starts) if measured_starts else None, len(measured_starts)),
        "cancels": _counts(detail for r in recordings for _, detail, _ in replays[r.id].cancels),
        "cancel_elapsed_s": sorted(round(e, 1) for r in recordings for _, _, e in replays[r.id].cancels
                                   if isinstance(e, (int, float)) and e >= 0),
        "not_completed": _counts(_failure_cause(replays[r.id]) for r in recordings if r not in completed),
        "double_ticks": sum(replays[r.id].double_ticks() for r in recordings),
        "failures": sorted((r.id, replays[r.id].failure) for r in recordings if replays[r.id].failure),
    }
    refs = {r.id: span_references(r, replays[r.id].span) for r in completed}
    answers = {
        "live": {r.id: result_values(replays[r.id].result) for r in completed},
        "offline": {r.id: result_values(offline[r.id].result if offline.get(r.id) else None) for r in completed},
        "constant": {r.id: dict(guess) for r in completed},
        "welch": {r.id: {"hr": welch.get(r.id)} for r in completed},
    }
    for metric in ("hr", "rmssd", "br"):
        for tool, per_recording in answers.items():
            figures[f"{metric}_mae_{tool}"] = mae(completed, refs, per_recording, metric)
    figures["hr_within5_live"] = _within(completed, refs, answers["live"], 5.0)
    figures["offline_answered_pct"] = percent(
        sum(1 for r in completed if offline.get(r.id) and offline[r.id].returned()), len(completed))
    return figures


def result_values(result):
    """{"hr"|"rmssd"|"br": value} of a result object (absent values omitted)."""
    values = {}
    for key, name in (("hr", "heartRateBpm"), ("rmssd", "rmssdMs"), ("br", "breathingRateBrpm")):
        value = (result or {}).get(name)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
            values[key] = float(value)
    return values


def mae(recordings, refs, answers, metric):
    """MAE of `metric` over recordings with both a reference and an answer."""
    errors = [abs(answers[r.id][metric] - refs[r.id][metric]) for r in recordings
              if metric in refs[r.id] and answers[r.id].get(metric) is not None]
    return stat(sum(errors) / len(errors) if errors else None, len(errors))


def _within(recordings, refs, answers, limit):
    """% of recordings with an HR reference whose HR answer is within ±limit bpm."""
    scored = [r for r in recordings if "hr" in refs[r.id] and answers[r.id].get("hr") is not None]
    hits = sum(1 for r in scored if abs(answers[r.id]["hr"] - refs[r.id]["hr"]) <= limit)
    return percent(hits, len(scored))


def _failure_cause(replay):
    """Why a replay ended without a reading: a failure, the final analysis' error, the file ending while
    measuring, or the guidance that dominated after the last cancel (or throughout, when nothing started)."""
    if replay.failure:
        return "failure"
    if replay.complete_t is not None:
        return f"final analysis: {replay.error_code or 'no result'}"
    last_cancel = replay.cancels[-1][0] if replay.cancels else -math.inf
    if replay.starts and replay.starts[-1] > last_cancel:
        return "file ended while measuring"
    after = Replay(guidance=[(t, token) for t, token in replay.guidance if t > last_cancel])
    prefix = "cancelled, then" if replay.starts else "never started:"
    return f"{prefix} {after.dominant_guidance() or 'no guidance'}"


def _counts(items):
    """{item: count}, sorted by count then name."""
    counts = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return dict(sorted(counts.items(), key=lambda pair: (-pair[1], str(pair[0]))))
