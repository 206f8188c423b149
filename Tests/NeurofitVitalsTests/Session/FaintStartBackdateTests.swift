@testable import NeurofitVitals
import PpgCore
import Testing

/// A reading the faint-pulse look alone starts begins where that look's evidence begins (`ReadingStateMachine`):
/// the pulse was there for the whole span behind the opening tick.
@Suite struct FaintStartBackdateTests {
    /// A machine fed one tick a second from 1 s on, recording its events and actions.
    private struct Harness {
        var machine = ReadingStateMachine(configuration: VitalsConfiguration(), fpsTier: 30, deviceModel: "test")
        var time = 0.0
        var events: [SessionEvent] = []
        var actions: [ReadingStateMachine.Action] = []

        init() {
            record(machine.begin())
        }

        mutating func record(_ output: ReadingStateMachine.Output) {
            events += output.events
            actions += output.actions
        }

        /// Feeds `count` ticks made by `make`, one second apart.
        mutating func feed(_ count: Int, _ make: (Double) -> LiveTick) {
            for _ in 0..<count {
                time += 1
                record(machine.handle(make(time)))
            }
        }

        /// The `startReading` time, if the reading started.
        var start: Double? {
            actions.lazy.compactMap { action -> Double? in
                if case .startReading(let at) = action { at } else { nil }
            }.first
        }

        /// The finalized span, if the reading completed.
        var finalized: (from: Double, to: Double)? {
            actions.lazy.compactMap { action -> (Double, Double)? in
                if case .finalize(let from, let to) = action { (from, to) } else { nil }
            }.first
        }

        /// The previews' elapsed seconds, in order.
        var elapsed: [Double] {
            events.compactMap { event -> Double? in
                if case .preview(let preview) = event { preview.elapsed } else { nil }
            }
        }
    }

    /// A faint pulse: a swing 3 times the frame noise, a 5 s score of 0.2, standing out over the last `span` s.
    private static func faint(span: Double, standsOut: Bool = true) -> (Double) -> LiveTick {
        { time in
            LiveTick(time: time, contact: true, qualityScore: 0.2, amplitude: 1.5, redDc: 250, frameNoise: 0.5,
                     faintPulseStandsOut: standsOut, longWindowPeakBpm: 120,
                     faintPulseEvidenceSeconds: standsOut ? span : 0)
        }
    }

    /// A clean pulse that also stands out over 15 s: readable without the faint look.
    private static func clean(_ time: Double) -> LiveTick {
        LiveTick(time: time, contact: true, qualityScore: 0.9, amplitude: 2, heartRateBpm: 70,
                 liveEstimate: .accepted(discardRatio: 0.1), redDc: 180, faintPulseStandsOut: true,
                 longWindowPeakBpm: 70, faintPulseEvidenceSeconds: 15)
    }

    @Test func aStartOnTheFaintLookBeginsWhereItsEvidenceBegins() {
        var harness = Harness()
        harness.feed(17, Self.faint(span: 0, standsOut: false))
        harness.feed(3, Self.faint(span: 15))
        // Opened at 20 s on 15 s of evidence: the reading began at 5 s, its first preview 15 s in.
        #expect(harness.start == 5)
        #expect(harness.events.contains(.state(.measuring(elapsed: 15))))
        #expect(harness.events.contains(.preview(LivePreview(elapsed: 15, progress: 0.25, abortRisk: .none))))
        harness.feed(44, Self.faint(span: 15))
        #expect(harness.finalized == nil)
        harness.feed(1, Self.faint(span: 15))
        #expect(harness.finalized.map { [$0.from, $0.to] } == [5, 65], "complete 45 s after the start")
        #expect(harness.elapsed.first == 15 && harness.elapsed.last == 60)
    }

    /// A faint pulse whose 5 s score passed and whose 15 s confirmation holds (`faintPulseConfirmed`): eligible
    /// without the faint look.
    private static func confirmed(_ time: Double) -> LiveTick {
        LiveTick(time: time, contact: true, qualityScore: 0.6, amplitude: 1.5, redDc: 250, frameNoise: 0.5,
                 faintPulseConfirmed: true, longWindowPeakBpm: 120)
    }

    @Test func aGateFilledOnTheFaintLookBeginsWhereItsEvidenceBeginsWhateverOpenedIt() {
        // Two ticks eligible only through the look, then one whose score and confirmation pass on their own: the
        // gate was filled by the look's evidence, so the reading begins its 15 s before the opening tick.
        var harness = Harness()
        harness.feed(17, Self.faint(span: 0, standsOut: false))
        harness.feed(2, Self.faint(span: 15))
        harness.feed(1, Self.confirmed)
        #expect(harness.start == 5)
        #expect(harness.events.contains(.state(.measuring(elapsed: 15))))
        // The same ticks without the look: the gate never fills on the first two.
        var plain = Harness()
        plain.feed(17, Self.faint(span: 0, standsOut: false))
        plain.feed(3, Self.confirmed)
        #expect(plain.start == 20)
        // The look's evidence before the gate's window counts for nothing.
        var older = Harness()
        older.feed(17, Self.faint(span: 0, standsOut: false))
        older.feed(2, Self.faint(span: 15))
        older.feed(1, Self.faint(span: 0, standsOut: false))
        older.feed(3, Self.confirmed)
        #expect(older.start == 23)
    }

    @Test func aStartOnAPeakHeldForHalfAMinuteBeginsWhereItsFirstLookBegan() {
        // The 15 s peak held over 30 faint ticks: the evidence reaches back 44 s from the opening tick.
        var harness = Harness()
        harness.feed(47, Self.faint(span: 0, standsOut: false))
        harness.feed(3) { time in
            var tick = Self.faint(span: 0, standsOut: false)(time)
            tick.faintPeakHeld = true
            tick.faintPulseEvidenceSeconds = 44
            return tick
        }
        #expect(harness.start == 6)
        #expect(harness.events.contains(.state(.measuring(elapsed: 44))))
        harness.feed(15, Self.faint(span: 44))
        #expect(harness.finalized == nil)
        harness.feed(1, Self.faint(span: 44))
        #expect(harness.finalized.map { [$0.from, $0.to] } == [6, 66], "complete 16 s after the start")
    }

    /// A result whose heart rate is `bpm`.
    private static func result(bpm: Double) -> ReadingResult {
        let analysis = AnalysisResult(durationSeconds: 60, heartRateBpm: bpm, rmssdMs: nil, sdnnMs: nil,
                                      baevskyStressIndex: nil, sd2sd1: nil, breathingRateBrpm: nil,
                                      breathingRateConfidence: nil, confidence: 0.5, quality: .usable, flags: [],
                                      diagnostics: AnalysisDiagnostics())
        return ReadingResult(id: "id", capturedAt: "2026-01-01T00:00:00Z", analysis: analysis, sdkVersion: "1.0.0")
    }

    @Test func aReadingBegunOnAFaintPulseWithholdsAHeartRateFarFromThatPulsesPeak() {
        // The faint ticks' 15 s peak sat at 120 bpm: 55 bpm is withheld, 110 bpm (within 15 %) is delivered.
        for (bpm, delivered) in [(55.0, false), (110, true), (135, true), (140, false)] {
            var harness = Harness()
            harness.feed(17, Self.faint(span: 0, standsOut: false))
            harness.feed(48, Self.faint(span: 15))
            #expect(harness.finalized != nil)
            let done = harness.machine.finish(.success(Self.result(bpm: bpm)))
            let failed = done.events.contains {
                if case .failed(let error) = $0 { error.code == .noHeartRate } else { false }
            }
            #expect(failed != delivered, "\(bpm) bpm: \(done.events)")
        }
        // A clean start's result is delivered whatever its rate: it began on no faint evidence.
        var clean = Harness()
        clean.feed(17, Self.faint(span: 0, standsOut: false))
        clean.feed(63, Self.clean)
        #expect(clean.finalized != nil)
        let result = Self.result(bpm: 55)
        #expect(clean.machine.finish(.success(result)).events == [.completed(result), .state(.completed(result))])
    }

    @Test func theGatesEvidenceNeverReachesPastTheOpeningTicksRun() {
        // The opening tick's run began 4 s before it (a frame gap or level step the gate's ticks did not show).
        var harness = Harness()
        harness.feed(17, Self.faint(span: 0, standsOut: false))
        harness.feed(2, Self.faint(span: 15))
        harness.feed(1) { time in
            var tick = Self.confirmed(time)
            tick.runSeconds = 4
            return tick
        }
        #expect(harness.start == 16)
    }

    @Test func aCleanStartBeginsAtItsTickWhateverTheFaintLookSays() {
        var harness = Harness()
        harness.feed(17, Self.faint(span: 0, standsOut: false))
        harness.feed(3, Self.clean)
        #expect(harness.start == 20)
        #expect(harness.events.contains(.preview(.atStart(elapsed: 0, readingDuration: 60))))
        harness.feed(60, Self.clean)
        #expect(harness.finalized.map { [$0.from, $0.to] } == [20, 80])
    }

    @Test func theEvidenceNeverReachesBeforePositioningOrAContactGap() {
        // Positioning began at 1 s: 3 faint ticks claiming 15 s of evidence begin the reading there.
        var early = Harness()
        early.feed(3, Self.faint(span: 15))
        #expect(early.start == 1)
        // A tick without contact at 10 s: the reading begins there, not at 5 s.
        var gap = Harness()
        gap.feed(9, Self.faint(span: 0, standsOut: false))
        gap.feed(1) { LiveTick(time: $0, contact: false, qualityScore: nil, amplitude: 0) }
        gap.feed(7, Self.faint(span: 0, standsOut: false))
        gap.feed(3, Self.faint(span: 15))
        #expect(gap.start == 10)
        // A shorter look (after a level step the analyzer reports less evidence) begins where it says.
        var step = Harness()
        step.feed(17, Self.faint(span: 0, standsOut: false))
        step.feed(3, Self.faint(span: 6))
        #expect(step.start == 14)
        // A span past the longest look is cut to it.
        var long = Harness()
        long.feed(57, Self.faint(span: 0, standsOut: false))
        long.feed(3, Self.faint(span: 100))
        #expect(long.start == 60 - LiveTick.longestEvidenceSeconds)
    }

    @Test func theLiveValuesClocksCountFromTheOpeningTick() {
        // RMSSD shows from 20 s and breathing from 30 s of live analysis (restarted at the opening), not of reading.
        var harness = Harness()
        harness.feed(17, Self.faint(span: 0, standsOut: false))
        harness.feed(3, Self.faint(span: 15))
        var previews: [LivePreview] = []
        for _ in 0..<31 {
            harness.time += 1
            var tick = Self.faint(span: 15)(harness.time)
            tick.rmssdMs = 40
            tick.breathingRateBrpm = 12
            for case .preview(let preview) in harness.machine.handle(tick).events { previews.append(preview) }
        }
        // Previews 1…31 s after the opening: 16…46 s of the reading.
        #expect(previews[18].rmssdMs == nil && previews[19].rmssdMs == 40)
        #expect(previews[28].breathingRateBrpm == nil && previews[29].breathingRateBrpm == 12)
        #expect(previews[0].elapsed == 16)
    }
}
