package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ErrorsTest {
    static <T extends VitalsException> T expect(Class<T> kind, int status, String code, String inMessage,
                                                org.junit.jupiter.api.function.Executable call) {
        T error = assertThrows(kind, call);
        assertEquals(status, error.status());
        assertEquals(code, error.code());
        assertTrue(error.getMessage().contains(inMessage), error.getMessage());
        return error;
    }

    @Test
    void aBadConfigurationIsInvalidArgumentNamingTheKey() {
        expect(VitalsException.InvalidArgument.class, 8, "invalidArgument",
                "Invalid configuration: readingDuration must be greater than 0",
                () -> new VitalsSession(VitalsConfiguration.builder().readingDuration(0).build()));
        expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "advanced.bogus",
                () -> new VitalsSession(VitalsConfiguration.builder().advanced("bogus", 1).build()));
        expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "Invalid configuration",
                () -> new VitalsSession(VitalsConfiguration.fromJson("{\"readingDuration\": 60,}")));
    }

    @Test
    void aBadLicenseKeyIsLicenseInvalidWithItsReason() {
        VitalsException.LicenseInvalid error = expect(VitalsException.LicenseInvalid.class, 2, "licenseInvalid", "",
                () -> VitalsSDK.activate("not a key", TestSupport.APP_ID));
        assertEquals(Optional.of("malformed"), error.reason());
        expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "",
                () -> VitalsSDK.activate("", TestSupport.APP_ID));
    }

    @Test
    void callsInTheWrongOrderAreMisuse() {
        TestSupport.activate();
        try (VitalsSession session = new VitalsSession()) {
            expect(VitalsException.Misuse.class, 9, "misuse", "nfv_session_use_host_frames",
                    () -> session.submitMeans(1, 170, 5, 20, -1));
            session.useHostFrames(30);
            expect(VitalsException.Misuse.class, 9, "misuse", "call start first",
                    () -> session.submitMeans(1, 170, 5, 20, -1));
            expect(VitalsException.Misuse.class, 9, "misuse", "source was already chosen",
                    () -> session.useSimulator(TestSupport.fastSimulator(70)));
            session.start();
            expect(VitalsException.Misuse.class, 9, "misuse", "already running", session::start);
            expect(VitalsException.Misuse.class, 9, "misuse", "", () -> session.record(Path.of("late.nfvrec")));
        }
    }

    @Test
    void wrongFrameSizesAndOptionsAreInvalidArgument() {
        TestSupport.activate();
        byte[] frame = new byte[32 * 24 * 3];
        try (VitalsSession session = new VitalsSession()) {
            session.useHostFrames(30).start();
            expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "too small",
                    () -> session.submitFrame(frame, PixelFormat.RGB24, 32, 25, 1_000_000));
            expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "",
                    () -> session.submitFrame(frame, PixelFormat.RGB24, 0, 24, 1_000_000));
            expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "",
                    () -> session.submitFrame((byte[]) null, PixelFormat.RGB24, 32, 24, 1_000_000));
            assertTrue(session.submitFrame(frame, PixelFormat.RGB24, 32, 24, 2_000_000));
            expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "must increase",
                    () -> session.submitFrame(frame, PixelFormat.RGB24, 32, 24, 2_000_000));
            expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "",
                    () -> session.submitMeans(3_000_000, 300, 5, 20, -1));
            expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "format must not be null",
                    () -> session.submitFrame(frame, null, 32, 24, 3_000_000));
            expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "format must not be null",
                    () -> session.submitFrame(ByteBuffer.allocateDirect(frame.length), null, 32, 24, 0, 3_000_000));
            expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "",
                    () -> session.submitFrame((ByteBuffer) null, PixelFormat.RGB24, 32, 24, 0, 3_000_000));
        }
        expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "NUL character",
                () -> VitalsSDK.activate("key\0tail", TestSupport.APP_ID));
        try (VitalsSession session = new VitalsSession()) {
            expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "heartRateBpm",
                    () -> session.useSimulator(SimulatorOptions.builder().heartRateBpm(500).build()));
            expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "",
                    () -> session.useReplay(Path.of("/nonexistent/reading.nfvrec"), false));
        }
    }

    @Test
    void aClosedSessionRefusesCallsAndCloseIsIdempotent() {
        VitalsSession session = new VitalsSession();
        session.close();
        session.close();
        assertTrue(session.isClosed());
        expect(VitalsException.InvalidArgument.class, 8, "invalidArgument", "closed", session::start);
        expect(VitalsException.Misuse.class, 9, "misuse", "closed", session::awaitResult);
    }

    @Test
    void hostFramesBeforeActivationAreNotActivated() throws Exception {
        TestSupport.ChildOutput child = TestSupport.runChildJvm(NotActivatedChild.class, Map.of(), 60);
        assertEquals(0, child.exitCode(), child.stderr());
        assertEquals("notActivated 1", child.stdout().strip());
    }

    @Test
    void aMissingLibraryIsAnUnsatisfiedLinkErrorSayingWhatWasTried() throws Exception {
        TestSupport.ChildOutput child = TestSupport.runChildJvm(MissingLibraryChild.class,
                Map.of("NFV_LIBRARY", "/nonexistent/libNeurofitVitals.so.1"), 60);
        assertEquals(0, child.exitCode(), child.stderr());
        assertTrue(child.stdout().startsWith("UnsatisfiedLinkError: libNeurofitVitals.so.1 could not be loaded; tried "
                + "/nonexistent/libNeurofitVitals.so.1 ("), child.stdout());
    }

    @Test
    void eachCodeHasItsSubclassAndUnknownCodesKeepTheirs() {
        String[] codes = {"notActivated", "licenseInvalid", "cameraPermissionDenied", "cameraUnavailable",
            "unsupportedDevice", "noHeartRate", "internalError", "invalidArgument", "misuse"};
        for (int index = 0; index < codes.length; index++) {
            VitalsException error = VitalsException.of(codes[index], "what happened", false, null);
            assertEquals(index + 1, error.status());
            assertEquals(codes[index], error.code());
            assertTrue(!(error instanceof VitalsException.Other));
        }
        VitalsException newer = VitalsException.of("somethingNew", "later library", true, null);
        assertTrue(newer instanceof VitalsException.Other && newer.code().equals("somethingNew") && newer.retryable());
    }

    /** A JVM whose NFV_LIBRARY names no file: prints the error the first use of the binding throws. */
    static final class MissingLibraryChild {
        public static void main(String[] arguments) {
            try {
                System.out.println("loaded " + VitalsSDK.version());
            } catch (UnsatisfiedLinkError error) {
                System.out.println("UnsatisfiedLinkError: " + error.getMessage());
            }
        }
    }

    /** A fresh JVM: host frames before any activation. Prints the code and status it got. */
    static final class NotActivatedChild {
        public static void main(String[] arguments) {
            try (VitalsSession session = new VitalsSession()) {
                session.useHostFrames(30);
                session.start();
                System.out.println("started without activation");
            } catch (VitalsException error) {
                System.out.println(error.code() + " " + error.status());
            }
        }
    }
}
