package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The library, not the binding, decides when the listener has had its last call (its release notice) and what each
 * event is (the kind it hands beside the JSON): the session is held by the library until the notice, a pending result
 * fails at the notice, and the kind chooses the event's record whatever the JSON's "type" says.
 */
class ReleaseNoticeTest {
    @Test
    void closedInsideMeasurementCompleteTheSessionIsHeldUntilTheResultThenLetGo() throws Exception {
        List<Boolean> heldAtResult = new CopyOnWriteArrayList<>();
        CountDownLatch closedInside = new CountDownLatch(1);
        VitalsSession session = new VitalsSession();
        session.useSimulator(TestSupport.fastSimulator(72)).setListener(event -> {
            if (event instanceof VitalsEvent.MeasurementComplete) {
                session.close();
                closedInside.countDown();
            } else if (event instanceof VitalsEvent.Result) {
                heldAtResult.add(session.heldByLibrary());
            }
        });
        assertTrue(session.heldByLibrary(), "held from the callback's registration");
        CompletableFuture<VitalsResult> result = session.result();
        session.start();
        assertTrue(closedInside.await(30, TimeUnit.SECONDS));
        assertEquals(72, result.get(30, TimeUnit.SECONDS).heartRateBpm(), 1.5);
        assertEquals(List.of(true), heldAtResult, "the library still held the session while it handed the result");
        assertTrue(letGo(session), "the release notice came after the result");
    }

    @Test
    void closedWhilePositioningTheNoticeComesInsideCloseAndFailsTheResult() throws Exception {
        CountDownLatch positioning = new CountDownLatch(1);
        AtomicBoolean closed = new AtomicBoolean();
        List<VitalsEvent> afterClose = new CopyOnWriteArrayList<>();
        VitalsSession session = new VitalsSession();
        session.useSimulator(TestSupport.fastSimulator(72)).setListener(event -> {
            if (closed.get()) {
                afterClose.add(event);
            }
            if (event instanceof VitalsEvent.StateChanged state && state.state() == SessionState.POSITIONING) {
                positioning.countDown();
            }
        });
        CompletableFuture<VitalsResult> result = session.result();
        session.start();
        assertTrue(positioning.await(30, TimeUnit.SECONDS));
        session.close();
        closed.set(true);
        assertFalse(session.heldByLibrary(), "the notice came inside close()");
        assertTrue(result.isDone(), "the notice failed the pending result before close() returned");
        Throwable failure = SimulatedReadingTest.assertThrowsCause(result);
        assertInstanceOf(VitalsException.Misuse.class, failure);
        assertTrue(failure.getMessage().contains("closed"), failure.getMessage());
        Thread.sleep(200);
        assertEquals(List.of(), afterClose);
    }

    @Test
    void stoppedWhileMeasuringTheStreamEndsWithTheNoticeWithoutAResult() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        VitalsSession session = new VitalsSession();
        session.useSimulator(SimulatorOptions.builder().seed(3).build()).setListener(event -> {
            if (event instanceof VitalsEvent.Started) {
                started.countDown();
            }
        });
        CompletableFuture<VitalsResult> result = session.result();
        session.start();
        assertTrue(started.await(30, TimeUnit.SECONDS));
        session.stop();
        Throwable failure = SimulatedReadingTest.assertThrowsCause(result);
        assertTrue(failure.getMessage().contains("stopped"), failure.getMessage());
        assertTrue(letGo(session), "the stream's end is the library's notice");
        assertFalse(session.isClosed());
        session.close();
    }

    @Test
    void theKindChoosesTheRecordNotTheJsonType() throws Exception {
        String header = HeaderTest.header();
        int heartbeat = HeaderTest.constant(header, "NFV_EVENT_HEARTBEAT");
        int completed = HeaderTest.constant(header, "NFV_EVENT_COMPLETED");
        VitalsEvent beat = EventParser.parse(heartbeat, "{\"ibiMs\":812.5,\"t\":3.25,\"type\":\"guidance\"}");
        assertEquals(new VitalsEvent.Heartbeat(OptionalDouble.of(812.5), OptionalDouble.of(3.25)), beat);
        // A completed kind without its result is not a Result: an Unknown named by the kind's type.
        VitalsEvent incomplete = EventParser.parse(completed, "{\"t\":1,\"type\":\"heartbeat\"}");
        assertInstanceOf(VitalsEvent.Unknown.class, incomplete);
        assertEquals("completed", ((VitalsEvent.Unknown) incomplete).type());
        assertEquals("heartbeat", NativeApi.eventKindName(heartbeat));
        assertEquals("", NativeApi.eventKindName(9999));
    }

    /** Waits up to 10 s for the library's release notice. */
    private static boolean letGo(VitalsSession session) throws InterruptedException {
        for (int attempt = 0; attempt < 200 && session.heldByLibrary(); attempt++) {
            Thread.sleep(50);
        }
        return !session.heldByLibrary();
    }
}
