"""Host frames: the host pushes camera frames (any buffer) and reduced means from its own loop, with its own
timestamps, and gets a full reading; misuse raises the library's errors."""

import math
import time
from typing import Callable, List, Tuple

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


def push_until_done(session: nfv.Session, samples: List[Tuple[float, float]], frames_until_s: float,
                    make_frame: Callable[[float], object] = dithered_rgb_frame) -> List[object]:
    """The host's loop: one frame (``make_frame(red)``, RGB24) or its means per turn, then the events that are
    ready, without waiting."""
    events: List[object] = []
    for t, red in samples:
        timestamp_us = int(round(t * 1e6))
        if t < frames_until_s:
            feeding = session.submit_frame(make_frame(red), nfv.PixelFormat.RGB24, WIDTH, HEIGHT, timestamp_us)
        else:
            feeding = session.submit_means(timestamp_us, red, 5.0, 20.0, saturated_fraction=0.0)
        if feeding and int(t * 30) % 30 == 0:
            feeding = session.submit_motion(timestamp_us, 0.0, 0.1, 9.8)
        if not feeding:
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
        with pytest.raises(nfv.MisuseError, match="nfv_session_use_host_frames"):
            session.submit_means(1, 170, 5, 20)
        session.use_host_frames(30)
        with pytest.raises(nfv.MisuseError, match="call start first"):
            session.submit_means(1, 170, 5, 20)
        session.start()
        assert session.submit_frame(frame, "rgb24", WIDTH, HEIGHT, 1_000_000) is True
        with pytest.raises(nfv.InvalidArgumentError, match="must increase"):
            session.submit_frame(bytearray(frame), nfv.PixelFormat.RGB24, WIDTH, HEIGHT, 1_000_000)
        with pytest.raises(nfv.InvalidArgumentError, match="too small"):
            session.submit_frame(memoryview(frame)[:-1], nfv.PixelFormat.RGB24, WIDTH, HEIGHT, 1_033_333)
        with pytest.raises(nfv.InvalidArgumentError):
            session.submit_means(1_066_666, 300, 5, 20)
        with pytest.raises(nfv.InvalidArgumentError, match="stride is negative"):
            session.submit_frame(frame, "rgb24", WIDTH, HEIGHT, 1_066_666, stride=-1)
        session.stop()
        # After stop the host is told to stop feeding, without an exception.
        assert session.submit_means(1_100_000, 170, 5, 20) is False
        assert session.submit_frame(frame, "rgb24", WIDTH, HEIGHT, 1_133_333) is False
        assert session.submit_motion(1_133_333, 0, 0, 9.8) is False


def test_submit_returns_false_once_the_duration_is_captured(activated: nfv.LicenseStatus, make_pulse) -> None:
    """A host that feeds until a submit call returns False meets no exception, then reads the result."""
    with nfv.Session({"readingDuration": 5}) as session:
        session.use_host_frames(30)
        session.start()
        fed = 0
        for t, red in make_pulse(RATE_BPM, 30.0, 120.0):
            if not session.submit_means(int(round(t * 1e6)), red, 5.0, 20.0, saturated_fraction=0.0):
                break
            fed += 1
            if fed % 30 == 0:
                time.sleep(0.02)   # lets the session keep up, as a real camera would
        else:
            pytest.fail("every frame was accepted: the session never ended")
        kinds = [event.type for event in session.events(timeout=20)]
    assert "measurementComplete" in kinds, kinds
    assert fed < 120 * 30


def test_a_second_source_is_refused() -> None:
    with nfv.Session() as session:
        session.use_host_frames(30)
        with pytest.raises(nfv.MisuseError, match="A source was already chosen: hostFrames"):
            session.use_simulator(real_time=False)


def test_frame_geometry_as_the_header_states_it(activated: nfv.LicenseStatus) -> None:
    """1x1 RGB and odd 4:2:0 sizes are accepted (chroma planes of ceil(w/2) x ceil(h/2)); one byte short is not."""
    with nfv.Session() as session:
        session.use_host_frames(30)
        session.start()
        assert session.submit_frame(bytes((200, 5, 20)), "rgb24", 1, 1, 1_000_000) is True
        with pytest.raises(nfv.InvalidArgumentError, match="too small"):
            session.submit_frame(bytes(19), nfv.PixelFormat.NV12, 3, 3, 1_033_333)
        assert session.submit_frame(bytes(20), nfv.PixelFormat.NV12, 3, 3, 1_033_333) is True
        with pytest.raises(nfv.InvalidArgumentError, match="too small"):
            session.submit_frame(bytes(26), nfv.PixelFormat.I420, 5, 3, 1_066_666)
        assert session.submit_frame(bytes(27), nfv.PixelFormat.I420, 5, 3, 1_066_666) is True
        with pytest.raises(nfv.InvalidArgumentError, match="16384"):
            session.submit_frame(bytes(64), nfv.PixelFormat.NV12, 16385, 1, 1_100_000)


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
        with pytest.raises(ValueError, match="packed"):
            session.submit_frame(frame[:, ::2], nfv.PixelFormat.BGRA, WIDTH // 2, HEIGHT, 1_066_666)


def test_strided_uint8_views_use_their_row_stride(activated: nfv.LicenseStatus, make_pulse) -> None:
    """Frames that are crops of a larger, black image (rows strides[0] bytes apart), as numpy views (used in place)
    and as strided memoryviews (copied), give the very reading packed frames give: read with the packed row length
    instead, the black margin would pull the red level (``red_dc_mean``) far down."""
    numpy = pytest.importorskip("numpy")
    image = numpy.zeros((HEIGHT + 10, WIDTH + 20, 3), dtype=numpy.uint8)
    window = (slice(5, 5 + HEIGHT), slice(10, 10 + WIDTH))

    def numpy_crop(red: float) -> object:
        image[window] = numpy.frombuffer(dithered_rgb_frame(red), dtype=numpy.uint8).reshape(HEIGHT, WIDTH, 3)
        crop = image[window]
        assert not crop.flags.c_contiguous and crop.strides[0] == (WIDTH + 20) * 3
        return crop

    def memoryview_crop(red: float) -> object:
        return memoryview(numpy_crop(red))   # a strided 3-D memoryview without the numpy interface: copied

    results = []
    for make_frame in (dithered_rgb_frame, numpy_crop, memoryview_crop):
        with nfv.Session({"readingDuration": 20}) as session:
            session.use_host_frames(30)
            session.start()
            events = push_until_done(session, make_pulse(RATE_BPM, 30.0, 45.0), 45.0, make_frame)
        completed = [event for event in events if isinstance(event, nfv.Completed)]
        assert completed, [event.type for event in events]
        results.append(completed[0].result)
    assert results[0].diagnostics["red_dc_mean"] > 160
    for result in results[1:]:
        assert result.diagnostics["red_dc_mean"] == results[0].diagnostics["red_dc_mean"]
        assert (result.heart_rate_bpm, result.rmssd_ms) == (results[0].heart_rate_bpm, results[0].rmssd_ms)


def test_frames_of_other_item_types_are_refused(activated: nfv.LicenseStatus) -> None:
    numpy = pytest.importorskip("numpy")
    with nfv.Session() as session:
        session.use_host_frames(30)
        session.start()
        for dtype in (numpy.uint16, numpy.float32, numpy.int32):
            with pytest.raises(ValueError, match="uint8"):
                session.submit_frame(numpy.zeros((HEIGHT, WIDTH, 3), dtype=dtype), "rgb24", WIDTH, HEIGHT, 1_000_000)


def test_pixel_format_names_are_case_insensitive_and_unknown_ones_refused(activated: nfv.LicenseStatus) -> None:
    frame = dithered_rgb_frame(170.2)
    with nfv.Session() as session:
        session.use_host_frames(30)
        session.start()
        for index, name in enumerate(("bgr", "BGR", "Rgb24", "rgb", " bgr24 ")):
            session.submit_frame(frame, name, WIDTH, HEIGHT, 1_000_000 + index * 33_333)
        with pytest.raises(ValueError, match="unknown pixel format 'bgrx'.*bgr24"):
            session.submit_frame(frame, "bgrx", WIDTH, HEIGHT, 2_000_000)


def test_timestamps_outside_int64_are_refused(activated: nfv.LicenseStatus) -> None:
    frame = dithered_rgb_frame(170.2)
    with nfv.Session() as session:
        session.use_host_frames(30)
        session.start()
        for timestamp in (2**63, -(2**63) - 1, 10**30):
            with pytest.raises(ValueError, match="64-bit"):
                session.submit_frame(frame, "rgb24", WIDTH, HEIGHT, timestamp)
            with pytest.raises(ValueError, match="64-bit"):
                session.submit_means(timestamp, 170, 5, 20)
            with pytest.raises(ValueError, match="64-bit"):
                session.submit_motion(timestamp, 0, 0, 9.8)
        session.submit_frame(frame, "rgb24", WIDTH, HEIGHT, 2**63 - 1)


def test_arguments_ctypes_would_mangle_are_refused_in_python(activated: nfv.LicenseStatus) -> None:
    """A float timestamp would be truncated, a float or huge width wrapped by ctypes, a string cut at its NUL:
    each raises before the C call."""
    frame = dithered_rgb_frame(170.2)
    with nfv.Session() as session:
        session.use_host_frames(30)
        session.start()
        with pytest.raises(TypeError, match="timestamp_us must be an integer, not float"):
            session.submit_frame(frame, "rgb24", WIDTH, HEIGHT, 4.5)
        with pytest.raises(TypeError, match="timestamp_us must be an integer"):
            session.submit_means(1.0, 170, 5, 20)
        with pytest.raises(TypeError, match="width must be an integer"):
            session.submit_frame(frame, "rgb24", float(WIDTH), HEIGHT, 1_000_000)
        with pytest.raises(ValueError, match="stride 4294967296 does not fit a C int"):
            session.submit_frame(frame, "rgb24", WIDTH, HEIGHT, 1_000_000, stride=2**32)
        with pytest.raises(TypeError, match="pixel_format must be an integer"):
            session.submit_frame(frame, 1.5, WIDTH, HEIGHT, 1_000_000)
        with pytest.raises(ValueError, match="does not fit a signed 64-bit integer"):
            session.submit_means(2**63, 170, 5, 20)
        assert session.submit_frame(frame, "rgb24", WIDTH, HEIGHT, 1_000_000) is True
    with pytest.raises(ValueError, match="NUL character"):
        nfv.activate("key\0tail", "app")
