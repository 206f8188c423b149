package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CloseTest {
    @Test
    void closeWaitsForTheListenerCallUnderWayAndNoCallFollows() throws Exception {
        CountDownLatch inListener = new CountDownLatch(1);
        AtomicBoolean listenerReturned = new AtomicBoolean();
        AtomicBoolean closed = new AtomicBoolean();
        AtomicInteger callsAfterClose = new AtomicInteger();
        AtomicInteger calls = new AtomicInteger();
        VitalsSession session = new VitalsSession();
        session.useSimulator(TestSupport.fastSimulator(70)).setListener(event -> {
            if (closed.get()) {
                callsAfterClose.incrementAndGet();
            }
            if (calls.incrementAndGet() == 20) {
                inListener.countDown();
                sleep(300);
                listenerReturned.set(true);
            }
        });
        CompletableFuture<VitalsResult> result = session.result();
        session.start();
        assertTrue(inListener.await(30, TimeUnit.SECONDS));
        session.close();
        closed.set(true);
        assertTrue(listenerReturned.get(), "close() returned while the listener was still running");
        Thread.sleep(500);
        assertEquals(0, callsAfterClose.get());
        assertEquals(20, calls.get());
        Throwable failure = SimulatedReadingTest.assertThrowsCause(result);
        assertInstanceOf(VitalsException.Misuse.class, failure);
    }

    @Test
    void closeFromInsideTheListenerEndsDelivery() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch closedInside = new CountDownLatch(1);
        VitalsSession session = new VitalsSession();
        session.useSimulator(TestSupport.fastSimulator(70)).setListener(event -> {
            if (calls.incrementAndGet() == 10) {
                session.close();
                closedInside.countDown();
            }
        });
        session.start();
        assertTrue(closedInside.await(30, TimeUnit.SECONDS));
        Thread.sleep(500);
        assertEquals(10, calls.get());
        assertTrue(session.isClosed());
        session.close();
    }

    @Test
    void aForgottenSessionIsDestroyedByTheCleaner() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        CompletableFuture<VitalsResult> result = forgottenRealTimeSession(calls);
        for (int attempt = 0; attempt < 100 && !result.isDone(); attempt++) {
            System.gc();
            Thread.sleep(50);
        }
        Throwable failure = SimulatedReadingTest.assertThrowsCause(result);
        assertTrue(failure.getMessage().contains("closed"), failure.getMessage());
        int afterCleanup = calls.get();
        Thread.sleep(300);
        assertEquals(afterCleanup, calls.get(), "events after the cleaner destroyed the session");
    }

    private static CompletableFuture<VitalsResult> forgottenRealTimeSession(AtomicInteger calls) {
        VitalsSession session = new VitalsSession();
        session.useSimulator(SimulatorOptions.builder().seed(5).build()).setListener(event -> calls.incrementAndGet());
        session.start();
        return session.result();
    }

    static void sleep(long milliseconds) {
        try {
            Thread.sleep(milliseconds);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
