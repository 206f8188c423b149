package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SimulatedReadingTest {
    @Test
    void aFastSimulatedReadingCompletesWithTheSimulatedHeartRate() throws Exception {
        List<VitalsEvent> events = new CopyOnWriteArrayList<>();
        List<String> threads = new CopyOnWriteArrayList<>();
        VitalsResult result;
        try (VitalsSession session = new VitalsSession()) {
            session.useSimulator(TestSupport.fastSimulator(84)).setListener(event -> {
                events.add(event);
                threads.add(Thread.currentThread().getName() + (Thread.currentThread().isDaemon() ? ":daemon" : ""));
            });
            CompletableFuture<VitalsResult> future = session.result();
            session.start();
            result = session.awaitResult(Duration.ofSeconds(60));
            assertEquals(result, future.get(1, TimeUnit.SECONDS));
        }
        assertEquals(84, result.heartRateBpm(), 2.0);
        assertTrue(result.quality() >= 2, "quality " + result.quality());
        assertTrue(result.rmssdMs().isPresent() && result.id().isPresent());
        assertTrue(result.diagnostics().containsKey("beats"), result.diagnostics().keySet().toString());
        assertEquals(result, VitalsResult.fromJson(result.json()));

        VitalsEvent.StateChanged first = assertInstanceOf(VitalsEvent.StateChanged.class, events.get(0));
        assertEquals(SessionState.POSITIONING, first.state());
        List<Class<?>> order = events.stream().<Class<?>>map(Object::getClass)
                .filter(kind -> kind == VitalsEvent.Started.class || kind == VitalsEvent.MeasurementComplete.class
                        || kind == VitalsEvent.Result.class)
                .toList();
        assertEquals(List.of(VitalsEvent.Started.class, VitalsEvent.MeasurementComplete.class,
                VitalsEvent.Result.class), order);
        double meanIbi = events.stream().filter(VitalsEvent.Heartbeat.class::isInstance)
                .map(VitalsEvent.Heartbeat.class::cast).filter(beat -> beat.ibiMs().isPresent())
                .mapToDouble(beat -> beat.ibiMs().getAsDouble()).average().orElseThrow();
        assertEquals(60_000.0 / 84, meanIbi, 30.0);
        assertTrue(events.stream().anyMatch(event -> event instanceof VitalsEvent.Preview preview
                && preview.heartRateBpm().isPresent() && preview.signalLevel().isPresent()));
        assertTrue(events.stream().noneMatch(VitalsEvent.Unknown.class::isInstance), events.toString());
        assertTrue(threads.stream().allMatch("neurofit-vitals-events:daemon"::equals), threads.toString());
    }

    @Test
    void stateFollowsTheSessionAndStopFailsAPendingResult() throws Exception {
        try (VitalsSession session = new VitalsSession()) {
            assertEquals(SessionState.IDLE, session.state().state());
            session.useSimulator(SimulatorOptions.builder().seed(3).build());   // real time: never done within the test
            session.start();
            assertEquals(SessionState.POSITIONING, session.state().state());
            assertTrue(session.isAutoStart());
            session.setAutoStart(false);
            assertTrue(!session.isAutoStart());
            CompletableFuture<VitalsResult> result = session.result();
            session.stop();
            Throwable failure = assertThrowsCause(result);
            assertInstanceOf(VitalsException.Misuse.class, failure);
            assertTrue(failure.getMessage().contains("stopped"), failure.getMessage());
        }
    }

    static Throwable assertThrowsCause(CompletableFuture<?> future) throws InterruptedException {
        try {
            future.get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException expected) {
            return expected.getCause();
        } catch (java.util.concurrent.TimeoutException late) {
            throw new AssertionError("the future did not settle in 30 s");
        }
        throw new AssertionError("the future completed normally");
    }
}
