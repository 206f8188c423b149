/* bench_events_consumer.c — per-event delivery cost to a C consumer, built and run by bench_events.py.
 *
 * Method (both modes): a fast simulated reading runs to completion while its events queue up (a callback blocks on
 * the first event; a puller does not pull), then the queue is drained and timed. The cost per event is the drain time
 * divided by the events drained: the library's dequeue and hand-over plus the consumer's minimal work (a strlen),
 * without the engine's time to produce the events. Prints one line per mode: "mode ns_per_event events". */
#include <neurofit_vitals.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *simulator = "{\"realTime\":false,\"seed\":11}";

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

/* Waits until the session's state is completed (the events are all queued by then). */
static int wait_completed(nfv_session *session) {
    int round;
    for (round = 0; round < 20000; round++) {
        char *json = NULL;
        int done;
        if (nfv_session_state(session, &json) != NFV_OK) return 0;
        done = strstr(json, "\"completed\"") != NULL;
        nfv_string_free(json);
        if (done) return 1;
        {
            struct timespec pause = {0, 1000000};
            nanosleep(&pause, NULL);
        }
    }
    return 0;
}

struct drain {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int released, events, finished;
    double first_ns, last_ns;
    size_t bytes;
};

static void on_event(void *user_data, const char *json) {
    struct drain *drain = user_data;
    pthread_mutex_lock(&drain->lock);
    while (!drain->released) pthread_cond_wait(&drain->changed, &drain->lock);
    drain->bytes += strlen(json);
    if (drain->events++ == 0) drain->first_ns = now_ns();
    drain->last_ns = now_ns();
    if (strstr(json, "\"type\":\"state\"") != NULL && strstr(json, "\"state\":\"completed\"") != NULL) {
        drain->finished = 1;
        pthread_cond_broadcast(&drain->changed);
    }
    pthread_mutex_unlock(&drain->lock);
}

static double callback_round(int *events) {
    struct drain drain;
    nfv_session *session = NULL;
    memset(&drain, 0, sizeof drain);
    pthread_mutex_init(&drain.lock, NULL);
    pthread_cond_init(&drain.changed, NULL);
    if (nfv_session_new(NULL, &session) != NFV_OK || nfv_session_use_simulator(session, simulator) != NFV_OK ||
        nfv_session_set_callback(session, on_event, &drain) != NFV_OK || nfv_session_start(session) != NFV_OK ||
        !wait_completed(session)) {
        fprintf(stderr, "callback round: %s\n", nfv_last_error_message());
        exit(1);
    }
    pthread_mutex_lock(&drain.lock);
    drain.released = 1;
    pthread_cond_broadcast(&drain.changed);
    while (!drain.finished) pthread_cond_wait(&drain.changed, &drain.lock);
    pthread_mutex_unlock(&drain.lock);
    nfv_session_destroy(session);
    *events = drain.events;
    /* The first event was held back; the drain starts when it is handed on. */
    return (drain.last_ns - drain.first_ns) / (drain.events - 1);
}

static double pull_round(int *events) {
    nfv_session *session = NULL;
    char *json = NULL;
    size_t bytes = 0;
    double start;
    int count = 0;
    if (nfv_session_new(NULL, &session) != NFV_OK || nfv_session_use_simulator(session, simulator) != NFV_OK ||
        nfv_session_start(session) != NFV_OK || !wait_completed(session)) {
        fprintf(stderr, "pull round: %s\n", nfv_last_error_message());
        exit(1);
    }
    start = now_ns();
    while (nfv_session_next_event(session, 0, &json) == NFV_OK) {
        bytes += strlen(json);
        nfv_string_free(json);
        count++;
    }
    *events = count;
    start = (now_ns() - start) / count;
    nfv_session_destroy(session);
    return bytes > 0 ? start : -1;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 5, round, events = 0;
    double callback[64], pull[64];
    if (rounds < 1 || rounds > 64) rounds = 5;
    for (round = 0; round < rounds; round++) {
        callback[round] = callback_round(&events);
        pull[round] = pull_round(&events);
    }
    qsort(callback, rounds, sizeof(double), compare_doubles);
    qsort(pull, rounds, sizeof(double), compare_doubles);
    printf("c-callback %.0f %d\n", callback[rounds / 2], events);
    printf("c-pull %.0f %d\n", pull[rounds / 2], events);
    return 0;
}
