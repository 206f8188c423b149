/*
 * session.h — a native session: the library's handle, and the channel that carries its events and preview frames
 * from the library's threads to JavaScript (delivery.c).
 *
 * Lifetime: the JavaScript NativeSession object owns it (napi_wrap). It is freed when both its wrap finalizer has
 * run (the handle is destroyed there, if close() did not do it first) and its channel has been finalized, and the
 * library has given its release notice (nfv_session_set_callback_v2): the library, not the addon, decides when its
 * event callback can run no more — after the stream's last event, inside the destroy, or, when the callback had
 * already been handed `measurementComplete`, right after the owed `completed` or `failed` event. The notice queues
 * itself last on the channel and releases it, so what the library handed over drains into JavaScript first.
 */
#ifndef NFV_NODE_SESSION_H
#define NFV_NODE_SESSION_H

#include "addon.h"

#include <pthread.h>

/** The newest preview frame not yet handed to JavaScript: one slot, overwritten while JavaScript is busy. */
typedef struct preview_slot {
    unsigned char *rgb;        /**< width * 3 bytes per row, rows packed */
    size_t capacity;           /**< bytes allocated at rgb */
    int width, height;
    int64_t timestamp_us;
    int pending;               /**< a delivery is queued and JavaScript has not taken the slot yet */
    uint32_t dropped;          /**< frames overwritten in the slot since JavaScript last took it */
} preview_slot;

/** One NativeSession. Fields marked (lock) are shared with library threads and read or written under `lock`;
 *  the others belong to the JavaScript thread. */
typedef struct native_session {
    nfv_session *handle;                 /**< NULL once destroyed */
    pthread_mutex_t lock;
    napi_threadsafe_function channel;    /**< events and preview notices, to JavaScript; thread count 1, held by the
                                              library's threads until its release notice */
    int channel_closed;                  /**< (lock) released or finalized: library threads must not use it */
    int channel_finalized;               /**< Node finalized the channel */
    int wrap_finalized;                  /**< the NativeSession object was collected or its environment ended */
    int kept_alive;                      /**< the channel is ref'd and `owner` is a strong reference */
    int library_holds;                   /**< (lock) the library may still call the event callback: from
                                              nfv_session_set_callback_v2 until its release notice */
    int free_pending;                    /**< (lock) everything else is done: the release notice frees the
                                              session */
    uint32_t backlog;                    /**< (lock) events queued on the channel and not yet handed to
                                              JavaScript */
    napi_ref owner;                      /**< the JavaScript Session that receives the deliveries (weak unless
                                              kept alive) */
    preview_slot preview;                /**< (lock) */
} native_session;

/** Creates the channel (unref'd) and the weak owner reference. Returns 0 with an exception on failure. */
int delivery_open(napi_env env, native_session *session, napi_value owner);

/** nfv_event_fn_v2: copies the event's kind and JSON and queues them to JavaScript. Library event thread. */
void delivery_on_event(void *user_data, nfv_event_kind kind, const char *event_json);

/** nfv_release_fn: the library will not call the event callback again. Queues the notice behind the events,
 *  releases the channel, and frees the session when nothing else holds it. Library event thread, or inside
 *  nfv_session_destroy() on the JavaScript thread. */
void delivery_on_release(void *user_data);

/** nfv_preview_callback: copies the frame into the slot and queues a notice unless one is pending. Library preview
 *  thread. */
void delivery_on_preview(const uint8_t *rgb, int width, int height, int stride, int64_t timestamp_us,
                         void *user_data);

/** Keeps the process alive for the session's deliveries (ref'd channel, strong owner) or not. */
void delivery_keep_alive(napi_env env, native_session *session, int keep);

/**
 * After the handle was destroyed: 1 when the library still owes the callback the events up to the result (its
 * release notice has not come: it comes right after the `completed` or `failed` event), else 0. `*backlog` receives
 * the number of events queued for JavaScript and not yet handed over.
 */
int delivery_close(napi_env env, native_session *session, uint32_t *backlog);

/** Frees the session's memory (no Node-API call: safe on the library's event thread). */
void native_session_free(native_session *session);

/** Frees the session once both its wrap and its channel were finalized. */
void native_session_free_when_unused(napi_env env, native_session *session);

#endif /* NFV_NODE_SESSION_H */
