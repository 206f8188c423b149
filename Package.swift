// swift-tools-version: 6.0
// NeurofitVitals for Linux: fingertip PPG vitals behind a stable C ABI.
// Layers (dependencies point down only): nfv CLI (+ LicenseMinting) → NeurofitVitalsCAPI (C shims) →
// NeurofitVitalsCamera (V4L2, JPEG, torch) → NeurofitVitals (session, sources, recordings, license checks, wire
// format) → PpgCore (pure signal processing) and StrictJSON. See docs/architecture.md.
import Foundation
import PackageDescription

let root = Context.packageDirectory
let environment = Context.environment

/// The Swift runtime is linked statically into the shared library so a C or Python host needs no toolchain.
/// `NFV_DYNAMIC_STDLIB=1` links it dynamically instead (faster local iteration, sanitizer builds).
let staticRuntime = environment["NFV_DYNAMIC_STDLIB"] == nil
let runtimeFlags = staticRuntime
    ? ["-static-stdlib", "-lswiftSynchronization"] : []

/// `NFV_SANITIZER_BUILD=1` (`scripts/test --sanitize`): a sanitizer's runtime is linked into executables only, so the
/// library's link must accept its `__asan_*`/`__tsan_*` references as undefined.
let undefinedSymbolFlags = environment["NFV_SANITIZER_BUILD"] == nil ? ["-Xlinker", "--no-undefined"] : []

/// Build inputs stamped into the library (see docs/license-keys.md and scripts/build):
/// `NFV_BUILD_DATE` (YYYY-MM-DD, default: the compile date) and `NFV_LICENSE_PUBLIC_KEY` (base64 Ed25519 public
/// key of the vendor; without it a release build trusts no key).
var buildInfoDefines: [CSetting] = []
if let date = environment["NFV_BUILD_DATE"], !date.isEmpty {
    buildInfoDefines.append(.define("NFV_BUILD_DATE", to: "\"\(date)\""))
}
if let key = environment["NFV_LICENSE_PUBLIC_KEY"], !key.isEmpty {
    buildInfoDefines.append(.define("NFV_LICENSE_PUBLIC_KEY", to: "\"\(key)\""))
}

/// The compile flags of libpipewire-0.3 (its and SPA's include paths), asked from `pkg-config --cflags`. Not a
/// `.systemLibrary(pkgConfig:)` target: SwiftPM links every such target's `Libs`, and CPipeWire must not link
/// libpipewire (it loads it with dlopen). Empty when pkg-config or the -dev package is absent (scripts/install-deps).
let pipeWireCompileFlags: [String] = {
    let pkgConfig = Process()
    pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    pkgConfig.arguments = ["pkg-config", "--cflags", "libpipewire-0.3"]
    let output = Pipe()
    pkgConfig.standardOutput = output
    pkgConfig.standardError = FileHandle.nullDevice
    guard (try? pkgConfig.run()) != nil else { return [] }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    pkgConfig.waitUntilExit()
    guard pkgConfig.terminationStatus == 0 else { return [] }
    return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
}()

/// glibc's checked string and memory functions for the C targets, where optimisation lets them work (release).
let fortify: [CSetting] = [.define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release))]

let package = Package(
    name: "NeurofitVitals",
    products: [
        .library(name: "NeurofitVitals", type: .dynamic, targets: ["NeurofitVitalsCAPI"]),
        .executable(name: "nfv", targets: ["nfv"]),
    ],
    targets: [
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CV4L2", pkgConfig: "libv4l2", providers: [.apt(["libv4l-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CNeurofitVitals"),
        .target(name: "CBuildInfo", cSettings: buildInfoDefines + fortify),
        .target(name: "CGlibcCompat"),
        /// Linked into the library only: a fork handler that clears the static Swift runtime's cached thread id in
        /// a forked child (see Sources/CForkSafety/ForkSafety.c).
        .target(name: "CForkSafety",
                cSettings: staticRuntime ? [.define("NFV_STATIC_SWIFT_RUNTIME")] : []),
        /// The PipeWire camera client and the camera portal's D-Bus client: compiled against the headers of
        /// libpipewire-0.3-dev and libsystemd-dev, never linked to them (both are loaded with dlopen when first
        /// needed, so the library runs on machines without them).
        .target(name: "CPipeWire", cSettings: [.unsafeFlags(pipeWireCompileFlags)] + fortify),
        .target(name: "PpgCore"),
        .target(name: "StrictJSON"),
        .target(name: "NeurofitVitals", dependencies: ["PpgCore", "StrictJSON", "CSodium", "CBuildInfo",
                                                    "CNeurofitVitals", "CGlibcCompat"]),
        /// The camera (V4L2 capture, JPEG, torch, exposure tuner, discovery): the only module that links libv4l2 and
        /// libjpeg; the session reaches it through the `FrameSource` protocol.
        .target(name: "NeurofitVitalsCamera",
                dependencies: ["NeurofitVitals", "PpgCore", "StrictJSON", "CV4L2", "CJPEG", "CPipeWire"]),
        /// Vendor tooling: minting license keys. Linked into `nfv` and the tests, never into the shipped library.
        .target(name: "LicenseMinting", dependencies: ["NeurofitVitals", "StrictJSON", "CSodium"]),
        .target(
            name: "NeurofitVitalsCAPI",
            dependencies: ["NeurofitVitals", "NeurofitVitalsCamera", "PpgCore", "StrictJSON", "CNeurofitVitals",
                           "CForkSafety"],
            linkerSettings: [.unsafeFlags(runtimeFlags + [
                "-Xlinker", "-soname=libNeurofitVitals.so.1",
                // Full RELRO: every relocation resolved at load, then the GOT read-only (check-abi holds to it).
                "-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now",
                "-Xlinker", "--version-script=\(root)/neurofit_vitals.map",
            ] + undefinedSymbolFlags)]),
        .executableTarget(name: "nfv", dependencies: ["NeurofitVitals", "NeurofitVitalsCamera", "PpgCore", "StrictJSON",
                                                      "LicenseMinting"]),
        .executableTarget(name: "nfv-bench",
                          dependencies: ["NeurofitVitals", "NeurofitVitalsCamera", "PpgCore", "StrictJSON"],
                          path: "Benchmarks"),
        .executableTarget(name: "nfv-camera-harness",
                          dependencies: ["NeurofitVitals", "NeurofitVitalsCamera", "PpgCore", "StrictJSON"],
                          path: "Tests/camera/Harness"),
        .testTarget(name: "PpgCoreTests", dependencies: ["PpgCore"]),
        .testTarget(name: "NeurofitVitalsTests",
                    dependencies: ["NeurofitVitals", "PpgCore", "StrictJSON", "LicenseMinting"]),
        .testTarget(name: "CameraTests",
                    dependencies: ["NeurofitVitalsCamera", "NeurofitVitals", "PpgCore", "StrictJSON"]),
    ]
)
