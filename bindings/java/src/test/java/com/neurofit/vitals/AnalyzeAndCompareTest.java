package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class AnalyzeAndCompareTest {
    /** A minute of channel means at 30 fps of a living rhythm at {@code bpm}: {t, red, green, blue}. */
    static double[][] reading(double bpm) {
        double[] onsets = TestSupport.beatOnsets(bpm, 62, 3);
        int count = 60 * 30;
        double[][] columns = new double[4][count];
        for (int index = 0; index < count; index++) {
            double t = 1 + index / 30.0;
            double pulse = TestSupport.pulseAt(onsets, t);
            columns[0][index] = t;
            columns[1][index] = 200 * (1 - 0.015 * pulse);
            columns[2][index] = 5;
            columns[3][index] = 20;
        }
        return columns;
    }

    static VitalsResult analyze(double bpm) {
        double[][] columns = reading(bpm);
        return VitalsSDK.analyze(columns[0], columns[1], columns[2], columns[3], VitalsConfiguration.defaults());
    }

    @Test
    void analyzeFindsTheHeartRateOfChannelMeansAndIsPure() {
        VitalsResult result = analyze(66);
        assertEquals(66, result.heartRateBpm(), 2.0);
        assertEquals(result, analyze(66));
    }

    @Test
    void analyzeRefusesColumnsOfDifferentLengthsAndFlatSignals() {
        double[][] columns = reading(66);
        assertThrows(VitalsException.InvalidArgument.class, () -> VitalsSDK.analyze(columns[0], columns[1],
                columns[2], new double[3], VitalsConfiguration.defaults()));
        double[] flat = new double[columns[0].length];
        java.util.Arrays.fill(flat, 170);
        assertThrows(VitalsException.NoHeartRate.class, () -> VitalsSDK.analyze(columns[0], flat, columns[2],
                columns[3], VitalsConfiguration.defaults()));
    }

    @Test
    void compareTellsAChangeBeyondTypicalVariation() {
        VitalsResult before = analyze(62);
        VitalsResult after = analyze(78);
        VitalsChange change = VitalsChange.compare(before, after);
        VitalsChange.MetricChange heartRate = change.heartRateBpm().orElseThrow();
        assertEquals(before.heartRateBpm(), heartRate.baseline());
        assertEquals(after.heartRateBpm() - before.heartRateBpm(), heartRate.delta(), 1e-9);
        assertEquals(Optional.of(true), heartRate.beyondTypicalVariation());
        change.sdnnMs().ifPresent(sdnn -> assertTrue(sdnn.beyondTypicalVariation().isEmpty()));
        VitalsChange same = VitalsChange.compare(before, before);
        assertEquals(Optional.of(false), same.heartRateBpm().orElseThrow().beyondTypicalVariation());
    }
}
