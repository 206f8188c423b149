"""Tests of the benchmark helpers (standard library only).

Run: python3 -m unittest discover -s scripts -p 'test_*.py'
"""

import json
import math
import os
import random
import sys
import tempfile
import unittest

from bench import baseline, report, runner, spectral_peak
from bench.engine_output import disturbed_ms, fastest_final_analysis_ms, final_analysis_cpu_ms, final_analysis_ms
from bench.outcome import Outcome, from_answer, from_process
from bench.scoring import dataset_figures
from bench.skill import heart_rate_sources, matched_interval_errors, skill_figures
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
        self.assertEqual(loaded.rr_ms, (800.0, 810.0))

    def test_a_missing_csv_stops_the_benchmark(self):
        with tempfile.TemporaryDirectory() as folder:
            self.write_manifest(folder, [{"file": "gone.csv", "dataset": "d"}], [])
            with self.assertRaises(SystemExit):
                load_windows(folder)


class BaselineTests(unittest.TestCase):
    def test_each_window_gets_the_median_reference_of_its_dataset(self):
        windows = [window("a", ref_hr_bpm=60.0, ref_rmssd_ms=20.0), window("b", ref_hr_bpm=70.0),
                   window("c", ref_hr_bpm=90.0, ref_rmssd_ms=40.0),
                   Window("x", "other", "/nowhere/x.csv", {"ref_hr_bpm": 200.0})]
        guesses = baseline.constant_guess(windows)
        self.assertEqual(guesses["a"].result, {"heartRateBpm": 70.0, "rmssdMs": 30.0})
        self.assertEqual(guesses["b"].result, guesses["a"].result)
        self.assertEqual(guesses["x"].result, {"heartRateBpm": 200.0})


class SkillTests(unittest.TestCase):
    def setUp(self):
        self.windows = [window("a", ref_hr_bpm=60.0, ref_br_brpm=12.0), window("b", ref_hr_bpm=70.0, ref_br_brpm=16.0),
                        window("c", ref_hr_bpm=80.0, ref_br_brpm=14.0), window("d", ref_hr_bpm=90.0)]
        self.outcomes = {
            "a": result(heartRateBpm=62.0, quality=3, breathingRateBrpm=12.5, breathingRateConfidence="medium"),
            "b": result(heartRateBpm=71.0, quality=2, breathingRateBrpm=14.0, breathingRateConfidence="low"),
            "c": result(heartRateBpm=81.0, quality=1, breathingRateBrpm=14.0, breathingRateConfidence="low"),
            "d": Outcome(error_code="noHeartRate"),
        }
        self.figures = skill_figures(self.windows, self.outcomes, baseline.constant_guess(self.windows))

    def test_skill_is_our_mae_over_the_guess_mae_on_the_windows_of_each_tier(self):
        # guesses: HR median 75, BR median 14
        self.assertEqual(self.figures["hr_skill_clean"], {"value": 2.0 / 15.0, "n": 1})
        self.assertEqual(self.figures["hr_skill_usable"], {"value": 1.0 / 5.0, "n": 1})
        self.assertEqual(self.figures["hr_skill_all"], {"value": 4.0 / 25.0, "n": 3})
        self.assertEqual(self.figures["br_skill_medium_high"], {"value": 0.25, "n": 1})
        self.assertEqual(self.figures["br_skill_low"], {"value": 1.0, "n": 2})

    def test_a_tier_whose_windows_the_guess_answers_exactly_has_no_ratio(self):
        self.assertEqual(self.figures["br_skill_low"]["n"], 2)
        outcomes = dict(self.outcomes, b=result(heartRateBpm=71.0, quality=2))
        figures = skill_figures(self.windows, outcomes, baseline.constant_guess(self.windows))
        self.assertEqual(figures["br_skill_low"], {"value": None, "n": 1})

    def test_coverage_counts_withheld_and_unanswered_windows_as_misses(self):
        self.assertEqual(self.figures["hr_within5_all_pct"], {"value": 50.0, "n": 4})


class IntervalErrorTests(unittest.TestCase):
    def test_beats_are_matched_to_the_reference_despite_an_unknown_clock_offset(self):
        rr_ms = [800.0, 850.0, 900.0, 820.0, 780.0, 860.0]
        reference = [2.3]
        for interval in rr_ms:
            reference.append(reference[-1] + interval / 1000.0)
        beats = [t + (0.01 if k % 2 else -0.01) for k, t in enumerate(reference) if k != 3]
        errors = matched_interval_errors(beats, rr_ms)
        self.assertEqual(len(errors), 4)   # the missing beat removes two intervals
        for error in errors:
            self.assertAlmostEqual(abs(error), 20.0, places=6)

    def test_beats_of_a_late_part_of_the_window_are_matched_to_their_own_reference_beats(self):
        # An answer from a part of the window (analysed_segment) has no beat in its first 15 s: the offset is
        # searched around the window's start, not around the first beat.
        rr_ms = [800.0 + 80.0 * math.sin(0.7 * k * k) for k in range(70)]   # no repeating stretch
        reference = [0.6]
        for interval in rr_ms:
            reference.append(reference[-1] + interval / 1000.0)
        beats = [t for t in reference if 15.0 <= t <= 55.0]
        errors = matched_interval_errors(beats, rr_ms)
        self.assertEqual(len(errors), len(beats) - 1)
        self.assertTrue(all(abs(error) < 1e-6 for error in errors))

    def test_a_regular_train_with_a_disturbed_stretch_is_paired_with_its_own_heartbeats(self):
        # A heart rate drifting slowly with little beat-to-beat change matches about as many beats shifted by one
        # whole beat, and a disturbed stretch (beats missed, others made up) can tip the count of matched beats to
        # that shift: each interval would then be scored against its neighbour's reference interval.
        for seed in range(6):
            rng = random.Random(seed)
            rr_ms = [850.0 + 70.0 * math.sin(2 * math.pi * k / 45) + rng.gauss(0, 25) for k in range(72)]
            reference = [0.0]
            for interval in rr_ms:
                reference.append(reference[-1] + interval / 1000.0)
            timed = [(t + 0.4 + rng.gauss(0, 0.01), k) for k, t in enumerate(reference) if 0.5 < t + 0.4 < 59.5]
            timed = [(t, k) for t, k in timed if not 18 < t < 30] + [(rng.uniform(18, 30), None) for _ in range(10)]
            timed.sort()
            own = [1000.0 * (later - earlier) - rr_ms[k] for (earlier, k), (later, k_next) in zip(timed, timed[1:])
                   if k is not None and k_next == k + 1]
            errors = matched_interval_errors([t for t, _ in timed], rr_ms)
            found = [e for e in own if any(abs(e - error) < 1e-9 for error in errors)]
            self.assertEqual(len(found), len(own), f"seed {seed}")

    def test_the_figure_needs_reference_intervals_and_beat_times(self):
        windows = [Window("w", "welltory", "/nowhere/w.csv", {}, (800.0, 800.0, 800.0)),
                   Window("v", "welltory", "/nowhere/v.csv", {}, ())]
        beats = {"beats": [{"time_s": 1.0 + 0.8 * k} for k in range(4)]}
        outcomes = {"w": result(diagnostics=beats), "v": result(diagnostics=beats)}
        figures = skill_figures(windows, outcomes, baseline.constant_guess(windows))
        self.assertEqual(figures["interval_rmse"]["n"], 1)
        self.assertAlmostEqual(figures["interval_rmse"]["value"], 0.0, places=6)

    def test_the_constant_interval_baseline_is_the_spread_of_the_reference_intervals(self):
        windows = [Window("w", "welltory", "/nowhere/w.csv", {}, (700.0, 900.0, 800.0, 800.0)),
                   Window("v", "welltory", "/nowhere/v.csv", {}, ())]
        guesses = baseline.constant_guess(windows)
        self.assertAlmostEqual(guesses["w"].value(baseline.CONSTANT_INTERVAL), 800.0)
        self.assertIsNone(guesses["v"].value(baseline.CONSTANT_INTERVAL))
        figures = skill_figures(windows, guesses, guesses)
        self.assertEqual(figures["interval_rmse"]["n"], 1)
        self.assertAlmostEqual(figures["interval_rmse"]["value"], (20000.0 / 4) ** 0.5, places=6)

    def test_the_rmssd_interval_figure_keeps_the_accepted_intervals_of_windows_with_rmssd(self):
        rr_ms = (800.0, 800.0, 800.0, 800.0)
        times = [1.0, 1.8, 2.66, 3.4, 4.2]                 # the 2nd and 3rd intervals 60 ms off
        accepted = [False, True, False, False, True]       # the correction moved the beat at 2.66 s
        beats = {"beats": [{"time_s": t, "accepted": a} for t, a in zip(times, accepted)]}
        windows = [Window("w", "welltory", "/nowhere/w.csv", {}, rr_ms),
                   Window("v", "welltory", "/nowhere/v.csv", {}, rr_ms)]
        outcomes = {"w": result(diagnostics=beats, rmssdMs=30.0), "v": result(diagnostics=beats)}
        figures = skill_figures(windows, outcomes, baseline.constant_guess(windows))
        self.assertAlmostEqual(figures["interval_rmse"]["value"], (2 * 60.0 ** 2 / 4) ** 0.5, places=6)
        self.assertEqual(figures["interval_rmse_rmssd"]["n"], 1)   # v got no RMSSD
        self.assertAlmostEqual(figures["interval_rmse_rmssd"]["value"], 0.0, places=6)

    def test_rmssd_is_counted_on_the_windows_with_a_clean_heart_rate(self):
        windows = [window(name, ref_hr_bpm=60.0, ref_rmssd_ms=30.0) for name in ("a", "b", "c", "d", "e")]
        outcomes = {"a": result(heartRateBpm=61.0, quality=2, rmssdMs=28.0),
                    "b": result(heartRateBpm=62.0, quality=2, diagnostics={"hr_source": "spectral"}),
                    "c": result(heartRateBpm=70.0, quality=2),                    # 10 bpm off: not clean
                    "d": result(heartRateBpm=60.0, quality=3),
                    "e": result(heartRateBpm=59.0, quality=2, diagnostics={"hr_source": "fold"})}
        figures = skill_figures(windows, outcomes, baseline.constant_guess(windows))
        self.assertEqual((figures["rmssd_on_clean_hr_pct"]["n"], figures["rmssd_on_beat_hr_pct"]["n"]), (4, 2))
        self.assertAlmostEqual(figures["rmssd_on_clean_hr_pct"]["value"], 100.0 / 4)
        self.assertAlmostEqual(figures["rmssd_on_beat_hr_pct"]["value"], 50.0)

    def test_the_heart_rate_sources_are_read_from_the_contract(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "contract.json")
            for values in (["beats", "spectral", "peak"], ["spectral", "fold"]):
                with open(path, "w") as file:
                    json.dump({"enums": [{"name": "Quality", "values": [3, 2, 1]},
                                         {"name": "HeartRateSource", "values": values}]}, file)
                if "beats" in values:
                    self.assertEqual(heart_rate_sources(path), ("beats", "spectral", "peak"))
                else:
                    self.assertRaises(ValueError, heart_rate_sources, path)


    def test_the_clean_heart_rate_windows_without_rmssd_are_listed_with_the_reason(self):
        windows = [window(name, ref_hr_bpm=60.0, ref_rmssd_ms=30.0) for name in ("a", "b", "c", "d")]
        outcomes = {"a": result(heartRateBpm=61.0, quality=2, rmssdMs=28.0),
                    "b": result(heartRateBpm=62.0, quality=2, flags=["motion", "gate_veto:n_merged"],
                                diagnostics={"hr_source": "beats", "gate_n_pairs": 41, "gate_n_merged": 9}),
                    "c": result(heartRateBpm=70.0, quality=2),                    # 10 bpm off: not clean
                    "d": result(heartRateBpm=60.0, quality=2, diagnostics={"hr_source": "spectral"})}
        figures = skill_figures(windows, outcomes, baseline.constant_guess(windows))
        self.assertEqual(figures["rmssd_withheld_clean_hr"], [
            ("b", "gate_veto:n_merged (usable pairs 41, beats merged or inserted 9)"),
            ("d", "hr_source spectral, quality 2")])

class SpectralPeakTests(unittest.TestCase):
    def write_csv(self, folder, rate_bpm, fps=30.0, seconds=30.0):
        """A window whose red channel pulses at rate_bpm on a slow drift; green is flat noise-free."""
        path = os.path.join(folder, "w.csv")
        with open(path, "w", encoding="utf-8") as csv:
            csv.write("timestamp_s,red,green,blue\n")
            for k in range(int(seconds * fps)):
                t = k / fps
                red = 200 + 3 * t / seconds + 1.5 * math.sin(2 * math.pi * rate_bpm / 60 * t)
                csv.write(f"{t:.4f},{red:.3f},5,20\n")
        return path

    def test_the_peak_of_a_pulsing_channel_gives_its_rate(self):
        with tempfile.TemporaryDirectory() as folder:
            outcome = spectral_peak.spectral_outcome(self.write_csv(folder, 72.0))
        self.assertAlmostEqual(outcome.value("heartRateBpm"), 72.0, delta=0.5)

    def test_a_rate_near_the_band_edge_is_not_pulled_onto_the_drift(self):
        with tempfile.TemporaryDirectory() as folder:
            outcome = spectral_peak.spectral_outcome(self.write_csv(folder, 48.0))
        self.assertAlmostEqual(outcome.value("heartRateBpm"), 48.0, delta=0.5)


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

    def test_disturbed_time_belongs_to_the_rate_above_it(self):
        output = ("final analysis, 60 s at 30 fps: 1.2 ms (median of 50; fastest 1.1 ms)\n"
                  "  without a torch: 1.5 ms (median of 50)\n"
                  "  disturbed (finger placed in the first 5 s): 3.5 ms (median of 50; fastest 3.25 ms; CPU 3.4 ms)\n"
                  "final analysis, 60 s at 60 fps: 2.5 ms (median of 50)\n"
                  "  disturbed (parts tried): 4.5 ms (median of 50)\n")
        self.assertEqual(final_analysis_ms(output), {30: 1.2, 60: 2.5})
        self.assertEqual(disturbed_ms(output), {30: (3.5, 3.25, 3.4), 60: (4.5, None, None)})

    def test_cpu_time_is_read_from_each_rates_first_final_line(self):
        output = ("final analysis, 60 s at 30 fps: 1.234 ms (median of 50; fastest 1.1 ms; CPU 1.2 ms)\n"
                  "  disturbed (parts tried): 3.5 ms (median of 50; fastest 3.25 ms; CPU 3.4 ms)\n"
                  "final analysis, 60 s at 60 fps: 2.5 ms (median of 50)\n"
                  "final analysis, 60 s at 30 fps: 9 ms (median of 5; CPU 8 ms)\n")
        self.assertEqual(final_analysis_cpu_ms(output), {30: 1.2})


if __name__ == "__main__":
    unittest.main()
