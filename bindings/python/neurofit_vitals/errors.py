"""Exceptions: one class per ``nfv_status`` error code, each carrying the library's message and ``retryable``."""

from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Type

from ._contract import ERROR_STATUS

__all__ = [
    "NeurofitVitalsError", "NotActivatedError", "LicenseInvalidError", "CameraPermissionDeniedError",
    "CameraUnavailableError", "UnsupportedDeviceError", "NoHeartRateError", "InternalError",
    "InvalidArgumentError", "MisuseError", "UnavailableFunctionError", "LibraryLoadError", "error_for_code",
]


class NeurofitVitalsError(Exception):
    """An error the library reported: its stable ``code`` (docs/behaviour.md, "Errors"), an English ``message``
    for logs and whether retrying the same call can help (``retryable``). Subclasses map one code each; an unknown
    code (a newer library) raises this base class with that code."""

    code: str = "unknown"
    """The stable code, as in the library's JSON error objects ("notActivated", …)."""
    status: Optional[int] = None
    """The C ``nfv_status`` value, when the code has one."""

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


class NotActivatedError(NeurofitVitalsError):
    """``nfv_activate`` has not succeeded in this process (sources other than the simulator need it)."""

    code = "notActivated"
    status = ERROR_STATUS[code]


class LicenseInvalidError(NeurofitVitalsError):
    """The license key was rejected; the message names the check that failed."""

    code = "licenseInvalid"
    status = ERROR_STATUS[code]


class CameraPermissionDeniedError(NeurofitVitalsError, PermissionError):
    """The process may not open the camera device; the message says what to change (the ``video`` group, say)."""

    code = "cameraPermissionDenied"
    status = ERROR_STATUS[code]


class CameraUnavailableError(NeurofitVitalsError):
    """The camera could not be opened (busy, gone) or stopped and could not be restored."""

    code = "cameraUnavailable"
    status = ERROR_STATUS[code]


class UnsupportedDeviceError(NeurofitVitalsError):
    """No camera format reaches 20 fps at a width of 640 or more; the message says why."""

    code = "unsupportedDevice"
    status = ERROR_STATUS[code]


class NoHeartRateError(NeurofitVitalsError):
    """The reading was captured but no trustworthy heart rate could be recovered."""

    code = "noHeartRate"
    status = ERROR_STATUS[code]


class InternalError(NeurofitVitalsError):
    """An unexpected condition: a bug in the library or a failure of the system (no thread, no memory)."""

    code = "internalError"
    status = ERROR_STATUS[code]


class InvalidArgumentError(NeurofitVitalsError, ValueError):
    """Misuse of the API: a bad value, bad JSON or configuration, a closed session."""

    code = "invalidArgument"
    status = ERROR_STATUS[code]


class MisuseError(NeurofitVitalsError, RuntimeError):
    """A call the session's state does not allow: starting it twice, choosing its source after start, submitting
    frames while it is not running, asking a stopped session for its result."""

    code = "misuse"
    status = ERROR_STATUS[code]


class UnavailableFunctionError(NeurofitVitalsError, NotImplementedError):
    """The loaded library predates a function this binding offers; a newer libNeurofitVitals has it."""

    code = "unavailableFunction"


class LibraryLoadError(OSError):
    """libNeurofitVitals could not be found or loaded, or its ABI version differs from this binding's."""


_BY_CODE: Mapping[str, Type[NeurofitVitalsError]] = {
    cls.code: cls for cls in (NotActivatedError, LicenseInvalidError, CameraPermissionDeniedError,
                              CameraUnavailableError, UnsupportedDeviceError, NoHeartRateError, InternalError,
                              InvalidArgumentError, MisuseError)
}


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
