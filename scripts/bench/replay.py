"""Replays whole recordings through the live session (`nfv replay FILE`) and reads what happened from its events.

Every event carries `t`, its sample time on the recording's clock (docs/events.md), so a replay tells when each
reading started, when and why it was cancelled, and which span the completed reading measured.
"""

import json
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from .runner import MAX_WORKERS, run_once
from .subjects import subject_of

# Guidance events closer than this (seconds of sample time) count as a double tick (one per second expected).
DOUBLE_TICK_SECONDS = 0.5


@dataclass(frozen=True)
class Recording:
    """One whole recording of recordings/manifest.jsonl and its references over time."""
    id: str
    dataset: str
    path: str
    duration_s: float
    hr_series: list = field(default_factory=list, hash=False)   # [(t, bpm)]: second [t, t+1)
    br_series: list = field(default_factory=list, hash=False)   # [(t, brpm)]
    beat_times: list = field(default_factory=list, hash=False)  # reference beat times, s (file clock)
    rr_ms: list = field(default_factory=list, hash=False)       # rr_ms[k]: beat k to beat k+1
    subject: str = ""                                           # who it was taken from (bench.subjects)


@dataclass
class Replay:
    """What one replay did: its readings' starts, cancels and end, from the events."""
    starts: list = field(default_factory=list)        # t of each `started`
    begins: list = field(default_factory=list)        # where each started reading begins: `started` t less the
    #                                                   elapsed its `state` (measuring) already counts
    cancels: list = field(default_factory=list)       # [(t, detail, elapsed_s)]
    guidance: list = field(default_factory=list)      # [(t, token)]
    previews: list = field(default_factory=list)      # [(t, bpm)] of each `preview` that showed a heart rate
    complete_t: float = None                          # t of `measurementComplete`
    result: dict = None                               # the `completed` result
    error_code: str = None                            # the `failed` error code
    failure: str = None                               # crash, time-out, bad output
    seconds: float = 0.0

    @property
    def measured_start(self):
        """The `started` t of the completed reading (when its start gate opened), or None."""
        if self.complete_t is None or not self.starts:
            return None
        return max(t for t in self.starts if t <= self.complete_t)

    @property
    def span(self):
        """(start, end) sample times the completed reading measured, or None: from where it begins (its `started`
        t, or earlier for a reading begun on a faint pulse's evidence) to `measurementComplete`."""
        start = self.measured_start
        if start is None:
            return None
        return (self.begins[self.starts.index(start)], self.complete_t)

    def described_parts(self):
        """[(start, end)] sample times the completed result's values describe: its span, narrowed to the part it
        names (`analysed_segment_start_s`/`_end_s`) and without the stretch it says it left out
        (`analysed_cut_start_s`/`_end_s`); [] without a completed reading."""
        if self.span is None or self.result is None:
            return []
        diagnostics = self.result.get("diagnostics") or {}
        start, end = self.span
        segment = (diagnostics.get("analysed_segment_start_s"), diagnostics.get("analysed_segment_end_s"))
        if None not in segment:
            start, end = max(start, segment[0]), min(end, segment[1])
        cut = (diagnostics.get("analysed_cut_start_s"), diagnostics.get("analysed_cut_end_s"))
        if None in cut:
            return [(start, end)]
        return [(a, b) for a, b in ((start, min(end, cut[0])), (max(start, cut[1]), end)) if b > a]

    def double_ticks(self):
        """How many guidance events followed the previous one within DOUBLE_TICK_SECONDS."""
        times = [t for t, _ in self.guidance]
        return sum(1 for a, b in zip(times, times[1:]) if b - a < DOUBLE_TICK_SECONDS)

    def dominant_guidance(self):
        """The most frequent guidance token (first seen wins ties), or None without guidance."""
        counts = {}
        for _, token in self.guidance:
            counts[token] = counts.get(token, 0) + 1
        return max(counts, key=counts.get) if counts else None


def load_recordings(directory):
    """The recordings of DIRECTORY/recordings/manifest.jsonl (else DIRECTORY/manifest.jsonl), in file order."""
    if os.path.isfile(os.path.join(directory, "recordings", "manifest.jsonl")):
        directory = os.path.join(directory, "recordings")
    manifest = os.path.join(directory, "manifest.jsonl")
    if not os.path.isfile(manifest):
        raise SystemExit(f"bench-replay: {manifest} not found (DIR must hold the recordings and their manifest)")
    recordings = []
    with open(manifest, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                recordings.append(recording_from_entry(json.loads(line), directory))
    missing = [r.path for r in recordings if not os.path.isfile(r.path)]
    if missing:
        raise SystemExit(f"bench-replay: {len(missing)} listed CSV file(s) missing, first: {missing[0]}")
    return recordings


def recording_from_entry(entry, directory):
    """A Recording from one manifest line (series entries with a null value are dropped)."""
    def series(key):
        return [(float(t), float(v)) for t, v in entry.get(key) or [] if v is not None]
    recording_id = entry.get("id", entry["file"])
    return Recording(id=recording_id, dataset=entry["dataset"], subject=subject_of(entry, recording_id),
                     path=os.path.join(directory, entry["file"]), duration_s=float(entry.get("duration_s") or 0),
                     hr_series=series("ref_hr_series"), br_series=series("ref_br_series"),
                     beat_times=[float(t) for t in entry.get("ref_beat_t") or []],
                     rr_ms=[float(v) for v in entry.get("ref_rr_ms") or []])


def parse_events(lines):
    """A Replay from the JSON Lines a replay printed (non-JSON lines are ignored)."""
    replay = Replay()
    counted = 0.0  # the elapsed of the latest `state` (measuring): what a reading starting next already counts
    for line in lines:
        try:
            event = json.loads(line)
        except ValueError:
            continue
        kind, t = event.get("type"), event.get("t")
        if kind == "state":
            counted = float(event.get("elapsed") or 0.0) if event.get("state") == "measuring" else 0.0
        elif kind == "started":
            replay.starts.append(t)
            replay.begins.append(t - counted)
        elif kind == "guidance":
            replay.guidance.append((t, event.get("guidance")))
        elif kind == "preview" and isinstance(event.get("heartRateBpm"), (int, float)):
            replay.previews.append((t, float(event["heartRateBpm"])))
        elif kind == "cancelled":
            context = event.get("context") or {}
            replay.cancels.append((t, event.get("detail"), context.get("elapsed_s")))
        elif kind == "measurementComplete":
            replay.complete_t = t
        elif kind == "completed":
            replay.result = event.get("result")
        elif kind == "failed":
            replay.error_code = (event.get("error") or {}).get("code")
    return replay


def replay_one(command, path, timeout_s):
    """The Replay of `command + [path]`; a crash, a time-out or no events becomes a failure."""
    run, failure, seconds = run_once(command, path, timeout_s)
    if run is None:
        return Replay(failure=failure, seconds=seconds)
    replay = parse_events(run.stdout.splitlines())
    replay.seconds = seconds
    if run.returncode < 0:
        replay.failure = f"crashed (signal {-run.returncode})"
    elif not replay.guidance and replay.result is None and replay.error_code is None:
        detail = (run.stderr.strip().splitlines() or ["no events"])[-1][:120]
        replay.failure = f"no events, exit {run.returncode}: {detail}"
    return replay


def replay_all(command, recordings, timeout_s, workers=MAX_WORKERS):
    """{recording id: Replay}, two runs at a time at most."""
    with ThreadPoolExecutor(max_workers=max(1, min(workers, MAX_WORKERS))) as pool:
        futures = {r.id: pool.submit(replay_one, command, r.path, timeout_s) for r in recordings}
        return {key: future.result() for key, future in futures.items()}


def write_segment(source_path, span, target_path):
    """Copies the frames of `source_path` whose timestamps lie in span = (start, end) to a new CSV."""
    start, end = span
    with open(source_path, encoding="utf-8") as source, open(target_path, "w", encoding="utf-8") as target:
        target.write(source.readline())
        for line in source:
            stamp = line.split(",", 1)[0]
            try:
                inside = start <= float(stamp) <= end
            except ValueError:
                continue
            if inside:
                target.write(line)
