"""Accelerometer samples: where submit_motion is taken (host frames; a camera, tested under the fake camera in
Tests/camera) and where it is refused (the simulator, replays), and the diagnostics that say where a reading's
motion came from (docs/camera.md, "The accelerometer")."""

import math
from pathlib import Path
from typing import List

import pytest

import neurofit_vitals as nfv
from conftest import FAST_SIMULATOR


def completed_result(session: nfv.Session) -> nfv.Result:
    events: List[object] = list(session.events(timeout=30))
    results = [event.result for event in events if isinstance(event, nfv.Completed)]
    assert results, [getattr(event, "type", event) for event in events]
    return results[0]


def read_host_frames(pulse, motion_every: int) -> nfv.Result:
    """A 20-second host-frames reading, with a motion sample after every `motion_every`-th frame (0: none)."""
    with nfv.Session({"readingDuration": 20}) as session:
        session.use_host_frames(30)
        session.start()
        for index, (t, red) in enumerate(pulse):
            timestamp_us = int(round(t * 1e6))
            feeding = session.submit_means(timestamp_us, red, 5.0, 20.0, saturated_fraction=0.0)
            if feeding and motion_every and index % motion_every == 0:
                sway = 0.3 * math.sin(2 * math.pi * 0.25 * t)
                feeding = session.submit_motion(timestamp_us + 1, 0.0, sway, 9.8)
            if not feeding:
                break
        return completed_result(session)


def test_host_motion_is_reported_as_host_with_its_count_and_rate(activated: nfv.LicenseStatus, make_pulse) -> None:
    pulse = make_pulse(66.0, 30.0, 45.0)
    diagnostics = read_host_frames(pulse, motion_every=1).diagnostics
    assert diagnostics["motion_source"] == "host"
    assert diagnostics["motion_sample_count"] > 20 * 25
    assert abs(diagnostics["motion_rate_hz"] - 30.0) < 0.5
    without = read_host_frames(pulse, motion_every=0).diagnostics
    assert without["motion_source"] == "none" and without["motion_sample_count"] == 0
    assert "motion_rate_hz" not in without


def test_bad_motion_samples_are_refused_and_the_reading_goes_on(activated: nfv.LicenseStatus) -> None:
    with nfv.Session() as session:
        session.use_host_frames(30)
        with pytest.raises(nfv.MisuseError, match="call start first"):
            session.submit_motion(1, 0, 0, 9.8)
        session.start()
        assert session.submit_motion(1_000_000, 0, 0, 9.8) is True
        with pytest.raises(nfv.InvalidArgumentError, match="must increase"):
            session.submit_motion(1_000_000, 0, 0, 9.8)
        for x in (float("nan"), float("inf"), 1000.0):
            with pytest.raises(nfv.InvalidArgumentError, match="finite"):
                session.submit_motion(1_020_000, x, 0, 9.8)
        assert session.submit_motion(1_020_000, 0, 0, 9.8) is True


def test_the_simulator_and_replays_take_no_motion_from_the_host(tmp_path: Path) -> None:
    path = tmp_path / "simulated.nfvrec"
    with nfv.Session() as session:
        session.use_simulator(FAST_SIMULATOR)
        session.record(str(path))
        with pytest.raises(nfv.MisuseError, match=r"source \(simulated\) takes no motion samples"):
            session.submit_motion(1, 0, 0, 9.8)
        session.start()
        with pytest.raises(nfv.MisuseError, match="takes no motion samples"):
            session.submit_motion(1, 0, 0, 9.8)
        live = completed_result(session)
    assert live.diagnostics["motion_source"] == "simulated" and live.diagnostics["motion_sample_count"] > 0
    with nfv.Session() as session:
        session.use_replay(str(path), real_time=False)
        session.start()
        with pytest.raises(nfv.MisuseError, match=r"source \(replay\) takes no motion samples"):
            session.submit_motion(1, 0, 0, 9.8)
        replayed = completed_result(session)
    assert replayed.diagnostics == live.diagnostics


def test_device_support_says_whether_an_accelerometer_was_found() -> None:
    support = nfv.device_support()
    assert isinstance(support.has_accelerometer, bool)
    assert (support.accelerometer is not None) == support.has_accelerometer
    if support.accelerometer is not None:
        assert support.accelerometer.startswith("iio:")
