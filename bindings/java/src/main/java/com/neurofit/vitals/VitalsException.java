package com.neurofit.vitals;

import java.util.Optional;

/**
 * An error the library reported: one subclass per status code ({@code VitalsException.NoHeartRate} for
 * {@code NFV_ERR_NO_HEART_RATE}, …), each carrying the C status value ({@link #status()}), the stable code of the
 * library's JSON error objects ({@link #code()}, "noHeartRate"), an English message for logs ({@link #getMessage()}),
 * whether retrying the same call can help ({@link #retryable()}) and, for license failures, a {@link #reason()}.
 *
 * <p>Unchecked, like the Android SDK's exceptions: calls that can fail say which subclasses they throw. A code this
 * binding does not know (a newer library) arrives as {@link Other}, keeping the code.
 */
public abstract sealed class VitalsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String code;
    private final boolean retryable;
    private final String reason;

    VitalsException(int status, String code, String message, boolean retryable, String reason) {
        super(message);
        this.status = status;
        this.code = code;
        this.retryable = retryable;
        this.reason = reason;
    }

    /** The C {@code nfv_status} value (1 for notActivated … 9 for misuse), or -1 when the code has none. */
    public int status() {
        return status;
    }

    /** The stable code, as in the library's JSON error objects ("notActivated", "noHeartRate", …). */
    public String code() {
        return code;
    }

    /** True when retrying the call that failed can help (a busy camera, say). */
    public boolean retryable() {
        return retryable;
    }

    /**
     * Why, when the code has several causes: for {@link LicenseInvalid} "malformed", "badSignature", "updatesExpired",
     * "appNotListed" or "noTrustedKey"; else empty.
     */
    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    /**
     * The exception for a library error: the subclass of {@code code} (the status is ignored then), else
     * {@link Other}.
     */
    static VitalsException of(String code, String message, boolean retryable, String reason) {
        return switch (code) {
            case "notActivated" -> new NotActivated(message, retryable);
            case "licenseInvalid" -> new LicenseInvalid(message, retryable, reason);
            case "cameraPermissionDenied" -> new CameraPermissionDenied(message, retryable);
            case "cameraUnavailable" -> new CameraUnavailable(message, retryable);
            case "unsupportedDevice" -> new UnsupportedDevice(message, retryable);
            case "noHeartRate" -> new NoHeartRate(message, retryable);
            case "internalError" -> new Internal(message, retryable);
            case "invalidArgument" -> new InvalidArgument(message);
            case "misuse" -> new Misuse(message);
            default -> new Other(code, message, retryable, reason);
        };
    }

    /** {@code nfv_activate()} has not succeeded in this process (the camera and host frames need it). */
    public static final class NotActivated extends VitalsException {
        private static final long serialVersionUID = 1L;

        NotActivated(String message, boolean retryable) {
            super(1, "notActivated", message, retryable, null);
        }
    }

    /** The license key was rejected; the message names the check that failed and {@link #reason()} gives it. */
    public static final class LicenseInvalid extends VitalsException {
        private static final long serialVersionUID = 1L;

        LicenseInvalid(String message, boolean retryable, String reason) {
            super(2, "licenseInvalid", message, retryable, reason);
        }
    }

    /** The process may not open the camera device; the message says what to change (the {@code video} group). */
    public static final class CameraPermissionDenied extends VitalsException {
        private static final long serialVersionUID = 1L;

        CameraPermissionDenied(String message, boolean retryable) {
            super(3, "cameraPermissionDenied", message, retryable, null);
        }
    }

    /** The camera could not be opened (busy, gone) or stopped and could not be restored. */
    public static final class CameraUnavailable extends VitalsException {
        private static final long serialVersionUID = 1L;

        CameraUnavailable(String message, boolean retryable) {
            super(4, "cameraUnavailable", message, retryable, null);
        }
    }

    /** No camera format reaches 20 fps at a width of 640 or more; the message says why. */
    public static final class UnsupportedDevice extends VitalsException {
        private static final long serialVersionUID = 1L;

        UnsupportedDevice(String message, boolean retryable) {
            super(5, "unsupportedDevice", message, retryable, null);
        }
    }

    /** The reading was captured but no trustworthy heart rate could be recovered. */
    public static final class NoHeartRate extends VitalsException {
        private static final long serialVersionUID = 1L;

        NoHeartRate(String message, boolean retryable) {
            super(6, "noHeartRate", message, retryable, null);
        }
    }

    /** An unexpected condition: a bug in the library or a failure of the system; the message says which. */
    public static final class Internal extends VitalsException {
        private static final long serialVersionUID = 1L;

        Internal(String message, boolean retryable) {
            super(7, "internalError", message, retryable, null);
        }
    }

    /** A bad argument: bad JSON or configuration, wrong frame sizes, a closed session. */
    public static final class InvalidArgument extends VitalsException {
        private static final long serialVersionUID = 1L;

        InvalidArgument(String message) {
            super(8, "invalidArgument", message, false, null);
        }
    }

    /**
     * A call the session's state does not allow: starting twice, choosing a source after start or a second one,
     * submitting frames before start, waiting for the result of a session stopped before one.
     */
    public static final class Misuse extends VitalsException {
        private static final long serialVersionUID = 1L;

        Misuse(String message) {
            super(9, "misuse", message, false, null);
        }
    }

    /** A code this binding does not know (a newer library); {@link #code()} has it. */
    public static final class Other extends VitalsException {
        private static final long serialVersionUID = 1L;

        Other(String code, String message, boolean retryable, String reason) {
            super(-1, code, message, retryable, reason);
        }
    }
}
