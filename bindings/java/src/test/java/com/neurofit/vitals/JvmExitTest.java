package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The JVM exits cleanly while sessions still deliver events: their threads are daemons. */
class JvmExitTest {
    @Test
    void aJvmWithRunningForgottenSessionsExitsAtOnceAndCleanly() throws Exception {
        long began = System.nanoTime();
        TestSupport.ChildOutput child = TestSupport.runChildJvm(ForgottenSessionsChild.class, Map.of(), 60);
        double seconds = (System.nanoTime() - began) / 1e9;
        assertEquals(0, child.exitCode(), child.stderr());
        assertTrue(child.stdout().startsWith("events flowing, leaving main"), child.stdout());
        assertFalse(child.stderr().contains("SIGSEGV") || child.stderr().contains("fatal error"), child.stderr());
        assertTrue(seconds < 20, "the JVM took " + seconds + " s to exit");   // the readings would take 67 s
    }

    /** Starts two real-time simulated sessions (a minute each) with listeners, then leaves main closing neither. */
    static final class ForgottenSessionsChild {
        public static void main(String[] arguments) throws InterruptedException {
            AtomicInteger events = new AtomicInteger();
            for (int seed = 0; seed < 2; seed++) {
                VitalsSession session = new VitalsSession();
                session.useSimulator(SimulatorOptions.builder().seed(seed).build());
                session.setListener(event -> events.incrementAndGet());
                session.start();
            }
            while (events.get() < 4) {
                Thread.sleep(50);
            }
            System.out.println("events flowing, leaving main");
        }
    }
}
