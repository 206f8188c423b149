import FoundationEssentials
import Glibc
import PpgCore
@testable import NeurofitVitals
import Testing
import StrictJSON

/// Full readings through the real engine: the simulated finger, recordings and their replays.
@Suite(.serialized) struct SessionReplayTests {
    private static func temporaryPath(_ name: String) -> String {
        "/tmp/nfv-replay-tests-\(getpid())-\(name)"
    }

    /// Runs a session to the end of its stream; `onEvent` may act on the session (e.g. cancel).
    private static func run(_ setup: SessionSetup, onEvent: (String, Session) -> Void = { _, _ in })
        throws -> [String] {
        let session = try Session(setup)
        try session.start()
        var events: [String] = []
        let deadline = monotonicSeconds() + 60
        while monotonicSeconds() < deadline {
            switch try session.nextEvent(timeout: 1) {
            case .event(let event):
                events.append(event.json)
                onEvent(event.json, session)
            case .timedOut: continue
            case .ended: return events
            }
        }
        Issue.record("the session did not end within 60 s")
        return events
    }

    private static func simulated(_ json: String, record path: String? = nil) throws -> SessionSetup {
        var setup = SessionSetup(source: try SimulatorOptions(json: json).makeSource())
        setup.recordingPath = path
        return setup
    }

    private static func replay(_ path: String) throws -> SessionSetup {
        try License.shared.activate(keyText: try TestKeys.test.issue(TestKeys.payload), appId: "tool")
        return SessionSetup(source: try ReplaySource(path: path, realTime: false))
    }

    private static func object(_ json: String) -> [String: JSONValue] {
        (try? JSONValue(parsing: json))?.objectValue ?? [:]
    }

    /// The event's JSON without its `t` member.
    private static func withoutTime(_ json: String) -> String {
        var members = object(json)
        members["t"] = nil
        return JSONValue.object(members).serialized()
    }

    @Test func everyEventCarriesItsSampleTimeInOrder() throws {
        let events = try Self.run(try Self.simulated(#"{"realTime":false,"seed":3,"heartRateBpm":72}"#))
        // The first event (positioning) may come before the first frame and never has t; every other carries one.
        let times = events.dropFirst().compactMap { Self.object($0)["t"]?.numberValue }
        #expect(times.count == events.count - 1, "every event after the first has t")
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "t never decreases")
        let types = Array(eventTypes(events).dropFirst())
        let started = try #require(types.firstIndex(of: "started"))
        let complete = try #require(types.firstIndex(of: "measurementComplete"))
        #expect(abs(times[complete] - times[started] - 60) < 0.2, "the reading spans 60 s of sample time")
    }

    @Test func aSimulatedReadingFollowsTheDocumentedSequence() throws {
        let events = try Self.run(try Self.simulated(#"{"realTime":false,"seed":3,"heartRateBpm":72}"#))
        let types = eventTypes(events)
        #expect(events.first == #"{"state":"positioning","type":"state"}"#, "positioning begins without t")
        let started = try #require(types.firstIndex(of: "started"))
        #expect(types[started - 1] == "state" && events[started - 1].contains(#""state":"measuring""#))
        #expect(events[started - 2].contains(#""guidance":"compliant","startProgress":1"#))
        #expect(Self.withoutTime(events[started + 1]) == #"{"abortRisk":"none","elapsed":0,"progress":0,"type":"preview"}"#)
        #expect(types.suffix(5) == ["preview", "measurementComplete", "state", "completed", "state"])
        let heartbeats = events.filter { $0.contains(#""type":"heartbeat""#) }
        #expect((65...79).contains(heartbeats.count), "\(heartbeats.count) beats in 60 s at 72 bpm")
        #expect(!heartbeats[0].contains("ibiMs") && heartbeats[1].contains("ibiMs"))
        let result = try #require(Self.object(events[events.count - 2])["result"]?.objectValue)
        let rate = try #require(result["heartRateBpm"]?.numberValue)
        #expect(abs(rate - 72) < 2, "heart rate \(rate)")
        #expect(result["quality"]?.numberValue.map { $0 >= 2 } == true)
        #expect(result["sdkVersion"] == .string(SDKVersion.string))
    }

    @Test func aCompletedReadingsDiagnosticsCarryTheLiveSignalsCourse() throws {
        let events = try Self.run(try Self.simulated(#"{"realTime":false,"seed":3,"heartRateBpm":72}"#))
        let result = try #require(Self.object(events[events.count - 2])["result"]?.objectValue)
        let diagnostics = try #require(result["diagnostics"]?.objectValue)
        let sequence = try #require(diagnostics["live_sq_withheld_seq"]?.stringValue)
        #expect(!sequence.isEmpty && sequence.allSatisfy { $0 == "0" || $0 == "1" })
        #expect(diagnostics["live_sq_total_estimates"]?.numberValue == Double(sequence.count))
        #expect(diagnostics["live_sq_withheld_estimates"]?.numberValue == Double(sequence.count { $0 == "1" }))
        #expect(diagnostics["frame_drop_compliance_error_count"] == .int(0), "the simulator keeps its frame rate")
        for key in ["live_sq_at_15s", "live_sq_at_30s", "early_mean_quality_score", "early_min_quality_score"] {
            let score = try #require(diagnostics[key]?.numberValue, "\(key) present")
            #expect((0...1).contains(score), "\(key) \(score)")
        }
        let earlyMean = try #require(diagnostics["early_mean_quality_score"]?.numberValue)
        #expect(try #require(diagnostics["early_min_quality_score"]?.numberValue) <= earlyMean)
        #expect(try #require(diagnostics["early_mean_amplitude"]?.numberValue) > 0)
        #expect(diagnostics["est_col_over_prod"] == nil && diagnostics["est_arm2_fired"] == nil,
                "keys without a defined meaning stay absent")
    }

    @Test func aRecordedReadingReplaysToByteIdenticalEvents() throws {
        let path = Self.temporaryPath("identical.nfvrec")
        defer { unlink(path) }
        var cancelled = false
        let live = try Self.run(try Self.simulated(#"{"realTime":false,"seed":5}"#, record: path)) { json, session in
            if !cancelled, json.contains(#""elapsed":8"#), json.contains(#""type":"preview""#) {
                cancelled = true
                session.cancelReading(reason: "user \"tapped\" cancel")
            }
        }
        #expect(live.filter { $0.contains(#""detail":"user \"tapped\" cancel""#) }.count == 1)
        #expect(live.contains { $0.contains(#""type":"completed""#) })
        let started = monotonicSeconds()
        let replayed = try Self.run(try Self.replay(path))
        let seconds = monotonicSeconds() - started
        #expect(replayed == live)
        #expect(seconds < 20, "replay took \(seconds) s")
    }

    /// A recording made before a refactor (a simulated reading at 72 bpm, finger lifted at 25 s: a cancel, then a
    /// completed reading) replays to exactly the events saved beside it. A change that alters events on purpose
    /// regenerates both files (`nfv read --simulate --fast --fps 15 --hr 72 --lift-at 25 --record … --json`).
    @Test func theCommittedRecordingReplaysToItsCommittedEvents() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures")
        let expected = try String(contentsOf: fixtures.appendingPathComponent("lifted-finger.events.jsonl"),
                                  encoding: .utf8)
        let replayed = try Self.run(try Self.replay(fixtures.appendingPathComponent("lifted-finger.nfvrec").path))
        #expect(replayed.map { $0 + "\n" }.joined() == expected)
        #expect(replayed.contains { $0.contains(#""type":"cancelled""#) })
    }

    @Test func aTruncatedRecordingReplaysWhatItHolds() throws {
        let path = Self.temporaryPath("truncated.nfvrec")
        defer { unlink(path) }
        let live = try Self.run(try Self.simulated(#"{"realTime":false,"seed":6}"#, record: path))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes = bytes.prefix(bytes.count / 2 + 7)          // cut mid-line, about 30 s in
        try bytes.write(to: URL(fileURLWithPath: path))
        let replayed = try Self.run(try Self.replay(path))
        #expect(replayed.count > 20)
        #expect(Array(live.prefix(replayed.count - 1)) == Array(replayed.dropLast()), "same events up to the cut")
        #expect(replayed.last.map(Self.withoutTime) == #"{"state":"idle","type":"state"}"#,
                "the input ended: the session stops")
    }

    @Test func aCorruptRecordingFailsNamingTheLine() throws {
        let path = Self.temporaryPath("corrupt.nfvrec")
        defer { unlink(path) }
        _ = try Self.run(try Self.simulated(#"{"realTime":false,"seed":8}"#, record: path))
        var lines = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
        lines[200] = #"{"type":"frame","t":"soon"}"#
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let replayed = try Self.run(try Self.replay(path))
        let failed = try #require(replayed.first { $0.contains(#""type":"failed""#) })
        #expect(failed.contains("line 201"), "\(failed)")
        #expect(failed.contains(#""code":"internalError""#))
    }

    @Test func anUncreatableRecordingFailsTheStartAndAVanishedOneIsReportedWhileTheReadingGoesOn() throws {
        let setup = try Self.simulated(#"{"realTime":false}"#, record: "/nonexistent/dir/x.nfvrec")
        let error = TestKeys.rejection { try Session(setup).start() }
        #expect(error?.code == .invalidArgument && error?.message.contains("/nonexistent/dir/x.nfvrec") == true)
        #expect(throws: VitalsError.self) { try Session(Self.simulated("{}", record: "/dev/full")).start() }

        let path = Self.temporaryPath("vanishing.nfvrec")
        let events = try Self.run(try Self.simulated(#"{"realTime":false,"seed":9}"#, record: path)) { json, _ in
            if json.contains(#""type":"started""#) { unlink(path) }
        }
        let errors = events.filter { $0.contains(#""type":"recordingError""#) }
        #expect(errors.count == 1)
        #expect(errors.first?.contains("was deleted while being written") == true, "\(errors)")
        #expect(events.contains { $0.contains(#""type":"completed""#) }, "the reading goes on")
    }

    @Test func csvOfMeansReplaysDeterministically() throws {
        let path = Self.temporaryPath("means.csv")
        defer { unlink(path) }
        let reading = SyntheticReading(configuration: SyntheticConfiguration(seed: 11), durationS: 70, truthWindowS: 0...70)
        let rows = reading.frames.map { "\($0.timestamp),\($0.red),\($0.green),\($0.blue)" }
        try Data((["# synthetic", "timestamp_s,red,green,blue"] + rows).joined(separator: "\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        let first = try Self.run(try Self.replay(path))
        let second = try Self.run(try Self.replay(path))
        #expect(first == second)
        #expect(first.contains { $0.contains(#""type":"completed""#) })
    }

    /// A capture whose red sits at 248–252 of 255 with a pulse of 1–2 counts and a dead green channel (another
    /// phone's torch-lit finger): the live session starts, does not cancel, and completes with the right heart rate.
    @Test(arguments: [(251.0, 1.5, 72.0, UInt64(21)), (248, 1, 64, 22), (252, 2, 95, 23)])
    func aSaturatedDeadGreenCaptureCompletesALiveReading(redDc: Double, pulseCounts: Double, heartRate: Double,
                                                         seed: UInt64) throws {
        let path = Self.temporaryPath("saturated-\(seed).csv")
        defer { unlink(path) }
        var camera = CameraParameters.saturatedDeadGreen(redDc: redDc, pulseCounts: pulseCounts)
        camera.quantize = true
        let reading = SyntheticReading(configuration: SyntheticConfiguration(
            seed: seed, rhythm: RhythmParameters(heartRateBpm: heartRate), camera: camera), durationS: 80)
        let rows = reading.frames.map { "\($0.timestamp),\($0.red),\($0.green),\($0.blue)" }
        try Data((["timestamp_s,red,green,blue"] + rows).joined(separator: "\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        let events = try Self.run(try Self.replay(path))
        #expect(!events.contains { $0.contains(#""type":"cancelled""#) }, "\(events.filter { $0.contains("cancel") })")
        let completed = try #require(events.first { $0.contains(#""type":"completed""#) })
        let result = try #require(Self.object(completed)["result"]?.objectValue)
        let bpm = try #require(result["heartRateBpm"]?.numberValue)
        #expect(abs(bpm - heartRate) <= 5, "\(bpm) bpm for \(heartRate)")
    }

    /// A slow, faint pulse with a strongly varying rate (55 bpm, a count of pulse on red at 245, dead green, beat
    /// intervals swinging by ±15 %) from a phone that drops two frames now and then: its 5 s windows score around
    /// the cancel floor and its live beats are too noisy for an HRV estimate, but its spectrum carries the pulse.
    /// The live session completes the reading (it used to cancel it for low quality, again and again), and the final
    /// analysis gives its heart rate. The same capture without a pulse gives no result.
    @Test(arguments: [UInt64(31), 34])
    func aFaintVaryingPulseWithDroppedFramesCompletesALiveReading(seed: UInt64) throws {
        var camera = CameraParameters.saturatedDeadGreen(redDc: 245, pulseCounts: 1)
        camera.quantize = true
        camera.burstDropProbability = 0.006
        camera.burstDurationS = 0.06...0.09
        let rhythm = RhythmParameters(heartRateBpm: 55, rsaAmplitudeMs: 130, lfAmplitudeMs: 60, whiteNoiseMs: 40)
        var configuration = SyntheticConfiguration(seed: seed, rhythm: rhythm, camera: camera)
        let reading = SyntheticReading(configuration: configuration, durationS: 90)
        let events = try Self.replayed(reading.frames, name: "faint-\(seed)")
        let completed = try #require(events.first { $0.contains(#""type":"completed""#) },
                                     "\(events.filter { $0.contains("cancel") || $0.contains("started") })")
        let result = try #require(Self.object(completed)["result"]?.objectValue)
        let bpm = try #require(result["heartRateBpm"]?.numberValue)
        let truth = reading.truth.metrics.heartRateBpm ?? 55
        #expect(abs(bpm - truth) <= 5, "\(bpm) bpm for \(truth)")

        var pulseless = CameraParameters.saturatedDeadGreen(redDc: 245, pulseCounts: 0)
        pulseless.acFraction = ChannelTriple(all: 0)
        pulseless.quantize = true
        pulseless.burstDropProbability = camera.burstDropProbability
        pulseless.burstDurationS = camera.burstDurationS
        configuration.camera = pulseless
        let pulseFree = try Self.replayed(SyntheticReading(configuration: configuration, durationS: 90).frames,
                                          name: "faint-free-\(seed)")
        #expect(!pulseFree.contains { $0.contains(#""type":"completed""#) })
    }

    /// A saturated capture whose faint pulse starts the reading only through the 15 s look (seed 0: the gate opens
    /// at 17 s): the reading begins where that look's evidence begins, 15 s earlier, and so completes 45 s after
    /// `started`, its final analysis over a whole minute of frames from there. Before, it began at 17 s and
    /// completed at 77 s.
    @Test func aReadingStartedOnAFaintPulsesEvidenceBeginsWhereTheEvidenceBegins() throws {
        let capture = SaturatedWeakPulse(seed: 0)
        let reading = SyntheticReading(configuration: capture.configuration, durationS: 90)
        let events = try Self.replayed(reading.frames, name: "backdated")
        let time = { (type: String) in
            events.first { $0.contains(#""type":"\#(type)""#) }.flatMap { Self.object($0)["t"]?.numberValue }
        }
        let measuring = try #require(events.first { $0.contains(#""state":"measuring""#) })
        let counted = try #require(Self.object(measuring)["elapsed"]?.numberValue)
        #expect(counted == 15, "the first state counts the look's 15 s")
        let started = try #require(time("started"))
        let complete = try #require(time("measurementComplete"), "\(events.filter { $0.contains("cancel") })")
        #expect(complete - started > 44 && complete - started < 46, "\(started)…\(complete)")
        let completed = try #require(events.first { $0.contains(#""type":"completed""#) })
        let result = try #require(Self.object(completed)["result"]?.objectValue)
        let duration = try #require(result["durationSeconds"]?.numberValue)
        #expect(duration > 59.5, "the final analysis holds the whole minute from the evidence's start")
        let bpm = try #require(result["heartRateBpm"]?.numberValue)
        #expect(abs(bpm - capture.heartRateBpm) <= 5, "\(bpm) bpm for \(capture.heartRateBpm)")
    }

    @Test func aGateFilledOnAFaintPulsesEvidenceBeginsThereThoughItsOpeningTickPassedWithoutIt() throws {
        // Seed 23 (a faint 15 s pulse under a clipped red): its opening tick passes without the 15 s look, the ticks
        // that filled the gate before it needed the look. The reading counts the look's 15 s and completes in 90 s.
        let reading = SyntheticReading(configuration: SaturatedWeakPulse(seed: 23).configuration, durationS: 90)
        let events = try Self.replayed(reading.frames, name: "gate-backdated")
        let measuring = try #require(events.first { $0.contains(#""state":"measuring""#) })
        #expect(Self.object(measuring)["elapsed"]?.numberValue == 15, "\(measuring)")
        #expect(events.contains { $0.contains(#""type":"completed""#) }, "\(events.filter { $0.contains("cancel") })")
    }

    @Test func aFaintPulseWhosePeakHeldHalfAMinuteIsReadFromWhereItsEvidenceBegan() throws {
        // Seed 12 (a faint pulse too weak for the 15 s comb): it starts on its 15 s peak held over 30 ticks, the
        // reading counting the 44 s since the first of those ticks' looks, and completes within the 90 s.
        let capture = SaturatedWeakPulse(seed: 12)
        let reading = SyntheticReading(configuration: capture.configuration, durationS: 90)
        let events = try Self.replayed(reading.frames, name: "held-peak")
        let measuring = try #require(events.first { $0.contains(#""state":"measuring""#) })
        #expect(Self.object(measuring)["elapsed"]?.numberValue == 44, "\(measuring)")
        let completed = try #require(events.first { $0.contains(#""type":"completed""#) })
        let bpm = try #require(Self.object(completed)["result"]?.objectValue?["heartRateBpm"]?.numberValue)
        #expect(abs(bpm - capture.heartRateBpm) <= 5, "\(bpm) bpm for \(capture.heartRateBpm)")
    }

    @Test func aFaintPulseReadingWhoseMinuteHoldsOnlyAFoldOfHalfBeatsFails() throws {
        // Seed 44 (138 bpm, 0.9 counts under a clipped red, its dicrotic wave half a cycle on) starts on its held
        // peak; its minute's fold at 55 bpm, five of the pulse's half-beats, does not stand, so the final analysis
        // holds no heart rate and the reading fails without one (it once answered 55 bpm, which the faint-start
        // check withheld: `FaintStartBackdateTests`).
        let reading = SyntheticReading(configuration: SaturatedWeakPulse(seed: 44).configuration, durationS: 90)
        let events = try Self.replayed(reading.frames, name: "held-peak-half-beats")
        #expect(events.contains { $0.contains(#""state":"measuring""#) })
        #expect(!events.contains { $0.contains(#""type":"completed""#) })
        #expect(events.contains { $0.contains(#""type":"failed""#) && $0.contains("noHeartRate") })
        #expect(!events.contains { $0.contains("faint_start_disagreement") }, "\(events.suffix(3))")
    }

    /// The events of a live session replaying `frames` (written to a temporary CSV named after `name`).
    private static func replayed(_ frames: [FrameSample], name: String) throws -> [String] {
        let path = temporaryPath("\(name).csv")
        defer { unlink(path) }
        let rows = frames.map { "\($0.timestamp),\($0.red),\($0.green),\($0.blue)" }
        try Data((["timestamp_s,red,green,blue"] + rows).joined(separator: "\n").utf8)
            .write(to: URL(fileURLWithPath: path))
        return try run(try replay(path))
    }

    @Test func noFingerFirstGivesNoContactGuidance() throws {
        let options = #"{"realTime":false,"seed":4,"scenario":[{"at":0,"for":5,"condition":"noContact"}]}"#
        let events = try Self.run(try Self.simulated(options)) { _, session in session.stop() }
        #expect(events.count >= 1)
        let session = try Session(Self.simulated(options))
        try session.start()
        var guidance: [String] = []
        while guidance.count < 6, let json = try session.nextEvent(timeout: 5).json {
            if let value = Self.object(json)["guidance"]?.stringValue { guidance.append(value) }
        }
        session.stop()
        #expect(guidance.prefix(3).allSatisfy { $0 == "noContact" }, "\(guidance)")
        #expect(guidance.last != "noContact", "\(guidance)")
    }
}
