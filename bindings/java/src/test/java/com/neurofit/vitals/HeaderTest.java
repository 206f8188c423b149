package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The binding against the installed header (environment NFV_HEADER): functions, status codes, pixel formats. */
class HeaderTest {
    static String header() throws Exception {
        String path = System.getenv("NFV_HEADER");
        assumeTrue(path != null && !path.isEmpty(), "NFV_HEADER is not set (bindings/java/test sets it)");
        return Files.readString(Path.of(path));
    }

    static int constant(String header, String name) {
        Matcher match = Pattern.compile("\\b" + name + " = (\\d+)").matcher(header);
        assertTrue(match.find(), name + " is not in the header");
        return Integer.parseInt(match.group(1));
    }

    @Test
    void everyMappedFunctionIsDeclaredByTheHeader() throws Exception {
        String header = header();
        Method[] natives = Arrays.stream(NativeApi.class.getDeclaredMethods())
                .filter(method -> Modifier.isNative(method.getModifiers())).toArray(Method[]::new);
        assertTrue(natives.length > 25);
        for (Method method : natives) {
            assertTrue(header.contains(" " + method.getName() + "(") || header.contains("*" + method.getName() + "("),
                    method.getName() + " is not declared by the header");
        }
        assertEquals(NativeApi.ABI_VERSION, Integer.parseInt(header.replaceAll("(?s).*#define NFV_ABI_VERSION (\\d+).*",
                "$1")));
    }

    @Test
    void statusCodesAndPixelFormatsHaveTheHeaderValues() throws Exception {
        String header = header();
        String[][] statuses = {{"NFV_ERR_NOT_ACTIVATED", "notActivated"}, {"NFV_ERR_LICENSE_INVALID", "licenseInvalid"},
            {"NFV_ERR_CAMERA_PERMISSION_DENIED", "cameraPermissionDenied"},
            {"NFV_ERR_CAMERA_UNAVAILABLE", "cameraUnavailable"}, {"NFV_ERR_UNSUPPORTED_DEVICE", "unsupportedDevice"},
            {"NFV_ERR_NO_HEART_RATE", "noHeartRate"}, {"NFV_ERR_INTERNAL", "internalError"},
            {"NFV_ERR_INVALID_ARGUMENT", "invalidArgument"}, {"NFV_ERR_MISUSE", "misuse"}};
        for (String[] status : statuses) {
            assertEquals(constant(header, status[0]), VitalsException.of(status[1], "", false, null).status(),
                    status[0]);
        }
        assertEquals(constant(header, "NFV_OK"), NativeApi.OK);
        assertEquals(constant(header, "NFV_DONE"), NativeApi.DONE);
        for (PixelFormat format : PixelFormat.values()) {
            assertEquals(constant(header, "NFV_PIXEL_" + format.name()), format.value(), format.name());
        }
    }

    @Test
    void theLoadedLibraryIsTheOneUnderTest() throws Exception {
        String header = header();
        String version = Arrays.stream(new String[] {"MAJOR", "MINOR", "PATCH"})
                .map(part -> header.replaceAll("(?s).*#define NFV_VERSION_" + part + " (\\d+).*", "$1"))
                .reduce((left, right) -> left + "." + right).orElseThrow();
        assertEquals(version, VitalsSDK.version());
        assertTrue(VitalsSDK.buildDate().matches("\\d{4}-\\d{2}-\\d{2}"));
        assertTrue(VitalsSDK.libraryPath().endsWith("libNeurofitVitals.so.1"), VitalsSDK.libraryPath());
    }
}
