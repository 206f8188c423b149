"""Tests of the disturbances bench-perturbed lays over real windows (standard library only).

Run: python3 -m unittest discover -s scripts -p 'test_*.py'
"""

import math
import os
import tempfile
import unittest

from bench.perturb import KINDS, lift_interval, perturbed_rows, read_csv, write_perturbed


def pulse_window(seconds=60.0, rate=30.0):
    """(times, channels) of a steady synthetic pulse at 72 bpm over red 200, green 60, blue 30."""
    times = [k / rate for k in range(int(seconds * rate))]
    wave = [math.sin(2 * math.pi * 1.2 * t) for t in times]
    return times, {"red": [200 + 2 * w for w in wave], "green": [60 + w for w in wave], "blue": [30.0] * len(times)}


class PerturbTests(unittest.TestCase):
    def test_the_same_seed_gives_the_same_samples_and_another_seed_others(self):
        times, channels = pulse_window()
        for kind in KINDS[1:]:
            first = perturbed_rows(times, channels, kind, 1, "w")
            self.assertEqual(first, perturbed_rows(times, channels, kind, 1, "w"))
            self.assertNotEqual(first, perturbed_rows(times, channels, kind, 2, "w"))
            self.assertNotEqual(first, perturbed_rows(times, channels, kind, 1, "other window"))

    def test_clean_leaves_the_window_as_it_is_and_every_value_stays_in_range(self):
        times, channels = pulse_window()
        self.assertEqual(perturbed_rows(times, channels, "clean", 1, "w"), channels)
        for kind in KINDS:
            for seed in range(5):
                rows = perturbed_rows(times, channels, kind, seed, "w")
                self.assertTrue(all(0 <= v <= 255 for values in rows.values() for v in values), kind)

    def test_placement_hides_the_finger_at_the_start_only(self):
        times, channels = pulse_window()
        rows = perturbed_rows(times, channels, "placement", 3, "w")
        self.assertTrue(all(abs(rows["red"][k] - 200) > 30 for k in range(int(2 * 30))))   # no finger for ≥ 2 s
        self.assertTrue(all(abs(rows["red"][k] - channels["red"][k]) < 1 for k in range(int(30 * 30), len(times))))

    def test_a_burst_is_short_and_a_pressure_change_lasts(self):
        times, channels = pulse_window()
        burst = perturbed_rows(times, channels, "burst", 4, "w")
        moved = [k for k in range(len(times)) if abs(burst["red"][k] - channels["red"][k]) > 1]
        self.assertTrue(moved and (times[moved[-1]] - times[moved[0]]) <= 4.0)
        pressure = perturbed_rows(times, channels, "pressure", 4, "w")
        self.assertGreater(abs(sum(pressure["red"][-90:]) / 90 - 200), 0.1 * 200 - 1)

    def test_a_lift_shows_a_grey_room_for_three_seconds_where_lift_interval_says(self):
        times, channels = pulse_window()
        rows = perturbed_rows(times, channels, "lift", 5, "w")
        start, end = lift_interval(times, 5, "w")
        self.assertTrue(25 <= start <= 40 and abs(end - start - 3) < 1e-9)
        inside = [k for k, t in enumerate(times) if start <= t < end]
        self.assertTrue(all(abs(rows["red"][k] - rows["green"][k]) < 0.3 * rows["red"][k] for k in inside))
        self.assertTrue(all(rows["red"][k] == channels["red"][k] for k, t in enumerate(times) if t < start))

    def test_a_perturbed_csv_round_trips(self):
        times, channels = pulse_window(seconds=5)
        with tempfile.TemporaryDirectory() as folder:
            source, target = os.path.join(folder, "in.csv"), os.path.join(folder, "out.csv")
            with open(source, "w", encoding="utf-8") as handle:
                handle.write("timestamp_s,red,green,blue\n")
                for k, t in enumerate(times):
                    handle.write(f"{t},{channels['red'][k]},{channels['green'][k]},{channels['blue'][k]}\n")
            write_perturbed(source, target, "clean", 1, "w")
            read_times, read_channels = read_csv(target)
            self.assertEqual(read_times, times)
            self.assertTrue(all(abs(a - b) < 1e-6 for a, b in zip(read_channels["red"], channels["red"])))


if __name__ == "__main__":
    unittest.main()
