import NeurofitVitals
@testable import NeurofitVitalsCamera
import Testing

/// `ExposureTuner` against a simulated linear camera.
struct CameraExposureTunerTests {
    /// A camera whose red mean is `redPerUnit × sensitivity` (clipped at 255, saturating above 250).
    private struct LinearCamera {
        let limits: ExposureLimits
        let redPerUnit: Double

        func red(_ setting: ExposureSetting) -> (red: Double, saturated: Double) {
            let red = redPerUnit * limits.sensitivity(of: setting)
            return (min(red, 255), red >= 250 ? 0.8 : 0)
        }
    }

    /// Runs the tuner to completion (or 20 steps) and returns it.
    private func tune(_ camera: LinearCamera, start: ExposureSetting,
                      settings: ExposureTunerSettings = ExposureTunerSettings()) -> ExposureTuner {
        var tuner = ExposureTuner(settings: settings, limits: camera.limits, start: start)
        proceed(&tuner, on: camera)
        return tuner
    }

    /// Feeds `tuner` frames of `camera` until it stops tuning (at most 20 steps).
    private func proceed(_ tuner: inout ExposureTuner, on camera: LinearCamera) {
        for _ in 0..<(20 * tuner.settings.framesPerStep) where tuner.status == .tuning {
            let (red, saturated) = camera.red(tuner.current)
            _ = tuner.observe(red: red, saturatedFraction: saturated)
        }
    }

    @Test func tooBrightAtMinimumExposureDimsTheTorchUntilTheBand() throws {
        let torchRange = 0...100
        var limits = uvc
        limits.torchIntensity = torchRange
        // Red = 200 × exposure × gain factor × torch / 50: clipped even at the shortest exposure with the torch at 50.
        func red(_ setting: ExposureSetting) -> Double {
            min(255, 200 * limits.sensitivity(of: setting) * Double(setting.torchIntensity ?? 50) / 50)
        }
        var tuner = ExposureTuner(limits: limits, start: ExposureSetting(exposure: 6, torchIntensity: 50))
        for _ in 0..<(20 * tuner.settings.framesPerStep) where tuner.status == .tuning {
            let value = red(tuner.current)
            _ = tuner.observe(red: value, saturatedFraction: value >= 250 ? 0.9 : 0)
        }
        #expect(tuner.status == .locked)
        #expect(tuner.current.exposure == 3 && tuner.current.gain == 0, "exposure and gain at their minimum first")
        #expect(try #require(tuner.current.torchIntensity) < 50)
        #expect((120...210).contains(red(tuner.current)))

        var undimmable = ExposureTuner(limits: uvc, start: ExposureSetting(exposure: 6, torchIntensity: 50))
        #expect(undimmable.current.torchIntensity == nil, "no intensity steps: the torch is not part of the setting")
        for _ in 0..<(20 * undimmable.settings.framesPerStep) where undimmable.status == .tuning {
            _ = undimmable.observe(red: 255, saturatedFraction: 0.9)
        }
        #expect(undimmable.status == .bestEffort && undimmable.current.exposure == 3)
    }

    @Test func aRetuneAfterACancelFollowsNewLightWithinItsBudget() throws {
        var settings = ExposureTunerSettings()
        settings.maxRetunes = 1
        var tuner = tune(LinearCamera(limits: uvc, redPerUnit: 200.0 / 166), start: ExposureSetting(exposure: 250),
                         settings: settings)
        let firstSteps = tuner.steps
        #expect(tuner.status == .locked)
        let brighter = LinearCamera(limits: uvc, redPerUnit: 600.0 / 166)
        let retuned = tuner.retune()
        #expect(retuned && tuner.status == .tuning && tuner.retunes == 1)
        proceed(&tuner, on: brighter)
        #expect(tuner.status == .locked && tuner.steps > firstSteps)
        #expect((120...210).contains(brighter.red(tuner.current).red))
        let again = tuner.retune()
        #expect(!again, "the budget of one retune is spent")
        #expect(tuner.status == .locked && tuner.retunes == 1)
    }

    @Test func aRetuneWhileTuningOnlyRestartsTheStep() {
        var tuner = ExposureTuner(limits: uvc, start: ExposureSetting(exposure: 250))
        for _ in 0..<10 { _ = tuner.observe(red: 255, saturatedFraction: 1) }
        let restarted = tuner.retune()
        #expect(restarted && tuner.retunes == 0, "no budget spent")
        var changes = 0
        for frame in 1...15 where tuner.observe(red: 255, saturatedFraction: 1) != nil {
            changes += 1
            #expect(frame == 15, "a whole new step of 15 frames")
        }
        #expect(changes == 1)
    }

    @Test func theConfigurationSetsTheTuner() {
        var advanced = AdvancedConfiguration()
        advanced.exposureTargetDc = 100
        advanced.exposureDcMin = 140
        advanced.exposureDcMax = 80
        advanced.exposureTuneFramesPerStep = 4
        advanced.exposureTuneMaxSteps = 3
        advanced.exposureTuneGamma = 2
        advanced.exposureTunerMaxCancels = 5
        let settings = ExposureTunerSettings(advanced)
        #expect(settings.targetDc == 100 && settings.band == 80...140)
        #expect(settings.framesPerStep == 4 && settings.discardFrames == 3 && settings.maxSteps == 3)
        #expect(settings.gamma == 2 && settings.maxRetunes == 5)
        #expect(ExposureTunerSettings(AdvancedConfiguration()) == ExposureTunerSettings())
    }

    private let uvc = ExposureLimits(exposure: 3...2047, gain: 0...255, fps: 30)

    @Test func theCapFollowsTheFramePeriod() {
        #expect(ExposureLimits(exposure: 3...2047, gain: nil, fps: 60).exposureCap == 150)
        #expect(ExposureLimits(exposure: 3...2047, gain: nil, fps: 30).exposureCap == 300)
        #expect(ExposureLimits(exposure: 3...2047, gain: nil, fps: 20).exposureCap == 450)
        #expect(ExposureLimits(exposure: 3...200, gain: nil, fps: 20).exposureCap == 200)
    }

    @Test func aClippedStartHalvesUntilTheBandAndLocks() throws {
        let tuner = tune(LinearCamera(limits: uvc, redPerUnit: 200.0 / 166), start: ExposureSetting(exposure: 250))
        #expect(tuner.status == .locked)
        #expect(tuner.steps <= 3)
        #expect(try #require(tuner.lastMean) >= 120 && tuner.lastMean! <= 210)
        #expect(tuner.current.gain == 0)
    }

    @Test func aDarkSceneUsesTheExposureCapThenGain() {
        let tuner = tune(LinearCamera(limits: uvc, redPerUnit: 0.15), start: ExposureSetting(exposure: 100))
        #expect(tuner.status == .locked)
        #expect(tuner.current.exposure == uvc.exposureCap)
        #expect((tuner.current.gain ?? 0) > 0)
        #expect(uvc.sensitivity(of: tuner.current) * 0.15 >= 120)
    }

    @Test func withoutGainADarkSceneStopsAtTheCapUnlocked() {
        let limits = ExposureLimits(exposure: 3...2047, gain: nil, fps: 30)
        let tuner = tune(LinearCamera(limits: limits, redPerUnit: 0.2), start: ExposureSetting(exposure: 100))
        #expect(tuner.status == .bestEffort)
        #expect(tuner.current.exposure == 300)
        #expect(tuner.steps < 8)
    }

    @Test func anUnreachableBandKeepsTheBestStepAfterEightSteps() {
        var tuner = ExposureTuner(limits: uvc, start: ExposureSetting(exposure: 100))
        var applied: [ExposureSetting] = []
        var step = 0
        while tuner.status == .tuning {
            let red = step % 2 == 0 ? 100.0 : 230.0   // a camera that overshoots both ways
            for _ in 0..<tuner.settings.framesPerStep {
                if let setting = tuner.observe(red: red, saturatedFraction: 0) { applied.append(setting) }
            }
            step += 1
        }
        #expect(tuner.status == .bestEffort)
        #expect(tuner.steps == 8)
        #expect(tuner.lastMean == 100)   // |100 − 150| < |230 − 150|: the best step is kept
        #expect(applied.last == tuner.current)
    }

    @Test func theFirstFramesOfEachStepAreDiscarded() {
        var tuner = ExposureTuner(limits: uvc, start: ExposureSetting(exposure: 200))
        for _ in 0..<5 { _ = tuner.observe(red: 255, saturatedFraction: 1) }
        for _ in 0..<10 { _ = tuner.observe(red: 160, saturatedFraction: 0) }
        #expect(tuner.status == .locked)
        #expect(tuner.lastMean == 160)
    }

    @Test func gammaBendsTheStep() {
        let linear = ExposureTuner(limits: uvc, start: ExposureSetting(exposure: 100))
        var gamma = ExposureTunerSettings()
        gamma.gamma = 2
        var curved = ExposureTuner(settings: gamma, limits: uvc, start: ExposureSetting(exposure: 100))
        var straight = linear
        var curvedSetting: ExposureSetting?
        var straightSetting: ExposureSetting?
        for _ in 0..<15 {
            curvedSetting = curved.observe(red: 75, saturatedFraction: 0) ?? curvedSetting
            straightSetting = straight.observe(red: 75, saturatedFraction: 0) ?? straightSetting
        }
        #expect(straightSetting?.exposure == 200)
        #expect(curvedSetting?.exposure == 141)
    }
}
