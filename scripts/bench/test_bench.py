"""Tests of the benchmark helpers (standard library only).

Run: python3 -m unittest discover -s scripts -p 'test_*.py'
"""

import json
import os
import sys
import tempfile
import unittest

from bench import baseline, report, runner
from bench.engine_output import fastest_final_analysis_ms, final_analysis_ms
from bench.outcome import Outcome, from_answer, from_process
from bench.scoring import dataset_figures
from bench.windows import Window, load_windows


def window(window_id, **refs):
    """A Window with the given references."""
    return Window(window_id, "welltory", f"/nowhere/{window_id}.csv", refs)


def result(**values):
    """An Outcome holding a result object."""
    return Outcome(result=values)


class OutcomeTests(unittest.TestCase):
    def test_killed_process_is_a_crash_named_by_its_signal(self):
        self.assertEqual(from_process("", -11).failure, "crashed (SIGSEGV)")

    def test_non_json_output_is_a_failure_quoting_the_last_stderr_line(self):
        outcome = from_process("oops", 0, "first\nlast words\n")
        self.assertIsNone(outcome.result)
        self.assertEqual(outcome.failure, "bad output, exit 0: last words")

    def test_error_object_gives_its_code(self):
        outcome = from_process('{"error":{"code":"noHeartRate","message":"m"}}', 1)
        self.assertEqual((outcome.error_code, outcome.result, outcome.failure), ("noHeartRate", None, None))

    def test_wrapped_result_is_unwrapped(self):
        self.assertEqual(from_answer({"result": {"heartRateBpm": 61.0}}).value("heartRateBpm"), 61.0)

    def test_withheld_result_is_not_returned_but_keeps_its_heart_rate(self):
        outcome = result(heartRateBpm=70.0, quality=1)
        self.assertFalse(outcome.returned())
        self.assertEqual(outcome.value("heartRateBpm"), 70.0)

    def test_non_finite_and_non_numeric_values_read_as_absent(self):
        outcome = result(a=float("nan"), b=float("inf"), c=True, d="12")
        self.assertEqual([outcome.value(k) for k in "abcd"], [None, None, None, None])


class ScoringTests(unittest.TestCase):
    def setUp(self):
        self.windows = [window("a", ref_hr_bpm=60.0, ref_rmssd_ms=30.0, ref_br_brpm=12.0),
                        window("b", ref_hr_bpm=70.0, ref_br_brpm=15.0),
                        window("c", ref_hr_bpm=80.0, ref_rmssd_ms=40.0, ref_br_brpm=10.0),
                        window("d", ref_hr_bpm=90.0)]
        self.outcomes = {
            "a": result(heartRateBpm=61.0, rmssdMs=36.0, quality=3, breathingRateBrpm=13.0,
                        breathingRateConfidence="high"),
            "b": result(heartRateBpm=77.0, quality=1, breathingRateBrpm=18.0, breathingRateConfidence="low"),
            "c": result(heartRateBpm=82.0, quality=2, breathingRateBrpm=12.0, breathingRateConfidence="medium"),
            "d": Outcome(failure="timed out after 60 s"),
        }
        self.figures = dataset_figures(self.windows, self.outcomes)

    def test_returned_counts_results_that_are_not_withheld_over_every_window(self):
        self.assertEqual(self.figures["returned_pct"], {"value": 50.0, "n": 4})
        self.assertEqual(self.figures["any_hr_pct"], {"value": 75.0, "n": 4})

    def test_heart_rate_mae_separates_returned_windows_from_every_window_with_hr(self):
        self.assertEqual(self.figures["hr_mae_returned"], {"value": 1.5, "n": 2})
        self.assertEqual(self.figures["hr_mae_any"], {"value": 10.0 / 3.0, "n": 3})
        self.assertAlmostEqual(self.figures["hr_within5_pct"]["value"], 200.0 / 3.0)

    def test_hrv_mae_uses_only_windows_with_both_reference_and_value(self):
        self.assertEqual(self.figures["rmssd_mae"], {"value": 6.0, "n": 1})
        self.assertEqual(self.figures["sdnn_mae"], {"value": None, "n": 0})

    def test_breathing_mae_is_split_by_confidence_and_pooled_for_medium_and_high(self):
        self.assertEqual(self.figures["br_mae_high"], {"value": 1.0, "n": 1})
        self.assertEqual(self.figures["br_mae_low"], {"value": 3.0, "n": 1})
        self.assertEqual(self.figures["br_mae_medium_high"], {"value": 1.5, "n": 2})
        self.assertEqual(self.figures["br_mae_all"], {"value": 2.0, "n": 3})

    def test_failures_are_listed_by_window(self):
        self.assertEqual(self.figures["failures"], [("d", "timed out after 60 s")])


class ReportTests(unittest.TestCase):
    def test_dataset_specific_targets_apply_only_to_their_dataset(self):
        self.assertIsNotNone(report.target_for("rmssd_mae", "welltory"))
        self.assertIsNone(report.target_for("rmssd_mae", "uw_oximetry"))
        self.assertIsNotNone(report.target_for("br_mae_medium_high", "uw_oximetry"))
        self.assertIsNone(report.target_for("br_mae_medium_high", "welltory"))

    def test_targets_compare_in_the_right_direction(self):
        returned = report.target_for("returned_pct", "welltory")
        heart_rate = report.target_for("hr_mae_any", "welltory")
        self.assertTrue(report.meets(returned, {"value": 90.0, "n": 10}))
        self.assertFalse(report.meets(returned, {"value": 89.9, "n": 10}))
        self.assertTrue(report.meets(heart_rate, {"value": 1.5, "n": 10}))
        self.assertFalse(report.meets(heart_rate, {"value": 1.6, "n": 10}))
        self.assertIsNone(report.meets(heart_rate, {"value": None, "n": 0}))


class RunnerTests(unittest.TestCase):
    def fake(self, code):
        """A command that runs `code` in Python, then gets the window path appended."""
        return [sys.executable, "-c", code]

    def test_a_hanging_analyzer_times_out(self):
        outcome = runner.analyze_one(self.fake("import time; time.sleep(30)"), "x.csv", 0.5)
        self.assertEqual(outcome.failure, "timed out after 0.5 s")

    def test_an_aborting_analyzer_is_reported_as_crashed(self):
        outcome = runner.analyze_one(self.fake("import os; os.abort()"), "x.csv", 10)
        self.assertEqual(outcome.failure, "crashed (SIGABRT)")

    def test_the_window_path_is_passed_last(self):
        code = "import json, sys; print(json.dumps({'heartRateBpm': len(sys.argv[-1])}))"
        self.assertEqual(runner.analyze_one(self.fake(code), "abcd", 10).value("heartRateBpm"), 4.0)


class WindowTests(unittest.TestCase):
    def write_manifest(self, folder, entries, files):
        with open(os.path.join(folder, "manifest.jsonl"), "w", encoding="utf-8") as manifest:
            manifest.write("\n".join(json.dumps(e) for e in entries) + "\n")
        for name in files:
            open(os.path.join(folder, name), "w", encoding="utf-8").close()

    def test_only_numeric_references_are_kept(self):
        with tempfile.TemporaryDirectory() as folder:
            entry = {"id": "w", "file": "w.csv", "dataset": "d", "fs": 30.0,
                     "ref_hr_bpm": 61.5, "ref_rmssd_ms": None, "ref_rr_ms": [800, 810]}
            self.write_manifest(folder, [entry], ["w.csv"])
            (loaded,) = load_windows(folder)
        self.assertEqual((loaded.id, loaded.dataset, loaded.refs), ("w", "d", {"ref_hr_bpm": 61.5}))

    def test_a_missing_csv_stops_the_benchmark(self):
        with tempfile.TemporaryDirectory() as folder:
            self.write_manifest(folder, [{"file": "gone.csv", "dataset": "d"}], [])
            with self.assertRaises(SystemExit):
                load_windows(folder)


class BaselineTests(unittest.TestCase):
    def test_each_window_gets_the_mean_of_the_other_windows_of_its_dataset(self):
        windows = [window("a", ref_hr_bpm=60.0, ref_rmssd_ms=20.0), window("b", ref_hr_bpm=70.0),
                   window("c", ref_hr_bpm=90.0, ref_rmssd_ms=40.0),
                   Window("x", "other", "/nowhere/x.csv", {"ref_hr_bpm": 200.0})]
        guesses = baseline.mean_guess(windows)
        self.assertEqual(guesses["a"].result, {"heartRateBpm": 80.0, "rmssdMs": 40.0})
        self.assertEqual(guesses["b"].result, {"heartRateBpm": 75.0, "rmssdMs": 30.0})
        self.assertEqual(guesses["x"].result, {})


class EngineOutputTests(unittest.TestCase):
    def test_first_final_line_per_frame_rate_wins(self):
        output = ("live path, 30 fps: 0.8 µs per sample\n"
                  "final analysis, 60 s at 30 fps: 1.234 ms (median of 50)\n"
                  "Final analysis 60 fps 2.5 ms\n"
                  "final analysis, 60 s at 30 fps: 9 ms\n")
        self.assertEqual(final_analysis_ms(output), {30: 1.234, 60: 2.5})

    def test_fastest_run_is_read_where_given(self):
        output = ("final analysis, 60 s at 30 fps: 1.234 ms (median of 50; fastest 1.1 ms)\n"
                  "final analysis, 60 s at 60 fps: 2.5 ms (median of 50)\n"
                  "final analysis, 60 s at 30 fps: 9 ms (median of 5; fastest 8 ms)\n")
        self.assertEqual(final_analysis_ms(output), {30: 1.234, 60: 2.5})
        self.assertEqual(fastest_final_analysis_ms(output), {30: 1.1})


if __name__ == "__main__":
    unittest.main()
