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
 * unreachable session can be cleaned while this core (and with it the callbacks) stays reachable for the library.
 * (A listener that refers to its session keeps the session reachable: such a session must be closed.)
 *
 * <p>When the library calls the listener for the last time is the library's decision, not this binding's: the event
 * callback is its version 2 callback ({@code nfv_session_set_callback_v2}), whose release notice comes exactly once
 * when no call can follow — after the stream's last event, inside the destroy, or, when the listener had already
 * been handed {@code measurementComplete}, right after the owed {@code completed} or {@code failed} event. The core
 * stays in {@link #HELD} (strongly reachable, callbacks included) from the callback's registration until that notice,
 * which also fails a result still pending. Each event's record is chosen by the kind the library hands beside it.
 */
final class SessionCore {
    /** Event threads run as daemons (they never keep the JVM alive), stay attached between events (one attach per
     *  thread, not per event) and are detached by JNA when the library's thread ends. */
    private static final CallbackThreadInitializer EVENT_THREADS =
            new CallbackThreadInitializer(true, false, "neurofit-vitals-events");
    /** The same for the preview thread. */
    private static final CallbackThreadInitializer PREVIEW_THREADS =
            new CallbackThreadInitializer(true, false, "neurofit-vitals-preview");

    /** Cores whose callbacks the library may still call: held from the registration until the release notice. */
    private static final Set<SessionCore> HELD = ConcurrentHashMap.newKeySet();

    /** The handle, {@code null} once destroyed. */
    volatile Pointer handle;
    volatile VitalsListener listener;
    volatile PreviewListener previewListener;
    /** The thread running the preview listener, while it runs: closing from there would wait for itself. */
    volatile Thread previewThread;
    volatile Thread.UncaughtExceptionHandler exceptionHandler;
    volatile boolean started;
    final CompletableFuture<VitalsResult> result = new CompletableFuture<>();
    /** The event callback the library holds: referenced from here for as long as the library may call it. */
    private final NativeApi.EventCallback callback = new Trampoline();
    /** The release notice's callback, held like {@link #callback}. */
    private final NativeApi.ReleaseCallback release = new ReleaseTrampoline();
    /** The preview callback the library holds once a preview listener was set: kept with the core. */
    final NativeApi.PreviewCallback previewCallback = new PreviewTrampoline();

    SessionCore(Pointer handle) {
        this.handle = handle;
        Native.setCallbackThreadInitializer(callback, EVENT_THREADS);
        Native.setCallbackThreadInitializer(release, EVENT_THREADS);
        Native.setCallbackThreadInitializer(previewCallback, PREVIEW_THREADS);
    }

    /** Hands the library the event callback and its release notice (before the first start): from now until the
     *  notice, the library holds this core. */
    void registerCallbacks() {
        HELD.add(this);
        try {
            NativeApi.check(NativeApi.nfv_session_set_callback_v2(handle(), callback, null, release));
        } catch (RuntimeException refused) {
            HELD.remove(this);
            throw refused;
        }
    }

    /** Whether the library may still call the event listener (its release notice has not come). */
    boolean heldByLibrary() {
        return HELD.contains(this);
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
     * Destroys the handle once (waits for a listener call under way unless called from it). The library then says,
     * by its release notice, when the listener has had its last call: inside the destroy (a pending result fails),
     * or, when it had been handed {@code measurementComplete} and not yet the result, after the result.
     */
    void destroy() {
        Pointer current;
        synchronized (this) {
            current = handle;
            handle = null;
        }
        if (current != null) {
            NativeApi.nfv_session_destroy(current);
        }
    }

    /** The library's release notice: no listener call follows. The library lets go of this core, and a result still
     *  pending fails (the session was closed, or stopped, before its result). */
    private void released() {
        HELD.remove(this);
        failPending(handle == null ? "The session was closed before a result"
                : "The session ended without a result (it was stopped)");
    }

    /** Fails the result with {@link VitalsException.Misuse} unless it is already settled. */
    void failPending(String message) {
        result.completeExceptionally(new VitalsException.Misuse(message));
    }

    /** One event from the library: the record its kind chooses, handed to the listener, then used to settle the
     *  result. Nothing thrown here may reach the library: every exception goes to the handler. */
    private void deliver(int kind, Pointer eventJson) {
        VitalsEvent event;
        try {
            event = EventParser.parse(kind, eventJson.getString(0, StandardCharsets.UTF_8.name()));
        } catch (RuntimeException malformed) {
            report(malformed);
            return;
        }
        VitalsListener current = listener;
        if (current != null) {
            try {
                current.onEvent(event);
            } catch (Throwable thrown) {
                report(thrown);
            }
        }
        settle(event);
    }

    private void settle(VitalsEvent event) {
        if (event instanceof VitalsEvent.Result completed) {
            result.complete(completed.result());
        } else if (event instanceof VitalsEvent.Failed failed) {
            result.completeExceptionally(failed.error().toException());
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
        public void invoke(Pointer userData, int kind, Pointer eventJson) {
            try {
                deliver(kind, eventJson);
            } catch (Throwable unexpected) {
                report(unexpected);
            }
        }
    }

    /** The JNA release notice object. */
    private final class ReleaseTrampoline implements NativeApi.ReleaseCallback {
        @Override
        public void invoke(Pointer userData) {
            try {
                released();
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
