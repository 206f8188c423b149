"""The result of a reading (docs/events.md), its error counterpart, and the pre/post comparison of two readings."""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime
from enum import Enum, IntEnum
from types import MappingProxyType
from typing import Any, Mapping, Optional, Tuple, Union

from . import _capi
from ._records import extra_field, Record, enum_or_raw, frozen_mapping, json_field
from .errors import NeurofitVitalsError, error_from_dict

__all__ = ["Result", "ErrorInfo", "SignalQuality", "BreathingRateConfidence", "MetricChange", "ChangeAssessment",
           "compare", "VitalsChange", "TextEnum"]


class TextEnum(str, Enum):
    """A string enum that prints as its value (values this binding does not know stay plain strings)."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class SignalQuality(IntEnum):
    """Quality tier of a result: 3 clean, 2 usable, 1 withheld (HRV values withheld)."""

    CLEAN = 3
    USABLE = 2
    WITHHELD = 1


class BreathingRateConfidence(TextEnum):
    """How far to trust the breathing rate: from motion (high), a strong (medium) or weaker (low) camera estimate."""

    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclasses.dataclass(frozen=True)
class Result(Record):
    """A completed reading (the ``result`` of ``completed`` and of :func:`neurofit_vitals.analyze`).

    Optional metrics are None when withheld. ``diagnostics`` holds the engine's snake_case keys; ``extra`` any key this
    binding does not know. ``id``, ``captured_at`` and ``sdk_version`` are None for a batch :func:`analyze`.
    """

    heart_rate_bpm: float = json_field(required=True)
    """Heart rate, beats per minute."""
    quality: Union[SignalQuality, int] = json_field(required=True, decode=lambda v: enum_or_raw(SignalQuality, v))
    """3 clean, 2 usable, 1 withheld."""
    rmssd_ms: Optional[float] = json_field()
    """HRV as RMSSD, ms."""
    sdnn_ms: Optional[float] = json_field()
    """SDNN, ms."""
    baevsky_stress_index: Optional[float] = json_field()
    """Baevsky stress index (raw SI)."""
    sd2sd1: Optional[float] = json_field()
    """Poincaré SD2/SD1 ratio."""
    breathing_rate_brpm: Optional[float] = json_field()
    """Breathing rate, breaths per minute; present exactly when ``breathing_rate_confidence`` is."""
    breathing_rate_confidence: Union[BreathingRateConfidence, str, None] = json_field(
        decode=lambda v: enum_or_raw(BreathingRateConfidence, v))
    """high / medium / low."""
    id: Optional[str] = json_field()
    """Unique id of the reading (UUID text)."""
    captured_at: Optional[str] = json_field()
    """When the reading was captured: the wall-clock time of its session's first frame, ISO 8601 UTC
    ("2026-05-01T09:30:00Z"), never later than the result; see :attr:`captured_at_datetime`."""
    sdk_version: Optional[str] = json_field()
    """Version of the SDK that produced the reading."""
    engine_version: Optional[str] = json_field()
    """Version of the signal-processing engine."""
    duration_seconds: Optional[float] = json_field()
    """Seconds of signal analysed."""
    confidence: Optional[float] = json_field()
    """HRV confidence, else heart-rate confidence, 0…1."""
    flags: Tuple[str, ...] = json_field(decode=tuple, absent=())
    """Why values were withheld or what the engine noticed (stable snake_case names)."""
    diagnostics: Mapping[str, Any] = json_field(decode=frozen_mapping, absent=_EMPTY)
    """The engine's snake_case diagnostics (optionals absent when their step did not run)."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""

    @property
    def captured_at_datetime(self) -> Optional[datetime]:
        """``captured_at`` as an aware UTC datetime."""
        if self.captured_at is None:
            return None
        return datetime.fromisoformat(self.captured_at.replace("Z", "+00:00"))

    def to_json(self) -> str:
        """The result as JSON text (store it; :func:`compare` and :meth:`from_json` read it back)."""
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "Result":
        """A result from its JSON text."""
        return cls.from_dict(json.loads(text))


@dataclasses.dataclass(frozen=True)
class ErrorInfo(Record):
    """An error as events carry it (``failed``, a ``state`` that failed): code, message and ``retryable``."""

    code: str = json_field(required=True)
    """Stable code (docs/behaviour.md, "Errors"), "noHeartRate" for example."""
    message: str = json_field(required=True)
    """English message for logs."""
    retryable: bool = json_field(absent=False)
    """Whether retrying can help."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""

    def exception(self) -> NeurofitVitalsError:
        """The matching exception (NoHeartRateError for "noHeartRate", …), ready to raise."""
        return error_from_dict(self.to_dict())


@dataclasses.dataclass(frozen=True)
class MetricChange:
    """One metric of a pre/post comparison."""

    baseline: float
    """The value in the baseline reading."""
    follow_up: float
    """The value in the follow-up reading."""
    delta: float
    """``follow_up - baseline``."""
    beyond_typical_variation: Optional[bool]
    """``abs(delta) > threshold``; None for metrics without a threshold."""


@dataclasses.dataclass(frozen=True)
class ChangeAssessment:
    """The iOS SDK's ``VitalsChange`` comparison; a metric is None when either reading lacks it."""

    heart_rate_bpm: Optional[MetricChange]
    """Threshold 5 bpm."""
    rmssd_ms: Optional[MetricChange]
    """Threshold 10 ms."""
    breathing_rate_brpm: Optional[MetricChange]
    """Threshold 2 brpm."""
    sdnn_ms: Optional[MetricChange]
    """No threshold."""
    baevsky_stress_index: Optional[MetricChange]
    """No threshold."""
    sd2sd1: Optional[MetricChange]
    """No threshold."""


# Result keys of the compared metrics, with the ChangeAssessment field each fills.
_METRICS: Tuple[Tuple[str, str], ...] = (
    ("heartRateBpm", "heart_rate_bpm"), ("rmssdMs", "rmssd_ms"), ("breathingRateBrpm", "breathing_rate_brpm"),
    ("sdnnMs", "sdnn_ms"), ("baevskyStressIndex", "baevsky_stress_index"), ("sd2sd1", "sd2sd1"),
)

ResultLike = Union[Result, Mapping[str, Any], str]


def _as_json(value: ResultLike) -> str:
    if isinstance(value, Result):
        return value.to_json()
    if isinstance(value, str):
        return value
    return json.dumps(dict(value))


def _change(entry: Optional[Mapping[str, Any]]) -> Optional[MetricChange]:
    if entry is None:
        return None
    return MetricChange(baseline=entry["baseline"], follow_up=entry["followUp"], delta=entry["delta"],
                        beyond_typical_variation=entry["beyondTypicalVariation"])


def compare(baseline: ResultLike, follow_up: ResultLike) -> ChangeAssessment:
    """Compares two readings (Result objects, result dictionaries or result JSON texts) with the library's
    ``nfv_compare``: a change is beyond typical variation when ``abs(delta)`` exceeds 5 bpm (heart rate),
    10 ms (RMSSD) or 2 brpm (breathing rate). Raises InvalidArgumentError for text that is not a result object."""
    assessment = _capi.json_out("nfv_compare", _capi.encode(_as_json(baseline)), _capi.encode(_as_json(follow_up)))
    return ChangeAssessment(**{field: _change(assessment[key]) for key, field in _METRICS})


class VitalsChange:
    """The iOS SDK's name for the comparison: ``VitalsChange.compare(baseline, follow_up)`` is :func:`compare`."""

    compare = staticmethod(compare)
