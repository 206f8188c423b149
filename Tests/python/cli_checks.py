#!/usr/bin/env python3
"""End-to-end checks of the installed nfv tool: a simulated reading recorded to a file, its replay, the report
rendered by a real SVG renderer (rsvg-convert) and checked for a drawing, and the RR export.

Usage: cli_checks.py NFV_BINARY WORK_DIR   (needs rsvg-convert from Debian's librsvg2-bin)
"""
import json
import os
import struct
import subprocess
import sys
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


nfv, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
recording, events = os.path.join(work, "reading.nfvrec"), os.path.join(work, "events.jsonl")

live = run(nfv, "read", "--simulate", "--fast", "--json", "--seed", "4", "--record", recording)
check(live.returncode == 0, f"nfv read exits 0 ({live.returncode}: {live.stderr[-300:]})")
open(events, "w").write(live.stdout)
lines = [json.loads(line) for line in live.stdout.splitlines()]   # strict JSON: control characters are rejected
check(lines[-1].get("state") == "completed" and lines[-2]["type"] == "completed", "the reading completes")

replay = run(nfv, "replay", recording)
check(replay.returncode == 0 and replay.stdout == live.stdout, "the replay prints the same events, byte for byte")

for name in ("report.svg", "report.html"):
    made = run(nfv, "report", recording, "-o", os.path.join(work, name))
    check(made.returncode == 0, f"nfv report -o {name} ({made.stderr[-300:]})")
html = open(os.path.join(work, "report.html")).read()
check(html.startswith("<!DOCTYPE html>") and "<svg" in html and "http://" not in html.replace("http://www.w3.org", ""),
      "the HTML report is self-contained")
png = os.path.join(work, "report.png")
rendered = run("rsvg-convert", os.path.join(work, "report.svg"), "-o", png)
check(rendered.returncode == 0, f"rsvg-convert renders the report ({rendered.stderr[-300:]})")
pixels = [pixel for row in png_pixels(png) for pixel in row]
inked = sum(1 for r, g, b in pixels if r + g + b < 600) / len(pixels)
red = sum(1 for r, g, b in pixels if r > 150 and g < 100 and b < 100)
blue = sum(1 for r, g, b in pixels if b > 150 and r < 100)
check(0.02 < inked < 0.6, f"the drawing is neither blank nor a solid block ({inked:.3f} inked)")
check(red > 500 and blue > 200, f"the pulse wave (red, {red} px) and the beat marks (blue, {blue} px) are drawn")

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
check(set(change) == {"heartRateBpm", "rmssdMs", "breathingRateBrpm", "sdnnMs", "baevskyStressIndex", "sd2sd1"},
      "nfv compare --json has one member a metric")
same = run(nfv, "compare", recording, events)
check(same.returncode == 0 and "heart rate (bpm)" in same.stdout and "beyond typical variation" not in same.stdout
      and "within typical variation" in same.stdout, f"nfv compare of a recording and its events: no change "
      f"({same.stdout[:400]})")
refused = run(nfv, "compare", events)
check(refused.returncode == 2 and "expected two readings" in refused.stderr, "nfv compare needs two readings")

bad = run(nfv, "report", "/nonexistent", "-o", os.path.join(work, "x.svg"))
check(bad.returncode == 2 and "cannot read" in bad.stderr, "a missing input is a usage error")

for command in ("read", "replay", "support", "compare"):
    shown = run(nfv, command, "--help")
    check(shown.returncode == 0 and shown.stdout.startswith(f"usage: nfv {command}") and not shown.stderr,
          f"nfv {command} --help prints its usage")
finish("cli_checks")
