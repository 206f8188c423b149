"""Tests of breathing against a delayed reference (standard library only)."""

import json
import os
import tempfile
import unittest

from bench.outcome import Outcome
from bench.reference_delay import delayed_reference, delayed_rows, load_series
from bench.windows import Window


def window(window_id, subject, start_s, recording=None):
    """A 60 s window of `subject`'s recording starting at `start_s`."""
    return Window(window_id, "uw_oximetry", f"/nowhere/{window_id}.csv", {}, (), subject,
                  recording or subject, start_s, 60.0)


def breathing(brpm):
    """An Outcome with a breathing rate."""
    return Outcome(result={"breathingRateBrpm": brpm})


def stepped(step_at_s, before, after, length_s=400):
    """A 1 Hz reference that steps from `before` to `after` at `step_at_s`."""
    return {t: (before if t < step_at_s else after) for t in range(length_s)}


class ReferenceDelayTests(unittest.TestCase):
    def test_the_reference_is_averaged_over_the_span_moved_later(self):
        series = {"A": stepped(90, 10.0, 20.0)}
        w = window("a", "A", 60.0)
        self.assertEqual(delayed_reference(w, series, 0), 15.0)     # seconds 60..119: half before the step
        self.assertEqual(delayed_reference(w, series, 30), 20.0)    # seconds 90..149
        self.assertIsNone(delayed_reference(w, series, 320))        # 380..439: fewer than half the seconds held
        self.assertIsNone(delayed_reference(window("b", "B", 0.0), series, 0))

    def test_each_subject_is_scored_at_the_delay_the_other_subjects_choose(self):
        # B, C and D breathe as their reference says 40 s later; A's answers are right without any delay. A must be
        # scored at 40 s (learnt from B, C and D), and B too (learnt from A, C and D).
        series = {s: stepped(140, 10.0 + k, 20.0 + k) for k, s in enumerate("ABCD")}
        windows = [window(f"{s}{i}", s, 60.0 * i) for s in "ABCD" for i in range(4)]
        outcomes = {w.id: breathing(delayed_reference(w, series, 0 if w.subject == "A" else 40)) for w in windows}
        rows = delayed_rows(windows, outcomes, series)
        self.assertEqual(rows["A"]["delay"], 40)
        self.assertEqual(rows["B"]["delay"], 40)
        self.assertAlmostEqual(rows["B"]["mae"], 0.0)
        self.assertGreater(rows["A"]["mae"], 0.0)       # A's own timing is not learnt from A
        self.assertEqual(rows["A"]["n"], 4)

    def test_the_ceiling_scores_the_delayed_reference_by_each_windows_own(self):
        # Each window's own reference is its span's mean; the answers follow the reference 40 s later, so D = 40 and
        # the ceiling is the error of that delayed reference against the own one over the guess's (the other
        # subjects' median own reference): 0 for a subject whose breathing never changes.
        series = {s: stepped(140, 10.0 + k, 20.0 + k) for k, s in enumerate("ABC")}
        series["D"] = stepped(140, 15.0, 15.0)
        windows = []
        for s in "ABCD":
            for i in range(4):
                w = window(f"{s}{i}", s, 60.0 * i)
                w.refs["ref_br_brpm"] = delayed_reference(w, series, 0)
                windows.append(w)
        outcomes = {w.id: breathing(delayed_reference(w, series, 40)) for w in windows}
        rows = delayed_rows(windows, outcomes, series)
        guess = sorted(w.refs["ref_br_brpm"] for w in windows if w.subject != "A")[5:7]
        guess = sum(guess) / 2
        members = [w for w in windows if w.subject == "A"]
        own = [w.refs["ref_br_brpm"] for w in members]
        moved = [delayed_reference(w, series, 40) for w in members]
        expected = sum(abs(m - o) for m, o in zip(moved, own)) / sum(abs(guess - o) for o in own)
        self.assertEqual(rows["A"]["delay"], 40)
        self.assertGreater(expected, 0.1)
        self.assertAlmostEqual(rows["A"]["ceiling"], expected)
        self.assertEqual(rows["D"]["ceiling"], 0.0)

    def test_no_rows_without_series(self):
        self.assertEqual(delayed_rows([window("a", "A", 0.0)], {"a": breathing(12.0)}, {}), {})

    def test_the_series_are_read_from_the_recordings_manifest_at_each_pieces_start(self):
        with tempfile.TemporaryDirectory() as folder:
            os.mkdir(os.path.join(folder, "recordings"))
            with open(os.path.join(folder, "recordings", "manifest.jsonl"), "w", encoding="utf-8") as manifest:
                for start, values in ((0.0, [[0, 12.0], [1, None]]), (100.0, [[0, 14.0], [2, 16.0]])):
                    manifest.write(json.dumps({"recording": "r1", "start_s": start, "ref_br_series": values}) + "\n")
            self.assertEqual(load_series(folder), {"r1": {0: 12.0, 100: 14.0, 102: 16.0}})
            self.assertEqual(load_series(os.path.join(folder, "recordings")), {})


if __name__ == "__main__":
    unittest.main()
