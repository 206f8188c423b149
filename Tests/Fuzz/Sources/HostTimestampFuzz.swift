@testable import PpgCore
@testable import NeurofitVitals

/// Host timestamps over the whole int64 range, as `nfv_session_submit_means`/`_motion` take them: a sequence of
/// frames and motion samples stamped with any 64-bit values (the ends of the range, neighbours, duplicates) is
/// accepted or refused with a message, never traps; what is accepted reaches the session, in strictly increasing
/// order per kind, and what is refused never does.
enum HostTimestampFuzz {
    nonisolated(unsafe) static var delivered: [SourceItem] = []

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let source = HostFrameSource(fpsTier: 30)
        delivered = []
        try! source.open { item in HostTimestampFuzz.delivered.append(item) }
        var lastFrame: Int64?, lastMotion: Int64?
        while let timestamp = nextTimestamp(&input, previous: lastFrame ?? lastMotion) {
            let isMotion = input.byte() & 1 == 1
            let before = delivered.count
            let accepted: Bool
            if isMotion {
                accepted = (try? source.submit(motion: timestamp, x: 0, y: 0, z: 9.8)) != nil
            } else {
                accepted = (try? source.submit(means: timestamp, red: 180, green: 5, blue: 20, saturatedFraction: -1))
                    != nil
            }
            guard accepted == (delivered.count == before + 1) else {
                violated("a sample was refused yet delivered, or accepted and lost (\(timestamp) µs)")
            }
            guard accepted else { continue }
            let last = isMotion ? lastMotion : lastFrame
            if let last, timestamp <= last { violated("\(timestamp) µs accepted after \(last) µs") }
            if isMotion { lastMotion = timestamp } else { lastFrame = timestamp }
        }
        source.close()
    }

    /// The next timestamp: mostly near the previous one (a step of a few frames, forward or back), sometimes the ends
    /// of int64 or their neighbours, sometimes any 64-bit value; nil when the input is used up.
    private static func nextTimestamp(_ input: inout FuzzInput, previous: Int64?) -> Int64? {
        guard !input.isEmpty else { return nil }
        let raw = input.uint64()
        switch raw & 3 {
        case 0: return [Int64.min, Int64.min + 1, Int64.max - 1, Int64.max, 0, -1][Int((raw >> 2) % 6)]
        case 1: return Int64(bitPattern: raw)
        default:
            let step = Int64(truncatingIfNeeded: (raw >> 2) % 200_000) - 50_000
            return (previous ?? 0).addingReportingOverflow(step).partialValue
        }
    }
}
