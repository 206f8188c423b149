#!/usr/bin/env python3
"""Per-event delivery cost, C and Python consumers, callback and pull modes.

Method: a fast simulated reading runs to completion while its events queue up (a callback blocks on the first event,
a puller does not pull yet); then the queue is drained and timed. Cost per event = drain time / events, i.e. the
hand-over from the library to the consumer and the consumer's own handling, not the engine's time to produce them.
Medians over --rounds readings.

    python3 bindings/python/bench/bench_events.py [--prefix DIR] [--rounds 5]

DIR is an install prefix (scripts/install); default: the prefix of NFV_LIBRARY, else .build/stage. Needs gcc.
"""

import argparse
import ctypes
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable, List, Tuple

HERE = Path(__file__).resolve().parent
SIMULATOR = {"realTime": False, "seed": 11}


def prefix_from_arguments() -> Tuple[Path, int]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(os.environ["NFV_LIBRARY"]).resolve().parent.parent if "NFV_LIBRARY" in os.environ else \
        HERE.parents[2] / ".build/stage"
    parser.add_argument("--prefix", type=Path, default=default)
    parser.add_argument("--rounds", type=int, default=5)
    arguments = parser.parse_args()
    return arguments.prefix.resolve(), arguments.rounds


def c_consumer(prefix: Path, rounds: int) -> List[Tuple[str, float, int]]:
    """Builds and runs the C consumer; [(mode, ns per event, events)]."""
    with tempfile.TemporaryDirectory() as scratch:
        binary = Path(scratch) / "bench_events_consumer"
        subprocess.run(["gcc", "-O2", "-std=c99", "-D_DEFAULT_SOURCE", f"-I{prefix}/include",
                        str(HERE / "bench_events_consumer.c"), f"-L{prefix}/lib", "-lNeurofitVitals", "-lpthread",
                        f"-Wl,-rpath,{prefix}/lib", "-o", str(binary)], check=True)
        output = subprocess.run([str(binary), str(rounds)], check=True, capture_output=True, text=True).stdout
    rows = []
    for line in output.splitlines():
        mode, nanoseconds, events = line.split()
        rows.append((mode, float(nanoseconds), int(events)))
    return rows


def wait_completed(session) -> None:
    deadline = time.monotonic() + 60
    while session.state.state != "completed":
        if time.monotonic() > deadline:
            raise TimeoutError("the simulated reading did not complete")
        time.sleep(0.001)


def python_pull(nfv, parse: bool) -> Tuple[float, int]:
    """Drains a completed session with next_event(0): with parsing (events as dataclasses) or raw JSON text."""
    with nfv.Session() as session:
        session.use_simulator(SIMULATOR)
        session.start()
        wait_completed(session)
        count = 0
        began = time.perf_counter()
        if parse:
            while session.next_event(0) is not None:
                count += 1
        else:
            while isinstance(session._core.pull(0), str):
                count += 1
        return (time.perf_counter() - began) / count * 1e9, count


def python_dispatch_callback(nfv) -> Tuple[float, int]:
    """The binding's callback mode: the callback runs on the session's Python dispatch thread."""
    release = threading.Event()
    times: List[float] = []

    def on_event(event) -> None:
        release.wait()
        times.append(time.perf_counter())

    with nfv.Session(callback=on_event) as session:
        session.use_simulator(SIMULATOR)
        session.start()
        wait_completed(session)
        release.set()
        session.wait(60)
    return (times[-1] - times[0]) / (len(times) - 1) * 1e9, len(times)


def python_foreign_thread_callback(nfv) -> Tuple[float, int]:
    """For comparison only (the binding never does this): a ctypes CFUNCTYPE called on the library's event thread."""
    from neurofit_vitals import _capi
    library = _capi.library()
    release = threading.Event()
    finished = threading.Event()
    times: List[float] = []

    def on_event(user_data, event_json: bytes) -> None:
        release.wait()
        times.append(time.perf_counter())
        if b'"type":"state"' in event_json and b'"state":"completed"' in event_json:
            finished.set()

    trampoline = _capi.EVENT_FN(on_event)  # kept alive until the session is destroyed
    with nfv.Session() as session:
        _capi.call("nfv_session_set_callback", session._core.handle, trampoline, None)
        session.use_simulator(SIMULATOR)
        session.start()
        wait_completed(session)
        release.set()
        finished.wait(60)
    del trampoline
    return (times[-1] - times[0]) / (len(times) - 1) * 1e9, len(times)


def median_of(rounds: int, measure: Callable[[], Tuple[float, int]]) -> Tuple[float, int]:
    results = [measure() for _ in range(rounds)]
    return statistics.median(cost for cost, _ in results), results[-1][1]


def main() -> None:
    prefix, rounds = prefix_from_arguments()
    os.environ.setdefault("NFV_LIBRARY", str(prefix / "lib/libNeurofitVitals.so.1"))
    sys.path.insert(0, str(HERE.parent))
    import neurofit_vitals as nfv

    rows = [(mode, cost, count) for mode, cost, count in c_consumer(prefix, rounds)]
    rows.append(("python-pull-raw-json", *median_of(rounds, lambda: python_pull(nfv, parse=False))))
    rows.append(("python-pull-events", *median_of(rounds, lambda: python_pull(nfv, parse=True))))
    rows.append(("python-callback-dispatch", *median_of(rounds, lambda: python_dispatch_callback(nfv))))
    rows.append(("python-callback-cfunctype", *median_of(rounds, lambda: python_foreign_thread_callback(nfv))))
    descriptions = {
        "c-callback": "C callback on the library's event thread",
        "c-pull": "C nfv_session_next_event(0) + nfv_string_free",
        "python-pull-raw-json": "Python pull, JSON text only (ctypes call, string_at, free)",
        "python-pull-events": "Python Session.next_event: pull + json.loads + event dataclass",
        "python-callback-dispatch": "Python callback mode (binding's dispatch thread), event dataclass",
        "python-callback-cfunctype": "Python CFUNCTYPE on the library thread (comparison, unused)",
    }
    print(f"per-event delivery cost, median of {rounds} readings, library {prefix}")
    print(f"{'mode':28} {'µs/event':>9} {'events':>7}  what")
    for mode, cost, count in rows:
        print(f"{mode:28} {cost / 1000:9.2f} {count:7d}  {descriptions[mode]}")
    print(json.dumps({mode: round(cost) for mode, cost, _ in rows}))


if __name__ == "__main__":
    main()
