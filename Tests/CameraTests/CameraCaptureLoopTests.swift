@testable import NeurofitVitals
@testable import NeurofitVitalsCamera
import PpgCore
import Synchronization
import Testing

/// `CameraCaptureLoop` over a scripted camera on a virtual clock: the camera-health policy end to end.
struct CameraCaptureLoopTests {
    /// What the loop delivered.
    final class Delivered: Sendable {
        let items = Mutex<[SourceItem]>([])
        var frames: Int { items.withLock { $0.filter { if case .frame = $0 { true } else { false } }.count } }
        /// Health notices: everything but frames and operating-point reports.
        var events: [SourceItem] {
            items.withLock {
                $0.filter {
                    switch $0 {
                    case .frame, .captureSettings: false
                    default: true
                    }
                }
            }
        }
        /// The operating points reported, in order.
        var settings: [CaptureSettings] {
            items.withLock { $0.compactMap { if case .captureSettings(let value) = $0 { value } else { nil } } }
        }
    }

    private let modes = [CameraMode(format: .mjpeg, width: 640, height: 480, maxFps: 60),
                         CameraMode(format: .yuyv, width: 640, height: 480, maxFps: 30)]

    /// Opens `camera` at `tier`, runs the loop until virtual time `until` (or its own end), returns what it
    /// delivered and the last status.
    /// `readingActive` says, for a virtual time, whether the session is measuring a reading.
    private func run(_ camera: ScriptedCamera, torch: RecordingTorch? = RecordingTorch(), tier: Int = 30,
                     tunerSettings: ExposureTunerSettings? = ExposureTunerSettings(),
                     readingActive: @escaping (Double) -> Bool = { _ in false },
                     fingerContact: @escaping (Double) -> Bool? = { _ in nil },
                     until end: Double) throws -> (Delivered, CameraStatus?) {
        let selector = FpsTierSelector()
        let choice = try #require(selector.choose(from: modes, below: tier + 1))
        let delivered = Delivered()
        let status = Mutex<CameraStatus?>(nil)
        try camera.open(mode: choice.mode, fps: choice.tier)
        let loop = CameraCaptureLoop(
            backend: camera, clock: camera.clock, torch: torch, modes: modes, selector: selector, choice: choice,
            tunerSettings: tunerSettings, policy: CameraHealthPolicy(),
            deliver: { item in delivered.items.withLock { $0.append(item) } },
            report: { value in status.withLock { $0 = value } }, shouldStop: { camera.clock.now() >= end },
            readingActive: { readingActive(camera.clock.now()) },
            fingerContact: { fingerContact(camera.clock.now()) })
        try loop.prepare()
        try camera.startStreaming()
        loop.run()
        return (delivered, status.withLock { $0 })
    }

    @Test func aHealthyCameraStreamsTunesAndReleasesTheTorch() throws {
        let camera = ScriptedCamera(clock: VirtualClock())
        let torch = RecordingTorch()
        let (delivered, status) = try run(camera, torch: torch, until: 10)
        #expect(delivered.events.isEmpty)
        #expect(abs(delivered.frames - 300) <= 2)
        let final = try #require(status)
        #expect(final.exposureLocked)
        #expect(try #require(final.exposureRedMean) >= 120 && final.exposureRedMean! <= 210)
        #expect(torch.switches == [true, false])
        #expect(!camera.isOpen && !camera.streaming)
        let reported = try #require(delivered.settings.last(where: { $0.torchActive }))
        #expect(reported.exposureTunerEnabled && reported.exposureLocked && reported.width == 640)
        #expect(reported.exposureTuneSteps == final.exposureTuneSteps)
        let settings = delivered.settings
        #expect(zip(settings, settings.dropFirst()).allSatisfy { $0 != $1 }, "only changes are reported")
    }

    @Test func exposureIsHeldDuringAReadingAndTunedAgainAfterItsCancel() throws {
        var script = ScriptedCamera.Script()
        script.lightChange = (at: 4, redAtReference: 600) // three times brighter while the reading runs
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        let reading = 3.0..<8.0
        let (delivered, status) = try run(camera, readingActive: { reading.contains($0) }, until: 14)
        let lockedBefore = try #require(camera.applied.last(where: { $0.time < reading.lowerBound }))
        #expect(!camera.applied.contains { reading.contains($0.time) }, "no control moves during the reading")
        #expect(camera.applied.contains { $0.time >= reading.upperBound && $0.setting != lockedBefore.setting })
        let settings = delivered.settings
        let firstLock = try #require(settings.firstIndex { $0.exposureLocked && $0.exposureSettled })
        #expect(settings[firstLock...].contains { !$0.exposureLocked && !$0.exposureSettled },
                "the retune after the reading is reported unlocked and unsettled")
        let final = try #require(status)
        #expect(final.exposureLocked && (120...210).contains(final.exposureRedMean ?? 0))
        #expect(final.exposureTuneSteps >= 2)
    }

    @Test func aReadingThatStartsWhileTuningFreezesTheTunerUntilItEnds() throws {
        let camera = ScriptedCamera(clock: VirtualClock()) // starts clipped: the first step halves the exposure
        let reading = 0.3..<5.0
        let (delivered, status) = try run(camera, readingActive: { reading.contains($0) }, until: 9)
        #expect(!camera.applied.contains { reading.contains($0.time) }, "the step in progress is not finished")
        #expect(camera.applied.contains { $0.time >= reading.upperBound })
        #expect(delivered.settings.contains { $0.exposureLocked && $0.exposureSettled && $0.exposureTuneSteps == 0 },
                "held before its first step: locked for the reading")
        #expect(status?.exposureLocked == true && (120...210).contains(status?.exposureRedMean ?? 0))
    }

    @Test func aFingerArrivingAfterTheEmptySceneTunesAgain() throws {
        var script = ScriptedCamera.Script()
        script.lightChange = (at: 4, redAtReference: 600) // the torch-lit finger is far brighter than the room
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        let contact: (Double) -> Bool? = { $0 < 1 ? nil : $0 >= 4 }
        let (_, status) = try run(camera, fingerContact: contact, until: 9)
        #expect(camera.applied.contains { $0.time >= 4 }, "tuned again for the finger")
        let final = try #require(status)
        #expect(final.exposureLocked && (120...210).contains(final.exposureRedMean ?? 0))

        let unaware = ScriptedCamera(clock: VirtualClock(), script: script)
        let (_, unawareStatus) = try run(unaware, until: 9)
        #expect(!unaware.applied.contains { $0.time >= 4 }, "without contact news the room's exposure stays")
        #expect(unawareStatus?.exposureLocked == true)
    }

    @Test func aFingerPresentFromTheFirstGuidanceDoesNotRestartTheTuner() throws {
        let plain = ScriptedCamera(clock: VirtualClock())
        let (_, plainStatus) = try run(plain, until: 6)
        let camera = ScriptedCamera(clock: VirtualClock())
        let (_, status) = try run(camera, fingerContact: { $0 < 2 ? nil : true }, until: 6)
        #expect(status?.exposureTuneSteps == plainStatus?.exposureTuneSteps)
        #expect(camera.applied.map(\.setting) == plain.applied.map(\.setting))
    }

    @Test func aTorchTooBrightAtTheShortestExposureIsDimmed() throws {
        let torch = RecordingTorch(intensityRange: 0...100, intensity: 50)
        var script = ScriptedCamera.Script()
        script.redAtReference = 20_000 // clipped even at exposure 3 with the torch at 50
        script.torch = torch
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        var settings = ExposureTunerSettings()
        settings.maxSteps = 12
        let (delivered, status) = try run(camera, torch: torch, tunerSettings: settings, until: 10)
        #expect(torch.intensity < 50)
        let final = try #require(status)
        #expect(final.exposureLocked && (120...210).contains(final.exposureRedMean ?? 0))
        #expect(final.exposure?.exposure == 3)
        let lastOn = try #require(delivered.settings.last { $0.torchActive })
        #expect(lastOn.torchLevel == Double(torch.intensity) / 100, "torch_level follows the intensity")
    }

    @Test func noRetuneIsLeftOnceTheBudgetIsSpent() throws {
        var script = ScriptedCamera.Script()
        script.lightChange = (at: 4, redAtReference: 600)
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        var settings = ExposureTunerSettings()
        settings.maxRetunes = 0
        let (_, status) = try run(camera, tunerSettings: settings, readingActive: { (3.0..<8.0).contains($0) },
                                  until: 14)
        #expect(!camera.applied.contains { $0.time >= 3 }, "the exposure stays where the first run left it")
        #expect(status?.exposureLocked == true, "nothing moves the exposure any more: still locked")
    }

    @Test func withoutTheTunerTheCameraKeepsItsAutomaticExposure() throws {
        let camera = ScriptedCamera(clock: VirtualClock())
        let torch = RecordingTorch()
        let (delivered, status) = try run(camera, torch: torch, tunerSettings: nil, readingActive: { $0 >= 3 },
                                          until: 6)
        #expect(camera.automaticExposure, "automatic exposure left on")
        #expect(camera.applied.isEmpty, "no manual exposure written")
        #expect(status?.exposure == nil && status?.exposureTuneSteps == 0 && status?.exposureLocked == false)
        #expect(!delivered.settings.isEmpty)
        #expect(delivered.settings.allSatisfy { !$0.exposureTunerEnabled && !$0.exposureLocked && $0.exposureSettled })
        #expect(torch.switches == [true, false], "the torch still lights the finger")
    }

    @Test func withTheTunerTheCameraLeavesAutomaticExposure() throws {
        let camera = ScriptedCamera(clock: VirtualClock())
        _ = try run(camera, until: 2)
        #expect(!camera.automaticExposure && !camera.applied.isEmpty)
    }

    @Test func automaticExposureIsNeverReportedLocked() throws {
        var script = ScriptedCamera.Script()
        script.hasManualExposure = false
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        let (delivered, _) = try run(camera, readingActive: { $0 >= 3 }, until: 6)
        #expect(!delivered.settings.isEmpty)
        #expect(delivered.settings.allSatisfy { !$0.exposureLocked && !$0.exposureTunerEnabled && $0.exposureSettled })
    }

    @Test func aSustainedLowRateDropsOneTierInPlace() throws {
        var script = ScriptedCamera.Script()
        script.rateCap = (at: 3, fps: 35)
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        let (delivered, status) = try run(camera, tier: 60, until: 12)
        #expect(delivered.events == [.interrupted(.cameraReconfigured, tier: 30)])
        #expect(camera.configuredFps == [60, 30])
        #expect(camera.opens == 1)
        #expect(status?.tier == 30 && status?.mode.format == .yuyv)
    }

    @Test func aLowRateAtTheLastTierNeverEndsTheSession() throws {
        var script = ScriptedCamera.Script()
        script.rateCap = (at: 2, fps: 8)
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        let (delivered, _) = try run(camera, tier: 30, until: 30)
        #expect(delivered.events == [.interrupted(.cameraReconfigured, tier: 20)])
        #expect(delivered.frames > 200)
    }

    @Test func oneStallRestartsOnceAndReportsIt() throws {
        var script = ScriptedCamera.Script()
        script.stalls = [4..<6.5]
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        let (delivered, status) = try run(camera, until: 12)
        #expect(delivered.events == [.interrupted(.cameraStalled, tier: nil)])
        #expect(status?.statistics.stallRestarts == 1)
        #expect(delivered.frames > 250)
    }

    @Test func aSecondStallFailsWithCameraUnavailable() throws {
        var script = ScriptedCamera.Script()
        script.stalls = [3..<4.5, 8..<9.5]
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        let (delivered, _) = try run(camera, until: 30)
        let events = delivered.events
        #expect(events.count == 2)
        #expect(events.first == .interrupted(.cameraStalled, tier: nil))
        guard case .failed(let error) = events.last else {
            Issue.record("expected a failure, got \(events)")
            return
        }
        #expect(error.code == .cameraUnavailable)
        #expect(camera.clock.now() < 11)
    }

    @Test func aCameraThatStaysSilentFailsTenSecondsAfterTheStall() throws {
        var script = ScriptedCamera.Script()
        script.stalls = [2..<1000]
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        let (delivered, _) = try run(camera, until: 60)
        guard case .failed(let error) = delivered.events.last else {
            Issue.record("expected a failure, got \(delivered.events)")
            return
        }
        #expect(error.code == .cameraUnavailable)
        #expect(camera.clock.now() >= 12.9 && camera.clock.now() < 13.5)
    }

    @Test func anUnpluggedCameraThatReturnsIsReopenedWithTheTorchBackOn() throws {
        var script = ScriptedCamera.Script()
        script.lostAt = 3
        script.backAt = 6
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        let torch = RecordingTorch()
        let (delivered, status) = try run(camera, torch: torch, until: 12)
        #expect(delivered.events == [.interrupted(.cameraLost, tier: nil)])
        #expect(camera.opens == 2)
        #expect(torch.switches == [true, false, true, false])
        #expect(status?.statistics.reopens == 1)
        #expect(delivered.frames > 250)
    }

    @Test func anUnpluggedCameraThatStaysAwayFailsAfterTenSeconds() throws {
        var script = ScriptedCamera.Script()
        script.lostAt = 3
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        let torch = RecordingTorch()
        let (delivered, _) = try run(camera, torch: torch, until: 60)
        #expect(delivered.events.first == .interrupted(.cameraLost, tier: nil))
        guard case .failed(let error) = delivered.events.last else {
            Issue.record("expected a failure, got \(delivered.events)")
            return
        }
        #expect(error.code == .cameraUnavailable)
        #expect(camera.clock.now() >= 13 && camera.clock.now() < 13.5)
        #expect(!torch.isOn)
    }

    @Test func aReopenRefusedForPermissionFailsWithPermissionDenied() throws {
        var script = ScriptedCamera.Script()
        script.lostAt = 3
        script.reopenDenied = true
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        let (delivered, _) = try run(camera, until: 60)
        guard case .failed(let error) = delivered.events.last else {
            Issue.record("expected a failure, got \(delivered.events)")
            return
        }
        #expect(error.code == .cameraPermissionDenied)
        #expect(error.message.contains("'video' group"))
    }

    @Test func withoutManualExposureNoTunerRuns() throws {
        var script = ScriptedCamera.Script()
        script.hasManualExposure = false
        let camera = ScriptedCamera(clock: VirtualClock(), script: script)
        let (_, status) = try run(camera, until: 5)
        #expect(status?.exposure == nil)
        #expect(status?.exposureTuneSteps == 0)
        #expect(camera.setting == ExposureSetting(exposure: 250, gain: 32))
    }
}
