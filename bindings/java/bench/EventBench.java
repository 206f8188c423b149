package com.neurofit.vitals;

import com.sun.jna.CallbackThreadInitializer;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;

/**
 * Measurements of the Java binding, printed as figures (run by bindings/java/bench/bench-events, which prints the C
 * and Python figures of bindings/python/bench first):
 *
 * <ol>
 *   <li>Per-event delivery cost, the method of bindings/python/bench: a fast simulated reading runs to completion
 *       while its events queue up behind a callback blocked on the first event; then the queue is drained and timed.
 *       Cost per event = drain time / events: the library's hand-over to the JVM and the consumer's own work, not the
 *       engine's time to produce the events. Two consumers: the binding's listener (JNA callback on the library's
 *       thread, UTF-8 copy, JSON parse, event record) and a bare JNA callback that only copies the text.</li>
 *   <li>A loop of N sessions (default 1,000), each created, run through a fast simulated reading and closed, with the
 *       process's resident memory and thread count (/proc/self/status) and the Java heap before and after.</li>
 * </ol>
 *
 * Both measure after {@value #WARM_UP} unmeasured repetitions. Usage:
 * {@code java -cp JAR:jna.jar:BENCH_CLASSES com.neurofit.vitals.EventBench [ROUNDS] [SESSIONS]}
 */
public final class EventBench {
    private static final SimulatorOptions FAST = SimulatorOptions.builder().realTime(false).seed(11).build();
    /** Unmeasured readings (event rounds) and sessions (loop) before measuring: the JIT compiles, the heap grows to
     *  its working size, so what is measured is the steady state. */
    private static final int WARM_UP = 100;

    private EventBench() {
    }

    public static void main(String[] arguments) throws Exception {
        int rounds = arguments.length > 0 ? Integer.parseInt(arguments[0]) : 5;
        int sessions = arguments.length > 1 ? Integer.parseInt(arguments[1]) : 1000;
        System.out.printf(Locale.ROOT, "Java %s, library %s%n", System.getProperty("java.version"),
                VitalsSDK.libraryPath());
        for (int warmUp = 0; warmUp < WARM_UP; warmUp++) {   // the JIT compiles the delivery path first
            listenerCost();
            bareCallbackCost();
        }
        double[] listener = new double[rounds];
        double[] bare = new double[rounds];
        int events = 0;
        for (int round = 0; round < rounds; round++) {
            double[] measured = listenerCost();
            listener[round] = measured[0];
            events = (int) measured[1];
            bare[round] = bareCallbackCost();
        }
        System.out.printf(Locale.ROOT, "per-event delivery cost, median of %d readings%n", rounds);
        System.out.printf(Locale.ROOT, "%-28s %9s %7s  what%n", "mode", "µs/event", "events");
        System.out.printf(Locale.ROOT, "%-28s %9.2f %7d  %s%n", "java-listener", median(listener) / 1000, events,
                "Java VitalsListener on the library's event thread (JNA callback, JSON parse, event record)");
        System.out.printf(Locale.ROOT, "%-28s %9.2f %7d  %s%n", "java-jna-callback-raw", median(bare) / 1000, events,
                "bare JNA callback on the library's event thread, JSON text copied only (comparison)");
        sessionLoop(sessions);
    }

    /** The binding's listener: [ns per event, events]. */
    private static double[] listenerCost() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        long[] times = new long[4096];
        int[] count = {0};
        try (VitalsSession session = new VitalsSession()) {
            session.useSimulator(FAST).setListener(event -> {
                awaitQuietly(release);
                times[count[0]++] = System.nanoTime();
            });
            session.start();
            waitCompleted(session);
            release.countDown();
            session.awaitResult();
        }
        return new double[] {(double) (times[count[0] - 1] - times[0]) / (count[0] - 1), count[0]};
    }

    /** A bare JNA callback set on a session handle of our own, which only copies the event text: ns per event. */
    private static double bareCallbackCost() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        long[] times = new long[4096];
        int[] count = {0};
        NativeApi.EventCallback callback = new NativeApi.EventCallback() {
            @Override
            public void invoke(Pointer userData, Pointer eventJson) {
                awaitQuietly(release);
                String text = eventJson.getString(0, StandardCharsets.UTF_8.name());
                times[count[0]++] = System.nanoTime();
                if (text.contains("\"type\":\"state\"") && text.contains("\"state\":\"completed\"")) {
                    finished.countDown();
                }
            }
        };
        Native.setCallbackThreadInitializer(callback, new CallbackThreadInitializer(true, false, "bench-events"));
        PointerByReference out = new PointerByReference();
        NativeApi.check(NativeApi.nfv_session_new(null, out));
        Pointer handle = out.getValue();
        try {
            NativeApi.check(NativeApi.nfv_session_set_callback(handle, callback, null));
            NativeApi.check(NativeApi.nfv_session_use_simulator(handle, NativeApi.utf8(FAST.toJson())));
            NativeApi.check(NativeApi.nfv_session_start(handle));
            while (!NativeApi.jsonOut(json -> NativeApi.nfv_session_state(handle, json)).contains("\"completed\"")) {
                Thread.sleep(1);
            }
            release.countDown();
            finished.await();
        } finally {
            NativeApi.nfv_session_destroy(handle);
        }
        return (double) (times[count[0] - 1] - times[0]) / (count[0] - 1);
    }

    /** N sessions created, run (fast simulated reading) and closed; memory and threads before and after. */
    private static void sessionLoop(int sessions) throws Exception {
        for (int warmUp = 0; warmUp < WARM_UP; warmUp++) {
            runOneSession(warmUp);
        }
        settle();
        long[] before = processStatus();
        long heapBefore = usedHeap();
        long committedBefore = Runtime.getRuntime().totalMemory();
        long began = System.nanoTime();
        double heartRates = 0;
        StringBuilder course = new StringBuilder();
        for (int index = 0; index < sessions; index++) {
            heartRates += runOneSession(index);
            if ((index + 1) % Math.max(1, sessions / 4) == 0) {
                course.append(String.format(Locale.ROOT, " %d: %d KiB, %d threads;", index + 1,
                        processStatus()[0], processStatus()[1]));
            }
        }
        double seconds = (System.nanoTime() - began) / 1e9;
        settle();
        long[] after = processStatus();
        long heapAfter = usedHeap();
        long committedAfter = Runtime.getRuntime().totalMemory();
        System.out.printf(Locale.ROOT, "%n%d sessions created, run (fast simulated reading) and closed in %.1f s "
                + "(%.1f ms each; mean heart rate %.1f bpm)%n", sessions, seconds, seconds * 1000 / sessions,
                heartRates / sessions);
        System.out.println("resident memory along the loop (no collection forced):" + course);
        System.out.printf(Locale.ROOT, "%-22s %10s %10s %10s%n", "", "before", "after", "change");
        System.out.printf(Locale.ROOT, "%-22s %10d %10d %+10d%n", "resident memory (KiB)", before[0], after[0],
                after[0] - before[0]);
        System.out.printf(Locale.ROOT, "%-22s %10d %10d %+10d%n", "threads", before[1], after[1],
                after[1] - before[1]);
        System.out.printf(Locale.ROOT, "%-22s %10d %10d %+10d%n", "Java heap used (KiB)", heapBefore / 1024,
                heapAfter / 1024, (heapAfter - heapBefore) / 1024);
        System.out.printf(Locale.ROOT, "%-22s %10d %10d %+10d%n", "Java heap size (KiB)", committedBefore / 1024,
                committedAfter / 1024, (committedAfter - committedBefore) / 1024);
    }

    private static double runOneSession(int seed) throws Exception {
        try (VitalsSession session = new VitalsSession()) {
            session.useSimulator(SimulatorOptions.builder().realTime(false).seed(seed).build());
            session.setListener(event -> { });
            session.start();
            return session.awaitResult().heartRateBpm();
        }
    }

    /** Lets the library's threads drain and the collector run before a reading of the process's status. */
    private static void settle() throws InterruptedException {
        for (int pass = 0; pass < 3; pass++) {
            System.gc();
            Thread.sleep(500);
        }
    }

    private static long usedHeap() {
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }

    /** [VmRSS in KiB, Threads] of /proc/self/status. */
    private static long[] processStatus() throws IOException {
        long[] status = new long[2];
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            String[] words = line.split("\\s+");
            if (words[0].equals("VmRSS:")) {
                status[0] = Long.parseLong(words[1]);
            } else if (words[0].equals("Threads:")) {
                status[1] = Long.parseLong(words[1]);
            }
        }
        return status;
    }

    private static void waitCompleted(VitalsSession session) throws InterruptedException {
        while (session.state().state() != SessionState.COMPLETED) {
            Thread.sleep(1);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
