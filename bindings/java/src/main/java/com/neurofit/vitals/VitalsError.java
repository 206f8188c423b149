package com.neurofit.vitals;

import java.util.Optional;

/**
 * An error as events carry it ({@code failed}, a failed {@code state}, {@code recordingError}).
 *
 * @param code      the stable code ("noHeartRate", "cameraUnavailable", …)
 * @param message   English text for logs
 * @param retryable whether retrying can help
 * @param reason    for license failures, why ("appNotListed", …)
 */
public record VitalsError(String code, String message, boolean retryable, Optional<String> reason) {

    /** The matching exception ({@link VitalsException.NoHeartRate} for "noHeartRate", …), ready to throw. */
    public VitalsException toException() {
        return VitalsException.of(code, message, retryable, reason.orElse(null));
    }

    static VitalsError of(JsonObject error) {
        return new VitalsError(error.requireString("code"), error.optionalString("message").orElse(""),
                error.optionalBoolean("retryable").orElse(false), error.optionalString("reason"));
    }
}
