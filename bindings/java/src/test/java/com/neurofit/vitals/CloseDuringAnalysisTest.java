package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.RepeatedTest;

/**
 * close() (or the Cleaner) once the listener was handed measurementComplete: the library still delivers the result,
 * so the callbacks must stay reachable until then and the result must reach the listener and the future. Repeated:
 * the close races the library's event thread.
 */
class CloseDuringAnalysisTest {
    private static final int RUNS = 20;

    @RepeatedTest(RUNS)
    void closeFromTheListenerOnMeasurementCompleteStillDeliversTheResult() throws Exception {
        List<VitalsEvent> events = new CopyOnWriteArrayList<>();
        VitalsSession session = new VitalsSession();
        session.useSimulator(TestSupport.fastSimulator(70)).setListener(event -> {
            events.add(event);
            if (event instanceof VitalsEvent.MeasurementComplete) {
                session.close();
            }
        });
        CompletableFuture<VitalsResult> result = session.result();
        session.start();
        assertEquals(70, result.get(30, TimeUnit.SECONDS).heartRateBpm(), 1.5);
        Thread.sleep(200);
        assertTrue(session.isClosed());
        // The listener's last call is the result: the state event that follows it is not delivered after a close.
        assertInstanceOf(VitalsEvent.Result.class, events.get(events.size() - 1), events.toString());
    }

    @RepeatedTest(RUNS)
    void closeFromAnotherThreadAfterMeasurementCompleteStillDeliversTheResult() throws Exception {
        ResultWatch watch = new ResultWatch(0);
        VitalsSession session = new VitalsSession();
        session.useSimulator(TestSupport.fastSimulator(70)).setListener(watch);
        CompletableFuture<VitalsResult> result = session.result();
        session.start();
        assertTrue(watch.measured.await(30, TimeUnit.SECONDS));
        session.close();
        assertEquals(70, result.get(30, TimeUnit.SECONDS).heartRateBpm(), 1.5);
        watch.assertNothingAfterTheResult();
    }

    @RepeatedTest(RUNS)
    void closeBeforeMeasurementCompleteEndsDeliveryAndFailsTheResult() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean closed = new AtomicBoolean();
        AtomicInteger callsAfterClose = new AtomicInteger();
        VitalsSession session = new VitalsSession();
        session.useSimulator(TestSupport.fastSimulator(70)).setListener(event -> {
            if (closed.get()) {
                callsAfterClose.incrementAndGet();
            }
            if (event instanceof VitalsEvent.Started) {
                started.countDown();
            }
        });
        CompletableFuture<VitalsResult> result = session.result();
        session.start();
        assertTrue(started.await(30, TimeUnit.SECONDS));
        session.close();
        closed.set(true);
        assertInstanceOf(VitalsException.Misuse.class, SimulatedReadingTest.assertThrowsCause(result));
        Thread.sleep(200);
        assertEquals(0, callsAfterClose.get());
    }

    @RepeatedTest(RUNS)
    void aSessionCleanedDuringItsAnalysisStillDeliversTheResult() throws Exception {
        // The Cleaner's destroy waits for the paused measurementComplete call: it lands before the result.
        ResultWatch watch = new ResultWatch(300);
        AtomicReference<VitalsSession> held = new AtomicReference<>();
        CompletableFuture<VitalsResult> result = forgottenSession(watch, held);
        assertTrue(watch.measured.await(30, TimeUnit.SECONDS));
        held.set(null); // forgotten only now: a collection before measurementComplete would rightly end the reading
        for (int attempt = 0; attempt < 40 && !result.isDone(); attempt++) {
            System.gc();
            Thread.sleep(10);
        }
        for (int attempt = 0; attempt < 5; attempt++) {
            System.gc(); // an owing session's callbacks must survive collections until the result
            Thread.sleep(10);
        }
        assertEquals(70, result.get(30, TimeUnit.SECONDS).heartRateBpm(), 1.5);
        watch.assertNothingAfterTheResult();
    }

    /** A started session whose only reference is {@code held}: the test drops it once the analysis is under way. */
    private static CompletableFuture<VitalsResult> forgottenSession(VitalsListener listener,
                                                                   AtomicReference<VitalsSession> held) {
        VitalsSession session = new VitalsSession();
        held.set(session);
        session.useSimulator(TestSupport.fastSimulator(70)).setListener(listener);
        session.start();
        return session.result();
    }

    /** A listener that signals measurementComplete (pausing in that call, when asked) and counts calls after the
     *  result. */
    private static final class ResultWatch implements VitalsListener {
        final CountDownLatch measured = new CountDownLatch(1);
        private final AtomicBoolean resultSeen = new AtomicBoolean();
        private final AtomicInteger callsAfterResult = new AtomicInteger();
        private final long pauseMilliseconds;

        ResultWatch(long pauseMilliseconds) {
            this.pauseMilliseconds = pauseMilliseconds;
        }

        @Override
        public void onEvent(VitalsEvent event) {
            if (resultSeen.get()) {
                callsAfterResult.incrementAndGet();
            }
            if (event instanceof VitalsEvent.Result) {
                resultSeen.set(true);
            }
            if (event instanceof VitalsEvent.MeasurementComplete) {
                measured.countDown();
                CloseTest.sleep(pauseMilliseconds);
            }
        }

        /** The result came, and at most the state event after it (when the close came only after the result). */
        void assertNothingAfterTheResult() throws InterruptedException {
            Thread.sleep(200);
            assertTrue(resultSeen.get());
            assertTrue(callsAfterResult.get() <= 1, "listener calls after the result: " + callsAfterResult.get());
        }
    }
}
