package com.neurofit.vitals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Typed reads of a parsed JSON object (see {@link Json}) for the binding's records. A {@code require…} read of a
 * missing key, or any read of a key holding the wrong type, throws {@link IllegalArgumentException} naming the key; an
 * {@code optional…} read of a missing key (or a JSON {@code null}) gives an empty value.
 */
final class JsonObject {
    private final Map<String, Object> members;

    JsonObject(Map<String, Object> members) {
        this.members = members;
    }

    /** Parses a JSON text that must be an object. */
    static JsonObject parse(String text) {
        return new JsonObject(Json.parseObject(text));
    }

    /** The members, unmodifiable, in document order. */
    Map<String, Object> members() {
        return members;
    }

    boolean has(String key) {
        return members.get(key) != null;
    }

    double requireDouble(String key) {
        return optionalDouble(key).orElseThrow(() -> missing(key));
    }

    OptionalDouble optionalDouble(String key) {
        Object value = members.get(key);
        return value == null ? OptionalDouble.empty()
                : OptionalDouble.of(typed(key, value, Number.class).doubleValue());
    }

    OptionalInt optionalInt(String key) {
        Object value = members.get(key);
        if (value == null) {
            return OptionalInt.empty();
        }
        double number = typed(key, value, Number.class).doubleValue();
        if (number != Math.rint(number) || Math.abs(number) > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("\"" + key + "\" is not an integer: " + value);
        }
        return OptionalInt.of((int) number);
    }

    String requireString(String key) {
        return optionalString(key).orElseThrow(() -> missing(key));
    }

    Optional<String> optionalString(String key) {
        return Optional.ofNullable(members.get(key)).map(value -> typed(key, value, String.class));
    }

    boolean requireBoolean(String key) {
        return optionalBoolean(key).orElseThrow(() -> missing(key));
    }

    Optional<Boolean> optionalBoolean(String key) {
        return Optional.ofNullable(members.get(key)).map(value -> typed(key, value, Boolean.class));
    }

    JsonObject requireObject(String key) {
        return optionalObject(key).orElseThrow(() -> missing(key));
    }

    @SuppressWarnings("unchecked")
    Optional<JsonObject> optionalObject(String key) {
        return Optional.ofNullable(members.get(key)).map(value -> new JsonObject(typed(key, value, Map.class)));
    }

    /** A list of strings; empty when the key is missing. */
    List<String> stringList(String key) {
        Object value = members.get(key);
        if (value == null) {
            return List.of();
        }
        List<?> items = typed(key, value, List.class);
        return items.stream().map(item -> typed(key, item, String.class)).toList();
    }

    /**
     * Parses a JSON text that must be an array of objects.
     *
     * @throws IllegalArgumentException when the text is not strict JSON or not an array of objects
     */
    @SuppressWarnings("unchecked")
    static List<JsonObject> parseList(String text) {
        Object value = Json.parse(text);
        List<?> items = typed("(the text)", value, List.class);
        return items.stream().map(item -> new JsonObject(typed("(an element)", item, Map.class))).toList();
    }

    private static <T> T typed(String key, Object value, Class<T> type) {
        if (!type.isInstance(value)) {
            throw new IllegalArgumentException("\"" + key + "\" is not a " + type.getSimpleName() + ": " + value);
        }
        return type.cast(value);
    }

    private static IllegalArgumentException missing(String key) {
        return new IllegalArgumentException("missing \"" + key + "\"");
    }
}
