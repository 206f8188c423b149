"""analyze(): the batch analysis of per-frame means (skipped while the library lacks nfv_analyze)."""

import pytest

import neurofit_vitals as nfv
from neurofit_vitals import _capi

pytestmark = pytest.mark.skipif(not _capi.library().has("nfv_analyze"), reason="the library has no nfv_analyze")


def columns(samples):
    timestamps = [t for t, _ in samples]
    red = [value for _, value in samples]
    return timestamps, red, [5.0] * len(samples), [20.0] * len(samples)


def test_a_pulse_gives_its_rate_from_lists_and_numpy_alike(make_pulse) -> None:
    timestamps, red, green, blue = columns(make_pulse(75.0, 30.0, 60.0))
    result = nfv.analyze(timestamps, red, green, blue)
    assert isinstance(result, nfv.Result) and abs(result.heart_rate_bpm - 75.0) < 3
    numpy = pytest.importorskip("numpy")
    as_arrays = nfv.analyze(numpy.array(timestamps), numpy.array(red, dtype=numpy.float32), numpy.array(green),
                            numpy.array(blue))
    assert abs(as_arrays.heart_rate_bpm - result.heart_rate_bpm) < 0.5


def test_a_flat_signal_has_no_heart_rate() -> None:
    timestamps = [1.0 + index / 30.0 for index in range(1800)]
    with pytest.raises(nfv.NoHeartRateError):
        nfv.analyze(timestamps, [170.0] * 1800, [5.0] * 1800, [20.0] * 1800)


def test_columns_of_different_lengths_are_refused() -> None:
    with pytest.raises(nfv.InvalidArgumentError, match="same length"):
        nfv.analyze([1.0, 2.0], [1.0], [1.0], [1.0])
