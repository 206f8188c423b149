package com.neurofit.vitals;

import java.util.List;

/**
 * Process-wide calls: versions, activation, device support and cameras. The session itself is
 * {@link VitalsSession}.
 *
 * <p>The library is loaded on first use: from the system property {@code neurofit.vitals.library} or the environment
 * variable {@code NFV_LIBRARY} when set (a path), else from PREFIX/lib when this jar is installed as
 * PREFIX/share/java/neurofit-vitals.jar, else {@code libNeurofitVitals.so.1} through {@code jna.library.path},
 * {@code LD_LIBRARY_PATH} and the system's library directories (the Debian package's location). A missing library or
 * one of another ABI throws {@link UnsatisfiedLinkError}.
 *
 * <p>Threads: every method is safe from any thread.
 */
public final class VitalsSDK {
    private VitalsSDK() {
    }

    /** The library's version, "MAJOR.MINOR.PATCH". */
    public static String version() {
        return NativeApi.staticString(NativeApi.nfv_version_string());
    }

    /** The signal-processing engine's version, "1.3.0". */
    public static String engineVersion() {
        return NativeApi.staticString(NativeApi.nfv_engine_version_string());
    }

    /** The date the library was built, "YYYY-MM-DD" (license keys are checked against it). */
    public static String buildDate() {
        return NativeApi.staticString(NativeApi.nfv_build_date());
    }

    /** Where the library was loaded from. */
    public static String libraryPath() {
        return NativeApi.LIBRARY_PATH;
    }

    /**
     * Activates the library for this process with an offline license key (docs/license-keys.md). A later success
     * replaces the activation; a failure leaves an earlier one in place.
     *
     * @param licenseKey the key text
     * @param appId      the application id the key must list, or {@code null} for the executable's name ("java")
     * @return the new license status
     * @throws VitalsException.LicenseInvalid   naming the failed check; {@link VitalsException#reason()} says which
     * @throws VitalsException.InvalidArgument  for an empty key
     */
    public static LicenseStatus activate(String licenseKey, String appId) {
        NativeApi.check(NativeApi.nfv_activate(NativeApi.utf8(licenseKey == null ? "" : licenseKey),
                NativeApi.utf8(appId)));
        return licenseStatus();
    }

    /** The process's activation state. */
    public static LicenseStatus licenseStatus() {
        return LicenseStatus.of(JsonObject.parse(NativeApi.jsonOut(NativeApi::nfv_license_status)));
    }

    /**
     * Analyses a recorded reading in one call, without a session or a license: the final analysis a session runs at
     * the end of a reading. Frame i was taken at {@code timestampsS[i]} seconds (increasing; others are skipped) with
     * the channel means {@code red[i]}, {@code green[i]}, {@code blue[i]} (0…255). The call is pure: the same input
     * gives the same result.
     *
     * @param options the configuration whose analysis keys apply (advanced.consistencyGate, advanced.minAmplitude,
     *                …), or {@link VitalsConfiguration#defaults()}
     * @throws VitalsException.NoHeartRate     no trustworthy heart rate in the reading (the message says why)
     * @throws VitalsException.InvalidArgument arrays of different lengths, values not finite, bad options
     */
    public static VitalsResult analyze(double[] timestampsS, double[] red, double[] green, double[] blue,
                                       VitalsConfiguration options) {
        int count = timestampsS.length;
        if (red.length != count || green.length != count || blue.length != count) {
            throw new VitalsException.InvalidArgument("timestampsS, red, green and blue must have the same length "
                    + "(got " + count + ", " + red.length + ", " + green.length + ", " + blue.length + ")");
        }
        byte[] json = NativeApi.utf8(options.toJson());
        return VitalsResult.of(JsonObject.parse(NativeApi.jsonOut(
                out -> NativeApi.nfv_analyze(timestampsS, red, green, blue, count, json, out))));
    }

    /** Whether the default camera (a back camera with a torch preferred) can run a reading; opens no stream. */
    public static DeviceSupport deviceSupport() {
        return deviceSupport(null);
    }

    /**
     * Whether a camera can run a reading; opens no stream.
     *
     * @param device a device path, a camera id, "back"/"front"/"external", or {@code null} for the default camera
     */
    public static DeviceSupport deviceSupport(String device) {
        byte[] name = NativeApi.utf8(device);
        return DeviceSupport.of(JsonObject.parse(NativeApi.jsonOut(out -> NativeApi.nfv_device_support(name, out))));
    }

    /** The cameras present, in node order, without opening or reserving them; empty when there is none. */
    public static List<CameraInfo> cameras() {
        return JsonObject.parseList(NativeApi.jsonOut(NativeApi::nfv_cameras)).stream().map(CameraInfo::of).toList();
    }

    /**
     * Whether this process may open the camera's device node (there is no prompt on Linux: membership of the
     * {@code video} group decides).
     *
     * @param device a device path, a camera id, a facing, or {@code null} for the default camera
     */
    public static boolean hasCameraPermission(String device) {
        byte[] name = NativeApi.utf8(device);
        JsonObject access = JsonObject.parse(NativeApi.jsonOut(out -> NativeApi.nfv_camera_access(name, out)));
        return access.optionalString("authorization").orElse("").equals("authorized");
    }
}
