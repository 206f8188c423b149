@testable import PpgCore
@testable import NeurofitVitals
@testable import NeurofitVitalsCAPI

/// `nfv_session_submit_frame`'s path after the handle lookup: `FrameArguments.layout` on the C arguments, then
/// `HostFrameSource.submit(frame:)`, which reduces the host's buffer in place. The buffer is exactly `size` bytes
/// (AddressSanitizer reports any read past it); any format, width, height and stride is refused or reduced to
/// means within 0…255, and a refused frame reaches the session never.
enum FrameSubmissionFuzz {
    nonisolated(unsafe) static var delivered: FrameSample?
    nonisolated(unsafe) static var timestamp: Int64 = 0

    static let source: HostFrameSource = {
        let source = HostFrameSource(fpsTier: 30)
        try! source.open { item in
            if case .frame(let sample) = item { FrameSubmissionFuzz.delivered = sample }
        }
        return source
    }()

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let format = UInt32(input.byte() % 9)
        let width = dimension(input.uint16())
        let height = dimension(input.uint16())
        let stride = dimension(input.uint16())
        let pixels = input.rest()
        delivered = nil
        timestamp += 33_333
        let layout: FrameLayout
        do {
            layout = try FrameArguments.layout(format: format, width: width, height: height, stride: stride)
        } catch {
            return
        }
        let accepted = pixels.withUnsafeBytes { buffer in
            (try? source.submit(frame: buffer, layout: layout, timestampMicroseconds: timestamp)) != nil
        }
        guard accepted == (delivered != nil) else { violated("a frame was refused yet delivered, or the reverse") }
        guard let sample = delivered else { return }
        FrameChecks.expectValid(ChannelMeans(red: sample.red, green: sample.green, blue: sample.blue,
                                             saturatedFraction: sample.saturatedFraction ?? -1))
    }

    /// A C `int` from two bytes: mostly small sizes that fit the input, sometimes huge or negative ones.
    private static func dimension(_ raw: UInt16) -> CInt {
        switch raw >> 14 {
        case 0: CInt(raw & 0x3F)
        case 1: CInt(raw & 0x3FFF)
        case 2: -CInt(raw & 0x3FFF)
        default: CInt(raw & 0x3FFF) << 17
        }
    }
}
