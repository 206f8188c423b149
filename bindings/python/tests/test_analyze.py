"""analyze(): the batch analysis of per-frame means — against the real library (skipped while it lacks
nfv_analyze) and, for the marshalling of lists and buffers, against a stand-in C function."""

import array
import ctypes
import shutil
import subprocess
from pathlib import Path

import pytest

import neurofit_vitals as nfv
from neurofit_vitals import _capi

needs_analyze = pytest.mark.skipif(not _capi.library().has("nfv_analyze"), reason="the library has no nfv_analyze")


def columns(samples):
    timestamps = [t for t, _ in samples]
    red = [value for _, value in samples]
    return timestamps, red, [5.0] * len(samples), [20.0] * len(samples)


@needs_analyze
def test_a_pulse_gives_its_rate_from_lists_and_numpy_alike(make_pulse) -> None:
    timestamps, red, green, blue = columns(make_pulse(75.0, 30.0, 60.0))
    result = nfv.analyze(timestamps, red, green, blue)
    assert isinstance(result, nfv.Result) and abs(result.heart_rate_bpm - 75.0) < 3
    numpy = pytest.importorskip("numpy")
    as_arrays = nfv.analyze(numpy.array(timestamps), numpy.array(red, dtype=numpy.float32), numpy.array(green),
                            numpy.array(blue))
    assert abs(as_arrays.heart_rate_bpm - result.heart_rate_bpm) < 0.5


@needs_analyze
def test_a_flat_signal_has_no_heart_rate() -> None:
    timestamps = [1.0 + index / 30.0 for index in range(1800)]
    with pytest.raises(nfv.NoHeartRateError):
        nfv.analyze(timestamps, [170.0] * 1800, [5.0] * 1800, [20.0] * 1800)


def test_columns_of_different_lengths_are_refused(stand_in_library) -> None:
    with pytest.raises(nfv.InvalidArgumentError, match="same length"):
        nfv.analyze([1.0, 2.0], [1.0], [1.0], [1.0])


@pytest.fixture
def stand_in_library(tmp_path, monkeypatch):
    """The binding pointed at stand_in_analyze.c, built here with the system C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler")
    path = tmp_path / "libstandin.so"
    source = Path(__file__).with_name("stand_in_analyze.c")
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(path), str(source)], check=True)
    monkeypatch.setattr(_capi, "_loaded", _capi.Library(ctypes.CDLL(str(path)), str(path)))


def test_columns_reach_c_intact_from_lists_and_buffers(stand_in_library) -> None:
    timestamps = [1.0 + index / 30 for index in range(90)]
    red = [170.0 + (index % 7) * 0.25 for index in range(90)]
    result = nfv.analyze(timestamps, red, [5.0] * 90, array.array("d", [20.0] * 90), options={"x": 1})
    assert result.heart_rate_bpm == pytest.approx(sum(timestamps), rel=1e-12)
    assert result.duration_seconds == 90 and result.flags == ("options",)
    assert result.diagnostics["red_sum"] == pytest.approx(sum(red), rel=1e-12)
    assert result.diagnostics["blue_sum"] == 90 * 20.0
    numpy = pytest.importorskip("numpy")
    as_arrays = nfv.analyze(numpy.array(timestamps), numpy.array(red, dtype=numpy.float32),
                            numpy.full(90, 5, dtype=numpy.int16), numpy.array([20.0] * 90)[::1])
    assert as_arrays.heart_rate_bpm == result.heart_rate_bpm and as_arrays.flags == ("none",)
    assert as_arrays.diagnostics["green_sum"] == 450
