/// Frame timestamps as many phones give them: stamped when a frame reaches the app, not when it was captured.
///
/// Most frames arrive within a few milliseconds of capture (a half-normal delay of σ 3 ms, at most 30 % of a
/// frame); one in four is held back by 30–95 % of a frame, so the interval before it reads long and the one after
/// it short. The capture-time estimate (`CaptureTimeEstimator`) and its error model (`CaptureTimeNoise`) are
/// measured on such stamps.
public enum DeliveryStamps {
    /// `frames` (at a steady rate) with each timestamp delayed as on delivery; the same `seed` gives the same delays.
    public static func restamped(_ frames: [FrameSample], seed: UInt64) -> [FrameSample] {
        guard frames.count >= 2 else { return frames }
        var random = SeededRandom(seed: seed, stream: 7)
        let period = frames[1].timestamp - frames[0].timestamp
        return frames.map { frame in
            var stamped = frame
            let held = random.unit() < 0.25, fraction = random.unit()
            let delay = held ? (0.3 + 0.65 * fraction) * period
                : min(abs(random.gaussian(mean: 0, sd: 0.003)), 0.3 * period)
            stamped.timestamp += delay
            return stamped
        }
    }
}
