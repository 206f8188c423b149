"""The library's diagnostic log: off by default; state transitions and capture decisions, never metric
values, frames or license contents."""

from __future__ import annotations

import atexit
import logging
import threading
from typing import Any, Callable, List, Optional, Union

from . import _capi

__all__ = ["set_logging"]

LogTarget = Union[logging.Logger, Callable[[str], Any], None]

_lock = threading.Lock()
_installed: List[Any] = []
"""Every log trampoline ever handed to the library. Never released: a library thread may still be inside a replaced
one, and a freed ctypes thunk would send it into unrelated code."""
_reset_registered = False


def _trampoline(target: Union[logging.Logger, Callable[[str], Any]]) -> Any:
    deliver = target.debug if isinstance(target, logging.Logger) else target

    def on_line(user_data: Optional[int], message: bytes) -> None:
        try:
            deliver(message.decode("utf-8", "replace"))
        except Exception:  # noqa: BLE001 — a log sink must never break the library's thread
            pass

    return _capi.LOG_FN(on_line)


def _back_to_standard_error() -> None:
    """At interpreter exit: no library thread may call into Python once it is gone."""
    _capi.library().function("nfv_set_log_callback")(_capi.LOG_FN(), None)


def set_logging(enabled: bool, target: LogTarget = None) -> None:
    """Turns the library's log on or off (process-wide).

    :param target: where lines go while it is on. None: standard error, written by the library itself. A
        ``logging.Logger``: each line at DEBUG level. A callable: called with each line. Either of the last two runs
        on library threads, possibly several at once, so it must be thread-safe and quick; exceptions it raises are
        dropped.
    """
    global _reset_registered
    library = _capi.library()
    with _lock:
        if target is None:
            library.function("nfv_set_log_callback")(_capi.LOG_FN(), None)
        else:
            trampoline = _trampoline(target)
            _installed.append(trampoline)
            library.function("nfv_set_log_callback")(trampoline, None)
            if not _reset_registered:
                atexit.register(_back_to_standard_error)
                _reset_registered = True
        library.function("nfv_set_logging")(1 if enabled else 0)
