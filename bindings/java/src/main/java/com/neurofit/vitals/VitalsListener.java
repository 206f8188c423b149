package com.neurofit.vitals;

/**
 * Receives a session's events ({@link VitalsSession#setListener}), one at a time and in order, on the library's event
 * thread (a daemon thread named "neurofit-vitals-events"; not the thread that started the session).
 *
 * <p>Return quickly: later events queue up behind a slow listener. The listener may call any method of its session,
 * {@link VitalsSession#stop()} and {@link VitalsSession#close()} included. An exception it throws never reaches the
 * library: the session catches it, hands it to its uncaught-exception handler
 * ({@link VitalsSession#setUncaughtExceptionHandler}) and delivers the next event as usual.
 */
@FunctionalInterface
public interface VitalsListener {
    /** One event; see {@link VitalsEvent} for the kinds. */
    void onEvent(VitalsEvent event);
}
