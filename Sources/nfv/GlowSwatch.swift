import Glibc
import NeurofitVitals

/// The red-glow swatch `nfv read` draws at the start of its live line in a colour terminal: a small block in the
/// mean colour of the latest preview frame (24-bit colour), so the user sees the glow of their fingertip change as
/// they adjust the pressure. Preview frames arrive on the preview thread; the console reads the colour when it
/// redraws.
final class GlowSwatch: Sendable {
    /// Previews a second asked for: the line is redrawn about as often.
    static let previewsPerSecond = 10

    private let colour = ForkSafeMutex<(red: Int, green: Int, blue: Int)?>(nil)

    /// A swatch when standard output is a terminal that takes colour: not when it is a pipe or a file, when
    /// `NO_COLOR` is set (to anything but the empty string), or when `TERM` is unset or `dumb`.
    static func forTerminal() -> GlowSwatch? {
        guard isatty(STDOUT_FILENO) != 0 else { return nil }
        if let noColour = getenv("NO_COLOR"), noColour.pointee != 0 { return nil }
        guard let term = getenv("TERM").map({ String(cString: $0) }), !term.isEmpty, term != "dumb" else { return nil }
        return GlowSwatch()
    }

    /// A preview mailbox that feeds the swatch.
    /// - Throws: `internalError` when the system refuses a thread.
    func makeMailbox() throws(VitalsError) -> PreviewMailbox {
        try PreviewMailbox(maximumFPS: Self.previewsPerSecond) { [self] frame in show(frame) }
    }

    /// Takes the mean colour of `frame`.
    func show(_ frame: PreviewFrame) {
        var sums = (0, 0, 0)
        for pixel in stride(from: 0, to: frame.rgb.count, by: 3) {
            sums.0 += Int(frame.rgb[pixel])
            sums.1 += Int(frame.rgb[pixel + 1])
            sums.2 += Int(frame.rgb[pixel + 2])
        }
        let pixels = max(1, frame.width * frame.height)
        colour.withLock { $0 = (sums.0 / pixels, sums.1 / pixels, sums.2 / pixels) }
    }

    /// The swatch as terminal text (three cells of background colour, then a space); empty before the first frame.
    var text: String {
        guard let colour = colour.withLock({ $0 }) else { return "" }
        return "\u{1B}[48;2;\(colour.red);\(colour.green);\(colour.blue)m   \u{1B}[0m "
    }
}
