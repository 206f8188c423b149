/// Splits `--name value` (or `-n value`) options, `--flag` switches and positional arguments for a subcommand.
struct ParsedArguments {
    /// Values of options that take one, in order of appearance (repeatable).
    private(set) var values: [String: [String]] = [:]
    /// Switches that were given.
    private(set) var flags: Set<String> = []
    /// Arguments that are not options.
    private(set) var positional: [String] = []

    /// Parses `arguments`. `valued` lists option names that take a value, `switches` those that do not.
    /// - Throws: `UsageError` for an unknown option or a missing value.
    init(_ arguments: [String], valued: Set<String> = [], switches: Set<String> = []) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let isShort = argument.count == 2 && argument.hasPrefix("-") && argument != "--"
            guard argument.hasPrefix("--") && argument.count > 2 || isShort else {
                positional.append(argument)
                continue
            }
            var name = String(argument.dropFirst(isShort ? 1 : 2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if switches.contains(name), inlineValue == nil {
                flags.insert(name)
            } else if valued.contains(name) {
                guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw UsageError("--\(name) needs a value")
                }
                if inlineValue == nil { index += 1 }
                values[name, default: []].append(value)
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
    }

    /// The last value given for `name`.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for `name`.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// The value for `name`, or a usage error naming it.
    func required(_ name: String) throws(UsageError) -> String {
        guard let value = value(name) else { throw UsageError("--\(name) is required") }
        return value
    }

    /// The value for `name` as a number within `range`, or nil when absent.
    func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), range.contains(number) else {
            throw UsageError("--\(name) must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}

/// Bad command-line usage: the message is printed with the subcommand's usage, exit status 2.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
