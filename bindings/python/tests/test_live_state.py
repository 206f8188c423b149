"""Session.state while a host-frames reading runs (positioning once start returns, measuring with the latest
preview's elapsed), and the positioning time-out that ends a session whose frames never show a fingertip."""

from typing import List

import neurofit_vitals as nfv

FPS = 30


def drain(session: nfv.Session) -> List[object]:
    """The events ready now, waiting briefly for those the session is still producing from frames already in."""
    events: List[object] = []
    event = session.next_event(timeout=2)
    while event is not None:
        events.append(event)
        event = session.next_event(timeout=2)
    return events


def test_state_is_positioning_at_start_then_measuring_with_the_latest_elapsed(activated: nfv.LicenseStatus,
                                                                                 make_pulse) -> None:
    with nfv.Session({"readingDuration": 60}) as session:
        session.use_host_frames(FPS)
        assert session.state.state == nfv.SessionPhase.IDLE
        session.start()
        assert session.state.state == nfv.SessionPhase.POSITIONING, "start returns with positioning in force"
        for t, red in make_pulse(66.0, FPS, 20.0):
            session.submit_means(int(round(t * 1e6)), red, 5.0, 20.0, saturated_fraction=0.0)
        events = drain(session)
        previews = [event for event in events if isinstance(event, nfv.Preview)]
        assert any(isinstance(event, nfv.Started) for event in events), [event.type for event in events]
        assert len(previews) >= 5 and previews[-1].elapsed >= 5
        state = session.state
        assert state.state == nfv.SessionPhase.MEASURING
        assert state.elapsed == previews[-1].elapsed, "elapsed ticks with the previews"
        measuring_states = [event for event in events
                            if isinstance(event, nfv.State) and event.state == nfv.SessionPhase.MEASURING]
        assert len(measuring_states) == 1, "no state event for the ticking elapsed"


def test_a_positioning_time_out_fails_the_session_naming_the_guidance(activated: nfv.LicenseStatus) -> None:
    with nfv.Session({"advanced": {"positioningTimeoutSeconds": 5}}) as session:
        session.use_host_frames(FPS)
        session.start()
        for index in range(FPS * 10):
            try:
                if session.submit_means(1_000_000 + index * 33_333, 20.0, 5.0, 20.0) is False:
                    break
            except nfv.MisuseError:
                break
        events = list(session.events(timeout=20))
        assert session.state.state == nfv.SessionPhase.FAILED
    failures = [event for event in events if isinstance(event, nfv.Failed)]
    assert len(failures) == 1, [event.type for event in events]
    assert failures[0].error.code == "noHeartRate"
    assert "Positioning timed out" in failures[0].error.message and "noContact" in failures[0].error.message
