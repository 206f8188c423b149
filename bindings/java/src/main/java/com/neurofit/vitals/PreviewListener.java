package com.neurofit.vitals;

/**
 * Receives preview pictures ({@link VitalsSession#setPreviewListener}) on the library's preview thread (a daemon
 * thread named "neurofit-vitals-preview"; not the event thread), one at a time. Capture never waits for it: while it
 * runs, newer frames replace each other and only the newest is delivered next. It must not close its own session
 * (that would wait for itself: {@link VitalsSession#close()} throws {@link VitalsException.Misuse} there). An
 * exception it throws goes to the session's uncaught-exception handler, like the event listener's.
 */
@FunctionalInterface
public interface PreviewListener {
    /** One preview picture. */
    void onPreview(PreviewFrame frame);
}
