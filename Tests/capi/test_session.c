/* C API session tests: every session function with bad arguments, a simulated reading to completion in pull and
 * callback mode, host frames (packed and YUV formats, bad sizes, timestamps going backwards), stop from another
 * thread and from inside a callback, destroy while events flow, stale handles; the end of the event stream, live
 * state, previews, the positioning time-out, every event's sample time, the result's diagnostics keys, and a restart
 * after a cancel to idle (simulator and replay).
 * Environment: NFV_TEST_KEY (a key listing this executable's name: host frames need activation). */
#include <neurofit_vitals.h>

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

/* Seconds on the monotonic clock. */
static double now_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static const char *fast_simulator = "{\"realTime\":false,\"seed\":7,\"heartRateBpm\":72}";

/* Pulls events until the stream ends; returns how many arrived. `*saw_completed` is set by a `completed` event,
 * `*last_was_completed_state` (may be NULL) tells whether the last event was the `state` event of completion. */
static int pull_all(nfv_session *session, int *last_was_completed_state, int *saw_completed) {
    int count = 0;
    char *json = NULL;
    nfv_status status;
    while ((status = nfv_session_next_event(session, 10000, &json)) == NFV_OK) {
        count++;
        check_json(json);
        if (contains(json, "\"type\":\"completed\"")) *saw_completed = 1;
        if (last_was_completed_state != NULL) {
            *last_was_completed_state = contains(json, "\"state\":\"completed\",\"t\":")
                && contains(json, ",\"type\":\"state\"}");
        }
        nfv_string_free(json);
    }
    CHECK(status == NFV_DONE);
    CHECK(json == NULL);
    return count;
}

/* Every string argument: over-long (NFV_MAX_STRING_LENGTH + 1 bytes), empty where a value is required, not UTF-8. */
static void test_long_and_empty_strings(nfv_session *session) {
    char *huge = malloc(NFV_MAX_STRING_LENGTH + 2);
    const char bad_utf8[] = {'{', (char)0xFF, '}', 0};
    nfv_session *other = NULL;
    memset(huge, ' ', NFV_MAX_STRING_LENGTH + 1);
    huge[NFV_MAX_STRING_LENGTH + 1] = 0;
    CHECK_STATUS(nfv_session_new(huge, &other), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "longer than"));
    CHECK_STATUS(nfv_session_new(bad_utf8, &other), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "UTF-8"));
    CHECK_STATUS(nfv_session_use_simulator(session, huge), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_cancel_reading(session, huge), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_use_replay(session, huge, 0), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_use_replay(session, "", 0), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_use_replay(session, NULL, 0), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_use_replay(session, "/nonexistent/reading.nfvrec", 0), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "/nonexistent/reading.nfvrec"));
    CHECK_STATUS(nfv_session_record(session, huge), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_record(session, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_record(session, ""), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_cancel_reading(session, "not measuring: ignored"), NFV_OK);
    free(huge);
}

static void test_bad_arguments(void) {
    nfv_session *session = NULL;
    char *json = (char *)"untouched";
    unsigned char pixels[16] = {0};
    nfv_session *forged = (nfv_session *)(size_t)0x12345678;
    int enabled = -1;

    CHECK_STATUS(nfv_session_new(NULL, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_new("{", &session), NFV_ERR_INVALID_ARGUMENT);
    CHECK(session == NULL && contains(nfv_last_error_message(), "Invalid configuration: not valid JSON"));
    CHECK_STATUS(nfv_session_new("{\"readingDuration\":0}", &session), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(),
                   "Invalid configuration: readingDuration must be greater than 0 and at most 3600 seconds"));
    CHECK_STATUS(nfv_session_new("{\"advanced\":{\"bogus\":1}}", &session), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "advanced.bogus"));

    CHECK_STATUS(nfv_session_start(NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_start(forged), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "not a live handle"));
    CHECK_STATUS(nfv_session_stop(forged), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_next_event(forged, 0, &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_cancel_reading(NULL, "x"), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_set_auto_start(NULL, 1), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_get_auto_start(forged, &enabled), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_state(NULL, &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_use_host_frames(NULL, 30), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_use_simulator(NULL, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_set_callback(NULL, NULL, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_submit_frame(NULL, pixels, sizeof pixels, NFV_PIXEL_RGB24, 2, 2, 0, 1),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_submit_means(NULL, 1, 1, 1, 1, -1), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_submit_motion(NULL, 1, 0, 0, 9.8), NFV_ERR_INVALID_ARGUMENT);
    nfv_session_destroy(NULL);
    nfv_session_destroy(forged);

    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_next_event(session, 0, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_state(session, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_state(session, &json), NFV_OK);
    CHECK(strcmp(json, "{\"state\":\"idle\"}") == 0);
    nfv_string_free(json);
    CHECK_STATUS(nfv_session_set_callback(session, NULL, NULL), NFV_ERR_INVALID_ARGUMENT);
    /* Auto-start: the setup holds it before start, the running session afterwards. */
    CHECK_STATUS(nfv_session_get_auto_start(session, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_get_auto_start(session, &enabled), NFV_OK);
    CHECK(enabled == 1);
    CHECK_STATUS(nfv_session_set_auto_start(session, 0), NFV_OK);
    CHECK_STATUS(nfv_session_get_auto_start(session, &enabled), NFV_OK);
    CHECK(enabled == 0);
    CHECK_STATUS(nfv_session_set_auto_start(session, 1), NFV_OK);
    CHECK_STATUS(nfv_session_use_host_frames(session, 0), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_use_simulator(session, "{\"heartRateBpm\":500}"), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "heartRateBpm"));
    CHECK_STATUS(nfv_session_use_simulator(session, "{\"scenario\":[{\"at\":1,\"for\":2,\"condition\":\"x\"}]}"),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_submit_means(session, 1, 1, 1, 1, -1), NFV_ERR_MISUSE);
    CHECK(contains(nfv_last_error_message(), "nfv_session_use_host_frames"));
    CHECK_STATUS(nfv_session_next_event(session, 0, &json), NFV_TIMEOUT);
    CHECK(json == NULL);
    /* Before start a reader waits its whole time-out (a start may come from another thread), never spins. */
    {
        double began = now_seconds();
        CHECK_STATUS(nfv_session_next_event(session, 150, &json), NFV_TIMEOUT);
        CHECK(now_seconds() - began >= 0.14);
    }
    test_long_and_empty_strings(session);
    nfv_session_destroy(session);
    CHECK_STATUS(nfv_session_stop(session), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "not a live handle"));
}

static void test_simulated_reading_pull(void) {
    int enabled = -1;
    nfv_session *session = NULL;
    int last_was_completed_state = 0;
    char *json = NULL;
    int completed = 0;
    int count;
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_simulator(session, fast_simulator), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_ERR_MISUSE);
    CHECK(contains(nfv_last_error_message(), "already running"));
    CHECK_STATUS(nfv_session_get_auto_start(session, &enabled), NFV_OK);
    CHECK(enabled == 1);
    /* Choosing a source after start is a call in the wrong state, not a bug: MISUSE, never INTERNAL. */
    CHECK_STATUS(nfv_session_use_simulator(session, fast_simulator), NFV_ERR_MISUSE);
    CHECK(contains(nfv_last_error_message(), "before start"));
    /* The simulator runs on its own clock and brings its own motion: the host's samples are refused. */
    CHECK_STATUS(nfv_session_submit_motion(session, 1, 0, 0, 9.8), NFV_ERR_MISUSE);
    CHECK(contains(nfv_last_error_message(), "takes no motion samples"));
    count = pull_all(session, &last_was_completed_state, &completed);
    CHECK(count > 60);
    CHECK(completed);
    CHECK(last_was_completed_state);
    CHECK_STATUS(nfv_session_state(session, &json), NFV_OK);
    CHECK(contains(json, "\"heartRateBpm\":"));
    nfv_string_free(json);
    CHECK_STATUS(nfv_session_start(session), NFV_ERR_MISUSE);
    CHECK(contains(nfv_last_error_message(), "The session has finished; create a new session"));
    CHECK_STATUS(nfv_session_stop(session), NFV_OK);
    CHECK_STATUS(nfv_session_stop(session), NFV_OK);
    nfv_session_destroy(session);
}

struct callback_log {
    pthread_mutex_t lock;
    int events;
    int completed;
    int stop_on_started;
    nfv_session *session;
    pthread_t caller;
    int on_caller_thread;
    char last[256];
};

static void record_event(void *user_data, const char *json) {
    struct callback_log *log = user_data;
    check_json(json);
    pthread_mutex_lock(&log->lock);
    log->events++;
    if (pthread_equal(pthread_self(), log->caller)) log->on_caller_thread = 1;
    if (contains(json, "\"type\":\"completed\"")) log->completed = 1;
    strncpy(log->last, json + (strlen(json) > 200 ? strlen(json) - 200 : 0), sizeof log->last - 1);
    pthread_mutex_unlock(&log->lock);
    if (log->stop_on_started && contains(json, "\"type\":\"started\"")) {
        if (nfv_session_stop(log->session) != NFV_OK) log->completed = -1;
    }
}

/* Waits until the callback has seen an event containing `needle` (or `seconds` pass). */
static int wait_for(struct callback_log *log, const char *needle, double seconds) {
    double waited = 0;
    while (waited < seconds) {
        int seen;
        pthread_mutex_lock(&log->lock);
        seen = contains(log->last, needle);
        pthread_mutex_unlock(&log->lock);
        if (seen) return 1;
        usleep(10000);
        waited += 0.01;
    }
    return 0;
}

static void test_callback_mode_and_stop_inside(void) {
    struct callback_log log;
    char *json = NULL;
    memset(&log, 0, sizeof log);
    pthread_mutex_init(&log.lock, NULL);
    log.caller = pthread_self();
    CHECK_STATUS(nfv_session_new(NULL, &log.session), NFV_OK);
    CHECK_STATUS(nfv_session_use_simulator(log.session, fast_simulator), NFV_OK);
    CHECK_STATUS(nfv_session_set_callback(log.session, record_event, &log), NFV_OK);
    CHECK_STATUS(nfv_session_start(log.session), NFV_OK);
    CHECK_STATUS(nfv_session_next_event(log.session, 0, &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK(wait_for(&log, "\"state\":\"completed\"", 20));
    nfv_session_destroy(log.session);
    CHECK(log.completed == 1 && log.events > 60 && !log.on_caller_thread);

    memset(&log, 0, sizeof log);
    pthread_mutex_init(&log.lock, NULL);
    log.caller = pthread_self();
    log.stop_on_started = 1;
    CHECK_STATUS(nfv_session_new(NULL, &log.session), NFV_OK);
    CHECK_STATUS(nfv_session_use_simulator(log.session, fast_simulator), NFV_OK);
    CHECK_STATUS(nfv_session_set_callback(log.session, record_event, &log), NFV_OK);
    CHECK_STATUS(nfv_session_start(log.session), NFV_OK);
    CHECK(wait_for(&log, "\"state\":\"idle\"", 20));
    CHECK_STATUS(nfv_session_state(log.session, &json), NFV_OK);
    CHECK(contains(json, "\"idle\""));
    nfv_string_free(json);
    nfv_session_destroy(log.session);
    CHECK(log.completed == 0);
}

static void *stop_later(void *argument) {
    usleep(20000);
    if (nfv_session_stop((nfv_session *)argument) != NFV_OK) return argument;
    return NULL;
}

static void test_stop_from_another_thread(void) {
    nfv_session *session = NULL;
    pthread_t thread;
    void *failed = NULL;
    int completed = 0;
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_simulator(session, "{\"realTime\":true}"), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    pthread_create(&thread, NULL, stop_later, session);
    pull_all(session, NULL, &completed);
    pthread_join(thread, &failed);
    CHECK(failed == NULL && completed == 0);
    nfv_session_destroy(session);
}

static void test_destroy_while_events_flow(void) {
    int round;
    for (round = 0; round < 20; round++) {
        struct callback_log log;
        memset(&log, 0, sizeof log);
        pthread_mutex_init(&log.lock, NULL);
        log.caller = pthread_self();
        if (nfv_session_new(NULL, &log.session) != NFV_OK) break;
        CHECK(nfv_session_use_simulator(log.session, fast_simulator) == NFV_OK);
        CHECK(nfv_session_set_callback(log.session, record_event, &log) == NFV_OK);
        CHECK(nfv_session_start(log.session) == NFV_OK);
        usleep((useconds_t)(round * 500));
        nfv_session_destroy(log.session);
        /* After destroy returns the callback never runs again: the count must stay put. */
        {
            int before = log.events;
            usleep(20000);
            CHECK(log.events == before);
        }
    }
}

static void fill_rgb(unsigned char *pixels, int width, int height, int channels, int red_first, unsigned char red) {
    int i;
    for (i = 0; i < width * height; i++) {
        pixels[i * channels + (red_first ? 0 : 2)] = red;
        pixels[i * channels + 1] = 5;
        pixels[i * channels + (red_first ? 2 : 0)] = 20;
        if (channels == 4) pixels[i * channels + 3] = 255;
    }
}

static void test_host_frames(const char *key) {
    nfv_session *session = NULL;
    enum { width = 64, height = 48 };
    static unsigned char rgb[width * height * 4];
    static unsigned char yuv[width * height * 2];
    char *json = NULL;
    int64_t t = 1000000;
    int i, events = 0;
    CHECK_STATUS(nfv_activate(key, NULL), NFV_OK);
    CHECK_STATUS(nfv_session_new("{\"autoRestartAfterCancel\":false}", &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_host_frames(session, 30), NFV_OK);
    CHECK_STATUS(nfv_session_submit_means(session, t, 180, 5, 20, -1), NFV_ERR_MISUSE);
    CHECK(contains(nfv_last_error_message(), "call start first"));
    CHECK_STATUS(nfv_session_start(session), NFV_OK);

    fill_rgb(rgb, width, height, 3, 1, 180);
    CHECK_STATUS(nfv_session_submit_frame(session, rgb, width * height * 3, NFV_PIXEL_RGB24, width, height, 0, t),
                 NFV_OK);
    CHECK_STATUS(nfv_session_submit_frame(session, rgb, width * height * 3 - 1, NFV_PIXEL_RGB24, width, height, 0,
                                          t += 33333), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "too small"));
    CHECK_STATUS(nfv_session_submit_frame(session, rgb, sizeof rgb, NFV_PIXEL_RGB24, width, height, 10, t),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "stride"));
    CHECK_STATUS(nfv_session_submit_frame(session, rgb, sizeof rgb, (nfv_pixel_format)99, width, height, 0, t),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_submit_frame(session, NULL, 100, NFV_PIXEL_RGB24, width, height, 0, t),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_submit_frame(session, rgb, sizeof rgb, NFV_PIXEL_RGB24, width, height, 0, 1000000),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "must increase"));
    fill_rgb(rgb, width, height, 4, 0, 180);
    CHECK_STATUS(nfv_session_submit_frame(session, rgb, sizeof rgb, NFV_PIXEL_BGRA, width, height, width * 4,
                                          t += 33333), NFV_OK);
    for (i = 0; i < width * height * 2; i += 4) {
        yuv[i] = 80; yuv[i + 1] = 100; yuv[i + 2] = 80; yuv[i + 3] = 240;
    }
    CHECK_STATUS(nfv_session_submit_frame(session, yuv, sizeof yuv, NFV_PIXEL_YUYV, width, height, 0, t += 33333),
                 NFV_OK);
    CHECK_STATUS(nfv_session_submit_means(session, t += 33333, 300, 5, 20, -1), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_submit_motion(session, t, 0.1, 0.2, 9.8), NFV_OK);
    CHECK_STATUS(nfv_session_submit_motion(session, t, 0.1, 0.2, 9.8), NFV_ERR_INVALID_ARGUMENT);
    for (i = 0; i < 30 * 5; i++) {
        double red = 180 + 2 * ((i % 25) < 12 ? 1 : -1);
        CHECK(nfv_session_submit_means(session, t += 33333, red, 5, 20, 0) == NFV_OK);
    }
    CHECK_STATUS(nfv_session_stop(session), NFV_OK);
    /* After stop the host is told to stop feeding: NFV_DONE, not an error. */
    CHECK_STATUS(nfv_session_submit_means(session, t += 33333, 180, 5, 20, 0), NFV_DONE);
    CHECK(contains(nfv_last_error_message(), "stop feeding"));
    CHECK_STATUS(nfv_session_submit_frame(session, rgb, sizeof rgb, NFV_PIXEL_RGB24, width, height, 0, t += 33333),
                 NFV_DONE);
    CHECK_STATUS(nfv_session_submit_motion(session, t, 0, 0, 9.8), NFV_DONE);
    while (nfv_session_next_event(session, 5000, &json) == NFV_OK) {
        events++;
        check_json(json);
        nfv_string_free(json);
    }
    CHECK(events >= 2);
    nfv_session_destroy(session);
}

/* What the preview callback saw. */
struct previews {
    pthread_mutex_t lock;
    int count, width, height, stride, not_red;
    int64_t last_us, closest_us;
};

static void on_preview(const uint8_t *rgb, int width, int height, int stride, int64_t timestamp_us, void *user) {
    struct previews *seen = user;
    int x, y;
    pthread_mutex_lock(&seen->lock);
    for (y = 0; y < height; y++)
        for (x = 0; x < width; x++) {
            const uint8_t *pixel = rgb + y * stride + x * 3;
            seen->not_red += pixel[0] != 180 || pixel[1] != 5 || pixel[2] != 20;
        }
    if (seen->count > 0 && timestamp_us - seen->last_us < seen->closest_us)
        seen->closest_us = timestamp_us - seen->last_us;
    seen->count++;
    seen->width = width;
    seen->height = height;
    seen->stride = stride;
    seen->last_us = timestamp_us;
    pthread_mutex_unlock(&seen->lock);
}

/* A uniform red host frame comes back as red previews, at most 15 a second of sample time from a 30 fps stream. */
static void test_preview_frames(void) {
    nfv_session *session = NULL;
    enum { width = 320, height = 240, frames = 90 };
    static unsigned char rgb[width * height * 3];
    struct previews seen = { PTHREAD_MUTEX_INITIALIZER, 0, 0, 0, 0, 0, 0, INT64_MAX };
    int64_t t = 1000000;
    int i, count;
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_host_frames(session, 30), NFV_OK);
    CHECK_STATUS(nfv_session_set_preview_callback(session, on_preview, &seen, 61), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "max_fps"));
    CHECK_STATUS(nfv_session_set_preview_callback(session, on_preview, &seen, -1), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_set_preview_callback(NULL, on_preview, &seen, 0), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_set_preview_callback(session, NULL, NULL, 0), NFV_OK);
    CHECK_STATUS(nfv_session_set_preview_callback(session, on_preview, &seen, 15), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    CHECK_STATUS(nfv_session_set_preview_callback(session, on_preview, &seen, 15), NFV_ERR_MISUSE);
    fill_rgb(rgb, width, height, 3, 1, 180);
    for (i = 0; i < frames; i++) {
        CHECK(nfv_session_submit_frame(session, rgb, sizeof rgb, NFV_PIXEL_RGB24, width, height, 0, t += 33333)
              == NFV_OK);
        usleep(2000);
    }
    for (i = 0; i < 200; i++) {
        pthread_mutex_lock(&seen.lock);
        count = seen.count;
        pthread_mutex_unlock(&seen.lock);
        if (count > 0) break;
        usleep(5000);
    }
    nfv_session_destroy(session);
    pthread_mutex_lock(&seen.lock);
    CHECK(seen.count >= 1 && seen.count <= frames / 2);
    CHECK(seen.width == 160 && seen.height == 120 && seen.stride == 480);
    CHECK(seen.not_red == 0);
    CHECK(seen.count < 2 || seen.closest_us >= 66666);
    count = seen.count;
    pthread_mutex_unlock(&seen.lock);
    usleep(20000);
    CHECK(seen.count == count);
}

/* A host that follows the docs: it feeds a pulsing fingertip until a submit call says NFV_DONE (the duration was
 * captured), never meets an error, then reads measurementComplete and the end of the stream. */
static void test_host_frames_until_done(void) {
    nfv_session *session = NULL;
    nfv_status status = NFV_OK;
    char *json = NULL;
    int64_t t = 1000000;
    int i, saw_complete = 0;
    CHECK_STATUS(nfv_session_new("{\"readingDuration\":5}", &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_host_frames(session, 30), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    for (i = 0; i < 30 * 120 && status == NFV_OK; i++) {
        status = nfv_session_submit_means(session, t += 33333, pulse_red(i / 30.0), 5, 20, 0);
        if (status == NFV_OK && i % 10 == 0) status = nfv_session_submit_motion(session, t, 0, 0.1, 9.8);
        if (i % 30 == 0) usleep(20000);   /* lets the worker keep up, as a real camera would */
    }
    CHECK_STATUS(status, NFV_DONE);
    CHECK(contains(nfv_last_error_message(), "The session has ended: stop feeding frames"));
    CHECK_STATUS(nfv_session_submit_means(session, t += 33333, 180, 5, 20, 0), NFV_DONE);
    while ((status = nfv_session_next_event(session, 20000, &json)) == NFV_OK) {
        if (contains(json, "\"type\":\"measurementComplete\"")) saw_complete = 1;
        nfv_string_free(json);
    }
    CHECK_STATUS(status, NFV_DONE);
    CHECK(saw_complete);
    nfv_session_destroy(session);
}

/* The simulated finger's previews: small pictures, no more than the host's rate, in a fingertip's red. */
struct simulated_previews {
    pthread_mutex_t lock;
    int count, width, height, stride;
    double red, green, blue; /* mean colour of the last picture */
    int64_t first_us, last_us, closest_us;
};

static void on_simulated_preview(const uint8_t *rgb, int width, int height, int stride, int64_t timestamp_us,
                                 void *user) {
    struct simulated_previews *seen = user;
    double sums[3] = {0, 0, 0};
    int x, y, c;
    for (y = 0; y < height; y++)
        for (x = 0; x < width; x++)
            for (c = 0; c < 3; c++) sums[c] += rgb[y * stride + x * 3 + c];
    pthread_mutex_lock(&seen->lock);
    if (seen->count > 0 && timestamp_us - seen->last_us < seen->closest_us) {
        seen->closest_us = timestamp_us - seen->last_us;
    }
    if (seen->count == 0) seen->first_us = timestamp_us;
    seen->count++;
    seen->width = width;
    seen->height = height;
    seen->stride = stride;
    seen->red = sums[0] / (width * height);
    seen->green = sums[1] / (width * height);
    seen->blue = sums[2] / (width * height);
    seen->last_us = timestamp_us;
    pthread_mutex_unlock(&seen->lock);
}

static void test_simulator_previews(void) {
    nfv_session *session = NULL;
    struct simulated_previews seen;
    int completed = 0, count;
    memset(&seen, 0, sizeof seen);
    pthread_mutex_init(&seen.lock, NULL);
    seen.closest_us = INT64_MAX;
    CHECK_STATUS(nfv_session_new("{\"readingDuration\":30}", &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_simulator(session, "{\"realTime\":false,\"seed\":3}"), NFV_OK);
    CHECK_STATUS(nfv_session_set_preview_callback(session, on_simulated_preview, &seen, 5), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    pull_all(session, NULL, &completed);
    CHECK(completed);
    usleep(50000);
    nfv_session_destroy(session);
    pthread_mutex_lock(&seen.lock);
    CHECK(seen.count >= 1);
    CHECK(seen.width == 80 && seen.height == 60 && seen.stride == 240);
    /* At most 5 a second of sample time: on average (the slots follow a 0.2 s grid), and never two frames closer
     * than a slot less one 30 fps frame (and its timing jitter). */
    CHECK(seen.count <= (seen.last_us - seen.first_us) / 200000 + 1);
    CHECK(seen.count < 2 || seen.closest_us >= 200000 - 33334 - 2000);
    CHECK(seen.red > 100 && seen.red > 2 * seen.green && seen.red > 2 * seen.blue);  /* a lit fingertip's red */
    count = seen.count;
    pthread_mutex_unlock(&seen.lock);
    usleep(20000);
    CHECK(seen.count == count);   /* none after destroy */
}

/* What a callback saw of a session its host let go of. */
struct orphaned {
    pthread_mutex_t lock;
    nfv_session *session;
    int destroy_inside;            /* destroy from inside the measurementComplete callback */
    int measurement_complete, completed, result, after_result, destroyed, after_destroy;
};

static void on_orphaned_event(void *user, const char *json) {
    struct orphaned *seen = user;
    int destroy_now = 0;
    pthread_mutex_lock(&seen->lock);
    if (seen->result && seen->destroyed) seen->after_result++;   /* delivered after both */
    if (seen->destroyed) seen->after_destroy++;
    if (contains(json, "\"type\":\"completed\"")) seen->completed = 1;
    if (contains(json, "\"type\":\"completed\"") || contains(json, "\"type\":\"failed\"")) seen->result = 1;
    if (contains(json, "\"type\":\"measurementComplete\"")) {
        seen->measurement_complete = 1;
        destroy_now = seen->destroy_inside;
    }
    pthread_mutex_unlock(&seen->lock);
    if (destroy_now) {
        nfv_session_destroy(seen->session);
        pthread_mutex_lock(&seen->lock);
        seen->destroyed = 1;
        pthread_mutex_unlock(&seen->lock);
    }
}

/* Reads `field` of `seen` under its lock. */
static int orphaned_field(struct orphaned *seen, const int *field) {
    int value;
    pthread_mutex_lock(&seen->lock);
    value = *field;
    pthread_mutex_unlock(&seen->lock);
    return value;
}

/* Waits up to `seconds` for `*field` to become non-zero. */
static int wait_orphaned(struct orphaned *seen, const int *field, double seconds) {
    double deadline = now_seconds() + seconds;
    while (now_seconds() < deadline) {
        if (orphaned_field(seen, field)) return 1;
        usleep(2000);
    }
    return 0;
}

/* A host that destroys its session after measurementComplete (inside that callback, or from its own thread) still
 * gets the result (`completed`) on the event thread, and nothing after it; destroyed earlier, it gets nothing. */
static void test_result_after_destroy(void) {
    int round;
    for (round = 0; round < 3; round++) {
        struct orphaned seen;
        memset(&seen, 0, sizeof seen);
        pthread_mutex_init(&seen.lock, NULL);
        seen.destroy_inside = round == 0;
        CHECK_STATUS(nfv_session_new("{\"readingDuration\":30}", &seen.session), NFV_OK);
        /* Round 2 runs in real time, so it is surely still positioning when destroyed. */
        CHECK_STATUS(nfv_session_use_simulator(seen.session, round == 2 ? "{\"realTime\":true}" : fast_simulator),
                     NFV_OK);
        CHECK_STATUS(nfv_session_set_callback(seen.session, on_orphaned_event, &seen), NFV_OK);
        CHECK_STATUS(nfv_session_start(seen.session), NFV_OK);
        if (round == 2) {
            /* Destroyed while positioning: no result, and no event once destroy returned. */
            usleep(300000);
            nfv_session_destroy(seen.session);
            pthread_mutex_lock(&seen.lock);
            seen.destroyed = 1;
            pthread_mutex_unlock(&seen.lock);
            usleep(300000);
            CHECK(orphaned_field(&seen, &seen.after_destroy) == 0);
            CHECK(orphaned_field(&seen, &seen.completed) == 0);
            continue;
        }
        CHECK(wait_orphaned(&seen, &seen.measurement_complete, 30));
        if (round == 1) {
            double before = now_seconds();
            nfv_session_destroy(seen.session);
            CHECK(now_seconds() - before < 0.5);   /* destroy does not wait for the result */
            pthread_mutex_lock(&seen.lock);
            seen.destroyed = 1;
            pthread_mutex_unlock(&seen.lock);
        }
        CHECK(wait_orphaned(&seen, &seen.result, 30));
        usleep(50000);
        CHECK(orphaned_field(&seen, &seen.completed) == 1);
        CHECK(orphaned_field(&seen, &seen.after_result) == 0);   /* not the `state` event that follows it */
        CHECK(orphaned_field(&seen, &seen.destroyed) == 1);
        CHECK_STATUS(nfv_session_stop(seen.session), NFV_ERR_INVALID_ARGUMENT);   /* the handle is gone */
    }
}

/* One source per session; frame geometry as the header states it (odd 4:2:0 sizes: ceil(w/2) x ceil(h/2) chroma). */
static void test_sources_and_geometry(void) {
    nfv_session *session = NULL;
    static unsigned char pixels[64];
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_host_frames(session, 30), NFV_OK);
    CHECK_STATUS(nfv_session_use_simulator(session, NULL), NFV_ERR_MISUSE);
    CHECK(contains(nfv_last_error_message(), "A source was already chosen: hostFrames"));
    CHECK_STATUS(nfv_session_use_host_frames(session, 60), NFV_ERR_MISUSE);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    memset(pixels, 200, sizeof pixels);
    CHECK_STATUS(nfv_session_submit_frame(session, pixels, 3, NFV_PIXEL_RGB24, 1, 1, 0, 1000000), NFV_OK);
    /* NV12 3×3: rows of 4 bytes (2 U/V pairs need the width rounded up to even), 3 luma rows and 2 chroma rows. */
    CHECK_STATUS(nfv_session_submit_frame(session, pixels, 19, NFV_PIXEL_NV12, 3, 3, 0, 1033333),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "too small"));
    CHECK_STATUS(nfv_session_submit_frame(session, pixels, 20, NFV_PIXEL_NV12, 3, 3, 0, 1033333), NFV_OK);
    CHECK_STATUS(nfv_session_submit_frame(session, pixels, 20, NFV_PIXEL_NV12, 3, 3, 3, 1040000),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "stride"));
    /* I420 5×3: 15 luma bytes, then U and V planes of 3 × 2 bytes each. */
    CHECK_STATUS(nfv_session_submit_frame(session, pixels, 26, NFV_PIXEL_I420, 5, 3, 0, 1066666),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_submit_frame(session, pixels, 27, NFV_PIXEL_I420, 5, 3, 0, 1066666), NFV_OK);
    CHECK_STATUS(nfv_session_submit_frame(session, pixels, (size_t)-1, NFV_PIXEL_RGB24, 1, 1, 0, 1100000),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "size is negative (-1)"));
    CHECK_STATUS(nfv_session_submit_frame(session, pixels, 3, NFV_PIXEL_RGB24, 1, 1, (int)(size_t)-1, 1100000),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "stride is negative (-1)"));
    CHECK_STATUS(nfv_session_submit_frame(session, pixels, 3, NFV_PIXEL_RGB24, 0, 1, 0, 1100000),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_submit_frame(session, pixels, sizeof pixels, NFV_PIXEL_NV12, 16385, 1, 0, 1100000),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "16384"));
    nfv_session_destroy(session);
}

struct delayed_call {
    nfv_session *session;
    int start; /* 1: start the session; 0: destroy it */
};

static void *call_later(void *argument) {
    struct delayed_call *call = argument;
    usleep(300000);
    if (call->start) {
        if (nfv_session_start(call->session) != NFV_OK) return argument;
    } else {
        nfv_session_destroy(call->session);
    }
    return NULL;
}

/* Pulls until the stream ends; returns the status that ended the loop and counts the events. */
static nfv_status pull_until_not_ok(nfv_session *session, int timeout_ms, int *events) {
    nfv_status status;
    char *json = NULL;
    while ((status = nfv_session_next_event(session, timeout_ms, &json)) == NFV_OK) {
        (*events)++;
        nfv_string_free(json);
    }
    return status;
}

/* On a machine without a camera (a video node list naming nothing), a camera session fails with notActivated until
 * the library is activated, and only then with cameraUnavailable: the chosen camera and the default one alike. */
static void test_camera_without_camera(int activated) {
    nfv_status expected = activated ? NFV_ERR_CAMERA_UNAVAILABLE : NFV_ERR_NOT_ACTIVATED;
    nfv_session *session = NULL;
    CHECK(setenv("NFV_VIDEO_DEVICES", "/nonexistent/nfv-test-video0", 1) == 0);
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_camera(session, NULL), expected);
    CHECK_STATUS(nfv_session_use_camera(session, "/nonexistent/nfv-test-video0"), expected);
    CHECK_STATUS(nfv_session_start(session), expected);
    nfv_session_destroy(session);
    CHECK(unsetenv("NFV_VIDEO_DEVICES") == 0);
}

/* next_event never spins: NFV_DONE once no event can come (failed start, stop before start, destroy while waiting),
 * and a reader waiting before start is woken by a start from another thread. */
static void test_next_event_ends(const char *key) {
    nfv_session *session = NULL;
    pthread_t thread;
    void *failed = NULL;
    struct delayed_call call;
    int events = 0;
    double began;
    char *json = NULL;

    /* A start that fails (host frames need activation): the stream has ended at once. */
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_host_frames(session, 30), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_ERR_NOT_ACTIVATED);
    began = now_seconds();
    CHECK_STATUS(nfv_session_next_event(session, 10000, &json), NFV_DONE);
    CHECK(json == NULL && now_seconds() - began < 1);
    /* Once the cause is fixed a start succeeds and the stream flows again. */
    CHECK_STATUS(nfv_activate(key, NULL), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    CHECK_STATUS(nfv_session_next_event(session, 5000, &json), NFV_OK);
    CHECK(contains(json, "\"positioning\""));
    nfv_string_free(json);
    nfv_session_destroy(session);

    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_stop(session), NFV_OK);
    CHECK_STATUS(nfv_session_next_event(session, -1, &json), NFV_DONE);
    nfv_session_destroy(session);

    /* Waiting before start; another thread starts: the events come. */
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_simulator(session, fast_simulator), NFV_OK);
    call.session = session;
    call.start = 1;
    pthread_create(&thread, NULL, call_later, &call);
    CHECK_STATUS(pull_until_not_ok(session, -1, &events), NFV_DONE);
    pthread_join(thread, &failed);
    CHECK(failed == NULL && events > 60);
    nfv_session_destroy(session);

    /* Waiting before start; another thread destroys the session: the reader gets NFV_DONE. */
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    call.session = session;
    call.start = 0;
    pthread_create(&thread, NULL, call_later, &call);
    CHECK_STATUS(nfv_session_next_event(session, -1, &json), NFV_DONE);
    pthread_join(thread, NULL);

    /* Waiting on a running session that has nothing to say (host frames, none fed); destroyed from another thread. */
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_host_frames(session, 30), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    call.session = session;
    pthread_create(&thread, NULL, call_later, &call);
    events = 0;
    CHECK_STATUS(pull_until_not_ok(session, -1, &events), NFV_DONE);
    pthread_join(thread, NULL);
}

/* The number after the first `"key":` in `json`, or NAN when the key is absent. */
static double number_in(const char *json, const char *key) {
    char needle[64];
    const char *at;
    snprintf(needle, sizeof needle, "\"%s\":", key);
    at = strstr(json, needle);
    return at == NULL ? NAN : strtod(at + strlen(needle), NULL);
}

/* Live state: positioning as soon as start returns; while measuring, `elapsed` is the latest preview's, with no
 * `state` event for it. */
static void test_live_state(const char *key) {
    nfv_session *session = NULL;
    char *json = NULL;
    double last_preview_elapsed = -1;
    int i, started = 0, measuring_states = 0;
    CHECK_STATUS(nfv_activate(key, NULL), NFV_OK);
    CHECK_STATUS(nfv_session_new("{\"readingDuration\":60}", &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_host_frames(session, 30), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    CHECK_STATUS(nfv_session_state(session, &json), NFV_OK);
    CHECK(strcmp(json, "{\"state\":\"positioning\"}") == 0);
    nfv_string_free(json);
    for (i = 0; i < 30 * 20; i++) {
        double t = 1 + i / 30.0;
        CHECK(nfv_session_submit_means(session, (int64_t)(t * 1e6), pulse_red(t), 5, 20, 0) == NFV_OK);
    }
    while (nfv_session_next_event(session, 2000, &json) == NFV_OK) {
        if (contains(json, "\"type\":\"started\"")) started = 1;
        if (contains(json, "\"type\":\"preview\"")) last_preview_elapsed = number_in(json, "elapsed");
        if (contains(json, "\"state\":\"measuring\"")) measuring_states++;
        nfv_string_free(json);
    }
    CHECK(started);
    CHECK(measuring_states == 1);
    CHECK(last_preview_elapsed >= 5);
    CHECK_STATUS(nfv_session_state(session, &json), NFV_OK);
    CHECK(contains(json, "\"state\":\"measuring\""));
    CHECK(number_in(json, "elapsed") == last_preview_elapsed);
    nfv_string_free(json);
    nfv_session_destroy(session);
}

/* No silent forever: frames that never show a fingertip fail the session once positioning outlasts
 * advanced.positioningTimeoutSeconds of sample time, naming the last guidance. */
static void test_positioning_timeout(const char *key) {
    nfv_session *session = NULL;
    char *json = NULL;
    int i, failed = 0;
    CHECK_STATUS(nfv_activate(key, NULL), NFV_OK);
    CHECK_STATUS(nfv_session_new("{\"advanced\":{\"positioningTimeoutSeconds\":-1}}", &session),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "positioningTimeoutSeconds must be in 0...3600 seconds"));
    CHECK_STATUS(nfv_session_new("{\"advanced\":{\"positioningTimeoutSeconds\":5}}", &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_host_frames(session, 30), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    for (i = 0; i < 30 * 10; i++) {
        if (nfv_session_submit_means(session, 1000000 + (int64_t)i * 33333, 20, 5, 20, 0) != NFV_OK) break;
    }
    while (nfv_session_next_event(session, 5000, &json) == NFV_OK) {
        if (contains(json, "\"type\":\"failed\"")) {
            failed = 1;
            CHECK(contains(json, "\"code\":\"noHeartRate\""));
            CHECK(contains(json, "Positioning timed out") && contains(json, "noContact"));
        }
        nfv_string_free(json);
    }
    CHECK(failed);
    CHECK_STATUS(nfv_session_state(session, &json), NFV_OK);
    CHECK(contains(json, "\"state\":\"failed\""));
    nfv_string_free(json);
    nfv_session_destroy(session);
}

/* The result's diagnostics keys of the reference record that this library computes for a simulated reading (the
 * rest are left out on purpose or need a camera or a gate that ran; docs/mapping.md lists them). */
static const char *const reference_diagnostics[] = {
    "engine", "engine_version", "hr_source", "refine_mode", "effective_fps", "signal_quality",
    "quality_passed_fraction", "discard_ratio", "saturation_frac", "measured_fps", "frame_interval_cv",
    "frame_drop_compliance_error_count", "amplitude", "spectral_concentration", "snr_db", "skewness",
    "live_sq_at_15s", "live_sq_at_30s", "early_mean_quality_score", "early_min_quality_score", "early_mean_amplitude",
    "live_sq_max_withheld_run", "live_sq_withheld_estimates", "live_sq_total_estimates", "live_sq_withheld_seq",
    "early_mean_discard_ratio", "early_max_discard_ratio", "motion_samples", "gate_enabled", "gate_merged_fix_enabled",
    "red_dc_mean", NULL
};

/* A simulated reading pulled to its end: every event but the opening `state` (positioning, which may come before any
 * frame) carries its sample time `t`, never going back; the preview that follows `started` has no signalLevel and a
 * later one has; the completed result's diagnostics carry every key of reference_diagnostics. */
static void test_event_times_signal_level_and_diagnostics(void) {
    nfv_session *session = NULL;
    char *json = NULL;
    double t, last_t = -1;
    int index = 0, untimed = 0, backwards = 0, after_started = 0, first_preview_level = -1, later_level = 0;
    int completed = 0, missing = 0, k;
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_simulator(session, fast_simulator), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    while (nfv_session_next_event(session, 10000, &json) == NFV_OK) {
        check_json(json);
        t = number_in(json, "t");
        if (index > 0 && isnan(t)) untimed++;
        if (!isnan(t) && t < last_t) backwards++;
        if (!isnan(t)) last_t = t;
        if (contains(json, "\"type\":\"started\"")) after_started = 1;
        if (contains(json, "\"type\":\"preview\"")) {
            if (after_started && first_preview_level < 0) first_preview_level = contains(json, "\"signalLevel\"");
            else if (contains(json, "\"signalLevel\":\"")) later_level = 1;
        }
        if (contains(json, "\"type\":\"completed\"")) {
            completed = 1;
            for (k = 0; reference_diagnostics[k] != NULL; k++) {
                char needle[64];
                snprintf(needle, sizeof needle, "\"%s\":", reference_diagnostics[k]);
                if (!contains(json, needle)) {
                    fprintf(stderr, "    diagnostics lack %s\n", reference_diagnostics[k]);
                    missing++;
                }
            }
        }
        index++;
        nfv_string_free(json);
    }
    CHECK(index > 60 && completed);
    CHECK(untimed == 0);
    CHECK(backwards == 0 && last_t > 60);
    CHECK(first_preview_level == 0);
    CHECK(later_level);
    CHECK(missing == 0);
    nfv_session_destroy(session);
}

/* A cancel to idle (autoRestartAfterCancel false), then start again on the same session: the simulator's clock, or
 * the replay of `recording` (NULL: the simulator), begins again and positioning follows it, so the second reading
 * starts within seconds of sample time (not after the span of the first attempt) and runs to a result. */
static void test_restart_after_cancel_to_idle(const char *recording) {
    nfv_session *session = NULL;
    char *json = NULL;
    double first_attempt_t = 0, restarted_at = -1;
    int cancel_asked = 0, cancelled = 0, idle = 0, completed = 0;
    CHECK_STATUS(nfv_session_new("{\"autoRestartAfterCancel\":false}", &session), NFV_OK);
    if (recording != NULL) {
        CHECK_STATUS(nfv_session_use_replay(session, recording, 0), NFV_OK);
    } else {
        CHECK_STATUS(nfv_session_use_simulator(session, fast_simulator), NFV_OK);
    }
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    while (!idle && nfv_session_next_event(session, 10000, &json) == NFV_OK) {
        if (!isnan(number_in(json, "t"))) first_attempt_t = number_in(json, "t");
        if (!cancel_asked && contains(json, "\"type\":\"preview\"") && number_in(json, "elapsed") >= 5) {
            CHECK_STATUS(nfv_session_cancel_reading(session, "again"), NFV_OK);
            cancel_asked = 1;
        }
        if (contains(json, "\"type\":\"cancelled\"")) cancelled = contains(json, "\"reason\":\"cancelledByApp\"");
        idle = cancelled && contains(json, "\"state\":\"idle\"");
        nfv_string_free(json);
    }
    CHECK(cancelled && idle);
    CHECK(first_attempt_t > 12);   /* the reading starts at 7–9 s; cancelled 5 s into it */
    CHECK_STATUS(nfv_session_state(session, &json), NFV_OK);
    CHECK(contains(json, "\"state\":\"idle\""));
    nfv_string_free(json);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    while (nfv_session_next_event(session, 10000, &json) == NFV_OK) {
        if (restarted_at < 0 && contains(json, "\"type\":\"started\"")) restarted_at = number_in(json, "t");
        if (contains(json, "\"type\":\"completed\"")) completed = 1;
        nfv_string_free(json);
    }
    printf("restart after a cancel to idle (%s): first attempt to t = %.1f s, second reading started at t = %.1f s\n",
           recording != NULL ? "replay" : "simulator", first_attempt_t, restarted_at);
    CHECK(restarted_at >= 0 && restarted_at < 10);
    CHECK(completed);
    nfv_session_destroy(session);
}

/* Records a fast simulated reading to `path` (for the replay tests). */
static void record_simulated_reading(const char *path) {
    nfv_session *session = NULL;
    int completed = 0;
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_simulator(session, fast_simulator), NFV_OK);
    CHECK_STATUS(nfv_session_record(session, path), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    pull_all(session, NULL, &completed);
    CHECK(completed);
    nfv_session_destroy(session);
}

struct log_lines {
    pthread_mutex_t lock;
    int count;
    int saw_positioning;
    int saw_metric;
};

static void collect_log(void *user_data, const char *message) {
    struct log_lines *lines = user_data;
    pthread_mutex_lock(&lines->lock);
    lines->count++;
    if (contains(message, "positioning")) lines->saw_positioning = 1;
    if (contains(message, "bpm") || contains(message, "rmssd") || contains(message, "NFV1.")) lines->saw_metric = 1;
    pthread_mutex_unlock(&lines->lock);
}

static void run_simulated_reading(void) {
    nfv_session *session = NULL;
    int completed = 0;
    if (nfv_session_new(NULL, &session) != NFV_OK) return;
    CHECK(nfv_session_use_simulator(session, fast_simulator) == NFV_OK);
    CHECK(nfv_session_start(session) == NFV_OK);
    pull_all(session, NULL, &completed);
    CHECK(completed);
    nfv_session_destroy(session);
}

static void test_logging(void) {
    struct log_lines lines;
    memset(&lines, 0, sizeof lines);
    pthread_mutex_init(&lines.lock, NULL);
    nfv_set_log_callback(collect_log, &lines);
    run_simulated_reading();
    CHECK(lines.count == 0);
    nfv_set_logging(1);
    run_simulated_reading();
    nfv_set_logging(0);
    nfv_set_log_callback(NULL, NULL);
    CHECK(lines.count >= 4 && lines.saw_positioning && !lines.saw_metric);
}

int main(void) {
    const char *key = getenv("NFV_TEST_KEY");
    char recording[64];
    if (key == NULL) {
        fprintf(stderr, "set NFV_TEST_KEY\n");
        return 2;
    }
    test_bad_arguments();
    test_simulated_reading_pull();
    test_callback_mode_and_stop_inside();
    test_stop_from_another_thread();
    test_destroy_while_events_flow();
    test_camera_without_camera(0);
    test_next_event_ends(key);
    test_host_frames(key);
    test_camera_without_camera(1);
    test_host_frames_until_done();
    test_preview_frames();
    test_simulator_previews();
    test_result_after_destroy();
    test_sources_and_geometry();
    test_live_state(key);
    test_positioning_timeout(key);
    test_event_times_signal_level_and_diagnostics();
    test_restart_after_cancel_to_idle(NULL);
    snprintf(recording, sizeof recording, "/tmp/nfv-test-session-%ld.nfvrec", (long)getpid());
    record_simulated_reading(recording);
    test_restart_after_cancel_to_idle(recording);
    remove(recording);
    test_logging();
    return check_summary("test_session");
}
