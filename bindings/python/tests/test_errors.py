"""Exceptions: one class per library error code, with message and retryable; real failures raise them."""

import ctypes
import ctypes.util
import json
import os
import subprocess
import sys
import textwrap

import pytest

import neurofit_vitals as nfv
from neurofit_vitals import _capi
from neurofit_vitals.errors import error_for_code

ERROR_CLASSES = [nfv.NotActivatedError, nfv.LicenseInvalidError, nfv.CameraPermissionDeniedError,
                 nfv.CameraUnavailableError, nfv.UnsupportedDeviceError, nfv.NoHeartRateError, nfv.InternalError,
                 nfv.InvalidArgumentError, nfv.MisuseError]


@pytest.mark.parametrize("cls", ERROR_CLASSES, ids=lambda cls: cls.__name__)
def test_each_status_has_its_class_named_as_the_library_names_it(cls: type) -> None:
    assert _capi.status_name(cls.status) == cls.code
    error = error_for_code(cls.code, "what happened", retryable=True)
    assert type(error) is cls and isinstance(error, nfv.NeurofitVitalsError)
    assert (error.code, error.message, error.retryable, str(error)) == (cls.code, "what happened", True,
                                                                        "what happened")
    assert error.to_dict() == {"code": cls.code, "message": "what happened", "retryable": True}


def test_an_unknown_code_keeps_its_code_on_the_base_class() -> None:
    error = error_for_code("somethingNew", "later library")
    assert type(error) is nfv.NeurofitVitalsError and error.code == "somethingNew"


def test_python_friendly_bases() -> None:
    assert issubclass(nfv.InvalidArgumentError, ValueError)
    assert issubclass(nfv.MisuseError, RuntimeError) and not issubclass(nfv.MisuseError, nfv.InternalError)
    assert issubclass(nfv.CameraPermissionDeniedError, PermissionError)
    assert issubclass(nfv.UnavailableFunctionError, NotImplementedError)


def test_bad_configuration_is_invalid_argument_with_the_reference_text() -> None:
    with pytest.raises(nfv.InvalidArgumentError) as raised:
        nfv.Session({"readingDuration": 0})
    assert raised.value.message == ("Invalid configuration: readingDuration must be greater than 0 and at most "
                                    "3600 seconds")
    with pytest.raises(ValueError, match="advanced.bogus"):
        nfv.Session('{"advanced": {"bogus": 1}}')


def test_bad_simulator_option_names_it() -> None:
    with nfv.Session() as session:
        with pytest.raises(nfv.InvalidArgumentError, match="heartRateBpm"):
            session.use_simulator(heart_rate_bpm=500)


def test_garbage_license_key_is_license_invalid() -> None:
    with pytest.raises(nfv.LicenseInvalidError, match="not valid") as raised:
        nfv.activate("NFV1.AAAA.AAAA", "com.example")
    assert raised.value.retryable is False and raised.value.reason == "malformed"


def test_an_altered_key_says_bad_signature(license_key: str) -> None:
    altered = license_key[:10] + ("B" if license_key[10] == "A" else "A") + license_key[11:]
    with pytest.raises(nfv.LicenseInvalidError) as raised:
        nfv.activate(altered, "com.example")
    assert raised.value.reason == "badSignature" and raised.value.to_dict()["reason"] == "badSignature"


def test_the_last_error_json_matches_the_exception() -> None:
    with pytest.raises(nfv.LicenseInvalidError) as raised:
        nfv.activate("NFV1.AAAA.AAAA", "com.example")
    pointer = _capi.library().function("nfv_last_error_json")()
    assert json.loads(_capi.take_string(pointer)) == raised.value.to_dict()


def test_a_function_the_library_lacks_raises_unavailable_function() -> None:
    libc = _capi.Library(ctypes.CDLL(ctypes.util.find_library("c")), "libc")
    with pytest.raises(nfv.UnavailableFunctionError, match="nfv_analyze is not in the loaded library"):
        libc.function("nfv_analyze")


def test_host_frames_without_activation_is_not_activated() -> None:
    """The failed start also ends the event stream: waiting for an event returns at once, the stream ended."""
    script = textwrap.dedent("""
        import time
        import neurofit_vitals as nfv
        with nfv.Session() as session:
            session.use_host_frames(30)
            try:
                session.start()
            except nfv.NotActivatedError as error:
                print(error.code, error.retryable)
            began = time.monotonic()
            print(session.next_event(timeout=5), session.ended, time.monotonic() - began < 1)
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30,
                         env=dict(os.environ))
    assert run.returncode == 0, run.stderr
    assert run.stdout.split("\n")[:2] == ["notActivated False", "None True True"]


def test_a_reading_without_a_heart_rate_raises_no_heart_rate_from_run() -> None:
    with nfv.Session({"readingDuration": 2}) as session:  # too short for a heart rate
        session.use_simulator(real_time=False)
        with pytest.raises(nfv.NoHeartRateError, match="No heart rate") as raised:
            session.run(timeout=15)
    assert raised.value.code == "noHeartRate" and raised.value.retryable is False


def test_failed_event_error_becomes_its_exception() -> None:
    event = nfv.parse_event({"type": "failed", "error": {"code": "cameraUnavailable", "message": "gone",
                                                         "retryable": True}})
    assert isinstance(event, nfv.Failed)
    error = event.error.exception()
    assert isinstance(error, nfv.CameraUnavailableError) and error.retryable and error.message == "gone"


def test_missing_replay_file_is_invalid_argument_naming_it(tmp_path: object, activated: object) -> None:
    with nfv.Session() as session:
        with pytest.raises(nfv.InvalidArgumentError, match="no-such-file"):
            session.use_replay(f"{tmp_path}/no-such-file.jsonl")
            session.start()
