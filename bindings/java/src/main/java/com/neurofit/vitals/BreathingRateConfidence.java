package com.neurofit.vitals;

/** How far to trust a result's breathing rate. */
public enum BreathingRateConfidence implements WireEnum {
    /** From the accelerometer (host-submitted motion). */
    HIGH("high"),
    /** Two camera channels agree with regular cycles. */
    MEDIUM("medium"),
    /** Unreliable: show it as approximate, never as a plain number. */
    LOW("low"),
    /** A value this binding does not know (a newer library). */
    UNKNOWN("");

    private final String wireName;

    BreathingRateConfidence(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
