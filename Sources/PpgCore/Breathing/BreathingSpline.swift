/// A natural cubic spline through points with increasing times, used to resample per-beat series on a uniform
/// grid. (Private to breathing until the engine has a shared spline.)
struct BreathingSpline: Sendable {
    private let times: [Double]
    private let values: [Double]
    /// Second derivatives at the knots (zero at both ends: natural spline).
    private let curvatures: [Double]

    /// Fits the spline; `times` must increase strictly and have the same count as `values` (at least 2).
    init(times: [Double], values: [Double]) {
        self.times = times
        self.values = values
        self.curvatures = BreathingSpline.naturalCurvatures(times: times, values: values)
    }

    /// Values at `count` times `start + k·step`; times outside the knots take the end values' cubic extension.
    func sampled(from start: Double, step: Double, count: Int) -> [Double] {
        var result = [Double](repeating: 0, count: count)
        var interval = 0
        for k in 0..<count {
            let time = start + Double(k) * step
            while interval < times.count - 2 && time > times[interval + 1] { interval += 1 }
            result[k] = value(at: time, interval: interval)
        }
        return result
    }

    private func value(at time: Double, interval i: Int) -> Double {
        let width = times[i + 1] - times[i]
        let a = (times[i + 1] - time) / width
        let b = (time - times[i]) / width
        let cubic = ((a * a * a - a) * curvatures[i] + (b * b * b - b) * curvatures[i + 1]) * width * width / 6
        return a * values[i] + b * values[i + 1] + cubic
    }

    /// Solves the tridiagonal system of a natural spline (Thomas algorithm).
    private static func naturalCurvatures(times: [Double], values: [Double]) -> [Double] {
        let n = times.count
        var curvatures = [Double](repeating: 0, count: n)
        guard n > 2 else { return curvatures }
        var diagonal = [Double](repeating: 0, count: n)
        var right = [Double](repeating: 0, count: n)
        for i in 1..<(n - 1) {
            let left = times[i] - times[i - 1]
            let next = times[i + 1] - times[i]
            diagonal[i] = 2 * (left + next)
            right[i] = 6 * ((values[i + 1] - values[i]) / next - (values[i] - values[i - 1]) / left)
        }
        for i in 2..<(n - 1) {
            let sub = times[i] - times[i - 1]
            let factor = sub / diagonal[i - 1]
            diagonal[i] -= factor * sub
            right[i] -= factor * right[i - 1]
        }
        for i in stride(from: n - 2, through: 1, by: -1) {
            let upper = times[i + 1] - times[i]
            curvatures[i] = (right[i] - upper * curvatures[i + 1]) / diagonal[i]
        }
        return curvatures
    }
}
