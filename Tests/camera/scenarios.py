#!/usr/bin/env python3
"""Camera integration tests: the real capture code (discovery, V4L2 backend, CameraSource, torch, guardian) in a
child process under the LD_PRELOAD fake camera (Tests/camera/fake_camera.c), one scenario per behaviour of issue 5.

Run through scripts/test-camera, which builds the fake, the harness and nfv and passes their paths:
    scenarios.py --fake LIB --harness BIN --nfv BIN [--only NAME… | --skip NAME…] [--key SECRET] [--reading-speed X]
Each scenario prints PASS/FAIL with the failed checks; the exit status is the number of failed scenarios.
"""
import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import math
import tempfile
import threading
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DEVICE = "/dev/video-fake0"
META = "/dev/video-fake1"
SUBDEV = "/dev/v4l-subdev-fake0"


class Scenario:
    """One child run: its environment, its JSON Lines output, and the checks made on them."""

    def __init__(self, name, workdir):
        self.name = name
        self.failures = []
        self.workdir = workdir
        self.state_path = os.path.join(workdir, name + ".state")
        for path in (self.state_path, self.state_path + ".torch"):
            if os.path.exists(path):
                os.remove(path)

    def check(self, condition, what):
        if not condition:
            self.failures.append(what)
        return condition

    def state(self):
        """The fake's state file as a dict of ints/strings (the main process's view)."""
        values = {}
        if os.path.exists(self.state_path):
            for line in open(self.state_path):
                key, _, value = line.strip().partition("=")
                values[key] = int(value) if value.lstrip("-").isdigit() else value
        return values

    def torch_file(self):
        path = self.state_path + ".torch"
        return open(path).read().strip() if os.path.exists(path) else None


def environment(args, scenario, modes="YUYV:640x480@30", faults="", torch="subdev", extra=None):
    env = dict(os.environ)
    env.update({
        "LD_PRELOAD": args.fake,
        "FAKE_CAMERA_DEVICE": DEVICE,
        "FAKE_CAMERA_META": META,
        "FAKE_CAMERA_MODES": modes,
        "FAKE_CAMERA_SCENE": args.scene,
        "FAKE_CAMERA_STATE": scenario.state_path,
        "FAKE_CAMERA_FAULTS": faults,
        "NFV_VIDEO_DEVICES": META + ":" + DEVICE,
        "NFV_IIO_ROOT": "none",  # the machine's own accelerometer, if any, stays out of the tests
    })
    if torch == "subdev":
        env["FAKE_CAMERA_SUBDEV"] = SUBDEV
        env["NFV_TORCH"] = "flash-subdevice:" + SUBDEV
    elif torch == "none":
        env["NFV_TORCH"] = "none"
    else:
        env["NFV_TORCH"] = "sysfs-led:" + torch
    env.update(extra or {})
    return env


def run_capture(args, scenario, seconds, timeout=40, preview_fps=None, until=None, **options):
    """Runs `harness capture` (with previews at `preview_fps` when given) and returns its records (a hang is a
    failure). With `until`, a test of the records so far, the capture ends as soon as it holds (what the scenario
    waits for has happened), at the latest after `seconds`."""
    env = environment(args, scenario, **options)
    command = [args.harness, "capture", "--device", DEVICE, "--seconds", str(seconds)]
    if preview_fps is not None:
        command += ["--preview", str(preview_fps)]
    if until is None:
        try:
            done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            scenario.check(False, "the capture hung (no exit within %d s)" % timeout)
            return []
        records = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        scenario.check(done.returncode in (0, 1), "harness exit status %d: %s" % (done.returncode, done.stderr[-400:]))
        return records
    stop_file = os.path.join(scenario.workdir, scenario.name + ".stop")
    if os.path.exists(stop_file):
        os.remove(stop_file)
    records = []
    with tempfile.TemporaryFile("w+") as errors:
        process = subprocess.Popen(command + ["--stop-file", stop_file], env=env, stdout=subprocess.PIPE,
                                   stderr=errors, text=True)

        def read():
            for line in process.stdout:
                if line.startswith("{"):
                    records.append(json.loads(line))
                    if not os.path.exists(stop_file) and until(records):
                        open(stop_file, "w").close()

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(timeout)
        if reader.is_alive():
            process.kill()
            process.wait()
            scenario.check(False, "the capture hung (no exit within %d s)" % timeout)
            return []
        status = process.wait()
        errors.seek(0)
        scenario.check(status in (0, 1), "harness exit status %d: %s" % (status, errors.read()[-400:]))
    return records


def after(records, event):
    """The records after the first `event` record (empty when there is none)."""
    index = next((i for i, r in enumerate(records) if r.get("event") == event), None)
    return [] if index is None else records[index + 1:]


def frames_flow_again(records):
    """After an interruption, a whole second with at least 28 frames and a status with the torch on."""
    later = after(records, "interrupted")
    return (any(r.get("event") == "second" and r["frames"] >= 28 for r in later)
            and any(r.get("event") == "status" and r["torch"] for r in later))


def first(records, event):
    return next((r for r in records if r.get("event") == event), None)


def every(records, event):
    return [r for r in records if r.get("event") == event]


def check_released(scenario, records):
    """No leaked descriptor or mapping, not streaming, torch off."""
    closed = first(records, "closed") or first(records, "openFailed")
    if scenario.check(closed is not None, "no closing record"):
        if "fdsBefore" in closed:
            scenario.check(closed["fdsBefore"] == closed["fdsAfter"],
                           "descriptors leaked: %s before, %s after" % (closed["fdsBefore"], closed["fdsAfter"]))
    state = scenario.state()
    if state:
        scenario.check(state.get("open_fds") == 0, "fake nodes still open: %s" % state.get("open_fds"))
        scenario.check(state.get("mappings") == 0, "buffers still mapped: %s" % state.get("mappings"))
        scenario.check(state.get("streaming") == 0, "still streaming")
    torch = scenario.torch_file()
    scenario.check(torch in (None, "0"), "torch left on (%s)" % torch)


# ---- scenarios ---------------------------------------------------------------------------------------------------

def tiers(args, scenario):
    """The tier and mode chosen for several mode lists (nfv devices --json, discovery without streaming)."""
    cases = [
        ("YUYV:640x480@30", 30, "YUYV 640x480@30"),
        ("YUYV:640x480@30,MJPG:640x480@60", 60, "MJPG 640x480@60"),
        ("MJPG:1280x720@60,YUYV:1280x720@60,YUYV:640x480@60", 60, "YUYV 640x480@60"),
        ("YUYV:320x240@60,YUYV:640x480@20", 20, "YUYV 640x480@20"),
        ("YUYV:1920x1080@5,MJPG:1920x1080@30", 30, "MJPG 1920x1080@30"),
        ("YUYV:320x240@60", None, None),
    ]
    for modes, tier, mode in cases:
        env = environment(args, scenario, modes=modes)
        out = subprocess.run([args.nfv, "devices", "--json"], env=env, capture_output=True, text=True, timeout=20)
        cameras = json.loads(out.stdout)
        if not scenario.check(len(cameras) == 1, "%s: expected 1 camera (metadata node skipped), got %d"
                              % (modes, len(cameras))):
            continue
        camera = cameras[0]
        scenario.check(camera["fpsTier"] == tier, "%s: tier %s, expected %s" % (modes, camera["fpsTier"], tier))
        scenario.check(camera.get("captureMode") == mode, "%s: mode %s, expected %s"
                       % (modes, camera.get("captureMode"), mode))
        if tier is None:
            scenario.check("20 fps at 640 px" in camera.get("reason", ""),
                           "%s: reason %r" % (modes, camera.get("reason")))
    emulated = [f for f in camera["formats"] if f["emulated"]] if cameras else []
    scenario.check(len(emulated) > 0, "libv4l2's emulated formats not listed as emulated")


def read_then_interrupt(args, scenario, env, device, config, recording, seconds, until=None):
    """Runs `nfv read --device DEVICE --config CONFIG --record RECORDING --json` for `seconds` (or until `until`, a
    test of the events so far, holds), stops it with SIGINT and returns the fake's state from just before the
    interrupt and the events (None when nfv did not stop)."""
    process = subprocess.Popen([args.nfv, "read", "--device", device, "--json", "--license", args.license,
                                "--record", recording, "--config", config],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    events, awaited = [], threading.Event()

    def read():
        for line in process.stdout:
            if line.startswith("{"):
                events.append(json.loads(line))
                if until is not None and until(events):
                    awaited.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    awaited.wait(seconds)
    state = scenario.state()
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=20)
        reader.join(5)
    except subprocess.TimeoutExpired:
        process.kill()
        scenario.check(False, "nfv read did not stop on SIGINT")
        return None
    return state, events


def configured_tiers(args, scenario):
    """The session configuration's fpsTiers reach the camera: [30, 20] on a 60 fps camera runs it at 30, and the
    camera named "default" is the default camera (nfv read, stopped by SIGINT after a few seconds)."""
    recording = os.path.join(scenario.workdir, "tiers.nfvrec")
    env = environment(args, scenario, modes="YUYV:640x480@60")
    outcome = read_then_interrupt(args, scenario, env, "default", '{"advanced":{"fpsTiers":[30,20]}}', recording, 4)
    if outcome is None:
        return
    state, _ = outcome
    scenario.check(abs(state.get("fps", 0) - 30) < 0.5, "camera at %s fps, expected 30" % state.get("fps"))
    with open(recording) as lines:
        header = json.loads(lines.readline())
    scenario.check(header["source"]["fpsTier"] == 30, "recorded tier %s" % header["source"]["fpsTier"])
    scenario.check(scenario.torch_file() == "0", "torch %r after SIGINT" % scenario.torch_file())


def torch_dimmed(args, scenario):
    """A light so strong that red clips at the shortest exposure: the tuner dims the flash subdevice's torch
    intensity until red is in the band and locks (nfv read with 12 tuner steps, stopped by SIGINT)."""
    recording = os.path.join(scenario.workdir, "dimmed.nfvrec")
    env = environment(args, scenario, extra={"FAKE_CAMERA_LIGHT": "100", "FAKE_CAMERA_SPEED": "2"})
    outcome = read_then_interrupt(args, scenario, env, DEVICE, '{"advanced":{"exposureTuneMaxSteps":12}}', recording,
                                  5)
    if outcome is None:
        return
    state, _ = outcome
    scenario.check(0 < state.get("torch_intensity", 50) < 50, "torch intensity %s, expected dimmed below its "
                   "default 50" % state.get("torch_intensity"))
    scenario.check(state.get("exposure") == 3, "exposure %s, expected its minimum 3" % state.get("exposure"))
    with open(recording) as lines:
        cameras = [json.loads(line)["settings"] for line in lines if '"type":"camera"' in line]
    locked = [settings for settings in cameras if settings["exposure_locked"] and settings["torch_active"]]
    scenario.check(locked and 0 < locked[-1]["torch_level"] < 0.5, "camera lines %s" % cameras[-3:])
    scenario.check(scenario.torch_file() == "0", "torch %r after SIGINT" % scenario.torch_file())


def tuner_off(args, scenario):
    """exposureTunerEnabled false: the camera stays on its automatic exposure (aperture priority, the exposure and
    gain never written) while the torch still lights the finger, and the recording's camera lines say the tuner is
    off and nothing is locked (nfv read, stopped by SIGINT)."""
    recording = os.path.join(scenario.workdir, "tuner-off.nfvrec")
    env = environment(args, scenario, extra={"FAKE_CAMERA_SPEED": "2"})
    outcome = read_then_interrupt(args, scenario, env, DEVICE, '{"advanced":{"exposureTunerEnabled":false}}',
                                  recording, 4)
    if outcome is None:
        return
    state, _ = outcome
    scenario.check(state.get("exposure_auto") == 3, "exposure_auto %s, expected aperture priority (3)"
                   % state.get("exposure_auto"))
    scenario.check(state.get("exposure") == 250 and state.get("gain") == 32,
                   "exposure %s gain %s, expected the defaults 250 and 32" % (state.get("exposure"), state.get("gain")))
    scenario.check(state.get("torch") == 1 and state.get("exposure_auto_priority") == 0,
                   "torch %s, AE priority %s" % (state.get("torch"), state.get("exposure_auto_priority")))
    with open(recording) as lines:
        cameras = [json.loads(line)["settings"] for line in lines if '"type":"camera"' in line]
    scenario.check(cameras and all(not s["exposure_tuner_enabled"] and not s["exposure_locked"] for s in cameras),
                   "camera lines %s" % cameras[-3:])
    scenario.check(scenario.torch_file() == "0", "torch %r after SIGINT" % scenario.torch_file())


def capture_30(args, scenario):
    """YUYV at 30 fps with a flash-subdevice torch: rate, tuner, AE priority, torch on during, released after."""
    records = run_capture(args, scenario, seconds=4)
    opened = first(records, "opened")
    scenario.check(opened and opened["tier"] == 30 and opened["mode"] == "YUYV 640x480@30", "opened %s" % opened)
    closed = first(records, "closed") or {}
    scenario.check(abs(closed.get("fps", 0) - 30) < 0.5, "fps %s, expected 30" % closed.get("fps"))
    scenario.check(closed.get("frames", 0) >= 100, "frames %s in 4 s" % closed.get("frames"))
    statuses = every(records, "status")
    scenario.check(any(s["torch"] for s in statuses), "torch never on while streaming")
    final = first(records, "final") or {}
    scenario.check(final.get("locked") is True, "tuner did not lock: %s" % final)
    scenario.check(120 <= final.get("tunedRed", 0) <= 210, "tuned red %s outside 120–210" % final.get("tunedRed"))
    scenario.check(final.get("torch") is False, "torch still on after close")
    state = scenario.state()
    scenario.check(state.get("exposure_auto") == 1,
                   "exposure_auto %s, expected manual (1)" % state.get("exposure_auto"))
    scenario.check(state.get("exposure_auto_priority") == 0, "AE priority %s, expected 0"
                   % state.get("exposure_auto_priority"))
    scenario.check(state.get("white_balance_auto") == 0 and state.get("focus_auto") == 0, "AWB/AF not off")
    scenario.check(not every(records, "interrupted") and not every(records, "failed"), "unexpected interruption")
    check_released(scenario, records)


def preview(args, scenario):
    """Previews from the camera at 10 fps: YUYV 640x480 scaled to 160x120, MJPEG from its 1/8 decode (80x60), red
    like the frames, never more than 10 per second of the frames' time, capture rate unchanged."""
    for modes, tier, size in (("YUYV:640x480@30", 30, (160, 120)), ("MJPG:640x480@60", 60, (80, 60))):
        closed = first(run_capture(args, scenario, seconds=3, preview_fps=10, modes=modes), "closed") or {}
        span = closed.get("frames", 0) / tier
        scenario.check(abs(closed.get("fps", 0) - tier) < 1, "%s: fps %s with previews" % (modes, closed.get("fps")))
        scenario.check(10 <= closed.get("previews", 0) <= span * 10 + 1,
                       "%s: %s previews over %.1f s at 10 fps" % (modes, closed.get("previews"), span))
        scenario.check((closed.get("previewWidth"), closed.get("previewHeight")) == size,
                       "%s: preview %sx%s, expected %dx%d" % ((modes, closed.get("previewWidth"),
                                                               closed.get("previewHeight")) + size))
        scenario.check(abs(closed.get("previewRed", 0) - closed.get("frameRed", 0)) < 15,
                       "%s: preview red %s, frames' red %s" % (modes, closed.get("previewRed"), closed.get("frameRed")))


def capture_60_mjpeg(args, scenario):
    """MJPEG at 60 fps (decoded at 1/8 scale), chosen over YUYV 30."""
    records = run_capture(args, scenario, seconds=4, modes="YUYV:640x480@30,MJPG:640x480@60")
    opened = first(records, "opened")
    scenario.check(opened and opened["tier"] == 60 and opened["mode"] == "MJPG 640x480@60", "opened %s" % opened)
    closed = first(records, "closed") or {}
    scenario.check(abs(closed.get("fps", 0) - 60) < 1, "fps %s, expected 60" % closed.get("fps"))
    final = first(records, "final") or {}
    scenario.check(120 <= final.get("tunedRed", 0) <= 210 and final.get("locked"), "tuner: %s" % final)
    seconds = every(records, "second")
    scenario.check(seconds and all(s["frames"] >= 55 for s in seconds[1:]), "per-second frames %s"
                   % [s["frames"] for s in seconds])
    check_released(scenario, records)


def sysfs_torch(args, scenario):
    """An LED class torch: max_brightness while streaming, 0 after close."""
    led = os.path.join(scenario.workdir, "led")
    os.makedirs(led, exist_ok=True)
    open(os.path.join(led, "max_brightness"), "w").write("255\n")
    brightness = os.path.join(led, "brightness")
    open(brightness, "w").write("0\n")
    env = environment(args, scenario, torch=brightness)
    child = subprocess.Popen([args.harness, "capture", "--device", DEVICE, "--seconds", "3"], env=env,
                             stdout=subprocess.PIPE, text=True)
    time.sleep(1.5)
    scenario.check(open(brightness).read().strip() == "255", "brightness %r while streaming"
                   % open(brightness).read().strip())
    child.communicate(timeout=30)
    # The torch guardian also writes 0 when the harness exits; on this regular file (not sysfs) its O_TRUNC + write
    # can be caught in between, so an empty read is retried for up to a second.
    after = ""
    for _ in range(20):
        after = open(brightness).read().strip()
        if after:
            break
        time.sleep(0.05)
    scenario.check(after == "0", "brightness %r after close" % after)


def sigkill(args, scenario):
    """SIGKILL of the host alone, and of the host's whole process group (a supervisor's stop): the guardian, in a
    process group of its own, switches the torch off (subdevice and LED class)."""
    led = os.path.join(scenario.workdir, "led-kill")
    os.makedirs(led, exist_ok=True)
    brightness = os.path.join(led, "brightness")
    open(brightness, "w").write("0\n")
    torches = (("subdev", scenario.torch_file), (brightness, lambda: open(brightness).read().strip()))
    for (torch, read), group in [(torch, group) for torch in torches for group in (False, True)]:
        env = environment(args, scenario, torch=torch)
        child = subprocess.Popen([args.harness, "capture", "--device", DEVICE, "--seconds", "30"], env=env,
                                 stdout=subprocess.DEVNULL, start_new_session=group)
        torch = "%s (%s)" % (torch, "group kill" if group else "process kill")
        deadline = time.time() + 10
        while time.time() < deadline and read() not in ("1", "255") and child.poll() is None:
            time.sleep(0.1)
        on = read()
        scenario.check(on in ("1", "255"), "%s: torch not on before the kill (%r)" % (torch, on))
        if group:
            os.killpg(child.pid, signal.SIGKILL)
        else:
            child.send_signal(signal.SIGKILL)
        child.wait()
        deadline = time.time() + 3
        while time.time() < deadline and read() != "0":
            time.sleep(0.05)
        scenario.check(read() == "0", "%s: torch %r after SIGKILL (guardian did not switch it off)" % (torch, read()))


def exit_without_stop(args, scenario):
    """exit() with the camera still streaming: the torch is off afterwards (atexit hook and guardian)."""
    led = os.path.join(scenario.workdir, "led-exit")
    os.makedirs(led, exist_ok=True)
    brightness = os.path.join(led, "brightness")
    open(brightness, "w").write("0\n")
    for torch, read in (("subdev", scenario.torch_file), (brightness, lambda: open(brightness).read().strip())):
        env = environment(args, scenario, torch=torch)
        done = subprocess.run([args.harness, "capture", "--device", DEVICE, "--seconds", "2", "--exit-without-close"],
                              env=env, capture_output=True, text=True, timeout=30)
        records = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        scenario.check(any(r.get("torch") for r in every(records, "status")), "%s: torch never on" % torch)
        scenario.check(first(records, "exiting") is not None and done.returncode == 0, "%s: no exit()" % torch)
        deadline = time.time() + 3
        while time.time() < deadline and read() != "0":
            time.sleep(0.05)
        scenario.check(read() == "0", "%s: torch %r after exit()" % (torch, read()))


def stall_once(args, scenario):
    """One stall: interrupted(camera_stalled), one restart, frames flow again, no failure."""
    records = run_capture(args, scenario, seconds=9, faults="stall@3+2.5", until=frames_flow_again)
    interrupted = every(records, "interrupted")
    scenario.check([r["reason"] for r in interrupted] == ["camera_stalled"], "interruptions %s" % interrupted)
    scenario.check(not every(records, "failed"), "failed: %s" % every(records, "failed"))
    final = first(records, "final") or {}
    scenario.check(final.get("stallRestarts", 0) >= 1, "no stall restart: %s" % final)
    seconds = every(records, "second")
    scenario.check(seconds and seconds[-1]["frames"] >= 28, "frames did not resume: %s" % seconds[-1:])
    check_released(scenario, records)


def stall_event(args, scenario):
    """Through a session (nfv read --json): one stall is a recoverableError(cameraStalled), the session goes on."""
    env = environment(args, scenario, faults="stall@3+2.5")
    recording = os.path.join(scenario.workdir, "stall.nfvrec")
    def guidance_after_the_error(events):
        types = [event.get("type") for event in events]
        return "recoverableError" in types and "guidance" in types[types.index("recoverableError"):]
    outcome = read_then_interrupt(args, scenario, env, DEVICE, "{}", recording, 9, until=guidance_after_the_error)
    if outcome is None:
        return
    _, events = outcome
    errors = [event for event in events if event["type"] == "recoverableError"]
    scenario.check([event.get("error") for event in errors] == ["cameraStalled"], "recoverable errors %s" % errors)
    scenario.check(not [event for event in events if event["type"] == "failed"], "the session failed")
    after = events[events.index(errors[0]):] if errors else []
    scenario.check(any(event["type"] == "guidance" for event in after), "no guidance after the stall")


def stall_twice(args, scenario):
    """A second stall fails the session with cameraUnavailable."""
    records = run_capture(args, scenario, seconds=15, faults="stall@3+2,stall@8+2")
    interrupted = every(records, "interrupted")
    scenario.check([r["reason"] for r in interrupted] == ["camera_stalled"], "interruptions %s" % interrupted)
    failed = every(records, "failed")
    scenario.check(len(failed) == 1 and failed[0]["code"] == "cameraUnavailable", "failed %s" % failed)
    check_released(scenario, records)


def stall_forever(args, scenario):
    """A camera that never delivers again fails within the 10 s recovery window, without a hang."""
    started = time.time()
    records = run_capture(args, scenario, seconds=25, faults="stall@2+100")
    failed = every(records, "failed")
    scenario.check(len(failed) == 1 and failed[0]["code"] == "cameraUnavailable", "failed %s" % failed)
    scenario.check(time.time() - started < 18, "took %.1f s to fail" % (time.time() - started))
    check_released(scenario, records)


def unplug_replug(args, scenario):
    """Unplugged and back within 10 s: interrupted(camera_lost), reopened, torch on again, frames flow."""
    records = run_capture(args, scenario, seconds=9, faults="unplug@3,replug@5", until=frames_flow_again)
    interrupted = every(records, "interrupted")
    scenario.check([r["reason"] for r in interrupted] == ["camera_lost"], "interruptions %s" % interrupted)
    scenario.check(not every(records, "failed"), "failed: %s" % every(records, "failed"))
    final = first(records, "final") or {}
    scenario.check(final.get("reopens") == 1, "reopens %s" % final.get("reopens"))
    statuses = every(records, "status")
    scenario.check(statuses and statuses[-1]["torch"], "torch off after the reopen")
    seconds = every(records, "second")
    scenario.check(seconds and seconds[-1]["frames"] >= 28, "frames did not resume: %s" % seconds[-1:])
    check_released(scenario, records)


def unplug_moved(args, scenario):
    """Unplugged and back under another node: found again by its stable id, reopened there."""
    moved = "/dev/video-fake2"
    records = run_capture(args, scenario, seconds=9, faults="unplug@3,replug@5=" + moved, until=frames_flow_again,
                          extra={"NFV_VIDEO_DEVICES": META + ":" + DEVICE + ":" + moved})
    scenario.check([r["reason"] for r in every(records, "interrupted")] == ["camera_lost"], "interruptions")
    scenario.check(not every(records, "failed"), "failed: %s" % every(records, "failed"))
    final = first(records, "final") or {}
    scenario.check(final.get("reopens") == 1, "reopens %s" % final.get("reopens"))
    seconds = every(records, "second")
    scenario.check(seconds and seconds[-1]["frames"] >= 28, "frames did not resume: %s" % seconds[-1:])
    check_released(scenario, records)


def unplug_gone(args, scenario):
    """Unplugged for good: interrupted(camera_lost), then failed(cameraUnavailable) after 10 s; torch off."""
    records = run_capture(args, scenario, seconds=25, faults="unplug@3")
    scenario.check([r["reason"] for r in every(records, "interrupted")] == ["camera_lost"], "interruptions")
    failed = every(records, "failed")
    scenario.check(len(failed) == 1 and failed[0]["code"] == "cameraUnavailable", "failed %s" % failed)
    check_released(scenario, records)


def io_error(args, scenario):
    """EIO from DQBUF, an error buffer and dropped sequence numbers: restart in place, no interruption."""
    records = run_capture(args, scenario, seconds=6, faults="eio@2.5,errbuf@3.5,drop@4=5")
    scenario.check(not every(records, "interrupted") and not every(records, "failed"), "interrupted or failed")
    final = first(records, "final") or {}
    scenario.check(final.get("ioRestarts") == 1, "ioRestarts %s" % final.get("ioRestarts"))
    scenario.check(final.get("errorBuffers") == 1, "errorBuffers %s" % final.get("errorBuffers"))
    scenario.check(final.get("drops", 0) >= 5, "drops %s" % final.get("drops"))
    check_released(scenario, records)


def fps_drop(args, scenario):
    """The rate falls below 70 % of the tier for two ticks: one drop 60 → 30 in place; a low rate never fails."""
    records = run_capture(args, scenario, seconds=9, modes="MJPG:640x480@60,YUYV:640x480@30", faults="fps@3=25")
    interrupted = every(records, "interrupted")
    scenario.check([(r["reason"], r["tier"]) for r in interrupted] == [("camera_reconfigured", 30)],
                   "interruptions %s" % interrupted)
    final = first(records, "final") or {}
    scenario.check(final.get("tier") == 30 and final.get("mode") == "YUYV 640x480@30", "final %s" % final)
    scenario.check(not every(records, "failed"), "failed")
    records = run_capture(args, scenario, seconds=9, faults="fps@2=8")
    interrupted = every(records, "interrupted")
    scenario.check([(r["reason"], r["tier"]) for r in interrupted] == [("camera_reconfigured", 20)],
                   "bottom tier: interruptions %s" % interrupted)
    scenario.check(not every(records, "failed"), "a low rate at the last tier failed the session")
    check_released(scenario, records)


def failed_open(args, scenario, faults, code, words):
    """A capture whose open fails under `faults`: checks the error's code and that its message holds `words`;
    returns the records and the openFailed record."""
    records = run_capture(args, scenario, seconds=2, faults=faults)
    failed = first(records, "openFailed") or {}
    scenario.check(failed.get("code") == code and words in failed.get("message", ""), "openFailed %s" % failed)
    return records, failed


def busy(args, scenario):
    """Another process holds the camera: open fails with cameraUnavailable, nothing left open."""
    records, failed = failed_open(args, scenario, "busy", "cameraUnavailable", "busy")
    scenario.check(failed.get("fdsBefore") == failed.get("fdsAfter"), "descriptors leaked")
    check_released(scenario, records)


def no_permission(args, scenario):
    """EACCES on open: cameraPermissionDenied naming the video group; nfv support says access denied."""
    failed_open(args, scenario, "eacces", "cameraPermissionDenied", "'video' group")
    env = environment(args, scenario, faults="eacces")
    out = subprocess.run([args.nfv, "support", DEVICE, "--json"], env=env, capture_output=True, text=True, timeout=20)
    support = json.loads(out.stdout)
    access = support["cameraAccess"]
    scenario.check(access["authorization"] == "denied" and "video" in access["reason"],
                   "cameraAccess %s" % support["cameraAccess"])
    scenario.check(support["isSupported"] is False and out.returncode == 1, "support %s" % support)


def support(args, scenario):
    """nfv support: supported with the fake; hasCamera false with a reason without any camera."""
    env = environment(args, scenario, modes="YUYV:640x480@30,MJPG:640x480@60")
    out = subprocess.run([args.nfv, "support", "--json"], env=env, capture_output=True, text=True, timeout=20)
    answer = json.loads(out.stdout)
    scenario.check(answer["isSupported"] and answer["hasCamera"] and answer["hasTorch"] and answer["fpsTier"] == 60
                   and answer["reason"] is None and out.returncode == 0, "fake: %s" % answer)
    scenario.check(answer["cameraAccess"] == {"authorization": "authorized"}, "access %s" % answer["cameraAccess"])
    bare = {k: v for k, v in os.environ.items() if not k.startswith(("NFV_", "FAKE_", "LD_PRELOAD"))}
    bare["NFV_VIDEO_DEVICES"] = "/nonexistent/video0"
    out = subprocess.run([args.nfv, "support", "--json"], env=bare, capture_output=True, text=True, timeout=20)
    answer = json.loads(out.stdout)
    scenario.check(answer["hasCamera"] is False and answer["isSupported"] is False and answer["reason"]
                   and out.returncode == 1, "no camera: %s" % answer)


def full_reading(args, scenario, modes, tier):
    """A complete reading through nfv read --device --json (the real session, engine and capture): HR within
    1 bpm of the scene's truth, the camera at `tier`, the torch off afterwards."""
    env = environment(args, scenario, modes=modes, extra={"FAKE_CAMERA_SPEED": str(args.reading_speed)})
    try:
        done = subprocess.run([args.nfv, "read", "--device", DEVICE, "--json", "--license", args.license], env=env,
                              capture_output=True, text=True, timeout=150 * 3 / args.reading_speed)
    except subprocess.TimeoutExpired:
        scenario.check(False, "the reading hung")
        return
    events = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    types = [event.get("type") for event in events]
    scenario.check(done.returncode == 0, "nfv read exit %d: %s" % (done.returncode, done.stderr[-300:]))
    scenario.check("started" in types and "measurementComplete" in types, "events %s" % sorted(set(types)))
    scenario.check("reconfiguringCamera" not in types, "the camera was reconfigured")
    completed = next((event for event in events if event.get("type") == "completed"), None)
    failures = [event for event in events if event.get("type") == "failed"]
    if scenario.check(completed is not None, "no completed event (%s)" % failures):
        result = completed["result"]
        truth = json.load(open(args.truth))["heartRateBpm"]
        print("    %s: HR %.2f bpm vs truth %.2f; measured fps %s" % (scenario.name, result["heartRateBpm"], truth,
              result["diagnostics"].get("measured_fps")))
        scenario.check(abs(result["heartRateBpm"] - truth) <= 1,
                       "HR %.2f vs truth %.2f" % (result["heartRateBpm"], truth))
        scenario.check(abs(result["diagnostics"].get("measured_fps", 0) - tier) < 0.5, "measured fps %s"
                       % result["diagnostics"].get("measured_fps"))
        capture = {key: result["diagnostics"].get(key) for key in
                   ("torch_active", "exposure_locked", "exposure_duration_ms", "active_format_width",
                    "exposure_tuner_enabled")}
        scenario.check(capture["torch_active"] is True and capture["exposure_locked"] is True
                       and capture["exposure_tuner_enabled"] is True
                       and capture["exposure_duration_ms"] is not None
                       and capture["active_format_width"] >= 640, "capture diagnostics %s" % capture)
    scenario.check(scenario.torch_file() == "0", "torch %r after the reading" % scenario.torch_file())
    state = scenario.state()
    scenario.check(state.get("open_fds") == 0 and state.get("streaming") == 0, "camera not released: %s" % state)


def reading_30(args, scenario):
    """A full reading at 30 fps (YUYV)."""
    full_reading(args, scenario, "YUYV:640x480@30", 30)


def reading_60(args, scenario):
    """A full reading at 60 fps (YUYV)."""
    full_reading(args, scenario, "YUYV:640x480@60", 60)


def allocations(args, scenario):
    """The capture thread allocates nothing per frame on the YUYV path (counted by the fake's malloc counter over
    300 frames through CameraSource, its loop, health monitor and tuner); MJPEG's count is printed (libjpeg's
    per-image pools)."""
    for modes, limit in (("YUYV:640x480@60", 0), ("MJPG:640x480@60", None)):
        env = environment(args, scenario, modes=modes, extra={"FAKE_CAMERA_SPEED": "2"})
        done = subprocess.run([args.harness, "allocations", "--device", DEVICE, "--frames", "300"], env=env,
                              capture_output=True, text=True, timeout=60)
        record = first([json.loads(l) for l in done.stdout.splitlines() if l.startswith("{")], "allocations") or {}
        print("    %s: %s allocations on the capture thread over %s frames" % (modes, record.get("allocations"),
                                                                               record.get("frames")))
        if limit is not None:
            scenario.check(record.get("allocations") == limit, "%s: %s" % (modes, record))


def build_capi_test(args, scenario):
    """Compiles Tests/camera/test_camera_capi.c against the debug library; returns (binary, library dir) or None."""
    library_dir = os.path.join(scenario.workdir, "lib")
    os.makedirs(library_dir, exist_ok=True)
    link = os.path.join(library_dir, "libNeurofitVitals.so.1")
    if not os.path.exists(link):
        os.symlink(os.path.join(os.path.dirname(args.nfv), "libNeurofitVitals.so"), link)
    binary = os.path.join(scenario.workdir, "test_camera_capi")
    built = subprocess.run(["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-o", binary,
                            os.path.join(ROOT, "Tests", "camera", "test_camera_capi.c"),
                            "-I", os.path.join(ROOT, "include"),
                            "-L", library_dir, "-l:libNeurofitVitals.so.1"], capture_output=True, text=True)
    if not scenario.check(built.returncode == 0, "compile: %s" % built.stderr[-500:]):
        return None
    return binary, library_dir


def exposure_hold(args, scenario):
    """Through the C API on the fake camera: exposure held from the start of a reading, tuned again after a host
    cancel (the recording's camera lines), the torch off afterwards."""
    built = build_capi_test(args, scenario)
    if built is None:
        return
    binary, library_dir = built
    recording = os.path.join(scenario.workdir, "exposure-hold.nfvrec")
    env = environment(args, scenario, extra={"LD_LIBRARY_PATH": library_dir, "FAKE_CAMERA_SPEED": "2"})
    run = subprocess.run([binary, "exposure-hold", args.license, recording], env=env, capture_output=True, text=True,
                         timeout=90)
    scenario.check(run.returncode == 0, "exposure hold: %s %s" % (run.stdout.strip(), run.stderr.strip()[-600:]))
    scenario.check(scenario.torch_file() == "0", "torch %r after destroy" % scenario.torch_file())


def torch_until_result(args, scenario):
    """Through the C API on the fake camera: the torch and the capture stay on after the reading's last frame until
    the final analysis has built the result (the fake's state read when the library logs the outcome), then go
    off."""
    built = build_capi_test(args, scenario)
    if built is None:
        return
    binary, library_dir = built
    env = environment(args, scenario, extra={"LD_LIBRARY_PATH": library_dir, "FAKE_CAMERA_SPEED": "3"})
    run = subprocess.run([binary, "torch-until-result", args.license, scenario.state_path], env=env,
                         capture_output=True, text=True, timeout=150)
    scenario.check(run.returncode == 0, "torch until result: %s %s" % (run.stdout.strip(), run.stderr.strip()[-600:]))
    scenario.check(scenario.torch_file() == "0", "torch %r after destroy" % scenario.torch_file())


def c_api(args, scenario):
    """The C API's camera functions against the debug library, with the fake camera and with no camera at all."""
    built = build_capi_test(args, scenario)
    if built is None:
        return
    binary, library_dir = built
    json_log = os.path.join(scenario.workdir, "capi-json.log")
    if os.path.exists(json_log):
        os.remove(json_log)
    env = environment(args, scenario, extra={"LD_LIBRARY_PATH": library_dir, "NFV_TEST_JSON_LOG": json_log})
    run = subprocess.run([binary, "with-camera", args.license, scenario.state_path + ".torch"], env=env,
                         capture_output=True, text=True, timeout=60)
    scenario.check(run.returncode == 0, "with camera: %s %s" % (run.stdout.strip(), run.stderr.strip()[-600:]))
    bare = {k: v for k, v in os.environ.items() if not k.startswith(("NFV_", "FAKE_", "LD_PRELOAD"))}
    bare.update({"NFV_VIDEO_DEVICES": "/nonexistent/video0", "LD_LIBRARY_PATH": library_dir,
                 "NFV_TEST_JSON_LOG": json_log})
    run = subprocess.run([binary, "no-camera"], env=bare, capture_output=True, text=True, timeout=60)
    scenario.check(run.returncode == 0, "without camera: %s %s" % (run.stdout.strip(), run.stderr.strip()[-600:]))
    with open(json_log, "rb") as texts:
        strict = subprocess.run([sys.executable, os.path.join(ROOT, "Tests", "faults", "strict_json.py"), "--objects"],
                                stdin=texts, capture_output=True, text=True)
    scenario.check(strict.returncode == 0, "JSON the C API handed out: %s" % (strict.stdout + strict.stderr)[-400:])


class FakeAccelerometer:
    """A fake IIO tree (NFV_IIO_ROOT) with one accelerometer, `fake-accel` at scale 0.01 m/s² per count, next to a
    magnetometer that discovery must skip. While running, a thread rewrites the raw values at 100 Hz (each file
    replaced whole, as a reader must never see half a number): gravity on z and a 0.25 Hz (15 brpm) sway on y."""

    def __init__(self, workdir):
        self.root = os.path.join(workdir, "iio")
        self.device = os.path.join(self.root, "iio:device1")
        os.makedirs(self.device, exist_ok=True)
        magnetometer = os.path.join(self.root, "iio:device0")
        os.makedirs(magnetometer, exist_ok=True)
        for name, value in (("name", "fake-magn"), ("in_magn_x_raw", "1"), ("in_magn_scale", "0.1")):
            self.write(magnetometer, name, value)
        for name, value in (("name", "fake-accel"), ("in_accel_scale", "0.010000"), ("sampling_frequency", "100"),
                            ("in_accel_x_raw", "0"), ("in_accel_y_raw", "0"), ("in_accel_z_raw", "981")):
            self.write(self.device, name, value)
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.sway, daemon=True)

    @staticmethod
    def write(directory, name, value):
        temporary = os.path.join(directory, "." + name)
        with open(temporary, "w") as file:
            file.write(value + "\n")
        os.replace(temporary, os.path.join(directory, name))

    def sway(self):
        started = time.monotonic()
        while not self.stopping.wait(0.01):
            phase = 2 * math.pi * 0.25 * (time.monotonic() - started)
            self.write(self.device, "in_accel_y_raw", str(int(round(30 * math.sin(phase)))))

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stopping.set()
        self.thread.join()


PYTHON_MOTION = """
import sys
import time
import neurofit_vitals as nfv
nfv.activate(sys.argv[1], "python3")
with nfv.Session() as session:
    session.use_camera()
    session.start()
    next(event for event in session.events(timeout=10) if event.type == "guidance")
    try:
        taken = session.submit_motion(time.monotonic_ns() // 1000, 0.0, 0.1, 9.8)
    except nfv.MisuseError as error:
        taken = "refused" if "iio:fake-accel" in str(error) else str(error)
print(nfv.device_support().accelerometer, taken)
"""


def run_python(args, script, env, library_dir):
    """Runs `script` (its argument: the license key) with this checkout's binding on the debug library in
    `library_dir`, in the environment `env`; returns the finished process."""
    env = dict(env, PYTHONPATH=os.path.join(ROOT, "bindings", "python"),
               NFV_LIBRARY=os.path.join(library_dir, "libNeurofitVitals.so.1"))
    return subprocess.run([sys.executable, "-c", script, args.license], env=env, capture_output=True, text=True,
                          timeout=60)


def python_motion(args, scenario, library_dir, iio_root):
    """Runs PYTHON_MOTION on the fake camera with NFV_IIO_ROOT=`iio_root`; returns its last output line."""
    done = run_python(args, PYTHON_MOTION, environment(args, scenario, extra={"NFV_IIO_ROOT": iio_root}), library_dir)
    lines = done.stdout.strip().splitlines()
    return (lines[-1] if lines else "") + ("" if done.returncode == 0 else " | " + done.stderr.strip()[-300:])


def iio_motion(args, scenario):
    """A camera reading with motionBreathing on reads a fake IIO accelerometer (NFV_IIO_ROOT): the C API test checks
    the diagnostics (motion_source iio:fake-accel, its scale, ~50 Hz of samples), that the host's samples are refused
    meanwhile, and that the recording replays to the same result; nfv support reports the accelerometer. Through
    Python: a camera session takes the host's motion samples without an accelerometer and refuses them with one."""
    built = build_capi_test(args, scenario)
    if built is None:
        return
    binary, library_dir = built
    recording = os.path.join(scenario.workdir, "iio-motion.nfvrec")
    with FakeAccelerometer(scenario.workdir) as fake:
        env = environment(args, scenario, extra={"LD_LIBRARY_PATH": library_dir, "NFV_IIO_ROOT": fake.root})
        out = subprocess.run([args.nfv, "support", "--json"], env=env, capture_output=True, text=True, timeout=20)
        answer = json.loads(out.stdout or "{}")
        scenario.check(answer.get("hasAccelerometer") is True and answer.get("accelerometer") == "iio:fake-accel",
                       "support with the fake tree: %s" % answer)
        run = subprocess.run([binary, "iio-motion", args.license, recording], env=env, capture_output=True,
                             text=True, timeout=150)
        with_fake = python_motion(args, scenario, library_dir, fake.root)
    without = python_motion(args, scenario, library_dir, "none")
    print("    Python (accelerometer, submit_motion): with the fake tree %r, without %r" % (with_fake, without))
    scenario.check(with_fake == "iio:fake-accel refused", "Python with the fake accelerometer: %r" % with_fake)
    scenario.check(without == "None True", "Python without an accelerometer: %r" % without)
    print("    " + " ".join(line for line in run.stdout.splitlines() if line.startswith("iio motion")))
    scenario.check(run.returncode == 0, "iio motion: %s %s" % (run.stdout.strip()[-1500:], run.stderr.strip()[-600:]))
    with open(recording) as lines:
        motion = sum(1 for line in lines if '"type":"motion"' in line)
    scenario.check(motion > 800, "%d motion lines recorded" % motion)
    scenario.check(scenario.torch_file() in (None, "0"), "torch %r after the reading" % scenario.torch_file())
    env = environment(args, scenario)
    out = subprocess.run([args.nfv, "support", "--json"], env=env, capture_output=True, text=True, timeout=20)
    answer = json.loads(out.stdout or "{}")
    scenario.check(answer.get("hasAccelerometer") is False and answer.get("accelerometer") is None,
                   "support with NFV_IIO_ROOT=none: %s" % answer)


PYTHON_FACING = """
import sys
import neurofit_vitals as nfv
camera = nfv.cameras()[0]
nfv.activate(sys.argv[1], "python3")
with nfv.Session() as session:
    session.use_camera("back")
with nfv.Session() as session:
    try:
        session.use_camera("front")
        refused = "accepted"
    except nfv.NeurofitVitalsError as error:
        refused = type(error).__name__
print(camera.facing, camera.sensor_rotation, "ok", refused)
"""


def facing(args, scenario):
    """The camera's facing from V4L2_CID_CAMERA_ORIENTATION (unknown without the control), its sensor rotation,
    and "back"/"front" choosing by facing in nfv devices, nfv support, nfv read and the C API."""
    def devices(extra):
        env = environment(args, scenario, extra=extra)
        out = subprocess.run([args.nfv, "devices", "--json"], env=env, capture_output=True, text=True, timeout=20)
        return json.loads(out.stdout)
    plain = devices({})
    scenario.check(len(plain) == 1 and plain[0]["facing"] == "unknown" and "sensorRotation" not in plain[0],
                   "without the control: %s" % plain)
    for facing in ("front", "back", "external"):
        found = devices({"FAKE_CAMERA_FACING": facing, "FAKE_CAMERA_ROTATION": "270"})
        scenario.check(len(found) == 1 and found[0]["facing"] == facing and found[0]["sensorRotation"] == 270,
                       "%s: %s" % (facing, found))
    env = environment(args, scenario, extra={"FAKE_CAMERA_FACING": "front"})
    shown = subprocess.run([args.nfv, "devices"], env=env, capture_output=True, text=True, timeout=20)
    scenario.check("facing front" in shown.stdout, "nfv devices: %r" % shown.stdout[-300:])
    wanted = subprocess.run([args.nfv, "support", "front", "--json"], env=env, capture_output=True, text=True,
                            timeout=20)
    scenario.check(json.loads(wanted.stdout or "{}").get("isSupported") is True, "support front: %s" % wanted.stdout)
    missing = subprocess.run([args.nfv, "support", "back", "--json"], env=env, capture_output=True, text=True,
                             timeout=20)
    answer = json.loads(missing.stdout or "{}")
    scenario.check(answer.get("isSupported") is False and "facing back" in (answer.get("reason") or ""),
                   "support back: %s" % missing.stdout)
    read = subprocess.run([args.nfv, "read", "--device", "back", "--json", "--license", args.license], env=env,
                          capture_output=True, text=True, timeout=30)
    scenario.check(read.returncode != 0 and "facing back" in read.stdout + read.stderr,
                   "nfv read --device back without a back camera: %s %s" % (read.stdout[-300:], read.stderr[-300:]))
    built = build_capi_test(args, scenario)
    if built is None:
        return
    binary, library_dir = built
    env = environment(args, scenario, extra={"LD_LIBRARY_PATH": library_dir, "FAKE_CAMERA_FACING": "back",
                                             "FAKE_CAMERA_ROTATION": "90"})
    run = subprocess.run([binary, "facing-back", args.license], env=env, capture_output=True, text=True, timeout=60)
    scenario.check(run.returncode == 0, "C API: %s %s" % (run.stdout.strip(), run.stderr.strip()[-600:]))
    python = run_python(args, PYTHON_FACING, env, library_dir)
    scenario.check(python.stdout.strip() == "back 90 ok CameraUnavailableError",
                   "Python: %r %s" % (python.stdout.strip(), python.stderr.strip()[-400:]))
    scenario.check(scenario.torch_file() in (None, "0"), "torch %r after the C API test" % scenario.torch_file())


PYTHON_PREVIEW = """
import sys
import threading
import neurofit_vitals as nfv
nfv.activate(sys.argv[1], "python3")
frames, lock = [], threading.Lock()
def keep(frame):
    with lock:
        frames.append(frame)
with nfv.Session() as session:
    session.use_camera()
    session.on_preview(keep, max_fps=10)
    session.start()
    guidance = 0
    for event in session.events(timeout=10):
        guidance += event.type == "guidance"
        if guidance == 3:
            break
with lock:
    red = all(max(frame.rgb[0::3]) > max(frame.rgb[1::3]) for frame in frames)
    times = [frame.timestamp for frame in frames]
    gaps = [b - a for a, b in zip(times, times[1:])]
    busiest = max((sum(1 for t in times[i:] if t < start + 1) for i, start in enumerate(times)), default=0)
    # The limit's contract: never two within half an interval, at most fps + 1 in any second of frame time.
    print(len(frames) >= 10, {(frame.width, frame.height) for frame in frames}, red,
          min(gaps or [1]) >= 0.0499 and busiest <= 11)
"""


def camera_settings(args, scenario):
    """Through the C API on a 60 fps fake camera: exposureTunerEnabled false leaves aperture-priority auto-exposure
    with the camera's own exposure and gain, fpsTiers [30, 60] opens it at 30 fps (the order given), and a preview
    callback at 10 fps gets red 160x120 pictures; through Python, Session.on_preview gets the same from the camera."""
    built = build_capi_test(args, scenario)
    if built is None:
        return
    binary, library_dir = built
    env = environment(args, scenario, modes="YUYV:640x480@60", extra={"LD_LIBRARY_PATH": library_dir})
    run = subprocess.run([binary, "camera-settings", args.license, scenario.state_path], env=env,
                         capture_output=True, text=True, timeout=90)
    print("    " + " ".join(line for line in run.stdout.splitlines() if not line.startswith("test_camera_capi")))
    scenario.check(run.returncode == 0, "C API: %s %s" % (run.stdout.strip()[-800:], run.stderr.strip()[-600:]))
    scenario.check(scenario.torch_file() in (None, "0"), "torch %r after the C API test" % scenario.torch_file())
    python = run_python(args, PYTHON_PREVIEW, env, library_dir)
    scenario.check(python.stdout.strip() == "True {(160, 120)} True True",
                   "Python previews: %r %s" % (python.stdout.strip(), python.stderr.strip()[-400:]))


SCENARIOS = [reading_30, reading_60, tiers, capture_30, capture_60_mjpeg, sysfs_torch, sigkill, exit_without_stop,
             stall_once, stall_event, stall_twice, stall_forever, unplug_replug, unplug_moved, unplug_gone, io_error,
             fps_drop, busy, no_permission, support, allocations, c_api, exposure_hold, configured_tiers, torch_dimmed,
             facing, tuner_off, preview, iio_motion, camera_settings, torch_until_result]


def children_processor_time():
    """Processor time (user + system, s) of the child processes that have ended so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fake", required=True)
    parser.add_argument("--harness", required=True)
    parser.add_argument("--nfv", required=True)
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--skip", nargs="*", default=[])
    parser.add_argument("--key", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures",
                                                      "test-signing.secret"),
                        help="the signing key of nfv's license (default: the test key, trusted by debug builds)")
    parser.add_argument("--reading-speed", type=float, default=3,
                        help="the fake camera's speed in the full readings (default 3: three times real time)")
    args = parser.parse_args()
    failed = 0
    # ignore_cleanup_errors: a torch guardian that outlived its host may still be writing the fake's state file.
    with tempfile.TemporaryDirectory(prefix="nfv-camera-", ignore_cleanup_errors=True) as workdir:
        args.scene = os.path.join(workdir, "scene.txt")
        args.truth = os.path.join(workdir, "truth.json")
        subprocess.run([args.harness, "scene", "--out", args.scene, "--truth", args.truth, "--seconds", "150"],
                       check=True, stdout=subprocess.DEVNULL)
        args.license = subprocess.run([args.nfv, "license", "issue", "--licensee", "camera tests", "--updates-until",
                                       "2099-12-31", "--key", args.key, "--app", "nfv"], check=True,
                                      capture_output=True, text=True).stdout.strip()
        for function in SCENARIOS:
            if (args.only and function.__name__ not in args.only) or function.__name__ in args.skip:
                continue
            scenario = Scenario(function.__name__, workdir)
            started, processor = time.time(), children_processor_time()
            try:
                function(args, scenario)
            except Exception as error:  # a crash of the checks is a failure of the scenario, not of the run
                scenario.check(False, "exception: %r" % error)
            verdict = "PASS" if not scenario.failures else "FAIL"
            print("%s %-18s %5.1f s (processor %5.1f s) %s" % (
                verdict, scenario.name, time.time() - started, children_processor_time() - processor,
                "; ".join(scenario.failures)), flush=True)
            failed += bool(scenario.failures)
    return failed


if __name__ == "__main__":
    sys.exit(main())
