package com.neurofit.vitals;

import java.util.Optional;

/**
 * An enum whose constants stand for the library's JSON strings ("noContact" for {@code NO_CONTACT}), with an
 * {@code UNKNOWN} constant for strings a newer library may add.
 */
interface WireEnum {
    /** The JSON string of this constant ("" for {@code UNKNOWN}). */
    String wireName();

    /** The constant of {@code type} whose wire name is {@code text}, else its {@code UNKNOWN}. */
    static <E extends Enum<E> & WireEnum> E parse(Class<E> type, String text) {
        for (E constant : type.getEnumConstants()) {
            if (constant.wireName().equals(text)) {
                return constant;
            }
        }
        return Enum.valueOf(type, "UNKNOWN");
    }

    /** The constant of {@code type} for {@code text} when there is a text (see {@link #parse(Class, String)}). */
    static <E extends Enum<E> & WireEnum> Optional<E> parse(Class<E> type, Optional<String> text) {
        return text.map(value -> parse(type, value));
    }
}
