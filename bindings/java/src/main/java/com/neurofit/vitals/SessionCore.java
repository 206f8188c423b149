package com.neurofit.vitals;

import com.sun.jna.CallbackThreadInitializer;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a {@link VitalsSession} shares with the library's event thread and its {@link java.lang.ref.Cleaner}: the
 * handle, the JNA callback objects, the listeners and the result. It holds no reference to the session object, so an
 * unreachable session can be cleaned while this core (and with it the callbacks) stays reachable until the handle is
 * destroyed. (A listener that refers to its session keeps the session reachable: such a session must be closed.)
 *
 * <p>A destroy after the listener was handed {@code measurementComplete} and before the result does not end the
 * library's calls: it goes on calling the event callback up to the {@code completed} or {@code failed} event. Such a
 * core stays in {@link #OWING} (strongly reachable, callbacks included) until that call.
 */
final class SessionCore {
    /** Event threads run as daemons (they never keep the JVM alive), stay attached between events (one attach per
     *  thread, not per event) and are detached by JNA when the library's thread ends. */
    private static final CallbackThreadInitializer EVENT_THREADS =
            new CallbackThreadInitializer(true, false, "neurofit-vitals-events");
    /** The same for the preview thread. */
    private static final CallbackThreadInitializer PREVIEW_THREADS =
            new CallbackThreadInitializer(true, false, "neurofit-vitals-preview");

    /** Cores destroyed while the library still owes their listener the result: held until it is delivered. */
    private static final Set<SessionCore> OWING = ConcurrentHashMap.newKeySet();

    /** The handle, {@code null} once destroyed. */
    volatile Pointer handle;
    volatile VitalsListener listener;
    volatile PreviewListener previewListener;
    /** The thread running the preview listener, while it runs: closing from there would wait for itself. */
    volatile Thread previewThread;
    volatile Thread.UncaughtExceptionHandler exceptionHandler;
    volatile boolean started;
    volatile boolean stopRequested;
    final CompletableFuture<VitalsResult> result = new CompletableFuture<>();
    /** The callback the library holds: referenced from here for as long as the handle exists, and beyond. */
    final NativeApi.EventCallback callback = new Trampoline();
    /** The preview callback the library holds once a preview listener was set: kept like {@link #callback}. */
    final NativeApi.PreviewCallback previewCallback = new PreviewTrampoline();
    /** (this) The event callback was handed {@code measurementComplete} and not yet the result. */
    private boolean analysing;
    /** (this) The handle was destroyed. */
    private boolean destroyed;

    SessionCore(Pointer handle) {
        this.handle = handle;
        Native.setCallbackThreadInitializer(callback, EVENT_THREADS);
        Native.setCallbackThreadInitializer(previewCallback, PREVIEW_THREADS);
    }

    /** The live handle. */
    Pointer handle() {
        Pointer current = handle;
        if (current == null) {
            throw new VitalsException.InvalidArgument("The session is closed");
        }
        return current;
    }

    /**
     * Destroys the handle once (waits for a listener call under way unless called from it). Before
     * {@code measurementComplete} the listener is not called again and a pending result fails; after it the library
     * still delivers the events up to the result, and this core stays strongly reachable until then.
     */
    void destroy() {
        Pointer current;
        synchronized (this) {
            current = handle;
            handle = null;
        }
        if (current == null) {
            return;
        }
        NativeApi.nfv_session_destroy(current);
        synchronized (this) {
            destroyed = true;
            if (analysing) {
                OWING.add(this);
                return;
            }
        }
        failPending("The session was closed before a result");
    }

    /** Notes {@code measurementComplete} (before the listener has it: it may close the session). */
    private void noteMeasurementComplete(VitalsEvent event) {
        if (event instanceof VitalsEvent.MeasurementComplete) {
            synchronized (this) {
                analysing = true;
            }
        }
    }

    /** After the listener had the result: the library will not call again, so an owing core is released. */
    private void noteResult(VitalsEvent event) {
        if (event instanceof VitalsEvent.Result || event instanceof VitalsEvent.Failed) {
            synchronized (this) {
                if (analysing && destroyed) {
                    OWING.remove(this);
                }
                analysing = false;
            }
        }
    }

    /** Fails the result with {@link VitalsException.Misuse} unless it is already settled. */
    void failPending(String message) {
        result.completeExceptionally(new VitalsException.Misuse(message));
    }

    /** One event from the library: parsed, handed to the listener, then used to settle the result. Nothing thrown
     *  here may reach the library: every exception goes to the handler. */
    private void deliver(Pointer eventJson) {
        VitalsEvent event;
        try {
            event = EventParser.parse(eventJson.getString(0, StandardCharsets.UTF_8.name()));
        } catch (RuntimeException malformed) {
            report(malformed);
            return;
        }
        noteMeasurementComplete(event);
        VitalsListener current = listener;
        if (current != null) {
            try {
                current.onEvent(event);
            } catch (Throwable thrown) {
                report(thrown);
            }
        }
        settle(event);
        noteResult(event);
    }

    private void settle(VitalsEvent event) {
        if (event instanceof VitalsEvent.Result completed) {
            result.complete(completed.result());
        } else if (event instanceof VitalsEvent.Failed failed) {
            result.completeExceptionally(failed.error().toException());
        } else if (event instanceof VitalsEvent.StateChanged state && state.state() == SessionState.IDLE
                && stopRequested) {
            failPending("The session ended without a result (it was stopped)");
        }
    }

    private void report(Throwable thrown) {
        Thread thread = Thread.currentThread();
        Thread.UncaughtExceptionHandler handler = exceptionHandler;
        try {
            (handler != null ? handler : thread.getUncaughtExceptionHandler()).uncaughtException(thread, thrown);
        } catch (Throwable handlerFailed) {
            handlerFailed.addSuppressed(thrown);
            handlerFailed.printStackTrace();
        }
    }

    /** Copies one preview picture into packed rows and hands it to the preview listener. */
    private void preview(Pointer rgb, int width, int height, int stride, long timestampUs) {
        PreviewListener current = previewListener;
        if (current == null) {
            return;
        }
        int row = 3 * width;
        byte[] pixels = new byte[row * height];
        for (int y = 0; y < height; y++) {
            rgb.read((long) y * stride, pixels, y * row, row);
        }
        previewThread = Thread.currentThread();
        try {
            current.onPreview(new PreviewFrame(width, height, timestampUs, pixels));
        } finally {
            previewThread = null;
        }
    }

    /** The JNA event callback object (a named class: JNA finds the callback interface through it). */
    private final class Trampoline implements NativeApi.EventCallback {
        @Override
        public void invoke(Pointer userData, Pointer eventJson) {
            try {
                deliver(eventJson);
            } catch (Throwable unexpected) {
                report(unexpected);
            }
        }
    }

    /** The JNA preview callback object. */
    private final class PreviewTrampoline implements NativeApi.PreviewCallback {
        @Override
        public void invoke(Pointer rgb, int width, int height, int stride, long timestampUs, Pointer userData) {
            try {
                preview(rgb, width, height, stride, timestampUs);
            } catch (Throwable thrown) {
                report(thrown);
            }
        }
    }
}
