/// The positioning start gate: the reading starts when enough of the last `window` previews were eligible
/// and the current one is.
struct StartGate {
    private let windowTicks: Int
    private let requiredTicks: Int
    private var recent: [Bool] = []

    /// A gate over `windowSeconds` of previews (one per second) needing `requiredFraction` of them eligible. Values
    /// that `VitalsConfiguration.validate()` refuses are clamped here (0...3600 s, 0...1), never trapped on.
    init(windowSeconds: Double, requiredFraction: Double) {
        let window = windowSeconds.isFinite ? min(max(windowSeconds, 0), 3600) : 3600
        let fraction = requiredFraction.isFinite ? min(max(requiredFraction, 0), 1) : 1
        windowTicks = max(1, Int(window.rounded()))
        requiredTicks = max(1, Int((fraction * Double(windowTicks)).rounded(.up)))
    }

    /// Records one preview's eligibility.
    mutating func record(eligible: Bool) {
        recent.append(eligible)
        if recent.count > windowTicks { recent.removeFirst(recent.count - windowTicks) }
    }

    /// The gate's fill, 0…1 (`startProgress`).
    var progress: Double {
        min(1, Double(recent.filter { $0 }.count) / Double(requiredTicks))
    }

    /// Whether the reading may start: the gate is full and the latest preview was eligible.
    var isOpen: Bool {
        recent.last == true && recent.filter { $0 }.count >= requiredTicks
    }

    /// Empties the window (after a start or a cancel).
    mutating func reset() {
        recent.removeAll(keepingCapacity: true)
    }
}
