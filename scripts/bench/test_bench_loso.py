"""Tests of the per-subject and leave-one-subject-out helpers (standard library only)."""

import unittest

from bench.loso import choose_threshold, loso_guess, subject_rows
from bench.outcome import Outcome
from bench.subjects import subject_of
from bench.windows import Window


def window(window_id, subject, **refs):
    """A UW-like Window of `subject` with the given references."""
    return Window(window_id, "uw_oximetry", f"/nowhere/{window_id}.csv", refs, (), subject)


def breathing(brpm, score, tier="medium", hr=60.0, quality=3):
    """An Outcome with a breathing rate, its tier and its confidence score in the diagnostics."""
    return Outcome(result={"breathingRateBrpm": brpm, "breathingRateConfidence": tier, "heartRateBpm": hr,
                           "quality": quality, "diagnostics": {"breathing_confidence_score": score}})


class SubjectTests(unittest.TestCase):
    def test_two_hands_of_one_person_are_one_subject(self):
        self.assertEqual(subject_of({"recording": "100001_Left"}, "x"), "100001")
        self.assertEqual(subject_of({"recording": "100001_Right"}, "x"), "100001")

    def test_a_named_subject_wins_and_an_entry_without_one_falls_back(self):
        self.assertEqual(subject_of({"subject": 7, "recording": "r"}, "x"), "7")
        self.assertEqual(subject_of({"recording": "subject_03"}, "x"), "subject_03")
        self.assertEqual(subject_of({}, "w9"), "w9")


class LosoTests(unittest.TestCase):
    def test_each_subjects_guess_is_the_median_of_the_other_subjects(self):
        windows = [window("a1", "A", ref_br_brpm=10.0), window("a2", "A", ref_br_brpm=30.0),
                   window("b1", "B", ref_br_brpm=14.0), window("c1", "C", ref_br_brpm=16.0)]
        guesses = loso_guess(windows, "ref_br_brpm")
        self.assertEqual(guesses["a1"], 15.0)           # median of B and C, never A's own 10 or 30
        self.assertEqual(guesses["b1"], 16.0)           # median of 10, 30, 16

    def test_threshold_is_the_lowest_score_that_halves_every_training_subjects_error(self):
        # Guess 15 everywhere; windows scoring ≥ 0.7 are right, the one at 0.5 is as bad as the guess.
        windows = [window("a1", "A", ref_br_brpm=10.0), window("a2", "A", ref_br_brpm=20.0),
                   window("b1", "B", ref_br_brpm=10.0), window("b2", "B", ref_br_brpm=20.0)]
        nfv = {"a1": breathing(10.5, 0.9), "a2": breathing(15.0, 0.5),
               "b1": breathing(10.2, 0.7), "b2": breathing(19.0, 0.8)}
        self.assertEqual(choose_threshold(windows, nfv), 0.7)

    def test_no_threshold_when_no_score_halves_a_subjects_error(self):
        windows = [window("a1", "A", ref_br_brpm=10.0), window("b1", "B", ref_br_brpm=20.0)]
        nfv = {"a1": breathing(14.0, 0.9), "b1": breathing(16.0, 0.9)}
        self.assertIsNone(choose_threshold(windows, nfv))

    def test_a_subject_is_scored_with_the_threshold_chosen_without_it(self):
        # A's windows score high but are wrong: a threshold tuned on A would exclude them; LOSO may not.
        windows = [window("a1", "A", ref_br_brpm=10.0, ref_hr_bpm=60.0),
                   window("b1", "B", ref_br_brpm=20.0, ref_hr_bpm=60.0),
                   window("c1", "C", ref_br_brpm=12.0, ref_hr_bpm=60.0)]
        nfv = {"a1": breathing(16.0, 0.95), "b1": breathing(20.5, 0.6), "c1": breathing(12.2, 0.9)}
        peak = {w.id: Outcome(result={"heartRateBpm": 75.0}) for w in windows}
        rows = subject_rows(windows, nfv, peak)
        self.assertEqual(rows["A"]["br_threshold"], 0.6)
        self.assertEqual(rows["A"]["br_loso"]["n"], 1)
        self.assertAlmostEqual(rows["A"]["br_loso"]["ratio"], 6.0 / 6.0)   # guess 16 (median of 20 and 12)
        self.assertEqual((rows["A"]["hr_within5_all"], rows["A"]["hr_within5_all_peak"]), (100.0, 0.0))

    def test_a_confident_wrong_heart_rate_is_counted_and_a_withheld_one_is_not(self):
        windows = [window("a1", "A", ref_hr_bpm=90.0), window("a2", "A", ref_hr_bpm=90.0)]
        nfv = {"a1": breathing(12.0, 0.9, hr=45.0, quality=2), "a2": breathing(12.0, 0.9, hr=45.0, quality=1)}
        rows = subject_rows(windows, nfv, nfv)
        self.assertEqual(rows["A"]["hr_wrong_usable"], 1)


class BeatRmseTests(unittest.TestCase):
    def test_each_subjects_beat_intervals_are_scored_against_its_own_reference_rr(self):
        rr = (800.0, 820.0, 790.0, 810.0)
        beats = [0.5]
        for interval in rr:
            beats.append(beats[-1] + interval / 1000)
        windows = [Window("a1", "welltory", "/nowhere/a1.csv", {"ref_rmssd_ms": 20.0}, rr, "A"),
                   Window("b1", "welltory", "/nowhere/b1.csv", {"ref_rmssd_ms": 20.0}, rr, "B")]
        late = beats[:2] + [t + 0.02 for t in beats[2:]]      # one interval 20 ms long, the rest right
        nfv = {"a1": Outcome(result={"diagnostics": {"beats": [{"time_s": t} for t in beats]}}),
               "b1": Outcome(result={"diagnostics": {"beats": [{"time_s": t} for t in late]}})}
        rows = subject_rows(windows, nfv, nfv)
        self.assertAlmostEqual(rows["A"]["beat_rmse"]["value"], 0.0, places=6)
        self.assertAlmostEqual(rows["B"]["beat_rmse"]["value"], (20.0 ** 2 / 4) ** 0.5, places=6)


if __name__ == "__main__":
    unittest.main()
