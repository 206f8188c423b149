import NeurofitVitals
import Testing

/// `ExposureTuner` against a simulated linear camera (CAMERA.md §3.1).
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
    private func tune(_ camera: LinearCamera, start: ExposureSetting) -> ExposureTuner {
        var tuner = ExposureTuner(limits: camera.limits, start: start)
        for _ in 0..<(20 * tuner.settings.framesPerStep) where tuner.status == .tuning {
            let (red, saturated) = camera.red(tuner.current)
            _ = tuner.observe(red: red, saturatedFraction: saturated)
        }
        return tuner
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
