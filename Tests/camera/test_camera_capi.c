/* The C API's camera functions, run by Tests/camera/scenarios.py under the fake camera (and once without any
 * camera): argument validation, discovery/support/access JSON, a session on the camera whose torch is off
 * after nfv_session_destroy and which takes the host's motion samples, the exposure held during a reading and tuned
 * again after its cancel, a reading that reads a fake IIO accelerometer and replays to the same result, and the
 * camera settings a configuration asks for (tuner off, tier order) with preview frames from the camera, and the
 * torch and capture kept on until the result is built.
 * Usage: test_camera_capi with-camera LICENSE_KEY STATE_FILE | exposure-hold LICENSE_KEY RECORDING |
 *        iio-motion LICENSE_KEY RECORDING | facing-back LICENSE_KEY | camera-settings LICENSE_KEY STATE_FILE |
 *        torch-until-result LICENSE_KEY STATE_FILE |
 *        no-camera */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "neurofit_vitals.h"
#include "../capi/check.h"

static char *read_small_file(const char *path) {
    static char text[64];
    FILE *file = fopen(path, "r");
    if (!file) return NULL;
    size_t n = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[n] = 0;
    return text;
}

/* Now on CLOCK_MONOTONIC, the clock V4L2 stamps camera frames with, in microseconds. */
static int64_t monotonic_us(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

static void arguments_are_checked(void) {
    char *json = (char *)1;
    CHECK_STATUS(nfv_cameras(NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_device_support(NULL, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_camera_access(NULL, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_use_camera(NULL, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_use_camera((nfv_session *)0x1234, "/dev/video0"), NFV_ERR_INVALID_ARGUMENT);
    char invalid[] = {(char)0xff, (char)0xfe, 0};
    CHECK_STATUS(nfv_device_support(invalid, &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK(json == NULL);
}

static void without_camera(void) {
    char *json = NULL;
    CHECK_STATUS(nfv_cameras(&json), NFV_OK);
    CHECK(json && strcmp(json, "[]") == 0);
    nfv_string_free(json);
    CHECK_STATUS(nfv_device_support(NULL, &json), NFV_OK);
    check_json(json);
    CHECK(contains(json, "\"hasCamera\":false") && contains(json, "\"isSupported\":false"));
    CHECK(contains(json, "\"reason\":\"No camera found"));
    nfv_string_free(json);
    nfv_session *session = NULL;
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    /* Not activated here: the license is reported before the missing camera. */
    CHECK_STATUS(nfv_session_use_camera(session, NULL), NFV_ERR_NOT_ACTIVATED);
    nfv_session_destroy(session);
}

static void with_camera(const char *license, const char *state) {
    char *json = NULL;
    CHECK_STATUS(nfv_cameras(&json), NFV_OK);
    CHECK(contains(json, "\"path\":\"/dev/video-fake0\"") && contains(json, "\"fpsTier\":30"));
    nfv_string_free(json);
    CHECK_STATUS(nfv_device_support("/dev/video-fake0", &json), NFV_OK);
    check_json(json);
    CHECK(json && strcmp(json, "{\"accelerometer\":null,\"fpsTier\":30,\"hasAccelerometer\":false,\"hasCamera\":true,"
                               "\"hasTorch\":true,\"isSupported\":true,\"reason\":null}") == 0);
    nfv_string_free(json);
    CHECK_STATUS(nfv_camera_access(NULL, &json), NFV_OK);
    check_json(json);
    CHECK(json && strcmp(json, "{\"authorization\":\"authorized\"}") == 0);
    nfv_string_free(json);

    CHECK_STATUS(nfv_activate(license, "test_camera_capi"), NFV_OK);
    nfv_session *session = NULL;
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_camera(session, "/dev/video-missing"), NFV_ERR_CAMERA_UNAVAILABLE);
    CHECK_STATUS(nfv_session_use_camera(session, NULL), NFV_OK);
    CHECK_STATUS(nfv_session_submit_motion(session, monotonic_us(), 0, 0, 9.8), NFV_ERR_MISUSE);
    CHECK(contains(nfv_last_error_message(), "call start first"));
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    CHECK_STATUS(nfv_session_use_camera(session, NULL), NFV_ERR_MISUSE);
    int guidance = 0;
    for (int i = 0; i < 40 && guidance < 2; i++) {
        if (nfv_session_next_event(session, 250, &json) == NFV_OK) {
            check_json(json);
            guidance += contains(json, "\"type\":\"guidance\"");
            nfv_string_free(json);
        }
    }
    CHECK(guidance >= 2);
    /* No accelerometer is read here (NFV_IIO_ROOT=none): the host's samples, on the frames' clock, are taken. */
    int64_t now = monotonic_us();
    CHECK_STATUS(nfv_session_submit_motion(session, now, 0.1, -0.2, 9.8), NFV_OK);
    CHECK_STATUS(nfv_session_submit_motion(session, now + 20000, 0.1, -0.2, 9.8), NFV_OK);
    CHECK_STATUS(nfv_session_submit_motion(session, now, 0.1, -0.2, 9.8), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "Motion timestamps must increase"));
    CHECK_STATUS(nfv_session_submit_motion(session, now + 40000, NAN, 0, 9.8), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_submit_motion(session, now + 40000, 0, 1e6, 9.8), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_session_submit_means(session, now, 100, 10, 10, 0), NFV_ERR_MISUSE);   /* not host frames */
    const char *torch = read_small_file(state);
    CHECK(torch && torch[0] == '1');
    nfv_session_destroy(session);
    torch = read_small_file(state);
    CHECK(torch && torch[0] == '0');
}

/* The fake camera says it faces back (FAKE_CAMERA_FACING=back, FAKE_CAMERA_ROTATION=90): discovery reports it, and
 * "back" names it wherever a device is taken while "front" names no camera. */
static void facing_back(const char *license) {
    char *json = NULL;
    CHECK_STATUS(nfv_cameras(&json), NFV_OK);
    check_json(json);
    CHECK(contains(json, "\"facing\":\"back\"") && contains(json, "\"sensorRotation\":90"));
    nfv_string_free(json);
    CHECK_STATUS(nfv_device_support("back", &json), NFV_OK);
    CHECK(contains(json, "\"isSupported\":true"));
    nfv_string_free(json);
    CHECK_STATUS(nfv_device_support("front", &json), NFV_OK);
    check_json(json);
    CHECK(contains(json, "\"isSupported\":false") && contains(json, "No camera reports facing front"));
    nfv_string_free(json);
    CHECK_STATUS(nfv_camera_access("back", &json), NFV_OK);
    CHECK(json && strcmp(json, "{\"authorization\":\"authorized\"}") == 0);
    nfv_string_free(json);
    CHECK_STATUS(nfv_camera_access("front", &json), NFV_OK);
    CHECK(contains(json, "\"authorization\":\"denied\""));
    nfv_string_free(json);

    CHECK_STATUS(nfv_activate(license, "test_camera_capi"), NFV_OK);
    nfv_session *session = NULL;
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_camera(session, "front"), NFV_ERR_CAMERA_UNAVAILABLE);
    CHECK(contains(nfv_last_error_message(), "No camera reports facing front"));
    CHECK(nfv_last_error_retryable() == 0);
    CHECK_STATUS(nfv_session_use_camera(session, "back"), NFV_OK);
    nfv_session_destroy(session);
}

/* Pulls events until one contains `needle` or `tries` time-outs of 250 ms passed; returns whether it came. */
static int wait_for_event(nfv_session *session, const char *needle, int tries) {
    char *json = NULL;
    int seen = 0;
    for (int i = 0; i < tries && !seen; i++) {
        if (nfv_session_next_event(session, 250, &json) == NFV_OK) {
            check_json(json);
            seen = contains(json, needle);
            nfv_string_free(json);
        }
    }
    return seen;
}

static char *read_whole_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    size_t n = text ? fread(text, 1, (size_t)size, file) : 0;
    fclose(file);
    if (text) text[n] = 0;
    return text;
}

/* A reading on the camera holds the exposure; a host cancel lets the tuner run again. The recording's camera lines
 * show it: locked before the cancel, then a retune (unlocked, unsettled) after it, then locked again. */
static void exposure_hold(const char *license, const char *recording) {
    nfv_session *session = NULL;
    CHECK_STATUS(nfv_activate(license, "test_camera_capi"), NFV_OK);
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_camera(session, NULL), NFV_OK);
    CHECK_STATUS(nfv_session_record(session, recording), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    CHECK(wait_for_event(session, "\"type\":\"started\"", 80));
    CHECK_STATUS(nfv_session_cancel_reading(session, "exposure test"), NFV_OK);
    CHECK(wait_for_event(session, "\"type\":\"cancelled\"", 20));
    CHECK(wait_for_event(session, "\"type\":\"guidance\"", 20));
    CHECK(wait_for_event(session, "\"type\":\"guidance\"", 20)); /* a second of positioning: time to retune */
    nfv_session_destroy(session);

    char *text = read_whole_file(recording);
    CHECK(text != NULL);
    if (text == NULL) return;
    const char *cancel = strstr(text, "\"control\":\"hostCancel\"");
    CHECK(cancel != NULL);
    const char *locked_before = strstr(text, "\"exposure_locked\":true");
    CHECK(locked_before != NULL && cancel != NULL && locked_before < cancel);
    const char *retune = cancel ? strstr(cancel, "\"exposure_locked\":false") : NULL;
    CHECK(retune != NULL && contains(retune, "\"exposure_settled\":false"));
    CHECK(retune != NULL && contains(retune, "\"exposure_locked\":true"));
    free(text);
}

/* The completed event of `session` (a copy the caller frees), waiting up to `tries` × 250 ms; NULL when none came. */
static char *wait_for_completed(nfv_session *session, int tries) {
    char *json = NULL;
    for (int i = 0; i < tries; i++) {
        nfv_status status = nfv_session_next_event(session, 250, &json);
        if (status == NFV_DONE) return NULL;
        if (status != NFV_OK) continue;
        check_json(json);
        char *copy = contains(json, "\"type\":\"completed\"") ? strdup(json) : NULL;
        if (contains(json, "\"type\":\"failed\"")) printf("reading failed: %s\n", json);
        nfv_string_free(json);
        if (copy) return copy;
    }
    return NULL;
}

/* The number after `"key":` in `json`, or NAN. */
static double number_after(const char *json, const char *key) {
    char needle[96];
    snprintf(needle, sizeof needle, "\"%s\":", key);
    const char *at = json ? strstr(json, needle) : NULL;
    return at ? strtod(at + strlen(needle), NULL) : NAN;
}

/* A 20-second camera reading with motionBreathing on and a fake IIO accelerometer (NFV_IIO_ROOT, named fake-accel,
 * scale 0.01, its files rewritten by the test at 100 Hz): the host's samples are refused while the library reads
 * the accelerometer itself, the result's diagnostics name the accelerometer with its scale, count its samples at
 * about 50 Hz, and a replay of the recording gives the same completed event, byte for byte. */
static void iio_motion(const char *license, const char *recording) {
    nfv_session *session = NULL;
    CHECK_STATUS(nfv_activate(license, "test_camera_capi"), NFV_OK);
    CHECK_STATUS(nfv_session_new("{\"readingDuration\":20,\"motionBreathing\":true}", &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_camera(session, NULL), NFV_OK);
    CHECK_STATUS(nfv_session_record(session, recording), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    CHECK(wait_for_event(session, "\"type\":\"guidance\"", 40));
    CHECK_STATUS(nfv_session_submit_motion(session, monotonic_us(), 0, 0, 9.8), NFV_ERR_MISUSE);
    CHECK(contains(nfv_last_error_message(), "reads the accelerometer iio:fake-accel itself"));
    char *live = wait_for_completed(session, 400);
    nfv_session_destroy(session);
    CHECK(live != NULL);
    if (live == NULL) return;
    CHECK(contains(live, "\"motion_source\":\"iio:fake-accel\""));
    CHECK(contains(live, "\"accelerometer\":\"iio:fake-accel\""));
    CHECK(contains(live, "\"accelerometer_scale\":[0.01,0.01,0.01]"));
    double rate = number_after(live, "motion_rate_hz"), count = number_after(live, "motion_sample_count");
    printf("iio motion: %.0f samples at %.2f Hz, breathing from motion %.2f brpm\n", count, rate,
           number_after(live, "rr_motion_brpm"));
    CHECK(rate > 40 && rate <= 51);
    CHECK(count > 20 * 40);
    CHECK(number_after(live, "motion_samples") > 0);

    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_replay(session, recording, 0), NFV_OK);
    CHECK_STATUS(nfv_session_submit_motion(session, 1, 0, 0, 9.8), NFV_ERR_MISUSE);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    CHECK_STATUS(nfv_session_submit_motion(session, 1, 0, 0, 9.8), NFV_ERR_MISUSE);
    CHECK(contains(nfv_last_error_message(), "takes no motion samples"));
    char *replayed = wait_for_completed(session, 400);
    nfv_session_destroy(session);
    CHECK(replayed != NULL && strcmp(live, replayed) == 0);
    if (replayed && strcmp(live, replayed) != 0) printf("live:     %s\nreplayed: %s\n", live, replayed);
    free(live);
    free(replayed);
}

/* The value of `key` in the fake camera's state file (key=value lines), or NAN when absent. */
static double fake_state(const char *path, const char *key) {
    char line[256];
    double value = NAN;
    size_t length = strlen(key);
    FILE *file = fopen(path, "r");
    if (!file) return NAN;
    while (fgets(line, sizeof line, file)) {
        if (strncmp(line, key, length) == 0 && line[length] == '=') value = strtod(line + length + 1, NULL);
    }
    fclose(file);
    return value;
}

/* A camera session on `configuration` that has given two guidance events (about two seconds of positioning). */
static nfv_session *positioning_camera_session(const char *configuration) {
    nfv_session *session = NULL;
    CHECK_STATUS(nfv_session_new(configuration, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_camera(session, NULL), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    CHECK(wait_for_event(session, "\"type\":\"guidance\"", 40));
    CHECK(wait_for_event(session, "\"type\":\"guidance\"", 20));
    return session;
}

/* What the camera's preview callback saw. */
struct camera_previews {
    int count, width, height, red_wins;
    double shortest_gap_s;
    int64_t last_us;
    int64_t times_us[1024]; /* the first 1024 previews' frame times */
};

/* The most previews in any one second of frame time among the first `count` of `times_us`. */
static int busiest_second(const int64_t *times_us, int count) {
    int most = 0;
    for (int start = 0; start < count; start++) {
        int within = 0;
        while (start + within < count && times_us[start + within] < times_us[start] + 1000000) within++;
        if (within > most) most = within;
    }
    return most;
}

static void on_camera_preview(const uint8_t *rgb, int width, int height, int stride, int64_t timestamp_us,
                              void *user) {
    struct camera_previews *seen = user;
    long red = 0, green = 0, blue = 0;
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            red += rgb[y * stride + x * 3];
            green += rgb[y * stride + x * 3 + 1];
            blue += rgb[y * stride + x * 3 + 2];
        }
    }
    if (seen->count > 0 && (timestamp_us - seen->last_us) / 1e6 < seen->shortest_gap_s)
        seen->shortest_gap_s = (timestamp_us - seen->last_us) / 1e6;
    seen->red_wins += red > green && red > blue;
    seen->width = width;
    seen->height = height;
    seen->last_us = timestamp_us;
    if (seen->count < 1024) seen->times_us[seen->count] = timestamp_us;
    seen->count++;
}

/* Through the C API on the fake camera (YUYV 640x480 at 60 fps, state file `state`): exposureTunerEnabled false
 * leaves the camera on aperture-priority auto-exposure with its own exposure and gain; fpsTiers [30, 60] opens the
 * camera at 30 fps (the order given, not the highest tier); a preview callback at 10 fps gets red 160x120 pictures
 * at most 10 per second of the frames' time. */
static void camera_settings(const char *license, const char *state) {
    CHECK_STATUS(nfv_activate(license, "test_camera_capi"), NFV_OK);
    nfv_session *session = positioning_camera_session("{\"advanced\":{\"exposureTunerEnabled\":false}}");
    CHECK(fake_state(state, "exposure_auto") == 3);
    CHECK(fake_state(state, "exposure") == 250 && fake_state(state, "gain") == 32);
    CHECK(fake_state(state, "torch") == 1);
    nfv_session_destroy(session);

    session = positioning_camera_session("{\"advanced\":{\"fpsTiers\":[30,60]}}");
    printf("fpsTiers [30, 60] on a 60 fps camera: %.0f fps\n", fake_state(state, "fps"));
    CHECK(fabs(fake_state(state, "fps") - 30) < 0.5);
    CHECK(fake_state(state, "exposure_auto") == 1);
    nfv_session_destroy(session);

    static struct camera_previews seen;
    seen = (struct camera_previews){.shortest_gap_s = 1e9};
    session = NULL;
    CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_camera(session, NULL), NFV_OK);
    CHECK_STATUS(nfv_session_set_preview_callback(session, on_camera_preview, &seen, 10), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    for (int i = 0; i < 3; i++) CHECK(wait_for_event(session, "\"type\":\"guidance\"", 40));
    nfv_session_destroy(session);
    int busiest = busiest_second(seen.times_us, seen.count < 1024 ? seen.count : 1024);
    printf("camera previews: %d of %dx%d, %d red, shortest gap %.3f s, at most %d in a second\n", seen.count,
           seen.width, seen.height, seen.red_wins, seen.shortest_gap_s, busiest);
    CHECK(seen.count >= 10);
    CHECK(seen.width == 160 && seen.height == 120);
    CHECK(seen.red_wins == seen.count);
    /* The limit's contract (PreviewRateLimit): never two within half an interval, at most fps + 1 in a second. */
    CHECK(seen.shortest_gap_s >= 0.0499);
    CHECK(busiest <= 11);
}

/* The fake camera's state (torch, streaming) when the library logged the session's `finalizing` and its outcome:
 * the log line is written on the session's worker thread where it queues the state event, so it is ordered with the
 * worker's own close of the camera (which writes the torch-off control). */
struct camera_at_states {
    pthread_mutex_t lock;
    const char *state_path;
    int finalizing_seen, outcome_seen;
    int torch_at_finalizing, torch_at_outcome, streaming_at_outcome;
};

/* 1, 0, or -1 when `key` (as "key=") is not in the fake's state file at `path`. */
static int state_value(const char *path, const char *key) {
    char *text = read_whole_file(path);
    const char *found = text ? strstr(text, key) : NULL;
    int value = found ? atoi(found + strlen(key)) : -1;
    free(text);
    return value;
}

static void note_camera_at_states(void *user_data, const char *message) {
    struct camera_at_states *seen = user_data;
    int finalizing = contains(message, ": finalizing");
    int outcome = contains(message, ": completed") || contains(message, ": failed");
    if (!finalizing && !outcome) return;
    int torch = state_value(seen->state_path, "\ntorch=");
    int streaming = state_value(seen->state_path, "\nstreaming=");
    pthread_mutex_lock(&seen->lock);
    if (finalizing) {
        seen->finalizing_seen = 1;
        seen->torch_at_finalizing = torch;
    } else if (seen->finalizing_seen && !seen->outcome_seen) {
        seen->outcome_seen = 1;
        seen->torch_at_outcome = torch;
        seen->streaming_at_outcome = streaming;
    }
    pthread_mutex_unlock(&seen->lock);
}

/* The torch and the capture stay on after the reading's last frame while the final analysis runs, and go off only
 * once the result is built: on at `finalizing`, still on when the outcome is queued, off after destroy. */
static void torch_until_result(const char *license, const char *state_path) {
    struct camera_at_states seen;
    char *json = NULL;
    int outcome = 0;
    memset(&seen, 0, sizeof seen);
    pthread_mutex_init(&seen.lock, NULL);
    seen.state_path = state_path;
    seen.torch_at_finalizing = seen.torch_at_outcome = seen.streaming_at_outcome = -1;
    nfv_set_log_callback(note_camera_at_states, &seen);
    nfv_set_logging(1);
    nfv_session *session = NULL;
    CHECK_STATUS(nfv_activate(license, "test_camera_capi"), NFV_OK);
    CHECK_STATUS(nfv_session_new("{\"readingDuration\":20}", &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_camera(session, NULL), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    for (int i = 0; i < 400 && !outcome; i++) {   /* up to 100 s */
        if (nfv_session_next_event(session, 250, &json) == NFV_OK) {
            check_json(json);
            outcome = contains(json, "\"type\":\"completed\"") || contains(json, "\"type\":\"failed\"");
            nfv_string_free(json);
        }
    }
    CHECK(outcome);
    nfv_session_destroy(session);
    nfv_set_logging(0);
    nfv_set_log_callback(NULL, NULL);
    pthread_mutex_lock(&seen.lock);
    CHECK(seen.finalizing_seen && seen.torch_at_finalizing == 1);
    CHECK(seen.outcome_seen && seen.torch_at_outcome == 1 && seen.streaming_at_outcome == 1);
    if (seen.torch_at_outcome != 1 || seen.streaming_at_outcome != 1) {
        fprintf(stderr, "torch %d, streaming %d when the outcome was queued\n", seen.torch_at_outcome,
                seen.streaming_at_outcome);
    }
    pthread_mutex_unlock(&seen.lock);
    int torch = state_value(state_path, "\ntorch="), streaming = state_value(state_path, "\nstreaming=");
    CHECK(torch == 0 && streaming == 0);
    if (torch != 0 || streaming != 0) fprintf(stderr, "after destroy: torch %d, streaming %d\n", torch, streaming);
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    arguments_are_checked();
    if (strcmp(argv[1], "no-camera") == 0) {
        without_camera();
    } else if (strcmp(argv[1], "facing-back") == 0 && argc >= 3) {
        facing_back(argv[2]);
    } else if (strcmp(argv[1], "camera-settings") == 0 && argc >= 4) {
        camera_settings(argv[2], argv[3]);
    } else if (strcmp(argv[1], "exposure-hold") == 0 && argc >= 4) {
        exposure_hold(argv[2], argv[3]);
    } else if (strcmp(argv[1], "iio-motion") == 0 && argc >= 4) {
        iio_motion(argv[2], argv[3]);
    } else if (strcmp(argv[1], "torch-until-result") == 0 && argc >= 4) {
        torch_until_result(argv[2], argv[3]);
    } else if (argc >= 4) {
        with_camera(argv[2], argv[3]);
    } else {
        return 2;
    }
    return check_summary("test_camera_capi");
}
