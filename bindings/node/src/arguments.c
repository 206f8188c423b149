/*
 * arguments.c — JavaScript values in (strings, integers, timestamps, buffers) and coded errors out.
 *
 * Every conversion that fails throws an InvalidArgumentError (code "invalidArgument", status 8) built by the
 * JavaScript package's errorFromJson, the same class a library error of that code becomes. JavaScript thread only.
 */
#include "addon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/** Largest integer a double holds exactly (Number.MAX_SAFE_INTEGER). */
static const double max_safe_integer = 9007199254740991.0;

napi_value error_value_from_json(napi_env env, const char *json) {
    addon_state *state = addon_state_of(env);
    napi_value factory, argument, global, error = NULL;
    const char *text = json ? json : "{\"code\":\"internalError\",\"message\":\"Out of memory\",\"retryable\":false}";
    if (state == NULL || state->error_from_json == NULL ||
        napi_get_reference_value(env, state->error_from_json, &factory) != napi_ok || factory == NULL ||
        napi_create_string_utf8(env, text, NAPI_AUTO_LENGTH, &argument) != napi_ok ||
        napi_get_global(env, &global) != napi_ok ||
        napi_call_function(env, global, factory, 1, &argument, &error) != napi_ok) {
        napi_value message;
        napi_create_string_utf8(env, text, NAPI_AUTO_LENGTH, &message);
        napi_create_error(env, NULL, message, &error);
    }
    return error;
}

void throw_error_json(napi_env env, const char *json) {
    napi_throw(env, error_value_from_json(env, json));
}

void throw_last_error(napi_env env) {
    char *json = nfv_last_error_json();
    throw_error_json(env, json);
    nfv_string_free(json);
}

void throw_invalid_argument(napi_env env, const char *message) {
    char json[512];
    snprintf(json, sizeof json, "{\"code\":\"invalidArgument\",\"message\":\"%s\",\"retryable\":false}", message);
    throw_error_json(env, json);
}

int check(napi_env env, nfv_status status) {
    if (status == NFV_OK) return 1;
    throw_last_error(env);
    return 0;
}

int read_arguments(napi_env env, napi_callback_info info, size_t capacity, napi_value *argv, napi_value *this_arg) {
    size_t count = capacity;
    if (napi_get_cb_info(env, info, &count, argv, this_arg, NULL) != napi_ok) {
        throw_invalid_argument(env, "Could not read the call's arguments");
        return 0;
    }
    return 1;
}

/** 1 when `value` is undefined or null. */
static int is_nullish(napi_env env, napi_value value) {
    napi_valuetype type;
    return napi_typeof(env, value, &type) == napi_ok && (type == napi_undefined || type == napi_null);
}

/** Throws "<name> must be <what>" as an InvalidArgumentError. */
static void throw_must_be(napi_env env, const char *name, const char *what) {
    char message[256];
    snprintf(message, sizeof message, "%s must be %s", name, what);
    throw_invalid_argument(env, message);
}

char *string_argument(napi_env env, napi_value value, int optional, const char *name, int *ok) {
    napi_valuetype type;
    size_t length = 0;
    char *text;
    if (optional && is_nullish(env, value)) return NULL;
    if (napi_typeof(env, value, &type) != napi_ok || type != napi_string) {
        throw_must_be(env, name, optional ? "a string, null or undefined" : "a string");
        *ok = 0;
        return NULL;
    }
    napi_get_value_string_utf8(env, value, NULL, 0, &length);
    text = malloc(length + 1);
    if (text == NULL) {
        throw_error_json(env, NULL);
        *ok = 0;
        return NULL;
    }
    napi_get_value_string_utf8(env, value, text, length + 1, &length);
    if (strlen(text) != length) {  /* an embedded NUL would silently cut the text short */
        free(text);
        throw_must_be(env, name, "a string without NUL characters");
        *ok = 0;
        return NULL;
    }
    return text;
}

int64_t integer_argument(napi_env env, napi_value value, int64_t minimum, int64_t maximum, const char *name, int *ok) {
    napi_valuetype type;
    double number = 0;
    char what[128];
    if (napi_typeof(env, value, &type) == napi_ok && type == napi_number &&
        napi_get_value_double(env, value, &number) == napi_ok && number == (double)(int64_t)number &&
        number >= (double)minimum && number <= (double)maximum) {
        return (int64_t)number;
    }
    snprintf(what, sizeof what, "an integer from %lld to %lld", (long long)minimum, (long long)maximum);
    throw_must_be(env, name, what);
    *ok = 0;
    return 0;
}

int64_t timestamp_argument(napi_env env, napi_value value, int *ok) {
    napi_valuetype type;
    if (napi_typeof(env, value, &type) == napi_ok && type == napi_bigint) {
        int64_t result = 0;
        bool lossless = false;
        if (napi_get_value_bigint_int64(env, value, &result, &lossless) == napi_ok && lossless) return result;
    } else if (type == napi_number) {
        double number = 0;
        napi_get_value_double(env, value, &number);
        if (number == (double)(int64_t)number && number >= -max_safe_integer && number <= max_safe_integer) {
            return (int64_t)number;
        }
    }
    throw_must_be(env, "timestampUs", "a safe integer or a BigInt that fits a signed 64-bit integer");
    *ok = 0;
    return 0;
}

double number_argument(napi_env env, napi_value value, const char *name, int *ok) {
    napi_valuetype type;
    double number = 0;
    if (napi_typeof(env, value, &type) == napi_ok && type == napi_number &&
        napi_get_value_double(env, value, &number) == napi_ok) {
        return number;
    }
    throw_must_be(env, name, "a number");
    *ok = 0;
    return 0;
}

int boolean_argument(napi_env env, napi_value value) {
    napi_value coerced;
    bool result = false;
    if (napi_coerce_to_bool(env, value, &coerced) == napi_ok) napi_get_value_bool(env, coerced, &result);
    return result ? 1 : 0;
}

const void *bytes_argument(napi_env env, napi_value value, size_t *size, int *ok) {
    static const char empty[1] = {0};
    bool is = false;
    void *data = NULL;
    *size = 0;
    if (napi_is_typedarray(env, value, &is) == napi_ok && is) {  /* Buffer is a Uint8Array */
        napi_typedarray_type kind;
        size_t length = 0, offset = 0;
        napi_value buffer;
        static const size_t widths[] = {1, 1, 1, 2, 2, 4, 4, 4, 8, 8, 8};
        napi_get_typedarray_info(env, value, &kind, &length, &data, &buffer, &offset);
        *size = length * ((size_t)kind < sizeof widths / sizeof widths[0] ? widths[kind] : 1);
    } else if (napi_is_dataview(env, value, &is) == napi_ok && is) {
        napi_value buffer;
        size_t offset = 0;
        napi_get_dataview_info(env, value, size, &data, &buffer, &offset);
    } else if (napi_is_arraybuffer(env, value, &is) == napi_ok && is) {
        napi_get_arraybuffer_info(env, value, &data, size);
    } else {
        throw_must_be(env, "pixels", "a Buffer, a TypedArray, a DataView or an ArrayBuffer");
        *ok = 0;
        return NULL;
    }
    return data != NULL ? data : empty;
}

const double *doubles_argument(napi_env env, napi_value value, const char *name, size_t *count, int *ok) {
    bool is = false;
    napi_typedarray_type kind;
    void *data = NULL;
    napi_value buffer;
    size_t offset = 0;
    static const double empty[1] = {0};
    if (napi_is_typedarray(env, value, &is) != napi_ok || !is ||
        napi_get_typedarray_info(env, value, &kind, count, &data, &buffer, &offset) != napi_ok ||
        kind != napi_float64_array) {
        throw_must_be(env, name, "a Float64Array");
        *ok = 0;
        return NULL;
    }
    return data != NULL ? data : empty;
}

napi_value take_library_string(napi_env env, char *text) {
    napi_value value = string_value(env, text ? text : "");
    nfv_string_free(text);
    return value;
}

napi_value string_value(napi_env env, const char *text) {
    napi_value value;
    napi_create_string_utf8(env, text, NAPI_AUTO_LENGTH, &value);
    return value;
}

napi_value undefined_value(napi_env env) {
    napi_value value;
    napi_get_undefined(env, &value);
    return value;
}
