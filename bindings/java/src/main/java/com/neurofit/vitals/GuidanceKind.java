package com.neurofit.vitals;

/** What the user should do while positioning (the first that applies, in this order). */
public enum GuidanceKind implements WireEnum {
    /** No fingertip on the camera. */
    NO_CONTACT("noContact"),
    /** The frame rate is below 70 % of the tier. */
    FRAME_DROP("frameDrop"),
    /** Contact, but the pulse is too faint (a cold finger, too much pressure). */
    WEAK_SIGNAL("weakSignal"),
    /** Contact, but the quality score is below the start floor (movement, changing pressure). */
    LOW_QUALITY("lowQuality"),
    /** Good: the start gate is filling. */
    COMPLIANT("compliant"),
    /** A value this binding does not know (a newer library). */
    UNKNOWN("");

    private final String wireName;

    GuidanceKind(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
