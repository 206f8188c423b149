package com.neurofit.vitals;

import java.util.Optional;

/**
 * How two readings differ, before and after something the user did ({@link #compare}): per metric, the two values,
 * their difference and whether it is larger than two readings of a resting person typically differ (5 bpm for the
 * heart rate, 10 ms for RMSSD, 2 breaths a minute for the breathing rate; the other metrics have no threshold). A
 * metric is empty when either reading lacks it.
 *
 * @param heartRateBpm       threshold 5 bpm
 * @param rmssdMs            threshold 10 ms
 * @param breathingRateBrpm  threshold 2 brpm
 * @param sdnnMs             no threshold
 * @param baevskyStressIndex no threshold
 * @param sd2sd1             no threshold
 */
public record VitalsChange(Optional<MetricChange> heartRateBpm, Optional<MetricChange> rmssdMs,
                           Optional<MetricChange> breathingRateBrpm, Optional<MetricChange> sdnnMs,
                           Optional<MetricChange> baevskyStressIndex, Optional<MetricChange> sd2sd1) {

    /**
     * One metric of a comparison.
     *
     * @param baseline               the value in the earlier reading
     * @param followUp               the value in the later reading
     * @param delta                  {@code followUp - baseline}
     * @param beyondTypicalVariation {@code |delta|} above the metric's threshold; empty for a metric without one
     */
    public record MetricChange(double baseline, double followUp, double delta,
                               Optional<Boolean> beyondTypicalVariation) {
    }

    /** Compares two readings with the library's {@code nfv_compare}. */
    public static VitalsChange compare(VitalsResult baseline, VitalsResult followUp) {
        byte[] before = NativeApi.utf8(baseline.json());
        byte[] after = NativeApi.utf8(followUp.json());
        JsonObject change = JsonObject.parse(NativeApi.jsonOut(out -> NativeApi.nfv_compare(before, after, out)));
        return new VitalsChange(metric(change, "heartRateBpm"), metric(change, "rmssdMs"),
                metric(change, "breathingRateBrpm"), metric(change, "sdnnMs"), metric(change, "baevskyStressIndex"),
                metric(change, "sd2sd1"));
    }

    private static Optional<MetricChange> metric(JsonObject change, String key) {
        return change.optionalObject(key).map(entry -> new MetricChange(entry.requireDouble("baseline"),
                entry.requireDouble("followUp"), entry.requireDouble("delta"),
                entry.optionalBoolean("beyondTypicalVariation")));
    }
}
