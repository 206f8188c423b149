import NeurofitVitals
import Glibc

/// Where discovery looks for cameras, torches and the accelerometer. The defaults scan the system; the variables
/// below override them for tests and unusual setups (docs/camera.md):
/// - `NFV_VIDEO_DEVICES`: colon-separated video nodes, instead of `/sys/class/video4linux/video*`;
/// - `NFV_TORCH`: `none`, `flash-subdevice:PATH` or `sysfs-led:PATH` (a `brightness` file), instead of scanning
///   `/dev/v4l-subdev*` and `/sys/class/leds/*{torch,flash}*`;
/// - `NFV_PIPEWIRE`: `session`, `portal` or `off`: how PipeWire's cameras are reached (default: `portal` in a
///   Flatpak sandbox, else `session`; `PipeWireRemote`);
/// - `NFV_IIO_ROOT`: the directory holding the IIO devices (`iio:device0`, …), instead of `/sys/bus/iio/devices`;
///   `none`: read no accelerometer.
public struct CameraEnvironment: Sendable, Equatable {
    /// How the torch is found.
    public enum TorchChoice: Sendable, Equatable {
        /// Scan for a flash subdevice, then an LED class device (non-USB cameras only).
        case scan
        /// No torch.
        case none
        /// This torch, for every camera.
        case device(TorchDevice)
    }

    /// Video nodes to probe, in order.
    public var videoNodes: [String]
    /// How the torch is found.
    public var torch: TorchChoice
    /// The directory scanned for an IIO accelerometer; nil: none is read.
    public var accelerometerRoot: String?
    /// How PipeWire's cameras are reached.
    public var pipeWire: PipeWireRemote

    /// The system's IIO devices.
    public static let systemAccelerometerRoot = "/sys/bus/iio/devices"

    /// Explicit nodes, torch, accelerometer directory (nil: no accelerometer) and PipeWire (default: none).
    public init(videoNodes: [String], torch: TorchChoice, accelerometerRoot: String? = nil,
                pipeWire: PipeWireRemote = .off) {
        self.videoNodes = videoNodes
        self.torch = torch
        self.accelerometerRoot = accelerometerRoot
        self.pipeWire = pipeWire
    }

    /// The process's environment: overrides from the variables above, else the system's nodes.
    public static func current() -> CameraEnvironment {
        let nodes = variable("NFV_VIDEO_DEVICES").map { $0.split(separator: ":").map(String.init) }
            ?? systemVideoNodes()
        let root = variable("NFV_IIO_ROOT") ?? systemAccelerometerRoot
        return CameraEnvironment(videoNodes: nodes, torch: variable("NFV_TORCH").map(parseTorch) ?? .scan,
                                 accelerometerRoot: root == "none" ? nil : root,
                                 pipeWire: PipeWireRemote.fromEnvironment(variable("NFV_PIPEWIRE")))
    }

    /// The accelerometer found under `accelerometerRoot`, if any.
    public func accelerometer() -> IIOAccelerometer? {
        accelerometerRoot.flatMap(IIOAccelerometer.find(root:))
    }

    /// The torch to use with a camera (scans unless overridden). USB cameras have none (UVC has no standard
    /// light control); a phone's or board's flash is not tied to a camera in sysfs, so any one found is used.
    func torch(forUSBCamera isUSB: Bool) -> TorchDevice? {
        switch torch {
        case .none: return nil
        case .device(let device): return device
        case .scan: return isUSB ? nil : Self.scanTorches()
        }
    }

    /// `none`, `flash-subdevice:PATH` or `sysfs-led:PATH`; anything else means no torch.
    private static func parseTorch(_ text: String) -> TorchChoice {
        if text.hasPrefix("flash-subdevice:") {
            return .device(TorchDevice(kind: .flashSubdevice, path: String(text.dropFirst("flash-subdevice:".count))))
        }
        if text.hasPrefix("sysfs-led:") {
            return .device(TorchDevice(kind: .sysfsLED, path: String(text.dropFirst("sysfs-led:".count))))
        }
        return .none
    }

    private static func variable(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    private static func systemVideoNodes() -> [String] {
        entries(of: "/sys/class/video4linux", prefix: "video")
            .sorted { number(in: $0) < number(in: $1) }
            .map { "/dev/" + $0 }
    }

    private static func scanTorches() -> TorchDevice? {
        let subdevices = entries(of: "/dev", prefix: "v4l-subdev").sorted { number(in: $0) < number(in: $1) }
        for name in subdevices where FlashSubdeviceTorch.isFlash(path: "/dev/" + name) {
            return TorchDevice(kind: .flashSubdevice, path: "/dev/" + name)
        }
        let leds = entries(of: "/sys/class/leds", prefix: "").sorted()
        for name in leds where name.hasSuffix(":torch") || name.hasSuffix(":flash") {
            let brightness = "/sys/class/leds/\(name)/brightness"
            if access(brightness, W_OK) == 0 { return TorchDevice(kind: .sysfsLED, path: brightness) }
        }
        return nil
    }

    /// Names in `directory` that start with `prefix` (unsorted).
    static func entries(of directory: String, prefix: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(prefix), name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    private static func number(in name: String) -> Int {
        Int(String(name.reversed().prefix(while: \.isNumber).reversed())) ?? Int.max
    }
}
