"""Letting go of a session: closed or dropped once the callback has had ``MeasurementComplete``, the result still
arrives (then the handle is released); closed earlier, nothing more arrives. And the simulator's preview frames."""

import gc
import threading
import time
from typing import List

import neurofit_vitals as nfv
from conftest import FAST_SIMULATOR

SHORT = {"readingDuration": 30}


class Recorder:
    """Collects the event types a callback receives, and when."""

    def __init__(self) -> None:
        self.types: List[str] = []
        self.lock = threading.Lock()
        self.measurement_complete = threading.Event()
        self.result = threading.Event()
        self.started = threading.Event()

    def __call__(self, event: nfv.events.AnyEvent) -> None:
        with self.lock:
            self.types.append(type(event).__name__)
        if isinstance(event, nfv.events.Started):
            self.started.set()
        if isinstance(event, nfv.events.MeasurementComplete):
            self.measurement_complete.set()
        if isinstance(event, (nfv.events.Completed, nfv.events.Failed)):
            self.result.set()

    def snapshot(self) -> List[str]:
        with self.lock:
            return list(self.types)


def test_closed_inside_measurement_complete_the_result_still_arrives() -> None:
    recorder = Recorder()
    holder: List[nfv.Session] = []

    def on_event(event: nfv.events.AnyEvent) -> None:
        recorder(event)
        if isinstance(event, nfv.events.MeasurementComplete):
            holder[0].close()

    session = nfv.Session(SHORT, callback=on_event)
    holder.append(session)
    session.use_simulator(FAST_SIMULATOR)
    session.start()
    assert recorder.result.wait(30)
    session.wait(5)
    assert session.closed
    time.sleep(0.05)
    assert recorder.snapshot()[-3:] == ["MeasurementComplete", "State", "Completed"]  # not the State after it


def test_dropped_after_measurement_complete_the_result_still_arrives() -> None:
    recorder = Recorder()
    session = nfv.Session(SHORT, callback=recorder)
    session.use_simulator(FAST_SIMULATOR)
    session.start()
    assert recorder.measurement_complete.wait(30)
    del session
    gc.collect()
    assert recorder.result.wait(30), recorder.snapshot()[-5:]
    time.sleep(0.05)
    types = recorder.snapshot()
    # The drop may come after the final State was delivered already (a fast final analysis); never anything else.
    assert types[types.index("Completed") + 1:] in ([], ["State"])


def test_closed_while_measuring_nothing_arrives_after_close() -> None:
    recorder = Recorder()
    session = nfv.Session(SHORT, callback=recorder)
    session.use_simulator(dict(FAST_SIMULATOR, realTime=True))
    session.start()
    assert recorder.started.wait(30)
    session.close()
    count = len(recorder.snapshot())
    time.sleep(0.3)
    assert len(recorder.snapshot()) == count
    assert "MeasurementComplete" not in recorder.snapshot() and "Completed" not in recorder.snapshot()


def test_the_simulator_paints_red_fingertip_previews_at_the_asked_rate() -> None:
    frames: List[nfv.PreviewFrame] = []
    lock = threading.Lock()

    def keep(frame: nfv.PreviewFrame) -> None:
        with lock:
            frames.append(frame)

    with nfv.Session(SHORT) as session:
        session.use_simulator(FAST_SIMULATOR)
        session.on_preview(keep, max_fps=4)
        result = session.run(timeout=30)
        assert result.heart_rate_bpm is not None
        time.sleep(0.05)
    with lock:
        assert frames
        span = frames[-1].timestamp - frames[0].timestamp
        assert len(frames) <= span * 4 + 1
        assert all(b.timestamp > a.timestamp for a, b in zip(frames, frames[1:]))
        last = frames[-1]
        assert (last.width, last.height, len(last.rgb)) == (80, 60, 80 * 60 * 3)
        pixels = len(last.rgb) // 3
        red, green, blue = (sum(last.rgb[channel::3]) / pixels for channel in range(3))
        assert red > 100 and red > 2 * green and red > 2 * blue
        centre = (30 * 80 + 40) * 3
        assert last.rgb[centre] > last.rgb[0]
