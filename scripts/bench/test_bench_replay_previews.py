"""Tests of the live previews' heart-rate scoring of the replay benchmark (standard library only).

Run: python3 -m unittest discover -s scripts -p 'test_*.py'
"""

import json
import unittest

from bench.replay import Recording, parse_events
from bench.replay_previews import preview_errors, preview_figures, quantile


def events(*items):
    """JSON Lines from (type, t, extra members) tuples."""
    return [json.dumps({"type": kind, "t": t, **extra}) for kind, t, extra in items]


def steady(recording_id, bpm_by_second):
    """A recording with a once-a-second HR series."""
    return Recording(recording_id, "uw", f"/nowhere/{recording_id}.csv", 100.0,
                     hr_series=[(float(t), v) for t, v in enumerate(bpm_by_second)])


# A reading started at 10 s with an empty preview, three previews with a rate, completed at 70 s (final 62 bpm),
# and one more preview after it (the next attempt's) that lies outside the measured span.
READING = events(("started", 10.0, {}), ("preview", 10.0, {"elapsed": 0.0}),
                 ("preview", 20.0, {"elapsed": 10.0, "heartRateBpm": 66.0}),
                 ("preview", 30.0, {"elapsed": 20.0, "heartRateBpm": 91.0}),
                 ("preview", 40.0, {"elapsed": 30.0, "heartRateBpm": 60.0}),
                 ("measurementComplete", 70.0, {}), ("completed", 70.0, {"result": {"heartRateBpm": 62.0}}),
                 ("started", 75.0, {}), ("preview", 80.0, {"elapsed": 5.0, "heartRateBpm": 100.0}))


class PreviewEventTests(unittest.TestCase):
    def test_only_previews_that_show_a_rate_are_kept_with_their_time(self):
        self.assertEqual(parse_events(READING).previews, [(20.0, 66.0), (30.0, 91.0), (40.0, 60.0), (80.0, 100.0)])


class PreviewErrorTests(unittest.TestCase):
    def setUp(self):
        # 60 bpm until 25 s, then 70: the preview at 30 s sees 5 seconds of each.
        self.recording = steady("a", [60] * 25 + [70] * 75)
        self.rows = preview_errors(self.recording, parse_events(READING), 64.0)

    def test_each_preview_is_compared_with_the_reference_over_the_seconds_before_it(self):
        self.assertEqual([(t, shown, reference) for t, shown, reference, _, _ in self.rows],
                         [(20.0, 66.0, 60.0), (30.0, 91.0, 65.0), (40.0, 60.0, 70.0), (80.0, 100.0, 70.0)])

    def test_the_guess_is_scored_on_every_preview_and_the_final_rate_only_inside_the_measured_span(self):
        self.assertEqual([row[3] for row in self.rows], [4.0, -1.0, -6.0, -6.0])
        self.assertEqual([row[4] for row in self.rows], [2.0, -3.0, -8.0, None])

    def test_a_preview_without_a_reference_is_left_out(self):
        self.assertEqual(preview_errors(steady("b", []), parse_events(READING), 64.0), [])


class PreviewFigureTests(unittest.TestCase):
    def setUp(self):
        self.figures = preview_figures([steady("a", [60] * 25 + [70] * 75), steady("b", [])],
                                       {"a": parse_events(READING), "b": parse_events(READING)}, 64.0)

    def test_shares_and_quantiles_are_taken_over_the_previews_with_a_reference(self):
        live = self.figures["live"]
        self.assertEqual((self.figures["shown"], self.figures["previews"], self.figures["recordings"]), (8, 4, 1))
        self.assertEqual(live["within5"], {"value": 0.0, "n": 4})
        self.assertEqual(live["within10"], {"value": 50.0, "n": 4})
        self.assertEqual(live["median"]["value"], 18.0)  # |errors| 6, 26, 10, 30

    def test_the_final_rate_held_is_compared_on_the_same_previews_as_the_live_one(self):
        self.assertEqual(self.figures["live_completed"]["median"], {"value": 10.0, "n": 3})
        self.assertEqual(self.figures["final_held"]["median"], {"value": 3.0, "n": 3})

    def test_a_recording_is_named_by_its_worst_preview(self):
        self.assertEqual(self.figures["worst"], [{"id": "a", "t": 80.0, "shown": 100.0, "reference": 70.0}])

    def test_the_quantile_interpolates_between_sorted_values(self):
        self.assertAlmostEqual(quantile([0.0, 10.0, 20.0], 0.9), 18.0)
        self.assertIsNone(quantile([], 0.5))


if __name__ == "__main__":
    unittest.main()
