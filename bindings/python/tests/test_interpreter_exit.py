"""Interpreter exit while sessions run (real-time simulator, events flowing): the process ends promptly and
cleanly in every delivery mode, without close()."""

import os
import subprocess
import sys
import textwrap

import pytest

SCRIPTS = {
    "pull session left running": """
        session = nfv.Session()
        session.use_simulator(real_time=True)
        session.start()
        print(type(session.next_event(5)).__name__)
    """,
    "callback session dispatching": """
        import threading
        first = threading.Event()
        session = nfv.Session(callback=lambda event: first.set())
        session.use_simulator(real_time=True, fps=60)
        session.start()
        first.wait(5)
        print("dispatching")
        sys.exit(0)
    """,
    "thread blocked in events()": """
        import threading
        session = nfv.Session()
        session.use_simulator(real_time=True)
        session.start()
        started = threading.Event()
        def consume():
            started.set()
            for event in session.events():
                pass
        threading.Thread(target=consume, daemon=True).start()
        started.wait(5)
        print("consuming")
    """,
    "logging to a Python callable while sessions run": """
        lines = []
        nfv.set_logging(True, lines.append)
        session = nfv.Session()
        session.use_simulator(real_time=True)
        session.start()
        session.next_event(5)
        print(len(lines))
    """,
    "fast reading in a with block interrupted by an exception": """
        try:
            with nfv.Session() as session:
                session.use_simulator(real_time=False)
                session.start()
                raise RuntimeError("host bug")
        except RuntimeError as error:
            print(error)
    """,
}


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_exit_is_clean(name: str) -> None:
    script = "import sys\nimport neurofit_vitals as nfv\n" + textwrap.dedent(SCRIPTS[name])
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30,
                         env=dict(os.environ))
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip(), run.stderr
    assert "Fatal" not in run.stderr and "Traceback" not in run.stderr, run.stderr
