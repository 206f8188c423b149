// nfv-camera-harness: the child process of the camera integration tests (scripts/test-camera). Runs the real
// capture code — discovery, V4L2CaptureBackend, CameraSource with its capture loop, torch and guardian — under
// the LD_PRELOAD fake camera, and prints what happened as JSON Lines for the script to check.
//
//   scene --out FILE --truth FILE [--hr BPM] [--seed N] [--seconds S]   the fake's scene table and its truth
//   capture --device PATH [--seconds S] [--exit-without-close] [--preview FPS] [--stop-file PATH]
//                                                                        stream from a CameraSource, then close
//                                                                        (or call exit() with it still open);
//                                                                        ends early once the stop file exists
//   allocations --device PATH [--frames N]                               the capture thread's allocations

import Glibc
import NeurofitVitals
import NeurofitVitalsCamera
import PpgCore
import StrictJSON

let arguments = Array(CommandLine.arguments.dropFirst())

/// The value after `--name`, if given.
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: "--" + name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

/// Prints one JSON Lines record and flushes, so a test killing this process still sees it.
func emit(_ fields: [String: JSONValue]) {
    print(JSONValue.object(fields).serialized())
    fflush(nil)
}

switch arguments.first {
case "scene":
    SceneWriter.run(output: option("out") ?? "scene.txt", truth: option("truth") ?? "truth.json",
                    heartRate: Double(option("hr") ?? "") ?? 72, seed: UInt64(option("seed") ?? "") ?? 7,
                    seconds: Double(option("seconds") ?? "") ?? 150)
case "allocations":
    exit(AllocationProbe.run(device: option("device"), frames: Int(option("frames") ?? "") ?? 300))
case "capture":
    exit(CaptureProbe.run(device: option("device"), seconds: Double(option("seconds") ?? "") ?? 5,
                          exitWithoutClose: arguments.contains("--exit-without-close"),
                          previewFPS: option("preview").flatMap { Int($0) }, stopFile: option("stop-file")))
default:
    print("usage: nfv-camera-harness scene|capture …")
    exit(2)
}
