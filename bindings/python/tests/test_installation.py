"""The installed package: where it and its library come from, versions, typing marker, Python 3.9 syntax."""

import ast
import ctypes
import os
import re
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

import neurofit_vitals as nfv
from neurofit_vitals import _capi

PACKAGE_DIR = Path(nfv.__file__).resolve().parent


def test_versions_come_from_the_loaded_library() -> None:
    info = nfv.library_info()
    assert info.version == nfv.__version__
    major, minor, patch = (int(part) for part in info.version.split("."))
    assert info.version_number == major * 1000000 + minor * 1000 + patch
    assert info.abi_version == _capi.ABI_VERSION == 1
    assert re.fullmatch(r"\d+\.\d+\.\d+", info.engine_version)
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", info.build_date)


@pytest.mark.skipif(os.environ.get("NFV_EXPECT_WHEEL") != "1", reason="only when testing the installed wheel")
def test_the_wheel_bundles_the_library_and_is_used_without_nfv_library() -> None:
    assert "site-packages" in str(PACKAGE_DIR)
    assert "NFV_LIBRARY" not in os.environ
    assert Path(nfv.library_info().path) == PACKAGE_DIR / "libNeurofitVitals.so.1"
    assert "libswift" not in Path("/proc/self/maps").read_text()
    hidden = os.environ.get("NFV_HIDDEN_TOOLCHAIN")
    if hidden:
        assert list(Path(hidden).iterdir()) == [], "the Swift toolchain should be hidden from this process"


@pytest.mark.skipif(not os.environ.get("NFV_HIDDEN_LIBRARIES"), reason="only when the Debian libraries are hidden")
def test_the_wheel_carries_the_libraries_a_minimal_host_lacks() -> None:
    """libsodium, libv4l2, libv4lconvert and libjpeg are hidden (emptied) here: the wheel's own copies load."""
    for hidden in os.environ["NFV_HIDDEN_LIBRARIES"].split():
        assert Path(hidden).stat().st_size == 0, f"{hidden} should be hidden from this process"
    nfv.library_info()
    mapped = {Path(line.split()[-1]) for line in Path("/proc/self/maps").read_text().splitlines() if "/" in line}
    bundled = {path.name.split("-")[0] for path in mapped if path.parent.name == "neurofit_vitals.libs"}
    assert bundled == {"libsodium", "libv4l2", "libv4lconvert", "libjpeg"}, sorted(map(str, mapped))


def test_the_package_is_typed() -> None:
    assert (PACKAGE_DIR / "py.typed").exists()


def test_every_module_parses_as_python_3_9() -> None:
    for module in sorted(PACKAGE_DIR.glob("*.py")):
        ast.parse(module.read_text(), filename=str(module), feature_version=(3, 9))


C_TO_CTYPES = {
    "void": None, "int": ctypes.c_int, "unsigned": ctypes.c_uint, "size_t": ctypes.c_size_t,
    "int64_t": ctypes.c_int64, "double": ctypes.c_double, "nfv_status": ctypes.c_int,
    "nfv_pixel_format": ctypes.c_int, "const char *": ctypes.c_char_p, "char *": ctypes.c_void_p,
    "char **": ctypes.POINTER(ctypes.c_void_p), "const void *": ctypes.c_void_p, "void *": ctypes.c_void_p,
    "nfv_session *": ctypes.c_void_p, "nfv_session **": ctypes.POINTER(ctypes.c_void_p),
    "int *": ctypes.POINTER(ctypes.c_int), "const double *": ctypes.POINTER(ctypes.c_double),
    "nfv_event_fn": _capi.EVENT_FN, "nfv_log_fn": _capi.LOG_FN, "nfv_event_kind": ctypes.c_int,
    "nfv_event_kind *": ctypes.POINTER(ctypes.c_int), "nfv_event_fn_v2": _capi.EVENT_FN_V2,
    "nfv_release_fn": _capi.RELEASE_FN,
    "nfv_preview_callback": _capi.PREVIEW_FN,
}


def header_prototypes(header: str) -> Dict[str, Tuple[str, List[str]]]:
    """name: (return type, parameter types) of every NFV_EXPORT function, with `const char *` style spelling."""
    prototypes = {}
    for match in re.finditer(r"^NFV_EXPORT\s+(?:NFV_WARN_UNUSED\s+)?([^;]*?)\b(nfv_\w+)\(([^)]*)\);", header,
                             re.MULTILINE):
        returns, name, parameters = match.groups()
        types = []
        for parameter in parameters.split(","):
            text = " ".join(parameter.split())
            if text in ("void", ""):
                continue
            text = re.sub(r"\s*\b\w+$", "", text) if not text.endswith("*") else text  # drop the name
            types.append(re.sub(r"\s*(\*+)\s*", r" \1", text).strip())
        prototypes[name] = (re.sub(r"\s*(\*+)\s*", r" \1", " ".join(returns.split())).strip(), types)
    return prototypes


def ctypes_of(c_type: str) -> Any:
    """The ctypes type the binding must declare for a C type (owned `char *` results are read as pointers)."""
    return C_TO_CTYPES[c_type]


@pytest.mark.skipif(not os.environ.get("NFV_HEADER"), reason="NFV_HEADER (the installed header) is not set")
def test_every_header_function_is_bound_with_the_header_s_signature() -> None:
    prototypes = header_prototypes(Path(os.environ["NFV_HEADER"]).read_text())
    assert len(prototypes) > 25 and "nfv_session_submit_frame" in prototypes
    library = _capi.library()
    for name, (returns, parameters) in sorted(prototypes.items()):
        assert name in _capi._SIGNATURES, f"{name} is in the header but the binding does not declare it"
        restype, argtypes = _capi._SIGNATURES[name]
        expected_return = ctypes.c_char_p if returns == "const char *" else ctypes_of(returns)
        assert restype == expected_return, (name, returns, restype)
        assert argtypes == [ctypes_of(parameter) for parameter in parameters], (name, parameters, argtypes)
        assert library.function(name).argtypes == argtypes, name


def test_returned_strings_are_read_as_pointers_to_free() -> None:
    library = _capi.library()
    assert library.function("nfv_last_error_json").restype is _capi.ctypes.c_void_p
    assert library.function("nfv_string_free").argtypes == [_capi.ctypes.c_void_p]
