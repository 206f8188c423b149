package com.neurofit.vitals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void parsesEveryKindOfValueIntoPlainJavaTypes() {
        Object value = Json.parse(" {\"a\":[1,-2.5,3e2,true,false,null],\"b\":{\"c\":\"x\\u00e9\\n\\\"\"},"
                + "\"big\":123456789012345678901234} ");
        Map<?, ?> object = (Map<?, ?>) value;
        assertEquals(List.of("a", "b", "big"), List.copyOf(object.keySet()));
        List<?> array = (List<?>) object.get("a");
        assertEquals(1L, array.get(0));
        assertEquals(-2.5, array.get(1));
        assertEquals(300.0, array.get(2));
        assertEquals(true, array.get(3));
        assertEquals(false, array.get(4));
        assertNull(array.get(5));
        assertEquals("xé\n\"", ((Map<?, ?>) object.get("b")).get("c"));
        assertEquals(1.2345678901234568e23, object.get("big"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{", "[1,]", "{\"a\":1,}", "01", "-", "1.", "1e", "NaN", "Infinity", "'a'",
            "{a:1}", "\"tab\there\"", "\"\\x\"", "\"\\u12\"", "[1] x", "{\"a\":1,\"a\":2}", "tru", "1e999",
            "/* c */ 1", "\"unterminated"})
    void refusesWhatStrictJsonDoesNotAllow(String text) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> Json.parse(text));
        assertTrue(error.getMessage().startsWith("invalid JSON at offset"), error.getMessage());
    }

    @Test
    void refusesNestingBeyondItsLimitButNotAtIt() {
        String atLimit = "[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH);
        Json.parse(atLimit);
        String beyond = "[" + atLimit + "]";
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Json.parse(beyond)).getMessage()
                .contains("nesting"));
    }

    @Test
    void namesTheDuplicateKeyAndItsOffset() {
        String message = assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"k\":1, \"k\":2}"))
                .getMessage();
        assertEquals("invalid JSON at offset 8: duplicate key \"k\"", message);
    }

    @Test
    void writesWhatItParsesBack() {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("text", "quote \" backslash \\ control \u0001 newline \n");
        object.put("numbers", Arrays.asList(1, 2L, 0.5, -1e-7, null));
        object.put("flag", true);
        object.put("nested", Map.of("empty", List.of()));
        String text = Json.write(object);
        assertEquals(object.get("text"), ((Map<?, ?>) Json.parse(text)).get("text"));
        assertEquals(Arrays.asList(1L, 2L, 0.5, -1e-7, null), ((Map<?, ?>) Json.parse(text)).get("numbers"));
        assertTrue(text.contains("\\u0001"), text);
    }

    @Test
    void refusesToWriteWhatJsonCannotHold() {
        assertThrows(IllegalArgumentException.class, () -> Json.write(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Json.write(List.of(Double.POSITIVE_INFINITY)));
        assertThrows(IllegalArgumentException.class, () -> Json.write(Map.of(1, "key not a string")));
        assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
    }

    @Test
    void eventsWithUnknownTypesOrMissingKeysArriveAsUnknown() {
        VitalsEvent newer = VitalsEvent.fromJson("{\"type\":\"somethingNew\",\"t\":2.5,\"x\":1}");
        assertEquals(new VitalsEvent.Unknown("somethingNew", Map.of("type", "somethingNew", "t", 2.5, "x", 1L),
                java.util.OptionalDouble.of(2.5)), newer);
        VitalsEvent lacking = VitalsEvent.fromJson("{\"type\":\"guidance\",\"t\":1}");
        assertTrue(lacking instanceof VitalsEvent.Unknown unknown && unknown.type().equals("guidance"));
        VitalsEvent guidance = VitalsEvent.fromJson(
                "{\"guidance\":\"someNewHint\",\"startProgress\":0.5,\"t\":4.0,\"type\":\"guidance\"}");
        assertEquals(GuidanceKind.UNKNOWN, ((VitalsEvent.Guidance) guidance).guidance());
    }
}
