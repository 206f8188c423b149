package com.neurofit.vitals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Options of the simulated fingertip ({@link VitalsSession#useSimulator}; docs/simulator.md): a resting adult at
 * 70 bpm in real time unless set. The library checks the ranges ({@link VitalsException.InvalidArgument} naming the
 * option).
 *
 * <pre>{@code
 * SimulatorOptions fast = SimulatorOptions.builder().heartRateBpm(72).realTime(false).seed(7).build();
 * }</pre>
 *
 * <p>Immutable; safe to share.
 */
public final class SimulatorOptions {
    private final String json;

    private SimulatorOptions(String json) {
        this.json = json;
    }

    /** Options from their JSON object text, passed to the library as is. */
    public static SimulatorOptions fromJson(String json) {
        return new SimulatorOptions(json);
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** The JSON text handed to {@code nfv_session_use_simulator}. */
    public String toJson() {
        return json;
    }

    /** Builds {@link SimulatorOptions}. Not thread-safe. */
    public static final class Builder {
        private final Map<String, Object> options = new LinkedHashMap<>();

        private Builder() {
        }

        /** Heart rate, 30–220 bpm. */
        public Builder heartRateBpm(double bpm) {
            return option("heartRateBpm", bpm);
        }

        /** RMSSD, 0–200 ms. */
        public Builder rmssdMs(double ms) {
            return option("rmssdMs", ms);
        }

        /** Breathing rate, 4–40 breaths a minute. */
        public Builder breathingRateBrpm(double brpm) {
            return option("breathingRateBrpm", brpm);
        }

        /** Pixel noise, 0–5 counts. */
        public Builder noise(double counts) {
            return option("noise", counts);
        }

        /** Frame rate, 10–120. */
        public Builder fps(double fps) {
            return option("fps", fps);
        }

        /** Seed of the simulated rhythm and noise (the same seed gives the same reading). */
        public Builder seed(long seed) {
            return option("seed", seed);
        }

        /** True (the default): frames come at their pace; false: as fast as the session consumes them. */
        public Builder realTime(boolean realTime) {
            return option("realTime", realTime);
        }

        /**
         * Conditions at times of the reading: each a map of "at" (s), "for" (s) and "condition" ("noContact",
         * "lifted", "motion", "weak", "saturated", "stall" or "frameLoss").
         */
        public Builder scenario(List<Map<String, Object>> conditions) {
            return option("scenario", conditions);
        }

        /** Any option by its JSON name. */
        public Builder option(String key, Object value) {
            options.put(key, value);
            return this;
        }

        /** The options. */
        public SimulatorOptions build() {
            return new SimulatorOptions(Json.write(options));
        }
    }
}
