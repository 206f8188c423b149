package com.neurofit.vitals;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * Whether a camera can run a reading ({@link VitalsSDK#deviceSupport}; opens no stream).
 *
 * @param isSupported true when a reading can run
 * @param hasCamera   a capture device is present
 * @param hasTorch    the camera has a light the library can switch (used when present, not required)
 * @param fpsTier     the highest reachable tier (60, 30 or 20); empty when none
 * @param reason      why {@code isSupported} is false
 */
public record DeviceSupport(boolean isSupported, boolean hasCamera, boolean hasTorch, OptionalInt fpsTier,
                            Optional<String> reason) {

    static DeviceSupport of(JsonObject support) {
        return new DeviceSupport(support.requireBoolean("isSupported"),
                support.optionalBoolean("hasCamera").orElse(false), support.optionalBoolean("hasTorch").orElse(false),
                support.optionalInt("fpsTier"), support.optionalString("reason"));
    }
}
