"""Deterministic disturbances of real fingertip recordings: what a reading from an unfamiliar phone holds besides
its pulse (the finger being placed, a motion burst, a pressure change), laid over the real pulse of a window.

Each disturbance draws its parameters from `random.Random` seeded with (seed, recording id, kind), so a run is
reproducible and every window gets its own draw. Channel values stay within the 8-bit range 0–255.

* `placement`: the first 2–12 s show no finger (a dark lens, or an ambient scene of similar red, green and blue
  with a slow drift), then the finger settles: the DC of every channel starts 15–40 % off its value and returns
  exponentially (time constant 0.7–2.5 s) while the pulse is already there.
* `burst`: one 1–4 s motion burst at a random place: large DC excursions (15–50 % of each channel's level, the
  same movement in every channel) with an oscillation of 0.5–3 Hz under a smooth envelope.
* `pressure`: at a random moment between 8 s and 8 s before the end, the finger presses differently: within
  0.3 s the DC steps by 10–30 % (up or down) and the pulse amplitude changes by a factor of 0.4–1.6.
* `lift`: at a random moment between 25 s and 20 s before the end, the finger leaves the lens for 3 s: the lens
  sees a lit grey room (red, green and blue alike, 60–160 counts, with its noise and a slow drift), then the finger
  comes back and settles as in `placement`. No reading may measure across it (`lift_interval` tells where it is).
"""

import math
import random

KINDS = ("clean", "placement", "burst", "pressure", "lift")
LIFT_SECONDS = 3.0
COLUMNS = ("red", "green", "blue")
DC_SMOOTHING_S = 1.5   # centred moving average that splits a channel into its DC and its pulse


def perturbed_rows(times, channels, kind, seed, key):
    """The channels ({name: [values]}) of one recording with disturbance `kind` laid over them; `key` (the
    recording's id) and `seed` pick the draw."""
    if kind == "clean":
        return {name: list(values) for name, values in channels.items()}
    draw = random.Random(f"{seed}:{key}:{kind}")
    apply = {"placement": _placement, "burst": _burst, "pressure": _pressure, "lift": _lift}[kind]
    return {name: [min(max(v, 0.0), 255.0) for v in values]
            for name, values in apply(times, channels, draw).items()}


def _placement(times, channels, draw):
    """No finger for the first 2–12 s, then a settling DC."""
    onset = times[0] + draw.uniform(2.0, 12.0)
    tau = draw.uniform(0.7, 2.5)
    if draw.random() < 0.5:
        ambient = {name: draw.uniform(1.0, 15.0) for name in COLUMNS}
    else:
        grey = draw.uniform(60.0, 160.0)
        ambient = {name: grey * draw.uniform(0.8, 1.2) for name in COLUMNS}
    drift = draw.uniform(-1.0, 1.0)            # counts per second while the lens sees the room
    sign = draw.choice((-1.0, 1.0))
    offsets = {name: sign * draw.uniform(0.15, 0.4) for name in COLUMNS}
    noise = random.Random(draw.random())
    return _finger_away(times, channels, (times[0], onset), ambient, drift, noise, tau, offsets)


def _burst(times, channels, draw):
    """One 1–4 s motion burst."""
    length = draw.uniform(1.0, 4.0)
    start = draw.uniform(times[0], max(times[0], times[-1] - length))
    shift = draw.choice((-1.0, 1.0)) * draw.uniform(0.15, 0.5)
    tones = [(draw.uniform(0.5, 3.0), draw.uniform(0.0, 2 * math.pi), draw.uniform(0.2, 0.6)) for _ in range(3)]
    gains = {name: draw.uniform(0.8, 1.2) for name in COLUMNS}
    out = {}
    for name, values in channels.items():
        level = _mean(values)
        column = []
        for t, v in zip(times, values):
            phase = (t - start) / length
            if 0.0 <= phase <= 1.0:
                envelope = math.sin(math.pi * phase) ** 2
                wobble = sum(a * math.sin(2 * math.pi * f * (t - start) + p) for f, p, a in tones)
                v += gains[name] * level * envelope * (shift + shift * wobble)
            column.append(v)
        out[name] = column
    return out


def _pressure(times, channels, draw):
    """A DC step with a changed pulse amplitude."""
    moment = draw.uniform(times[0] + 8.0, max(times[0] + 8.0, times[-1] - 8.0))
    step = draw.choice((-1.0, 1.0)) * draw.uniform(0.1, 0.3)
    factor = draw.uniform(0.4, 1.6)
    out = {}
    for name, values in channels.items():
        dc = _moving_average(times, values, DC_SMOOTHING_S)
        column = []
        for t, v, d in zip(times, values, dc):
            blend = min(max((t - moment) / 0.3, 0.0), 1.0)
            column.append(d * (1 + step * blend) + (v - d) * (1 + (factor - 1) * blend))
        out[name] = column
    return out


def lift_interval(times, seed, key):
    """(start, end) sample times of the lift that disturbance `lift` lays over a recording with these `times`."""
    start = _lift_start(times, random.Random(f"{seed}:{key}:lift"))
    return start, start + LIFT_SECONDS


def _lift_start(times, draw):
    """The moment the finger leaves the lens (the first draw of `lift`)."""
    return draw.uniform(times[0] + 25.0, max(times[0] + 25.0, times[-1] - 20.0))


def _lift(times, channels, draw):
    """The finger away from the lens for LIFT_SECONDS, a grey room in its place, then a settling DC."""
    start = _lift_start(times, draw)
    end = start + LIFT_SECONDS
    grey = draw.uniform(60.0, 160.0)
    room = {name: grey * draw.uniform(0.9, 1.1) for name in COLUMNS}
    drift = draw.uniform(-1.0, 1.0)
    tau = draw.uniform(0.7, 2.5)
    sign = draw.choice((-1.0, 1.0))
    offsets = {name: sign * draw.uniform(0.15, 0.4) for name in COLUMNS}
    noise = random.Random(draw.random())
    return _finger_away(times, channels, (start, end), room, drift, noise, tau, offsets)


def _finger_away(times, channels, away, scene, drift, noise, tau, offsets):
    """The channels with the lens seeing `scene` ({name: level}, drifting by `drift` counts per second, with unit
    noise drawn from `noise`) over the interval `away` = (start, end), then the finger back: every channel's level
    `offsets` ({name: share}) off, settling with time constant `tau`."""
    start, end = away
    out = {}
    for name, values in channels.items():
        level = _mean(values)
        column = []
        for t, v in zip(times, values):
            if start <= t < end:
                column.append(scene[name] + drift * (t - start) + noise.gauss(0.0, 1.0))
            elif t >= end:
                column.append(v + offsets[name] * level * math.exp(-(t - end) / tau))
            else:
                column.append(v)
        out[name] = column
    return out


def _mean(values):
    """Arithmetic mean (0 for no values)."""
    return sum(values) / len(values) if values else 0.0


def _moving_average(times, values, width_s):
    """Centred moving average over `width_s` seconds (fewer samples at the ends), from prefix sums."""
    prefix = [0.0]
    for v in values:
        prefix.append(prefix[-1] + v)
    out, low, high = [], 0, 0
    for t in times:
        while times[low] < t - width_s / 2:
            low += 1
        while high < len(times) and times[high] <= t + width_s / 2:
            high += 1
        out.append((prefix[high] - prefix[low]) / (high - low))
    return out


def read_csv(path):
    """(timestamps, {red, green, blue: [values]}) of a `timestamp_s,red,green,blue` CSV, in file order."""
    with open(path, encoding="utf-8") as handle:
        header = handle.readline().strip().split(",")
        index = [header.index(name) for name in ("timestamp_s",) + COLUMNS]
        rows = [[float(cells[i]) for i in index] for cells in (line.split(",") for line in handle if line.strip())]
    return [row[0] for row in rows], {name: [row[k + 1] for row in rows] for k, name in enumerate(COLUMNS)}


def write_csv(path, times, channels):
    """Writes a `timestamp_s,red,green,blue` CSV."""
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("timestamp_s," + ",".join(COLUMNS) + "\n")
        for k, t in enumerate(times):
            handle.write(f"{t!r}," + ",".join(repr(round(channels[name][k], 6)) for name in COLUMNS) + "\n")


def write_perturbed(source, target, kind, seed, key):
    """Writes `source` with disturbance `kind` to `target`."""
    times, channels = read_csv(source)
    write_csv(target, times, perturbed_rows(times, channels, kind, seed, key))
