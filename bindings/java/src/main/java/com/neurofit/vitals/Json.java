package com.neurofit.vitals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The binding's JSON: a strict parser for the library's texts (RFC 8259, nothing more) and a writer for the texts the
 * binding sends (configurations, simulator options).
 *
 * <p>Parsed values are plain Java types: {@code Map<String, Object>} (unmodifiable, in document order),
 * {@code List<Object>} (unmodifiable), {@link String}, {@link Long} for a number written without a fraction or an
 * exponent that fits 64 bits, {@link Double} for every other number, {@link Boolean}, and {@code null}. The parser
 * refuses anything RFC 8259 does not allow (trailing commas, comments, single quotes, leading zeros, {@code NaN},
 * control characters in strings, text after the value) and also duplicate keys and nesting deeper than
 * {@value #MAX_DEPTH}; the message says what and where.
 *
 * <p>Threads: every method is safe from any thread.
 */
final class Json {
    /** Deepest nesting of objects and arrays the parser accepts. */
    static final int MAX_DEPTH = 256;

    private final String text;
    private int position;
    private int depth;

    private Json(String text) {
        this.text = text;
    }

    /**
     * Parses one JSON text.
     *
     * @throws IllegalArgumentException when the text is not strict JSON (the message names the offset)
     */
    static Object parse(String text) {
        Json parser = new Json(text);
        parser.skipWhitespace();
        Object value = parser.value();
        parser.skipWhitespace();
        if (parser.position != text.length()) {
            throw parser.error("text after the JSON value");
        }
        return value;
    }

    /**
     * Parses a JSON text that must be an object.
     *
     * @throws IllegalArgumentException when the text is not strict JSON or not an object
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> parseObject(String text) {
        Object value = parse(text);
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException("expected a JSON object");
        }
        return (Map<String, Object>) value;
    }

    /**
     * Writes a value as compact JSON: maps (string keys, in their iteration order), lists, strings, finite numbers,
     * booleans and {@code null}.
     *
     * @throws IllegalArgumentException for a non-finite number, a non-string key or another type
     */
    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            if (!Double.isFinite(number)) {
                throw new IllegalArgumentException("JSON has no value for " + number);
            }
            out.append(number);
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short
                || value instanceof Byte) {
            out.append(((Number) value).longValue());
        } else if (value instanceof CharSequence) {
            writeString(value.toString(), out);
        } else if (value instanceof Map) {
            writeObject((Map<?, ?>) value, out);
        } else if (value instanceof List) {
            out.append('[');
            String separator = "";
            for (Object item : (List<?>) value) {
                out.append(separator);
                write(item, out);
                separator = ",";
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("cannot write a " + value.getClass().getName() + " as JSON");
        }
    }

    private static void writeObject(Map<?, ?> map, StringBuilder out) {
        out.append('{');
        String separator = "";
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (!(entry.getKey() instanceof String)) {
                throw new IllegalArgumentException("JSON object keys must be strings, not " + entry.getKey());
            }
            out.append(separator);
            writeString((String) entry.getKey(), out);
            out.append(':');
            write(entry.getValue(), out);
            separator = ",";
        }
        out.append('}');
    }

    private static void writeString(String value, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    // -- parser --------------------------------------------------------------------------------------------------

    private Object value() {
        if (position >= text.length()) {
            throw error("unexpected end of the text");
        }
        char c = text.charAt(position);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    yield number();
                }
                throw error("unexpected character '" + c + "'");
            }
        };
    }

    private Map<String, Object> object() {
        enter();
        position++;
        Map<String, Object> members = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            position++;
            depth--;
            return Collections.unmodifiableMap(members);
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw error("expected a string key");
            }
            int keyAt = position;
            String key = string();
            skipWhitespace();
            expect(':');
            skipWhitespace();
            if (members.containsKey(key)) {
                position = keyAt;
                throw error("duplicate key \"" + key + "\"");
            }
            members.put(key, value());
            skipWhitespace();
            if (peek() == ',') {
                position++;
            } else {
                expect('}');
                depth--;
                return Collections.unmodifiableMap(members);
            }
        }
    }

    private List<Object> array() {
        enter();
        position++;
        List<Object> items = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            position++;
            depth--;
            return Collections.unmodifiableList(items);
        }
        while (true) {
            skipWhitespace();
            items.add(value());
            skipWhitespace();
            if (peek() == ',') {
                position++;
            } else {
                expect(']');
                depth--;
                return Collections.unmodifiableList(items);
            }
        }
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH);
        }
    }

    private String string() {
        position++;
        StringBuilder out = new StringBuilder();
        while (true) {
            if (position >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(position++);
            if (c == '"') {
                return out.toString();
            }
            if (c < 0x20) {
                position--;
                throw error("control character in a string");
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (position >= text.length()) {
                throw error("unterminated escape");
            }
            char escape = text.charAt(position++);
            switch (escape) {
                case '"', '\\', '/' -> out.append(escape);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> out.append(unicodeEscape());
                default -> {
                    position--;
                    throw error("invalid escape \\" + escape);
                }
            }
        }
    }

    private char unicodeEscape() {
        if (position + 4 > text.length()) {
            throw error("short \\u escape");
        }
        int code = 0;
        for (int i = 0; i < 4; i++) {
            int digit = Character.digit(text.charAt(position + i), 16);
            if (digit < 0) {
                throw error("invalid \\u escape");
            }
            code = code * 16 + digit;
        }
        position += 4;
        return (char) code;
    }

    private Object number() {
        int start = position;
        boolean integral = true;
        if (peek() == '-') {
            position++;
        }
        if (peek() == '0') {
            position++;
        } else if (isDigit(peek())) {
            digits();
        } else {
            throw error("a number needs a digit");
        }
        if (peek() == '.') {
            integral = false;
            position++;
            if (!isDigit(peek())) {
                throw error("a fraction needs a digit");
            }
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            integral = false;
            position++;
            if (peek() == '+' || peek() == '-') {
                position++;
            }
            if (!isDigit(peek())) {
                throw error("an exponent needs a digit");
            }
            digits();
        }
        if (isDigit(peek())) {
            throw error("leading zero");
        }
        String literal = text.substring(start, position);
        if (integral) {
            try {
                return Long.parseLong(literal);
            } catch (NumberFormatException tooLarge) {
                // Beyond 64 bits: kept as the nearest double, as the library's own parser does.
            }
        }
        double number = Double.parseDouble(literal);
        if (!Double.isFinite(number)) {
            position = start;
            throw error("number out of range");
        }
        return number;
    }

    private void digits() {
        while (isDigit(peek())) {
            position++;
        }
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, position)) {
            throw error("unexpected character '" + text.charAt(position) + "'");
        }
        position += word.length();
        return value;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error(position >= text.length() ? "unexpected end of the text, expected '" + c + "'"
                    : "expected '" + c + "', found '" + text.charAt(position) + "'");
        }
        position++;
    }

    private int peek() {
        return position < text.length() ? text.charAt(position) : -1;
    }

    private void skipWhitespace() {
        while (position < text.length()) {
            char c = text.charAt(position);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            position++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("invalid JSON at offset " + position + ": " + what);
    }
}
