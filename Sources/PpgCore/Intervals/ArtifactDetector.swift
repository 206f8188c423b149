/// One detection pass of Lipponen & Tarvainen (2019) over an interval series (its detection steps).
///
/// Interval `k` runs from beat `k` to beat `k + 1`. Findings are interval indices:
/// - ectopic at `k`: the dRR pattern NPN/PNP is centred on interval `k`, so beat `k` (the junction of the short and
///   the long interval) is misplaced;
/// - missed at `k`: interval `k` ≈ 2 × median (a beat is missing inside it);
/// - extra at `k`: intervals `k` and `k + 1` add up to the median (beat `k + 1` is spurious);
/// - longShort at `k`: interval `k` is too long or short (beat `k + 1` is moved).
struct ArtifactDetector {
    /// Findings of one pass, as interval indices in increasing order.
    struct Findings: Equatable {
        var ectopic: [Int] = []
        var missed: [Int] = []
        var extra: [Int] = []
        var longShort: [Int] = []

        var total: Int { ectopic.count + missed.count + extra.count + longShort.count }
    }

    let parameters: ArtifactCorrector.Parameters

    /// Classifies the intervals (ms) of one contiguous beat run.
    func detect(intervalsMs rr: [Double]) -> Findings {
        var findings = Findings()
        guard rr.count >= parameters.minimumIntervals else { return findings }
        var differences = [0.0] + zip(rr.dropFirst(), rr).map { $0 - $1 }
        let medians = runningMedian(rr, order: parameters.medianFilterOrder)
        var deviations = zip(rr, medians).map { (value: Double, median: Double) -> Double in
            value - median < 0 ? 2 * (value - median) : value - median
        }
        let differenceThresholds = thresholds(differences)
        let deviationThresholds = thresholds(deviations)
        for k in rr.indices {
            differences[k] /= differenceThresholds[k]
            deviations[k] /= deviationThresholds[k]
        }
        let patterns = DifferencePatterns(normalized: differences)

        var k = 0
        while k < rr.count - 2 {
            guard abs(differences[k]) > 1 || abs(deviations[k]) > 3 else {
                k += 1
                continue
            }
            if patterns.isEctopic(at: k, c1: parameters.c1, c2: parameters.c2) {
                findings.ectopic.append(k)
                k += 1
                continue
            }
            var candidates = [k]
            if abs(differences[k + 1]) < abs(differences[k + 2]) { candidates.append(k + 1) }
            var next = k + 1
            for j in candidates {
                let isLong = differences[j] > 1 && patterns.s22(at: j) < -1
                let isShort = differences[j] < -1 && patterns.s22(at: j) > 1
                guard isLong || isShort || abs(deviations[j]) > 3 else { continue }
                let limit = deviationThresholds[j]
                if isShort && j + 1 < rr.count && abs(rr[j] + rr[j + 1] - medians[j]) < limit {
                    findings.extra.append(j)
                    next = j + 2
                    break
                }
                if isLong && abs(rr[j] / 2 - medians[j]) < limit {
                    findings.missed.append(j)
                } else {
                    findings.longShort.append(j)
                }
                next = j + 1
            }
            k = next
        }
        // Next to a true ectopic beat, the neighbouring dRR can also fall in an ectopic region: of two adjacent
        // ectopic findings keep the one at the centre of the pattern (largest |dRR|).
        let adjacent = Set(findings.ectopic)
        findings.ectopic.removeAll { k in
            [k - 1, k + 1].contains { adjacent.contains($0) && abs(differences[$0]) > abs(differences[k]) }
        }
        // The short interval before an ectopic beat also reads as long/short; both mean "move that beat".
        let ectopicBeats = Set(findings.ectopic)
        findings.longShort.removeAll { ectopicBeats.contains($0 + 1) }
        return findings
    }

    /// `α · QD(|x|)` over a centred window of `windowWidth` values (shrinking at the ends), floored at
    /// `minimumThresholdMs`.
    /// The window slides one value at a time, kept sorted by one removal and one insertion per step.
    func thresholds(_ values: [Double]) -> [Double] {
        let magnitudes = values.map(abs)
        let half = parameters.windowWidth / 2
        var window = magnitudes[0..<min(magnitudes.count, half)].sorted()
        return magnitudes.indices.map { index in
            if index - half - 1 >= 0 {
                window.remove(at: Self.insertionIndex(of: magnitudes[index - half - 1], in: window))
            }
            if index + half < magnitudes.count {
                let entering = magnitudes[index + half]
                window.insert(entering, at: Self.insertionIndex(of: entering, in: window))
            }
            let upper = Statistics.percentile(sorted: window, 75) ?? 0
            let spread = upper - (Statistics.percentile(sorted: window, 25) ?? 0)
            return max(parameters.alpha * spread / 2, parameters.minimumThresholdMs)
        }
    }

    /// The first index of ascending `sorted` whose value is not below `value` (binary search).
    private static func insertionIndex(of value: Double, in sorted: [Double]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Centred running median of `order` values, the window shrinking symmetrically at the ends.
    private func runningMedian(_ values: [Double], order: Int) -> [Double] {
        let half = order / 2
        return values.indices.map { index in
            let reach = min(half, index, values.count - 1 - index)
            return Statistics.windowMedian(values[(index - reach)...(index + reach)]) ?? values[index]
        }
    }
}

/// The S12/S22 neighbour features of the normalized dRR series, with reflected padding at both ends.
private struct DifferencePatterns {
    let normalized: [Double]

    private func value(_ index: Int) -> Double {
        let last = normalized.count - 1
        let reflected = index < 0 ? -index : (index > last ? 2 * last - index : index)
        return normalized[min(max(reflected, 0), last)]
    }

    /// S12: the larger neighbour when dRR > 0, the smaller when dRR < 0.
    func s12(at k: Int) -> Double {
        let centre = value(k)
        if centre > 0 { return max(value(k - 1), value(k + 1)) }
        if centre < 0 { return min(value(k - 1), value(k + 1)) }
        return 0
    }

    /// S22: the smaller of the next two when dRR ≥ 0, the larger when dRR < 0.
    func s22(at k: Int) -> Double {
        value(k) >= 0 ? min(value(k + 1), value(k + 2)) : max(value(k + 1), value(k + 2))
    }

    /// Ectopic decision regions of the (dRR, S12) plane.
    func isEctopic(at k: Int, c1: Double, c2: Double) -> Bool {
        let d = value(k), s = s12(at: k)
        return (d > 1 && s < -c1 * d - c2) || (d < -1 && s > -c1 * d + c2)
    }
}
