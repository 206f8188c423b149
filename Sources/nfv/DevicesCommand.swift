import NeurofitVitals
import NeurofitVitalsCamera
import PpgCore
import StrictJSON

/// `nfv devices [--json]`: the cameras discovery finds, without opening a stream.
let devicesCommand = Subcommand(
    name: "devices",
    summary: "list the cameras (facing, formats, fps tier, torch) without streaming",
    usage: """
        usage: nfv devices [--json]
          --json   print the list as a JSON array (as nfv_cameras returns it)
        Exit status: 0 (an empty list is not an error).
        """,
    run: { arguments in
        guard arguments.isEmpty || arguments == ["--json"] else {
            printError(devicesCommand.usage)
            return ExitStatus.usage
        }
        let cameras = CameraDiscovery().cameras()
        if arguments == ["--json"] {
            print(JSONValue.array(cameras.map(\.jsonValue)).serialized())
            return ExitStatus.ok
        }
        if cameras.isEmpty { print("No camera found (no V4L2 video capture device, no PipeWire camera). See docs/camera.md.") }
        for camera in cameras {
            let tier = camera.choice.map { "\($0.tier) fps via \($0.mode.label)" }
                ?? "unsupported: \(camera.unsupportedReason ?? "")"
            print("\(camera.path)  \(camera.name)  [\(camera.driver), \(camera.bus)]  id \(camera.id)")
            let rotation = camera.sensorRotation.map { ", sensor rotated \($0)°" } ?? ""
            print("    facing \(camera.facing.rawValue)\(rotation); \(tier); torch: \(camera.torch?.label ?? "none")")
            let native = camera.modes.filter { !$0.isEmulated }.map(\.label).joined(separator: ", ")
            print("    formats: \(native.isEmpty ? "none" : native)")
            if let node = camera.pipeWireNode, !camera.isPipeWireOnly { print("    also offered by PipeWire as \(node)") }
        }
        return ExitStatus.ok
    })
