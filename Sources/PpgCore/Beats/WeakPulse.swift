/// Per-beat confidence from the pulse's strength: a beat whose pulse is much weaker than its neighbours' is not
/// trusted for beat-to-beat differences.
///
/// A weak pulse is most often a premature beat, ejected before the heart has filled: its pressure wave is smaller
/// and travels more slowly, so it reaches the finger later than the heartbeat's timing says (the chest strap times
/// the heartbeat, the camera the pulse's arrival). Its upstroke is also shallower, so camera noise moves its
/// fiducials further. Measured against a chest strap, the few beats below `relativeAmplitude` of their neighbours'
/// median (10 of some 1 300) were off by 19 ms on average (29 ms RMS), the others by 6 ms (9 ms RMS).
public enum WeakPulse {
    /// Smallest share of the median amplitude of the surrounding beats that a trusted pulse has. Breathing and
    /// pressure change a fingertip pulse's amplitude by 10–30 % from beat to beat; a pulse at 60 % of its
    /// neighbours' lies outside that.
    public static let relativeAmplitude = 0.6
    /// Beats on either side whose amplitudes give the median a beat is compared with.
    public static let neighbourhood = 5

    /// For each beat (time order), whether its amplitude is at least `relativeAmplitude` of the median amplitude
    /// of the beats within `neighbourhood` of it (itself included).
    public static func isStrongEnough(_ beats: [DetectedBeat]) -> [Bool] {
        beats.indices.map { index in
            let around = beats[max(0, index - neighbourhood)..<min(beats.count, index + neighbourhood + 1)]
            guard let median = Statistics.median(around.map(\.amplitude)) else { return true }
            return beats[index].amplitude >= relativeAmplitude * median
        }
    }
}
