package com.neurofit.vitals;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A session's configuration (docs/configuration.md): every key optional, the defaults being the production values.
 * Build one with {@link #builder()} or pass a JSON text with {@link #fromJson}; the library validates it when the
 * session is created ({@link VitalsException.InvalidArgument} "Invalid configuration: …" naming the key).
 *
 * <pre>{@code
 * VitalsConfiguration config = VitalsConfiguration.builder().readingDuration(60).autoRestartAfterCancel(false).build();
 * }</pre>
 *
 * <p>Immutable; safe to share between threads and sessions.
 */
public final class VitalsConfiguration {
    private static final VitalsConfiguration DEFAULTS = new VitalsConfiguration(null);

    private final String json;

    private VitalsConfiguration(String json) {
        this.json = json;
    }

    /** The production defaults (no JSON: the library's own defaults). */
    public static VitalsConfiguration defaults() {
        return DEFAULTS;
    }

    /** A configuration from its JSON object text, passed to the library as is. */
    public static VitalsConfiguration fromJson(String json) {
        return new VitalsConfiguration(json);
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** The JSON text handed to {@code nfv_session_new}, or {@code null} for the defaults. */
    public String toJson() {
        return json;
    }

    /** Builds a {@link VitalsConfiguration}; keys left unset keep their defaults. Not thread-safe. */
    public static final class Builder {
        private final Map<String, Object> keys = new LinkedHashMap<>();
        private final Map<String, Object> advanced = new LinkedHashMap<>();

        private Builder() {
        }

        /** Seconds of signal a reading captures: finite, in (0, 3600]; 60 by default. */
        public Builder readingDuration(double seconds) {
            keys.put("readingDuration", seconds);
            return this;
        }

        /** After a cancel: back to positioning (true, the default) or idle with the source released (false). */
        public Builder autoRestartAfterCancel(boolean enabled) {
            keys.put("autoRestartAfterCancel", enabled);
            return this;
        }

        /** Use submitted accelerometer samples as a breathing-rate channel (true by default). */
        public Builder motionBreathing(boolean enabled) {
            keys.put("motionBreathing", enabled);
            return this;
        }

        /**
         * One key of the {@code advanced} block by its JSON name ("startWindowSeconds", "fpsTiers", …): a number, a
         * boolean, a {@code List} of integers or {@code null}.
         */
        public Builder advanced(String key, Object value) {
            advanced.put(key, value);
            return this;
        }

        /** The configuration. */
        public VitalsConfiguration build() {
            Map<String, Object> object = new LinkedHashMap<>(keys);
            if (!advanced.isEmpty()) {
                object.put("advanced", new LinkedHashMap<>(advanced));
            }
            return new VitalsConfiguration(Json.write(object));
        }
    }
}
