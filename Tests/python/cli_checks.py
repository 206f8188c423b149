#!/usr/bin/env python3
"""End-to-end checks of the installed nfv tool: a simulated reading recorded to a file, its replay, the report
rendered by a real SVG renderer (rsvg-convert) and as HTML by headless Chromium, both checked for a drawing, the
RR export, output and input rules, Ctrl-C, the live red-glow swatch in a terminal, license activation (--app-id, a
rejected key) and nfv support --device.

Usage: cli_checks.py NFV_BINARY WORK_DIR [SECRET_FILE]
  needs rsvg-convert (Debian's librsvg2-bin) and chromium; SECRET_FILE signs keys the binary's build trusts (the
  --app-id checks are skipped without it).
"""
import calendar
import json
import math
import os
import pty
import re
import shutil
import signal
import struct
import subprocess
import sys
import time
import zlib

from checks import check, finish


def png_pixels(path):
    """Decodes an 8-bit RGB/RGBA, non-interlaced PNG (what rsvg-convert writes) into rows of pixel tuples."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, idat, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        chunk = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, "unsupported PNG layout"
    channels = 4 if colour == 6 else 3
    raw, stride, rows, previous = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + left) & 255
            elif kind == 2: line[x] = (line[x] + up) & 255
            elif kind == 3: line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, channels)])
        previous = line
    return rows


def run(*arguments, **kwargs):
    return subprocess.run(list(arguments), capture_output=True, text=True, timeout=300, **kwargs)


nfv, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
os.makedirs(work, exist_ok=True)
recording, events = os.path.join(work, "reading.nfvrec"), os.path.join(work, "events.jsonl")

began = time.time()
live = run(nfv, "read", "--simulate", "--fast", "--json", "--seed", "4", "--record", recording)
ended = time.time()
check(live.returncode == 0, f"nfv read exits 0 ({live.returncode}: {live.stderr[-300:]})")
open(events, "w").write(live.stdout)
lines = [json.loads(line) for line in live.stdout.splitlines()]   # strict JSON: control characters are rejected
check(lines[-1].get("state") == "completed" and lines[-2]["type"] == "completed", "the reading completes")


def captured_at(text):
    """The Unix time of the capturedAt of the last completed event in `text` (events as JSON Lines)."""
    stamp = [json.loads(line) for line in text.splitlines() if '"completed"' in line][-1]["result"]["capturedAt"]
    return stamp, calendar.timegm(time.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ"))


# The fast simulator gives 67 s of frames in about a second: capturedAt is the wall time of the first frame, never
# the first frame's time plus 67 s of sample time (in the future when the result arrives).
stamp, captured = captured_at(live.stdout)
check(math.floor(began) <= captured <= ended, f"a fast reading's capturedAt lies between its start and its result "
      f"({stamp}; ran {time.strftime('%H:%M:%S', time.gmtime(began))}…{time.strftime('%H:%M:%S', time.gmtime(ended))})")

replay = run(nfv, "replay", recording)
check(replay.returncode == 0 and replay.stdout == live.stdout, "the replay prints the same events, byte for byte")
time.sleep(1.1)   # a second later on the wall clock: the replay still reports the recorded time
again = run(nfv, "replay", recording)
check(captured_at(again.stdout)[0] == captured_at(replay.stdout)[0] == stamp,
      f"two replays of a recording give its capturedAt ({captured_at(again.stdout)[0]}, {stamp})")

for name in ("report.svg", "report.html"):
    made = run(nfv, "report", recording, "-o", os.path.join(work, name))
    check(made.returncode == 0, f"nfv report -o {name} ({made.stderr[-300:]})")
html = open(os.path.join(work, "report.html")).read()
check(html.startswith("<!DOCTYPE html>") and "<svg" in html and "http://" not in html.replace("http://www.w3.org", ""),
      "the HTML report is self-contained")


def check_drawing(png, renderer):
    """The rendered report is neither blank nor a solid block and shows the pulse wave and the beat marks."""
    pixels = [pixel for row in png_pixels(png) for pixel in row]
    inked = sum(1 for r, g, b in pixels if r + g + b < 600) / len(pixels)
    red = sum(1 for r, g, b in pixels if r > 150 and g < 100 and b < 100)
    blue = sum(1 for r, g, b in pixels if b > 150 and r < 100)
    check(0.02 < inked < 0.6, f"{renderer}: the drawing is neither blank nor a solid block ({inked:.3f} inked)")
    check(red > 500 and blue > 200, f"{renderer}: the pulse wave (red, {red} px) and the beat marks (blue, {blue} px)")


png = os.path.join(work, "report.png")
rendered = run("rsvg-convert", os.path.join(work, "report.svg"), "-o", png)
check(rendered.returncode == 0, f"rsvg-convert renders the report ({rendered.stderr[-300:]})")
check_drawing(png, "rsvg-convert")
chromium_png = os.path.join(work, "report-chromium.png")
browser = shutil.which("chromium")
check(browser is not None, "chromium is installed (scripts/install-deps chromium)")
if browser:
    shot = run(browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1000,1250",
               f"--screenshot={chromium_png}", "file://" + os.path.abspath(os.path.join(work, "report.html")),
               env=dict(os.environ, HOME=work))
    check(shot.returncode == 0 and os.path.exists(chromium_png), f"headless Chromium renders the HTML report "
          f"({shot.returncode}: {shot.stderr[-300:]})")
    if os.path.exists(chromium_png):
        check_drawing(chromium_png, "chromium")

rr_text, rr_csv = os.path.join(work, "rr.txt"), os.path.join(work, "rr.csv")
check(run(nfv, "export", "--rr", events, "-o", rr_text).returncode == 0, "nfv export --rr to text")
check(run(nfv, "export", "--rr", recording, "-o", rr_csv).returncode == 0, "nfv export --rr to CSV")
intervals = [float(line) for line in open(rr_text)]
check(len(intervals) > 55 and all(500 < value < 1300 for value in intervals), "RR text: one plausible interval a line")
rows = open(rr_csv).read().splitlines()
check(rows[0] == "beat_time_s,rr_ms,label,accepted" and len(rows) == len(intervals) + 1, "RR CSV header and rows")

faster = run(nfv, "read", "--simulate", "--fast", "--json", "--seed", "4", "--hr", "90")
later = os.path.join(work, "later.jsonl")
open(later, "w").write(faster.stdout)
compared = run(nfv, "compare", events, later, "--json")
change = json.loads(compared.stdout) if compared.returncode == 0 else {}
heart = change.get("heartRateBpm") or {}
check(heart.get("delta", 0) > 5 and heart.get("beyondTypicalVariation") is True,
      f"nfv compare --json: a reading at 90 bpm is beyond typical variation of one at 70 ({compared.stdout[:300]})")
metrics = [metric["key"] for metric in json.loads(run(nfv, "schema").stdout)["metrics"]]
check(len(metrics) >= 6 and set(change) == set(metrics), "nfv compare --json has one member a metric of nfv schema")
same = run(nfv, "compare", recording, events)
check(same.returncode == 0 and "Heart rate (bpm)" in same.stdout and "beyond typical variation" not in same.stdout
      and "within typical variation" in same.stdout, f"nfv compare of a recording and its events: no change "
      f"({same.stdout[:400]})")
refused = run(nfv, "compare", events)
check(refused.returncode == 2 and "expected two readings" in refused.stderr, "nfv compare needs two readings")

bad = run(nfv, "report", "/nonexistent", "-o", os.path.join(work, "x.svg"))
check(bad.returncode == 2 and "cannot read" in bad.stderr, "a missing input is a usage error")

# Report inputs and header: a result alone explains the missing pulse wave; a CSV of means is reported directly.
result_svg = os.path.join(work, "result.svg")
check(run(nfv, "report", events, "-o", result_svg).returncode == 0, "nfv report from events")
drawn = open(result_svg).read()
check("No pulse wave" in drawn and 'stroke="#c53030"' not in drawn,
      "a report of a result explains the missing pulse wave")
check("Breathing rate" in drawn and " confidence)" in drawn, "the breathing rate is shown with its confidence")
means_csv = os.path.join(work, "means.csv")
with open(means_csv, "w") as out:
    out.write("timestamp_s,red,green,blue\n")
    for index in range(65 * 30):
        t = 1000 + index / 30
        phase = (t * 72 / 60) % 1
        shape = math.sin(math.pi * phase / 0.2) if phase < 0.2 else \
            math.exp(-(phase - 0.2) * 4) * math.cos((phase - 0.2) * math.pi / 1.6)
        out.write(f"{t:.6f},{170 + 3 * shape:.4f},5,20\n")
analyzed = run(nfv, "analyze", means_csv)
short_csv = os.path.join(work, "short.csv")
with open(means_csv) as full, open(short_csv, "w") as out:
    out.writelines(full.readlines()[:30 * 30])
short = run(nfv, "replay", short_csv, "--human")
check(short.returncode == 1 and "s into the reading, before its 60 s were captured: no result" in short.stderr,
      f"a replay too short for a reading says why ({short.stderr[-200:]!r})")
flat_csv = os.path.join(work, "flat.csv")
with open(flat_csv, "w") as out:
    out.write("timestamp_s,red,green,blue\n" + "".join(f"{index / 30:.6f},180,5,20\n" for index in range(40 * 30)))
flat = run(nfv, "analyze", flat_csv)
failure = json.loads(flat.stdout)["error"] if flat.stdout.startswith("{") else {}
check(flat.returncode == 1 and failure.get("code") == "noHeartRate" and failure.get("retryable") is False,
      f"nfv analyze's failure is an error object with retryable ({flat.stdout[:200]!r})")
open(os.path.join(work, "analyzed.json"), "w").write(analyzed.stdout)
csv_svg = os.path.join(work, "csv.svg")
made = run(nfv, "report", means_csv, "-o", csv_svg)
check(made.returncode == 0 and 'stroke="#c53030"' in open(csv_svg).read(), f"nfv report FILE.csv draws the pulse wave "
      f"({made.stderr[-200:]})")
# Axis ticks fall at round values: each axis's labels are the multiples of 1, 2 or 5 times a power of ten.
labels = [float(value) for value in re.findall(r'text-anchor="middle">(-?[0-9.]+)<', open(csv_svg).read())]
runs, current = [], []
for value in labels:   # a new axis where the values fall or their step changes
    if current and (value <= current[-1] or (len(current) >= 2 and
                                             abs((value - current[-1]) - (current[-1] - current[-2])) > 1e-9)):
        runs.append(current)
        current = []
    current.append(value)
runs.append(current)
def round_axis(values):
    if len(values) < 2:
        return True
    step = values[1] - values[0]
    mantissa = step / 10 ** math.floor(math.log10(step))
    return (all(abs((b - a) - step) < 1e-9 for a, b in zip(values, values[1:]))
            and min(abs(mantissa - m) for m in (1, 2, 5)) < 1e-9 and abs(values[0] / step - round(values[0] / step)) < 1e-9)
check(len(runs) >= 4 and all(round_axis(run) for run in runs), f"report ticks at round values ({runs})")
header = run(nfv, "report", os.path.join(work, "analyzed.json"), "-o", "-")
line = header.stdout.split('y="62"', 1)[-1].split(">", 1)[-1].split("<", 1)[0]
check(header.returncode == 0 and line and not line.startswith("·") and "signal quality" in line,
      f"the header of a result without a date reads well ({line!r})")
# A result alone knows where its reading began (diagnostics.reading_start_s): its report's time axis is the one of
# the report of the CSV or the recording it came from (the beats' marks fall at the same places).
def tachogram(svg):
    return svg.split("Tachogram", 1)[-1].split("Poincaré", 1)[0]
check(tachogram(header.stdout) == tachogram(open(csv_svg).read()) and "<circle" in tachogram(header.stdout),
      "nfv report RESULT.json and nfv report FILE.csv of the same reading share the time axis")
check(tachogram(drawn) == tachogram(open(os.path.join(work, "report.svg")).read()),
      "nfv report of a reading's events and of its recording share the time axis")
check(runs[0][0] == 0 and runs[1][0] == 0 and 55 < max(runs[0] + runs[1]) <= 70,
      f"the pulse wave and tachogram time axes count from the start of the reading ({runs[:2]})")
beat_times = [float(row.split(",")[0]) for row in rows[1:]]
check(0 <= beat_times[0] < 5 and beat_times[-1] <= 61, f"beat_time_s counts from the start ({beat_times[0]}, "
      f"{beat_times[-1]})")

# Output rules: "-" is standard output, an unknown extension is refused and nothing is written.
to_stdout = run(nfv, "report", recording, "-o", "-", cwd=work)
check(to_stdout.returncode == 0 and to_stdout.stdout.startswith("<!DOCTYPE html>")
      and not os.path.exists(os.path.join(work, "-")), "nfv report -o - writes the HTML to standard output")
rr_stdout = run(nfv, "export", "--rr", events, "-o", "-", cwd=work)
check(rr_stdout.returncode == 0 and rr_stdout.stdout.splitlines() == [line.strip() for line in open(rr_text)],
      "nfv export --rr -o - writes the text to standard output")
for command in (["report", events], ["export", "--rr", events]):
    refused = run(nfv, *command, "-o", os.path.join(work, "x.pdf"))
    check(refused.returncode == 2 and "'pdf'" in refused.stderr and not os.path.exists(os.path.join(work, "x.pdf")),
          f"nfv {command[0]} -o x.pdf is refused ({refused.stderr[:120]!r})")

# Ctrl-C during a reading: a word, no result, exit 130.
reading = subprocess.Popen([nfv, "read", "--simulate"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
time.sleep(3)
reading.send_signal(signal.SIGINT)
out, err = reading.communicate(timeout=30)
check(reading.returncode == 130 and "Stopped — no result" in err, f"Ctrl-C: exit 130 and a word "
      f"({reading.returncode}: {err[-200:]!r})")

# The live red-glow swatch: a 24-bit background colour on the live line of a colour terminal (a pty here), reddish
# like a lit fingertip; none with NO_COLOR, with --json, or in a pipe.
def run_in_terminal(arguments, environment):
    """Runs ARGUMENTS with standard output on a pseudo-terminal; returns the exit status and all it printed."""
    controller, terminal = pty.openpty()
    process = subprocess.Popen(arguments, stdin=terminal, stdout=terminal, stderr=subprocess.DEVNULL, env=environment)
    os.close(terminal)
    output = b""
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:   # EIO once the process closed its end
            break
        if not chunk:
            break
        output += chunk
    os.close(controller)
    return process.wait(timeout=60), output.decode("utf-8", "replace")


SWATCH = re.compile(r"\x1b\[48;2;(\d+);(\d+);(\d+)m")
short_reading = [nfv, "read", "--simulate", "--fast", "--config", '{"readingDuration":30}']
colour_terminal = {name: value for name, value in os.environ.items() if name != "NO_COLOR"}
colour_terminal["TERM"] = "xterm-256color"
status, shown = run_in_terminal(short_reading, colour_terminal)
swatches = [tuple(map(int, colour)) for colour in SWATCH.findall(shown)]
check(status == 0 and len(swatches) >= 5, f"a colour terminal shows the swatch ({status}, {len(swatches)} swatches)")
check(all(red > 100 and red > 2 * green and red > 2 * blue for red, green, blue in swatches),
      f"the swatch glows red like a lit fingertip ({swatches[:3]})")
for label, environment, extra in (("NO_COLOR", dict(colour_terminal, NO_COLOR="1"), []),
                                  ("TERM=dumb", dict(colour_terminal, TERM="dumb"), []),
                                  ("--json", colour_terminal, ["--json"])):
    status, shown = run_in_terminal(short_reading + extra, environment)
    check(status == 0 and not SWATCH.search(shown) and "\x1b[48;" not in shown, f"no swatch with {label}")
piped = run(*short_reading, env=colour_terminal)
check(piped.returncode == 0 and "\x1b[" not in piped.stdout, "no swatch (nor any escape) in a pipe")
# Live figures are marked provisional beside the result's (a live HRV of 29 ms and a final 25.2 ms read as a
# contradiction otherwise).
status_lines = [line for line in piped.stdout.splitlines() if " bpm" in line and "s " in line and "█" in line]
check(status_lines and all("live " in line for line in status_lines)
      and any("HRV ≈" in line for line in status_lines), f"live values are marked live/≈ ({status_lines[-1:]})")
check("the live figures above were provisional" in piped.stdout, "the result says the live figures were provisional")

# License: a rejected key is an activation failure (exit 1, the reason, no usage text); --app-id picks the id.
rejected = run(nfv, "read", "--simulate", "--fast", "--license", "NFV1.not-a-key")
check(rejected.returncode == 1 and "activation failed" in rejected.stderr and "usage:" not in rejected.stderr,
      f"a rejected key: exit 1 with the reason ({rejected.returncode}: {rejected.stderr[:200]!r})")
if len(sys.argv) > 3:
    key = run(nfv, "license", "issue", "--licensee", "cli checks", "--app", "cli-checks", "--updates-until",
              "2099-12-31", "--key", sys.argv[3]).stdout.strip()
    chosen = run(nfv, "read", "--simulate", "--fast", "--license", key, "--app-id", "cli-checks")
    check(chosen.returncode == 0, f"--app-id activates a key for that id ({chosen.stderr[:200]!r})")
    default = run(nfv, "read", "--simulate", "--fast", "--license", key)
    inspected = json.loads(run(nfv, "license", "inspect", key, "--app", "nfv", "--json").stdout)
    if not inspected["activates"]:   # a release build: the key does not list the default id (debug builds warn)
        check(default.returncode == 1 and "app id 'nfv'" in default.stderr,
              f"the default app id is nfv ({default.stderr[:200]!r})")

# nfv support takes --device like nfv read.
support = run(nfv, "support", "--device", "/dev/nfv-no-such-camera", "--json")
check(support.returncode == 1 and json.loads(support.stdout or "{}").get("hasCamera") is False,
      f"nfv support --device DEVICE ({support.returncode}: {support.stderr[:200]!r})")

for command in ("read", "replay", "support", "compare"):
    shown = run(nfv, command, "--help")
    check(shown.returncode == 0 and shown.stdout.startswith(f"usage: nfv {command}") and not shown.stderr,
          f"nfv {command} --help prints its usage")
finish("cli_checks")
