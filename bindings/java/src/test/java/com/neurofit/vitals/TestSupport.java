package com.neurofit.vitals;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the tests share: the license key (environment NFV_TEST_KEY_JAVA, a key listing {@link #APP_ID} signed for the
 * library under test; bindings/java/test sets it), a fingertip-like pulse, and child JVMs for what needs a fresh
 * process or LD_PRELOAD.
 */
final class TestSupport {
    static final String APP_ID = "com.neurofit.bindings-tests";

    private TestSupport() {
    }

    /** Activates the library with the test key (skips the test when no key is set). */
    static void activate() {
        String key = System.getenv("NFV_TEST_KEY_JAVA");
        assumeTrue(key != null && !key.isEmpty(), "NFV_TEST_KEY_JAVA is not set (bindings/java/test sets it)");
        VitalsSDK.activate(key, APP_ID);
    }

    /** A fast simulated reading at {@code bpm}. */
    static SimulatorOptions fastSimulator(double bpm) {
        return SimulatorOptions.builder().realTime(false).seed(7).heartRateBpm(bpm).build();
    }

    /**
     * The red level of a fingertip-like pulse at {@code t} seconds: a sharp systolic rise and a slow decay, 6 counts
     * deep around 170.
     */
    static double pulseRed(double t, double bpm) {
        double period = 60.0 / bpm;
        return 170.0 + 3.0 * pulseShape((t % period) / period);
    }

    /** One beat's waveform at {@code phase} 0…1 of the beat: 0 at the onset, 1 at the systolic peak. */
    static double pulseShape(double phase) {
        return phase < 0.2 ? Math.sin(Math.PI * phase / 0.2)
                : Math.exp(-(phase - 0.2) * 4.0) * Math.cos((phase - 0.2) * Math.PI / 1.6);
    }

    /**
     * Beat onsets of a living rhythm at {@code bpm} on average: the intervals swing ±4 % with a 4-beat breathing
     * cycle and a seeded ±2 % jitter (a perfectly regular pulse is refused as implausible).
     */
    static double[] beatOnsets(double bpm, double seconds, long seed) {
        java.util.Random random = new java.util.Random(seed);
        double mean = 60.0 / bpm;
        java.util.List<Double> onsets = new java.util.ArrayList<>();
        for (double t = 0; t < seconds; ) {
            onsets.add(t);
            double swing = 0.04 * Math.sin(2 * Math.PI * onsets.size() / 4.0) + 0.02 * (2 * random.nextDouble() - 1);
            t += mean * (1 + swing);
        }
        return onsets.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The pulse waveform (0…1) at {@code t} for the beats starting at {@code onsets}. */
    static double pulseAt(double[] onsets, double t) {
        int index = java.util.Arrays.binarySearch(onsets, t);
        int beat = index >= 0 ? index : Math.max(0, -index - 2);
        if (beat + 1 >= onsets.length) {
            return 0;
        }
        return pulseShape((t - onsets[beat]) / (onsets[beat + 1] - onsets[beat]));
    }

    /** The output of a finished child process. */
    record ChildOutput(int exitCode, String stdout, String stderr) {
    }

    /**
     * Runs {@code mainClass} in a new JVM with this JVM's class path and library settings plus {@code environment},
     * and returns its output (fails the test after {@code timeoutSeconds}).
     */
    static ChildOutput runChildJvm(Class<?> mainClass, Map<String, String> environment, long timeoutSeconds,
                                   String... arguments) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path")));
        for (String property : List.of("jna.library.path", "neurofit.vitals.library")) {
            String value = System.getProperty(property);
            if (value != null) {
                command.add("-D" + property + "=" + value);
            }
        }
        command.add(mainClass.getName());
        command.addAll(List.of(arguments));
        Path stdout = Files.createTempFile("nfv-child", ".out");
        Path stderr = Files.createTempFile("nfv-child", ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile());
            builder.environment().putAll(environment);
            Process child = builder.start();
            if (!child.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                child.destroyForcibly();
                throw new AssertionError(mainClass.getSimpleName() + " did not finish in " + timeoutSeconds + " s: "
                        + Files.readString(stderr, StandardCharsets.UTF_8));
            }
            return new ChildOutput(child.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8),
                    Files.readString(stderr, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
        }
    }
}
