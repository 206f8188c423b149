"""Camera queries and the camera source on a machine without a camera (NFV_VIDEO_DEVICES="" hides any real one),
run in a child process so the override is in place before the library reads it: notActivated before activation,
then cameraUnavailable (or unsupportedDevice)."""

import json
import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import json, sys
    import neurofit_vitals as nfv
    support = nfv.device_support()
    access = nfv.camera_access()
    out = {"cameras": list(nfv.cameras()), "supported": support.is_supported, "has_camera": support.has_camera,
           "fps_tier": support.fps_tier, "reason": support.reason, "authorized": access.authorized,
           "access_reason": access.reason}
    with nfv.Session() as session:
        try:
            session.use_camera()
            out["before_activation"] = "accepted"
        except nfv.NeurofitVitalsError as error:
            out["before_activation"] = type(error).__name__
    nfv.activate(sys.argv[1], "com.neurofit.bindings-tests")
    with nfv.Session() as session:
        try:
            session.use_camera()
            session.start()
            out["start"] = "started"
        except nfv.NeurofitVitalsError as error:
            out["start"] = type(error).__name__
            out["start_code"] = error.code
    print(json.dumps(out))
""")


def test_without_a_camera_every_query_says_so_and_the_camera_source_refuses(license_key: str) -> None:
    environment = dict(os.environ, NFV_VIDEO_DEVICES="")
    child = subprocess.run([sys.executable, "-c", SCRIPT, license_key], env=environment, capture_output=True,
                           text=True, timeout=60)
    assert child.returncode == 0, child.stderr
    out = json.loads(child.stdout)
    assert out["cameras"] == []
    assert out["supported"] is False and out["has_camera"] is False and out["fps_tier"] is None
    assert "No camera" in out["reason"]
    assert out["authorized"] is False and out["access_reason"]
    assert out["before_activation"] == "NotActivatedError", "the license is reported before the missing camera"
    assert out["start"] in ("CameraUnavailableError", "UnsupportedDeviceError")
    assert out["start_code"] in ("cameraUnavailable", "unsupportedDevice")
