/* minimal_reading.c — one complete reading, printed as it goes: the default camera when one can be opened, else
 * the simulated finger (which needs neither a camera nor a license).
 *
 *   cc minimal_reading.c $(pkg-config --cflags --libs neurofit-vitals) -o minimal_reading
 *   NFV_LICENSE_KEY=… NFV_APP_ID=com.example.app ./minimal_reading    (camera: needs a key listing the app id)
 *   ./minimal_reading --simulate [--fast]                             (simulated finger; --fast: no real-time pacing)
 */
#include <neurofit_vitals.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "example_json.h"

/* Prints why the last call failed and returns 1 (for `return fail("…")`). */
static int fail(const char *what) {
    fprintf(stderr, "%s: %s (%s)\n", what, nfv_last_error_message(), nfv_status_name(nfv_last_error_code()));
    return 1;
}

/* A started session on the default camera, or NULL (the reason is printed) when there is none to use. */
static nfv_session *start_camera(void) {
    nfv_session *session = NULL;
    const char *key = getenv("NFV_LICENSE_KEY");
    if (key == NULL) {
        fprintf(stderr, "no NFV_LICENSE_KEY: a camera needs activation\n");
        return NULL;
    }
    if (nfv_activate(key, getenv("NFV_APP_ID")) != NFV_OK) {
        fail("activation");
        return NULL;
    }
    if (nfv_session_new(NULL, &session) != NFV_OK) return NULL;
    if (nfv_session_start(session) != NFV_OK) {
        fail("camera");
        nfv_session_destroy(session);
        return NULL;
    }
    return session;
}

/* A started session on the simulated finger. */
static nfv_session *start_simulator(int fast) {
    nfv_session *session = NULL;
    if (nfv_session_new(NULL, &session) != NFV_OK) return NULL;
    if (nfv_session_use_simulator(session, fast ? "{\"realTime\":false}" : NULL) != NFV_OK ||
        nfv_session_start(session) != NFV_OK) {
        fail("simulator");
        nfv_session_destroy(session);
        return NULL;
    }
    return session;
}

/* Prints one event in a line; returns 1 for the final `completed` or `failed`. */
static int print_event(const char *json) {
    char type[32] = "", text[64] = "";
    double value = 0, other = 0;
    example_json_string(json, "type", type, sizeof type);
    if (strcmp(type, "guidance") == 0 && example_json_string(json, "guidance", text, sizeof text)) {
        example_json_number(json, "startProgress", &value);
        printf("guidance %-11s start %3.0f %%\n", text, value * 100);
    } else if (strcmp(type, "preview") == 0 && example_json_number(json, "elapsed", &value)) {
        if (example_json_number(json, "heartRateBpm", &other)) printf("%4.0f s  %5.1f bpm\n", value, other);
    } else if (strcmp(type, "cancelled") == 0 && example_json_string(json, "reason", text, sizeof text)) {
        printf("cancelled: %s\n", text);
    } else if (strcmp(type, "completed") == 0) {
        example_json_number(json, "heartRateBpm", &value);
        printf("heart rate %.1f bpm", value);
        if (example_json_number(json, "rmssdMs", &value)) printf(", RMSSD %.1f ms", value);
        if (example_json_number(json, "breathingRateBrpm", &value)) printf(", breathing %.1f brpm", value);
        printf("\n");
        return 1;
    } else if (strcmp(type, "failed") == 0) {
        example_json_string(json, "code", text, sizeof text);
        printf("failed: %s\n", text);
        return 1;
    } else if (strcmp(type, "started") == 0) {
        printf("reading started\n");
    }
    return 0;
}

int main(int argc, char **argv) {
    int simulate = 0, fast = 0, i;
    nfv_session *session = NULL;
    char *json = NULL;
    nfv_status status;
    int finished = 0;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--simulate") == 0) simulate = 1;
        else if (strcmp(argv[i], "--fast") == 0) fast = 1;
        else return fprintf(stderr, "usage: %s [--simulate] [--fast]\n", argv[0]), 2;
    }
    if (!simulate) session = start_camera();
    if (session == NULL) {
        printf("reading the simulated finger\n");
        session = start_simulator(fast);
        if (session == NULL) return 1;
    } else {
        printf("reading the default camera: put a fingertip on the lens\n");
    }
    /* Pull mode: the events arrive on this thread; a negative time-out waits until an event or the end. */
    while ((status = nfv_session_next_event(session, -1, &json)) == NFV_OK) {
        finished |= print_event(json);
        nfv_string_free(json);
    }
    if (status != NFV_DONE) fail("events");
    nfv_session_destroy(session);
    return finished ? 0 : 1;
}
