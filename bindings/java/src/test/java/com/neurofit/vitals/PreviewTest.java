package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PreviewTest {
    @BeforeAll
    static void activate() {
        TestSupport.activate();
    }

    @Test
    void redFramesGiveRedPreviewsOnThePreviewThreadWithinTheRate() throws Exception {
        List<PreviewFrame> frames = new CopyOnWriteArrayList<>();
        List<String> threads = new CopyOnWriteArrayList<>();
        List<Throwable> reported = new CopyOnWriteArrayList<>();
        byte[] frame = HostFramesTest.ditheredRgbFrame(170);
        VitalsSession session = new VitalsSession();
        try {
            assertThrows(VitalsException.InvalidArgument.class, () -> session.setPreviewListener(frames::add, 61));
            session.setUncaughtExceptionHandler((thread, error) -> reported.add(error));
            session.setPreviewListener(preview -> {
                frames.add(preview);
                threads.add(Thread.currentThread().getName());
                if (frames.size() == 1) {
                    throw new IllegalStateException("from the preview listener");
                }
                if (frames.size() == 2) {
                    session.close();   // refused: it would wait for this very call
                }
            }, 10);
            session.useHostFrames(30).start();
            assertThrows(VitalsException.Misuse.class, () -> session.setPreviewListener(null, 0));
            for (int index = 0; index < 90; index++) {   // 3 s of frames
                session.submitFrame(frame, PixelFormat.RGB24, HostFramesTest.WIDTH, HostFramesTest.HEIGHT,
                        1_000_000 + Math.round(index * 1e6 / 30));
                Thread.sleep(5);
            }
            Thread.sleep(300);
        } finally {
            session.close();
        }
        int count = frames.size();
        assertTrue(count >= 5 && count <= 31, count + " previews for 3 s of frames at most 10 a second");
        PreviewFrame first = frames.get(0);
        assertTrue(first.width() > 0 && first.width() <= 160 && first.height() > 0);
        assertEquals(3 * first.width() * first.height(), first.rgb().length);
        assertEquals(170, first.rgb()[0] & 0xff, 1);
        assertEquals(5, first.rgb()[1] & 0xff, 1);
        assertTrue(threads.stream().allMatch("neurofit-vitals-preview"::equals), threads.toString());
        assertEquals(2, reported.size(), reported.toString());
        assertInstanceOf(IllegalStateException.class, reported.get(0));
        assertInstanceOf(VitalsException.Misuse.class, reported.get(1));
        Thread.sleep(200);
        assertEquals(count, frames.size(), "previews after close()");
    }
}
