/// The result's `quality`: 3 clean, 2 usable, 1 withheld.
public enum QualityTier: Int, Sendable, CaseIterable {
    /// Every quality check passed; HRV reported.
    case clean = 3
    /// Heart rate trustworthy; HRV only when the consistency gate passed.
    case usable = 2
    /// Heart rate only; HRV, stress index and SD2/SD1 withheld.
    case withheld = 1
}
