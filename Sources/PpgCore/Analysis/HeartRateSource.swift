/// Where a result's heart rate comes from: `diagnostics.hr_source`, whose values are the raw values. The wire
/// contract lists them as its HeartRateSource enumeration (`nfv schema`, docs/contract.json), from which the docs'
/// table of them and the benchmarks' reading of them follow (`scripts/generate`).
public enum HeartRateSource: String, Sendable, CaseIterable {
    /// The NN series: 60000 / mean NN.
    case beats
    /// The reading's spectral peak, confirmed by its beat train.
    case spectral
    /// The period at which the pulse folds into one repeated cycle (`FoldedRate`): alone, settling a spectral rate
    /// and its rivals, or halving a rate whose beats show two kinds.
    case fold
}
