/// Fusion of the per-modulation estimates (after Karlen 2013's smart fusion).
enum BreathingFusion {
    /// The largest group of estimates whose standard deviation is at most `sdLimit` (ties: the larger summed
    /// weight, then the earlier modulations), in input order.
    static func agreeingGroup(of estimates: [ModulationEstimate], sdLimit: Double) -> [ModulationEstimate] {
        var best: [ModulationEstimate] = []
        var bestWeight = -1.0
        for mask in 1..<(1 << estimates.count) {
            let group = estimates.indices.filter { mask & (1 << $0) != 0 }.map { estimates[$0] }
            guard group.count == 1 || standardDeviation(group.map(\.brpm)) <= sdLimit else { continue }
            let weight = group.reduce(0) { $0 + $1.weight }
            if group.count > best.count || (group.count == best.count && weight > bestWeight) {
                best = group
                bestWeight = weight
            }
        }
        return best
    }

    /// Weighted mean rate of the group (`ModulationEstimate.weight`).
    static func weightedRate(of group: [ModulationEstimate]) -> Double {
        let weight = group.reduce(0) { $0 + $1.weight }
        return group.reduce(0) { $0 + $1.brpm * $1.weight } / weight
    }

    /// The two most regular estimates (smallest cycle variation; ties: the earlier modulation), most regular first.
    static func mostRegularPair(of estimates: [ModulationEstimate]) -> [ModulationEstimate] {
        Array(estimates.enumerated().sorted {
            ($0.element.cycleVariation, $0.offset) < ($1.element.cycleVariation, $1.offset)
        }.prefix(2).map(\.element))
    }

    /// Sample standard deviation (N−1); 0 for fewer than two values.
    static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let mean = values.reduce(0, +) / Double(values.count)
        let sumOfSquares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (sumOfSquares / Double(values.count - 1)).squareRoot()
    }
}
