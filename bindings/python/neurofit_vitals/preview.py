"""``PreviewFrame``: a small RGB picture of what the source sees (:meth:`Session.on_preview`)."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any, Callable

from . import _capi

__all__ = ["PreviewFrame", "PreviewCallback"]


@dataclass(frozen=True)
class PreviewFrame:
    """One preview: ``width`` x ``height`` (``width`` <= 160) packed R, G, B bytes, rows ``width * 3`` bytes apart,
    showing the frame at ``timestamp`` (its sample time, in seconds)."""

    width: int
    height: int
    rgb: bytes
    timestamp: float

    def array(self) -> Any:
        """A read-only ``numpy`` view of shape (height, width, 3), dtype uint8, without a copy.

        :raises ImportError: numpy is not installed.
        """
        import numpy  # an optional dependency, imported only here

        return numpy.frombuffer(self.rgb, dtype=numpy.uint8).reshape(self.height, self.width, 3)


PreviewCallback = Callable[[PreviewFrame], Any]
"""Receives each preview frame on the library's preview thread."""


def preview_function(callback: PreviewCallback, on_error: Callable[[BaseException], None]) -> Any:
    """The C callback that copies each frame into a :class:`PreviewFrame` for ``callback``; what it raises goes to
    ``on_error``."""

    def receive(rgb: Any, width: int, height: int, stride: int, timestamp_us: int, _user: Any) -> None:
        try:
            row = width * 3
            data = ctypes.string_at(rgb, stride * (height - 1) + row)
            if stride != row:
                data = b"".join(data[y * stride:y * stride + row] for y in range(height))
            callback(PreviewFrame(width, height, data, timestamp_us / 1e6))
        except BaseException as error:  # noqa: B902 — kept and re-raised on the owner's thread
            on_error(error)

    return _capi.PREVIEW_FN(receive)

