"""The ten-line example of docs/python.md (the README's) runs and prints a reading."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "python.md"


@pytest.mark.skipif(not DOC.exists(), reason="docs/python.md is not beside this checkout")
def test_the_readme_example_runs() -> None:
    match = re.search(r"<!-- readme-example -->\n```python\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert match, "docs/python.md lost its readme-example block"
    example = match.group(1)
    assert len(example.strip().splitlines()) <= 10
    fast = example.replace("session.use_simulator()", "session.use_simulator(real_time=False)")
    assert fast != example
    run = subprocess.run([sys.executable, "-c", fast], capture_output=True, text=True, timeout=60,
                         env=dict(os.environ))
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert re.fullmatch(r"\d+\.\d bpm, RMSSD \d+ ms", lines[-1]), lines[-3:]
    assert sum(line.endswith(" bpm") for line in lines) > 30
