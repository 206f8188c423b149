@testable import PpgCore
@testable import NeurofitVitals

/// `nfv_session_use_replay` on a Y4M video: the reader returns frames or a `Y4MError`, never traps or reads out of
/// bounds, and every frame it reads reduces to means within 0…255 (the reader promises the reduction cannot fail).
enum Y4MFuzz {
    /// Most frames read per input.
    static let frameLimit = 64

    static func run(_ bytes: [UInt8]) {
        let reader: Y4MReader
        do {
            reader = try Y4MReader(source: MemoryByteSource(bytes))
        } catch {
            return
        }
        let reducer = FrameReducer()
        var previous = -Double.infinity
        for _ in 0..<frameLimit {
            guard let timestamp = try? reader.readFrame() else { return }
            guard timestamp.isFinite, timestamp > previous else { violated("frame time \(timestamp) after \(previous)") }
            previous = timestamp
            let layout = reader.layout
            guard let means = try? reader.withFramePixels({ try reducer.reduce($0, layout: layout) }) else {
                violated("a frame the reader returned does not reduce (\(layout))")
            }
            FrameChecks.expectValid(means)
        }
    }
}

/// Checks shared by the frame targets.
enum FrameChecks {
    /// Channel means within 0…255 and a saturated share within 0…1.
    static func expectValid(_ means: ChannelMeans) {
        for value in [means.red, means.green, means.blue] where !(0...255).contains(value) {
            violated("a channel mean \(value) outside 0...255")
        }
        guard (0...1).contains(means.saturatedFraction) else {
            violated("a saturated fraction \(means.saturatedFraction) outside 0...1")
        }
    }
}
