/// Finger contact with hysteresis (`contactEnterFrac` / `contactExitFrac`): contact begins
/// when the share of passing frames reaches the enter fraction and ends when it falls below the exit fraction.
struct ContactHysteresis: Sendable, Equatable {
    /// Passing share at or above which contact begins.
    var enterFraction: Double
    /// Passing share below which contact ends.
    var exitFraction: Double
    /// The current state.
    private(set) var inContact = false

    /// Updates the state from the passing share of the latest second and returns it.
    mutating func update(passingFraction: Double) -> Bool {
        inContact = inContact ? passingFraction >= exitFraction : passingFraction >= enterFraction
        return inContact
    }
}
