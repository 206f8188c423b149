"""Passing Python sequences and buffers (bytes, bytearray, memoryview, array.array, numpy arrays) to C without a
copy where the buffer allows it."""

from __future__ import annotations

import array
import ctypes
import operator
from typing import Any, Optional, Tuple, Union

__all__ = ["byte_pointer", "c_int", "double_array", "frame_pointer", "int64_timestamp"]

_INT64 = range(-(2**63), 2**63)
_C_INT = range(-(2**31), 2**31)

BufferLike = Union[bytes, bytearray, memoryview, Any]


def byte_pointer(data: BufferLike) -> Tuple[ctypes.c_void_p, int, Any]:
    """(pointer, size in bytes, object to keep alive during the call) for any C-contiguous buffer.

    Writable buffers (bytearray, writable numpy arrays) and bytes are passed in place; other read-only buffers are
    copied once.
    """
    if isinstance(data, bytes):
        return ctypes.cast(ctypes.c_char_p(data), ctypes.c_void_p), len(data), data
    view = memoryview(data)
    if not view.c_contiguous:
        raise ValueError("the frame buffer must be C-contiguous")
    size = view.nbytes
    if size == 0:
        return ctypes.c_void_p(), 0, view
    flat = view.cast("B")
    if flat.readonly:
        holder: Any = (ctypes.c_char * size).from_buffer_copy(flat)
    else:
        holder = (ctypes.c_char * size).from_buffer(flat)
    return ctypes.cast(holder, ctypes.c_void_p), size, (holder, flat, view)


def frame_pointer(data: BufferLike) -> Tuple[ctypes.c_void_p, int, int, Any]:
    """(pointer, size in bytes, row stride or 0, object to keep alive) for a frame's pixels.

    Every buffer must hold ``uint8`` items (else ValueError). C-contiguous ones are used as :func:`byte_pointer`
    uses them, row stride 0. A 2-D
    (rows x bytes) or 3-D (rows x columns x channels) view may be strided: its rows may lie
    ``strides[0]`` bytes apart (a crop of a larger image) as long as each row is packed. A numpy view is used in
    place; another strided view is copied row by row.
    """
    if isinstance(data, bytes):
        return (*byte_pointer(data)[:2], 0, data)
    view = memoryview(data)
    if view.format not in ("B", "=B", "<B", ">B", "c"):
        raise ValueError(f"frame pixels must be uint8, not items of format {view.format!r}")
    if view.ndim <= 1 or view.c_contiguous:
        pointer, size, keep_alive = byte_pointer(view)
        return pointer, size, 0, keep_alive
    if view.ndim > 3 or view.strides[-1] != 1 or (view.ndim == 3 and view.strides[1] != view.shape[2]) \
            or view.strides[0] < view.nbytes // view.shape[0]:
        raise ValueError("frame pixels must be a 2-D or 3-D uint8 view whose rows are packed and ascending "
                         f"(shape {view.shape}, strides {view.strides})")
    row_bytes = view.nbytes // view.shape[0]
    interface = getattr(data, "__array_interface__", None)
    if interface is not None and view.shape[0] > 0:
        size = view.strides[0] * (view.shape[0] - 1) + row_bytes
        return ctypes.c_void_p(interface["data"][0]), size, view.strides[0], (data, view)
    packed = bytearray(view.tobytes())
    pointer, size, keep_alive = byte_pointer(packed)
    return pointer, size, row_bytes, keep_alive


def _integer(value: Any, name: str) -> int:
    """``value`` as an int when it is an integer (int, numpy integers; not bool, float or str), else TypeError."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an integer, not bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer, not {type(value).__name__} ({value!r}): a float would be "
                        "truncated") from None


def int64_timestamp(value: int) -> int:
    """``value`` as an int: TypeError unless it is an integer (a float timestamp would lose its fraction), ValueError
    when it does not fit the C API's signed 64-bit microseconds."""
    number = _integer(value, "timestamp_us")
    if number not in _INT64:
        raise ValueError(f"timestamp {number} µs does not fit a signed 64-bit integer")
    return number


def c_int(value: Any, name: str) -> int:
    """``value`` as a C ``int`` argument: TypeError unless it is an integer, ValueError outside the C int range
    (ctypes would otherwise wrap it silently)."""
    number = _integer(value, name)
    if number not in _C_INT:
        raise ValueError(f"{name} {number} does not fit a C int")
    return number


def double_array(values: Any, name: str) -> Tuple[Any, int]:
    """(``double *``, count) for a sequence of numbers or a 1-D buffer; float64 buffers are used in place."""
    view: Optional[memoryview]
    try:
        view = memoryview(values)
    except TypeError:
        view = None
    if view is not None and view.format in ("d", "<d", "=d") and view.ndim == 1 and view.c_contiguous:
        if view.readonly:
            holder: Any = (ctypes.c_double * len(view)).from_buffer_copy(view)
        else:
            holder = (ctypes.c_double * len(view)).from_buffer(view)
        return holder, len(view)
    try:
        converted = array.array("d", values if view is None or view.ndim == 1 else view.tolist())
    except TypeError as error:
        raise ValueError(f"{name} must be a sequence of numbers or a 1-D numeric buffer") from error
    return (ctypes.c_double * len(converted)).from_buffer(converted), len(converted)
