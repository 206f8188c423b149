@testable import PpgCore

extension ElgendiPeakDetector.RunningBoxcar {
    /// Every centred boxcar average of `size` points of `values` (ends padded by the edge values, as NeuroKit2's
    /// `signal_smooth(kernel="boxcar")`), asked of one `RunningBoxcar` index by index: the whole series the
    /// detector reads one value at a time.
    static func averages(of values: [Double], size: Int) -> [Double] {
        guard !values.isEmpty else { return [] }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: ringCapacity(size: size)) { ring in
            values.withUnsafeBufferPointer { buffer in
                var boxcar = Self(size: size, ring: ring.baseAddress!, values: buffer, squared: false)
                return buffer.indices.map { _ in boxcar.next() }
            }
        }
    }
}
