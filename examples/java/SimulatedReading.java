/*
 * SimulatedReading.java — a reading from Java through the JVM binding (bindings/java, docs/getting-started-java.md):
 * the simulated finger, or the camera with --camera after activation. A single-file program, run without compiling:
 *
 *   java -cp PREFIX/share/java/neurofit-vitals.jar SimulatedReading.java [--fast | --camera [DEVICE]]
 *
 * --fast runs the simulator as fast as the session consumes (about a second instead of a minute). The camera needs
 * NFV_LICENSE_KEY (and NFV_APP_ID, the application id the key lists).
 */
import com.neurofit.vitals.SimulatorOptions;
import com.neurofit.vitals.VitalsEvent;
import com.neurofit.vitals.VitalsException;
import com.neurofit.vitals.VitalsResult;
import com.neurofit.vitals.VitalsSDK;
import com.neurofit.vitals.VitalsSession;
import java.util.Locale;

public class SimulatedReading {
    public static void main(String[] arguments) throws InterruptedException {
        boolean camera = arguments.length > 0 && arguments[0].equals("--camera");
        boolean fast = arguments.length > 0 && arguments[0].equals("--fast");
        System.out.println("NeurofitVitals " + VitalsSDK.version() + " from " + VitalsSDK.libraryPath());
        try (VitalsSession session = new VitalsSession()) {
            if (camera) {
                VitalsSDK.activate(System.getenv("NFV_LICENSE_KEY"), System.getenv("NFV_APP_ID"));
                session.useCamera(arguments.length > 1 ? arguments[1] : null);
            } else {
                session.useSimulator(SimulatorOptions.builder().realTime(!fast).build());
            }
            session.setListener(SimulatedReading::show);   // on the library's event thread
            session.start();
            VitalsResult result = session.awaitResult();
            System.out.printf(Locale.ROOT, "heart rate %.1f bpm, quality %d%s%n", result.heartRateBpm(),
                    result.quality(), result.rmssdMs().isPresent()
                            ? String.format(Locale.ROOT, ", RMSSD %.0f ms", result.rmssdMs().getAsDouble()) : "");
        } catch (VitalsException error) {
            System.err.println("reading failed (" + error.code() + "): " + error.getMessage());
            System.exit(1);
        }
    }

    /** Prints what a reading screen would show. */
    private static void show(VitalsEvent event) {
        if (event instanceof VitalsEvent.Guidance guidance) {
            System.out.printf(Locale.ROOT, "positioning: %s (%.0f %%)%n", guidance.guidance(),
                    guidance.startProgress() * 100);
        } else if (event instanceof VitalsEvent.Preview preview && preview.heartRateBpm().isPresent()) {
            System.out.printf(Locale.ROOT, "%2.0f s  %.0f bpm%n", preview.elapsed(),
                    preview.heartRateBpm().getAsDouble());
        } else if (event instanceof VitalsEvent.Cancelled cancelled) {
            System.out.println("cancelled: " + cancelled.reason() + ", positioning again");
        }
    }
}
