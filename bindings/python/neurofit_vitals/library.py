"""Process-wide calls: versions, activation, license status, device support, camera discovery and access, and the
batch analysis of recorded frame means."""

from __future__ import annotations

import ctypes
import dataclasses
import json
from typing import Any, Mapping, Optional, Sequence, Tuple, Union

from . import _capi
from ._buffers import double_array
from ._records import Record, extra_field, frozen_mapping, json_field
from .errors import InvalidArgumentError
from .results import Result

__all__ = ["LibraryInfo", "LicenseStatus", "DeviceSupport", "CameraAccess", "Camera", "library_info", "activate",
           "license_status", "device_support", "camera_access", "cameras", "analyze"]


@dataclasses.dataclass(frozen=True)
class LibraryInfo:
    """Versions of the loaded library."""

    version: str
    """SDK version, "MAJOR.MINOR.PATCH"."""
    version_number: int
    """MAJOR * 1000000 + MINOR * 1000 + PATCH."""
    engine_version: str
    """Signal-processing engine version."""
    build_date: str
    """"YYYY-MM-DD"; license keys are checked against it."""
    abi_version: int
    """ABI number (the SONAME's)."""
    path: str
    """Where the library was loaded from."""


@dataclasses.dataclass(frozen=True)
class LicenseStatus(Record):
    """The process's activation (``nfv_license_status``)."""

    activated: bool = json_field(required=True)
    """Whether activation succeeded in this process."""
    licensee: Optional[str] = json_field()
    """Who the key was issued to."""
    apps: Tuple[str, ...] = json_field(decode=tuple, absent=())
    """Application ids the key covers (empty before activation)."""
    features: Tuple[str, ...] = json_field(decode=tuple, absent=())
    """Enabled features (informational)."""
    updates_until: Optional[str] = json_field()
    """Last library build date the key activates, "YYYY-MM-DD"."""
    license_type: Optional[str] = json_field("type")
    """"binary" or "source"."""
    app_id: Optional[str] = json_field()
    """The application id activation checked."""
    warnings: Tuple[str, ...] = json_field(decode=tuple, absent=())
    """Non-fatal notes (the relaxed app-id check of debug builds)."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class DeviceSupport(Record):
    """Whether a camera can run a reading (``nfv_device_support``; opens no stream)."""

    is_supported: bool = json_field(required=True)
    """True when a reading can run."""
    has_camera: Optional[bool] = json_field()
    """A capture device is present."""
    has_torch: Optional[bool] = json_field()
    """The camera has a light the library can switch (used when present, not required)."""
    fps_tier: Optional[int] = json_field()
    """Highest reachable tier: 60, 30 or 20; None when none."""
    reason: Optional[str] = json_field()
    """Why ``is_supported`` is false."""
    has_accelerometer: Optional[bool] = json_field()
    """An IIO accelerometer was found: camera readings with ``motionBreathing`` read it for the breathing rate."""
    accelerometer: Optional[str] = json_field()
    """Its name as diagnostics report it (``"iio:<name>"``), None when there is none."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


@dataclasses.dataclass(frozen=True)
class CameraAccess(Record):
    """Whether this process may open the camera device (``nfv_camera_access``; there is no prompt on Linux)."""

    authorization: Optional[str] = json_field()
    """"authorized" or "denied"."""
    reason: Optional[str] = json_field()
    """What to change when denied (membership of the ``video`` group, say)."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""

    @property
    def authorized(self) -> bool:
        """True when the device may be opened."""
        return self.authorization == "authorized"


@dataclasses.dataclass(frozen=True)
class Camera(Record):
    """A capture device found by :func:`cameras` (listed without opening a stream)."""

    id: str = json_field(required=True)
    """Stable id; pass it to :meth:`Session.use_camera`."""
    name: Optional[str] = json_field()
    """Human-readable name."""
    bus: Optional[str] = json_field()
    """Bus id ("usb-0000:00:14.0-1", say)."""
    driver: Optional[str] = json_field()
    """Kernel driver."""
    path: Optional[str] = json_field()
    """Device node."""
    has_torch: Optional[bool] = json_field()
    """Whether it has a light the library can switch."""
    facing: Optional[str] = json_field()
    """Which way it looks: "front", "back", "external" or "unknown" (the driver does not say); "back" and "front"
    also name a camera for :meth:`Session.use_camera`."""
    sensor_rotation: Optional[int] = json_field()
    """Degrees the image must be turned clockwise to look upright, when the driver says."""
    formats: Tuple[Mapping[str, Any], ...] = json_field(decode=lambda items: tuple(map(frozen_mapping, items)),
                                                         absent=())
    """Capture formats with the frame rates they reach."""
    extra: Mapping[str, Any] = extra_field()
    """Keys this binding does not know."""


def library_info() -> LibraryInfo:
    """Versions and location of the loaded library."""
    lib = _capi.library()
    return LibraryInfo(version=_capi.static_string("nfv_version_string"),
                       version_number=int(lib.function("nfv_version_number")()),
                       engine_version=_capi.static_string("nfv_engine_version_string"),
                       build_date=_capi.static_string("nfv_build_date"),
                       abi_version=int(lib.function("nfv_abi_version")()), path=lib.path)


def activate(license_key: str, app_id: Optional[str] = None) -> LicenseStatus:
    """Activates the library for this process with an offline license key; returns the new status.

    ``app_id`` is the application id the key must list; None uses the executable's name ("python3.11" for a
    script). Raises LicenseInvalidError naming the failed check, InvalidArgumentError for an empty key.
    """
    _capi.call("nfv_activate", _capi.encode(license_key), _capi.encode(app_id))
    return license_status()


def license_status() -> LicenseStatus:
    """The process's activation state."""
    return LicenseStatus.from_dict(_capi.json_out("nfv_license_status"))


def device_support(device: Optional[str] = None) -> DeviceSupport:
    """Whether ``device`` (None: the default camera; a path or a camera id) can run a reading; opens no stream."""
    return DeviceSupport.from_dict(_capi.json_out("nfv_device_support", _capi.encode(device)))


def camera_access(device: Optional[str] = None) -> CameraAccess:
    """Whether this process may open ``device`` (None: the default camera)."""
    return CameraAccess.from_dict(_capi.json_out("nfv_camera_access", _capi.encode(device)))


def cameras() -> Tuple[Camera, ...]:
    """The capture devices present, without opening or reserving them."""
    listing = _capi.json_out("nfv_cameras")
    if isinstance(listing, Mapping):
        listing = listing.get("cameras", [])
    return tuple(Camera.from_dict(item) for item in listing)


Numbers = Union[Sequence[float], Any]


def analyze(timestamps_s: Numbers, red: Numbers, green: Numbers, blue: Numbers,
            options: Union[Mapping[str, Any], str, None] = None) -> Result:
    """Final analysis of a recorded reading from per-frame channel means (``nfv_analyze``).

    Each argument is a list or any 1-D numeric buffer (numpy arrays included; float64 ones are used without a copy),
    all of the same length; ``timestamps_s`` in seconds, channel means 0…255. Raises NoHeartRateError when no
    trustworthy heart rate can be recovered, InvalidArgumentError for unusable input.
    """
    function = _capi.library().function("nfv_analyze")
    columns = [double_array(values, name) for values, name in
               ((timestamps_s, "timestamps_s"), (red, "red"), (green, "green"), (blue, "blue"))]
    counts = {count for _, count in columns}
    if len(counts) != 1:
        raise InvalidArgumentError("timestamps_s, red, green and blue must have the same length "
                                   f"(got {', '.join(str(count) for _, count in columns)})")
    out = ctypes.c_void_p()
    text = options if options is None or isinstance(options, str) else json.dumps(options)
    status = function(*(array for array, _ in columns), counts.pop(), _capi.encode(text), ctypes.byref(out))
    if status != _capi.OK:
        raise _capi.last_error()
    return Result.from_dict(_capi.take_json(out.value))
