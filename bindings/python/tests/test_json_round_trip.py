"""Every event, result, cancel context and state the library sends maps onto the dataclasses with no key left
over, and back to the identical JSON object; unknown types and keys pass through (docs/events.md)."""

import json
from typing import Any, Dict, List

import neurofit_vitals as nfv
from neurofit_vitals import _capi, _wire
from neurofit_vitals._records import Record

# No finger at first, a lifted finger 12 s into the first reading (a contactLost cancel), then a full reading.
SCENARIO_SIMULATOR = {"realTime": False, "seed": 3, "heartRateBpm": 64,
                      "scenario": [{"at": 0, "for": 3, "condition": "noContact"},
                                   {"at": 18, "for": 4, "condition": "lifted"}]}


def raw_events(session: nfv.Session) -> List[Dict[str, Any]]:
    events = []
    while True:
        item = session._core.pull(10_000)
        if item is None:
            raise AssertionError("no event within 10 s")
        if not isinstance(item, tuple):
            return events
        kind, text = item
        events.append(json.loads(text))
        by_kind = {cls.kind: cls.type for cls in _wire.EVENT_CLASSES}
        assert by_kind[kind] == events[-1]["type"], (kind, text)   # the library's kind names the type


def assert_maps_completely(record: Record, data: Dict[str, Any]) -> None:
    """Each known key sits in its attribute, nothing is left in ``extra``, and ``to_dict`` rebuilds ``data``."""
    assert record.to_dict() == data
    assert dict(record.extra) == {}, (type(record).__name__, dict(record.extra))
    for attribute, key, decode, _, _, _ in record._key_table():
        if key in data:
            assert getattr(record, attribute) == decode(data[key]), (type(record).__name__, attribute)
        value = getattr(record, attribute)
        if isinstance(value, Record):
            assert_maps_completely(value, data[key])


def test_every_event_of_a_reading_with_a_cancel_round_trips() -> None:
    with nfv.Session() as session:
        session.use_simulator(SCENARIO_SIMULATOR)
        session.start()
        events = raw_events(session)
        state = _capi.json_out("nfv_session_state", session._core.handle)
    kinds = {event["type"] for event in events}
    assert {"state", "guidance", "started", "preview", "heartbeat", "cancelled", "measurementComplete",
            "completed"} <= kinds, kinds
    for data in events:
        event = nfv.parse_event(data)
        assert not isinstance(event, nfv.UnknownEvent), data
        assert_maps_completely(event, data)
    cancelled = next(nfv.parse_event(data) for data in events if data["type"] == "cancelled")
    assert cancelled.reason == nfv.CancelReason.CONTACT_LOST and cancelled.detail == "contact_lost"
    assert cancelled.context.effective_fps > 0 and cancelled.context.engine == "neurofit_vitals"
    record = nfv.State.from_dict(state)
    assert_maps_completely(record, dict(state, type="state"))
    assert record.state == "completed" and record.result.heart_rate_bpm > 0


def test_a_failed_reading_round_trips_its_error() -> None:
    with nfv.Session({"readingDuration": 2}) as session:  # too short for a heart rate
        session.use_simulator(real_time=False)
        session.start()
        events = raw_events(session)
    failures = [data for data in events if data["type"] == "failed" or data.get("state") == "failed"]
    assert len(failures) == 2, [data["type"] for data in events]
    for data in failures:
        event = nfv.parse_event(data)
        assert_maps_completely(event, data)
        assert event.error.code == "noHeartRate" and event.error.retryable is False


def test_unknown_types_and_keys_pass_through() -> None:
    later = {"type": "somethingNew", "value": 3}
    event = nfv.parse_event(later)
    assert isinstance(event, nfv.UnknownEvent) and event.type == "somethingNew" and event.to_dict() == later
    preview = {"type": "preview", "elapsed": 3, "progress": 0.05, "abortRisk": "soon", "signalLevel": "great",
               "newMetric": {"a": [1, 2]}}
    event = nfv.parse_event(preview)
    assert isinstance(event, nfv.Preview)
    assert event.abort_risk == "soon" and event.signal_level == "great" and event.extra == {"newMetric": {"a": [1, 2]}}
    assert event.to_dict() == preview


def test_a_known_type_missing_a_required_key_arrives_unknown() -> None:
    event = nfv.parse_event({"type": "guidance", "startProgress": 0.5})
    assert isinstance(event, nfv.UnknownEvent) and event.type == "guidance"
