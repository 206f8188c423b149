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
        #expect(support.jsonValue.serialized() == "{\"fpsTier\":null,\"hasCamera\":false,\"hasTorch\":false,"
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
}
