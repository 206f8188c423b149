package com.neurofit.vitals;

import java.util.Map;
import java.util.OptionalDouble;

/** Turns the library's event JSON into {@link VitalsEvent} records. Threads: any. */
final class EventParser {
    private EventParser() {
    }

    /**
     * The event of a JSON text: the record of its {@code type}, or {@link VitalsEvent.Unknown} for a type this
     * binding does not know or an event lacking a key its type needs.
     *
     * @throws IllegalArgumentException when the text is not a JSON object
     */
    static VitalsEvent parse(String text) {
        JsonObject event = JsonObject.parse(text);
        String type = event.optionalString("type").orElse("");
        OptionalDouble t = OptionalDouble.empty();
        try {
            t = event.optionalDouble("t");
            return of(type, event, t);
        } catch (IllegalArgumentException missingOrMistyped) {
            return new VitalsEvent.Unknown(type, event.members(), t);
        }
    }

    private static VitalsEvent of(String type, JsonObject event, OptionalDouble t) {
        return switch (type) {
            case "state" -> stateChanged(event, t);
            case "guidance" -> new VitalsEvent.Guidance(
                    WireEnum.parse(GuidanceKind.class, event.requireString("guidance")),
                    event.requireDouble("startProgress"), t);
            case "started" -> new VitalsEvent.Started(t);
            case "preview" -> new VitalsEvent.Preview(event.requireDouble("elapsed"), event.requireDouble("progress"),
                    event.optionalString("abortRisk").map(text -> WireEnum.parse(AbortRisk.class, text))
                            .orElse(AbortRisk.NONE),
                    event.optionalDouble("heartRateBpm"), event.optionalDouble("rmssdMs"),
                    event.optionalDouble("breathingRateBrpm"),
                    event.optionalString("signalLevel").map(text -> WireEnum.parse(SignalLevel.class, text)), t);
            case "heartbeat" -> new VitalsEvent.Heartbeat(event.optionalDouble("ibiMs"), t);
            case "cancelled" -> new VitalsEvent.Cancelled(
                    WireEnum.parse(CancelReason.class, event.requireString("reason")),
                    event.optionalString("detail"),
                    event.optionalObject("context").map(JsonObject::members).orElse(Map.of()), t);
            case "reconfiguringCamera" -> new VitalsEvent.ReconfiguringCamera(event.optionalInt("fpsTier"),
                    event.optionalBoolean("lowPowerMode").orElse(false), t);
            case "recoverableError" -> new VitalsEvent.RecoverableError(event.requireString("error"), t);
            case "measurementComplete" -> new VitalsEvent.MeasurementComplete(t);
            case "completed" -> new VitalsEvent.Result(VitalsResult.of(event.requireObject("result")), t);
            case "failed" -> new VitalsEvent.Failed(VitalsError.of(event.requireObject("error")), t);
            case "recordingError" -> new VitalsEvent.RecordingError(VitalsError.of(event.requireObject("error")), t);
            default -> new VitalsEvent.Unknown(type, event.members(), t);
        };
    }

    /** A {@code state} event, or the object {@code nfv_session_state} returns. */
    static VitalsEvent.StateChanged stateChanged(JsonObject event, OptionalDouble t) {
        return new VitalsEvent.StateChanged(WireEnum.parse(SessionState.class, event.requireString("state")),
                event.optionalDouble("elapsed"), event.optionalObject("result").map(VitalsResult::of),
                event.optionalObject("error").map(VitalsError::of), t);
    }
}
