"""The ctypes layer: finds and loads libNeurofitVitals, declares every function's signature, turns statuses into
exceptions and library strings into Python strings (freed with ``nfv_string_free``).

Lookup order: the ``NFV_LIBRARY`` environment variable (a path), the copy bundled next to this package (wheels), then
``ctypes.util.find_library("NeurofitVitals")``. The library is loaded on first use, not at import.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import threading
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .errors import LibraryLoadError, NeurofitVitalsError, UnavailableFunctionError, error_from_dict

__all__ = ["library", "call", "json_out", "take_string", "take_json", "status_name", "encode", "static_string",
           "event_type", "last_error", "ABI_VERSION", "OK", "TIMEOUT", "DONE"]

ABI_VERSION = 1
"""The ABI this binding speaks (``NFV_ABI_VERSION``); a library reporting another one is refused."""
OK, TIMEOUT, DONE = 0, 100, 101
"""``NFV_OK``, ``NFV_TIMEOUT`` and ``NFV_DONE``."""
BUNDLED_NAME = "libNeurofitVitals.so.1"
"""File name of the library a wheel bundles inside the package."""

_status = ctypes.c_int
_session = ctypes.c_void_p
_out_string = ctypes.POINTER(ctypes.c_void_p)
_doubles = ctypes.POINTER(ctypes.c_double)
EVENT_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)
"""``nfv_event_fn``. The Session class never uses it; benchmarks compare against it."""
EVENT_FN_V2 = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p)
"""``nfv_event_fn_v2``: the event with its ``nfv_event_kind``."""
RELEASE_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
"""``nfv_release_fn``."""
LOG_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)
"""``nfv_log_fn``."""
PREVIEW_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int64,
                              ctypes.c_void_p)
"""``nfv_preview_callback`` (the pixels arrive as an address)."""

# name: (restype, argtypes). Strings the caller frees come back through c_void_p out-parameters.
_SIGNATURES: Dict[str, Tuple[Any, List[Any]]] = {
    "nfv_version_number": (ctypes.c_uint, []),
    "nfv_version_string": (ctypes.c_char_p, []),
    "nfv_engine_version_string": (ctypes.c_char_p, []),
    "nfv_build_date": (ctypes.c_char_p, []),
    "nfv_abi_version": (ctypes.c_uint, []),
    "nfv_status_name": (ctypes.c_char_p, [_status]),
    "nfv_last_error_code": (_status, []),
    "nfv_last_error_message": (ctypes.c_char_p, []),
    "nfv_last_error_retryable": (ctypes.c_int, []),
    "nfv_last_error_json": (ctypes.c_void_p, []),
    "nfv_string_free": (None, [ctypes.c_void_p]),
    "nfv_set_logging": (None, [ctypes.c_int]),
    "nfv_set_log_callback": (None, [LOG_FN, ctypes.c_void_p]),
    "nfv_activate": (_status, [ctypes.c_char_p, ctypes.c_char_p]),
    "nfv_license_status": (_status, [_out_string]),
    "nfv_session_new": (_status, [ctypes.c_char_p, ctypes.POINTER(_session)]),
    "nfv_session_destroy": (None, [_session]),
    "nfv_session_use_host_frames": (_status, [_session, ctypes.c_int]),
    "nfv_session_use_simulator": (_status, [_session, ctypes.c_char_p]),
    "nfv_session_set_callback": (_status, [_session, EVENT_FN, ctypes.c_void_p]),
    "nfv_session_set_callback_v2": (_status, [_session, EVENT_FN_V2, ctypes.c_void_p, RELEASE_FN]),
    "nfv_session_set_preview_callback": (_status, [_session, PREVIEW_FN, ctypes.c_void_p, ctypes.c_int]),
    "nfv_session_start": (_status, [_session]),
    "nfv_session_next_event": (_status, [_session, ctypes.c_int, _out_string]),
    "nfv_session_next_event_v2": (_status, [_session, ctypes.c_int, ctypes.POINTER(ctypes.c_int), _out_string]),
    "nfv_event_kind_name": (ctypes.c_char_p, [ctypes.c_int]),
    "nfv_session_cancel_reading": (_status, [_session, ctypes.c_char_p]),
    "nfv_session_set_auto_start": (_status, [_session, ctypes.c_int]),
    "nfv_session_stop": (_status, [_session]),
    "nfv_session_state": (_status, [_session, _out_string]),
    "nfv_session_submit_frame": (_status, [_session, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                                           ctypes.c_int, ctypes.c_int, ctypes.c_int64]),
    "nfv_session_submit_means": (_status, [_session, ctypes.c_int64, ctypes.c_double, ctypes.c_double,
                                           ctypes.c_double, ctypes.c_double]),
    "nfv_session_submit_motion": (_status, [_session, ctypes.c_int64, ctypes.c_double, ctypes.c_double,
                                            ctypes.c_double]),
    # Announced; absent from older libraries (looked up, bound when present).
    "nfv_analyze": (_status, [_doubles, _doubles, _doubles, _doubles, ctypes.c_size_t, ctypes.c_char_p,
                              _out_string]),
    "nfv_compare": (_status, [ctypes.c_char_p, ctypes.c_char_p, _out_string]),
    "nfv_cameras": (_status, [_out_string]),
    "nfv_device_support": (_status, [ctypes.c_char_p, _out_string]),
    "nfv_camera_access": (_status, [ctypes.c_char_p, _out_string]),
    "nfv_session_use_camera": (_status, [_session, ctypes.c_char_p]),
    "nfv_session_use_replay": (_status, [_session, ctypes.c_char_p, ctypes.c_int]),
    "nfv_session_record": (_status, [_session, ctypes.c_char_p]),
    "nfv_session_get_auto_start": (_status, [_session, ctypes.POINTER(ctypes.c_int)]),
}


class Library:
    """The loaded library: a ``ctypes.CDLL`` (never ``PyDLL``: blocking calls must release the GIL) whose
    functions all have their signatures declared."""

    def __init__(self, handle: ctypes.CDLL, path: str) -> None:
        self.path = path
        """Where the library was loaded from."""
        self._functions: Dict[str, Any] = {}
        for name, (restype, argtypes) in _SIGNATURES.items():
            try:
                function = getattr(handle, name)
            except AttributeError:
                continue
            function.restype = restype
            function.argtypes = argtypes
            self._functions[name] = function

    def has(self, name: str) -> bool:
        """Whether the loaded library exports ``name``."""
        return name in self._functions

    def function(self, name: str) -> Any:
        """The bound C function; UnavailableFunctionError when this library predates it."""
        try:
            return self._functions[name]
        except KeyError:
            raise UnavailableFunctionError(
                f"{name} is not in the loaded library ({self.path}); it needs a newer libNeurofitVitals") from None


_loaded: Optional[Library] = None
_load_lock = threading.Lock()


def _candidates() -> Sequence[str]:
    """Library paths to try, in lookup order."""
    from_environment = os.environ.get("NFV_LIBRARY")
    if from_environment:
        return [from_environment]
    found: List[str] = []
    bundled = Path(__file__).resolve().parent / BUNDLED_NAME
    if bundled.exists():
        found.append(str(bundled))
    system = ctypes.util.find_library("NeurofitVitals")
    if system:
        found.append(system)
    return found


def _open(path: str) -> Library:
    try:
        handle = ctypes.CDLL(path)
    except OSError as error:
        raise LibraryLoadError(f"cannot load libNeurofitVitals from {path}: {error}") from error
    library = Library(handle, path)
    abi = library.function("nfv_abi_version")()
    if abi != ABI_VERSION:
        raise LibraryLoadError(f"{path} has ABI version {abi}; this binding needs {ABI_VERSION}")
    return library


def library() -> Library:
    """The process's library, loaded on first use (thread-safe)."""
    global _loaded
    if _loaded is None:
        with _load_lock:
            if _loaded is None:
                candidates = _candidates()
                if not candidates:
                    raise LibraryLoadError("libNeurofitVitals not found: set NFV_LIBRARY to its path, install a "
                                           "wheel that bundles it, or install it where the linker looks")
                _loaded = _open(candidates[0])
    return _loaded


def last_error() -> NeurofitVitalsError:
    """The calling thread's last library error as an exception (read right after the failing call)."""
    lib = library()
    pointer = lib.function("nfv_last_error_json")()
    if not pointer:
        message = lib.function("nfv_last_error_message")().decode("utf-8", "replace")
        name = status_name(lib.function("nfv_last_error_code")())
        return error_from_dict({"code": name, "message": message,
                                "retryable": bool(lib.function("nfv_last_error_retryable")())})
    return error_from_dict(json.loads(take_string(pointer)))


def call(name: str, *arguments: Any, accept: Tuple[int, ...] = (OK,)) -> int:
    """Calls a status-returning function; raises the library's error unless the status is in ``accept``."""
    status = library().function(name)(*arguments)
    if status not in accept:
        raise last_error()
    return int(status)


def take_string(pointer: Optional[int]) -> str:
    """Reads a ``char *`` the library handed over and frees it with ``nfv_string_free``."""
    if not pointer:
        return ""
    try:
        return ctypes.string_at(pointer).decode("utf-8")
    finally:
        library().function("nfv_string_free")(pointer)


def take_json(pointer: Optional[int]) -> Any:
    """Parses and frees a JSON string the library handed over."""
    return json.loads(take_string(pointer))


def json_out(name: str, *arguments: Any) -> Any:
    """Calls ``name(*arguments, &out)`` and returns the parsed JSON it wrote to ``out``."""
    out = ctypes.c_void_p()
    call(name, *arguments, ctypes.byref(out))
    return take_json(out.value)


def status_name(status: int) -> str:
    """The library's stable name of a status code ("noHeartRate", …)."""
    name: bytes = library().function("nfv_status_name")(status)
    return name.decode("ascii")


def encode(text: Optional[str]) -> Optional[bytes]:
    """A Python string as the NUL-terminated UTF-8 the C API takes (None stays NULL). A string holding a NUL
    character raises ValueError: C would see only the part before it."""
    if text is None:
        return None
    if "\0" in text:
        raise ValueError(f"the string {text[:40]!r}… holds a NUL character: the C API would read only the part "
                         "before it")
    return text.encode("utf-8")


def static_string(name: str) -> str:
    """The text of a function returning a static ``const char *``."""
    text: bytes = library().function(name)()
    return text.decode("utf-8")




_event_types: Dict[int, str] = {}


def event_type(kind: int) -> str:
    """The event ``type`` the loaded library names an ``nfv_event_kind`` value by (``nfv_event_kind_name``), or ""
    for a kind it does not know; asked once per kind."""
    name = _event_types.get(kind)
    if name is None:
        text: Optional[bytes] = library().function("nfv_event_kind_name")(kind)
        name = _event_types.setdefault(kind, text.decode("utf-8") if text else "")
    return name
