package com.neurofit.vitals;

import com.sun.jna.Callback;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The C API through JNA direct mapping: one static native method per {@code nfv_} function the binding uses, the
 * library's location, and the conventions every call follows (include/neurofit_vitals.h).
 *
 * <p>Strings cross as NUL-terminated UTF-8 {@code byte[]} built by {@link #utf8} (never as JNA {@code String}s, whose
 * encoding follows the platform's default charset). Returned {@code char *} are {@link Pointer}s, copied and then
 * released with {@code nfv_string_free} by {@link #takeString}. {@code size_t} is a Java {@code long}: the binding
 * targets 64-bit Linux. A failed call is turned into a {@link VitalsException} by {@link #check}, which reads the last
 * error on the calling thread right after the call, as the library requires (Java platform threads stay on their
 * OS thread).
 *
 * <p>Threads: every method is safe from any thread.
 */
final class NativeApi {
    /** The ABI this binding was written for: the number in the library's SONAME. */
    static final int ABI_VERSION = 1;
    static final int OK = 0;
    static final int DONE = 101;

    /** Where the library was loaded from. */
    static final String LIBRARY_PATH;

    static {
        NativeLibrary library = load();
        LIBRARY_PATH = library.getFile() == null ? library.getName() : library.getFile().getPath();
        Native.register(NativeApi.class, library);
        int abi = nfv_abi_version();
        if (abi != ABI_VERSION) {
            throw new UnsatisfiedLinkError(LIBRARY_PATH + " has ABI version " + abi + "; this binding needs "
                    + ABI_VERSION);
        }
    }

    private NativeApi() {
    }

    /** The C {@code nfv_event_fn_v2}: one event with its kind ({@code nfv_event_kind}), on the session's event
     *  thread. */
    interface EventCallback extends Callback {
        void invoke(Pointer userData, int kind, Pointer eventJson);
    }

    /** The C {@code nfv_release_fn}: the library will not call the event callback again (once per session). */
    interface ReleaseCallback extends Callback {
        void invoke(Pointer userData);
    }

    /** The C {@code nfv_preview_callback}: one preview picture, on the session's preview thread. */
    interface PreviewCallback extends Callback {
        void invoke(Pointer rgb, int width, int height, int stride, long timestampUs, Pointer userData);
    }

    // Versions and errors.
    static native int nfv_abi_version();

    static native int nfv_version_number();

    static native Pointer nfv_version_string();

    static native Pointer nfv_engine_version_string();

    static native Pointer nfv_build_date();

    static native Pointer nfv_last_error_json();

    static native void nfv_string_free(Pointer string);

    // License and cameras.
    static native int nfv_activate(byte[] licenseKey, byte[] appId);

    static native int nfv_license_status(PointerByReference outJson);

    static native int nfv_cameras(PointerByReference outJson);

    static native int nfv_device_support(byte[] device, PointerByReference outJson);

    static native int nfv_camera_access(byte[] device, PointerByReference outJson);

    // Batch analysis and comparison.
    static native int nfv_analyze(double[] timestampsS, double[] red, double[] green, double[] blue, long count,
                                  byte[] optionsJson, PointerByReference outResultJson);

    static native int nfv_compare(byte[] baselineJson, byte[] followUpJson, PointerByReference outJson);

    // Sessions.
    static native int nfv_session_new(byte[] configJson, PointerByReference outSession);

    static native void nfv_session_destroy(Pointer session);

    static native int nfv_session_use_host_frames(Pointer session, int fpsTier);

    static native int nfv_session_use_simulator(Pointer session, byte[] optionsJson);

    static native int nfv_session_use_replay(Pointer session, byte[] path, int realTime);

    static native int nfv_session_use_camera(Pointer session, byte[] device);

    static native int nfv_session_record(Pointer session, byte[] path);

    static native int nfv_session_set_callback_v2(Pointer session, EventCallback callback, Pointer userData,
                                                  ReleaseCallback release);

    static native Pointer nfv_event_kind_name(int kind);

    static native int nfv_session_set_preview_callback(Pointer session, PreviewCallback callback, Pointer userData,
                                                       int maxFps);

    static native int nfv_session_start(Pointer session);

    static native int nfv_session_cancel_reading(Pointer session, byte[] reason);

    static native int nfv_session_set_auto_start(Pointer session, int enabled);

    static native int nfv_session_get_auto_start(Pointer session, IntByReference outEnabled);

    static native int nfv_session_stop(Pointer session);

    static native int nfv_session_state(Pointer session, PointerByReference outJson);

    static native int nfv_session_submit_frame(Pointer session, byte[] pixels, long size, int format, int width,
                                               int height, int stride, long timestampUs);

    static native int nfv_session_submit_frame(Pointer session, Pointer pixels, long size, int format, int width,
                                               int height, int stride, long timestampUs);

    static native int nfv_session_submit_means(Pointer session, long timestampUs, double red, double green,
                                               double blue, double saturatedFraction);

    static native int nfv_session_submit_motion(Pointer session, long timestampUs, double x, double y, double z);

    // -- conventions ---------------------------------------------------------------------------------------------

    /**
     * NUL-terminated UTF-8 for a {@code const char *} argument; {@code null} stays NULL.
     *
     * @throws VitalsException.InvalidArgument when the text holds a NUL character (C would read only the part
     *                                         before it)
     */
    static byte[] utf8(String text) {
        if (text == null) {
            return null;
        }
        if (text.indexOf('\0') >= 0) {
            throw new VitalsException.InvalidArgument("The string holds a NUL character: the C API would read only "
                    + "the part before it");
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return Arrays.copyOf(bytes, bytes.length + 1);
    }

    /** Copies a library-owned {@code const char *} (static or valid until the next call). */
    static String staticString(Pointer text) {
        return text == null ? "" : text.getString(0, StandardCharsets.UTF_8.name());
    }

    /** Copies a {@code char *} the caller owns, then releases it with {@code nfv_string_free}. */
    static String takeString(Pointer text) {
        if (text == null) {
            return null;
        }
        try {
            return text.getString(0, StandardCharsets.UTF_8.name());
        } finally {
            nfv_string_free(text);
        }
    }

    /**
     * Returns {@code status} when it is NFV_OK or one of {@code accepted}; otherwise throws the calling thread's last
     * error. Must run on the thread that made the call, right after it.
     */
    static int check(int status, int... accepted) {
        if (status == OK) {
            return status;
        }
        for (int value : accepted) {
            if (status == value) {
                return status;
            }
        }
        throw lastError();
    }

    /** Each event kind's type, as the loaded library names it: asked once per kind. */
    private static final Map<Integer, String> KIND_NAMES = new ConcurrentHashMap<>();

    /** The event type of an {@code nfv_event_kind} value ("measurementComplete", …), or "" for a value the loaded
     *  library does not know. */
    static String eventKindName(int kind) {
        return KIND_NAMES.computeIfAbsent(kind, value -> {
            Pointer name = nfv_event_kind_name(value);
            return name == null ? "" : name.getString(0, StandardCharsets.UTF_8.name());
        });
    }

    /** The calling thread's last error as the matching exception. */
    static VitalsException lastError() {
        String text = takeString(nfv_last_error_json());
        if (text == null) {
            return new VitalsException.Internal("Out of memory while reading the last error");
        }
        JsonObject error = JsonObject.parse(text);
        return VitalsException.of(error.requireString("code"), error.optionalString("message").orElse(""),
                error.optionalBoolean("retryable").orElse(false), error.optionalString("reason").orElse(null));
    }

    /** Runs a call that fills a {@code char **} with JSON, checks its status and returns the text. */
    static String jsonOut(JsonCall call) {
        PointerByReference out = new PointerByReference();
        check(call.invoke(out));
        return takeString(out.getValue());
    }

    /** A C call with a {@code char **out_json} argument, returning its status. */
    @FunctionalInterface
    interface JsonCall {
        int invoke(PointerByReference outJson);
    }

    // -- loading -------------------------------------------------------------------------------------------------

    private static NativeLibrary load() {
        List<String> tried = new ArrayList<>();
        for (String candidate : candidates()) {
            try {
                return NativeLibrary.getInstance(candidate);
            } catch (UnsatisfiedLinkError error) {
                tried.add(candidate + " (" + String.join(" ", error.getMessage().strip().split("\\s*\n\\s*")) + ")");
            }
        }
        throw new UnsatisfiedLinkError("libNeurofitVitals.so.1 could not be loaded; tried " + String.join(", ", tried)
                + ". Set -Dneurofit.vitals.library=PATH or NFV_LIBRARY, or add its directory to jna.library.path or "
                + "LD_LIBRARY_PATH.");
    }

    /**
     * Where to look, in order: the system property {@code neurofit.vitals.library}, the environment variable
     * {@code NFV_LIBRARY}, PREFIX/lib when this jar is installed as PREFIX/share/java/*.jar, then the SONAME through
     * JNA's search (jna.library.path, LD_LIBRARY_PATH, the system's library directories).
     */
    private static List<String> candidates() {
        String property = System.getProperty("neurofit.vitals.library");
        if (property != null && !property.isEmpty()) {
            return List.of(new File(property).getAbsolutePath());
        }
        String environment = System.getenv("NFV_LIBRARY");
        if (environment != null && !environment.isEmpty()) {
            return List.of(new File(environment).getAbsolutePath());
        }
        List<String> candidates = new ArrayList<>();
        File besideJar = libraryBesideJar();
        if (besideJar != null && besideJar.isFile()) {
            candidates.add(besideJar.getPath());
        }
        candidates.add("libNeurofitVitals.so.1");
        return candidates;
    }

    private static File libraryBesideJar() {
        java.security.CodeSource source = NativeApi.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            File jar = new File(source.getLocation().toURI());
            File java = jar.getParentFile();
            File share = java == null ? null : java.getParentFile();
            if (!jar.isFile() || !java.getName().equals("java") || share == null || !share.getName().equals("share")
                    || share.getParentFile() == null) {
                return null;
            }
            return new File(share.getParentFile(), "lib/libNeurofitVitals.so.1");
        } catch (URISyntaxException | IllegalArgumentException notAFile) {
            return null;
        }
    }
}
