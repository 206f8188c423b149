/// A session event with the sample time it arose at: what a session hands its host, in order.
public struct TimedEvent: Sendable, Equatable {
    /// The event.
    public var event: SessionEvent
    /// Sample time in seconds on the source's clock: the latest frame the session had consumed when the event arose;
    /// nil before the first frame (the first `positioning` state).
    public var time: Double?

    /// `event`, stamped with `time`.
    public init(_ event: SessionEvent, time: Double?) {
        self.event = event
        self.time = time
    }
}
