/* stop_from_threads.c — the two ways to end a session early: nfv_session_stop() from another thread while this one
 * waits for events, and nfv_session_stop() from inside the event callback (both are allowed by the header; stop is
 * final and idempotent). No license needed: both use the simulated finger.
 *
 *   cc stop_from_threads.c $(pkg-config --cflags --libs neurofit-vitals) -lpthread -o stop_from_threads
 */
#include <neurofit_vitals.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* 1. Another thread stops the session while the main thread is blocked in nfv_session_next_event(). */

static void *stop_after_a_second(void *session) {
    struct timespec second = {1, 0};
    nanosleep(&second, NULL);
    if (nfv_session_stop((nfv_session *)session) != NFV_OK) fprintf(stderr, "stop: %s\n", nfv_last_error_message());
    return NULL;
}

static int stop_from_another_thread(void) {
    nfv_session *session = NULL;
    pthread_t stopper;
    char *json = NULL;
    int events = 0;
    nfv_status status;
    if (nfv_session_new(NULL, &session) != NFV_OK || nfv_session_use_simulator(session, NULL) != NFV_OK ||
        nfv_session_start(session) != NFV_OK) {
        fprintf(stderr, "session: %s\n", nfv_last_error_message());
        nfv_session_destroy(session);
        return 1;
    }
    pthread_create(&stopper, NULL, stop_after_a_second, session);
    while ((status = nfv_session_next_event(session, -1, &json)) == NFV_OK) {
        events++;
        nfv_string_free(json);
    }
    pthread_join(stopper, NULL);
    nfv_session_destroy(session);
    printf("stopped from another thread after %d events (%s)\n", events,
           status == NFV_DONE ? "the stream ended" : nfv_last_error_message());
    return status == NFV_DONE ? 0 : 1;
}

/* 2. The callback stops its own session when the reading starts; the main thread waits for the stream's end. */

struct watch {
    nfv_session *session;
    pthread_mutex_t lock;
    pthread_cond_t ended;
    int events, stopped, idle;
};

static void on_event(void *user_data, const char *json) {
    struct watch *watch = user_data;
    int stop_now;
    pthread_mutex_lock(&watch->lock);
    watch->events++;
    stop_now = !watch->stopped && strstr(json, "\"type\":\"started\"") != NULL;
    if (stop_now) watch->stopped = 1;
    if (watch->stopped && strstr(json, "\"state\":\"idle\"") != NULL) {
        watch->idle = 1;
        pthread_cond_signal(&watch->ended);
    }
    pthread_mutex_unlock(&watch->lock);
    /* Allowed inside the callback: stop never waits for the event thread (with a camera it waits only until the
     * capture thread has released the camera). Done outside the lock, as any call into the library from a callback
     * should be. */
    if (stop_now && nfv_session_stop(watch->session) != NFV_OK) fprintf(stderr, "stop: %s\n", nfv_last_error_message());
}

static int stop_inside_the_callback(void) {
    struct watch watch;
    struct timespec deadline;
    memset(&watch, 0, sizeof watch);
    pthread_mutex_init(&watch.lock, NULL);
    pthread_cond_init(&watch.ended, NULL);
    if (nfv_session_new(NULL, &watch.session) != NFV_OK ||
        nfv_session_use_simulator(watch.session, "{\"realTime\":false}") != NFV_OK ||
        nfv_session_set_callback(watch.session, on_event, &watch) != NFV_OK ||
        nfv_session_start(watch.session) != NFV_OK) {
        fprintf(stderr, "session: %s\n", nfv_last_error_message());
        nfv_session_destroy(watch.session);
        return 1;
    }
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 20;
    pthread_mutex_lock(&watch.lock);
    while (!watch.idle && pthread_cond_timedwait(&watch.ended, &watch.lock, &deadline) == 0) {
    }
    pthread_mutex_unlock(&watch.lock);
    /* After destroy returns the callback is not running and never runs again, so `watch` may go away. */
    nfv_session_destroy(watch.session);
    printf("stopped inside the callback after %d events (%s)\n", watch.events, watch.idle ? "idle" : "timed out");
    return watch.idle ? 0 : 1;
}

int main(void) {
    int failures = stop_from_another_thread();
    failures += stop_inside_the_callback();
    return failures == 0 ? 0 : 1;
}
