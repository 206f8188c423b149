"""Runs open-source peers (NeuroKit2, HeartPy) on the benchmark windows through peer_worker.py."""

import json
import os
import subprocess
import sys
import time

from .outcome import Outcome, from_answer
from .runner import MAX_WORKERS

PEER_TOOLS = ("neurokit2", "heartpy")
REQUIREMENTS = ("neurokit2==0.3.0", "heartpy==1.2.7")


def ensure_bench_venv(root):
    """Python of .build/bench-venv, created with NeuroKit2 and HeartPy (pip) when missing."""
    venv = os.path.join(root, ".build", "bench-venv")
    python = os.path.join(venv, "bin", "python")
    probe = [python, "-c", "import neurokit2, heartpy"]
    if os.access(python, os.X_OK) and subprocess.run(probe, capture_output=True).returncode == 0:
        return python
    print(f"bench: installing {' '.join(REQUIREMENTS)} into {venv}", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *REQUIREMENTS],
                   check=True, stdout=sys.stderr)
    return python


def analyze_all(root, windows, timeout_s, workers=MAX_WORKERS):
    """{tool: {window id: Outcome}} for every peer tool, each over all windows in at most 2 processes."""
    python = ensure_bench_venv(root)
    worker = os.path.join(root, "scripts", "bench", "peer_worker.py")
    return {tool: _run_tool(python, worker, tool, windows, timeout_s, max(1, min(workers, MAX_WORKERS)))
            for tool in PEER_TOOLS}


def _run_tool(python, worker, tool, windows, timeout_s, workers):
    """Splits the windows over `workers` worker processes and collects one Outcome per window."""
    chunks = [windows[i::workers] for i in range(workers)]
    processes = [_start(python, worker, tool, chunk, timeout_s) for chunk in chunks if chunk]
    outcomes = {}
    for process, chunk in zip(processes, chunks):
        outcomes.update(_collect(process, chunk, timeout_s))
    print(f"bench: {tool}: {len(outcomes)} windows done", file=sys.stderr)
    return {w.id: outcomes[w.id] for w in windows}


def _start(python, worker, tool, chunk, timeout_s):
    """A worker process analyzing `chunk`, one JSON line per window on stdout."""
    command = [python, worker, "--tool", tool, "--timeout", str(timeout_s)] + [w.path for w in chunk]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _collect(process, chunk, timeout_s):
    """Outcomes from a worker's JSON lines; windows it never answered (it died or hung) become failures."""
    deadline = 30.0 + timeout_s * len(chunk)
    start = time.monotonic()
    try:
        stdout, stderr = process.communicate(timeout=deadline)
        death = f"peer worker exited {process.returncode}" if process.returncode else "no answer"
    except subprocess.TimeoutExpired:
        process.kill()
        stdout, stderr = process.communicate()
        death = f"peer worker timed out after {time.monotonic() - start:.0f} s"
    answers = _parse_lines(stdout)
    last_error = (stderr.strip().splitlines() or [""])[-1][:120]
    missing = Outcome(failure=f"{death}: {last_error}".rstrip(": "))
    return {w.id: answers.get(w.path, missing) for w in chunk}


def _parse_lines(stdout):
    """{path: Outcome} from the worker's lines {"path", "seconds", "answer" | "failure"}."""
    answers = {}
    for line in stdout.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if "failure" in entry:
            answers[entry["path"]] = Outcome(failure=entry["failure"], seconds=entry.get("seconds", 0.0))
        else:
            answers[entry["path"]] = from_answer(entry.get("answer"), entry.get("seconds", 0.0))
    return answers
