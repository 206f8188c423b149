import Glibc

/// Turns blood volume into one frame's channel means under the scenario's conditions.
struct CameraModel: Sendable {
    /// Red level from which a pixel counts as saturated.
    static let saturationThreshold = 250.0
    /// Noise (counts) of a lit scene seen without a finger: variance above 5 % of the DC.
    static let sceneNoise = 2.5

    let wanderPhase: Double
    let flickerPhase: Double
    let scenePhase: Double

    init(random: inout SeededRandom) {
        wanderPhase = random.uniform(in: 0...(2 * Double.pi))
        flickerPhase = random.uniform(in: 0...(2 * Double.pi))
        scenePhase = random.uniform(in: 0...(2 * Double.pi))
    }

    /// The frame at time `t` given normalized blood volume `volume` and three standard normal draws.
    func frame(at t: Double, volume: Double, configuration: SyntheticConfiguration,
               noiseDraws: ChannelTriple) -> FrameSample {
        let camera = configuration.camera
        var dc = camera.dc, ac = camera.acFraction, noise = camera.noise
        var replacement: SignalCondition?
        var redJump = 0.0, leak = 0.0, ambient = ChannelTriple(all: 0)
        for segment in configuration.scenario where segment.contains(t) {
            let envelope = segment.envelope(at: t)
            switch segment.condition {
            case .saturation(let redDC):
                dc.red = redDC
            case .weakSignal(let redAcFraction):
                let scale = ac.red > 0 ? redAcFraction / ac.red : 0
                ac = ChannelTriple(red: redAcFraction, green: ac.green * scale, blue: ac.blue * scale)
            case .pressureDrift(let change):
                dc = Self.scaled(dc, by: 1 + change * envelope)
                ac = Self.scaled(ac, by: 1 - change * envelope)
            case .motion(let redCounts, let lightLeak, let target, _):
                redJump += redCounts * envelope
                leak = max(leak, lightLeak * envelope)
                ambient = target
            case let condition where condition.replacesSignal:
                replacement = condition
            default:
                break
            }
        }
        var level: ChannelTriple
        if let replacement {
            (level, noise) = replacedLevel(replacement, at: t, camera: camera, noise: noise)
        } else {
            let slow = camera.riiv * sin(2 * Double.pi * configuration.rhythm.breathingFrequencyHz * t)
                + camera.wanderFraction * sin(2 * Double.pi * camera.wanderFrequencyHz * t + wanderPhase)
            level = ChannelTriple(red: dc.red * (1 - ac.red * volume - slow),
                                  green: dc.green * (1 - ac.green * volume - slow),
                                  blue: dc.blue * (1 - ac.blue * volume - slow))
            level.red += redJump
            level.green += leak * (ambient.green - level.green)
            level.blue += leak * (ambient.blue - level.blue)
        }
        if case .constant = replacement {
            return FrameSample(timestamp: t, red: level.red, green: level.green, blue: level.blue,
                               saturatedFraction: camera.reportsSaturatedFraction ? 0 : nil)
        }
        return finish(level: level, noise: noise, draws: noiseDraws, timestamp: t, camera: camera)
    }

    private func replacedLevel(_ condition: SignalCondition, at t: Double, camera: CameraParameters,
                               noise: ChannelTriple) -> (ChannelTriple, ChannelTriple) {
        switch condition {
        case .noContactScene(let level):
            let wobble = 1 + 0.02 * sin(2 * Double.pi * 0.5 * t + scenePhase)
            return (Self.scaled(level, by: wobble), ChannelTriple(all: Self.sceneNoise))
        case .noContactDark(let level), .constant(let level):
            return (level, noise)
        case .ambientLight(let level, let mainsHz, let depth):
            let flicker = 1 + depth * sin(2 * Double.pi * 2 * mainsHz * t + flickerPhase)
            return (Self.scaled(level, by: flicker), noise)
        case .pureNoise(let sd):
            return (camera.dc, ChannelTriple(all: sd))
        default:
            return (camera.dc, noise)
        }
    }

    private func finish(level: ChannelTriple, noise: ChannelTriple, draws: ChannelTriple, timestamp: Double,
                        camera: CameraParameters) -> FrameSample {
        let spread = camera.pixelSpread
        let red = Self.clippedMean(level.red, spread: spread) + noise.red * draws.red
        let green = Self.clippedMean(level.green, spread: spread) + noise.green * draws.green
        let blue = Self.clippedMean(level.blue, spread: spread) + noise.blue * draws.blue
        let saturated = spread > 0
            ? 0.5 * erfc((Self.saturationThreshold - level.red) / (spread * 2.0.squareRoot()))
            : (level.red >= Self.saturationThreshold ? 1 : 0)
        return FrameSample(timestamp: timestamp, red: Self.output(red, camera), green: Self.output(green, camera),
                           blue: Self.output(blue, camera),
                           saturatedFraction: camera.reportsSaturatedFraction ? saturated : nil)
    }

    /// Mean of `min(X, 255)` for pixels `X ~ N(mean, spread²)`: the frame mean of a region whose brightest pixels clip.
    static func clippedMean(_ mean: Double, spread: Double) -> Double {
        guard spread > 0 else { return min(mean, 255) }
        let z = (255 - mean) / spread
        let tailProbability = 0.5 * erfc(z / 2.0.squareRoot())
        let density = exp(-0.5 * z * z) / (2 * Double.pi).squareRoot()
        let excess = spread * density - (255 - mean) * tailProbability
        return mean - excess
    }

    private static func output(_ value: Double, _ camera: CameraParameters) -> Double {
        let clamped = min(max(value, 0), 255)
        return camera.quantize ? clamped.rounded() : clamped
    }

    private static func scaled(_ triple: ChannelTriple, by factor: Double) -> ChannelTriple {
        ChannelTriple(red: triple.red * factor, green: triple.green * factor, blue: triple.blue * factor)
    }
}
