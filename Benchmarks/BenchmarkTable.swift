/// What the seeded synthetic benchmarks (`honesty`, `honesty-windows`, `tall-waves`) share: their arguments, the
/// split of their seeds into the half thresholds were tuned on and the half held out, and the text of their tables.
enum BenchmarkTable {
    /// A seeded benchmark: its arguments name its seeds (`seeds(_:)`) and `detail` (list every reading).
    static func seeded(name: String, summary: String,
                       run: @escaping (_ seeds: ClosedRange<UInt64>, _ detail: Bool) -> Void) -> Benchmark {
        Benchmark(name: name, summary: summary,
                  run: { arguments in run(seeds(arguments), arguments.contains("detail")) })
    }

    /// The seeds a seeded benchmark's arguments name: `A-B` (or `A–B`) names seeds A…B, so that seeds nobody has
    /// run can be judged without running the earlier ones again; otherwise the first number N names 0…N−1
    /// (default `defaultCount`). At least two seeds, so that both halves hold one.
    static func seeds(_ arguments: [String], defaultCount: Int = 300) -> ClosedRange<UInt64> {
        for argument in arguments {
            let bounds = argument.split(whereSeparator: { $0 == "-" || $0 == "–" }).compactMap { UInt64($0) }
            if bounds.count == 2, !argument.hasPrefix("-") { return bounds[0]...max(bounds[1], bounds[0] + 1) }
        }
        let count = max(arguments.compactMap { Int($0) }.first ?? defaultCount, 2)
        return 0...UInt64(count - 1)
    }

    /// The seeds as a table's title gives them: "seeds A–B".
    static func describe(_ seeds: ClosedRange<UInt64>) -> String { "seeds \(seeds.lowerBound)–\(seeds.upperBound)" }

    /// The first half of `outcomes` (one per seed of `seeds`, in order), the second and all, each named by its
    /// seeds. Seeds from 0 are split into the half the thresholds were tuned on and the half held out; a range
    /// that starts later holds seeds no threshold was tuned on, so both its halves are fresh.
    static func seedGroups<Outcome>(_ outcomes: [Outcome], seeds: ClosedRange<UInt64>)
        -> [(name: String, members: ArraySlice<Outcome>)] {
        let half = outcomes.count / 2, first = seeds.lowerBound, middle = first + UInt64(half)
        let labels = first == 0 ? (" (tuning)", " (held out)") : (" (fresh)", " (fresh)")
        return [("\(first)–\(middle - 1)" + labels.0, outcomes[..<half]),
                ("\(middle)–\(seeds.upperBound)" + labels.1, outcomes[half...]), ("all", outcomes[...])]
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
