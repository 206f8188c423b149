#!/usr/bin/env python3
"""First contact: on a checkout without a development key (as after a fresh clone), `scripts/read --device NODE`
on the LD_PRELOAD fake camera makes the key, builds the library trusting it, activates nfv with the key minted for
it and completes a reading — no key passed, no other command. It says once, on standard error, that it uses a
development key.

    first_reading.py --fake LIB --harness BIN     (scripts/test builds both; the reading takes about 25 s)
Exit status 0 when every check passed.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from scenarios import DEVICE, ROOT, Scenario, environment

failures = []


def check(condition, what, detail=""):
    print("ok   " + what if condition else "FAIL %s %s" % (what, detail), flush=True)
    if not condition:
        failures.append(what)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fake", required=True)
    parser.add_argument("--harness", required=True)
    args = parser.parse_args()
    root = os.path.abspath(ROOT)
    shutil.rmtree(os.path.join(root, ".build", "dev-key"), ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="nfv-first-reading-", ignore_cleanup_errors=True) as workdir:
        args.scene = os.path.join(workdir, "scene.txt")
        truth = os.path.join(workdir, "truth.json")
        subprocess.run([args.harness, "scene", "--out", args.scene, "--truth", truth, "--seconds", "150"],
                       check=True, stdout=subprocess.DEVNULL)
        # The build runs first without the fake preloaded (scripts/read's own build then only checks).
        env = {key: value for key, value in os.environ.items()
               if key not in ("NFV_LICENSE_KEY", "NFV_LICENSE_PUBLIC_KEY")}
        built = subprocess.run([os.path.join(root, "scripts", "build")], env=env, capture_output=True, text=True)
        check(built.returncode == 0, "scripts/build with no key", built.stderr[-300:])
        check("made a development signing key" in built.stderr, "scripts/build makes the development key")
        scenario = Scenario("first_reading", workdir)
        camera = environment(args, scenario, extra={"FAKE_CAMERA_SPEED": "3", "HOME": workdir})
        camera = {key: value for key, value in camera.items()
                  if key not in ("NFV_LICENSE_KEY", "NFV_LICENSE_PUBLIC_KEY")}
        try:
            done = subprocess.run([os.path.join(root, "scripts", "read"), "--device", DEVICE, "--json"], env=camera,
                                  capture_output=True, text=True, timeout=240)
        except subprocess.TimeoutExpired:
            check(False, "scripts/read finished within 240 s")
            return 1
        events = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        types = [event.get("type") for event in events]
        check(done.returncode == 0, "scripts/read --device %s exits 0" % DEVICE,
              "(%d: %s)" % (done.returncode, done.stderr[-300:]))
        check("completed" in types, "a completed reading", "(events %s)" % sorted(set(types)))
        check(done.stderr.count("development license key") == 1, "says once that it uses the development key",
              done.stderr[-400:])
        check(scenario.torch_file() == "0", "torch off after the reading", repr(scenario.torch_file()))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
