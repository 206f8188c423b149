import NeurofitVitals
@testable import NeurofitVitalsCamera
import Testing

/// `FpsTierSelector`: the tier and mode chosen for several mode lists.
struct CameraTierTests {
    private func mode(_ format: FourCC, _ width: Int, _ height: Int, _ fps: Double, emulated: Bool = false)
        -> CameraMode {
        CameraMode(format: format, width: width, height: height, maxFps: fps, isEmulated: emulated)
    }

    @Test func aTypicalWebcamRunsAt30WithYUYV() {
        let choice = FpsTierSelector().choose(from: [mode(.yuyv, 640, 480, 30), mode(.yuyv, 1280, 720, 10)])
        #expect(choice?.tier == 30)
        #expect(choice?.mode == mode(.yuyv, 640, 480, 30))
    }

    @Test func mjpegReachesTheHigherTierWhenYUYVCannot() {
        let choice = FpsTierSelector().choose(from: [mode(.yuyv, 640, 480, 30), mode(.mjpeg, 640, 480, 60)])
        #expect(choice?.tier == 60)
        #expect(choice?.mode.format == .mjpeg)
    }

    @Test func amongModesReachingTheTierYUVThenTheSmallestFrameWins() {
        let modes = [mode(.mjpeg, 640, 480, 60), mode(.yuyv, 1280, 720, 60), mode(.yuyv, 640, 480, 60)]
        #expect(FpsTierSelector().choose(from: modes)?.mode == mode(.yuyv, 640, 480, 60))
    }

    @Test func emulatedFormatsAreNeverChosen() {
        let modes = [mode(FourCC("RGB3"), 640, 480, 60, emulated: true), mode(.yuyv, 640, 480, 30)]
        #expect(FpsTierSelector().choose(from: modes)?.tier == 30)
    }

    @Test func framesNarrowerThan640DoNotCount() {
        let modes = [mode(.yuyv, 320, 240, 60), mode(.yuyv, 640, 480, 20)]
        #expect(FpsTierSelector().choose(from: modes)?.tier == 20)
        #expect(FpsTierSelector().choose(from: [mode(.yuyv, 320, 240, 60)]) == nil)
        #expect(FpsTierSelector().unsupportedReason(for: [mode(.yuyv, 320, 240, 60)])
            == "No capture format reaches 20 fps at 640 px")
    }

    @Test func aRateHalfAFrameShortOfTheTierStillReachesIt() {
        #expect(FpsTierSelector().choose(from: [mode(.yuyv, 640, 480, 29.97)])?.tier == 30)
        #expect(FpsTierSelector().choose(from: [mode(.yuyv, 640, 480, 29.4)])?.tier == 20)
    }

    @Test func rawBayerOnlyIsUnsupportedWithALibcameraReason() {
        let modes = [mode(FourCC("BA81"), 1280, 720, 30)]
        #expect(FpsTierSelector().choose(from: modes) == nil)
        #expect(FpsTierSelector().unsupportedReason(for: modes).contains("libcamera"))
    }

    @Test func aTierDropPicksTheNextTierAndItsMode() {
        let modes = [mode(.mjpeg, 640, 480, 60), mode(.yuyv, 640, 480, 30)]
        let selector = FpsTierSelector()
        #expect(selector.choose(from: modes, below: 60) == .init(tier: 30, mode: mode(.yuyv, 640, 480, 30)))
        #expect(selector.choose(from: modes, below: 30)?.tier == 20)
        #expect(selector.choose(from: modes, below: 20) == nil)
    }

    @Test func tiersAreTriedInTheOrderGiven() {
        let modes = [mode(.mjpeg, 640, 480, 60), mode(.yuyv, 640, 480, 30)]
        let selector = FpsTierSelector(tiers: [30, 60, 20])
        #expect(selector.tiers == [30, 60, 20])
        #expect(selector.choose(from: modes) == .init(tier: 30, mode: mode(.yuyv, 640, 480, 30)))
        #expect(selector.choose(from: modes, below: 30)?.tier == 20, "a drop goes down, to a later, lower tier")
        #expect(selector.choose(from: modes, below: 60)?.tier == 20, "30 came before 60: not tried again")
        #expect(FpsTierSelector(tiers: [30, 20, 60]).unsupportedReason(for: []).contains("reaches 20 fps"))
    }

    @Test func fourCCRoundTripsItsText() {
        #expect(FourCC("YUYV").rawValue == 0x5659_5559)
        #expect(FourCC(rawValue: 0x4750_4A4D).description == "MJPG")
        #expect(FourCC.mjpeg.family == .mjpeg && FourCC.nv12.family == .yuv && FourCC("RGGB").family == .bayer)
    }
}
