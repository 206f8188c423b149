"""Helpers for scripts/bench-accuracy, scripts/bench-engine and scripts/bench-replay (Python 3 standard library only).

peer_worker.py and peer_timing.py are the exceptions: they run inside .build/bench-venv with NumPy,
NeuroKit2 and HeartPy, started as subprocesses by peers.py and bench-engine.
"""
