package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class HostFramesTest {
    static final int WIDTH = 32;
    static final int HEIGHT = 24;
    static final double RATE_BPM = 66;
    static final double FPS = 30;

    @BeforeAll
    static void activate() {
        TestSupport.activate();
    }

    /** A WIDTH x HEIGHT RGB24 frame whose red mean is {@code red}: the fraction spread evenly over the pixels. */
    static byte[] ditheredRgbFrame(double red) {
        int low = (int) red;
        double fraction = red - low;
        byte[] pixels = new byte[WIDTH * HEIGHT * 3];
        for (int index = 0; index < WIDTH * HEIGHT; index++) {
            boolean high = Math.floor((index + 1) * fraction) > Math.floor(index * fraction);
            pixels[3 * index] = (byte) (high ? low + 1 : low);
            pixels[3 * index + 1] = 5;
            pixels[3 * index + 2] = 20;
        }
        return pixels;
    }

    @Test
    void aReadingFromFramesGeneratedInJavaHasTheirHeartRate() throws Exception {
        VitalsConfiguration twentySeconds = VitalsConfiguration.builder().readingDuration(20).build();
        ByteBuffer direct = ByteBuffer.allocateDirect(WIDTH * HEIGHT * 3);
        try (VitalsSession session = new VitalsSession(twentySeconds)) {
            session.useHostFrames(30).start();
            boolean feeding = true;
            for (int index = 0; feeding && index < FPS * 60; index++) {
                double t = 1 + index / FPS;
                long timestampUs = Math.round(t * 1e6);
                byte[] frame = ditheredRgbFrame(TestSupport.pulseRed(t, RATE_BPM));
                if (index % 2 == 0) {
                    feeding = session.submitFrame(frame, PixelFormat.RGB24, WIDTH, HEIGHT, timestampUs);
                } else {   // every other frame through a direct buffer, read in place
                    direct.clear();
                    direct.put(frame).flip();
                    feeding = session.submitFrame(direct, PixelFormat.RGB24, WIDTH, HEIGHT, 0, timestampUs);
                }
            }
            assertTrue(!feeding, "the session never said it had enough frames");
            VitalsResult result = session.awaitResult(Duration.ofSeconds(30));
            assertEquals(RATE_BPM, result.heartRateBpm(), 3.0);
        }
    }

    @Test
    void aHeapBufferSliceIsReadFromItsPosition() throws Exception {
        byte[] frame = ditheredRgbFrame(170.4);
        ByteBuffer padded = ByteBuffer.allocate(frame.length + 7);
        padded.position(7);
        padded.put(frame).position(7);
        try (VitalsSession session = new VitalsSession()) {
            session.useHostFrames(30).start();
            assertTrue(session.submitFrame(padded, PixelFormat.RGB24, WIDTH, HEIGHT, 0, 1_000_000));
            assertEquals(7, padded.position());
            ByteBuffer shortByOne = ByteBuffer.wrap(frame, 0, frame.length - 1).slice();
            VitalsException error = org.junit.jupiter.api.Assertions.assertThrows(
                    VitalsException.InvalidArgument.class,
                    () -> session.submitFrame(shortByOne, PixelFormat.RGB24, WIDTH, HEIGHT, 0, 1_033_333));
            assertTrue(error.getMessage().contains("too small"), error.getMessage());
        }
    }
}
