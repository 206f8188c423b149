"""Session events (docs/events.md) as frozen dataclasses, one class per ``type``.

Attributes use snake_case for the JSON's camelCase keys. Enumerated values are enum members when this binding
knows them and plain strings otherwise; keys it does not know are kept in ``extra``, and a ``type`` it does not
know arrives as :class:`UnknownEvent`. ``event.to_dict()`` gives back the library's JSON object.
"""

from __future__ import annotations

import dataclasses
import json
from types import MappingProxyType
from typing import Any, ClassVar, Dict, Mapping, Optional, Tuple, Type, Union

from ._contract import EVENT_KINDS
from ._records import extra_field, MissingKeyError, Record, enum_or_raw, frozen_mapping, json_field
from .results import ErrorInfo, Result, TextEnum

__all__ = [
    "Event", "State", "Guidance", "Started", "Preview", "Heartbeat", "Cancelled", "ReconfiguringCamera",
    "RecoverableError", "RecordingError", "MeasurementComplete", "Completed", "Failed", "UnknownEvent", "CancelContext",
    "SessionPhase", "GuidanceKind", "CancelReason", "SignalLevel", "AbortRisk", "parse_event", "event_from_json",
    "event_of_kind", "AnyEvent",
]

_EMPTY: Mapping[str, Any] = MappingProxyType({})


class SessionPhase(TextEnum):
    """A session's lifecycle state (docs/behaviour.md, "States")."""

    IDLE = "idle"
    POSITIONING = "positioning"
    MEASURING = "measuring"
    FINALIZING = "finalizing"
    COMPLETED = "completed"
    FAILED = "failed"


class GuidanceKind(TextEnum):
    """What the user should do while positioning (first match wins, in this order)."""

    NO_CONTACT = "noContact"
    FRAME_DROP = "frameDrop"
    WEAK_SIGNAL = "weakSignal"
    LOW_QUALITY = "lowQuality"
    COMPLIANT = "compliant"


class CancelReason(TextEnum):
    """Why a reading was abandoned (the public reason; ``Cancelled.detail`` has the detail token)."""

    CONTACT_LOST = "contactLost"
    POOR_SIGNAL = "poorSignal"
    INTERRUPTED = "interrupted"
    CANCELLED_BY_APP = "cancelledByApp"


class SignalLevel(TextEnum):
    """Live signal level: strong ≥ 0.80, good ≥ 0.65, fair ≥ 0.50, else weak."""

    STRONG = "strong"
    GOOD = "good"
    FAIR = "fair"
    WEAK = "weak"


class AbortRisk(TextEnum):
    """Distance to the no-low-discard-estimate cancel."""

    NONE = "none"
    WARN = "warn"
    IMMINENT = "imminent"


def _enum(enum_type: Type[TextEnum]) -> Any:
    return lambda value: enum_or_raw(enum_type, value)


def _unset_is_minus_one(value: Any) -> Any:
    return None if value == -1 else value


def _minus_one_if_unset(value: Any) -> Any:
    return -1 if value is None else value


def _minus_one_field(key: str) -> Any:
    """A number the cancel context always sends, -1 meaning unknown; None in Python."""
    return json_field(key, decode=_unset_is_minus_one, encode=_minus_one_if_unset, always=True)


@dataclasses.dataclass(frozen=True)
class CancelContext(Record):
    """Facts about the moment of a cancel, for logs (the iOS SDK's ``CancelContext.toDictionary()``); the
    library's -1 for an unknown number is None here."""

    reason: str = json_field("reason", required=True)
    """The cancel's detail token."""
    effective_fps: int = json_field("effective_fps", required=True)
    """The camera's frame-rate tier."""
    device_model: str = json_field("device_model", required=True)
    """The camera's name and bus id, or the source's description."""
    engine: str = json_field("engine", required=True)
    """Always "neurofit_vitals"."""
    refine_mode: str = json_field("refine_mode", required=True)
    """An opaque per-platform engine constant."""
    elapsed_s: Optional[float] = _minus_one_field("elapsed_s")
    """Seconds into the attempt."""
    quality_score: Optional[float] = _minus_one_field("quality_score")
    """The live quality score."""
    red_dc: Optional[float] = _minus_one_field("red_dc")
    """Red mean of the last measuring frame."""
    exposure_iso: Optional[float] = _minus_one_field("exposure_iso")
    """The camera's exposure gain figure."""
    exposure_tune_steps: Optional[int] = _minus_one_field("exposure_tune_steps")
    """Exposure tuner steps taken."""
    exposure_in_band: Optional[bool] = json_field("exposure_in_band")
    """Whether the red mean is within the exposure band, when known."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class Event(Record):
    """Base class of every event; ``type`` is the JSON ``type``."""

    type: ClassVar[str] = ""

    @classmethod
    def _implicit_keys(cls) -> Tuple[str, ...]:
        return ("type",)

    def to_dict(self) -> Dict[str, Any]:
        data = super().to_dict()
        data["type"] = self.type
        return data


@dataclasses.dataclass(frozen=True)
class State(Event):
    """A state transition (not the measuring ticks); also what :attr:`Session.state` returns."""

    type: ClassVar[str] = "state"
    state: Union[SessionPhase, str] = json_field(required=True, decode=_enum(SessionPhase))
    """The new state."""
    elapsed: Optional[float] = json_field()
    """Seconds since the reading started, while measuring."""
    result: Optional[Result] = json_field(decode=Result.from_dict)
    """The result, when completed."""
    error: Optional[ErrorInfo] = json_field(decode=ErrorInfo.from_dict)
    """The error, when failed."""
    t: Optional[float] = json_field()
    """Sample time (seconds, the source's clock) of the latest frame when the event arose; None without one."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class Guidance(Event):
    """About once per second while positioning."""

    type: ClassVar[str] = "guidance"
    guidance: Union[GuidanceKind, str] = json_field(required=True, decode=_enum(GuidanceKind))
    """What the user should do."""
    start_progress: float = json_field(required=True)
    """0…1: fills while the fingertip is steady; the reading starts when full."""
    t: Optional[float] = json_field()
    """Sample time (seconds, the source's clock) of the latest frame when the event arose; None without one."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class Started(Event):
    """A reading started; an empty :class:`Preview` follows."""

    type: ClassVar[str] = "started"
    t: Optional[float] = json_field()
    """Sample time (seconds, the source's clock) of the latest frame when the event arose; None without one."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class Preview(Event):
    """About once per second while measuring: provisional values, for display only."""

    type: ClassVar[str] = "preview"
    elapsed: float = json_field(required=True)
    """Seconds since the reading started."""
    progress: float = json_field(required=True)
    """0…1 of the reading's duration."""
    abort_risk: Union[AbortRisk, str] = json_field(decode=_enum(AbortRisk), absent=AbortRisk.NONE)
    """Distance to the no-low-discard-estimate cancel."""
    heart_rate_bpm: Optional[float] = json_field()
    """Provisional heart rate."""
    rmssd_ms: Optional[float] = json_field()
    """Provisional RMSSD, from about 20 s; sticky once shown."""
    breathing_rate_brpm: Optional[float] = json_field()
    """Provisional breathing rate, from about 30 s."""
    signal_level: Union[SignalLevel, str, None] = json_field(decode=_enum(SignalLevel))
    """None in the empty preview that follows :class:`Started`."""
    t: Optional[float] = json_field()
    """Sample time (seconds, the source's clock) of the latest frame when the event arose; None without one."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class Heartbeat(Event):
    """One detected beat while measuring."""

    type: ClassVar[str] = "heartbeat"
    ibi_ms: Optional[float] = json_field()
    """Interval since the previous beat, ms; None for the attempt's first beat."""
    t: Optional[float] = json_field()
    """Sample time (seconds, the source's clock) of the latest frame when the event arose; None without one."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class Cancelled(Event):
    """The reading was abandoned; positioning resumes (or the session idles without auto-restart)."""

    type: ClassVar[str] = "cancelled"
    reason: Union[CancelReason, str] = json_field(required=True, decode=_enum(CancelReason))
    """The public reason."""
    detail: Optional[str] = json_field()
    """The detail token ("contact_lost", "low_quality", …) or the host's reason."""
    context: Optional[CancelContext] = json_field(decode=CancelContext.from_dict)
    """Facts for logs."""
    t: Optional[float] = json_field()
    """Sample time (seconds, the source's clock) of the latest frame when the event arose; None without one."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class ReconfiguringCamera(Event):
    """The camera drops to a lower frame-rate tier in place."""

    type: ClassVar[str] = "reconfiguringCamera"
    fps_tier: Optional[int] = json_field()
    """The new tier."""
    low_power_mode: Optional[bool] = json_field()
    """Always false on Linux (kept for parity with the iOS SDK)."""
    t: Optional[float] = json_field()
    """Sample time (seconds, the source's clock) of the latest frame when the event arose; None without one."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class RecoverableError(Event):
    """A camera problem the session recovers from (one per session)."""

    type: ClassVar[str] = "recoverableError"
    error: Optional[str] = json_field()
    """Its kind ("cameraStalled", …)."""
    t: Optional[float] = json_field()
    """Sample time (seconds, the source's clock) of the latest frame when the event arose; None without one."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class RecordingError(Event):
    """Writing the recording failed (disk full, file removed); the reading goes on without it."""

    type: ClassVar[str] = "recordingError"
    error: ErrorInfo = json_field(required=True, decode=ErrorInfo.from_dict)
    """What failed."""
    t: Optional[float] = json_field()
    """Sample time (seconds, the source's clock) of the latest frame when the event arose; None without one."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class MeasurementComplete(Event):
    """The full duration was captured; the result follows."""

    type: ClassVar[str] = "measurementComplete"
    t: Optional[float] = json_field()
    """Sample time (seconds, the source's clock) of the latest frame when the event arose; None without one."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class Completed(Event):
    """The result; the session has ended."""

    type: ClassVar[str] = "completed"
    result: Result = json_field(required=True, decode=Result.from_dict)
    """The reading's result."""
    t: Optional[float] = json_field()
    """Sample time (seconds, the source's clock) of the latest frame when the event arose; None without one."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class Failed(Event):
    """The session ended without a result; ``error.exception()`` gives the matching exception."""

    type: ClassVar[str] = "failed"
    error: ErrorInfo = json_field(required=True, decode=ErrorInfo.from_dict)
    """Why."""
    t: Optional[float] = json_field()
    """Sample time (seconds, the source's clock) of the latest frame when the event arose; None without one."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


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

_BY_TYPE: Mapping[str, Type[Event]] = {
    cls.type: cls for cls in (State, Guidance, Started, Preview, Heartbeat, Cancelled, ReconfiguringCamera,
                              RecoverableError, RecordingError, MeasurementComplete, Completed, Failed)
}


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
    cls = _BY_TYPE.get(EVENT_KINDS.get(kind, ""))
    if cls is not None:
        try:
            return cls.from_dict(data)
        except (MissingKeyError, TypeError, ValueError):
            pass
    return UnknownEvent(type=str(data.get("type", "")), data=frozen_mapping(data))
