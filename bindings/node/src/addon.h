/*
 * addon.h — what the parts of the Node.js addon share: the per-environment state, argument conversion and the
 * errors it throws. The addon is a thin layer over the C API; the JavaScript package (../lib) gives it its shape.
 *
 * Threads: every function here runs on the JavaScript thread of its environment, except where a comment says
 * otherwise (the delivery callbacks in delivery.c run on the library's threads).
 */
#ifndef NFV_NODE_ADDON_H
#define NFV_NODE_ADDON_H

#define NAPI_VERSION 8
#include <node_api.h>
#include <neurofit_vitals.h>

#include <stddef.h>
#include <stdint.h>

/** Per-environment state (napi_set_instance_data): the JavaScript functions registered by lib/native.js. */
typedef struct addon_state {
    /** dispatch(owner, kind, payload): hands one delivery to its session object (kind 0: event JSON text, 1: a
     *  preview frame object). Catches what the session's handlers throw. */
    napi_ref dispatch;
    /** errorFromJson(json): the Error subclass for a library error object's JSON text. */
    napi_ref error_from_json;
} addon_state;

/** The environment's addon_state (NULL before init()). */
addon_state *addon_state_of(napi_env env);

/* ---- errors (arguments.c) ------------------------------------------------------------------------------------ */

/** Throws the calling thread's last library error as its Error subclass. Call right after the failed nfv_ call. */
void throw_last_error(napi_env env);

/** Throws an Error subclass for a library error object's JSON text (NULL: an internal error, out of memory). */
void throw_error_json(napi_env env, const char *json);

/** Throws an InvalidArgumentError with `message` (static ASCII text without quotes or backslashes). */
void throw_invalid_argument(napi_env env, const char *message);

/** The Error subclass for a library error object's JSON text, as a value (for rejecting a promise). */
napi_value error_value_from_json(napi_env env, const char *json);

/** 1 when `status` is NFV_OK; else throws the last error and returns 0. */
int check(napi_env env, nfv_status status);

/* ---- arguments (arguments.c) --------------------------------------------------------------------------------- */

/** Reads up to `capacity` arguments and `this`; missing ones are undefined. Returns 0 (with an exception) on
 *  failure. */
int read_arguments(napi_env env, napi_callback_info info, size_t capacity, napi_value *argv, napi_value *this_arg);

/** A string argument as a fresh NUL-terminated UTF-8 copy (free() it), or NULL for undefined/null when
 *  `optional`. Sets *ok to 0 and throws on a wrong type. */
char *string_argument(napi_env env, napi_value value, int optional, const char *name, int *ok);

/** An integral number argument in [minimum, maximum]; throws and returns 0 (with *ok = 0) otherwise. */
int64_t integer_argument(napi_env env, napi_value value, int64_t minimum, int64_t maximum, const char *name, int *ok);

/** A timestamp in microseconds: a safe-integer Number or a BigInt that fits int64. */
int64_t timestamp_argument(napi_env env, napi_value value, int *ok);

/** A finite or non-finite number (the library judges the value); throws on a wrong type. */
double number_argument(napi_env env, napi_value value, const char *name, int *ok);

/** A truthiness argument (napi_coerce_to_bool). */
int boolean_argument(napi_env env, napi_value value);

/** The bytes of a Buffer, TypedArray, DataView or ArrayBuffer (in place, valid during this call). Throws and
 *  returns NULL with *ok = 0 for other values. An empty buffer gives a non-NULL pointer and size 0. */
const void *bytes_argument(napi_env env, napi_value value, size_t *size, int *ok);

/** The Float64Array argument's doubles (in place) and count. */
const double *doubles_argument(napi_env env, napi_value value, const char *name, size_t *count, int *ok);

/** A JavaScript string from a library string the caller owns; frees it (nfv_string_free) in every case. */
napi_value take_library_string(napi_env env, char *text);

/** A JavaScript string from static or library-owned text (not freed). */
napi_value string_value(napi_env env, const char *text);

/** undefined. */
napi_value undefined_value(napi_env env);

/* ---- sessions (session.c) ------------------------------------------------------------------------------------ */

/** Defines the NativeSession class; returns its constructor (NULL with an exception on failure). */
napi_value define_session_class(napi_env env);

/** How many native sessions are allocated in the process (freed ones not counted): what a test reads to see that
 *  every session's memory was released once the library's notice came. Any thread. */
uint32_t native_session_count(void);

#endif /* NFV_NODE_ADDON_H */
