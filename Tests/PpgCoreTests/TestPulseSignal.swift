import Glibc
@testable import PpgCore

/// A small fingertip-PPG generator for the signal-chain tests (broad pulse), with the truth
/// the tests compare against: beat onsets and the 50 %-upstroke times of the noise-free blood-volume waveform.
struct TestPulseSignal {
    var fps = 30.0
    var duration = 60.0
    var heartRate = 70.0
    var breathingRate = 15.0
    var rsaMs = 25.0
    var lfMs = 15.0
    var whiteMs = 8.0
    var redDc = 200.0
    var redAc = 0.015
    var noise = 0.12
    var jitterMs = 0.5
    var dropProbability = 0.0
    var seed: UInt64 = 1
    /// Heartbeats (indices into `onsets()`) whose pulse is deformed: a weak systolic wave, so that the late wave
    /// is the peak. They arrive `lateArrivalMs` after the heartbeat.
    var deformedBeats: Set<Int> = []
    /// Heartbeats whose whole pulse is `weakScale` of the others', arriving `lateArrivalMs` after the heartbeat.
    var weakBeats: Set<Int> = []
    var weakScale = 0.4
    var lateArrivalMs = 25.0

    /// Beat onsets (s) from before 0 to past the end.
    func onsets() -> [Double] {
        var random = SeededRandom(seed: seed, stream: 7)
        let phaseR = random.uniform(in: 0...(2 * Double.pi)), phaseLf = random.uniform(in: 0...(2 * Double.pi))
        var onsets: [Double] = [-1.5]
        while onsets.last! < duration + 1.5 {
            let t = onsets.last!
            let rr = 60000 / heartRate + rsaMs * sin(2 * Double.pi * breathingRate / 60 * t + phaseR)
                + lfMs * sin(2 * Double.pi * 0.1 * t + phaseLf) + random.gaussian(sd: whiteMs)
            onsets.append(t + rr / 1000)
        }
        return onsets
    }

    /// Blood volume (arbitrary units) at time `t` from the broad two-Gaussian pulse. The pulses of `deformed`
    /// heartbeats have a systolic wave of 0.2 instead of 0.6, those of `weak` ones are scaled by `weakScale`; both
    /// start `lateArrival` seconds late.
    static func volume(at t: Double, onsets: [Double], deformed: Set<Int> = [], weak: Set<Int> = [],
                       weakScale: Double = 1, lateArrival: Double = 0) -> Double {
        var total = 0.0
        for (index, heartbeat) in onsets.enumerated() {
            let isDeformed = deformed.contains(index), isWeak = weak.contains(index)
            let onset = heartbeat + (isDeformed || isWeak ? lateArrival : 0)
            guard t >= onset && t < onset + 1.2 else { continue }
            let tau = t - onset, systole = isDeformed ? 0.2 : 0.6, scale = isWeak ? weakScale : 1
            total += scale * (systole * exp(-0.5 * pow((tau - 0.17) / 0.08, 2))
                + 0.80 * exp(-0.5 * pow((tau - 0.39) / 0.18, 2)))
        }
        return total
    }

    /// True 50 %-upstroke times: the noise-free waveform at 1 kHz, onset minimum to peak, per beat.
    func truthBeatTimes(onsets: [Double]) -> [Double] {
        onsets.compactMap { onset in
            let samples = (0...400).map { Self.volume(at: onset - 0.1 + Double($0) / 1000, onsets: onsets) }
            guard let peak = samples.indices.max(by: { samples[$0] < samples[$1] }) else { return nil }
            let onsetIndex = samples[0..<peak].indices.min(by: { samples[$0] < samples[$1] }) ?? 0
            let level = samples[onsetIndex] + 0.5 * (samples[peak] - samples[onsetIndex])
            var lower = peak - 1
            while lower > onsetIndex && samples[lower] >= level { lower -= 1 }
            let fraction = (level - samples[lower]) / (samples[lower + 1] - samples[lower])
            return onset - 0.1 + (Double(lower) + fraction) / 1000
        }
    }

    /// Frames with red pulsing (intensity falls with blood volume), green/blue small, white noise, jitter, drops.
    func frames(onsets: [Double]) -> [FrameSample] {
        var random = SeededRandom(seed: seed, stream: 11)
        let peakVolume = 1.05
        var frames: [FrameSample] = []
        for index in 0..<Int(duration * fps) {
            let t = Double(index) / fps + random.gaussian(sd: jitterMs / 1000)
            if dropProbability > 0 && random.chance(dropProbability) { continue }
            let v = Self.volume(at: t, onsets: onsets, deformed: deformedBeats, weak: weakBeats, weakScale: weakScale,
                                lateArrival: lateArrivalMs / 1000) / peakVolume
            let slow = 0.002 * sin(2 * Double.pi * breathingRate / 60 * t) + 0.01 * sin(2 * Double.pi * 0.03 * t)
            let red = min(255, max(0, redDc * (1 - redAc * v - slow) + random.gaussian(sd: noise)))
            let green = 4 * (1 - 0.06 * v - slow) + random.gaussian(sd: 0.02)
            let blue = 20 * (1 - 0.04 * v - slow) + random.gaussian(sd: 0.04)
            frames.append(FrameSample(timestamp: t, red: red, green: green, blue: blue))
        }
        return frames
    }
}
