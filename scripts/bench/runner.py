"""Runs `nfv analyze FILE` (or any command with the same contract) on windows, two at a time at most."""

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from .outcome import Outcome, from_process

MAX_WORKERS = 2   # the machine has 2 cores shared with other work


def ensure_release_nfv(root):
    """.build/release/nfv, built with `swift build -c release --product nfv` when it is missing."""
    nfv = os.path.join(root, ".build", "release", "nfv")
    if not os.access(nfv, os.X_OK):
        print("bench: building nfv (swift build -c release --product nfv)...", file=sys.stderr)
        build = subprocess.run(["swift", "build", "-c", "release", "--product", "nfv"], cwd=root,
                               stdout=sys.stderr, stderr=sys.stderr)
        if build.returncode != 0 or not os.access(nfv, os.X_OK):
            raise SystemExit("bench: could not build nfv; pass --nfv PATH to use another analyzer")
    return nfv


def analyze_all(command, windows, timeout_s, workers=MAX_WORKERS, label="nfv"):
    """{window id: Outcome} from running `command + [window.path]` on every window."""
    outcomes = {}
    with ThreadPoolExecutor(max_workers=max(1, min(workers, MAX_WORKERS))) as pool:
        futures = {w.id: pool.submit(analyze_one, command, w.path, timeout_s) for w in windows}
        for done, (window_id, future) in enumerate(futures.items(), start=1):
            outcomes[window_id] = future.result()
            _progress(label, done, len(windows))
    return outcomes


def run_once(command, path, timeout_s):
    """(finished process, None, seconds) of `command + [path]`, or (None, why it did not finish, seconds) when it
    timed out or could not start."""
    start = time.monotonic()
    try:
        run = subprocess.run(command + [path], capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout_s:g} s", time.monotonic() - start
    except OSError as error:
        return None, f"could not start: {error.strerror}", 0.0
    return run, None, time.monotonic() - start


def analyze_one(command, path, timeout_s):
    """The Outcome of one run; a crash, a timeout or unparsable output becomes a failure."""
    run, failure, seconds = run_once(command, path, timeout_s)
    if run is None:
        return Outcome(failure=failure, seconds=seconds)
    return from_process(run.stdout, run.returncode, run.stderr, seconds)


def _progress(label, done, total):
    """A progress line on stderr (overwritten in place on a terminal)."""
    if sys.stderr.isatty():
        end = "\n" if done == total else "\r"
        print(f"bench: {label}: {done}/{total} windows", end=end, file=sys.stderr, flush=True)
