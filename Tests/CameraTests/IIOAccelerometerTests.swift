import Glibc
@testable import NeurofitVitals
@testable import NeurofitVitalsCamera
import PpgCore
import StrictJSON
import Synchronization
import Testing

/// The IIO accelerometer reader, its poller and what device support says, against fake sysfs trees.
struct IIOAccelerometerTests {
    @Test func aSharedScaleTurnsRawCountsIntoMetresPerSecondSquared() throws {
        let tree = FakeIIOTree()
        tree.accelerometer(0, name: "mxc4005", raw: (100, -50, 1020), scale: "0.019153")
        let found = try #require(IIOAccelerometer.find(root: tree.root))
        #expect(found.name == "mxc4005" && found.label == "iio:mxc4005")
        #expect(found.scale == [0.019153, 0.019153, 0.019153] && found.offset == [0, 0, 0])
        #expect(found.samplingFrequency == nil)
        let axes = try found.read()
        #expect(axes.x == 100 * 0.019153 && axes.y == -50 * 0.019153 && axes.z == 1020 * 0.019153)
    }

    @Test func perAxisScalesAndAnOffsetApplyAsRawPlusOffsetTimesScale() throws {
        let tree = FakeIIOTree()
        let directory = tree.device(0, ["name": "lsm9ds1_accel", "in_accel_x_raw": "10", "in_accel_y_raw": "20",
                                        "in_accel_z_raw": "30", "in_accel_x_scale": "0.5", "in_accel_y_scale": "0.25",
                                        "in_accel_z_scale": "2", "in_accel_offset": "-4",
                                        "sampling_frequency": "25.000"])
        let accelerometer = try IIOAccelerometer(directory: directory)
        #expect(accelerometer.scale == [0.5, 0.25, 2] && accelerometer.offset == [-4, -4, -4])
        #expect(accelerometer.samplingFrequency == 25)
        let axes = try accelerometer.read()
        #expect(axes.x == 3 && axes.y == 4 && axes.z == 52)
        #expect(AccelerometerPoller(accelerometer: accelerometer).interval == 1.0 / 25)
    }

    @Test func devicesThatAreNotAccelerometersAreSkippedInNumberOrder() throws {
        let tree = FakeIIOTree()
        tree.device(0, ["name": "magnetometer", "in_magn_x_raw": "1", "in_magn_y_raw": "2", "in_magn_z_raw": "3",
                        "in_magn_scale": "0.1"])
        tree.accelerometer(10, name: "second")
        tree.accelerometer(2, name: "first")
        #expect(IIOAccelerometer.find(root: tree.root)?.name == "first")
        #expect(throws: IIOAccelerometerError.self) { try IIOAccelerometer(directory: tree.root + "/iio:device0") }
    }

    @Test func aDeviceWithoutANameIsCalledByItsDirectory() throws {
        let tree = FakeIIOTree()
        tree.device(3, ["in_accel_x_raw": "1", "in_accel_y_raw": "1", "in_accel_z_raw": "1", "in_accel_scale": "1"])
        #expect(IIOAccelerometer.find(root: tree.root)?.label == "iio:iio:device3")
    }

    @Test func missingFilesMeanNoAccelerometer() throws {
        let tree = FakeIIOTree()
        #expect(IIOAccelerometer.find(root: tree.root) == nil)
        #expect(IIOAccelerometer.find(root: tree.root + "/absent") == nil)
        let noScale = tree.device(0, ["in_accel_x_raw": "1", "in_accel_y_raw": "1", "in_accel_z_raw": "1"])
        #expect(throws: IIOAccelerometerError(noScale, "has no in_accel_scale or in_accel_x_scale")) {
            try IIOAccelerometer(directory: noScale)
        }
        let noZ = tree.device(1, ["in_accel_x_raw": "1", "in_accel_y_raw": "1", "in_accel_scale": "1"])
        #expect(throws: IIOAccelerometerError(noZ, "has no in_accel_z_raw: not an accelerometer")) {
            try IIOAccelerometer(directory: noZ)
        }
        #expect(IIOAccelerometer.find(root: tree.root) == nil)
    }

    @Test(arguments: [["in_accel_scale": "abc"], ["in_accel_scale": "0"], ["in_accel_scale": "-1"],
                      ["in_accel_scale": "nan"], ["in_accel_scale": "1", "in_accel_offset": "inf"],
                      ["in_accel_scale": ""]])
    func badScalesAndOffsetsAreRefused(files: [String: String]) {
        let tree = FakeIIOTree()
        let directory = tree.device(0, files.merging(["in_accel_x_raw": "1", "in_accel_y_raw": "1",
                                                      "in_accel_z_raw": "1"]) { own, _ in own })
        #expect(throws: IIOAccelerometerError.self) { try IIOAccelerometer(directory: directory) }
        #expect(IIOAccelerometer.find(root: tree.root) == nil)
    }

    @Test func aRawValueThatIsNotAnIntegerFailsTheReadingOnly() throws {
        let tree = FakeIIOTree()
        let directory = tree.accelerometer(0)
        let accelerometer = try #require(IIOAccelerometer.find(root: tree.root))
        tree.write(directory + "/in_accel_y_raw", "12.5")
        #expect(throws: IIOAccelerometerError(directory, "in_accel_y_raw is not an integer: '12.5'")) {
            try accelerometer.read()
        }
        unlink(directory + "/in_accel_y_raw")
        #expect(throws: IIOAccelerometerError(directory, "cannot read in_accel_y_raw")) { try accelerometer.read() }
        tree.write(directory + "/in_accel_y_raw", "-7")
        #expect(try accelerometer.read().y == -7 * 0.00980665)
    }

    @Test func thePollerStampsSamplesOnItsClockAtFiftyHertz() throws {
        let tree = FakeIIOTree()
        tree.accelerometer(0, raw: (1, 2, 1000), scale: "0.01")
        let accelerometer = try #require(IIOAccelerometer.find(root: tree.root))
        let clock = VirtualClock()
        clock.advance(by: 1000)
        let poller = AccelerometerPoller(accelerometer: accelerometer, clock: clock)
        let samples = Mutex<[MotionSample]>([])
        try poller.start { sample in samples.withLock { $0.append(sample) } }
        while samples.withLock({ $0.count }) < 20 { usleep(1000) }
        poller.stop()
        let taken = samples.withLock { $0 }
        let stoppedAt = taken.count
        usleep(20_000)
        #expect(samples.withLock { $0.count } == stoppedAt)
        #expect(taken.first?.timestamp == 1000)
        for (earlier, later) in zip(taken, taken.dropFirst()) {
            #expect(abs(later.timestamp - earlier.timestamp - 0.02) < 1e-9)
        }
        #expect(taken.allSatisfy { $0.x == 0.01 && $0.y == 0.02 && $0.z == 10 })
    }

    @Test func thePollerGivesUpAfterASecondOfFailedReadings() throws {
        let tree = FakeIIOTree()
        let directory = tree.accelerometer(0)
        let accelerometer = try #require(IIOAccelerometer.find(root: tree.root))
        tree.write(directory + "/in_accel_x_raw", "garbage")
        let poller = AccelerometerPoller(accelerometer: accelerometer, clock: VirtualClock())
        let delivered = Atomic<Int>(0)
        try poller.start { _ in delivered.add(1, ordering: .relaxed) }
        for _ in 0..<2000 where poller.isPolling { usleep(1000) }
        #expect(!poller.isPolling)
        poller.stop()
        #expect(delivered.load(ordering: .relaxed) == 0)
        AccelerometerPoller(accelerometer: accelerometer).stop() // never started: returns at once
    }

    @Test func deviceSupportSaysWhetherAnAccelerometerWasFound() throws {
        let tree = FakeIIOTree()
        let without = CameraEnvironment(videoNodes: [], torch: .none, accelerometerRoot: tree.root)
        var support = DeviceSupport.query(device: nil, discovery: CameraDiscovery(environment: without))
        #expect(support.accelerometer == nil)
        #expect(support.jsonValue.objectValue?["hasAccelerometer"] == .bool(false))
        tree.accelerometer(1, name: "bma423")
        support = DeviceSupport.query(device: nil, discovery: CameraDiscovery(environment: without))
        #expect(support.accelerometer == "iio:bma423" && !support.isSupported)
        #expect(support.jsonValue.objectValue?["hasAccelerometer"] == .bool(true))
        #expect(support.jsonValue.objectValue?["accelerometer"] == .string("iio:bma423"))
    }

    @Test func theCaptureSettingsNameTheAccelerometerAndItsScaleAndReadBack() throws {
        let settings = CaptureSettings(torchActive: true, torchLevel: 1, exposureDurationMs: 10, exposureIso: nil,
                                       exposureLocked: true, exposureTunerEnabled: true, exposureTuneSteps: 2,
                                       width: 640, height: 480, accelerometer: "iio:mxc4005",
                                       accelerometerScale: [0.019153, 0.019153, 0.02])
        let members = settings.diagnostics
        #expect(members["accelerometer"] == .string("iio:mxc4005"))
        #expect(members["accelerometer_scale"] == .array([.number(0.019153), .number(0.019153), .number(0.02)]))
        #expect(CaptureSettings(diagnostics: members) == settings)
        var without = settings
        without.accelerometer = nil
        without.accelerometerScale = nil
        #expect(without.diagnostics["accelerometer"] == nil)
        #expect(CaptureSettings(diagnostics: without.diagnostics) == without)
    }
}
