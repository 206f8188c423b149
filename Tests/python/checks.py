"""The counting assertion of the standalone Python test scripts: `check` records a pass or prints the failure,
`finish` prints "NAME: N passed, N failed" and exits non-zero when anything failed."""
import sys

passed = failed = 0


def check(condition, what):
    """Counts `condition`; prints `what` when it does not hold."""
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAILED: {what}", file=sys.stderr)


def finish(name):
    """Prints the summary line and exits with the scripts' status."""
    print(f"{name}: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
