package com.neurofit.vitals;

import java.util.List;
import java.util.Optional;

/**
 * The process's activation ({@link VitalsSDK#licenseStatus()}).
 *
 * @param activated    whether activation succeeded in this process
 * @param licensee     who the key was issued to
 * @param apps         application ids the key covers
 * @param features     enabled features (informational)
 * @param updatesUntil the last library build date the key activates, "YYYY-MM-DD"
 * @param type         "binary" or "source"
 * @param appId        the application id activation checked
 * @param warnings     non-fatal notes (the relaxed app-id check of debug builds)
 */
public record LicenseStatus(boolean activated, Optional<String> licensee, List<String> apps, List<String> features,
                            Optional<String> updatesUntil, Optional<String> type, Optional<String> appId,
                            List<String> warnings) {

    static LicenseStatus of(JsonObject status) {
        return new LicenseStatus(status.requireBoolean("activated"), status.optionalString("licensee"),
                status.stringList("apps"), status.stringList("features"), status.optionalString("updatesUntil"),
                status.optionalString("type"), status.optionalString("appId"), status.stringList("warnings"));
    }
}
