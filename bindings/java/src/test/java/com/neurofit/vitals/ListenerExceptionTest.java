package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ListenerExceptionTest {
    @Test
    void exceptionsAndErrorsFromTheListenerAreReportedAndDeliveryGoesOn() throws Exception {
        List<Throwable> reported = new CopyOnWriteArrayList<>();
        List<Thread> reportingThreads = new CopyOnWriteArrayList<>();
        AtomicInteger seen = new AtomicInteger();
        RuntimeException first = new IllegalStateException("listener failure");
        AssertionError second = new AssertionError("an Error, not an Exception");
        VitalsResult result;
        try (VitalsSession session = new VitalsSession()) {
            session.useSimulator(TestSupport.fastSimulator(72));
            session.setUncaughtExceptionHandler((thread, error) -> {
                reportingThreads.add(thread);
                reported.add(error);
            });
            session.setListener(event -> {
                int index = seen.incrementAndGet();
                if (index == 1) {
                    throw first;
                }
                if (index == 2) {
                    throw second;
                }
                if (event instanceof VitalsEvent.Result) {
                    throw new IllegalArgumentException("thrown while the result is delivered");
                }
            });
            session.start();
            result = session.awaitResult(Duration.ofSeconds(60));
        }
        assertEquals(72, result.heartRateBpm(), 2.0);
        assertTrue(seen.get() > 60, "only " + seen.get() + " events");
        assertEquals(3, reported.size(), reported.toString());
        assertSame(first, reported.get(0));
        assertSame(second, reported.get(1));
        assertTrue(reportingThreads.stream().allMatch(thread -> thread.getName().equals("neurofit-vitals-events")));
    }

    @Test
    void withoutAHandlerTheJvmWideDefaultHandlerGetsIt() throws Exception {
        List<Throwable> reported = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, error) -> reported.add(error));
        try (VitalsSession session = new VitalsSession()) {
            session.useSimulator(TestSupport.fastSimulator(72)).setListener(event -> {
                throw new UnsupportedOperationException("from " + event.getClass().getSimpleName());
            });
            session.start();
            session.awaitResult(Duration.ofSeconds(60));
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(previous);
        }
        assertTrue(reported.size() > 60, reported.size() + " reported");
        assertTrue(reported.stream().allMatch(UnsupportedOperationException.class::isInstance));
    }
}
