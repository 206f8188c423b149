"""Preview frames: a host-frames session hands ``on_preview`` small red pictures of a red stream, within the rate
asked for, and refuses a bad rate or a late call."""

import threading
import time
from typing import List

import pytest

import neurofit_vitals as nfv

WIDTH, HEIGHT, FPS = 320, 240, 30


def test_red_frames_give_red_previews_at_the_asked_rate(activated: nfv.LicenseStatus) -> None:
    frames: List[nfv.PreviewFrame] = []
    lock = threading.Lock()

    def keep(frame: nfv.PreviewFrame) -> None:
        with lock:
            frames.append(frame)

    red = bytes((180, 5, 20)) * (WIDTH * HEIGHT)
    with nfv.Session({"autoRestartAfterCancel": False}) as session:
        session.use_host_frames(FPS)
        with pytest.raises(nfv.InvalidArgumentError, match="max_fps"):
            session.on_preview(keep, max_fps=61)
        session.on_preview(keep, max_fps=10)
        session.start()
        with pytest.raises(nfv.MisuseError):
            session.on_preview(keep)
        for index in range(3 * FPS):
            assert session.submit_frame(red, nfv.PixelFormat.RGB24, WIDTH, HEIGHT, 1_000_000 + index * 33_333)
            time.sleep(0.002)
        deadline = time.monotonic() + 2
        while not frames and time.monotonic() < deadline:
            time.sleep(0.01)
    with lock:
        assert 1 <= len(frames) <= 3 * 10 + 1
        first = frames[0]
        assert (first.width, first.height, len(first.rgb)) == (160, 120, 160 * 120 * 3)
        assert first.rgb == bytes((180, 5, 20)) * (160 * 120)
        assert all(b.timestamp - a.timestamp >= 0.099 for a, b in zip(frames, frames[1:]))
        assert 1.0 <= first.timestamp < 4.0


def test_array_is_a_numpy_view() -> None:
    numpy = pytest.importorskip("numpy")
    frame = nfv.PreviewFrame(2, 1, bytes((1, 2, 3, 4, 5, 6)), 0.5)
    view = frame.array()
    assert view.shape == (1, 2, 3) and view.dtype == numpy.uint8
    assert view[0, 1].tolist() == [4, 5, 6]
