/// The covariances of a beat train's time errors (`TimingNoise.covariance`), each pair of beats computed once.
///
/// Consecutive triples of beats share pairs: the successive difference of beats `k − 2…k` and that of `k − 1…k + 1`
/// both need the covariance of beats `k − 1` and `k` (and each beat's variance enters three triples). A pair is
/// looked up by its ordered indices, so every value is the one `TimingNoise.differenceVariance` computes for the
/// same triple, bit for bit; the noise level is that of the beats' segment, the same for every triple that holds
/// the pair (a triple lies within one segment).
final class BeatErrorCovariances {
    /// The propagation of camera noise to beat times.
    let model: TimingNoise
    /// Each beat's time error (nil where it has none).
    let errors: [TimingNoise.BeatError?]
    /// Covariance of beats `m` and `m + offset − 2` (offset 0…4) at the noise level it was computed with.
    private var known: [Double?]

    /// Prepares the table for `errors` under `model`.
    init(model: TimingNoise, errors: [TimingNoise.BeatError?]) {
        self.model = model
        self.errors = errors
        known = [Double?](repeating: nil, count: 5 * errors.count)
    }

    /// Variance (s²) of the successive difference `e₃ − 2e₂ + e₁` of beats `last − 2…last` (all with errors) from
    /// noise `sigma` (counts): `TimingNoise.differenceVariance` of their errors.
    func differenceVariance(last: Int, sigma: Double) -> Double {
        TimingNoise.successiveDifferenceVariance { covariance(last - 2 + $0, last - 2 + $1, sigma: sigma) }
    }

    /// Covariance (s²) of the errors of beats `first` and `second` (at most 2 apart) from noise `sigma`.
    private func covariance(_ first: Int, _ second: Int, sigma: Double) -> Double {
        let slot = 5 * first + (second - first + 2)
        if let value = known[slot] { return value }
        let value = model.covariance(sigma: sigma, errors[first]!, errors[second]!)
        known[slot] = value
        return value
    }
}
