"""The result of a reading (docs/events.md), its error counterpart, and the pre/post comparison of two readings.
The types are generated from the contract (``_wire.py``); this module compares readings."""

from __future__ import annotations

import json
from typing import Any, Mapping, Optional, Union

from . import _capi
from ._bases import MetricChange, TextEnum
from ._wire import (BreathingRateConfidence, ChangeAssessment, ErrorInfo, HeartRateSource, METRIC_ATTRIBUTES, Result,
                    SignalQuality)

__all__ = ["Result", "ErrorInfo", "SignalQuality", "BreathingRateConfidence", "HeartRateSource", "MetricChange",
           "ChangeAssessment", "compare", "VitalsChange", "TextEnum"]


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
    ``nfv_compare``: a change is beyond typical variation when ``abs(delta)`` exceeds the metric's threshold (the
    contract's; see ``ChangeAssessment``). Raises InvalidArgumentError for text that is not a result object."""
    assessment = _capi.json_out("nfv_compare", _capi.encode(_as_json(baseline)), _capi.encode(_as_json(follow_up)))
    return ChangeAssessment(**{field: _change(assessment.get(key)) for key, field in METRIC_ATTRIBUTES})


class VitalsChange:
    """The iOS SDK's name for the comparison: ``VitalsChange.compare(baseline, follow_up)`` is :func:`compare`."""

    compare = staticmethod(compare)
