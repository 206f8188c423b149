/*
 * delivery.c — events and preview frames from the library's threads to JavaScript through one
 * napi_threadsafe_function per session (its "channel").
 *
 * Events are copied and queued without limit (there are a few per second and none may be lost). Preview frames go
 * through a single slot: while a notice is pending, a newer frame overwrites the slot and is counted as a drop, so a
 * slow JavaScript thread sees the newest frame and the queue never grows. Neither library thread ever blocks on
 * JavaScript: napi_call_threadsafe_function is non-blocking on an unbounded queue.
 */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/** Queued instead of an event: "take the preview slot". */
static char preview_notice;
/** Queued instead of an event, last: the library's release notice (no event follows). */
static char release_notice;

/** What dispatch(owner, what, …) is handed (lib/session.js knows the same numbers). */
enum { delivery_event = 0, delivery_preview = 1, delivery_released = 2 };

/** One event on its way to JavaScript: its kind and a copy of its JSON. */
typedef struct queued_event {
    nfv_event_kind kind;
    char json[];
} queued_event;

/** The owner as a value, or NULL when it was collected. */
static napi_value owner_value(napi_env env, native_session *session) {
    napi_value owner = NULL;
    if (session->owner == NULL || napi_get_reference_value(env, session->owner, &owner) != napi_ok) return NULL;
    return owner;
}

/** Moves the preview slot into argv[0…4] (rgb Buffer, width, height, timestamp in µs, frames dropped); 0 when the
 *  slot was empty. */
static int take_preview(napi_env env, native_session *session, napi_value *argv) {
    preview_slot *slot = &session->preview;
    int taken = 0;
    pthread_mutex_lock(&session->lock);
    if (slot->pending) {
        void *copy;
        size_t size = (size_t)slot->width * 3 * (size_t)slot->height;
        taken = napi_create_buffer_copy(env, size, slot->rgb, &copy, &argv[0]) == napi_ok;
        napi_create_int32(env, slot->width, &argv[1]);
        napi_create_int32(env, slot->height, &argv[2]);
        napi_create_double(env, (double)slot->timestamp_us, &argv[3]);
        napi_create_uint32(env, slot->dropped, &argv[4]);
        slot->pending = 0;
        slot->dropped = 0;
    }
    pthread_mutex_unlock(&session->lock);
    return taken;
}

/** Frees a queued item (the notices are static) and counts an event out of the backlog. */
static void discard_item(native_session *session, void *data) {
    if (data == &preview_notice || data == &release_notice) return;
    pthread_mutex_lock(&session->lock);
    session->backlog--;
    pthread_mutex_unlock(&session->lock);
    free(data);
}

/** Fills argv[1…] for one queued item; returns argc, 0 when there is nothing to hand over. */
static size_t item_arguments(napi_env env, native_session *session, void *data, napi_value *argv) {
    if (data == &preview_notice) {
        napi_create_int32(env, delivery_preview, &argv[1]);
        return take_preview(env, session, argv + 2) ? 7 : 0;
    }
    if (data == &release_notice) {
        napi_create_int32(env, delivery_released, &argv[1]);
        return 2;
    }
    napi_create_int32(env, delivery_event, &argv[1]);
    napi_create_int32(env, (int32_t)((queued_event *)data)->kind, &argv[2]);
    napi_create_string_utf8(env, ((queued_event *)data)->json, NAPI_AUTO_LENGTH, &argv[3]);
    return 4;
}

/** The channel's call_js: hands one queued item to lib/native.js's dispatch(owner, what, …). env is NULL when Node
 *  drops the item (the channel is closing): then only the item is freed. */
static void deliver(napi_env env, napi_value unused, void *context, void *data) {
    native_session *session = context;
    addon_state *state = env == NULL ? NULL : addon_state_of(env);
    napi_value argv[7], dispatch, global, result, owner;
    size_t argc;
    (void)unused;
    owner = state == NULL ? NULL : owner_value(env, session);
    if (owner != NULL && napi_get_reference_value(env, state->dispatch, &dispatch) == napi_ok &&
        napi_get_global(env, &global) == napi_ok && (argc = item_arguments(env, session, data, argv)) > 0) {
        argv[0] = owner;
        if (napi_call_function(env, global, dispatch, argc, argv, &result) == napi_pending_exception) {
            /* dispatch catches what handlers throw; this is a bug in it. Never let it take the process down. */
            napi_value error;
            napi_valuetype type = napi_undefined;
            napi_get_and_clear_last_exception(env, &error);
            napi_typeof(env, error, &type);
            fprintf(stderr, "neurofit_vitals: an exception (type %d) escaped the event dispatcher\n", (int)type);
        }
    }
    discard_item(session, data);
}

/** The channel's finalizer (JavaScript thread): from now on library threads must not touch it, and nothing holds
 *  the owner for it any more. */
static void channel_finalized(napi_env env, void *data, void *hint) {
    native_session *session = data;
    uint32_t count;
    (void)hint;
    pthread_mutex_lock(&session->lock);
    session->channel_closed = 1;
    pthread_mutex_unlock(&session->lock);
    if (session->kept_alive) napi_reference_unref(env, session->owner, &count);
    session->kept_alive = 0;
    session->channel_finalized = 1;
    native_session_free_when_unused(env, session);
}

int delivery_open(napi_env env, native_session *session, napi_value owner) {
    napi_value name;
    napi_create_string_utf8(env, "neurofit_vitals session", NAPI_AUTO_LENGTH, &name);
    if (napi_create_reference(env, owner, 0, &session->owner) != napi_ok ||
        napi_create_threadsafe_function(env, NULL, NULL, name, 0, 1, session, channel_finalized, session, deliver,
                                        &session->channel) != napi_ok) {
        throw_error_json(env, "{\"code\":\"internalError\",\"message\":\"Could not create the session's event "
                              "channel\",\"retryable\":false}");
        return 0;
    }
    napi_unref_threadsafe_function(env, session->channel);
    return 1;
}

/** Queues `item` on the channel unless it is closed; 0 when it was not queued. Called under the lock. */
static int queue_locked(native_session *session, void *item) {
    return !session->channel_closed &&
           napi_call_threadsafe_function(session->channel, item, napi_tsfn_nonblocking) == napi_ok;
}

/** Queues `item` on the channel unless it is closed; 0 when it was not queued. Library threads. */
static int queue_item(native_session *session, void *item) {
    int queued;
    pthread_mutex_lock(&session->lock);
    queued = queue_locked(session, item);
    pthread_mutex_unlock(&session->lock);
    return queued;
}

void delivery_on_event(void *user_data, nfv_event_kind kind, const char *event_json) {
    native_session *session = user_data;
    size_t length = strlen(event_json);
    queued_event *event = malloc(sizeof *event + length + 1);
    if (event == NULL) return;
    event->kind = kind;
    memcpy(event->json, event_json, length + 1);
    pthread_mutex_lock(&session->lock);
    if (queue_locked(session, event)) session->backlog++;
    else free(event);
    pthread_mutex_unlock(&session->lock);
}

void delivery_on_release(void *user_data) {
    native_session *session = user_data;
    int free_now;
    pthread_mutex_lock(&session->lock);
    /* The notice goes last into the queue, then the channel is released (not aborted): what the library handed
     * over still drains into JavaScript, which decides from the notice what to emit. Under the lock, like every use
     * of the channel from library threads, so an environment ending meanwhile is seen. */
    if (queue_locked(session, &release_notice)) {
        napi_release_threadsafe_function(session->channel, napi_tsfn_release);
    }
    session->channel_closed = 1;
    session->library_holds = 0;
    free_now = session->free_pending;
    pthread_mutex_unlock(&session->lock);
    if (free_now) native_session_free(session);  /* nothing else refers to it any more */
}

/** Copies a frame into the slot, rows packed; 0 when memory ran out. Called under the lock. */
static int fill_slot(preview_slot *slot, const uint8_t *rgb, int width, int height, int stride,
                     int64_t timestamp_us) {
    size_t row = (size_t)width * 3, size = row * (size_t)height;
    int y;
    if (size > slot->capacity) {
        unsigned char *grown = realloc(slot->rgb, size);
        if (grown == NULL) return 0;
        slot->rgb = grown;
        slot->capacity = size;
    }
    for (y = 0; y < height; y++) memcpy(slot->rgb + row * (size_t)y, rgb + (size_t)stride * (size_t)y, row);
    slot->width = width;
    slot->height = height;
    slot->timestamp_us = timestamp_us;
    return 1;
}

void delivery_on_preview(const uint8_t *rgb, int width, int height, int stride, int64_t timestamp_us,
                         void *user_data) {
    native_session *session = user_data;
    int notify = 0;
    pthread_mutex_lock(&session->lock);
    if (!session->channel_closed && width > 0 && height > 0 &&
        fill_slot(&session->preview, rgb, width, height, stride, timestamp_us)) {
        if (session->preview.pending) {
            session->preview.dropped++;
        } else {
            session->preview.pending = 1;
            notify = 1;
        }
    }
    pthread_mutex_unlock(&session->lock);
    if (notify && !queue_item(session, &preview_notice)) {
        pthread_mutex_lock(&session->lock);
        session->preview.pending = 0;
        pthread_mutex_unlock(&session->lock);
    }
}

void delivery_keep_alive(napi_env env, native_session *session, int keep) {
    uint32_t count;
    if (keep == session->kept_alive || session->channel_finalized) return;
    if (session->handle == NULL && keep) return;
    session->kept_alive = keep;
    if (keep) {
        napi_ref_threadsafe_function(env, session->channel);
        napi_reference_ref(env, session->owner, &count);
    } else {
        napi_unref_threadsafe_function(env, session->channel);
        napi_reference_unref(env, session->owner, &count);
    }
}

int delivery_close(napi_env env, native_session *session, uint32_t *backlog) {
    int owed;
    (void)env;
    pthread_mutex_lock(&session->lock);
    owed = session->library_holds;
    *backlog = session->backlog;
    pthread_mutex_unlock(&session->lock);
    return owed;
}
