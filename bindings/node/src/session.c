/*
 * session.c — the NativeSession class: one nfv_session per object, its calls as methods. lib/session.js wraps it
 * in the public Session (events, promise, iterator, keep-alive policy); nothing here decides policy.
 *
 * Every method runs on the JavaScript thread and reads the library's last error right after a failed call, on
 * the same thread, except start(), which runs nfv_session_start on a worker thread (it waits while a camera opens)
 * and reads the error there.
 */
#include "session.h"

#include <stdlib.h>

/** Native sessions allocated and not yet freed, in the whole process. */
static uint32_t native_sessions_allocated;

uint32_t native_session_count(void) {
    return __atomic_load_n(&native_sessions_allocated, __ATOMIC_RELAXED);
}

void native_session_free(native_session *session) {
    __atomic_sub_fetch(&native_sessions_allocated, 1, __ATOMIC_RELAXED);
    pthread_mutex_destroy(&session->lock);
    free(session->preview.rgb);
    free(session);
}

void native_session_free_when_unused(napi_env env, native_session *session) {
    int library_holds;
    if (!session->wrap_finalized || !session->channel_finalized) return;
    if (session->owner != NULL) napi_delete_reference(env, session->owner);
    session->owner = NULL;
    pthread_mutex_lock(&session->lock);
    library_holds = session->library_holds;
    session->free_pending = library_holds;
    pthread_mutex_unlock(&session->lock);
    if (!library_holds) native_session_free(session);  /* else the library's release notice frees it */
}

/** Destroys the handle (stopping the session; waits for a running callback). Returns 1 when the library still owes
 *  the callback the events up to the result (its release notice comes after them), with the number of events
 *  queued for JavaScript in *backlog. Idempotent (0 after the first call). */
static int close_session(napi_env env, native_session *session, uint32_t *backlog) {
    *backlog = 0;
    if (session->handle == NULL) return 0;
    nfv_session_destroy(session->handle);
    session->handle = NULL;
    return delivery_close(env, session, backlog);
}

/** napi_wrap finalizer: the NativeSession was collected (or its environment is ending). */
static void finalize_session(napi_env env, void *data, void *hint) {
    native_session *session = data;
    uint32_t backlog;
    (void)hint;
    close_session(env, session, &backlog);
    session->wrap_finalized = 1;
    native_session_free_when_unused(env, session);
}

/** The session behind `this`, open; throws and returns NULL when the object is not one or it was closed. */
static native_session *open_session(napi_env env, napi_value this_arg) {
    native_session *session = NULL;
    if (napi_unwrap(env, this_arg, (void **)&session) != napi_ok || session == NULL) {
        throw_invalid_argument(env, "Not a NativeSession");
        return NULL;
    }
    if (session->handle == NULL) {
        throw_invalid_argument(env, "The session is closed");
        return NULL;
    }
    return session;
}

/** Reads `count` arguments and the open session behind `this`; NULL (with an exception) on failure. */
static native_session *method_arguments(napi_env env, napi_callback_info info, size_t count, napi_value *argv) {
    napi_value this_arg;
    if (!read_arguments(env, info, count, argv, &this_arg)) return NULL;
    return open_session(env, this_arg);
}

/* new NativeSession(configJson | null, owner) */
static napi_value construct(napi_env env, napi_callback_info info) {
    napi_value argv[2], this_arg;
    int ok = 1;
    char *config;
    nfv_session *handle = NULL;
    native_session *session;
    nfv_status status;
    if (!read_arguments(env, info, 2, argv, &this_arg)) return NULL;
    config = string_argument(env, argv[0], 1, "config", &ok);
    if (!ok) return NULL;
    status = nfv_session_new(config, &handle);
    free(config);
    if (!check(env, status)) return NULL;
    session = calloc(1, sizeof *session);
    if (session == NULL) {
        nfv_session_destroy(handle);
        throw_error_json(env, NULL);
        return NULL;
    }
    pthread_mutex_init(&session->lock, NULL);
    session->handle = handle;
    __atomic_add_fetch(&native_sessions_allocated, 1, __ATOMIC_RELAXED);
    if (!delivery_open(env, session, argv[1])) {
        nfv_session_destroy(handle);  /* no callback was set: nothing else holds the session */
        session->handle = NULL;
        session->wrap_finalized = 1;
        session->channel_finalized = 1;
        native_session_free_when_unused(env, session);
        return NULL;
    }
    session->library_holds = 1;  /* until the release notice: the library may call the callback (after start) */
    if (!check(env, nfv_session_set_callback_v2(handle, delivery_on_event, session, delivery_on_release))) {
        session->library_holds = 0;  /* the call failed: no notice will come */
        session->channel_closed = 1;
        napi_release_threadsafe_function(session->channel, napi_tsfn_abort);
        nfv_session_destroy(handle);
        session->handle = NULL;
        session->wrap_finalized = 1;
        return NULL;  /* the channel's finalizer frees the session */
    }
    if (napi_wrap(env, this_arg, session, finalize_session, NULL, NULL) != napi_ok) {
        uint32_t backlog;
        close_session(env, session, &backlog);
        session->wrap_finalized = 1;
        native_session_free_when_unused(env, session);
        throw_error_json(env, "{\"code\":\"internalError\",\"message\":\"Could not wrap the session\","
                              "\"retryable\":false}");
        return NULL;
    }
    return this_arg;
}

/** Calls `function(handle, text)` with the method's one string argument (`optional`: null or undefined pass NULL). */
static napi_value call_with_string(napi_env env, napi_callback_info info, const char *name, int optional,
                                   nfv_status (*function)(nfv_session *, const char *)) {
    napi_value argv[1];
    native_session *session = method_arguments(env, info, 1, argv);
    int ok = 1;
    char *text;
    nfv_status status;
    if (session == NULL) return NULL;
    text = string_argument(env, argv[0], optional, name, &ok);
    if (!ok) return NULL;
    status = function(session->handle, text);
    free(text);
    check(env, status);
    return NULL;
}

/* useCamera(device | null) */
static napi_value use_camera(napi_env env, napi_callback_info info) {
    return call_with_string(env, info, "device", 1, nfv_session_use_camera);
}

/* useSimulator(optionsJson | null) */
static napi_value use_simulator(napi_env env, napi_callback_info info) {
    return call_with_string(env, info, "options", 1, nfv_session_use_simulator);
}

/** The open session behind `this` and the method's one int argument; NULL (with an exception) on failure. */
static native_session *session_and_int(napi_env env, napi_callback_info info, const char *name, int *value) {
    napi_value argv[1];
    native_session *session = method_arguments(env, info, 1, argv);
    int ok = 1;
    if (session == NULL) return NULL;
    *value = (int)integer_argument(env, argv[0], INT32_MIN, INT32_MAX, name, &ok);
    return ok ? session : NULL;
}

/* useHostFrames(fpsTier) */
static napi_value use_host_frames(napi_env env, napi_callback_info info) {
    int tier = 0;
    native_session *session = session_and_int(env, info, "fpsTier", &tier);
    if (session != NULL) check(env, nfv_session_use_host_frames(session->handle, tier));
    return NULL;
}

/* useReplay(path, realTime) */
static napi_value use_replay(napi_env env, napi_callback_info info) {
    napi_value argv[2];
    native_session *session = method_arguments(env, info, 2, argv);
    int ok = 1;
    char *path;
    nfv_status status;
    if (session == NULL) return NULL;
    path = string_argument(env, argv[0], 0, "path", &ok);
    if (!ok) return NULL;
    status = nfv_session_use_replay(session->handle, path, boolean_argument(env, argv[1]));
    free(path);
    check(env, status);
    return NULL;
}

/* record(path) */
static napi_value record(napi_env env, napi_callback_info info) {
    return call_with_string(env, info, "path", 0, nfv_session_record);
}

/* enablePreviewFrames(maxFps): 0 removes the callback. */
static napi_value enable_preview_frames(napi_env env, napi_callback_info info) {
    int max_fps = 0;
    native_session *session = session_and_int(env, info, "maxFps", &max_fps);
    if (session == NULL) return NULL;
    check(env, nfv_session_set_preview_callback(session->handle, max_fps == 0 ? NULL : delivery_on_preview, session,
                                                max_fps));
    return NULL;
}

/** One start() in flight: the worker's outcome and the promise it settles. */
typedef struct start_job {
    napi_async_work work;
    napi_deferred deferred;
    napi_ref keep;             /**< the NativeSession object, held until the job completes */
    nfv_session *handle;
    nfv_status status;
    char *error_json;          /**< the worker thread's last error, when the start failed */
} start_job;

/** Worker thread: opens the source; the error is read on this thread, right after the call. */
static void run_start(napi_env env, void *data) {
    start_job *job = data;
    (void)env;
    job->status = nfv_session_start(job->handle);
    if (job->status != NFV_OK) job->error_json = nfv_last_error_json();
}

/** JavaScript thread: settles the promise. */
static void finish_start(napi_env env, napi_status status, void *data) {
    start_job *job = data;
    if (status == napi_ok && job->status == NFV_OK) {
        napi_resolve_deferred(env, job->deferred, undefined_value(env));
    } else {
        napi_reject_deferred(env, job->deferred, error_value_from_json(env, job->error_json));
    }
    nfv_string_free(job->error_json);
    napi_delete_reference(env, job->keep);
    napi_delete_async_work(env, job->work);
    free(job);
}

/* start() → Promise<void> */
static napi_value start(napi_env env, napi_callback_info info) {
    napi_value this_arg, promise, name;
    native_session *session;
    start_job *job;
    if (!read_arguments(env, info, 0, NULL, &this_arg) || (session = open_session(env, this_arg)) == NULL) {
        return NULL;
    }
    job = calloc(1, sizeof *job);
    if (job == NULL) {
        throw_error_json(env, NULL);
        return NULL;
    }
    job->handle = session->handle;
    napi_create_string_utf8(env, "neurofit_vitals start", NAPI_AUTO_LENGTH, &name);
    if (napi_create_promise(env, &job->deferred, &promise) != napi_ok ||
        napi_create_reference(env, this_arg, 1, &job->keep) != napi_ok ||
        napi_create_async_work(env, NULL, name, run_start, finish_start, job, &job->work) != napi_ok ||
        napi_queue_async_work(env, job->work) != napi_ok) {
        throw_error_json(env, "{\"code\":\"internalError\",\"message\":\"Could not queue the start\","
                              "\"retryable\":false}");
        return NULL;
    }
    return promise;
}

/* stop() */
static napi_value stop(napi_env env, napi_callback_info info) {
    native_session *session = method_arguments(env, info, 0, NULL);
    if (session != NULL) check(env, nfv_session_stop(session->handle));
    return NULL;
}

/* cancelReading(reason | null) */
static napi_value cancel_reading(napi_env env, napi_callback_info info) {
    return call_with_string(env, info, "reason", 1, nfv_session_cancel_reading);
}

/* setAutoStart(enabled) */
static napi_value set_auto_start(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    native_session *session = method_arguments(env, info, 1, argv);
    if (session != NULL) check(env, nfv_session_set_auto_start(session->handle, boolean_argument(env, argv[0])));
    return NULL;
}

/* getAutoStart() → boolean */
static napi_value get_auto_start(napi_env env, napi_callback_info info) {
    native_session *session = method_arguments(env, info, 0, NULL);
    int enabled = 0;
    napi_value result;
    if (session == NULL || !check(env, nfv_session_get_auto_start(session->handle, &enabled))) return NULL;
    napi_get_boolean(env, enabled != 0, &result);
    return result;
}

/* state() → JSON text */
static napi_value state(napi_env env, napi_callback_info info) {
    native_session *session = method_arguments(env, info, 0, NULL);
    char *json = NULL;
    if (session == NULL || !check(env, nfv_session_state(session->handle, &json))) return NULL;
    return take_library_string(env, json);
}

/** true for NFV_OK, false for NFV_DONE (stop feeding); throws otherwise. */
static napi_value feeding_result(napi_env env, nfv_status status) {
    napi_value result;
    if (status != NFV_OK && status != NFV_DONE) {
        throw_last_error(env);
        return NULL;
    }
    napi_get_boolean(env, status == NFV_OK, &result);
    return result;
}

/* submitFrame(pixels, format, width, height, stride, timestampUs) → boolean */
static napi_value submit_frame(napi_env env, napi_callback_info info) {
    napi_value argv[6];
    native_session *session = method_arguments(env, info, 6, argv);
    int ok = 1;
    size_t size = 0;
    const void *pixels;
    int64_t format = 0, width = 0, height = 0, stride = 0, timestamp = 0;
    if (session == NULL) return NULL;
    pixels = bytes_argument(env, argv[0], &size, &ok);
    if (ok) format = integer_argument(env, argv[1], INT32_MIN, INT32_MAX, "format", &ok);
    if (ok) width = integer_argument(env, argv[2], INT32_MIN, INT32_MAX, "width", &ok);
    if (ok) height = integer_argument(env, argv[3], INT32_MIN, INT32_MAX, "height", &ok);
    if (ok) stride = integer_argument(env, argv[4], INT32_MIN, INT32_MAX, "stride", &ok);
    if (ok) timestamp = timestamp_argument(env, argv[5], &ok);
    if (!ok) return NULL;
    return feeding_result(env, nfv_session_submit_frame(session->handle, pixels, size, (nfv_pixel_format)format,
                                                        (int)width, (int)height, (int)stride, timestamp));
}

/* submitMeans(timestampUs, red, green, blue, saturatedFraction) → boolean */
static napi_value submit_means(napi_env env, napi_callback_info info) {
    napi_value argv[5];
    native_session *session = method_arguments(env, info, 5, argv);
    int ok = 1;
    int64_t timestamp = 0;
    double red = 0, green = 0, blue = 0, saturated = 0;
    if (session == NULL) return NULL;
    timestamp = timestamp_argument(env, argv[0], &ok);
    if (ok) red = number_argument(env, argv[1], "red", &ok);
    if (ok) green = number_argument(env, argv[2], "green", &ok);
    if (ok) blue = number_argument(env, argv[3], "blue", &ok);
    if (ok) saturated = number_argument(env, argv[4], "saturatedFraction", &ok);
    if (!ok) return NULL;
    return feeding_result(env, nfv_session_submit_means(session->handle, timestamp, red, green, blue, saturated));
}

/* submitMotion(timestampUs, x, y, z) → boolean */
static napi_value submit_motion(napi_env env, napi_callback_info info) {
    napi_value argv[4];
    native_session *session = method_arguments(env, info, 4, argv);
    int ok = 1;
    int64_t timestamp = 0;
    double x = 0, y = 0, z = 0;
    if (session == NULL) return NULL;
    timestamp = timestamp_argument(env, argv[0], &ok);
    if (ok) x = number_argument(env, argv[1], "x", &ok);
    if (ok) y = number_argument(env, argv[2], "y", &ok);
    if (ok) z = number_argument(env, argv[3], "z", &ok);
    if (!ok) return NULL;
    return feeding_result(env, nfv_session_submit_motion(session->handle, timestamp, x, y, z));
}

/* keepAlive(keep): while true the session's channel holds the event loop open and its owner is strongly held. */
static napi_value keep_alive(napi_env env, napi_callback_info info) {
    napi_value argv[1], this_arg;
    native_session *session = NULL;
    if (!read_arguments(env, info, 1, argv, &this_arg)) return NULL;
    if (napi_unwrap(env, this_arg, (void **)&session) == napi_ok && session != NULL) {
        delivery_keep_alive(env, session, boolean_argument(env, argv[0]));
    }
    return NULL;
}

/* close() → {resultOwed, backlog}: destroys the handle (idempotent). resultOwed: the library still hands over the
 * events up to the result, then its release notice; backlog: events queued for JavaScript when it returned. */
static napi_value close_method(napi_env env, napi_callback_info info) {
    napi_value this_arg, outcome, owed, queued;
    native_session *session = NULL;
    int result_owed = 0;
    uint32_t backlog = 0;
    if (!read_arguments(env, info, 0, NULL, &this_arg)) return NULL;
    if (napi_unwrap(env, this_arg, (void **)&session) == napi_ok && session != NULL) {
        result_owed = close_session(env, session, &backlog);
    }
    napi_create_object(env, &outcome);
    napi_get_boolean(env, result_owed != 0, &owed);
    napi_create_uint32(env, backlog, &queued);
    napi_set_named_property(env, outcome, "resultOwed", owed);
    napi_set_named_property(env, outcome, "backlog", queued);
    return outcome;
}

napi_value define_session_class(napi_env env) {
    static const napi_property_descriptor methods[] = {
        {"useCamera", NULL, use_camera, NULL, NULL, NULL, napi_default, NULL},
        {"useSimulator", NULL, use_simulator, NULL, NULL, NULL, napi_default, NULL},
        {"useHostFrames", NULL, use_host_frames, NULL, NULL, NULL, napi_default, NULL},
        {"useReplay", NULL, use_replay, NULL, NULL, NULL, napi_default, NULL},
        {"record", NULL, record, NULL, NULL, NULL, napi_default, NULL},
        {"enablePreviewFrames", NULL, enable_preview_frames, NULL, NULL, NULL, napi_default, NULL},
        {"start", NULL, start, NULL, NULL, NULL, napi_default, NULL},
        {"stop", NULL, stop, NULL, NULL, NULL, napi_default, NULL},
        {"cancelReading", NULL, cancel_reading, NULL, NULL, NULL, napi_default, NULL},
        {"setAutoStart", NULL, set_auto_start, NULL, NULL, NULL, napi_default, NULL},
        {"getAutoStart", NULL, get_auto_start, NULL, NULL, NULL, napi_default, NULL},
        {"state", NULL, state, NULL, NULL, NULL, napi_default, NULL},
        {"submitFrame", NULL, submit_frame, NULL, NULL, NULL, napi_default, NULL},
        {"submitMeans", NULL, submit_means, NULL, NULL, NULL, napi_default, NULL},
        {"submitMotion", NULL, submit_motion, NULL, NULL, NULL, napi_default, NULL},
        {"keepAlive", NULL, keep_alive, NULL, NULL, NULL, napi_default, NULL},
        {"close", NULL, close_method, NULL, NULL, NULL, napi_default, NULL},
    };
    napi_value constructor = NULL;
    napi_define_class(env, "NativeSession", NAPI_AUTO_LENGTH, construct, NULL, sizeof methods / sizeof methods[0],
                      methods, &constructor);
    return constructor;
}
