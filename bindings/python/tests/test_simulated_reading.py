"""A simulated reading (the engine's synthetic finger, as fast as the session consumes) in each delivery mode:
pull on the caller's thread, callback on the binding's dispatch thread, asyncio; stop from another thread and from
inside a callback; every event's sample time and the result's diagnostics keys; a restart after a cancel to idle
(simulator and replay); a reader waiting on a session that never started."""

import asyncio
import gc
import threading
import time
from pathlib import Path
from typing import List

import pytest

import neurofit_vitals as nfv
from conftest import FAST_SIMULATOR


def simulated_session(**kwargs: object) -> nfv.Session:
    session = nfv.Session(**kwargs)  # type: ignore[arg-type]
    session.use_simulator(FAST_SIMULATOR)
    return session


def types_of(events: List[object]) -> List[str]:
    return [event.type for event in events]  # type: ignore[attr-defined]


def test_pull_mode_reading_completes_with_the_simulated_heart_rate() -> None:
    with simulated_session() as session:
        events: List[nfv.Event] = []
        result = session.run(on_event=events.append, timeout=30)
        assert session.ended
        state = session.state
    assert abs(result.heart_rate_bpm - 72) < 3
    assert result.quality in (nfv.SignalQuality.CLEAN, nfv.SignalQuality.USABLE)
    assert result.sdk_version == nfv.library_info().version and result.id and result.captured_at_datetime is not None
    kinds = types_of(events)
    assert kinds[-1] == "completed" or kinds[-2] == "completed"
    assert kinds.index("started") < kinds.index("preview") < kinds.index("measurementComplete") < kinds.index(
        "completed")
    assert isinstance(events[kinds.index("started") + 1], nfv.Preview)
    assert events[kinds.index("started") + 1].signal_level is None
    intervals = [event.ibi_ms for event in events if isinstance(event, nfv.Heartbeat) and event.ibi_ms]
    assert len(intervals) > 40 and 700 < sum(intervals) / len(intervals) < 960
    assert state.state == nfv.SessionPhase.COMPLETED and state.result == result


def test_callback_mode_runs_on_the_dispatch_thread_and_sees_the_same_events() -> None:
    seen: List[nfv.Event] = []
    threads = set()

    def on_event(event: nfv.AnyEvent) -> None:
        threads.add(threading.current_thread().name)
        seen.append(event)

    with simulated_session(callback=on_event) as session:
        result = session.run(timeout=30)
    with simulated_session() as session:
        session.start()
        pulled = list(session.events(timeout=30))
    assert threads == {"neurofit_vitals-dispatch"}
    assert types_of(seen) == types_of(pulled)
    assert seen[-1] == pulled[-1] or isinstance(seen[-1], nfv.State)
    assert abs(result.heart_rate_bpm - 72) < 3


def test_async_for_yields_the_events_on_the_loop_thread() -> None:
    async def consume() -> List[str]:
        loop_thread = threading.current_thread()
        kinds = []
        with simulated_session() as session:
            session.start()
            async for event in session:
                assert threading.current_thread() is loop_thread
                kinds.append(event.type)
        return kinds

    kinds = asyncio.run(consume())
    assert "completed" in kinds and kinds.count("preview") > 50


def test_pulls_are_refused_in_callback_mode() -> None:
    with simulated_session(callback=lambda event: None) as session:
        with pytest.raises(nfv.InvalidArgumentError, match="callback"):
            session.next_event(0)


def test_stop_inside_the_callback_ends_the_stream_without_a_result() -> None:
    seen: List[nfv.Event] = []

    def stop_when_started(event: nfv.AnyEvent) -> None:
        seen.append(event)
        if isinstance(event, nfv.Started):
            session.stop()

    session = simulated_session(callback=stop_when_started)
    with session:
        session.start()
        assert session.wait(20)
        assert session.state.state == nfv.SessionPhase.IDLE
    kinds = types_of(seen)
    assert "started" in kinds and "completed" not in kinds and "measurementComplete" not in kinds


def test_close_inside_the_callback_does_not_wait_for_itself() -> None:
    closed = threading.Event()

    def close_on_first(event: nfv.AnyEvent) -> None:
        session.close()
        closed.set()

    session = simulated_session(callback=close_on_first)
    session.start()
    assert closed.wait(10)
    assert session.wait(10) and session.closed
    with pytest.raises(nfv.InvalidArgumentError, match="closed"):
        session.start()


def test_stop_from_another_thread_ends_a_real_time_reading() -> None:
    with nfv.Session() as session:
        session.use_simulator(real_time=True)
        session.start()
        timer = threading.Timer(0.3, session.stop)
        timer.start()
        began = time.monotonic()
        kinds = [event.type for event in session.events(timeout=10)]
        timer.join()
        assert time.monotonic() - began < 5
        with pytest.raises(nfv.MisuseError, match="stopped"):
            session.run()
    assert "completed" not in kinds


def test_events_time_out_when_nothing_comes() -> None:
    with nfv.Session() as session:
        session.use_simulator(real_time=True)
        assert session.next_event(timeout=0) is None and not session.ended
        with pytest.raises(TimeoutError):
            next(iter(session.events(timeout=0.05)))


def test_starting_twice_is_a_misuse_error_with_the_library_message() -> None:
    with simulated_session() as session:
        session.start()
        with pytest.raises(nfv.MisuseError, match="already running") as raised:
            session.start()
    assert raised.value.code == "misuse" and raised.value.retryable is False


def test_dropping_the_last_reference_destroys_the_session_in_both_modes() -> None:
    from neurofit_vitals import _capi
    for callback in (None, lambda event: None):
        session = nfv.Session(callback=callback)
        session.use_simulator(real_time=True)
        session.start()
        handle, core = session._core.handle, session._core
        del session
        gc.collect()
        assert core.ended.wait(5), "the dispatch thread (if any) sees the end"
        with pytest.raises(nfv.InvalidArgumentError, match="not a live handle"):
            _capi.call("nfv_session_stop", handle)


def test_auto_start_is_held_by_the_library_before_and_after_start() -> None:
    with simulated_session() as session:
        assert session.auto_start is True
        session.auto_start = False
        assert session.auto_start is False
        session.start()
        assert session.auto_start is False, "the setup's choice reaches the running session"
        session.auto_start = True
        assert session.auto_start is True


# The result's diagnostics keys of the reference record that a simulated reading has (docs/mapping.md lists the ones
# left out and those that need a camera).
REFERENCE_DIAGNOSTICS = [
    "engine", "engine_version", "hr_source", "refine_mode", "effective_fps", "signal_quality",
    "quality_passed_fraction", "discard_ratio", "saturation_frac", "measured_fps", "frame_interval_cv",
    "frame_drop_compliance_error_count", "amplitude", "spectral_concentration", "snr_db", "skewness", "live_sq_at_15s",
    "live_sq_at_30s", "early_mean_quality_score", "early_min_quality_score", "early_mean_amplitude",
    "live_sq_max_withheld_run", "live_sq_withheld_estimates", "live_sq_total_estimates", "live_sq_withheld_seq",
    "early_mean_discard_ratio", "early_max_discard_ratio", "motion_samples", "gate_enabled", "gate_merged_fix_enabled",
    "red_dc_mean"]


def test_events_carry_their_sample_time_and_the_result_the_reference_diagnostics() -> None:
    with simulated_session() as session:
        session.start()
        events = list(session.events(timeout=30))
    times = [event.t for event in events[1:]]
    assert events[0].t is None and isinstance(events[0], nfv.State), "only the opening state may come untimed"
    assert all(t is not None for t in times), [event.type for event in events[1:] if event.t is None]
    assert times == sorted(times) and times[-1] > 60
    completed = next(event for event in events if isinstance(event, nfv.Completed))
    missing = [key for key in REFERENCE_DIAGNOSTICS if key not in completed.result.diagnostics]
    assert missing == []
    assert len(completed.result.diagnostics["live_sq_withheld_seq"]) == \
        completed.result.diagnostics["live_sq_total_estimates"]


@pytest.mark.parametrize("source", ["simulator", "replay"])
def test_a_restart_after_a_cancel_to_idle_positions_on_the_sources_new_clock(source: str, tmp_path: Path) -> None:
    """The simulator's clock, or a replay's recording, starts again on the second start: so does positioning, and
    the reading starts within seconds of it."""
    recording = tmp_path / "simulated.nfvrec"
    if source == "replay":
        with simulated_session() as session:
            session.record(str(recording))
            session.run(timeout=30)
    with nfv.Session({"autoRestartAfterCancel": False}) as session:
        if source == "replay":
            session.use_replay(str(recording), real_time=False)
        else:
            session.use_simulator(FAST_SIMULATOR)
        session.start()
        after_cancel: List[nfv.Event] = []  # from the preview that asked for the cancel
        for event in session.events(timeout=10):
            if isinstance(event, nfv.Preview) and event.elapsed >= 5 and not after_cancel:
                session.cancel_reading("again")
                after_cancel.append(event)
            elif after_cancel:
                after_cancel.append(event)
            if isinstance(event, nfv.State) and event.state == nfv.SessionPhase.IDLE:
                break
        assert session.state.state == nfv.SessionPhase.IDLE
        cancels = [event for event in after_cancel if isinstance(event, nfv.Cancelled)]
        assert [cancel.reason for cancel in cancels] == [nfv.CancelReason.CANCELLED_BY_APP]
        assert after_cancel[-1].t > 12, "the first attempt ran for a while (started at 7–9 s, cancelled 5 s in)"
        session.start()
        second = list(session.events(timeout=10))
    started = next(event for event in second if isinstance(event, nfv.Started))
    assert started.t < 10, "positioning followed the new clock"
    assert any(isinstance(event, nfv.Completed) for event in second)


def test_a_session_never_started_waits_its_whole_timeout_and_ends_when_closed_meanwhile() -> None:
    session = nfv.Session()
    began = time.monotonic()
    assert session.next_event(timeout=0.2) is None
    assert time.monotonic() - began >= 0.19 and not session.ended, "a start may still come: no spin, no end"
    closer = threading.Timer(0.3, session.close)
    closer.start()
    began = time.monotonic()
    assert session.next_event(timeout=None) is None
    closer.join()
    assert session.ended and time.monotonic() - began < 5
