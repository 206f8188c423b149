"""Scores the heart rate the live previews showed during each reading against the reference at the same time.

A preview shows the rate of the beats accepted over the last 10 s, so each one is compared with the reference over
the PREVIEW_WINDOW_S seconds before its `t` (`span_references`: the reference beats where the recording has them,
else the once-a-second series). Two baselines on the same previews: the dataset's median reference (the constant
guess the final figures use) on every preview, and — on the previews inside a completed reading's measured span —
that reading's final heart rate held from its start.
"""

from .replay_scoring import result_values, span_references
from .scoring import percent, stat

# Seconds of reference before a preview's `t` that it is compared with (the live rate's window).
PREVIEW_WINDOW_S = 10.0
# Error limits (bpm) whose shares are reported.
WITHIN_BPM = (5.0, 10.0)
# How many recordings are named by their worst preview.
WORST_COUNT = 5


def preview_errors(recording, replay, guess_bpm):
    """[(t, shown, reference, guess error, final error or None)] of a replay's previews with a rate and a
    reference; the final error only inside the completed reading's measured span."""
    final = result_values(replay.result).get("hr") if replay.span else None
    rows = []
    for t, shown in replay.previews:
        reference = span_references(recording, (t - PREVIEW_WINDOW_S, t)).get("hr")
        if reference is None:
            continue
        held = final is not None and replay.span[0] <= t <= replay.span[1]
        rows.append((t, shown, reference, None if guess_bpm is None else guess_bpm - reference,
                     final - reference if held else None))
    return rows


def error_figures(errors):
    """{"within5", "within10": % of errors within the limit; "median", "p90": of the absolute errors, bpm}."""
    absolute = sorted(abs(e) for e in errors)
    figures = {f"within{limit:g}": percent(sum(1 for e in absolute if e <= limit), len(absolute))
               for limit in WITHIN_BPM}
    figures["median"] = stat(quantile(absolute, 0.5), len(absolute))
    figures["p90"] = stat(quantile(absolute, 0.9), len(absolute))
    return figures


def quantile(ordered, q):
    """The q-quantile of sorted values by linear interpolation, or None when empty."""
    if not ordered:
        return None
    position = q * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def preview_figures(recordings, replays, guess_bpm):
    """The preview figures of one dataset: how many previews showed a rate, every one with a reference against the
    guess on the same previews, the previews of completed readings against their final rate held, and the
    recordings with the worst previews."""
    rows = {r.id: preview_errors(r, replays[r.id], guess_bpm) for r in recordings}
    every = [row for per_recording in rows.values() for row in per_recording]
    held = [row for row in every if row[4] is not None]
    worst = sorted(((recording_id, max(per_recording, key=lambda row: abs(row[1] - row[2])))
                    for recording_id, per_recording in rows.items() if per_recording),
                   key=lambda pair: -abs(pair[1][1] - pair[1][2]))[:WORST_COUNT]
    return {
        "shown": sum(len(replays[r.id].previews) for r in recordings),
        "previews": len(every),
        "recordings": sum(1 for per_recording in rows.values() if per_recording),
        "live": error_figures([shown - reference for _, shown, reference, _, _ in every]),
        "constant": error_figures([row[3] for row in every if row[3] is not None]),
        "live_completed": error_figures([shown - reference for _, shown, reference, _, _ in held]),
        "final_held": error_figures([row[4] for row in held]),
        "worst": [{"id": recording_id, "t": row[0], "shown": row[1], "reference": row[2]}
                  for recording_id, row in worst],
    }
