package com.neurofit.vitals;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * A camera found by {@link VitalsSDK#cameras()} (listed without opening a stream).
 *
 * @param id             stable id; pass it to {@link VitalsSession#useCamera(String)}
 * @param name           human-readable name
 * @param path           device node ("/dev/video0")
 * @param facing         "front", "back", "external" or "unknown" (the driver does not say)
 * @param sensorRotation degrees the image must be turned clockwise to look upright, when the driver says
 * @param hasTorch       whether it has a light the library can switch
 * @param isSupported    whether it can run a reading
 * @param fpsTier        the highest tier it reaches (60, 30 or 20)
 * @param reason         why it is not supported
 */
public record CameraInfo(String id, String name, String path, String facing, OptionalInt sensorRotation,
                         boolean hasTorch, boolean isSupported, OptionalInt fpsTier, Optional<String> reason) {

    static CameraInfo of(JsonObject camera) {
        return new CameraInfo(camera.requireString("id"), camera.optionalString("name").orElse(""),
                camera.optionalString("path").orElse(""), camera.optionalString("facing").orElse("unknown"),
                camera.optionalInt("sensorRotation"), camera.optionalBoolean("hasTorch").orElse(false),
                camera.optionalBoolean("isSupported").orElse(false), camera.optionalInt("fpsTier"),
                camera.optionalString("reason"));
    }
}
