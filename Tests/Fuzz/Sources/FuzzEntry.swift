@testable import PpgCore
import Glibc

/// libFuzzer's entry points. One binary holds every target; `NFV_FUZZ_TARGET` names the one a run exercises
/// (`scripts/fuzz` sets it; see docs/hardening.md).

/// The target this process runs, chosen once in `LLVMFuzzerInitialize`.
nonisolated(unsafe) private var selectedTarget: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    guard let name = getenv("NFV_FUZZ_TARGET").map({ String(cString: $0) }),
          let target = FuzzTarget.all.first(where: { $0.name == name }) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: " ")
        fputs("set NFV_FUZZ_TARGET to one of: \(names)\n", stderr)
        exit(2)
    }
    selectedTarget = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    selectedTarget?.run(bytes)
    return 0
}
