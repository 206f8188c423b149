"""Recording on, then replay: the replay reproduces the live session's events byte for byte
(docs/recording-format.md)."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import List

import neurofit_vitals as nfv
from conftest import FAST_SIMULATOR


def event_dicts(session: nfv.Session) -> List[dict]:
    return [event.to_dict() for event in session.events(timeout=20)]


def test_a_recorded_reading_replays_identically(tmp_path: Path) -> None:
    path = tmp_path / "reading.nfvrec"
    with nfv.Session() as session:
        session.use_simulator(FAST_SIMULATOR)
        session.record(str(path))
        session.start()
        live = event_dicts(session)
    assert path.stat().st_size > 10_000
    with nfv.Session() as session:
        session.use_replay(str(path), real_time=False)
        session.start()
        replayed = event_dicts(session)
    assert [event["type"] for event in live][-1] in ("completed", "state")
    assert json.dumps(replayed, sort_keys=True) == json.dumps(live, sort_keys=True)


def test_a_csv_of_means_replays_to_a_result_without_activation(tmp_path: Path, make_pulse) -> None:
    path = tmp_path / "means.csv"
    rows = ["timestamp_s,red,green,blue"] + [f"{t:.6f},{red:.4f},5,20" for t, red in make_pulse(80.0, 30.0, 75.0)]
    path.write_text("\n".join(rows) + "\n")
    script = textwrap.dedent(f"""
        import neurofit_vitals as nfv
        assert not nfv.license_status().activated
        with nfv.Session() as session:
            session.use_replay({str(path)!r})
            print(session.run(timeout=20).heart_rate_bpm)
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30,
                         env=dict(os.environ))
    assert run.returncode == 0, run.stderr
    assert abs(float(run.stdout) - 80.0) < 3
