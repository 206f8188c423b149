/// The camera breathing channel: RIFV, RIAV and RIIV from the beats, each resampled and its breath cycles counted
/// in the breathing band below half the heart rate, then fused. Breathing slower than about 8 brpm sits on the
/// band's lower edge, where noise adds cycles: it comes out irregular, hence at low confidence.
struct PulseBreathingChannel: Sendable {
    let configuration: BreathingConfiguration

    /// The fused estimate over `beats` (already limited to the window); nil when no modulation gives one.
    func estimate(beats: [BreathingBeat], windowSeconds: Double) -> CameraBreathingEstimate? {
        let intervals = beats.filter(\.isValid).compactMap(\.intervalMs).sorted()
        guard !intervals.isEmpty else { return nil }
        let heartRateHz = 1000 / intervals[intervals.count / 2]
        let upper = min(configuration.cycleUpperFrequencyHz, heartRateHz / 2)
        guard upper > configuration.minimumFrequencyHz else { return nil }
        let estimates = RespiratoryModulation.allCases.compactMap { modulation in
            estimate(modulation, beats: beats, upper: upper)
        }
        guard !estimates.isEmpty else { return nil }
        return fused(estimates, beatQualityFraction: beatQualityFraction(beats, windowSeconds, heartRateHz))
    }

    private func estimate(_ modulation: RespiratoryModulation, beats: [BreathingBeat],
                          upper: Double) -> ModulationEstimate? {
        let points = PulseBreathingChannel.points(of: modulation, beats: beats)
        let segments = BreathingSegment.resampling(
            points, rate: configuration.resampleRateHz, minimumSeconds: configuration.minimumSegmentSeconds,
            maximumBridgeSeconds: configuration.maximumBridgeSeconds)
        guard let cycles = BreathingCycles(segments: segments, lowerHz: configuration.minimumFrequencyHz,
                                           upperHz: upper, minimumCycles: configuration.minimumCycles)
        else { return nil }
        return ModulationEstimate(modulation: modulation, brpm: cycles.brpm, cycleVariation: cycles.variation)
    }

    /// The largest group of estimates that agree gives the rate (weighted by cycle regularity); the confidence is
    /// the weakest of: the agreement of the two most regular modulations, their regularity, and the beat quality
    /// fraction. (Karlen withholds the rate unless all three agree; using the agreeing group keeps a window in
    /// which one modulation is swamped by vasomotion from losing a rate the other two agree on.)
    private func fused(_ estimates: [ModulationEstimate], beatQualityFraction: Double) -> CameraBreathingEstimate {
        let group = BreathingFusion.agreeingGroup(of: estimates, sdLimit: configuration.agreementSdBrpm)
        let pair = BreathingFusion.mostRegularPair(of: estimates)
        let agreement = pair.count < 2 ? configuration.singleEstimateAgreement
            : clipped(1 - abs(pair[0].brpm - pair[1].brpm) / configuration.agreementScaleBrpm)
        let regularity = clipped(1 - (pair.map(\.cycleVariation).max() ?? 1) / configuration.maximumCycleVariation)
        return CameraBreathingEstimate(
            brpm: BreathingFusion.weightedRate(of: group),
            confidence: min(agreement, regularity, beatQualityFraction),
            agreement: agreement, regularity: regularity, beatQualityFraction: beatQualityFraction,
            modulations: estimates, fused: group.map(\.modulation))
    }

    private func clipped(_ value: Double) -> Double { min(max(value, 0), 1) }

    /// Valid beats over the beats the window holds at the median heart rate, at most 1.
    private func beatQualityFraction(_ beats: [BreathingBeat], _ windowSeconds: Double,
                                     _ heartRateHz: Double) -> Double {
        let expected = windowSeconds * heartRateHz
        guard expected > 0 else { return 0 }
        return min(Double(beats.filter(\.isValid).count) / expected, 1)
    }

    /// The modulation's samples: every valid beat for RIAV and RIIV; for RIFV the valid beats with an interval
    /// that starts at a valid beat. Stretches without samples longer than `maximumBridgeSeconds` split the
    /// series later; shorter ones (a rejected beat, a brief frame drop) are bridged.
    static func points(of modulation: RespiratoryModulation, beats: [BreathingBeat]) -> [BreathingPoint] {
        beats.indices.compactMap { index in
            let beat = beats[index]
            guard beat.isValid else { return nil }
            switch modulation {
            case .rifv:
                guard let interval = beat.intervalMs, index == 0 || beats[index - 1].isValid else { return nil }
                return BreathingPoint(time: beat.time, value: interval)
            case .riav:
                return BreathingPoint(time: beat.time, value: beat.amplitude)
            case .riiv:
                return BreathingPoint(time: beat.time, value: beat.intensity)
            }
        }
    }
}
