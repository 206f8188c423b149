"""Times NeuroKit2 `ppg_process` + `hrv_time` on a 60 s fingertip reading, on request; runs inside .build/bench-venv.

usage: peer_timing.py --input CSV --fps FPS

The reading is the CSV `nfv-bench engine peer FPS` exported (header timestamp_s,red,green,blue): the one our
analysis is timed on. NeuroKit2 gets the inverted red channel at the nominal frame rate. After one untimed call
(which pays NeuroKit2's lazy imports) it prints {"ready": true, "hr_bpm", "input"} (hr_bpm = NeuroKit2's
60000/MeanNN, a check that the timed analysis found the beats); then, for each line N read from standard input, it
makes N timed calls and prints one line {"cpu_ms": [...], "wall_ms": [...]}: each call's process CPU time
(time.process_time: every thread of the process, BLAS threads included) and wall time, in milliseconds. It ends at
the end of its input. scripts/bench-engine interleaves these rounds with our own worker's, so that both tools are
measured the same way under the same load.
"""

import argparse
import json
import sys
import time
import warnings

import numpy as np


def inverted_red(path):
    """The negated red channel of the CSV (NeuroKit2 expects peaks pointing up; red falls as blood volume rises)."""
    table = np.genfromtxt(path, delimiter=",", names=True, comments="#")
    return -np.asarray(table["red"], float)


def main():
    parser = argparse.ArgumentParser(description="Time NeuroKit2 ppg_process + hrv_time on request.")
    parser.add_argument("--input", required=True)
    parser.add_argument("--fps", type=int, required=True)
    args = parser.parse_args()
    ppg = inverted_red(args.input)

    import neurokit2 as nk

    def analysis():
        _, info = nk.ppg_process(ppg, sampling_rate=args.fps)
        return nk.hrv_time(info["PPG_Peaks"], sampling_rate=args.fps)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        heart_rate = 60000.0 / float(analysis()["HRV_MeanNN"].iloc[0])
        print(json.dumps({"ready": True, "hr_bpm": heart_rate, "input": args.input}), flush=True)
        for line in sys.stdin:
            cpu, wall = [], []
            for _ in range(max(int(line), 0)):
                start, cpu_start = time.perf_counter(), time.process_time()
                analysis()
                cpu.append((time.process_time() - cpu_start) * 1000.0)
                wall.append((time.perf_counter() - start) * 1000.0)
            print(json.dumps({"cpu_ms": cpu, "wall_ms": wall}), flush=True)


if __name__ == "__main__":
    main()
