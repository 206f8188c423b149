"""Times NeuroKit2 `ppg_process` + `hrv_time` on a 60 s fingertip reading; runs inside .build/bench-venv.

usage: peer_timing.py [--fps 30 60] [--runs N] [--input-dir DIR]

Input per frame rate: DIR/engine_{fps}fps.csv (header timestamp_s,red,green,blue) when --input-dir holds
one (the readings `nfv-bench engine` itself used), else a synthetic reading (beat-by-beat interval model,
two-Gaussian pulse, camera mapping) with its clean defaults (70 bpm, 15 brpm, broad pulse, seed 1). NeuroKit2
gets the inverted red channel at the nominal frame rate. Prints one JSON line per frame rate: {"fps",
"median_ms", "min_ms", "cpu_median_ms", "cpu_min_ms", "runs", "hr_bpm", "input"} (hr_bpm = NeuroKit2's
60000/MeanNN, a check that the timed analysis found the beats). The cpu_ figures are the process's CPU time per call
(time.process_time: every thread of the process, BLAS threads included), which leaves out the time the process
waited for a core on a loaded machine, as the thread CPU time nfv-bench prints for ours does.
"""

import argparse
import json
import os
import time
import warnings

import numpy as np

BROAD_PULSE = (0.60, 0.17, 0.08, 0.80, 0.39, 0.18)   # a1, mu1, s1, a2, mu2, s2 (s after onset)


def beat_onsets(rng, duration_s, hr=70.0, br=15.0, a_rsa=25.0, a_lf=15.0, sd_w=8.0):
    """Pulse onset times (s) from the RR model (baseline + respiratory + 0.1 Hz + white noise), sampled beat by beat."""
    rr0, f_r = 60000.0 / hr, br / 60.0
    phase_rsa, phase_lf = rng.uniform(0.0, 2 * np.pi, size=2)
    onsets = [0.0]
    while onsets[-1] < duration_s:
        t = onsets[-1]
        rr_ms = (rr0 + a_rsa * np.sin(2 * np.pi * f_r * t + phase_rsa)
                 + a_lf * np.sin(2 * np.pi * 0.1 * t + phase_lf) + rng.normal(0.0, sd_w))
        onsets.append(t + rr_ms / 1000.0)
    return np.asarray(onsets)


def pulse(tau, shape=BROAD_PULSE):
    """Blood-volume pulse of two Gaussians, tau seconds after onset."""
    a1, m1, s1, a2, m2, s2 = shape
    return a1 * np.exp(-0.5 * ((tau - m1) / s1) ** 2) + a2 * np.exp(-0.5 * ((tau - m2) / s2) ** 2)


def synthetic_red(fps, duration_s=60.0, seed=1, br=15.0, dc=200.0, ac=0.015, noise=0.12,
                  riiv=0.002, riav=0.15, wander=0.01, jitter_ms=0.5):
    """(timestamps, red frame means) of the camera mapping (DC, pulsatile share, respiration, wander, noise)
    with clean defaults."""
    rng = np.random.default_rng(seed)
    onsets = beat_onsets(rng, duration_s, br=br)
    n = int(duration_s * fps)
    ts = np.sort(np.arange(n) / fps + rng.normal(0.0, jitter_ms / 1000.0, n))
    f_r, volume = br / 60.0, np.zeros(n)
    for onset in onsets:
        near = (ts >= onset) & (ts < onset + 1.2)
        volume[near] += (1.0 + riav * np.sin(2 * np.pi * f_r * onset)) * pulse(ts[near] - onset)
    volume /= np.percentile(volume, 99)
    slow = riiv * np.sin(2 * np.pi * f_r * ts) + wander * np.sin(2 * np.pi * 0.03 * ts + rng.uniform(0, 2 * np.pi))
    red = np.clip(dc * (1.0 - ac * volume - slow) + rng.normal(0.0, noise, n), 0.0, 255.0)
    return ts, red


def reading(fps, input_dir):
    """(inverted red, description) for one frame rate."""
    path = os.path.join(input_dir, f"engine_{fps}fps.csv") if input_dir else None
    if path and os.path.isfile(path):
        table = np.genfromtxt(path, delimiter=",", names=True, comments="#")
        return -np.asarray(table["red"], float), path
    _, red = synthetic_red(fps)
    return -red, "synthetic reading, clean defaults, seed 1"


def time_neurokit(ppg, fps, runs):
    """(wall milliseconds and process CPU milliseconds of each of `runs` timed calls after one untimed warm-up,
    NeuroKit2's HR in bpm)."""
    import neurokit2 as nk

    def analysis():
        _, info = nk.ppg_process(ppg, sampling_rate=fps)
        return nk.hrv_time(info["PPG_Peaks"], sampling_rate=fps)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        heart_rate = 60000.0 / float(analysis()["HRV_MeanNN"].iloc[0])
        timings, cpu_timings = [], []
        for _ in range(runs):
            start, cpu_start = time.perf_counter(), time.process_time()
            analysis()
            timings.append((time.perf_counter() - start) * 1000.0)
            cpu_timings.append((time.process_time() - cpu_start) * 1000.0)
    return timings, cpu_timings, heart_rate


def main():
    parser = argparse.ArgumentParser(description="Time NeuroKit2 ppg_process + hrv_time on a 60 s reading.")
    parser.add_argument("--fps", type=int, nargs="+", default=[30, 60])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--input-dir")
    args = parser.parse_args()
    for fps in args.fps:
        ppg, source = reading(fps, args.input_dir)
        timings, cpu_timings, heart_rate = time_neurokit(ppg, fps, args.runs)
        print(json.dumps({"fps": fps, "median_ms": float(np.median(timings)), "min_ms": min(timings),
                          "cpu_median_ms": float(np.median(cpu_timings)), "cpu_min_ms": min(cpu_timings),
                          "runs": args.runs, "hr_bpm": heart_rate, "input": source}), flush=True)


if __name__ == "__main__":
    main()
