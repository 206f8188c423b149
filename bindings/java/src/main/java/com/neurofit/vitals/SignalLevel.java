package com.neurofit.vitals;

/** Live signal level of a preview: strong at a quality score of 0.80 or more, good at 0.65, fair at 0.50, else weak. */
public enum SignalLevel implements WireEnum {
    /** Quality score 0.80 or more. */
    STRONG("strong"),
    /** Quality score 0.65 or more. */
    GOOD("good"),
    /** Quality score 0.50 or more. */
    FAIR("fair"),
    /** Below 0.50; lowered ahead of a poor-signal cancel. */
    WEAK("weak"),
    /** A value this binding does not know (a newer library). */
    UNKNOWN("");

    private final String wireName;

    SignalLevel(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
