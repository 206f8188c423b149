"""``Session``: one reading, from a camera, the simulated finger, host frames or a recording replay.

Events are pulled on the caller's thread (``for event in session.events()``, ``async for event in session``) or,
with ``callback=``, handed to the callback on a Python dispatch thread this binding owns. The library's own event
thread never runs Python code: a foreign-thread ctypes callback costs ~11 µs of thread-state setup per event and
loses ``threading.local`` (bench/bench_events.py measures it), so callback mode is pull mode on a thread of ours.
"""

from __future__ import annotations

import asyncio
import ctypes
import json
import sys
import threading
import time
import traceback
import weakref
from typing import Any, AsyncIterator, Callable, Iterator, Mapping, Optional, Union

from . import _capi
from ._buffers import BufferLike, c_int, frame_pointer, int64_timestamp
from ._records import camel_case
from ._wire import PixelFormat
from .errors import InvalidArgumentError, MisuseError, NeurofitVitalsError
from .events import AnyEvent, Completed, Failed, MeasurementComplete, State, event_of_kind
from .preview import PreviewCallback, preview_function
from .results import Result

__all__ = ["Session", "PixelFormat", "EventCallback"]

EventCallback = Callable[[AnyEvent], Any]
"""A callback mode consumer: called with each event, one at a time, in order, on the session's dispatch thread."""

_SLICE_MS = 200
"""Longest single wait inside the library, so Ctrl-C and ``close()`` are noticed between waits."""
_ENDED = object()
_FEEDING = (_capi.OK, _capi.DONE)
"""What a submit call may return without an error: accepted, or ``NFV_DONE`` (the session needs no more frames)."""


_PIXEL_FORMAT_ALIASES = {"rgb": PixelFormat.RGB24, "bgr": PixelFormat.BGR24}


def pixel_format_value(pixel_format: Union[PixelFormat, int, str]) -> int:
    """The ``nfv_pixel_format`` value of a PixelFormat, an int, or a name in any case ("bgr24", "BGR", "nv12")."""
    if not isinstance(pixel_format, str):
        return c_int(pixel_format, "pixel_format")
    name = pixel_format.strip().lower()
    if name in _PIXEL_FORMAT_ALIASES:
        return _PIXEL_FORMAT_ALIASES[name]
    if name.upper() in PixelFormat.__members__:
        return PixelFormat[name.upper()]
    known = ", ".join([member.lower() for member in PixelFormat.__members__] + list(_PIXEL_FORMAT_ALIASES))
    raise ValueError(f"unknown pixel format {pixel_format!r}; use one of {known}")


def _json_text(value: Union[Mapping[str, Any], str, None]) -> Optional[bytes]:
    if value is None or isinstance(value, str):
        return _capi.encode(value)
    return _capi.encode(json.dumps(value))


class _Core:
    """What the dispatch thread and the finalizer share; holds no reference to the Session object, so dropping
    the last reference to a session ends it (like ``stop()``), even in callback mode — except that a callback that
    has had ``MeasurementComplete`` still gets the result: the dispatch thread then destroys the handle after the
    ``Completed`` or ``Failed`` event (as ``nfv_session_destroy`` does for a C callback).

    Callback mode pulls (``nfv_session_next_event_v2``) on a dispatch thread of ours, so the host's callback never
    runs on the library's thread; the event's kind, not its JSON text, chooses its class. Because events wait in
    the library until this thread pulls them, the one rule the library applies for its own callbacks (the result
    owed after ``measurementComplete``) is applied here to what the host's callback was handed, by event class."""

    def __init__(self, handle: int) -> None:
        self.handle: Optional[int] = handle
        self._next_event = _capi.library().function("nfv_session_next_event_v2")
        self._string_free = _capi.library().function("nfv_string_free")
        self.lock = threading.Lock()
        self.ended = threading.Event()
        self.outcome: Optional[Union[Completed, Failed]] = None
        self.callback_error: Optional[BaseException] = None
        self.callback_error_seen = False
        self.dispatcher: Optional[threading.Thread] = None
        self.preview_function: Any = None
        """The ctypes preview callback the library holds: kept until the handle is destroyed."""
        self.closing = False
        """The host let go (close, or the last reference dropped)."""
        self.result_owed = False
        """The callback was handed ``MeasurementComplete``: after a close it still gets the result."""

    def destroy(self) -> None:
        """Releases the handle (``nfv_session_destroy``: stop + release); idempotent. When the callback has had
        ``MeasurementComplete`` and not yet the result, the dispatch thread releases it after the result."""
        with self.lock:
            self.closing = True
            owed = self.result_owed
            handle = self.handle
            if not owed:
                self.handle = None
        if handle is not None and owed:
            _capi.library().function("nfv_session_stop")(handle)  # the camera goes at once; the result still comes
            return
        if handle is not None:
            _capi.library().function("nfv_session_destroy")(handle)
        if self.dispatcher is None:
            self.ended.set()  # nothing more can be pulled; a dispatch thread sets it itself when it finishes

    def admit(self, event: AnyEvent) -> bool:
        """Whether the dispatch thread delivers ``event``: always while the host holds the session; after a close
        only the rest of an owed result. Notes ``MeasurementComplete``."""
        with self.lock:
            if self.closing and not self.result_owed:
                return False
            if isinstance(event, MeasurementComplete):
                self.result_owed = True
            return True

    def delivered_owed_result(self, event: AnyEvent) -> bool:
        """Whether ``event``, just delivered, was the result owed to a closed session (the dispatch thread then
        stops and releases the handle)."""
        if not isinstance(event, (Completed, Failed)):
            return False
        with self.lock:
            self.result_owed = False
            return self.closing

    def release_after_close(self) -> None:
        """The dispatch thread's last act: releases the handle a close left to it."""
        with self.lock:
            handle = self.handle if self.closing else None
            if handle is not None:
                self.handle = None
        if handle is not None:
            _capi.library().function("nfv_session_destroy")(handle)

    def pull(self, timeout_ms: int) -> Any:
        """The next event's kind and JSON text, None after ``timeout_ms``, or _ENDED once the stream is over."""
        handle = self.handle
        if handle is None:
            self.ended.set()
            return _ENDED
        kind = ctypes.c_int(0)
        out = ctypes.c_void_p()
        status = self._next_event(handle, timeout_ms, ctypes.byref(kind), ctypes.byref(out))
        if status == _capi.OK:
            pointer = out.value or 0
            try:
                return kind.value, ctypes.string_at(pointer).decode("utf-8")
            finally:
                self._string_free(pointer)
        if status == _capi.TIMEOUT:
            return None
        if status == _capi.DONE or self.handle is None:
            self.ended.set()
            return _ENDED
        raise _capi.last_error()

    def note(self, event: AnyEvent) -> AnyEvent:
        """Remembers the ``completed`` or ``failed`` event (what :meth:`Session.run` returns or raises)."""
        if isinstance(event, (Completed, Failed)):
            self.outcome = event
        return event

    def keep_callback_error(self, error: BaseException) -> None:
        """Keeps and prints the first exception a callback raised (re-raised once by ``wait()``/``close()``); later
        ones are dropped, so a callback failing on every event does not flood the log."""
        if self.callback_error_seen:
            return
        self.callback_error, self.callback_error_seen = error, True
        print("neurofit_vitals: exception in a session event callback (re-raised by Session.wait()/close()):",
              file=sys.stderr)
        traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)

    def raise_callback_error(self) -> None:
        """Raises the kept callback exception once."""
        error, self.callback_error = self.callback_error, None
        if error is not None:
            raise error

    def dispatch(self, callback: EventCallback) -> None:
        """The dispatch thread: pulls every event and hands it to ``callback`` until the stream ends (or, closed
        while a result was owed, until the result)."""
        try:
            while True:
                item = self.pull(_SLICE_MS)
                if item is _ENDED:
                    return
                if item is None:
                    continue
                event = event_of_kind(*item)
                if not self.admit(event):
                    return
                self.note(event)
                try:
                    callback(event)
                except BaseException as error:  # noqa: B902 — kept and re-raised on the owner's thread
                    self.keep_callback_error(error)
                if self.delivered_owed_result(event):
                    return
        except NeurofitVitalsError as error:
            self.keep_callback_error(error)
        finally:
            self.release_after_close()
            self.ended.set()


class Session:
    """One reading (docs/behaviour.md). Use it as a context manager; leaving the block (or dropping the last
    reference, or interpreter exit) destroys it, which stops it first.

    Choose a source before :meth:`start` (default: the default camera): :meth:`use_camera`, :meth:`use_simulator`,
    :meth:`use_host_frames`, :meth:`use_replay`; optionally :meth:`record`. Every method may be called from any
    thread, including from inside the callback (``stop()`` and ``close()`` too).

    :param config: None for the defaults, or the configuration object (docs/configuration.md: ``readingDuration``,
        ``autoRestartAfterCancel``, ``motionBreathing``, ``advanced``) as a mapping or JSON text.
    :param callback: deliver events to this function on a dispatch thread owned by the session instead of pulling
        them. An exception it raises is printed, kept, and re-raised by :meth:`wait` or :meth:`close`.
    :raises InvalidArgumentError: "Invalid configuration: <detail>" naming the key.
    """

    def __init__(self, config: Union[Mapping[str, Any], str, None] = None, *,
                 callback: Optional[EventCallback] = None) -> None:
        handle = ctypes.c_void_p()
        _capi.call("nfv_session_new", _json_text(config), ctypes.byref(handle))
        self._core = _Core(int(handle.value or 0))
        self._finalizer = weakref.finalize(self, self._core.destroy)
        self._callback = callback

    # -- lifecycle -----------------------------------------------------------------------------------------------

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        if exc_type is None:
            self.close()
        else:
            self._release()

    def start(self) -> None:
        """Opens the source and starts positioning (again after a cancel that left the session idle).

        :raises NotActivatedError: the camera and host frames need :func:`activate` (the simulator and replays
            do not).
        :raises CameraPermissionDeniedError, CameraUnavailableError, UnsupportedDeviceError: camera problems.
        :raises MisuseError: already running, finished or stopped (create a new session).
        """
        _capi.call("nfv_session_start", self._handle())
        self._core.ended.clear()   # a stream a failed start had ended flows again
        if self._callback is not None and self._core.dispatcher is None:
            thread = threading.Thread(target=self._core.dispatch, args=(self._callback,),
                                      name="neurofit_vitals-dispatch", daemon=True)
            self._core.dispatcher = thread
            thread.start()

    def stop(self) -> None:
        """Ends the session: final and idempotent. Before ``measurementComplete`` it ends without a result; after
        it the result is still delivered. Safe from any thread and from inside the callback."""
        _capi.call("nfv_session_stop", self._handle())

    def close(self) -> None:
        """Destroys the session (stopping it first) and waits for the dispatch thread; then re-raises an exception
        the callback raised. Idempotent. From inside the callback it does not wait for itself. Once the callback
        has had ``MeasurementComplete``, it still gets the result (``Completed`` or ``Failed``) before the handle is
        released — also when the session is dropped without a close (docs/behaviour.md)."""
        self._release()
        self._core.raise_callback_error()

    def _release(self) -> None:
        self._finalizer()
        dispatcher = self._core.dispatcher
        if dispatcher is not None and dispatcher is not threading.current_thread():
            dispatcher.join()

    @property
    def closed(self) -> bool:
        """True after :meth:`close` (the handle is gone)."""
        return self._core.handle is None or self._core.closing

    def _handle(self) -> int:
        handle = self._core.handle
        if handle is None or self._core.closing:
            raise InvalidArgumentError("The session is closed")
        return handle

    # -- sources -------------------------------------------------------------------------------------------------

    def use_camera(self, device: Optional[str] = None) -> None:
        """Reads a V4L2 camera: None for the default one (a back camera with a torch preferred), a device path,
        a camera id from :func:`cameras`, or a facing: "back", "front" or "external". Before the first start."""
        _capi.call("nfv_session_use_camera", self._handle(), _capi.encode(device or None))

    def use_simulator(self, options: Union[Mapping[str, Any], str, None] = None, **option_values: Any) -> None:
        """Reads the simulated finger (needs no activation). Options as a mapping or JSON with the C names
        (docs/simulator.md), or as keyword arguments in snake_case: ``heart_rate_bpm``, ``rmssd_ms``,
        ``breathing_rate_brpm``, ``noise``, ``fps``, ``seed``, ``real_time``, ``scenario``. Before the first start.
        """
        if option_values:
            merged = dict(json.loads(options) if isinstance(options, str) else (options or {}))
            merged.update({camel_case(name): value for name, value in option_values.items()})
            options = merged
        _capi.call("nfv_session_use_simulator", self._handle(), _json_text(options))

    def use_host_frames(self, fps_tier: int = 30) -> None:
        """Reads frames you push with :meth:`submit_frame`, :meth:`submit_means` and :meth:`submit_motion`;
        ``fps_tier`` is your camera's frame rate. Before the first start."""
        _capi.call("nfv_session_use_host_frames", self._handle(), int(fps_tier))

    def use_replay(self, path: str, real_time: bool = False) -> None:
        """Replays a recording (docs/recording-format.md), a CSV of per-frame means (``timestamp_s,red,green,blue``)
        or an uncompressed Y4M video, at recorded speed when ``real_time`` else as fast as possible. Before the
        first start."""
        _capi.call("nfv_session_use_replay", self._handle(), _capi.encode(str(path)), int(bool(real_time)))

    def record(self, path: str) -> None:
        """Records what the session consumes (frame means, motion, commands; never frames) to ``path``, created at
        :meth:`start`; a write failure arrives as a :class:`RecordingError` event. Off unless called; before the
        first start."""
        _capi.call("nfv_session_record", self._handle(), _capi.encode(str(path)))

    def on_preview(self, callback: Optional[PreviewCallback], max_fps: int = 15) -> None:
        """Hands ``callback`` a :class:`PreviewFrame` (at most 160 px wide, RGB) of what the source sees, at most
        ``max_fps`` (1…60) a second of the frames' time, on the library's preview thread; when the callback is slow,
        frames are dropped, never queued, and capture never waits. Host frames and the camera give previews of
        their pixels, the simulator an 80 x 60 painted fingertip in its frames' mean colour; means and replays
        give none. None removes the callback. Before the first start. An exception the
        callback raises is printed, kept, and re-raised by :meth:`wait` or :meth:`close`.

        :raises InvalidArgumentError: ``max_fps`` outside 1…60.
        :raises MisuseError: after start.
        """
        function = None if callback is None else preview_function(callback, self._core.keep_callback_error)
        _capi.call("nfv_session_set_preview_callback", self._handle(), function, None, int(max_fps))
        self._core.preview_function = function

    # -- control -------------------------------------------------------------------------------------------------

    def cancel_reading(self, reason: Optional[str] = None) -> None:
        """Cancels the reading in progress (``cancelled`` with reason ``cancelledByApp`` and ``reason`` as detail,
        default "host"); ignored while positioning."""
        _capi.call("nfv_session_cancel_reading", self._handle(), _capi.encode(reason))

    @property
    def auto_start(self) -> bool:
        """While False, positioning continues but no reading starts. Default True. The session holds the value:
        reading it asks the library."""
        enabled = ctypes.c_int(0)
        _capi.call("nfv_session_get_auto_start", self._handle(), ctypes.byref(enabled))
        return bool(enabled.value)

    @auto_start.setter
    def auto_start(self, enabled: bool) -> None:
        _capi.call("nfv_session_set_auto_start", self._handle(), int(bool(enabled)))

    @property
    def state(self) -> State:
        """The current state (``state``, ``elapsed`` while measuring, ``result``/``error`` when ended): positioning as
        soon as :meth:`start` returns; ``elapsed`` follows the latest preview (about once a second)."""
        return State.from_dict(_capi.json_out("nfv_session_state", self._handle()))

    # -- host frames ---------------------------------------------------------------------------------------------

    def submit_frame(self, pixels: BufferLike, pixel_format: Union[PixelFormat, int, str], width: int, height: int,
                     timestamp_us: int, stride: int = 0) -> bool:
        """Hands one camera frame to a host-frames session; reduced on this thread, never kept. Returns True, or
        False once the session has ended (the reading's duration was captured, it was stopped or it failed): stop
        feeding frames then. Before :meth:`start` it raises MisuseError ("call start first").

        :param pixels: a C-contiguous buffer (bytes, bytearray, memoryview, numpy array), used in place, or a 2-D
            (rows × bytes) or 3-D (rows × columns × channels) ``uint8`` view whose rows may be strided (a crop of a
            larger image): its ``strides[0]`` is then the row stride. Other item types raise ValueError.
        :param pixel_format: a PixelFormat, its value, or its name in any case ("rgb24", "BGR24", "nv12", …;
            "rgb" and "bgr" mean the 24-bit layouts). An unknown name raises ValueError.
        :param timestamp_us: monotonic capture time in microseconds; must increase and fit a signed 64-bit integer
            (else ValueError).
        :param stride: bytes per row of the first plane; 0 for tightly packed (or the view's row stride).
        """
        pointer, size, row_stride, keep_alive = frame_pointer(pixels)
        status = _capi.call("nfv_session_submit_frame", self._handle(), pointer, size,
                            pixel_format_value(pixel_format), c_int(width, "width"),
                            c_int(height, "height"), c_int(stride, "stride") or row_stride,
                            int64_timestamp(timestamp_us), accept=_FEEDING)
        del keep_alive
        return status == _capi.OK

    def submit_means(self, timestamp_us: int, red: float, green: float, blue: float,
                     saturated_fraction: Optional[float] = None) -> bool:
        """Hands one already-reduced frame (fingertip-region channel means 0…255) to a host-frames session;
        ``saturated_fraction`` is the share of clipped red pixels, None when unknown. Returns as
        :meth:`submit_frame` (False: stop feeding)."""
        return _capi.call("nfv_session_submit_means", self._handle(), int64_timestamp(timestamp_us), float(red),
                          float(green), float(blue), -1.0 if saturated_fraction is None else float(saturated_fraction),
                          accept=_FEEDING) == _capi.OK

    def submit_motion(self, timestamp_us: int, x: float, y: float, z: float) -> bool:
        """Hands one accelerometer sample (m/s², gravity included) to a host-frames or camera session, stamped on
        the frames' clock: yours for host frames, ``time.monotonic_ns() // 1000`` (CLOCK_MONOTONIC) for a camera.
        Returns as :meth:`submit_frame` (False: stop feeding). Raises :class:`MisuseError` before start, for the
        simulator and replays (their own clocks and motion), and for a camera session that reads the device's
        accelerometer itself; :class:`InvalidArgumentError` for a bad value or a timestamp that does not increase."""
        return _capi.call("nfv_session_submit_motion", self._handle(), int64_timestamp(timestamp_us), float(x),
                          float(y), float(z), accept=_FEEDING) == _capi.OK

    # -- events --------------------------------------------------------------------------------------------------

    @property
    def ended(self) -> bool:
        """True once the event stream has ended (after ``completed``/``failed``, or after stop)."""
        return self._core.ended.is_set()

    def _require_pull(self) -> None:
        self._core.raise_callback_error()
        if self._callback is not None:
            raise InvalidArgumentError("This session delivers events to its callback; use wait() instead")

    def next_event(self, timeout: Optional[float] = None) -> Optional[AnyEvent]:
        """Waits up to ``timeout`` seconds (None: until an event or the end) for the next event, on this thread.
        Returns None when the time ran out or the stream has ended (see :attr:`ended`)."""
        self._require_pull()
        deadline = None if timeout is None else time.monotonic() + max(0.0, timeout)
        while True:
            remaining_ms = _SLICE_MS if deadline is None else int(max(0.0, deadline - time.monotonic()) * 1000)
            item = self._core.pull(min(_SLICE_MS, remaining_ms))
            if item is _ENDED:
                return None
            if item is not None:
                return self._core.note(event_of_kind(*item))
            if deadline is not None and time.monotonic() >= deadline:
                return None

    def events(self, timeout: Optional[float] = None) -> Iterator[AnyEvent]:
        """Iterates over events on this thread until the stream ends.

        :param timeout: longest wait for one event, seconds (None: no limit).
        :raises TimeoutError: no event came within ``timeout``.
        """
        while (event := self.next_event(timeout)) is not None:
            yield event
        self._raise_unless_ended(timeout)

    async def aevents(self, timeout: Optional[float] = None) -> AsyncIterator[AnyEvent]:
        """``async for`` over events: each wait runs in the loop's default executor, events are yielded on the
        loop's thread. Same ``timeout`` rule as :meth:`events`."""
        loop = asyncio.get_running_loop()
        while (event := await loop.run_in_executor(None, self.next_event, timeout)) is not None:
            yield event
        self._raise_unless_ended(timeout)

    def _raise_unless_ended(self, timeout: Optional[float]) -> None:
        """After :meth:`next_event` gave None: the stream has ended, or else the wait timed out."""
        if not self.ended:
            raise TimeoutError(f"no session event within {timeout} s")

    def __aiter__(self) -> AsyncIterator[AnyEvent]:
        return self.aevents()

    def wait(self, timeout: Optional[float] = None) -> bool:
        """Callback mode: waits until the event stream has ended (True) or ``timeout`` seconds passed (False), then
        re-raises an exception the callback raised."""
        finished = self._core.ended.wait(timeout)
        self._core.raise_callback_error()
        return finished

    def run(self, on_event: Optional[EventCallback] = None, timeout: Optional[float] = None) -> Result:
        """Starts the session if it is idle, consumes its events until the end and returns the result.

        :param on_event: called with each event on this thread (pull mode only).
        :param timeout: longest wait for one event, seconds.
        :raises NeurofitVitalsError: the ``failed`` event's error (NoHeartRateError, CameraUnavailableError, …),
            or MisuseError when the session was stopped before a result.
        """
        if self.state.state == "idle" and not self.ended:
            self.start()
        if self._callback is not None:
            while not self.wait(timeout if timeout is not None else 0.5):
                if timeout is not None:
                    raise TimeoutError(f"the session did not end within {timeout} s")
        else:
            for event in self.events(timeout):
                if on_event is not None:
                    on_event(event)
        return self._outcome()

    def _outcome(self) -> Result:
        outcome = self._core.outcome
        if isinstance(outcome, Completed):
            return outcome.result
        if isinstance(outcome, Failed):
            raise outcome.error.exception()
        raise MisuseError("The session ended without a result (it was stopped)")

