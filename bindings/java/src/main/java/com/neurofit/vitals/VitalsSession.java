package com.neurofit.vitals;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.ToIntFunction;

/**
 * One reading (docs/behaviour.md): create it from a configuration, choose a source (default: the default camera),
 * set a listener, {@link #start()}, then wait for the result with {@link #awaitResult()} or {@link #result()}.
 * {@link #close()} (try-with-resources) destroys it, stopping it first.
 *
 * <pre>{@code
 * try (VitalsSession session = new VitalsSession(VitalsConfiguration.defaults())) {
 *     session.useSimulator(SimulatorOptions.builder().realTime(false).build());
 *     session.setListener(event -> System.out.println(event));
 *     session.start();
 *     VitalsResult result = session.awaitResult();
 * }
 * }</pre>
 *
 * <p><b>Threads.</b> Every method is safe from any thread, the listener's included ({@link #stop()} and
 * {@link #close()} too; only the {@link PreviewListener} may not close its session). Events reach the listener on the library's event thread, attached to the JVM as a daemon
 * thread named "neurofit-vitals-events" (it never keeps the JVM alive). The session holds its JNA callback objects
 * until the library says it is done with them (the release notice of {@code nfv_session_set_callback_v2}, which
 * decides everything below; the binding keeps no owed-result state of its own): {@link #close()} returns only once a listener call under way has returned (unless
 * called from inside the listener, whose call then finishes normally). After that, one of two things holds:
 * <ul>
 *   <li>the listener had not been handed {@link VitalsEvent.MeasurementComplete}: it is not called again;</li>
 *   <li>it had, and not yet the result: the reading is already being analysed and, as on the mobile SDKs, the result
 *       is still delivered. The listener goes on being called on the event thread, in order, with the remaining
 *       events up to the {@link VitalsEvent.Result} or {@link VitalsEvent.Failed}, which also settles
 *       {@link #result()}; never after that call. The callbacks stay reachable until then.</li>
 * </ul>
 * A session that is dropped without {@code close()} is destroyed by a {@link Cleaner} once it is unreachable, as a
 * safety net, under the same rule; close it deterministically (a listener that refers to its session keeps it
 * reachable, so the net never catches that one).
 *
 * <p><b>Exceptions in the listener</b> never reach the library: each is handed to the session's
 * {@linkplain #setUncaughtExceptionHandler uncaught-exception handler} (by default the event thread's, which prints
 * it like any uncaught exception, or the JVM-wide default handler when one is set), and delivery goes on.
 *
 * <p><b>Errors.</b> Failed calls throw a {@link VitalsException} subclass with the library's code and message.
 */
public final class VitalsSession implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create(runnable -> {
        Thread thread = new Thread(runnable, "neurofit-vitals-cleaner");
        thread.setDaemon(true);
        return thread;
    });

    private final SessionCore core;
    private final Cleaner.Cleanable cleanable;

    /** A session with the default configuration. */
    public VitalsSession() {
        this(VitalsConfiguration.defaults());
    }

    /**
     * A session with a configuration (docs/configuration.md).
     *
     * @throws VitalsException.InvalidArgument "Invalid configuration: …" naming the key
     */
    public VitalsSession(VitalsConfiguration configuration) {
        PointerByReference out = new PointerByReference();
        NativeApi.check(NativeApi.nfv_session_new(NativeApi.utf8(configuration.toJson()), out));
        core = new SessionCore(out.getValue());
        cleanable = CLEANER.register(this, core::destroy);
        try {
            core.registerCallbacks();
        } catch (RuntimeException error) {
            cleanable.clean();
            throw error;
        }
    }

    // -- sources -------------------------------------------------------------------------------------------------

    /** Reads the default camera: a back camera with a torch preferred. Before the first start. */
    public VitalsSession useCamera() {
        return useCamera(null);
    }

    /**
     * Reads a V4L2 camera. Before the first start.
     *
     * @param device a device path ("/dev/video0"), a camera id from {@link VitalsSDK#cameras()}, "back", "front" or
     *               "external" (by facing; never falls back), or {@code null} for the default camera
     * @throws VitalsException.NotActivated           before {@link VitalsSDK#activate}
     * @throws VitalsException.CameraUnavailable      no such camera
     * @throws VitalsException.CameraPermissionDenied the process may not open it
     * @throws VitalsException.UnsupportedDevice      no format reaches 20 fps at 640 px
     * @throws VitalsException.Misuse                 after start, or a source was already chosen
     */
    public VitalsSession useCamera(String device) {
        byte[] name = NativeApi.utf8(device);
        call(handle -> NativeApi.nfv_session_use_camera(handle, name));
        return this;
    }

    /** Reads the simulated fingertip at 70 bpm in real time (needs no activation). Before the first start. */
    public VitalsSession useSimulator() {
        return useSimulator(SimulatorOptions.builder().build());
    }

    /**
     * Reads the simulated fingertip (needs no activation). Before the first start.
     *
     * @throws VitalsException.InvalidArgument naming a bad option
     * @throws VitalsException.Misuse           after start, or a source was already chosen
     */
    public VitalsSession useSimulator(SimulatorOptions options) {
        byte[] json = NativeApi.utf8(options.toJson());
        call(handle -> NativeApi.nfv_session_use_simulator(handle, json));
        return this;
    }

    /**
     * Reads frames the host pushes with {@link #submitFrame}, {@link #submitMeans} and {@link #submitMotion}. Before
     * the first start.
     *
     * @param fpsTier the frame rate the host's camera runs at (1…240); frames below 70 % of it give
     *                {@code frameDrop} guidance
     * @throws VitalsException.InvalidArgument for a tier out of range
     * @throws VitalsException.Misuse           after start, or a source was already chosen
     */
    public VitalsSession useHostFrames(int fpsTier) {
        call(handle -> NativeApi.nfv_session_use_host_frames(handle, fpsTier));
        return this;
    }

    /**
     * Replays a recording (docs/recording-format.md), a CSV of per-frame means ({@code timestamp_s,red,green,blue}) or
     * an uncompressed Y4M video. Before the first start.
     *
     * @param realTime true: frames at their timestamps; false: as fast as the session consumes them
     * @throws VitalsException.InvalidArgument for a missing, unreadable or malformed file
     * @throws VitalsException.Misuse           after start, or a source was already chosen
     */
    public VitalsSession useReplay(Path path, boolean realTime) {
        byte[] file = NativeApi.utf8(path.toString());
        call(handle -> NativeApi.nfv_session_use_replay(handle, file, realTime ? 1 : 0));
        return this;
    }

    /**
     * Records what the session consumes (frame means, motion, commands; never frames) to {@code path}, created by
     * {@link #start()}; a write failure arrives as a {@link VitalsEvent.RecordingError}. Before the first start.
     */
    public VitalsSession record(Path path) {
        byte[] file = NativeApi.utf8(path.toString());
        call(handle -> NativeApi.nfv_session_record(handle, file));
        return this;
    }

    // -- listener ------------------------------------------------------------------------------------------------

    /**
     * Sets (or with {@code null} removes) the listener; it may be changed at any time, the next event goes to the
     * new one. See {@link VitalsListener} for its thread and rules.
     */
    public VitalsSession setListener(VitalsListener listener) {
        core.listener = listener;
        return this;
    }

    /**
     * Where exceptions thrown by the listener go (with the event thread as the thread): {@code null} (the default)
     * means the event thread's own handler, i.e. {@link Thread#getDefaultUncaughtExceptionHandler()} when set, else a
     * stack trace on standard error. Delivery goes on after each.
     */
    public VitalsSession setUncaughtExceptionHandler(Thread.UncaughtExceptionHandler handler) {
        core.exceptionHandler = handler;
        return this;
    }

    /**
     * Hands {@code listener} small RGB pictures of what the source sees (for a preview of the fingertip and its red
     * glow), at most {@code maxFps} a second of the frames' time; {@code null} removes it. The camera and host frames
     * give previews; means, the simulator and replays give none. Frames are scaled only while a listener is set.
     * Before the first start. See {@link PreviewListener} for its thread and rules.
     *
     * @param maxFps 1…60, or 0 for 15
     * @throws VitalsException.InvalidArgument {@code maxFps} out of range
     * @throws VitalsException.Misuse           after start
     */
    public VitalsSession setPreviewListener(PreviewListener listener, int maxFps) {
        NativeApi.PreviewCallback function = listener == null ? null : core.previewCallback;
        call(handle -> NativeApi.nfv_session_set_preview_callback(handle, function, null, maxFps));
        core.previewListener = listener;
        return this;
    }

    // -- control -------------------------------------------------------------------------------------------------

    /**
     * Opens the source and starts positioning (again after a cancel that left the session idle); waits until the
     * source has opened or failed.
     *
     * @throws VitalsException.NotActivated the camera and host frames need {@link VitalsSDK#activate}
     * @throws VitalsException.Misuse        already running, finished or stopped (create a new session)
     * @throws VitalsException               the camera's errors, or an unreadable replay file
     */
    public void start() {
        call(NativeApi::nfv_session_start);
        core.started = true;
    }

    /**
     * Ends the session: final and idempotent. Before {@code measurementComplete} it ends without a result (the
     * {@link #result()} fails with {@link VitalsException.Misuse}); after it the result is still delivered.
     */
    public void stop() {
        call(NativeApi::nfv_session_stop);
        if (!core.started) {
            core.failPending("The session was stopped before it started");
        }
    }

    /**
     * Cancels the reading in progress ({@code cancelled} with reason {@code cancelledByApp} and {@code reason} as its
     * detail); ignored while positioning.
     *
     * @param reason the host's reason, or {@code null} for "host"
     */
    public void cancelReading(String reason) {
        byte[] text = NativeApi.utf8(reason);
        call(handle -> NativeApi.nfv_session_cancel_reading(handle, text));
    }

    /** While false, positioning continues but no reading starts; true (the default) starts it when the gate fills. */
    public void setAutoStart(boolean enabled) {
        call(handle -> NativeApi.nfv_session_set_auto_start(handle, enabled ? 1 : 0));
    }

    /** Whether a reading may start on its own (see {@link #setAutoStart}). */
    public boolean isAutoStart() {
        IntByReference enabled = new IntByReference();
        call(handle -> NativeApi.nfv_session_get_auto_start(handle, enabled));
        return enabled.getValue() != 0;
    }

    /**
     * The current state: positioning as soon as {@link #start()} returns; {@code elapsed} follows the latest preview
     * while measuring; the result or error once ended.
     */
    public VitalsEvent.StateChanged state() {
        PointerByReference out = new PointerByReference();
        call(handle -> NativeApi.nfv_session_state(handle, out));
        return EventParser.stateChanged(JsonObject.parse(NativeApi.takeString(out.getValue())),
                OptionalDouble.empty());
    }

    // -- host frames ---------------------------------------------------------------------------------------------

    /** {@link #submitFrame(byte[], PixelFormat, int, int, int, long)} for tightly packed rows (stride 0). */
    public boolean submitFrame(byte[] pixels, PixelFormat format, int width, int height, long timestampUs) {
        return submitFrame(pixels, format, width, height, 0, timestampUs);
    }

    /**
     * Hands one camera frame to a host-frames session; it is reduced on this thread and not kept.
     *
     * @param pixels      the frame, all of its planes ({@code pixels.length} bytes are readable)
     * @param stride      bytes per row of the first plane, 0 for tightly packed
     * @param timestampUs capture time in microseconds on a monotonic clock; must increase from frame to frame
     * @return true, or false once the session has ended (the duration was captured, it was stopped or it failed):
     *         stop feeding frames then
     * @throws VitalsException.InvalidArgument a size or stride too small, sizes out of range, a timestamp that does
     *                                         not increase (the frame is ignored, nothing before it is lost)
     * @throws VitalsException.Misuse          before {@link #start()} ("call start first")
     */
    public boolean submitFrame(byte[] pixels, PixelFormat format, int width, int height, int stride,
                               long timestampUs) {
        long size = pixels == null ? 0 : pixels.length;
        int value = formatValue(format);
        return feeding(handle -> NativeApi.nfv_session_submit_frame(handle, pixels, size, value, width, height,
                stride, timestampUs));
    }

    /**
     * {@link #submitFrame(byte[], PixelFormat, int, int, int, long)} for the buffer's remaining bytes (from its
     * position to its limit; the position does not move). A direct buffer is read in place; a heap buffer through its
     * array when it starts there, else from a copy.
     */
    public boolean submitFrame(ByteBuffer pixels, PixelFormat format, int width, int height, int stride,
                               long timestampUs) {
        if (pixels == null) {
            return submitFrame((byte[]) null, format, width, height, stride, timestampUs);
        }
        int size = pixels.remaining();
        if (pixels.isDirect()) {
            Pointer start = Native.getDirectBufferPointer(pixels).share(pixels.position());
            int value = formatValue(format);
            try {
                return feeding(handle -> NativeApi.nfv_session_submit_frame(handle, start, size, value, width,
                        height, stride, timestampUs));
            } finally {
                Reference.reachabilityFence(pixels);
            }
        }
        byte[] bytes;
        if (pixels.hasArray() && pixels.arrayOffset() + pixels.position() == 0 && pixels.array().length == size) {
            bytes = pixels.array();
        } else {
            bytes = new byte[size];
            pixels.duplicate().get(bytes);
        }
        return submitFrame(bytes, format, width, height, stride, timestampUs);
    }

    /** The C value of {@code format}; a null format is an {@link VitalsException.InvalidArgument}. */
    private static int formatValue(PixelFormat format) {
        if (format == null) {
            throw new VitalsException.InvalidArgument("format must not be null: pass a PixelFormat");
        }
        return format.value();
    }

    /**
     * Hands one already-reduced frame (fingertip-region channel means, 0…255) to a host-frames session.
     *
     * @param saturatedFraction share of the region's pixels with clipped red (0…1), or a negative value if unknown
     * @return as {@link #submitFrame(byte[], PixelFormat, int, int, int, long)}
     */
    public boolean submitMeans(long timestampUs, double red, double green, double blue, double saturatedFraction) {
        return feeding(handle -> NativeApi.nfv_session_submit_means(handle, timestampUs, red, green, blue,
                saturatedFraction));
    }

    /**
     * Hands one accelerometer sample (m/s², gravity included, the frames' clock) to a host-frames session; it feeds
     * the breathing rate when the configuration's motionBreathing is on.
     *
     * @return as {@link #submitFrame(byte[], PixelFormat, int, int, int, long)}
     */
    public boolean submitMotion(long timestampUs, double x, double y, double z) {
        return feeding(handle -> NativeApi.nfv_session_submit_motion(handle, timestampUs, x, y, z));
    }

    // -- result --------------------------------------------------------------------------------------------------

    /**
     * The reading's result: completed with the {@link VitalsEvent.Result}'s result, or exceptionally with the
     * {@link VitalsEvent.Failed}'s error as a {@link VitalsException} ({@link VitalsException.NoHeartRate}, …), or
     * with {@link VitalsException.Misuse} when the session was stopped or closed before
     * {@link VitalsEvent.MeasurementComplete} (after it, the result still comes). A cancel without
     * auto-restart leaves it pending (the session may start again). Each call returns a new dependent future:
     * completing or cancelling it does not affect the session.
     */
    public CompletableFuture<VitalsResult> result() {
        return core.result.copy();
    }

    /**
     * Waits for the result (call {@link #start()} first).
     *
     * @throws VitalsException the failure's exception, or {@link VitalsException.Misuse} when stopped or closed
     *                         before {@link VitalsEvent.MeasurementComplete}
     */
    public VitalsResult awaitResult() throws InterruptedException {
        try {
            return core.result.get();
        } catch (ExecutionException failed) {
            throw unwrap(failed);
        }
    }

    /**
     * Waits at most {@code timeout} for the result.
     *
     * @throws TimeoutException when no result came in time (the session goes on)
     * @throws VitalsException  as {@link #awaitResult()}
     */
    public VitalsResult awaitResult(Duration timeout) throws InterruptedException, TimeoutException {
        try {
            return core.result.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException failed) {
            throw unwrap(failed);
        }
    }

    private static RuntimeException unwrap(ExecutionException failed) {
        return failed.getCause() instanceof RuntimeException cause ? cause : new IllegalStateException(failed);
    }

    // -- lifecycle -----------------------------------------------------------------------------------------------

    /**
     * Destroys the session (stopping it first and releasing its source); idempotent. When it returns, the listeners are
     * not running (from inside the event listener: its current call finishes normally) and the preview listener will
     * not run again. The event listener will not either, and a result still pending fails with
     * {@link VitalsException.Misuse} — unless it had been handed {@link VitalsEvent.MeasurementComplete} and not yet
     * the result: then it is still called with the events up to the {@link VitalsEvent.Result} or
     * {@link VitalsEvent.Failed} (which settles {@link #result()}), never after that (see "Threads" above).
     *
     * @throws VitalsException.Misuse from inside the preview listener, which it would wait for (close from another
     *                                thread, or stop() there)
     */
    @Override
    public void close() {
        if (core.previewThread == Thread.currentThread()) {
            throw new VitalsException.Misuse("close() from inside the preview listener would wait for itself; "
                    + "call stop() there and close from another thread");
        }
        cleanable.clean();
    }

    /** Whether the library may still call the listener: until its release notice (for the tests). */
    boolean heldByLibrary() {
        return core.heldByLibrary();
    }

    /** True after {@link #close()}. */
    public boolean isClosed() {
        return core.handle == null;
    }

    private int call(ToIntFunction<Pointer> function, int... accepted) {
        try {
            return NativeApi.check(function.applyAsInt(core.handle()), accepted);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    private boolean feeding(ToIntFunction<Pointer> submit) {
        return call(submit, NativeApi.DONE) == NativeApi.OK;
    }
}
