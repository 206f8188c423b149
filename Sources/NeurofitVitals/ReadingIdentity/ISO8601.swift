/// ISO 8601 UTC timestamps with whole seconds (`2026-11-29T15:21:54Z`), computed without a calendar library so
/// they are identical on every machine.
enum ISO8601 {
    /// The first and last second the format writes with four-digit years: 0000-01-01T00:00:00Z…9999-12-31T23:59:59Z.
    static let representableSeconds: ClosedRange<Double> = -62_167_219_200...253_402_300_799

    /// The timestamp of `unixSeconds`, rounded down to the second; a time outside `representableSeconds` is written
    /// as the nearest end of it (NaN as the epoch), never trapped on.
    static func format(unixSeconds: Double) -> String {
        let clamped = unixSeconds.isNaN ? 0 : min(max(unixSeconds, representableSeconds.lowerBound),
                                                  representableSeconds.upperBound)
        let seconds = Int64(clamped.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
            + "\(pad(secondOfDay % 3600 / 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    /// Gregorian year, month, day of a day count from 1970-01-01 (eras of 400 years = 146 097 days).
    static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let shifted = daysSinceEpoch + 719_468                     // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
