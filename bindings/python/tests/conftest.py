"""Shared fixtures. Run by scripts/test-bindings inside a fresh venv where the wheel (with its bundled library) is
installed; NFV_LIBRARY overrides the library for local runs.

Environment: NFV_TEST_KEY_PYTHON — a license key listing APP_ID (host frames and replays need activation).
"""

import math
import os
from typing import Callable, Dict, List, Tuple

import pytest

import neurofit_vitals as nfv

APP_ID = "com.neurofit.bindings-tests"
FAST_SIMULATOR: Dict[str, object] = {"realTime": False, "seed": 7, "heartRateBpm": 72}


@pytest.fixture(scope="session")
def license_key() -> str:
    key = os.environ.get("NFV_TEST_KEY_PYTHON")
    if not key:
        pytest.skip("NFV_TEST_KEY_PYTHON is not set (scripts/test-bindings sets it)")
    return key


@pytest.fixture(scope="session")
def activated(license_key: str) -> nfv.LicenseStatus:
    return nfv.activate(license_key, APP_ID)


def pulse_means(rate_bpm: float, fps: float, seconds: float, start_s: float = 1.0) -> List[Tuple[float, float]]:
    """(timestamp s, red mean) of a fingertip-like pulse: a sharp systolic rise and a slow decay, 6 counts deep."""
    period = 60.0 / rate_bpm
    samples = []
    for index in range(int(seconds * fps)):
        t = start_s + index / fps
        phase = (t % period) / period
        shape = math.sin(math.pi * phase / 0.2) if phase < 0.2 else math.exp(-(phase - 0.2) * 4.0) * math.cos(
            (phase - 0.2) * math.pi / 1.6)
        samples.append((t, 170.0 + 3.0 * shape))
    return samples


@pytest.fixture
def make_pulse() -> Callable[..., List[Tuple[float, float]]]:
    return pulse_means
