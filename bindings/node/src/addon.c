/*
 * addon.c — the module: its registration, the per-environment state and the library-wide functions (versions,
 * activation, cameras, analysis). Sessions are in session.c, deliveries from library threads in delivery.c.
 *
 * Built against node_api.h (Node-API version 8, ABI-stable across Node releases) and libNeurofitVitals.so.1 by
 * bindings/node/build-addon. Loading refuses a library whose ABI version differs from the header's.
 */
#include "addon.h"

#include <stdio.h>
#include <stdlib.h>

addon_state *addon_state_of(napi_env env) {
    addon_state *state = NULL;
    napi_get_instance_data(env, (void **)&state);
    return state;
}

/** Instance data finalizer: the environment is ending. */
static void free_state(napi_env env, void *data, void *hint) {
    addon_state *state = data;
    (void)hint;
    if (state->dispatch != NULL) napi_delete_reference(env, state->dispatch);
    if (state->error_from_json != NULL) napi_delete_reference(env, state->error_from_json);
    free(state);
}

/** A function argument as a strong reference; throws and returns 0 for another type. */
static int function_reference(napi_env env, napi_value value, const char *name, napi_ref *out) {
    napi_valuetype type;
    if (napi_typeof(env, value, &type) != napi_ok || type != napi_function) {
        char message[128];
        snprintf(message, sizeof message, "%s must be a function", name);
        throw_invalid_argument(env, message);
        return 0;
    }
    return napi_create_reference(env, value, 1, out) == napi_ok;
}

/* init(dispatch, errorFromJson): lib/native.js registers the functions the addon calls back. Once per
 * environment. */
static napi_value init(napi_env env, napi_callback_info info) {
    napi_value argv[2];
    addon_state *state = addon_state_of(env);
    if (!read_arguments(env, info, 2, argv, NULL) || state == NULL) return NULL;
    if (state->dispatch != NULL) napi_delete_reference(env, state->dispatch);
    if (state->error_from_json != NULL) napi_delete_reference(env, state->error_from_json);
    state->dispatch = state->error_from_json = NULL;
    if (!function_reference(env, argv[0], "dispatch", &state->dispatch)) return NULL;
    function_reference(env, argv[1], "errorFromJson", &state->error_from_json);
    return NULL;
}

/** Sets `object[name] = value`. */
static void set_named(napi_env env, napi_value object, const char *name, napi_value value) {
    napi_set_named_property(env, object, name, value);
}

/* versions() → {version, versionNumber, engineVersion, buildDate, abiVersion} of the loaded library */
static napi_value versions(napi_env env, napi_callback_info info) {
    napi_value result, number;
    (void)info;
    napi_create_object(env, &result);
    set_named(env, result, "version", string_value(env, nfv_version_string()));
    napi_create_uint32(env, nfv_version_number(), &number);
    set_named(env, result, "versionNumber", number);
    set_named(env, result, "engineVersion", string_value(env, nfv_engine_version_string()));
    set_named(env, result, "buildDate", string_value(env, nfv_build_date()));
    napi_create_uint32(env, nfv_abi_version(), &number);
    set_named(env, result, "abiVersion", number);
    return result;
}

/* eventKindName(kind) → the event type of an nfv_event_kind value, as the loaded library names it; null for a
 * value it does not know. */
static napi_value event_kind_name(napi_env env, napi_callback_info info) {
    napi_value argv[1], name;
    int ok = 1;
    const char *text;
    if (!read_arguments(env, info, 1, argv, NULL)) return NULL;
    text = nfv_event_kind_name((nfv_event_kind)integer_argument(env, argv[0], 0, INT32_MAX, "kind", &ok));
    if (!ok) return NULL;
    if (text == NULL) {
        napi_get_null(env, &name);
        return name;
    }
    return string_value(env, text);
}

/* nativeSessions() → how many native sessions are still allocated in the process (for the lifetime tests). */
static napi_value native_sessions(napi_env env, napi_callback_info info) {
    napi_value count;
    (void)info;
    napi_create_uint32(env, native_session_count(), &count);
    return count;
}

/* activate(key, appId | null) */
static napi_value activate(napi_env env, napi_callback_info info) {
    napi_value argv[2];
    int ok = 1;
    char *key, *app_id = NULL;
    nfv_status status;
    if (!read_arguments(env, info, 2, argv, NULL)) return NULL;
    key = string_argument(env, argv[0], 0, "key", &ok);
    if (ok) app_id = string_argument(env, argv[1], 1, "appId", &ok);
    if (!ok) {
        free(key);
        return NULL;
    }
    status = nfv_activate(key, app_id);
    free(key);
    free(app_id);
    check(env, status);
    return NULL;
}

/** Calls a query that only returns JSON: licenseStatus and cameras. */
static napi_value json_query(napi_env env, nfv_status (*query)(char **)) {
    char *json = NULL;
    if (!check(env, query(&json))) return NULL;
    return take_library_string(env, json);
}

/* licenseStatus() → JSON text */
static napi_value license_status(napi_env env, napi_callback_info info) {
    (void)info;
    return json_query(env, nfv_license_status);
}

/** Calls a query taking an optional device and returning JSON: deviceSupport and cameraAccess. */
static napi_value device_query(napi_env env, napi_callback_info info, nfv_status (*query)(const char *, char **)) {
    napi_value argv[1];
    int ok = 1;
    char *device, *json = NULL;
    nfv_status status;
    if (!read_arguments(env, info, 1, argv, NULL)) return NULL;
    device = string_argument(env, argv[0], 1, "device", &ok);
    if (!ok) return NULL;
    status = query(device, &json);
    free(device);
    if (!check(env, status)) return NULL;
    return take_library_string(env, json);
}

/* deviceSupport(device | null) → JSON text */
static napi_value device_support(napi_env env, napi_callback_info info) {
    return device_query(env, info, nfv_device_support);
}

/* cameraAccess(device | null) → JSON text */
static napi_value camera_access(napi_env env, napi_callback_info info) {
    return device_query(env, info, nfv_camera_access);
}

/* cameras() → JSON text */
static napi_value cameras(napi_env env, napi_callback_info info) {
    (void)info;
    return json_query(env, nfv_cameras);
}

/* analyze(timestamps, red, green, blue: Float64Array of one length, optionsJson | null) → JSON text */
static napi_value analyze(napi_env env, napi_callback_info info) {
    napi_value argv[5];
    const double *channels[4] = {NULL, NULL, NULL, NULL};
    static const char *names[4] = {"timestamps", "red", "green", "blue"};
    size_t counts[4] = {0, 0, 0, 0};
    int ok = 1, i;
    char *options, *json = NULL;
    nfv_status status;
    if (!read_arguments(env, info, 5, argv, NULL)) return NULL;
    for (i = 0; i < 4 && ok; i++) channels[i] = doubles_argument(env, argv[i], names[i], &counts[i], &ok);
    if (!ok) return NULL;
    if (counts[1] != counts[0] || counts[2] != counts[0] || counts[3] != counts[0]) {
        throw_invalid_argument(env, "timestamps, red, green and blue must have the same length");
        return NULL;
    }
    options = string_argument(env, argv[4], 1, "options", &ok);
    if (!ok) return NULL;
    status = nfv_analyze(channels[0], channels[1], channels[2], channels[3], counts[0], options, &json);
    free(options);
    if (!check(env, status)) return NULL;
    return take_library_string(env, json);
}

/* compare(baselineJson, followUpJson) → JSON text */
static napi_value compare(napi_env env, napi_callback_info info) {
    napi_value argv[2];
    int ok = 1;
    char *baseline, *follow_up = NULL, *json = NULL;
    nfv_status status;
    if (!read_arguments(env, info, 2, argv, NULL)) return NULL;
    baseline = string_argument(env, argv[0], 0, "baseline", &ok);
    if (ok) follow_up = string_argument(env, argv[1], 0, "followUp", &ok);
    if (!ok) {
        free(baseline);
        return NULL;
    }
    status = nfv_compare(baseline, follow_up, &json);
    free(baseline);
    free(follow_up);
    if (!check(env, status)) return NULL;
    return take_library_string(env, json);
}

/* setLogging(enabled): the library's diagnostic log to standard error (never metric values or key contents). */
static napi_value set_logging(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    if (!read_arguments(env, info, 1, argv, NULL)) return NULL;
    nfv_set_logging(boolean_argument(env, argv[0]));
    return NULL;
}

/** The module's exports; refuses a library of another ABI. */
static napi_value register_module(napi_env env, napi_value exports) {
    static const napi_property_descriptor functions[] = {
        {"init", NULL, init, NULL, NULL, NULL, napi_enumerable, NULL},
        {"versions", NULL, versions, NULL, NULL, NULL, napi_enumerable, NULL},
        {"eventKindName", NULL, event_kind_name, NULL, NULL, NULL, napi_enumerable, NULL},
        {"nativeSessions", NULL, native_sessions, NULL, NULL, NULL, napi_enumerable, NULL},
        {"activate", NULL, activate, NULL, NULL, NULL, napi_enumerable, NULL},
        {"licenseStatus", NULL, license_status, NULL, NULL, NULL, napi_enumerable, NULL},
        {"deviceSupport", NULL, device_support, NULL, NULL, NULL, napi_enumerable, NULL},
        {"cameraAccess", NULL, camera_access, NULL, NULL, NULL, napi_enumerable, NULL},
        {"cameras", NULL, cameras, NULL, NULL, NULL, napi_enumerable, NULL},
        {"analyze", NULL, analyze, NULL, NULL, NULL, napi_enumerable, NULL},
        {"compare", NULL, compare, NULL, NULL, NULL, napi_enumerable, NULL},
        {"setLogging", NULL, set_logging, NULL, NULL, NULL, napi_enumerable, NULL},
    };
    napi_value session_class;
    addon_state *state;
    if (nfv_abi_version() != NFV_ABI_VERSION) {
        char message[160];
        snprintf(message, sizeof message, "libNeurofitVitals has ABI version %u; this addon was built for %d",
                 nfv_abi_version(), NFV_ABI_VERSION);
        napi_throw_error(env, "ERR_NFV_ABI_MISMATCH", message);
        return NULL;
    }
    state = calloc(1, sizeof *state);
    if (state == NULL || napi_set_instance_data(env, state, free_state, NULL) != napi_ok) {
        free(state);
        napi_throw_error(env, "ERR_NFV_INIT", "Could not set up the neurofit_vitals addon");
        return NULL;
    }
    napi_define_properties(env, exports, sizeof functions / sizeof functions[0], functions);
    session_class = define_session_class(env);
    if (session_class == NULL) return NULL;
    napi_set_named_property(env, exports, "NativeSession", session_class);
    return exports;
}

NAPI_MODULE(neurofit_vitals, register_module)
