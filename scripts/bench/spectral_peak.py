"""A trivial heart-rate baseline: the Welch spectral peak of the band-passed pulse channel.

Each channel (red, green) is resampled onto a uniform grid at the window's median frame rate (linear
interpolation on the timestamps), band-passed to 0.5–4 Hz by zeroing FFT bins outside that band, and its Welch
spectrum (10 s Hann segments, half overlap, zero-padded to 0.2 bpm bins, segment means removed) is searched for
its highest local maximum in 0.7–3.5 Hz (42–210 bpm), refined by a parabola. The channel whose peak holds the larger share
of the in-band power answers (the red channel when it carries the pulse best, as a torch-lit finger usually
does). Standard library only, deterministic.
"""

import cmath
import math

from .outcome import Outcome

NAME = "spectral-peak"
BAND_HZ = (0.7, 3.5)
PASS_HZ = (0.5, 4.0)
SEGMENT_S = 10.0
BIN_BPM = 0.2
PEAK_HALF_WIDTH_HZ = 0.1


def spectral_peak_all(windows):
    """{window id: Outcome} with the spectral-peak heart rate of each window (no result when unreadable)."""
    return {w.id: spectral_outcome(w.path) for w in windows}


def spectral_outcome(path):
    """The Outcome of one CSV window."""
    try:
        times, channels = read_channels(path)
    except (OSError, ValueError) as error:
        return Outcome(failure=f"unreadable: {error}")
    best = None
    for values in channels:
        peak = channel_peak(times, values)
        if peak is not None and (best is None or peak[1] > best[1]):
            best = peak
    if best is None:
        return Outcome(error_code="noHeartRate")
    return Outcome(result={"heartRateBpm": 60.0 * best[0]})


def read_channels(path):
    """(timestamps, [red, green]) of a CSV window with header timestamp_s,red,green,blue."""
    with open(path, encoding="utf-8") as handle:
        header = handle.readline().strip().split(",")
        columns = [header.index(name) for name in ("timestamp_s", "red", "green")]
        rows = [[float(cells[i]) for i in columns] for cells in (line.split(",") for line in handle if line.strip())]
    rows.sort(key=lambda row: row[0])
    kept = [row for k, row in enumerate(rows) if k == 0 or row[0] > rows[k - 1][0]]
    if len(kept) < 2:
        raise ValueError("fewer than two frames")
    return [row[0] for row in kept], [[row[1] for row in kept], [row[2] for row in kept]]


def channel_peak(times, values):
    """(peak frequency Hz, peak power share of the band) of one channel, or None without a peak."""
    rate = 1.0 / median_step(times)
    uniform = resample(times, values, rate)
    filtered = band_pass(uniform, rate, *PASS_HZ)
    frequencies, power = welch(filtered, rate)
    band = [i for i, f in enumerate(frequencies) if BAND_HZ[0] <= f <= BAND_HZ[1]]
    total = sum(power[i] for i in band)
    maxima = [i for i in band if 0 < i < len(power) - 1 and power[i - 1] <= power[i] > power[i + 1]]
    if not maxima or total <= 0:
        return None
    top = max(maxima, key=lambda i: power[i])
    frequency = frequencies[top] + parabolic_offset(power, top) * (frequencies[1] - frequencies[0])
    share = sum(power[i] for i in band if abs(frequencies[i] - frequency) <= PEAK_HALF_WIDTH_HZ) / total
    return frequency, share


def median_step(times):
    """Median frame interval, s."""
    steps = sorted(b - a for a, b in zip(times, times[1:]))
    return steps[len(steps) // 2]


def resample(times, values, rate):
    """Linear interpolation of (times, values) on a uniform grid from the first timestamp."""
    count = int((times[-1] - times[0]) * rate) + 1
    out, j = [], 0
    for k in range(count):
        t = times[0] + k / rate
        while j < len(times) - 2 and times[j + 1] < t:
            j += 1
        span = times[j + 1] - times[j]
        weight = min(max((t - times[j]) / span, 0.0), 1.0)
        out.append(values[j] + weight * (values[j + 1] - values[j]))
    return out


def band_pass(values, rate, low, high):
    """The values with every FFT component outside [low, high] Hz removed (the mean included)."""
    size = next_power_of_two(len(values))
    spectrum = fft([complex(v) for v in values] + [0j] * (size - len(values)))
    for k in range(size):
        frequency = min(k, size - k) * rate / size
        if not low <= frequency <= high:
            spectrum[k] = 0j
    return [v.real for v in inverse_fft(spectrum)[:len(values)]]


def welch(values, rate):
    """(frequencies, mean periodogram) over Hann segments of SEGMENT_S with half overlap."""
    length = min(len(values), int(SEGMENT_S * rate))
    size = next_power_of_two(int(math.ceil(rate * 60.0 / BIN_BPM)))
    window = [0.5 - 0.5 * math.cos(2 * math.pi * i / max(length - 1, 1)) for i in range(length)]
    power = [0.0] * (size // 2 + 1)
    starts = range(0, len(values) - length + 1, max(length // 2, 1))
    for start in starts:
        segment = values[start:start + length]
        mean = sum(segment) / length
        spectrum = fft([complex((v - mean) * w) for v, w in zip(segment, window)] + [0j] * (size - length))
        for k in range(len(power)):
            power[k] += abs(spectrum[k]) ** 2 / len(starts)
    return [k * rate / size for k in range(len(power))], power


def parabolic_offset(power, index):
    """The apex of the parabola through the bins around `index`, in bins (−0.5…0.5)."""
    if index == 0 or index == len(power) - 1:
        return 0.0
    below, centre, above = power[index - 1], power[index], power[index + 1]
    curvature = below - 2 * centre + above
    return 0.0 if curvature >= 0 else min(max(0.5 * (below - above) / curvature, -0.5), 0.5)


def next_power_of_two(n):
    """The smallest power of two ≥ n."""
    return 1 << max(n - 1, 0).bit_length()


def fft(values):
    """Iterative radix-2 FFT of a list whose length is a power of two."""
    n = len(values)
    out = list(values)
    j = 0
    for i in range(1, n):
        bit = n >> 1
        while j & bit:
            j ^= bit
            bit >>= 1
        j |= bit
        if i < j:
            out[i], out[j] = out[j], out[i]
    size = 2
    while size <= n:
        step = cmath.exp(-2j * math.pi / size)
        for start in range(0, n, size):
            twiddle = 1 + 0j
            for k in range(start, start + size // 2):
                even, odd = out[k], out[k + size // 2] * twiddle
                out[k], out[k + size // 2] = even + odd, even - odd
                twiddle *= step
        size *= 2
    return out


def inverse_fft(values):
    """Inverse of fft()."""
    n = len(values)
    return [v.conjugate() / n for v in fft([v.conjugate() for v in values])]
