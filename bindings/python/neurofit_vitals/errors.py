"""Exceptions: one class per ``nfv_status`` error code (generated in ``_wire.py`` from the contract), each carrying
the library's message and ``retryable``, and the binding's own load and availability errors."""

from __future__ import annotations

from typing import Any, Mapping, Optional, Type

from ._bases import NeurofitVitalsError
from ._wire import (CameraPermissionDeniedError, CameraUnavailableError, ERROR_CLASSES, InternalError,
                    InvalidArgumentError, LicenseInvalidError, MisuseError, NoHeartRateError, NotActivatedError,
                    UnsupportedDeviceError)

__all__ = [
    "NeurofitVitalsError", "NotActivatedError", "LicenseInvalidError", "CameraPermissionDeniedError",
    "CameraUnavailableError", "UnsupportedDeviceError", "NoHeartRateError", "InternalError",
    "InvalidArgumentError", "MisuseError", "UnavailableFunctionError", "LibraryLoadError", "error_for_code",
]


class UnavailableFunctionError(NeurofitVitalsError, NotImplementedError):
    """The loaded library predates a function this binding offers; a newer libNeurofitVitals has it."""

    code = "unavailableFunction"


class LibraryLoadError(OSError):
    """libNeurofitVitals could not be found or loaded, or its ABI version differs from this binding's."""


_BY_CODE: Mapping[str, Type[NeurofitVitalsError]] = {cls.code: cls for cls in ERROR_CLASSES}


def error_for_code(code: str, message: str, retryable: bool = False,
                   reason: Optional[str] = None) -> NeurofitVitalsError:
    """The exception for a library error code (the base class, keeping ``code``, for codes this binding does not
    know)."""
    cls = _BY_CODE.get(code)
    if cls is None:
        return NeurofitVitalsError(message, retryable, code=code, reason=reason)
    return cls(message, retryable, reason=reason)


def error_from_dict(data: Mapping[str, Any]) -> NeurofitVitalsError:
    """The exception for a library error object ``{"code": …, "message": …, "retryable": …, "reason": …}``."""
    reason = data.get("reason")
    return error_for_code(str(data.get("code", "unknown")), str(data.get("message", "")),
                          bool(data.get("retryable", False)), None if reason is None else str(reason))
