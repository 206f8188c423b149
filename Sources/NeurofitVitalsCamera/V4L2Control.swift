import NeurofitVitals
/// One V4L2 control's range, default and current value.
struct V4L2Control: Sendable, Equatable {
    /// Control id (`V4L2_CID_…`).
    var id: UInt32
    /// Allowed values.
    var range: ClosedRange<Int>
    /// The driver's default.
    var defaultValue: Int
    /// The current value.
    var value: Int
}
