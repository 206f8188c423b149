"""Reads our final-analysis time per frame rate from the output of `nfv-bench engine`.

Contract (documented in scripts/bench-engine --help): a line containing "final", "<fps> fps" and
"<milliseconds> ms", e.g. "final analysis, 60 s at 30 fps: 1.234 ms (median of 50; fastest 1.100 ms)"; the
first per rate wins. The optional "fastest <milliseconds> ms" on that line is the fastest run, the optional
"CPU <milliseconds> ms" the median thread CPU time. The disturbed reading's time is the first later line starting
with "disturbed" (after spaces) before the next rate's line, e.g.
"  disturbed (finger placed …): 2.345 ms (median of 50; fastest 2.2 ms; CPU 2.3 ms)".
"""

import re

FINAL_LINE = re.compile(r"final.*?(\d+(?:\.\d+)?)\s*fps.*?(\d+(?:\.\d+)?)\s*ms", re.IGNORECASE)
DISTURBED_LINE = re.compile(r"^\s*disturbed\b.*?:\s*(\d+(?:\.\d+)?)\s*ms", re.IGNORECASE)
FASTEST = re.compile(r"fastest\s*(\d+(?:\.\d+)?)\s*ms", re.IGNORECASE)
CPU = re.compile(r"CPU\s*(\d+(?:\.\d+)?)\s*ms")


def _first_per_rate(output, read):
    """{fps: value} where `read(line, final_match)` gives each final line's value or None; the first line per rate
    with a value wins."""
    values = {}
    for line in output.splitlines():
        match = FINAL_LINE.search(line)
        value = read(line, match) if match else None
        if value is not None:
            values.setdefault(int(float(match.group(1))), value)
    return values


def _optional(pattern):
    """A reader of the optional "<label> <ms> ms" figure that `pattern` matches on a final line."""
    def read(line, _match):
        found = pattern.search(line)
        return float(found.group(1)) if found else None
    return read


def final_analysis_ms(output):
    """{fps: milliseconds} from the benchmark's output text."""
    return _first_per_rate(output, lambda _line, match: float(match.group(2)))


def fastest_final_analysis_ms(output):
    """{fps: milliseconds of the fastest run} from the benchmark's output text (rates without one left out)."""
    return _first_per_rate(output, _optional(FASTEST))


def final_analysis_cpu_ms(output):
    """{fps: median thread CPU milliseconds} from the benchmark's output text (the optional "CPU <ms> ms" of each
    rate's final line; rates without one left out)."""
    return _first_per_rate(output, _optional(CPU))


def disturbed_ms(output):
    """{fps: (median ms, fastest ms or None, median thread CPU ms or None)} of the disturbed reading, from the
    benchmark's output text."""
    times, fps = {}, None
    for line in output.splitlines():
        final, disturbed = FINAL_LINE.search(line), DISTURBED_LINE.search(line)
        if final and not disturbed:
            fps = int(float(final.group(1)))
        elif disturbed and fps is not None and fps not in times:
            fastest, cpu = FASTEST.search(line), CPU.search(line)
            times[fps] = (float(disturbed.group(1)), float(fastest.group(1)) if fastest else None,
                          float(cpu.group(1)) if cpu else None)
    return times
