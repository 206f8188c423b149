package com.neurofit.vitals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A completed reading (docs/events.md, "The result"). Optional metrics are empty when withheld.
 *
 * @param heartRateBpm            heart rate, beats per minute (always present)
 * @param quality                 3 clean, 2 usable, 1 withheld (HRV values withheld)
 * @param rmssdMs                 HRV as RMSSD, ms
 * @param sdnnMs                  SDNN, ms
 * @param baevskyStressIndex      the raw Baevsky stress index (%/s²)
 * @param sd2sd1                  Poincaré SD2/SD1
 * @param breathingRateBrpm       breaths per minute; present exactly when {@code breathingRateConfidence} is
 * @param breathingRateConfidence how far to trust the breathing rate
 * @param id                      the reading's UUID
 * @param capturedAt              when the reading was captured: the wall-clock time of its session's first
 *                                frame, ISO 8601 UTC ("2026-05-01T09:30:00Z")
 * @param durationSeconds         seconds of signal analysed
 * @param confidence              HRV confidence, else heart-rate confidence, 0…1
 * @param flags                   why values were withheld or what the engine noticed ("no_contact", …)
 * @param diagnostics             the engine's snake_case diagnostics as parsed JSON (see {@link Json} for the types)
 * @param sdkVersion              the library version that produced it
 * @param engineVersion           the engine version that produced it
 * @param json                    the whole result as the library's JSON text (store it to keep the reading)
 */
public record VitalsResult(double heartRateBpm, int quality, OptionalDouble rmssdMs, OptionalDouble sdnnMs,
                           OptionalDouble baevskyStressIndex, OptionalDouble sd2sd1, OptionalDouble breathingRateBrpm,
                           Optional<BreathingRateConfidence> breathingRateConfidence, Optional<String> id,
                           Optional<String> capturedAt, OptionalDouble durationSeconds, OptionalDouble confidence,
                           List<String> flags, Map<String, Object> diagnostics, Optional<String> sdkVersion,
                           Optional<String> engineVersion, String json) {

    /**
     * The result of its JSON text (a {@code completed} event's {@code result}, or a stored {@link #json()}).
     *
     * @throws VitalsException.InvalidArgument when the text is not a result object
     */
    public static VitalsResult fromJson(String json) {
        try {
            return of(JsonObject.parse(json));
        } catch (IllegalArgumentException error) {
            throw new VitalsException.InvalidArgument("Not a result: " + error.getMessage());
        }
    }

    static VitalsResult of(JsonObject result) {
        return new VitalsResult(result.requireDouble("heartRateBpm"), result.optionalInt("quality").orElse(1),
                result.optionalDouble("rmssdMs"), result.optionalDouble("sdnnMs"),
                result.optionalDouble("baevskyStressIndex"), result.optionalDouble("sd2sd1"),
                result.optionalDouble("breathingRateBrpm"),
                result.optionalString("breathingRateConfidence")
                        .map(text -> WireEnum.parse(BreathingRateConfidence.class, text)),
                result.optionalString("id"), result.optionalString("capturedAt"),
                result.optionalDouble("durationSeconds"), result.optionalDouble("confidence"),
                result.stringList("flags"),
                result.optionalObject("diagnostics").map(JsonObject::members).orElse(Map.of()),
                result.optionalString("sdkVersion"), result.optionalString("engineVersion"),
                Json.write(result.members()));
    }
}
