"""The installed package: where it and its library come from, versions, typing marker, Python 3.9 syntax."""

import ast
import os
import re
from pathlib import Path

import pytest

import neurofit_vitals as nfv
from neurofit_vitals import _capi

PACKAGE_DIR = Path(nfv.__file__).resolve().parent


def test_versions_come_from_the_loaded_library() -> None:
    info = nfv.library_info()
    assert info.version == nfv.__version__ == "1.0.0"
    assert info.version_number == 1000000
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


def test_the_package_is_typed() -> None:
    assert (PACKAGE_DIR / "py.typed").exists()


def test_every_module_parses_as_python_3_9() -> None:
    for module in sorted(PACKAGE_DIR.glob("*.py")):
        ast.parse(module.read_text(), filename=str(module), feature_version=(3, 9))


@pytest.mark.skipif(not os.environ.get("NFV_HEADER"), reason="NFV_HEADER (the installed header) is not set")
def test_every_header_function_has_a_signature_and_is_bound() -> None:
    header = Path(os.environ["NFV_HEADER"]).read_text()
    declared = set(re.findall(r"^NFV_EXPORT[^(]*?\b(nfv_\w+)\(", header, re.MULTILINE))
    assert len(declared) > 25
    assert declared <= set(_capi._SIGNATURES), sorted(declared - set(_capi._SIGNATURES))
    library = _capi.library()
    for name in declared:
        assert library.function(name).argtypes is not None, name


def test_returned_strings_are_read_as_pointers_to_free() -> None:
    library = _capi.library()
    assert library.function("nfv_last_error_json").restype is _capi.ctypes.c_void_p
    assert library.function("nfv_string_free").argtypes == [_capi.ctypes.c_void_p]
