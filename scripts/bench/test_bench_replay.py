"""Tests of the replay benchmark's event reading and scoring (standard library only).

Run: python3 -m unittest discover -s scripts -p 'test_*.py'
"""

import json
import math
import os
import tempfile
import unittest

from bench.outcome import Outcome
from bench.replay import Recording, parse_events, recording_from_entry, write_segment
from bench.replay_scoring import constant_guess, dataset_figures, span_references, welch_peak_bpm


def events(*items):
    """JSON Lines from (type, t, extra members) tuples."""
    return [json.dumps({"type": kind, "t": t, **extra}) for kind, t, extra in items]


def uw(recording_id, bpm_by_second, brpm=None):
    """A UW-like recording with a once-a-second HR (and breathing) series."""
    return Recording(recording_id, "uw", f"/nowhere/{recording_id}.csv", 100.0,
                     hr_series=[(float(t), v) for t, v in enumerate(bpm_by_second)],
                     br_series=[(float(t), brpm) for t in range(len(bpm_by_second))] if brpm else [])


COMPLETED = events(("guidance", 1.0, {"guidance": "weakSignal"}), ("started", 3.0, {}),
                   ("cancelled", 11.0, {"detail": "low_quality", "context": {"elapsed_s": 8.0}}),
                   ("guidance", 12.0, {"guidance": "compliant"}), ("guidance", 12.03, {"guidance": "compliant"}),
                   ("started", 14.0, {}), ("measurementComplete", 74.0, {}),
                   ("completed", 74.0, {"result": {"heartRateBpm": 61.0, "rmssdMs": 30.0}}))


class ReplayEventTests(unittest.TestCase):
    def test_the_measured_span_runs_from_the_last_start_to_measurement_complete(self):
        replay = parse_events(COMPLETED)
        self.assertEqual(replay.span, (14.0, 74.0))
        self.assertEqual(replay.cancels, [(11.0, "low_quality", 8.0)])
        self.assertEqual(replay.result["heartRateBpm"], 61.0)

    def test_a_reading_begun_on_earlier_evidence_measures_from_where_it_begins(self):
        # The state event's elapsed says the reading already counts 15 s when it starts at 17 s: its span begins
        # at 2 s, while its start (the wait) stays at 17 s. A cancelled attempt before it began at its own start.
        replay = parse_events(events(
            ("state", 3.0, {"state": "measuring", "elapsed": 0}), ("started", 3.0, {}),
            ("cancelled", 9.0, {"detail": "low_quality", "context": {"elapsed_s": 6.0}}),
            ("state", 9.0, {"state": "positioning"}),
            ("state", 17.0, {"state": "measuring", "elapsed": 15.0}), ("started", 17.0, {}),
            ("measurementComplete", 62.0, {}), ("completed", 62.0, {"result": {"heartRateBpm": 61.0}})))
        self.assertEqual(replay.span, (2.0, 62.0))
        self.assertEqual(replay.measured_start, 17.0)
        self.assertEqual(replay.begins, [3.0, 2.0])

    def test_a_result_describes_its_span_without_the_stretch_it_left_out_and_inside_its_segment(self):
        self.assertEqual(parse_events(COMPLETED).described_parts(), [(14.0, 74.0)])
        cut = parse_events(COMPLETED[:-1] + events(("completed", 74.0, {"result": {"diagnostics": {
            "analysed_cut_start_s": 30.0, "analysed_cut_end_s": 38.0}}})))
        self.assertEqual(cut.described_parts(), [(14.0, 30.0), (38.0, 74.0)])
        segment = parse_events(COMPLETED[:-1] + events(("completed", 74.0, {"result": {"diagnostics": {
            "analysed_segment_start_s": 20.0, "analysed_segment_end_s": 80.0}}})))
        self.assertEqual(segment.described_parts(), [(20.0, 74.0)])
        self.assertEqual(parse_events(COMPLETED[:-2]).described_parts(), [])

    def test_guidance_events_closer_than_half_a_second_count_as_double_ticks(self):
        self.assertEqual(parse_events(COMPLETED).double_ticks(), 1)

    def test_a_replay_without_measurement_complete_has_no_span(self):
        replay = parse_events(COMPLETED[:4] + ["not json"])
        self.assertIsNone(replay.span)

    def test_null_series_values_are_dropped(self):
        entry = {"file": "a.csv", "dataset": "uw", "ref_hr_series": [[0, 60], [1, None]], "ref_br_series": None}
        recording = recording_from_entry(entry, "/data")
        self.assertEqual((recording.hr_series, recording.br_series, recording.path), ([(0.0, 60.0)], [], "/data/a.csv"))

    def test_a_segment_keeps_the_header_and_the_frames_inside_the_span(self):
        with tempfile.TemporaryDirectory() as folder:
            source, target = os.path.join(folder, "a.csv"), os.path.join(folder, "b.csv")
            with open(source, "w", encoding="utf-8") as file:
                file.write("timestamp_s,red,green,blue\n0.0,1,2,3\n1.0,4,5,6\n2.0,7,8,9\n")
            write_segment(source, (0.5, 2.0), target)
            with open(target, encoding="utf-8") as file:
                self.assertEqual(file.read(), "timestamp_s,red,green,blue\n1.0,4,5,6\n2.0,7,8,9\n")


class SpanReferenceTests(unittest.TestCase):
    def test_series_values_count_when_their_whole_second_lies_in_the_span(self):
        recording = uw("a", [60, 62, 64, 66, 200], brpm=12.0)
        self.assertEqual(span_references(recording, (1.0, 4.0)), {"hr": 64.0, "br": 12.0})

    def test_beat_intervals_count_when_both_beats_lie_in_the_span(self):
        recording = Recording("w", "welltory", "/nowhere/w.csv", 80.0, beat_times=[0.0, 1.0, 1.8, 2.8, 3.6],
                              rr_ms=[1000.0, 800.0, 1000.0, 800.0])
        refs = span_references(recording, (0.5, 3.0))
        self.assertAlmostEqual(refs["hr"], 60000.0 / 900.0)
        self.assertAlmostEqual(refs["rmssd"], 200.0)


class WelchPeakTests(unittest.TestCase):
    def test_the_peak_of_a_pulse_with_drift_and_a_harmonic_is_its_rate(self):
        times = [n / 30.0 for n in range(30 * 40)]
        values = [200 + 0.2 * t + math.sin(2 * math.pi * 1.3 * t) + 0.4 * math.sin(2 * math.pi * 2.6 * t)
                  for t in times]
        self.assertAlmostEqual(welch_peak_bpm(times, values, (0.0, 40.0)), 78.0, delta=1.0)

    def test_too_short_a_span_has_no_peak(self):
        self.assertIsNone(welch_peak_bpm([0.0, 0.1, 0.2], [1.0, 2.0, 3.0], (0.0, 1.0)))


class ReplayFigureTests(unittest.TestCase):
    def setUp(self):
        self.recordings = [uw("a", [60] * 100), uw("b", [70] * 100), uw("c", [90] * 100)]
        never = events(("guidance", 1.0, {"guidance": "noContact"}), ("guidance", 2.0, {"guidance": "noContact"}),
                       ("guidance", 3.0, {"guidance": "weakSignal"}))
        self.replays = {"a": parse_events(COMPLETED), "b": parse_events(never),
                        "c": parse_events(COMPLETED[:6])}
        guess = constant_guess(self.recordings)["uw"]
        self.figures = dataset_figures(self.recordings, self.replays,
                                       {"a": Outcome(result={"heartRateBpm": 63.0})}, {"a": 58.0}, guess)

    def test_completion_counts_every_recording(self):
        self.assertEqual(self.figures["completed_pct"], {"value": 100.0 / 3.0, "n": 3})

    def test_recordings_without_a_reading_are_explained(self):
        self.assertEqual(self.figures["not_completed"],
                         {"file ended while measuring": 1, "never started: noContact": 1})

    def test_every_tool_is_scored_on_the_measured_span(self):
        self.assertEqual(self.figures["hr_mae_live"], {"value": 1.0, "n": 1})
        self.assertEqual(self.figures["hr_mae_offline"], {"value": 3.0, "n": 1})
        self.assertEqual(self.figures["hr_mae_constant"], {"value": 10.0, "n": 1})
        self.assertEqual(self.figures["hr_mae_welch"], {"value": 2.0, "n": 1})

    def test_cancels_are_counted_by_detail_with_their_time_into_the_reading(self):
        self.assertEqual(self.figures["cancels"], {"low_quality": 2})
        self.assertEqual(self.figures["cancel_elapsed_s"], [8.0, 8.0])


if __name__ == "__main__":
    unittest.main()
