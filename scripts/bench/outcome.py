"""What a tool answered for one window: a result object, an error code, or a failure (crash, timeout...)."""

import json
import signal
from dataclasses import dataclass


@dataclass
class Outcome:
    """One tool's answer for one window. Exactly one of result / error_code / failure is set."""
    result: dict = None
    error_code: str = None
    failure: str = None
    seconds: float = 0.0

    def returned(self):
        """A result whose quality is not withheld (1); tools without a quality tier count any result."""
        return self.result is not None and self.result.get("quality") != 1

    def value(self, key):
        """A finite number from the result, or None."""
        value = (self.result or {}).get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            return None
        return float(value) if abs(value) != float("inf") else None


def from_process(stdout, returncode, stderr="", seconds=0.0):
    """The Outcome of a finished `nfv analyze`-like process (one JSON object on stdout)."""
    if returncode < 0:
        return Outcome(failure=f"crashed ({_signal_name(-returncode)})", seconds=seconds)
    try:
        answer = json.loads(stdout)
    except ValueError:
        detail = (stderr.strip().splitlines() or stdout.strip().splitlines() or ["no output"])[-1][:120]
        return Outcome(failure=f"bad output, exit {returncode}: {detail}", seconds=seconds)
    return from_answer(answer, seconds)


def from_answer(answer, seconds=0.0):
    """The Outcome of a parsed JSON answer: a result, {"result": {...}} or {"error": {"code": ...}}."""
    if not isinstance(answer, dict):
        return Outcome(failure="bad output: not a JSON object", seconds=seconds)
    if isinstance(answer.get("error"), dict):
        return Outcome(error_code=str(answer["error"].get("code", "unknown")), seconds=seconds)
    result = answer.get("result") if isinstance(answer.get("result"), dict) else answer
    return Outcome(result=result, seconds=seconds)


def _signal_name(number):
    """SIGSEGV for 11, etc."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
