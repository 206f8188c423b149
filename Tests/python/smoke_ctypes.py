#!/usr/bin/env python3
"""Loads the installed libNeurofitVitals.so with plain ctypes (no binding, no Swift toolchain) and checks the
foundation calls: versions, errors, activation and license status.

Environment: NFV_LIBRARY (path of the library), NFV_TEST_KEY_PYTHON (a key listing the app id com.neurofit.tests).
"""
import ctypes
import json
import os
import re

from checks import check, finish


lib = ctypes.CDLL(os.environ["NFV_LIBRARY"])
lib.nfv_version_string.restype = ctypes.c_char_p
lib.nfv_version_number.restype = ctypes.c_uint
lib.nfv_build_date.restype = ctypes.c_char_p
lib.nfv_last_error_message.restype = ctypes.c_char_p
lib.nfv_activate.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
lib.nfv_activate.restype = ctypes.c_int
lib.nfv_license_status.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
lib.nfv_license_status.restype = ctypes.c_int
lib.nfv_string_free.argtypes = [ctypes.c_void_p]


def license_status():
    out = ctypes.c_void_p()
    check(lib.nfv_license_status(ctypes.byref(out)) == 0, "nfv_license_status returns NFV_OK")
    try:
        return json.loads(ctypes.string_at(out.value))
    finally:
        lib.nfv_string_free(out)


HEADER = open(os.path.join(os.path.dirname(__file__), "../../include/neurofit_vitals.h")).read()
MAJOR, MINOR, PATCH = (int(re.search(rf"#define NFV_VERSION_{part} (\d+)", HEADER).group(1))
                       for part in ("MAJOR", "MINOR", "PATCH"))
check(lib.nfv_version_string() == f"{MAJOR}.{MINOR}.{PATCH}".encode(), "version string is the header's")
check(lib.nfv_version_number() == MAJOR * 1000000 + MINOR * 1000 + PATCH, "version number is the header's")
check(len(lib.nfv_build_date()) == 10, "build date")
check(lib.nfv_activate(None, None) == 8, "NULL key is an invalid argument")
check(b"must not be NULL" in lib.nfv_last_error_message(), "message names the NULL argument")
check(license_status() == {"activated": False, "warnings": []}, "not activated yet")
check(lib.nfv_activate(b"NFV1.AAAA.AAAA", b"com.neurofit.tests") == 2, "garbage key is licenseInvalid")
check(lib.nfv_activate(os.environ["NFV_TEST_KEY_PYTHON"].encode(), b"com.neurofit.tests") == 0, "activation")
status = license_status()
check(status["activated"] and status["appId"] == "com.neurofit.tests", "status after activation")
check("libswift" not in open("/proc/self/maps").read(), "no Swift runtime library is mapped")
finish("smoke_ctypes")
