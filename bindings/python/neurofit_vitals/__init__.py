"""NeurofitVitals for Linux: a 60-second fingertip camera reading (heart rate, HRV, stress index, breathing rate).

A ctypes binding of libNeurofitVitals (no compiled extension, no dependency)::

    import neurofit_vitals as nfv

    with nfv.Session() as session:
        session.use_simulator(real_time=False)      # no camera needed
        result = session.run(on_event=print)
    print(result.heart_rate_bpm, result.rmssd_ms)

See docs/python.md for sources, events, callbacks, asyncio, host frames and errors.
"""

from .errors import (CameraPermissionDeniedError, CameraUnavailableError, InternalError, InvalidArgumentError,
                     LibraryLoadError, LicenseInvalidError, MisuseError, NeurofitVitalsError, NoHeartRateError,
                     NotActivatedError, UnavailableFunctionError, UnsupportedDeviceError)
from . import events
from .events import *  # noqa: F401,F403  (every event class and the enumerations they carry: events.__all__)
from .library import (Camera, CameraAccess, DeviceSupport, LibraryInfo, LicenseStatus, activate, analyze,
                      camera_access, cameras, device_support, library_info, license_status)
from .logs import set_logging
from .results import (BreathingRateConfidence, ChangeAssessment, ErrorInfo, HeartRateSource, MetricChange, Result,
                      SignalQuality, VitalsChange, compare)
from .preview import PreviewCallback, PreviewFrame
from .session import EventCallback, PixelFormat, Session

__version__ = "1.1.0"
"""Version of this binding (the SDK version it was built with)."""

__all__ = [
    "Session", "PixelFormat", "EventCallback", "PreviewFrame", "PreviewCallback",
    "activate", "license_status", "device_support", "camera_access", "cameras", "analyze", "compare",
    "library_info", "set_logging",
    "Result", "ErrorInfo", "SignalQuality", "BreathingRateConfidence", "HeartRateSource", "ChangeAssessment",
    "MetricChange", "VitalsChange",
    "LibraryInfo", "LicenseStatus", "DeviceSupport", "CameraAccess", "Camera",
    "NeurofitVitalsError", "NotActivatedError", "LicenseInvalidError", "CameraPermissionDeniedError",
    "CameraUnavailableError", "UnsupportedDeviceError", "NoHeartRateError", "InternalError", "InvalidArgumentError",
    "MisuseError", "UnavailableFunctionError", "LibraryLoadError",
]
__all__ += events.__all__
