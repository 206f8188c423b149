package com.neurofit.vitals;

/** How close a reading is to the cancel for lack of a reliable live estimate (about 35 s in). */
public enum AbortRisk implements WireEnum {
    /** No risk. */
    NONE("none"),
    /** From about 21 s without a reliable estimate. */
    WARN("warn"),
    /** From about 30 s without a reliable estimate. */
    IMMINENT("imminent"),
    /** A value this binding does not know (a newer library). */
    UNKNOWN("");

    private final String wireName;

    AbortRisk(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
