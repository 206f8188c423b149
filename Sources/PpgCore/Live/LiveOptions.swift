/// Settings of the live analyzer, taken from the session configuration (its `advanced` keys and `motionBreathing`).
public struct LiveOptions: Sendable, Equatable {
    /// `contactEnterFrac`: share of the last second's frames that must pass the contact rule for contact to begin.
    public var contactEnterFraction = 0.5
    /// `contactExitFrac`: contact ends when the passing share of the last second's frames falls below this
    /// (hysteresis when it is lower than `contactEnterFraction`).
    public var contactExitFraction = 0.5
    /// `minAmplitude`: pulse amplitude (counts) the session's guidance asks for; a channel below it is read only
    /// when no usable channel reaches it. Default: the start rule's (`LiveStartRule.standard`).
    public var minimumAmplitude = LiveStartRule.standard.minimumAmplitude
    /// Feed accelerometer samples to the breathing estimate (`motionBreathing`).
    public var motionBreathing = true
    /// Highest frame rate the source may deliver, frames per second; sizes the preallocated frame history. Faster
    /// frames still work, but the history then covers less than its nominal length.
    public var maximumFramesPerSecond = 120.0

    /// Creates the options with the production defaults.
    public init() {}
}
