import NeurofitVitals
import NeurofitVitalsCamera
import PpgCore
import StrictJSON

/// `nfv support [DEVICE] [--json]`: device support (`DeviceSupport`) and camera access for the default or
/// a chosen camera, without opening a stream.
let supportCommand = Subcommand(
    name: "support",
    summary: "say whether readings can run on this machine's (or a chosen) camera",
    usage: """
        usage: nfv support [DEVICE | --device DEVICE] [--json]
          DEVICE   a device path (/dev/video0), a stable id from nfv devices, "back", "front" or "external" (by
                   facing), or "default" (the default camera, also without DEVICE); --device DEVICE as in nfv read
          --json   print {"isSupported","hasCamera","hasTorch","fpsTier","reason","hasAccelerometer",
                   "accelerometer","cameraAccess"} as JSON
        Exit status: 0 when supported, 1 when not, 2 on bad usage.
        """,
    run: { arguments in
        let options: ParsedArguments
        do throws(UsageError) {
            options = try ParsedArguments(arguments, valued: ["device"], switches: ["json"])
        } catch {
            printError("nfv support: \(error.message)\n\n\(supportCommand.usage)")
            return ExitStatus.usage
        }
        let json = options.flags.contains("json")
        let devices = options.positional + options.all("device")
        guard devices.count <= 1 else {
            printError("nfv support: expected one DEVICE\n\n\(supportCommand.usage)")
            return ExitStatus.usage
        }
        let device = devices.first
        let support = DeviceSupport.query(device: device)
        let access = CameraAccess.query(device: device)
        if json {
            print(support.jsonValue(cameraAccess: access).serialized())
        } else {
            print(support.isSupported ? "Supported." : "Not supported: \(support.reason ?? "unknown reason").")
            let torch = support.hasTorch ? "yes" : "no (a bright room or a lamp behind the hand helps)"
            let tier = support.fpsTier.map { String($0) } ?? "none"
            print("camera: \(support.hasCamera ? "yes" : "no"); torch: \(torch); fps tier: \(tier)")
            print("accelerometer: " + (support.accelerometer ?? "none (breathing from the pulse alone)"))
            print("camera access: \(access.authorization)" + (access.reason.map { " — \($0)" } ?? ""))
        }
        return support.isSupported ? ExitStatus.ok : ExitStatus.failure
    })
