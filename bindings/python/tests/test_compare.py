"""compare() / VitalsChange.compare(): the library's nfv_compare over two results (thresholds 5 bpm, 10 ms, 2 brpm;
strictly greater)."""

import pytest

import neurofit_vitals as nfv

BASE = {"heartRateBpm": 70.0, "quality": 3, "rmssdMs": 40.0, "sdnnMs": 50.0, "baevskyStressIndex": 100.0,
        "sd2sd1": 1.5, "breathingRateBrpm": 12.0, "breathingRateConfidence": "medium"}


def follow_up(**changes: float) -> dict:
    result = dict(BASE)
    result.update(changes)
    return result


@pytest.mark.parametrize("key,attribute,threshold", [("heartRateBpm", "heart_rate_bpm", 5.0),
                                                     ("rmssdMs", "rmssd_ms", 10.0),
                                                     ("breathingRateBrpm", "breathing_rate_brpm", 2.0)])
def test_thresholds_are_exceeded_only_strictly(key: str, attribute: str, threshold: float) -> None:
    at_threshold = getattr(nfv.compare(BASE, follow_up(**{key: BASE[key] - threshold})), attribute)
    beyond = getattr(nfv.compare(BASE, follow_up(**{key: BASE[key] + threshold + 0.5})), attribute)
    assert at_threshold.delta == -threshold and at_threshold.beyond_typical_variation is False
    assert beyond.delta == threshold + 0.5 and beyond.beyond_typical_variation is True
    assert (beyond.baseline, beyond.follow_up) == (BASE[key], BASE[key] + threshold + 0.5)


def test_metrics_without_threshold_and_missing_metrics() -> None:
    later = follow_up(sdnnMs=80.0)
    del later["sd2sd1"]
    change = nfv.compare(nfv.Result.from_dict(BASE), nfv.Result.from_dict(later).to_json())
    assert change.sdnn_ms.delta == 30.0 and change.sdnn_ms.beyond_typical_variation is None
    assert change.baevsky_stress_index.delta == 0.0
    assert change.sd2sd1 is None


def test_vitals_change_is_the_libraries_comparison() -> None:
    change = nfv.VitalsChange.compare(BASE, follow_up(heartRateBpm=77.0))
    assert change == nfv.compare(BASE, follow_up(heartRateBpm=77.0))
    assert change.heart_rate_bpm.beyond_typical_variation is True and change.heart_rate_bpm.delta == 7.0


def test_a_reading_without_a_metric_leaves_it_out() -> None:
    later = follow_up()
    del later["breathingRateBrpm"]
    assert nfv.compare(BASE, later).breathing_rate_brpm is None


@pytest.mark.parametrize("text,message", [("[1]", "must be a result JSON object"),
                                          ('{"rmssdMs": "40"}', "rmssdMs must be a number"),
                                          ('{"heartRateBpm":', "is not valid JSON")])
def test_text_that_is_not_a_result_is_refused(text: str, message: str) -> None:
    with pytest.raises(nfv.InvalidArgumentError, match=message):
        nfv.compare(text, BASE)
