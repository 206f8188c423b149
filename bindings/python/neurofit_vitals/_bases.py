"""What the generated wire types (``_wire.py``) build on: the string enum, the event and exception base classes, and
the behaviour a result and an error object add to their generated fields."""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime
from enum import Enum
from typing import Any, ClassVar, Dict, Optional, Tuple, TYPE_CHECKING

from ._records import Record

if TYPE_CHECKING:
    from ._wire import Result


class TextEnum(str, Enum):
    """A string enum that prints as its value (values this binding does not know stay plain strings)."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class Event(Record):
    """Base class of every event; ``type`` is the JSON ``type``."""

    type: ClassVar[str] = ""
    kind: ClassVar[int] = 0
    """The ``nfv_event_kind`` of the type."""

    @classmethod
    def _implicit_keys(cls) -> Tuple[str, ...]:
        return ("type",)

    def to_dict(self) -> Dict[str, Any]:
        data = super().to_dict()
        data["type"] = self.type
        return data


class NeurofitVitalsError(Exception):
    """An error the library reported: its stable ``code`` (docs/behaviour.md, "Errors"), an English ``message``
    for logs and whether retrying the same call can help (``retryable``). Subclasses map one code each; an unknown
    code (a newer library) raises this base class with that code."""

    code: str = "unknown"
    """The stable code, as in the library's JSON error objects ("notActivated", …)."""
    status: Optional[int] = None
    """The C ``nfv_status`` value, when the code has one."""
    default_retryable: bool = False
    """Whether an error of this code is retryable unless the library says otherwise."""

    def __init__(self, message: str, retryable: bool = False, code: Optional[str] = None,
                 reason: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        """English text for logs; never shown to users as is."""
        self.retryable = retryable
        """True when retrying the call that failed can help (a busy camera, say)."""
        self.reason = reason
        """A stable name for why, when the code has several: for LicenseInvalidError "malformed",
        "badSignature", "updatesExpired", "appNotListed" or "noTrustedKey"; else None."""
        if code is not None:
            self.code = code

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r}, retryable={self.retryable})"

    def __str__(self) -> str:
        return self.message

    def to_dict(self) -> Dict[str, Any]:
        """The library's error object: ``{"code": …, "message": …, "retryable": …}``, and ``"reason"`` when
        set."""
        data: Dict[str, Any] = {"code": self.code, "message": self.message, "retryable": self.retryable}
        if self.reason is not None:
            data["reason"] = self.reason
        return data


class ResultMethods:
    """What a result adds to its fields: its time as a datetime and its JSON text."""

    @property
    def captured_at_datetime(self) -> Optional[datetime]:
        """``captured_at`` as an aware UTC datetime."""
        captured_at = getattr(self, "captured_at")
        if captured_at is None:
            return None
        return datetime.fromisoformat(captured_at.replace("Z", "+00:00"))

    def to_json(self) -> str:
        """The result as JSON text (store it; :func:`compare` and :meth:`from_json` read it back)."""
        return json.dumps(getattr(self, "to_dict")(), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "Result":
        """A result from its JSON text."""
        return getattr(cls, "from_dict")(json.loads(text))


class ErrorInfoMethods:
    """What an error object adds to its fields: the matching exception."""

    def exception(self) -> NeurofitVitalsError:
        """The matching exception (NoHeartRateError for "noHeartRate", …), ready to raise."""
        from .errors import error_from_dict
        return error_from_dict(getattr(self, "to_dict")())


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
