"""set_logging(): library log lines to a Logger, a callable or standard error; nothing once it is off."""

import logging
import os
import subprocess
import sys
import textwrap
from typing import List

import pytest

import neurofit_vitals as nfv
from conftest import FAST_SIMULATOR

pytestmark = pytest.mark.skipif(not nfv._capi.library().has("nfv_set_logging"), reason="the library has no logging")


def simulated_reading() -> nfv.Result:
    with nfv.Session() as session:
        session.use_simulator(FAST_SIMULATOR)
        return session.run(timeout=20)


def test_lines_reach_a_logger_until_logging_is_turned_off(caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("neurofit-vitals-test")
    with caplog.at_level(logging.DEBUG, logger=logger.name):
        nfv.set_logging(True, logger)
        try:
            result = simulated_reading()
        finally:
            nfv.set_logging(False)
        lines = [record.getMessage() for record in caplog.records if record.name == logger.name]
        simulated_reading()
        after = [record for record in caplog.records if record.name == logger.name]
    assert len(after) == len(lines) > 3
    assert any("source opened" in line for line in lines) and any("measuring" in line for line in lines)
    assert not any(f"{result.heart_rate_bpm:.1f}" in line for line in lines), "no metric values in the log"


def test_lines_reach_a_callable() -> None:
    lines: List[str] = []
    nfv.set_logging(True, lines.append)
    try:
        simulated_reading()
    finally:
        nfv.set_logging(False)
    assert any("completed" in line for line in lines)


def test_without_a_target_the_library_writes_to_standard_error() -> None:
    script = textwrap.dedent("""
        import neurofit_vitals as nfv
        nfv.set_logging(True)
        with nfv.Session() as session:
            session.use_simulator(real_time=False)
            print(session.run().heart_rate_bpm > 0)
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30,
                         env=dict(os.environ))
    assert run.returncode == 0 and run.stdout.strip() == "True", run.stderr
    assert "source opened" in run.stderr
