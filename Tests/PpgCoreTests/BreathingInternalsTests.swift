import Glibc
@testable import PpgCore
import Testing

/// The breathing estimator's building blocks: the spline it resamples beat series with, filters, spectrum, cycle counting, fusion.
struct BreathingInternalsTests {
    @Test func splineReproducesLinesAndFollowsSmoothCurves() {
        let times = [0.0, 0.7, 1.9, 2.4, 3.8, 5.0]
        let line = CubicSpline(knots: times, values: times.map { 2 * $0 - 1 })
            .sampled(from: 0, step: 0.25, count: 21)
        for (k, value) in line.enumerated() { #expect(abs(value - (2 * Double(k) * 0.25 - 1)) < 1e-12) }
        let knots = stride(from: 0.0, through: 10, by: 0.8).map { $0 }
        let wave = CubicSpline(knots: knots, values: knots.map { sin(0.5 * $0) })
            .sampled(from: 0.8, step: 0.1, count: 80)
        for (k, value) in wave.enumerated() { #expect(abs(value - sin(0.5 * (0.8 + Double(k) * 0.1))) < 5e-3) }
    }

    @Test func butterworthKeepsThePassBandAndRemovesTheStopBand() {
        let rate = 10.0
        let slow = (0..<600).map { sin(2 * Double.pi * 0.25 * Double($0) / rate) }
        let fast = (0..<600).map { sin(2 * Double.pi * 4 * Double($0) / rate) }
        let lowPass = BreathingButterworth(.lowPass, cutoffHz: 1, rateHz: rate)
        let highPass = BreathingButterworth(.highPass, cutoffHz: 1, rateHz: rate)
        #expect(abs(rms(lowPass.zeroPhase(slow)) - rms(slow)) < 0.01)
        #expect(rms(lowPass.zeroPhase(fast)) < 0.01)
        #expect(rms(highPass.zeroPhase(slow)) < 0.01)
        #expect(lowPass.zeroPhase([Double](repeating: 9.81, count: 50)).allSatisfy { abs($0 - 9.81) < 1e-9 })
    }

    @Test func spectrumPeakIsRefinedBetweenGridPoints() throws {
        let values = (0..<240).map { sin(2 * Double.pi * 0.2317 * Double($0) / 4) }
        let segment = BreathingSegment(start: 0, rate: 4, values: values)
        let spectrum = try #require(BreathingSpectrum(segments: [segment], lower: 0.08, upper: 0.52, step: 0.01,
                                                      highPassHz: 0))
        let peak = try #require(spectrum.peak(lower: 0.1, upper: 0.5, halfWidth: 0.02))
        #expect(abs(peak.frequency - 0.2317) < 0.001)
        #expect(peak.concentration > 0.7 && peak.concentration <= 1)
    }

    @Test func fusionKeepsTheLargestAgreeingGroupWeightedByRegularity() {
        let estimates = [ModulationEstimate(modulation: .rifv, brpm: 15, cycleVariation: 0.2),
                         ModulationEstimate(modulation: .riav, brpm: 16, cycleVariation: 0.1),
                         ModulationEstimate(modulation: .riiv, brpm: 7, cycleVariation: 0.01)]
        let group = BreathingFusion.agreeingGroup(of: estimates, sdLimit: 4)
        #expect(group.map(\.modulation) == [RespiratoryModulation.rifv, .riav])
        let expectedRate: Double = (15 * 25 + 16 * 100) / 125.0   // typed: 6.0.3 took 5.6 s to infer it in #expect
        #expect(abs(BreathingFusion.weightedRate(of: group) - expectedRate) < 1e-12)
        #expect(BreathingFusion.mostRegularPair(of: estimates).map(\.modulation) == [RespiratoryModulation.riiv, .riav])
        #expect(abs(estimates[2].weight - 400) < 1e-9, "a weight's variation is floored")
    }

    @Test func cyclesAreCountedInTheBandAndIgnoreDriftAndThePulse() throws {
        let rate = 4.0
        let values = (0..<240).map { k -> Double in
            let t = Double(k) / rate
            return sin(2 * Double.pi * 0.25 * t) + 3 * sin(2 * Double.pi * 0.02 * t) + 0.05 * t
                + 0.8 * sin(2 * Double.pi * 1.1 * t)
        }
        let cycles = try #require(BreathingCycles(segments: [BreathingSegment(start: 0, rate: rate, values: values)],
                                                  lowerHz: 0.1, upperHz: 0.4, minimumCycles: 4))
        #expect(abs(cycles.brpm - 15) < 0.3, "\(cycles.lengths)")
        #expect(cycles.variation < 0.05)
        #expect(BreathingCycles.localMaxima([0, 1, 1, 0, 2, 0]) == [2, 4])
    }

    @Test func tooFewCyclesGiveNoCount() {
        let values = (0..<60).map { sin(2 * Double.pi * 0.05 * Double($0) / 4) }
        #expect(BreathingCycles(segments: [BreathingSegment(start: 0, rate: 4, values: values)],
                                lowerHz: 0.1, upperHz: 0.4, minimumCycles: 4) == nil)
    }

    private func rms(_ values: [Double]) -> Double {
        (values.reduce(0) { $0 + $1 * $1 } / Double(values.count)).squareRoot()
    }
}
