import Glibc
import NeurofitVitals
@testable import NeurofitVitalsCamera
import Testing
import StrictJSON

/// Error mapping, device support, camera access and the discovery JSON, without any camera.
struct CameraSupportTests {
    private let nowhere = CameraEnvironment(videoNodes: [], torch: .none)

    @Test func permissionErrorsNameTheVideoGroup() {
        let error = CaptureError("open", device: "/dev/video0", code: EACCES).vitalsError
        #expect(error.code == .cameraPermissionDenied)
        #expect(error.message.contains("'video' group"))
        #expect(!error.retryable)
        #expect(CaptureError("open", device: "/dev/video0", code: EPERM).vitalsError.code == .cameraPermissionDenied)
    }

    @Test func busyMissingAndUnpluggedAreUnavailable() {
        for code in [EBUSY, ENOENT, ENODEV] {
            let error = CaptureError("VIDIOC_REQBUFS", device: "/dev/video0", code: code)
            #expect(error.vitalsError.code == .cameraUnavailable)
            #expect(error.vitalsError.retryable)
            #expect(error.isDeviceLost)
        }
        #expect(CaptureError("VIDIOC_REQBUFS", device: "/dev/video0", code: EBUSY).message.contains("busy"))
        #expect(!CaptureError("VIDIOC_DQBUF", device: "/dev/video0", code: EIO).isDeviceLost)
    }

    @Test func withoutAnyCameraSupportSaysSoWithAReason() {
        let support = DeviceSupport.query(device: nil, discovery: CameraDiscovery(environment: nowhere))
        #expect(support == DeviceSupport(isSupported: false, hasCamera: false, hasTorch: false, fpsTier: nil,
                                         reason: CameraDiscovery.noCamera.message))
        #expect(support.jsonValue.serialized() == "{\"accelerometer\":null,\"fpsTier\":null,"
            + "\"hasAccelerometer\":false,\"hasCamera\":false,\"hasTorch\":false,"
            + "\"isSupported\":false,\"reason\":\"\(CameraDiscovery.noCamera.message)\"}")
    }

    @Test(arguments: [nil, "", "default"] as [String?])
    func theDefaultCameraHasThreeNames(device: String?) {
        let discovery = CameraDiscovery(environment: nowhere)
        #expect(CameraDiscovery.specificDevice(device) == nil)
        #expect(DeviceSupport.query(device: device, discovery: discovery).reason == CameraDiscovery.noCamera.message)
        #expect(CameraAccess.query(device: device, environment: nowhere).reason == "No camera found on this machine")
        #expect(throws: CameraDiscovery.noCamera) { try CameraSource(device: device, environment: nowhere) }
        #expect(CameraDiscovery.specificDevice("usb-Default_Cam-video-index0") == "usb-Default_Cam-video-index0")
    }

    @Test func aMissingDevicePathIsNoCamera() {
        let discovery = CameraDiscovery(environment: nowhere)
        let support = DeviceSupport.query(device: "/nonexistent/video9", discovery: discovery)
        #expect(!support.hasCamera && !support.isSupported)
        #expect(support.reason?.contains("/nonexistent/video9") == true)
    }

    @Test func anUnknownStableIdIsNoCamera() throws {
        #expect(throws: VitalsError.self) {
            try CameraSource(device: "usb-Some_Camera-video-index0", environment: nowhere)
        }
        do {
            _ = try CameraSource(device: nil, environment: nowhere)
            Issue.record("no camera must throw")
        } catch {
            #expect(error.code == .cameraUnavailable)
        }
    }

    @Test func accessWithoutACameraIsDeniedWithAReason() {
        let access = CameraAccess.query(device: nil, environment: nowhere)
        #expect(access.authorization == "denied")
        #expect(access.jsonValue.serialized()
            == "{\"authorization\":\"denied\",\"reason\":\"No camera found on this machine\"}")
        let missing = CameraAccess.query(device: "/nonexistent/video9", environment: nowhere)
        #expect(missing.reason?.contains("Cannot open") == true)
    }

    @Test func theDiscoveryJSONListsTiersModesAndTorch() {
        let modes = [CameraMode(format: .yuyv, width: 640, height: 480, maxFps: 30),
                     CameraMode(format: .mjpeg, width: 640, height: 480, maxFps: 60),
                     CameraMode(format: FourCC("RGB3"), width: 640, height: 480, maxFps: 30, isEmulated: true)]
        let camera = CameraDescription(
            id: "uvcvideo:usb-1", name: "Cam", path: "/dev/video0", driver: "uvcvideo", bus: "usb-1", modes: modes,
            torch: TorchDevice(kind: .sysfsLED, path: "/sys/class/leds/white:flash/brightness"),
            choice: FpsTierSelector().choose(from: modes), unsupportedReason: nil)
        guard case .object(let fields) = camera.jsonValue else {
            Issue.record("not an object")
            return
        }
        #expect(fields["fpsTier"] == .number(60))
        #expect(fields["fpsTiers"] == .array([.number(60), .number(30), .number(20)]))
        #expect(fields["captureMode"] == .string("MJPG 640x480@60"))
        #expect(fields["torch"] == .string("sysfs-led:/sys/class/leds/white:flash/brightness"))
        #expect(fields["hasTorch"] == .bool(true) && fields["isSupported"] == .bool(true))
        #expect(fields["reason"] == nil)
        guard case .array(let formats) = fields["formats"] else {
            Issue.record("no formats")
            return
        }
        #expect(formats.count == 3)
        #expect(camera.deviceModel == "Cam (usb-1)")
    }

    /// A camera at `path` that reaches 30 fps, or none when `supported` is false.
    private func camera(_ path: String, facing: CameraFacing, torch: Bool, supported: Bool = true)
        -> CameraDescription {
        let modes = [CameraMode(format: .yuyv, width: 640, height: supported ? 480 : 240, maxFps: supported ? 30 : 5)]
        return CameraDescription(
            id: path, name: path, path: path, driver: "fake", bus: path, modes: modes,
            torch: torch ? TorchDevice(kind: .sysfsLED, path: "/sys/class/leds/torch/brightness") : nil,
            choice: FpsTierSelector().choose(from: modes), unsupportedReason: nil, facing: facing)
    }

    @Test func theDefaultCameraIsABackCameraWithATorch() {
        let front = camera("/dev/video0", facing: .front, torch: false)
        let backWithoutTorch = camera("/dev/video1", facing: .back, torch: false)
        let backWithTorch = camera("/dev/video2", facing: .back, torch: true)
        let unsupportedBack = camera("/dev/video3", facing: .back, torch: true, supported: false)
        #expect(CameraDiscovery.preferred(among: [front, backWithoutTorch, backWithTorch])?.path == "/dev/video2")
        #expect(CameraDiscovery.preferred(among: [unsupportedBack, front, backWithoutTorch])?.path == "/dev/video0")
        #expect(CameraDiscovery.preferred(among: [unsupportedBack]) == nil)
    }

    @Test func facingComesFromTheOrientationControl() {
        #expect(CameraFacing(orientationControl: 0) == .front)
        #expect(CameraFacing(orientationControl: 1) == .back)
        #expect(CameraFacing(orientationControl: 2) == .external)
        #expect(CameraFacing(orientationControl: 7) == .unknown)
        #expect(CameraFacing(orientationControl: nil) == .unknown)
        #expect(CameraFacing(deviceName: "back") == .back)
        #expect(CameraFacing(deviceName: "unknown") == nil && CameraFacing(deviceName: "/dev/video0") == nil)
        let json = camera("/dev/video0", facing: .back, torch: false).jsonValue.objectValue
        #expect(json?["facing"] == .string("back") && json?["sensorRotation"] == nil)
    }
}
