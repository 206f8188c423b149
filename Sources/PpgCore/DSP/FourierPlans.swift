/// FFT plans by length, handed out again: the analyses of one reading share their twiddle factors, found once in
/// the process-wide table (`FastFourierTransform.shared`).
public struct FourierPlans: Sendable {
    private var plans: [FastFourierTransform] = []

    /// Creates an empty set.
    public init() {}

    /// The plan for `length` points (rounded up to a power of two), taken from the process-wide table on first use.
    public mutating func plan(length: Int) -> FastFourierTransform {
        let size = FastFourierTransform.powerOfTwo(atLeast: length)
        if let plan = plans.first(where: { $0.length == size }) { return plan }
        let plan = FastFourierTransform.shared(length: size)
        plans.append(plan)
        return plan
    }
}
