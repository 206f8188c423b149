import Glibc
import NeurofitVitals
import NeurofitVitalsCamera
import PpgCore
import StrictJSON

/// Writes the fake camera's scene: the engine's synthetic PPG recipe (`SyntheticPpgStream`)
/// sampled at 240 Hz without timestamp jitter or drops, as lines `t red green blue` (red = the DC at the fake's
/// reference exposure), and the truth (heart rate over the whole scene) as JSON.
enum SceneWriter {
    /// Samples per second of the table (the fake interpolates linearly between rows).
    static let rate = 240.0

    static func run(output: String, truth: String, heartRate: Double, seed: UInt64, seconds: Double) {
        var configuration = SyntheticConfiguration(seed: seed, rhythm: RhythmParameters(heartRateBpm: heartRate))
        configuration.camera.framesPerSecond = rate
        configuration.camera.timestampJitterMs = 0
        var stream = SyntheticPpgStream(configuration: configuration, recordsBeats: true)
        var text = ""
        text.reserveCapacity(Int(seconds * rate) * 32)
        while stream.nextFrameSlotS < seconds {
            guard let frame = stream.nextFrame() else { continue }
            text += "\(frame.timestamp) \(frame.red) \(frame.green) \(frame.blue)\n"
        }
        write(text, to: output)
        let reference = SyntheticTruth(beats: stream.recordedBeats, windowS: 0...seconds,
                                       shape: configuration.camera.pulseShape)
        let meanInterval = reference.metrics.meanNN ?? 60_000 / heartRate
        write(JSONValue.object(["heartRateBpm": .number(60_000 / meanInterval),
                                "beats": .number(Double(reference.windowBeats.count)),
                                "seconds": .number(seconds)]).serialized() + "\n", to: truth)
    }

    private static func write(_ text: String, to path: String) {
        guard let file = fopen(path, "w") else {
            print("cannot write \(path)")
            exit(1)
        }
        fputs(text, file)
        fclose(file)
    }
}
