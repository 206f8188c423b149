import Glibc
import PpgCore

/// Beat series and accelerometer traces with a known breathing rate (per beat).
struct BreathingTestSignals {
    /// Heart rate, bpm.
    var heartRate = 70.0
    /// Breathing rate, brpm.
    var breathingRate = 15.0
    /// Respiratory sinus arrhythmia amplitude, ms.
    var rsaMs = 25.0
    /// Mayer-wave (0.1 Hz) interval amplitude, ms.
    var lowFrequencyMs = 15.0
    /// White interval noise, ms.
    var intervalNoiseMs = 8.0
    /// Relative amplitude modulation by breathing (±).
    var amplitudeModulation = 0.15
    /// Relative white amplitude noise.
    var amplitudeNoise = 0.05
    /// Intensity modulation by breathing, fraction of DC.
    var intensityModulation = 0.002
    /// Baseline wander at 0.03 Hz, fraction of DC.
    var wander = 0.01
    /// Intensity noise per beat mean, counts.
    var intensityNoise = 0.03
    /// Length of the series, seconds.
    var duration = 60.0

    /// Beats from 0 to `duration`, the first without an interval.
    func beats(seed: UInt64) -> [BreathingBeat] {
        var random = SeededRandom(seed: seed)
        let phases = (0..<4).map { _ in 2 * Double.pi * random.unit() }
        let breathingHz = breathingRate / 60
        var time = 0.0
        var beats: [BreathingBeat] = []
        var previous: Double?
        while time <= duration {
            let breath = sin(2 * Double.pi * breathingHz * time + phases[0])
            let amplitude = 3 * (1 + amplitudeModulation * breath + random.gaussian(sd: amplitudeNoise))
            let intensity = 200 * (1 - intensityModulation * breath
                                   - wander * sin(2 * Double.pi * 0.03 * time + phases[1]))
                + random.gaussian(sd: intensityNoise)
            beats.append(BreathingBeat(time: time, intervalMs: previous.map { (time - $0) * 1000 },
                                       amplitude: amplitude, intensity: intensity))
            previous = time
            time += (60000 / heartRate + rsaMs * breath
                     + lowFrequencyMs * sin(2 * Double.pi * 0.1 * time + phases[2])
                     + random.gaussian(sd: intervalNoiseMs)) / 1000
        }
        return beats
    }

    /// A hand-held phone tilting with each breath by `tiltDegrees` (gravity moving between y and z), with sensor
    /// noise and a 9 Hz tremor, sampled at 50 Hz with 1 ms jitter.
    func motion(seed: UInt64, tiltDegrees: Double = 0.5, noise: Double = 0.02,
                rate: Double? = nil) -> [MotionSample] {
        var random = SeededRandom(seed: seed, stream: 1)
        let phase = 2 * Double.pi * random.unit()
        let breathingHz = (rate ?? breathingRate) / 60
        let gravity = 9.81
        return (0..<Int(duration * 50)).map { index in
            let time = Double(index) / 50 + random.gaussian(sd: 0.001)
            let tilt = (30 + tiltDegrees * sin(2 * Double.pi * breathingHz * time + phase)) * Double.pi / 180
            let tremor = 0.05 * sin(2 * Double.pi * 9 * time)
            return MotionSample(timestamp: time, x: 0.1 + tremor + random.gaussian(sd: noise),
                                y: gravity * sin(tilt) + random.gaussian(sd: noise),
                                z: gravity * cos(tilt) + tremor + random.gaussian(sd: noise))
        }
    }
}
