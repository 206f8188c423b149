"""Host frames: the host pushes camera frames (any buffer) and reduced means from its own loop, with its own
timestamps, and gets a full reading; misuse raises the library's errors."""

import math
from typing import List, Tuple

import pytest

import neurofit_vitals as nfv

WIDTH, HEIGHT = 32, 24
RATE_BPM = 66.0


def dithered_rgb_frame(red: float) -> bytes:
    """A WIDTH x HEIGHT RGB24 frame whose red mean is ``red`` (fractions spread evenly over the pixels)."""
    low, fraction = int(red), red - int(red)
    pixels = bytearray()
    for index in range(WIDTH * HEIGHT):
        high = math.floor((index + 1) * fraction) > math.floor(index * fraction)
        pixels += bytes((low + 1 if high else low, 5, 20))
    return bytes(pixels)


def push_until_done(session: nfv.Session, samples: List[Tuple[float, float]], frames_until_s: float) -> List[object]:
    """The host's loop: one frame (or its means) per turn, then the events that are ready, without waiting."""
    events: List[object] = []
    for t, red in samples:
        timestamp_us = int(round(t * 1e6))
        try:
            if t < frames_until_s:
                session.submit_frame(dithered_rgb_frame(red), nfv.PixelFormat.RGB24, WIDTH, HEIGHT, timestamp_us)
            else:
                session.submit_means(timestamp_us, red, 5.0, 20.0, saturated_fraction=0.0)
            if int(t * 30) % 30 == 0:
                session.submit_motion(timestamp_us, 0.0, 0.1, 9.8)
        except nfv.MisuseError:
            # Pushing faster than real time, the session may capture the reading (and stop taking frames) before
            # this loop has seen measurementComplete: the rest of the events tell how it ended.
            return events + list(session.events(timeout=20))
        event = session.next_event(timeout=0)
        while event is not None:
            events.append(event)
            if isinstance(event, nfv.MeasurementComplete):
                return events + list(session.events(timeout=20))
            event = session.next_event(timeout=0)
    # Every frame is in, but the session may still be working through them: wait for the rest of the events.
    return events + list(session.events(timeout=20))


def test_a_reading_from_pushed_frames_and_means(activated: nfv.LicenseStatus, make_pulse) -> None:
    samples = make_pulse(RATE_BPM, 30.0, 45.0)
    with nfv.Session({"readingDuration": 20}) as session:
        session.use_host_frames(30)
        session.start()
        events = push_until_done(session, samples, frames_until_s=6.0)
    kinds = [event.type for event in events]
    assert "guidance" in kinds and "started" in kinds, kinds
    completed = events[kinds.index("completed")]
    assert isinstance(completed, nfv.Completed)
    assert abs(completed.result.heart_rate_bpm - RATE_BPM) < 3


def test_host_frame_misuse_raises_the_library_errors(activated: nfv.LicenseStatus) -> None:
    frame = dithered_rgb_frame(170.2)
    with nfv.Session() as session:
        with pytest.raises(nfv.InvalidArgumentError, match="nfv_session_use_host_frames"):
            session.submit_means(1, 170, 5, 20)
        session.use_host_frames(30)
        with pytest.raises(nfv.MisuseError, match="not running"):
            session.submit_means(1, 170, 5, 20)
        session.start()
        session.submit_frame(frame, "rgb24", WIDTH, HEIGHT, 1_000_000)
        with pytest.raises(nfv.InvalidArgumentError, match="must increase"):
            session.submit_frame(bytearray(frame), nfv.PixelFormat.RGB24, WIDTH, HEIGHT, 1_000_000)
        with pytest.raises(nfv.InvalidArgumentError, match="too small"):
            session.submit_frame(memoryview(frame)[:-1], nfv.PixelFormat.RGB24, WIDTH, HEIGHT, 1_033_333)
        with pytest.raises(nfv.InvalidArgumentError):
            session.submit_means(1_066_666, 300, 5, 20)
        session.stop()
        with pytest.raises(nfv.MisuseError):
            session.submit_means(1_100_000, 170, 5, 20)


def test_numpy_frames_are_accepted_in_place_and_read_only(activated: nfv.LicenseStatus) -> None:
    numpy = pytest.importorskip("numpy")
    frame = numpy.zeros((HEIGHT, WIDTH, 4), dtype=numpy.uint8)
    frame[..., 2], frame[..., 1], frame[..., 0], frame[..., 3] = 170, 5, 20, 255
    with nfv.Session() as session:
        session.use_host_frames(30)
        session.start()
        session.submit_frame(frame, nfv.PixelFormat.BGRA, WIDTH, HEIGHT, 1_000_000)
        frame.setflags(write=False)
        session.submit_frame(frame, nfv.PixelFormat.BGRA, WIDTH, HEIGHT, 1_033_333, stride=WIDTH * 4)
        with pytest.raises(ValueError, match="contiguous"):
            session.submit_frame(frame[:, ::2], nfv.PixelFormat.BGRA, WIDTH // 2, HEIGHT, 1_066_666)
