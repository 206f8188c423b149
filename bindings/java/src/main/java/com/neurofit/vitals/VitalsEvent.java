package com.neurofit.vitals;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * A session event (docs/events.md): one record per JSON {@code type}, so a listener can switch over them:
 *
 * <pre>{@code
 * if (event instanceof VitalsEvent.Preview preview) { ... preview.heartRateBpm() ... }
 * }</pre>
 *
 * <p>Every event has {@link #t()}: the sample time, in seconds on the source's clock, of the latest frame the session
 * had consumed when it arose (empty only for the first {@code state}). A {@code type} this binding does not know, or
 * an event lacking a key its type needs, arrives as {@link Unknown} with the whole object.
 */
public sealed interface VitalsEvent {
    /** Sample time of the latest consumed frame, seconds on the source's clock; empty before the first frame. */
    OptionalDouble t();

    /**
     * A state transition (not the measuring ticks); also what {@link VitalsSession#state()} returns.
     *
     * @param state   the new state
     * @param elapsed seconds since the reading started, while measuring
     * @param result  the result, when completed
     * @param error   the error, when failed
     */
    record StateChanged(SessionState state, OptionalDouble elapsed, Optional<VitalsResult> result,
                        Optional<VitalsError> error, OptionalDouble t) implements VitalsEvent {
    }

    /**
     * About once per second while positioning.
     *
     * @param guidance      what the user should do
     * @param startProgress 0…1: fills while the fingertip is steady; the reading starts when full
     */
    record Guidance(GuidanceKind guidance, double startProgress, OptionalDouble t) implements VitalsEvent {
    }

    /** A reading began; an empty {@link Preview} follows at once. */
    record Started(OptionalDouble t) implements VitalsEvent {
    }

    /**
     * About once per second while measuring: provisional values, for display only.
     *
     * @param elapsed           seconds since the reading started
     * @param progress          0…1 of the reading's duration
     * @param abortRisk         distance to the cancel for lack of a reliable estimate
     * @param heartRateBpm      provisional heart rate
     * @param rmssdMs           provisional RMSSD, from about 20 s; sticky once shown
     * @param breathingRateBrpm provisional breathing rate, from about 30 s
     * @param signalLevel       empty in the preview that follows {@link Started}
     */
    record Preview(double elapsed, double progress, AbortRisk abortRisk, OptionalDouble heartRateBpm,
                   OptionalDouble rmssdMs, OptionalDouble breathingRateBrpm, Optional<SignalLevel> signalLevel,
                   OptionalDouble t) implements VitalsEvent {
    }

    /**
     * One detected beat while measuring.
     *
     * @param ibiMs interval since the previous beat, ms; empty for the attempt's first beat and after a gap
     */
    record Heartbeat(OptionalDouble ibiMs, OptionalDouble t) implements VitalsEvent {
    }

    /**
     * The reading was abandoned; positioning resumes (or the session idles without auto-restart).
     *
     * @param reason  the public reason
     * @param detail  the detail token ("contact_lost", "low_quality", …) or the host's reason
     * @param context facts for logs (ten keys, -1 for an unknown number, plus {@code exposure_in_band})
     */
    record Cancelled(CancelReason reason, Optional<String> detail, Map<String, Object> context, OptionalDouble t)
            implements VitalsEvent {
    }

    /**
     * The camera dropped to a lower frame-rate tier in place.
     *
     * @param fpsTier      the new tier
     * @param lowPowerMode always false on Linux
     */
    record ReconfiguringCamera(OptionalInt fpsTier, boolean lowPowerMode, OptionalDouble t) implements VitalsEvent {
    }

    /**
     * A camera problem the session recovers from (once per session).
     *
     * @param error its kind ("cameraStalled")
     */
    record RecoverableError(String error, OptionalDouble t) implements VitalsEvent {
    }

    /** The duration was captured; the result follows. */
    record MeasurementComplete(OptionalDouble t) implements VitalsEvent {
    }

    /**
     * The reading's result (JSON type {@code completed}); a {@code state} event follows and the stream ends.
     *
     * @param result the result
     */
    record Result(VitalsResult result, OptionalDouble t) implements VitalsEvent {
    }

    /**
     * The session ended without a result.
     *
     * @param error why; {@code error.toException()} gives the matching exception
     */
    record Failed(VitalsError error, OptionalDouble t) implements VitalsEvent {
    }

    /**
     * Writing the recording failed (disk full, file removed); the reading goes on without it.
     *
     * @param error what failed
     */
    record RecordingError(VitalsError error, OptionalDouble t) implements VitalsEvent {
    }

    /**
     * An event this binding does not know (a newer library), or one lacking a key its type needs.
     *
     * @param type the JSON {@code type}
     * @param json the whole object, parsed (see {@link Json} for the types)
     */
    record Unknown(String type, Map<String, Object> json, OptionalDouble t) implements VitalsEvent {
    }

    /**
     * The event of a JSON text from the library (an event a host stored, say).
     *
     * @throws IllegalArgumentException when the text is not a JSON object
     */
    static VitalsEvent fromJson(String text) {
        return EventParser.parse(text);
    }
}
