/// Why the final analysis produced no result.
public enum AnalysisError: Error, Sendable, Equatable {
    /// No trustworthy heart rate was found; `reasons` are the flags naming why (e.g. `no_contact`, `low_snr`).
    case noHeartRate(reasons: [String])

    /// An English sentence for logs.
    public var message: String {
        switch self {
        case .noHeartRate(let reasons):
            "No heart rate could be recovered from the reading"
                + (reasons.isEmpty ? "." : " (" + reasons.joined(separator: ", ") + ").")
        }
    }
}
