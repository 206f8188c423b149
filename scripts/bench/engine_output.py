"""Reads our final-analysis time per frame rate from the output of `nfv-bench engine`.

Contract (documented in scripts/bench-engine --help): a line containing "final", "<fps> fps" and
"<milliseconds> ms", e.g. "final analysis, 60 s at 30 fps: 1.234 ms (median of 50; fastest 1.100 ms)"; the
first per rate wins. The optional "fastest <milliseconds> ms" on that line is the fastest run.
"""

import re

FINAL_LINE = re.compile(r"final.*?(\d+(?:\.\d+)?)\s*fps.*?(\d+(?:\.\d+)?)\s*ms", re.IGNORECASE)
FASTEST = re.compile(r"fastest\s*(\d+(?:\.\d+)?)\s*ms", re.IGNORECASE)


def final_analysis_ms(output):
    """{fps: milliseconds} from the benchmark's output text."""
    times = {}
    for line in output.splitlines():
        match = FINAL_LINE.search(line)
        if match:
            times.setdefault(int(float(match.group(1))), float(match.group(2)))
    return times


def fastest_final_analysis_ms(output):
    """{fps: milliseconds of the fastest run} from the benchmark's output text (rates without one left out)."""
    times = {}
    for line in output.splitlines():
        match, fastest = FINAL_LINE.search(line), FASTEST.search(line)
        if match and int(float(match.group(1))) not in times and fastest:
            times[int(float(match.group(1)))] = float(fastest.group(1))
    return times
