/// What the seeded synthetic benchmarks (`honesty`, `tall-waves`) share: their arguments, the split of their seeds
/// into the half thresholds were tuned on and the half held out, and the text of their tables.
enum BenchmarkTable {
    /// A benchmark over seeds 0…N−1: its arguments are N (default 300) and `detail` (list every reading).
    static func seeded(name: String, summary: String, run: @escaping (_ count: Int, _ detail: Bool) -> Void)
        -> Benchmark {
        Benchmark(name: name, summary: summary, run: { arguments in run(count(arguments), arguments.contains("detail")) })
    }

    /// N of a seeded benchmark's arguments: the first number (default 300, at least 2).
    static func count(_ arguments: [String]) -> Int { max(arguments.compactMap { Int($0) }.first ?? 300, 2) }

    /// The first half of `outcomes` (tuning), the second (held out) and all, each named by its seeds.
    static func seedGroups<Outcome>(_ outcomes: [Outcome]) -> [(name: String, members: ArraySlice<Outcome>)] {
        let half = outcomes.count / 2
        return [("0–\(half - 1) (tuning)", outcomes[..<half]),
                ("\(half)–\(outcomes.count - 1) (held out)", outcomes[half...]), ("all", outcomes[...])]
    }

    /// "count (percent)" of the members of `subset` for which `predicate` holds.
    static func share<Outcome>(_ subset: [Outcome], _ predicate: (Outcome) -> Bool) -> String {
        let part = subset.filter(predicate).count
        return "\(part) (\(percent(part, subset.count)))"
    }

    /// `part` of `whole` as a whole percentage, "—" of nothing.
    static func percent(_ part: Int, _ whole: Int) -> String {
        whole > 0 ? "\(Int((100 * Double(part) / Double(whole)).rounded())) %" : "—"
    }

    /// `value` rounded to `places` decimals (one by default).
    static func decimal(_ value: Double, places: Int = 1) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return "\(Double(Int((value * scale).rounded())) / scale)"
    }

    /// `text` padded with spaces to `width` characters, or followed by one space when it is that wide already.
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
