"""Session events (docs/events.md) as frozen dataclasses, one class per ``type`` (generated from the contract in
``_wire.py``), and the parser that picks the class for a JSON object.

Attributes use snake_case for the JSON's camelCase keys. Enumerated values are enum members when this binding
knows them and plain strings otherwise; keys it does not know are kept in ``extra``, and a ``type`` it does not
know arrives as :class:`UnknownEvent`. ``event.to_dict()`` gives back the library's JSON object.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Dict, Mapping, Type, Union

from ._bases import Event
from ._records import MissingKeyError, frozen_mapping
from ._wire import (AbortRisk, CancelContext, CancelReason, Cancelled, Completed, EVENT_CLASSES, Failed, Guidance,
                    GuidanceKind, Heartbeat, MeasurementComplete, Preview, ReconfiguringCamera, RecordingError,
                    RecoverableError, SessionPhase, SignalLevel, Started, State)

__all__ = [
    "Event", "State", "Guidance", "Started", "Preview", "Heartbeat", "Cancelled", "ReconfiguringCamera",
    "RecoverableError", "RecordingError", "MeasurementComplete", "Completed", "Failed", "UnknownEvent", "CancelContext",
    "SessionPhase", "GuidanceKind", "CancelReason", "SignalLevel", "AbortRisk", "parse_event", "event_from_json",
    "event_of_kind", "AnyEvent",
]


@dataclasses.dataclass(frozen=True)
class UnknownEvent:
    """An event whose ``type`` this binding does not know (a newer library), or that lacks a key its type needs."""

    type: str
    """The JSON ``type``."""
    data: Mapping[str, Any]
    """The whole JSON object."""

    def to_dict(self) -> Dict[str, Any]:
        """The library's JSON object."""
        return dict(self.data)


AnyEvent = Union[Event, UnknownEvent]
"""What the event calls return: a known event or an UnknownEvent (annotate callbacks with it)."""

_BY_TYPE: Mapping[str, Type[Event]] = {cls.type: cls for cls in EVENT_CLASSES}
_BY_KIND: Mapping[int, Type[Event]] = {cls.kind: cls for cls in EVENT_CLASSES}


def parse_event(data: Mapping[str, Any]) -> AnyEvent:
    """The event for a JSON object from the library."""
    event_type = str(data.get("type", ""))
    cls = _BY_TYPE.get(event_type)
    if cls is not None:
        try:
            return cls.from_dict(data)
        except (MissingKeyError, TypeError, ValueError):
            pass
    return UnknownEvent(type=event_type, data=frozen_mapping(data))


def event_from_json(text: str) -> AnyEvent:
    """The event for a JSON text from the library."""
    return parse_event(json.loads(text))


def event_of_kind(kind: int, text: str) -> AnyEvent:
    """The event for a JSON text the library handed with its ``nfv_event_kind`` (the kind chooses the class)."""
    data = json.loads(text)
    cls = _BY_KIND.get(kind)
    if cls is not None:
        try:
            return cls.from_dict(data)
        except (MissingKeyError, TypeError, ValueError):
            pass
    return UnknownEvent(type=str(data.get("type", "")), data=frozen_mapping(data))
