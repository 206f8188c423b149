package com.neurofit.vitals;

/** Why a reading was abandoned (the public reason; the cancel's detail token says more). */
public enum CancelReason implements WireEnum {
    /** The fingertip left the camera. */
    CONTACT_LOST("contactLost"),
    /** The signal was too poor to go on. */
    POOR_SIGNAL("poorSignal"),
    /** The camera was reconfigured, stalled or lost. */
    INTERRUPTED("interrupted"),
    /** The host called {@link VitalsSession#cancelReading}. */
    CANCELLED_BY_APP("cancelledByApp"),
    /** A value this binding does not know (a newer library). */
    UNKNOWN("");

    private final String wireName;

    CancelReason(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
