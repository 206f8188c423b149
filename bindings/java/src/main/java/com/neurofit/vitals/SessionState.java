package com.neurofit.vitals;

/** A session's lifecycle state (docs/behaviour.md, "States"). */
public enum SessionState implements WireEnum {
    /** Created, or idle again after a cancel without auto-restart or after a stop; the source is released. */
    IDLE("idle"),
    /** The source is open; waiting for a steady fingertip (guidance events). */
    POSITIONING("positioning"),
    /** A reading is in progress (preview and heartbeat events). */
    MEASURING("measuring"),
    /** The duration was captured; the result is being computed. */
    FINALIZING("finalizing"),
    /** Done, with a result. */
    COMPLETED("completed"),
    /** Ended without a result; the error says why. */
    FAILED("failed"),
    /** A value this binding does not know (a newer library). */
    UNKNOWN("");

    private final String wireName;

    SessionState(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
