"""Builds deterministic RR series, computes NeuroKit2 reference HRV values and writes them as Swift.

Run through `scripts/parity/generate` (it provides the venv). Each series is passed to NeuroKit2 as
intervals plus the time of the beat that ends each interval (the convention of docs/behaviour.md), never as
peak indices: `nk.hrv_time({"RRI": rr_ms, "RRI_Time": t_s})` and `nk.hrv_nonlinear` likewise. The values are
also recomputed here from the metric formulas of docs/behaviour.md, and generation stops if NeuroKit2
disagrees: that guards against a call that silently ignored the timestamps.
"""

import argparse
import math
import pathlib
import platform
import random
import sys
import warnings

import neurokit2 as nk
import numpy as np
import scipy

# The keys written for every vector, in this order (NaN values are skipped).
KEYS = ("HRV_MeanNN", "HRV_SDNN", "HRV_RMSSD", "HRV_SDSD", "HRV_pNN50", "HRV_SD1", "HRV_SD2", "HRV_CSI")
DEFAULT_OUTPUT = "Tests/PpgCoreTests/ParityVectors.swift"
FIRST_BEAT_S = 0.3          # time of the beat that starts the first interval
SUCCESSIVE_TOLERANCE_MS = 10.0   # NK `_intervals_successive` threshold


# ---------------------------------------------------------------------------------------------------------
# RR series (stdlib `random` only: its Mersenne Twister stream is stable across Python versions)
# ---------------------------------------------------------------------------------------------------------

def sinus_intervals(seed, duration_s=60.0, hr=70.0, br=15.0, a_rsa=25.0, a_lf=15.0, sd_w=8.0):
    """The beat-by-beat model: RR_k = RR0 + RSA + 0.1 Hz LF + white noise, sampled at beat times (ms, 1 µs grid)."""
    rng = random.Random(seed)
    rr0, f_r = 60000.0 / hr, br / 60.0
    phase_rsa, phase_lf = rng.uniform(0.0, 2 * math.pi), rng.uniform(0.0, 2 * math.pi)
    elapsed_ms, intervals = 0.0, []
    while elapsed_ms < duration_s * 1000.0:
        t = FIRST_BEAT_S + elapsed_ms / 1000.0
        rr = (rr0 + a_rsa * math.sin(2 * math.pi * f_r * t + phase_rsa)
              + a_lf * math.sin(2 * math.pi * 0.1 * t + phase_lf) + rng.gauss(0.0, sd_w))
        rr = round(rr, 3)
        intervals.append(rr)
        elapsed_ms += rr
    return intervals


def end_times(intervals):
    """Time (s, 1 µs grid) of the beat that ends each interval, the first beat at FIRST_BEAT_S."""
    times, t = [], FIRST_BEAT_S
    for rr in intervals:
        t = round(t + rr / 1000.0, 6)
        times.append(t)
    return times


def without(intervals, indices):
    """Intervals and end times with the intervals at `indices` removed (non-successive neighbours)."""
    times = end_times(intervals)
    keep = [i for i in range(len(intervals)) if i not in set(indices)]
    return [intervals[i] for i in keep], [times[i] for i in keep]


def with_ectopic(intervals, k):
    """An ectopic beat: RR_k ← 0.7·RR_k, RR_{k+1} ← RR_{k+1} + 0.3·RR_k (beat moved early)."""
    out = list(intervals)
    early = round(0.3 * out[k], 3)
    out[k] = round(out[k] - early, 3)
    out[k + 1] = round(out[k + 1] + early, 3)
    return out


def histogram_ties(seed):
    """Integer intervals whose two most populated 50 ms bins tie (14 each), some exactly on bin edges.

    The median lies in [800, 850), so the stress index's tie rule (the bin nearest the median) picks that bin.
    """
    rng = random.Random(seed)
    values = ([800.0, 812.0, 825.0, 849.0] * 3 + [833.0, 841.0]          # 14 in [800, 850)
              + [850.0, 861.0, 874.0, 899.0] * 3 + [866.0, 888.0]        # 14 in [850, 900)
              + [750.0, 768.0, 781.0, 795.0] * 2                        # 8 in [750, 800)
              + [900.0, 910.0, 925.0, 949.0])                           # 4 in [900, 950)
    rng.shuffle(values)
    return values


def pnn50_boundary():
    """Integer intervals whose successive differences include exactly ±50 ms (not counted: strict >)."""
    steps = [50.0, -50.0, 51.0, -51.0, 49.0, -49.0, 50.0, -50.0, 0.0, 50.5, -50.5, 25.0, -25.0]
    intervals = [800.0]
    for i in range(40):
        intervals.append(intervals[-1] + steps[i % len(steps)])
    return intervals


def irregular(seed, n=70, mean_ms=700.0, cv=0.15):
    """AF-like: i.i.d. normal intervals with a coefficient of variation of 15 %."""
    rng = random.Random(seed)
    return [round(rng.gauss(mean_ms, cv * mean_ms), 3) for _ in range(n)]


def vectors():
    """(name, rr_ms, rr_time_s) for every parity vector, in output order."""
    plain = [
        ("sinus_rsa_70bpm", sinus_intervals(1)),
        ("low_hrv_85bpm", sinus_intervals(2, hr=85.0, a_rsa=4.0, a_lf=3.0, sd_w=2.0)),
        ("high_hrv_55bpm_br6", sinus_intervals(3, hr=55.0, br=6.0, a_rsa=60.0, a_lf=30.0, sd_w=15.0)),
        ("fast_120bpm_br24", sinus_intervals(4, hr=120.0, br=24.0, a_rsa=10.0, a_lf=8.0, sd_w=5.0)),
        ("slow_45bpm_br9", sinus_intervals(5, hr=45.0, br=9.0, a_rsa=40.0, a_lf=20.0, sd_w=10.0)),
        ("ectopic_uncorrected", with_ectopic(sinus_intervals(8), 25)),
        ("short_21_intervals", sinus_intervals(9)[:21]),
        ("histogram_ties_50ms", histogram_ties(10)),
        ("pnn50_exact_boundary", pnn50_boundary()),
        ("af_like_irregular", irregular(11)),
    ]
    out = [(name, rr, end_times(rr)) for name, rr in plain]
    out.insert(5, ("one_interval_removed", *without(sinus_intervals(6), [20])))
    out.insert(6, ("several_gaps", *without(sinus_intervals(7, hr=62.0), [5, 30, 31, 60])))
    return out


# ---------------------------------------------------------------------------------------------------------
# Reference values
# ---------------------------------------------------------------------------------------------------------

def neurokit_values(rr_ms, rr_time_s):
    """The KEYS from NeuroKit2, called with intervals and their end times."""
    data = {"RRI": np.asarray(rr_ms), "RRI_Time": np.asarray(rr_time_s)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            time_domain = nk.hrv_time(data).iloc[0]
            nonlinear = nk.hrv_nonlinear(data).iloc[0]
    merged = {**time_domain.to_dict(), **nonlinear.to_dict()}
    return {key: float(merged[key]) for key in KEYS}


def formula_values(rr_ms, rr_time_s):
    """The KEYS from the metric formulas of docs/behaviour.md: ΔNN over successive pairs only."""
    x = np.asarray(rr_ms)
    t = np.asarray(rr_time_s)
    successive = np.abs(np.diff(t) * 1000.0 - x[1:]) <= SUCCESSIVE_TOLERANCE_MS
    if np.all(successive) or np.unique(np.round(np.diff(t), 3)).size == 1:
        successive = np.ones(x.size - 1, dtype=bool)   # NK: nothing missing (or uniform times)
    d = np.diff(x)[successive]
    first, second = x[:-1][successive], x[1:][successive]
    with np.errstate(all="ignore"):
        sd1 = np.std((first - second) / math.sqrt(2), ddof=1)
        sd2 = np.std((first + second) / math.sqrt(2), ddof=1)
        return {
            "HRV_MeanNN": x.mean(), "HRV_SDNN": np.std(x, ddof=1),
            "HRV_RMSSD": math.sqrt(np.mean(d ** 2)), "HRV_SDSD": np.std(d, ddof=1),
            "HRV_pNN50": 100.0 * np.sum(np.abs(d) > 50.0) / (d.size + 1),
            "HRV_SD1": sd1, "HRV_SD2": sd2, "HRV_CSI": sd2 / sd1,
        }


def check_agreement(name, reference, formulas):
    """Stops generation when NeuroKit2 and the metric formulas differ beyond rounding."""
    for key in KEYS:
        a, b = reference[key], formulas[key]
        if math.isnan(a) and math.isnan(b):
            continue
        if not math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9):
            sys.exit(f"parity: {name} {key}: NeuroKit2 {a!r} but the formula gives {b!r}")


# ---------------------------------------------------------------------------------------------------------
# Swift output
# ---------------------------------------------------------------------------------------------------------

def swift_doubles(values, indent, per_line=6):
    """A Swift array literal body: `repr` of each double (round-trips exactly), wrapped."""
    lines = []
    for start in range(0, len(values), per_line):
        lines.append(indent + ", ".join(repr(float(v)) for v in values[start:start + per_line]) + ",")
    return "\n".join(lines)


def swift_vector(name, rr_ms, rr_time_s, expected):
    """One `ParityVector(...)` initializer."""
    pad = " " * 12
    entries = "\n".join(f'{pad}"{key}": {expected[key]!r},' for key in KEYS if not math.isnan(expected[key]))
    return (f'    ParityVector(\n'
            f'        name: "{name}",\n'
            f'        rrMs: [\n{swift_doubles(rr_ms, pad)}\n        ],\n'
            f'        rrTimeS: [\n{swift_doubles(rr_time_s, pad)}\n        ],\n'
            f'        expected: [\n{entries}\n        ]\n'
            f'    ),')


def swift_file(rendered_vectors):
    """The whole generated Swift source."""
    header = f"""\
// GENERATED by scripts/parity/generate: do not edit by hand; rerun the script instead.
// Reference: NeuroKit2 {nk.__version__} (numpy {np.__version__}, scipy {scipy.__version__}, Python {platform.python_version()}).
// Each vector was passed as nk.hrv_time({{"RRI": rrMs, "RRI_Time": rrTimeS}}) and nk.hrv_nonlinear likewise
// (intervals plus the time of the beat that ends each interval). Keys whose value is NaN are absent.
// HRV_CSI is SD2/SD1 (compare with sd2sd1). Values agree with the formulas of docs/behaviour.md to 1e-9 relative.
"""
    body = "\n".join(rendered_vectors)
    return f"""{header}
/// One RR series with the NeuroKit2 reference values of its HRV metrics.
struct ParityVector {{
    /// What the series exercises, e.g. "one_interval_removed".
    let name: String
    /// NN intervals in milliseconds.
    let rrMs: [Double]
    /// Time in seconds of the beat that ends each interval (a gap where t[i+1] − t[i] ≠ rrMs[i+1]).
    let rrTimeS: [Double]
    /// NeuroKit2 output keyed by its column name (HRV_MeanNN, HRV_SDNN, HRV_RMSSD, HRV_SDSD, HRV_pNN50,
    /// HRV_SD1, HRV_SD2, HRV_CSI); a key is absent when NeuroKit2 returned NaN.
    let expected: [String: Double]
}}

/// Every parity vector, in a fixed order.
let parityVectors: [ParityVector] = [
{body}
]
"""


def values_only(source):
    """The lines that carry values (comments dropped), for --check."""
    return [line for line in source.splitlines() if not line.startswith("//")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=".", help="repository root")
    parser.add_argument("--output", help=f"output path (default: ROOT/{DEFAULT_OUTPUT})")
    parser.add_argument("--check", action="store_true", help="exit 1 if the existing file's values differ")
    args = parser.parse_args()
    output = pathlib.Path(args.output or pathlib.Path(args.root) / DEFAULT_OUTPUT)

    rendered = []
    for name, rr_ms, rr_time_s in vectors():
        reference = neurokit_values(rr_ms, rr_time_s)
        check_agreement(name, reference, formula_values(rr_ms, rr_time_s))
        rendered.append(swift_vector(name, rr_ms, rr_time_s, reference))
        shown = ", ".join(f"{k[4:]}={reference[k]:.4g}" for k in KEYS)
        print(f"parity: {name:24s} n={len(rr_ms):3d}  {shown}", file=sys.stderr)
    source = swift_file(rendered)

    if args.check:
        current = output.read_text() if output.exists() else ""
        if values_only(current) != values_only(source):
            sys.exit(f"parity: {output} is stale: run scripts/parity/generate")
        print(f"parity: {output} is up to date (NeuroKit2 {nk.__version__})", file=sys.stderr)
        return
    output.write_text(source)
    print(f"parity: wrote {len(rendered)} vectors to {output} (NeuroKit2 {nk.__version__})", file=sys.stderr)


if __name__ == "__main__":
    main()
