"""Instruction counts under valgrind's callgrind: load-independent figures beside wall times.

valgrind 3.19 cannot read the debug information of the Swift 6.3 toolchain's DWARF 5, so the program is counted
from a copy without it (`debug_stripped_copy`).
"""

import os
import re
import shutil
import subprocess


def available():
    """Whether valgrind is on PATH."""
    return shutil.which("valgrind") is not None


def debug_stripped_copy(program, folder):
    """Path of a copy of `program` in `folder` without debug information (strip --strip-debug)."""
    copy = os.path.join(folder, os.path.basename(program))
    subprocess.run(["strip", "--strip-debug", "-o", copy, program], check=True)
    return copy


def callgrind_count(program, arguments):
    """Instructions executed by the program under valgrind's callgrind (its "Collected" count: every instruction
    the program executed, in user mode). Raises SystemExit when the run fails."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", program, *arguments],
                         capture_output=True, text=True)
    match = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or not match:
        raise SystemExit(f"callgrind failed:\n{run.stderr[-1500:]}")
    return int(match.group(1))
