package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A camera reading through the repository's LD_PRELOAD fake V4L2 camera (Tests/camera/fake_camera.c, built by
 * scripts/build-fake-camera; its path in the environment variable NFV_FAKE_CAMERA). The fake must be preloaded when
 * the process starts, so the reading runs in a child JVM launched with LD_PRELOAD; the scene it films is a pulse
 * written here.
 */
class CameraReadingTest {
    static final String DEVICE = "/dev/video-fake0";
    static final String SUBDEVICE = "/dev/v4l-subdev-fake0";
    static final double RATE_BPM = 72;

    @Test
    void aReadingFromTheFakeCameraHasTheSceneHeartRate(@TempDir Path workdir) throws Exception {
        String fake = System.getenv("NFV_FAKE_CAMERA");
        assumeTrue(fake != null && !fake.isEmpty(), "NFV_FAKE_CAMERA is not set (bindings/java/test sets it)");
        String key = System.getenv("NFV_TEST_KEY_JAVA");
        assumeTrue(key != null && !key.isEmpty(), "NFV_TEST_KEY_JAVA is not set");
        Path scene = workdir.resolve("scene.txt");
        writeScene(scene, RATE_BPM, 150);
        Map<String, String> environment = new HashMap<>();
        environment.put("LD_PRELOAD", fake);
        environment.put("FAKE_CAMERA_DEVICE", DEVICE);
        environment.put("FAKE_CAMERA_SUBDEV", SUBDEVICE);
        environment.put("FAKE_CAMERA_MODES", "YUYV:640x480@30");
        environment.put("FAKE_CAMERA_SCENE", scene.toString());
        environment.put("FAKE_CAMERA_STATE", workdir.resolve("camera.state").toString());
        environment.put("FAKE_CAMERA_SPEED", "3");
        environment.put("NFV_VIDEO_DEVICES", DEVICE);
        environment.put("NFV_TORCH", "flash-subdevice:" + SUBDEVICE);
        TestSupport.ChildOutput child = TestSupport.runChildJvm(CameraChild.class, environment, 180);
        assertEquals(0, child.exitCode(), child.stdout() + child.stderr());
        System.out.println("camera reading (support, bpm, heartbeats): " + child.stdout().strip());
        String[] words = child.stdout().strip().split(" ");
        assertEquals("supported", words[0], child.stdout());
        assertEquals(RATE_BPM, Double.parseDouble(words[1]), 2.0, child.stdout());
        assertTrue(Integer.parseInt(words[2]) > 30, "only " + words[2] + " heartbeat events");
        assertEquals("0", Files.readString(Path.of(workdir + "/camera.state.torch")).strip(), "torch left on");
    }

    /**
     * The fake's scene: rows "t red green blue" at 240 Hz, a fingertip lit red (200 counts at the fake's reference
     * exposure) whose light dips by 1.5 % at each beat of a living rhythm at {@code bpm} on average.
     */
    static void writeScene(Path path, double bpm, double seconds) throws IOException {
        double[] onsets = TestSupport.beatOnsets(bpm, seconds, 11);
        try (Writer out = Files.newBufferedWriter(path, StandardCharsets.US_ASCII)) {
            for (int row = 0; row <= seconds * 240; row++) {
                double t = row / 240.0;
                double pulse = TestSupport.pulseAt(onsets, t);
                out.write(String.format(Locale.ROOT, "%.6f %.4f %.4f %.4f%n", t, 200 * (1 - 0.015 * pulse),
                        4 * (1 - 0.06 * pulse), 20 * (1 - 0.04 * pulse)));
            }
        }
    }

    /**
     * The child JVM: device support of the fake, then a 30-second reading (half the default: the test suite's time);
     * prints "supported|unsupported BPM HEARTBEATS".
     */
    static final class CameraChild {
        public static void main(String[] arguments) throws Exception {
            VitalsSDK.activate(System.getenv("NFV_TEST_KEY_JAVA"), TestSupport.APP_ID);
            DeviceSupport support = VitalsSDK.deviceSupport(DEVICE);
            int[] heartbeats = {0};
            VitalsConfiguration halfMinute = VitalsConfiguration.builder().readingDuration(30).build();
            try (VitalsSession session = new VitalsSession(halfMinute)) {
                session.useCamera(DEVICE).setListener(event -> {
                    if (event instanceof VitalsEvent.Heartbeat) {
                        heartbeats[0]++;
                    }
                });
                session.start();
                VitalsResult result = session.awaitResult(Duration.ofSeconds(150));
                System.out.println((support.isSupported() ? "supported" : "unsupported") + " "
                        + result.heartRateBpm() + " " + heartbeats[0]);
            }
        }
    }
}
