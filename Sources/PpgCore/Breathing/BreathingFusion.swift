/// Smart fusion of the per-modulation estimates (Karlen 2013).
enum BreathingFusion {
    /// `clip(1 − sd/sdScale, 0, 1)` with the sample standard deviation (N−1) of the rates; `single` for one
    /// estimate, 0 for none.
    static func agreement(of estimates: [ModulationEstimate], sdScale: Double, single: Double) -> Double {
        switch estimates.count {
        case 0: return 0
        case 1: return single
        default: return min(max(1 - standardDeviation(estimates.map(\.brpm)) / sdScale, 0), 1)
        }
    }

    /// The largest group of estimates whose standard deviation is at most `sdLimit` (ties: the larger summed
    /// concentration, then the earlier modulations), in input order.
    static func agreeingGroup(of estimates: [ModulationEstimate], sdLimit: Double) -> [ModulationEstimate] {
        var best: [ModulationEstimate] = []
        var bestConcentration = -1.0
        for mask in 1..<(1 << estimates.count) {
            let group = estimates.indices.filter { mask & (1 << $0) != 0 }.map { estimates[$0] }
            guard group.count == 1 || standardDeviation(group.map(\.brpm)) <= sdLimit else { continue }
            let concentration = group.reduce(0) { $0 + $1.concentration }
            if group.count > best.count || (group.count == best.count && concentration > bestConcentration) {
                best = group
                bestConcentration = concentration
            }
        }
        return best
    }

    /// Concentration-weighted mean rate (the plain mean when every concentration is 0).
    static func weightedRate(of group: [ModulationEstimate]) -> Double {
        let weight = group.reduce(0) { $0 + $1.concentration }
        guard weight > 0 else { return group.reduce(0) { $0 + $1.brpm } / Double(max(group.count, 1)) }
        return group.reduce(0) { $0 + $1.brpm * $1.concentration } / weight
    }

    /// Sample standard deviation (N−1); 0 for fewer than two values.
    static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let mean = values.reduce(0, +) / Double(values.count)
        let sumOfSquares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (sumOfSquares / Double(values.count - 1)).squareRoot()
    }
}
