"""Benchmark windows: the `manifest.jsonl` of a data folder (one JSON object a line: `file`, `dataset`,
optional `id`, `recording`, `subject` and numeric `ref_*` reference values)."""

import json
import os
from dataclasses import dataclass, field

from .subjects import subject_of


@dataclass(frozen=True)
class Window:
    """One 60 s CSV window, its reference values (numeric `ref_*` keys of the manifest) and, where the dataset
    has them, the reference beat-to-beat intervals (`ref_rr_ms`, ms), the subject it was taken from, and the
    recording and span (`start_s`, `duration_s`, seconds into the recording) it was cut from."""
    id: str
    dataset: str
    path: str
    refs: dict = field(hash=False)
    rr_ms: tuple = ()
    subject: str = ""
    recording: str = ""
    start_s: float = None
    duration_s: float = None


def load_windows(directory):
    """Every window listed in DIRECTORY/manifest.jsonl, in file order; exits if a listed CSV is missing."""
    manifest = os.path.join(directory, "manifest.jsonl")
    if not os.path.isfile(manifest):
        raise SystemExit(f"bench: {manifest} not found (DIR must hold manifest.jsonl and the CSV windows)")
    windows = []
    with open(manifest, encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if line.strip():
                windows.append(_window(json.loads(line), directory, f"{manifest}:{number}"))
    missing = [w.path for w in windows if not os.path.isfile(w.path)]
    if missing:
        raise SystemExit(f"bench: {len(missing)} listed CSV file(s) missing, first: {missing[0]}")
    return windows


def _window(entry, directory, where):
    """A Window from one manifest entry."""
    try:
        file_name, dataset = entry["file"], entry["dataset"]
    except KeyError as key:
        raise SystemExit(f"bench: {where}: missing key {key}") from None
    refs = {key: value for key, value in entry.items() if key.startswith("ref_") and _is_number(value)}
    rr_ms = entry.get("ref_rr_ms")
    rr_ms = tuple(float(v) for v in rr_ms) if isinstance(rr_ms, list) and all(map(_is_number, rr_ms)) else ()
    window_id = entry.get("id", file_name)
    recording = entry.get("recording") if isinstance(entry.get("recording"), str) else ""
    start_s, duration_s = (float(entry[k]) if _is_number(entry.get(k)) else None for k in ("start_s", "duration_s"))
    return Window(window_id, dataset, os.path.join(directory, file_name), refs, rr_ms, subject_of(entry, window_id),
                  recording, start_s, duration_s)


def _is_number(value):
    """True for int/float values (bool excluded), the only usable references."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def by_dataset(windows):
    """{dataset: [windows]} with datasets in sorted order."""
    groups = {}
    for window in windows:
        groups.setdefault(window.dataset, []).append(window)
    return {name: groups[name] for name in sorted(groups)}
