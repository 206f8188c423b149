"""Analyzes benchmark CSV windows with an open-source peer; runs inside .build/bench-venv.

usage: peer_worker.py --tool {neurokit2,heartpy} [--timeout S] FILE...

Prints one JSON line per file: {"path", "seconds", "answer"} where answer has the keys of an `nfv analyze`
result (no `quality`: peers have no tier) or {"error": {"code": "noHeartRate", "message": ...}}; or
{"path", "seconds", "failure"} when the window timed out. Input, as for the published peer figures of the
benchmark data: the red channel inverted (blood-volume polarity), resampled onto a uniform
100 Hz grid by linear interpolation on the frame timestamps (a cubic spline rings on Welltory's irregular
frames, some 1 ms apart).

- neurokit2: nk.ppg_process (Elgendi peaks) → nk.signal_fixpeaks (Kubios artifact correction; ppg_process
  itself corrects nothing) → HR = mean of nk.signal_rate; nk.hrv_time on the peaks → RMSSD, SDNN;
  breathing: NeuroKit2 has no PPG-specific respiration, so its rate-derived respiration (nk.ecg_rsp on
  that rate, vangent2019) → nk.rsp_process → mean RSP_Rate.
- heartpy: hp.filter_signal band-pass 0.75–3.5 Hz, order 3 (the example in its docstring), hp.scale_data,
  hp.process → bpm, rmssd, sdnn, sd1/sd2 (HeartPy's ddof 0), breathingrate (its own estimate, Hz → brpm).
- SD2:SD1 for NeuroKit2 and Baevsky SI for both use the definitions of docs/behaviour.md (NeuroKit2 conventions,
  50 ms bins) on the tool's own intervals.
"""

import argparse
import json
import math
import signal
import sys
import time
import warnings

import numpy as np

RESAMPLE_HZ = 100.0


class WindowTimeout(Exception):
    """Raised by SIGALRM when one window takes too long."""


def read_inverted_red(path):
    """(uniform signal, rate): the red column negated, resampled to RESAMPLE_HZ on its timestamps."""
    table = np.genfromtxt(path, delimiter=",", names=True, comments="#")
    t, red = np.asarray(table["timestamp_s"], float), np.asarray(table["red"], float)
    order = np.argsort(t, kind="stable")
    t, red = t[order], red[order]
    keep = np.concatenate(([True], np.diff(t) > 0))
    t, red = t[keep], red[keep]
    grid = np.arange(t[0], t[-1], 1.0 / RESAMPLE_HZ)
    return -np.interp(grid, t, red), RESAMPLE_HZ


def poincare_ratio(rr_ms):
    """SD2/SD1 with ddof 1 over successive pairs (docs/behaviour.md)."""
    first, second = rr_ms[:-1], rr_ms[1:]
    sd1 = np.std((first - second) / math.sqrt(2), ddof=1)
    sd2 = np.std((first + second) / math.sqrt(2), ddof=1)
    return sd2 / sd1 if sd1 > 0 else None


def baevsky_si(rr_ms):
    """Raw Baevsky SI (docs/behaviour.md): AMo / (2·Mo·MxDMn), 50 ms bins, ties → bin nearest the median."""
    if len(rr_ms) < 20 or np.ptp(rr_ms) == 0:
        return None
    bins, counts = np.unique(np.floor(rr_ms / 50.0).astype(int), return_counts=True)
    modal = bins[counts == counts.max()]
    centres = (modal + 0.5) * 50.0
    mode_ms = centres[np.argmin(np.abs(centres - np.median(rr_ms)))]
    amo = 100.0 * counts.max() / len(rr_ms)
    return amo / (2.0 * (mode_ms / 1000.0) * (np.ptp(rr_ms) / 1000.0))


def neurokit(ppg, fs):
    """NeuroKit2's answer for one window."""
    import neurokit2 as nk
    _, info = nk.ppg_process(ppg, sampling_rate=fs)
    _, peaks = nk.signal_fixpeaks(np.asarray(info["PPG_Peaks"]), sampling_rate=fs, iterative=True, method="Kubios")
    peaks = np.asarray(peaks)
    if peaks.size < 3:
        return no_heart_rate("fewer than 3 peaks")
    rr = np.diff(peaks) / fs * 1000.0
    rate = nk.signal_rate(peaks, sampling_rate=fs, desired_length=len(ppg))
    hrv = nk.hrv_time(peaks, sampling_rate=fs).iloc[0]
    result = {"heartRateBpm": float(np.mean(rate)), "rmssdMs": hrv["HRV_RMSSD"], "sdnnMs": hrv["HRV_SDNN"],
              "sd2sd1": poincare_ratio(rr), "baevskyStressIndex": baevsky_si(rr)}
    try:
        rsp_signals, _ = nk.rsp_process(nk.ecg_rsp(rate, sampling_rate=fs), sampling_rate=fs)
        result["breathingRateBrpm"] = rsp_signals["RSP_Rate"].mean()
    except Exception:  # noqa: BLE001  breathing is optional: keep HR/HRV when NK's respiration fails
        pass
    return result


def heartpy(ppg, fs):
    """HeartPy's answer for one window."""
    import heartpy as hp
    filtered = hp.filter_signal(ppg, cutoff=[0.75, 3.5], sample_rate=fs, order=3, filtertype="bandpass")
    working, measures = hp.process(hp.scale_data(filtered), sample_rate=fs)
    rr = np.asarray(working.get("RR_list_cor", []), float)
    ratio = measures.get("sd1/sd2")
    return {"heartRateBpm": measures["bpm"], "rmssdMs": measures["rmssd"], "sdnnMs": measures["sdnn"],
            "sd2sd1": 1.0 / ratio if ratio else None, "baevskyStressIndex": baevsky_si(rr),
            "breathingRateBrpm": measures["breathingrate"] * 60.0}


def no_heart_rate(message):
    """The error answer."""
    return {"error": {"code": "noHeartRate", "message": message}}


def finite_only(answer):
    """The answer without None/NaN/infinite numbers; noHeartRate when no finite HR is left."""
    if "error" in answer:
        return answer
    clean = {k: float(v) for k, v in answer.items() if v is not None and np.isfinite(v)}
    return clean if "heartRateBpm" in clean else no_heart_rate("no finite heart rate")


def analyze(tool, path):
    """The answer of `tool` for the CSV at `path`; a library exception becomes noHeartRate."""
    try:
        ppg, fs = read_inverted_red(path)
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            return finite_only(TOOLS[tool](ppg, fs))
    except WindowTimeout:
        raise
    except Exception as error:  # noqa: BLE001  a peer that gives up on a window answers nothing
        return no_heart_rate(f"{type(error).__name__}: {error}"[:200])


TOOLS = {"neurokit2": neurokit, "heartpy": heartpy}


def raise_timeout(_signum, _frame):
    """SIGALRM handler: abandons the current window."""
    raise WindowTimeout()


def main():
    parser = argparse.ArgumentParser(description="Analyze CSV windows with a peer tool (JSON lines).")
    parser.add_argument("--tool", choices=sorted(TOOLS), required=True)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, raise_timeout)
    for path in args.files:
        start = time.monotonic()
        signal.alarm(max(1, math.ceil(args.timeout)))
        try:
            entry = {"answer": analyze(args.tool, path)}
        except WindowTimeout:
            entry = {"failure": f"timed out after {args.timeout:g} s"}
        finally:
            signal.alarm(0)
        entry.update(path=path, seconds=time.monotonic() - start)
        print(json.dumps(entry), flush=True)


if __name__ == "__main__":
    main()
