"""Passing Python sequences and buffers (bytes, bytearray, memoryview, array.array, numpy arrays) to C without a
copy where the buffer allows it."""

from __future__ import annotations

import array
import ctypes
from typing import Any, Optional, Tuple, Union

__all__ = ["byte_pointer", "double_array"]

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
