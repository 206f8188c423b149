"""Breathing against a delayed reference, the delay chosen leaving each subject out (`bench-accuracy --loso`).

A capnograph's breathing rate is a running figure over its last breaths, and a monitor's 1 Hz output follows the
breathing late: the reference averaged over a window's own span may describe breathing tens of seconds earlier
than the video shows. Where DIR/recordings/manifest.jsonl holds each recording's 1 Hz reference (`ref_br_series`,
`[t, brpm]`, t seconds from the piece's `start_s`), a window's reference is averaged over its span moved later by
D seconds. For each subject, the D (DELAYS_S) that gives the OTHER subjects' windows the least breathing MAE is
chosen, and the subject is scored against its reference delayed by that D, beside the constant guess (the other
subjects' median delayed reference) on the same windows. This scores the reference's timing, learnt without the
subject; the figures the targets judge stay those against the window's own reference."""

import json
import os
from statistics import median

from .subjects import by_subject

SERIES_KEY = "ref_br_series"
DELAYS_S = range(0, 61, 5)
MINIMUM_COVERAGE = 0.5   # share of a window's seconds the delayed span must hold reference values for


def load_series(directory):
    """{recording: {second: value}} from DIR/recordings/manifest.jsonl (each piece's series at `start_s` + t);
    {} when the folder has no such manifest."""
    manifest = os.path.join(directory, "recordings", "manifest.jsonl")
    if not os.path.isfile(manifest):
        return {}
    series = {}
    with open(manifest, encoding="utf-8") as lines:
        for line in lines:
            entry = json.loads(line) if line.strip() else {}
            points, recording, start = entry.get(SERIES_KEY), entry.get("recording"), entry.get("start_s")
            if not isinstance(points, list) or not isinstance(recording, str) or not isinstance(start, (int, float)):
                continue
            seconds = series.setdefault(recording, {})
            for point in points:
                if isinstance(point, list) and len(point) == 2 and isinstance(point[1], (int, float)):
                    seconds[int(round(start + point[0]))] = float(point[1])
    return series


def delayed_reference(window, series, delay_s):
    """The mean reference over the window's span moved later by `delay_s`; None without the window's recording
    and span, or when fewer than MINIMUM_COVERAGE of the span's seconds have a value."""
    seconds = series.get(window.recording)
    if not seconds or window.start_s is None or window.duration_s is None:
        return None
    first = int(round(window.start_s + delay_s))
    span = range(first, first + int(round(window.duration_s)))
    values = [seconds[t] for t in span if t in seconds]
    return sum(values) / len(values) if values and len(values) >= MINIMUM_COVERAGE * len(span) else None


def delayed_rows(windows, outcomes, series):
    """{subject: {"delay", "mae", "guess", "ratio", "n", "ceiling"}} for one dataset's windows (outcomes: {id:
    Outcome}; "ceiling": `_ceiling`); {} when no window has a delayed reference."""
    references = {(w.id, d): delayed_reference(w, series, d) for w in windows for d in DELAYS_S}
    if not any(v is not None for v in references.values()):
        return {}
    rows = {}
    for subject, members in by_subject(windows).items():
        others = [w for w in windows if w.subject != subject]
        delay = min(DELAYS_S, key=lambda d: (_or_infinity(_mae(others, outcomes, references, d)), d))
        guess = median([v for w in others if (v := references[(w.id, delay)]) is not None] or [0.0])
        ours, theirs = [], []
        for w in members:
            value, reference = outcomes[w.id].value("breathingRateBrpm"), references[(w.id, delay)]
            if value is not None and reference is not None:
                ours.append(abs(value - reference))
                theirs.append(abs(guess - reference))
        n = len(ours)
        mae, guess_mae = (sum(ours) / n, sum(theirs) / n) if n else (None, None)
        rows[subject] = {"delay": delay, "mae": mae, "guess": guess_mae, "n": n,
                         "ratio": mae / guess_mae if n and guess_mae > 0 else None,
                         "ceiling": _ceiling(members, others, references, delay)}
    return rows


def _ceiling(members, others, references, delay):
    """The delayed reference itself scored against each window's own reference, as a multiple of the constant
    guess's error there (the other subjects' median own reference): what an answer that is exactly the breathing
    the reference reports `delay` seconds later would score by the window's own reference. None without windows."""
    own = [w.refs["ref_br_brpm"] for w in others if "ref_br_brpm" in w.refs]
    if not own:
        return None
    guess = median(own)
    pairs = [(references[(w.id, delay)], w.refs["ref_br_brpm"]) for w in members
             if "ref_br_brpm" in w.refs and references[(w.id, delay)] is not None]
    theirs = sum(abs(guess - reference) for _, reference in pairs)
    return sum(abs(delayed - reference) for delayed, reference in pairs) / theirs if theirs > 0 else None


def _mae(windows, outcomes, references, delay):
    """Breathing MAE over `windows` against their reference delayed by `delay`; None without any."""
    errors = [abs(value - reference) for w in windows
              if (value := outcomes[w.id].value("breathingRateBrpm")) is not None
              and (reference := references[(w.id, delay)]) is not None]
    return sum(errors) / len(errors) if errors else None


def _or_infinity(value):
    """`value`, or infinity when it is None (a delay no window can be scored at is never chosen)."""
    return float("inf") if value is None else value
