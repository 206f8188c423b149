/* C API lifecycle tests: the event kind handed beside each event (nfv_session_next_event_v2(), the version 2
 * callback, nfv_event_kind_name()) and the library's ownership of a callback's end: nfv_session_set_callback_v2()'s
 * release notice comes exactly once, after the last callback, at the moment the header documents — at the end of
 * the stream, inside destroy, as a callback that destroyed its own session returns, or right after an owed result.
 * Needs no activation (the simulator). */
#include <neurofit_vitals.h>

#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

static const char *fast_simulator = "{\"realTime\":false,\"seed\":11,\"heartRateBpm\":66}";

/* Seconds on the monotonic clock. */
static double now_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* Whether `json` is an event whose "type" is `name`. */
static int has_type(const char *json, const char *name) {
    char needle[64];
    snprintf(needle, sizeof needle, "\"type\":\"%s\"", name);
    return contains(json, needle);
}

/* Every kind has its own name, the names are the JSON types, and values outside the enumeration have none. */
static void test_kind_names(void) {
    int kind, other;
    for (kind = NFV_EVENT_STATE; kind <= NFV_EVENT_RECORDING_ERROR; kind++) {
        const char *name = nfv_event_kind_name((nfv_event_kind)kind);
        CHECK(name != NULL && name[0] != '\0');
        for (other = NFV_EVENT_STATE; other < kind; other++) {
            CHECK(strcmp(name, nfv_event_kind_name((nfv_event_kind)other)) != 0);
        }
    }
    CHECK(strcmp(nfv_event_kind_name(NFV_EVENT_MEASUREMENT_COMPLETE), "measurementComplete") == 0);
    CHECK(strcmp(nfv_event_kind_name(NFV_EVENT_COMPLETED), "completed") == 0);
    CHECK(strcmp(nfv_event_kind_name(NFV_EVENT_RECONFIGURING_CAMERA), "reconfiguringCamera") == 0);
    CHECK(nfv_event_kind_name((nfv_event_kind)0) == NULL);
    CHECK(nfv_event_kind_name((nfv_event_kind)(NFV_EVENT_RECORDING_ERROR + 1)) == NULL);
    CHECK(nfv_event_kind_name((nfv_event_kind)-1) == NULL);
}

/* A whole reading pulled with nfv_session_next_event_v2(): every kind names the event's JSON type, the outcome is
 * NFV_EVENT_COMPLETED right after NFV_EVENT_MEASUREMENT_COMPLETE (with a state between), and the kind is 0 when no
 * event comes. A NULL out_kind is refused before anything is pulled. */
static void test_pull_kinds(void) {
    nfv_session *session = NULL;
    nfv_event_kind kind = NFV_EVENT_STATE;
    char *json = NULL;
    nfv_status status;
    int events = 0, mismatched = 0, measurement_complete = 0, completed = 0;
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_next_event_v2(session, 0, &kind, &json), NFV_TIMEOUT);   /* not started yet */
    CHECK(kind == 0 && json == NULL);
    CHECK_STATUS(nfv_session_next_event_v2(session, 0, NULL, &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "out_kind"));
    CHECK_STATUS(nfv_session_next_event_v2(session, 0, &kind, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_next_event_v2(NULL, 0, &kind, &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_use_simulator(session, fast_simulator), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    while ((status = nfv_session_next_event_v2(session, 10000, &kind, &json)) == NFV_OK) {
        const char *name = nfv_event_kind_name(kind);
        events++;
        check_json(json);
        if (name == NULL || !has_type(json, name)) mismatched++;
        if (kind == NFV_EVENT_MEASUREMENT_COMPLETE) measurement_complete = events;
        if (kind == NFV_EVENT_COMPLETED) completed = events;
        nfv_string_free(json);
        json = NULL;
    }
    CHECK(status == NFV_DONE);
    CHECK(kind == 0);
    CHECK(events > 50);
    CHECK(mismatched == 0);
    CHECK(measurement_complete > 0 && completed == measurement_complete + 2);
    nfv_session_destroy(session);
}

/* What a version 2 callback and its release notice saw. */
struct watched {
    pthread_mutex_t lock;
    nfv_session *session;
    nfv_event_kind destroy_on;        /* destroy from inside the first callback of this kind (0: never) */
    int events, kinds_mismatched;
    int measurement_complete, outcome;
    int destroyed;                    /* destroy returned */
    int released;                     /* the release notice's count */
    int released_inside_callback;     /* the notice came while a callback was still running */
    int released_before_outcome;      /* the notice came while the result was owed */
    int after_release;                /* callbacks after the notice */
    int in_callback;
    nfv_event_kind slow_on;           /* the first callback of this kind takes 0.2 s (0: none) */
    int in_slow_callback;             /* that callback is running */
    int slow_release;                 /* the notice takes 0.05 s before it counts */
    pthread_t release_thread;         /* where the notice came */
};

static void mark(struct watched *seen, int *field) {
    pthread_mutex_lock(&seen->lock);
    *field = 1;
    pthread_mutex_unlock(&seen->lock);
}

static int field_of(struct watched *seen, const int *field) {
    int value;
    pthread_mutex_lock(&seen->lock);
    value = *field;
    pthread_mutex_unlock(&seen->lock);
    return value;
}

/* Waits up to `seconds` for `*field` to become non-zero. */
static int wait_field(struct watched *seen, const int *field, double seconds) {
    double deadline = now_seconds() + seconds;
    while (now_seconds() < deadline) {
        if (field_of(seen, field)) return 1;
        usleep(2000);
    }
    return field_of(seen, field);
}

static void on_watched_event(void *user, nfv_event_kind kind, const char *json) {
    struct watched *seen = user;
    const char *name = nfv_event_kind_name(kind);
    int destroy_now, slow_now;
    pthread_mutex_lock(&seen->lock);
    seen->in_callback = 1;
    seen->events++;
    if (seen->released) seen->after_release++;
    if (name == NULL || !has_type(json, name)) seen->kinds_mismatched++;
    if (kind == NFV_EVENT_MEASUREMENT_COMPLETE) seen->measurement_complete = 1;
    if (kind == NFV_EVENT_COMPLETED || kind == NFV_EVENT_FAILED) seen->outcome = 1;
    destroy_now = seen->destroy_on != 0 && kind == seen->destroy_on && !seen->destroyed;
    slow_now = seen->slow_on != 0 && kind == seen->slow_on && !seen->in_slow_callback;
    if (slow_now) seen->in_slow_callback = 1;
    pthread_mutex_unlock(&seen->lock);
    if (slow_now) usleep(200000);
    if (destroy_now) {
        nfv_session_destroy(seen->session);
        mark(seen, &seen->destroyed);
        usleep(20000);   /* a notice that came now would be inside this callback */
    }
    pthread_mutex_lock(&seen->lock);
    seen->in_callback = 0;
    pthread_mutex_unlock(&seen->lock);
}

static void on_watched_release(void *user) {
    struct watched *seen = user;
    if (field_of(seen, &seen->slow_release)) usleep(50000);
    pthread_mutex_lock(&seen->lock);
    seen->release_thread = pthread_self();
    seen->released++;
    if (seen->in_callback) seen->released_inside_callback = 1;
    if (seen->measurement_complete && !seen->outcome) seen->released_before_outcome = 1;
    pthread_mutex_unlock(&seen->lock);
}

/* A session with the version 2 callback and its release notice, started unless `start` is 0. */
static void watch(struct watched *seen, const char *simulator, nfv_event_kind destroy_on, int start) {
    memset(seen, 0, sizeof *seen);
    pthread_mutex_init(&seen->lock, NULL);
    seen->destroy_on = destroy_on;
    CHECK_STATUS(nfv_session_new("{\"readingDuration\":30}", &seen->session), NFV_OK);
    CHECK_STATUS(nfv_session_use_simulator(seen->session, simulator), NFV_OK);
    CHECK_STATUS(nfv_session_set_callback_v2(seen->session, on_watched_event, seen, on_watched_release), NFV_OK);
    if (start) CHECK_STATUS(nfv_session_start(seen->session), NFV_OK);
}

/* Destroys the session from this thread and notes it. */
static void destroy_watched(struct watched *seen) {
    nfv_session_destroy(seen->session);
    mark(seen, &seen->destroyed);
}

/* After the last callback nothing more comes, the notice came once, and never inside a callback. */
static void check_settled(struct watched *seen) {
    usleep(100000);
    CHECK(field_of(seen, &seen->released) == 1);
    CHECK(field_of(seen, &seen->after_release) == 0);
    CHECK(field_of(seen, &seen->released_inside_callback) == 0);
    CHECK(field_of(seen, &seen->kinds_mismatched) == 0);
    pthread_mutex_destroy(&seen->lock);
}

/* Destroyed from inside the measurementComplete callback, or from another thread after it: the result is owed, so
 * the callbacks go on up to the outcome and the notice comes right after it (not before, not at destroy). */
static void test_release_after_owed_result(void) {
    struct watched seen;
    watch(&seen, fast_simulator, NFV_EVENT_MEASUREMENT_COMPLETE, 1);
    CHECK(wait_field(&seen, &seen.released, 30));
    CHECK(field_of(&seen, &seen.destroyed) && field_of(&seen, &seen.outcome));
    CHECK(field_of(&seen, &seen.released_before_outcome) == 0);
    check_settled(&seen);

    watch(&seen, fast_simulator, 0, 1);
    CHECK(wait_field(&seen, &seen.measurement_complete, 30));
    destroy_watched(&seen);
    CHECK(wait_field(&seen, &seen.released, 30));
    CHECK(field_of(&seen, &seen.outcome) == 1);
    CHECK(field_of(&seen, &seen.released_before_outcome) == 0);
    check_settled(&seen);
}

/* Destroyed while positioning (from this thread, or from inside an early callback) or before start: no result is
 * owed, so the notice comes at destroy — inside it, or as the destroying callback returns — and no callback
 * follows. A session left to finish gives the notice after the stream's last event, without a destroy. */
static void test_release_without_owed_result(void) {
    struct watched seen;
    watch(&seen, "{\"realTime\":true}", 0, 1);
    usleep(300000);
    destroy_watched(&seen);
    CHECK(field_of(&seen, &seen.released) == 1);   /* already, inside destroy */
    CHECK(field_of(&seen, &seen.outcome) == 0);
    check_settled(&seen);

    watch(&seen, "{\"realTime\":true}", NFV_EVENT_GUIDANCE, 1);
    CHECK(wait_field(&seen, &seen.released, 10));
    CHECK(field_of(&seen, &seen.destroyed) == 1);
    CHECK(field_of(&seen, &seen.events) >= 2);      /* the positioning state, then the guidance it stopped on */
    check_settled(&seen);

    watch(&seen, fast_simulator, 0, 0);
    destroy_watched(&seen);
    CHECK(field_of(&seen, &seen.released) == 1 && field_of(&seen, &seen.events) == 0);
    check_settled(&seen);

    watch(&seen, fast_simulator, 0, 1);
    CHECK(wait_field(&seen, &seen.released, 30));   /* the stream ended: after the outcome and its state */
    CHECK(field_of(&seen, &seen.outcome) == 1 && field_of(&seen, &seen.destroyed) == 0);
    destroy_watched(&seen);
    check_settled(&seen);                            /* still once */
}

/* Destroyed from another thread while a callback runs, before measurementComplete: destroy waits for that
 * callback, and the notice comes inside destroy, on the destroying thread — never on the event thread after destroy
 * returned (a slow notice shows it: destroy returns only once it has counted). */
static void test_release_while_a_callback_runs(void) {
    struct watched seen;
    watch(&seen, "{\"realTime\":true}", 0, 0);
    seen.slow_on = NFV_EVENT_GUIDANCE;
    seen.slow_release = 1;
    CHECK_STATUS(nfv_session_start(seen.session), NFV_OK);
    CHECK(wait_field(&seen, &seen.in_slow_callback, 10));
    destroy_watched(&seen);
    CHECK(field_of(&seen, &seen.in_callback) == 0);   /* destroy waited for the callback */
    CHECK(field_of(&seen, &seen.released) == 1);      /* and gave the notice before it returned */
    pthread_mutex_lock(&seen.lock);
    CHECK(pthread_equal(seen.release_thread, pthread_self()));
    pthread_mutex_unlock(&seen.lock);
    check_settled(&seen);
}

/* A stop before start ends the stream; the later destroy still gives the notice once. A callback set twice keeps
 * the second: only its notice comes. A NULL notice is allowed; a NULL callback and a stale handle are refused. */
static void test_release_edge_cases(void) {
    struct watched seen, replaced;
    watch(&seen, fast_simulator, 0, 0);
    CHECK_STATUS(nfv_session_stop(seen.session), NFV_OK);
    CHECK(field_of(&seen, &seen.released) == 0);    /* no event thread ever ran: the notice waits for destroy */
    destroy_watched(&seen);
    check_settled(&seen);

    watch(&seen, "{\"realTime\":true}", 0, 1);
    usleep(300000);
    CHECK_STATUS(nfv_session_stop(seen.session), NFV_OK);   /* positioning: the stream ends without a result */
    CHECK(wait_field(&seen, &seen.released, 10));
    CHECK(field_of(&seen, &seen.outcome) == 0 && field_of(&seen, &seen.destroyed) == 0);
    destroy_watched(&seen);
    check_settled(&seen);

    memset(&replaced, 0, sizeof replaced);
    pthread_mutex_init(&replaced.lock, NULL);
    watch(&seen, fast_simulator, 0, 0);
    CHECK_STATUS(nfv_session_set_callback_v2(seen.session, on_watched_event, &replaced, on_watched_release), NFV_OK);
    CHECK_STATUS(nfv_session_set_callback_v2(seen.session, on_watched_event, &seen, on_watched_release), NFV_OK);
    CHECK_STATUS(nfv_session_start(seen.session), NFV_OK);
    CHECK(wait_field(&seen, &seen.outcome, 30));
    destroy_watched(&seen);
    CHECK(field_of(&replaced, &replaced.released) == 0 && field_of(&replaced, &replaced.events) == 0);
    check_settled(&seen);
    pthread_mutex_destroy(&replaced.lock);

    CHECK_STATUS(nfv_session_new(NULL, &seen.session), NFV_OK);
    CHECK_STATUS(nfv_session_set_callback_v2(seen.session, NULL, NULL, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "callback"));
    CHECK_STATUS(nfv_session_set_callback_v2(seen.session, on_watched_event, &replaced, NULL), NFV_OK);
    nfv_session_destroy(seen.session);
    CHECK_STATUS(nfv_session_set_callback_v2(seen.session, on_watched_event, &replaced, NULL),
                 NFV_ERR_INVALID_ARGUMENT);
}

int main(void) {
    test_kind_names();
    test_pull_kinds();
    test_release_after_owed_result();
    test_release_without_owed_result();
    test_release_while_a_callback_runs();
    test_release_edge_cases();
    return check_summary("test_lifecycle");
}
