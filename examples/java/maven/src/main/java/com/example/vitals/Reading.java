package com.example.vitals;

import com.neurofit.vitals.SimulatorOptions;
import com.neurofit.vitals.VitalsException;
import com.neurofit.vitals.VitalsResult;
import com.neurofit.vitals.VitalsSDK;
import com.neurofit.vitals.VitalsSession;
import java.util.Locale;

/** A simulated reading, as fast as the session consumes it, from a Maven project that depends on the binding. */
public final class Reading {
    private Reading() {}

    /** Prints the library's version and the reading's heart rate; exits 1 when the reading fails. */
    public static void main(String[] arguments) throws InterruptedException {
        System.out.println("NeurofitVitals " + VitalsSDK.version() + " from " + VitalsSDK.libraryPath());
        try (VitalsSession session = new VitalsSession()) {
            session.useSimulator(SimulatorOptions.builder().realTime(false).build());
            session.start();
            VitalsResult result = session.awaitResult();
            System.out.printf(Locale.ROOT, "heart rate %.1f bpm, quality %d%n", result.heartRateBpm(),
                    result.quality());
        } catch (VitalsException error) {
            System.err.println("reading failed (" + error.code() + "): " + error.getMessage());
            System.exit(1);
        }
    }
}
