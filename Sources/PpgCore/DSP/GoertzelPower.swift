/// The power of a sequence's discrete Fourier transform at a few chosen frequencies, by the Goertzel recurrence:
/// cheaper than a whole transform when only a handful of frequencies matter (the breathing spectrum's grid, the
/// harmonics of a folded pulse cycle).
enum GoertzelPower {
    /// `|Σ x_n·e^{−iωn}|²` for each ω given by its cosine, by the Goertzel recurrence
    /// `s_n = x_n + 2cos ω·s_{n−1} − s_{n−2}`, `|X|² = s₁² + s₂² − 2cos ω·s₁·s₂` (s₁, s₂ the last two states);
    /// four frequencies share each pass over the samples.
    static func powers(_ samples: [Double], cosines: [Double]) -> [Double] {
        var power = [Double](repeating: 0, count: cosines.count)
        var first = 0
        while first < cosines.count {
            let lanes = (0..<4).map { cosines[min(first + $0, cosines.count - 1)] }
            let (c0, c1, c2, c3) = (2 * lanes[0], 2 * lanes[1], 2 * lanes[2], 2 * lanes[3])
            var (a0, a1, a2, a3) = (0.0, 0.0, 0.0, 0.0)  // s_{n−1}
            var (b0, b1, b2, b3) = (0.0, 0.0, 0.0, 0.0)  // s_{n−2}
            for x in samples {
                (a0, b0) = (x + c0 * a0 - b0, a0)
                (a1, b1) = (x + c1 * a1 - b1, a1)
                (a2, b2) = (x + c2 * a2 - b2, a2)
                (a3, b3) = (x + c3 * a3 - b3, a3)
            }
            let states = [(a0, b0, c0), (a1, b1, c1), (a2, b2, c2), (a3, b3, c3)]
            for lane in 0..<min(4, cosines.count - first) {
                let (last, previous, twiceCosine) = states[lane]
                power[first + lane] = last * last + previous * previous - twiceCosine * last * previous
            }
            first += 4
        }
        return power
    }
}
