"""Reads our final-analysis time per frame rate from the output of `nfv-bench engine`.

Contract (documented in scripts/bench-engine --help): a line containing "final", "<fps> fps" and
"<milliseconds> ms", e.g. "final analysis, 60 s at 30 fps: 1.234 ms (median of 50)"; the first per rate wins.
"""

import re

FINAL_LINE = re.compile(r"final.*?(\d+(?:\.\d+)?)\s*fps.*?(\d+(?:\.\d+)?)\s*ms", re.IGNORECASE)


def final_analysis_ms(output):
    """{fps: milliseconds} from the benchmark's output text."""
    times = {}
    for line in output.splitlines():
        match = FINAL_LINE.search(line)
        if match:
            times.setdefault(int(float(match.group(1))), float(match.group(2)))
    return times
