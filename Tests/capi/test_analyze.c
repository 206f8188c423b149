/* C API batch analysis tests: nfv_analyze on a synthetic pulse, on a flat signal, with bad arguments, twice. */
#include <neurofit_vitals.h>

#include <math.h>
#include <stdlib.h>

#include "check.h"

#define FRAMES 1800
#define FPS 30.0

static double timestamps[FRAMES], red[FRAMES], green[FRAMES], blue[FRAMES];

/* A 72 bpm pulse with respiratory sinus arrhythmia: red falls by up to 3 counts per beat (skewed pulse: a fast rise
 * and a slower fall), plus a small deterministic pseudo-noise. */
static void make_pulse(void) {
    double phase = 0.0;
    unsigned state = 12345u;
    int i;
    for (i = 0; i < FRAMES; i++) {
        double t = i / FPS, beat, noise;
        double rate = 1.2 + 0.05 * sin(2.0 * 3.141592653589793 * 0.25 * t);
        phase += rate / FPS;
        beat = phase - floor(phase);
        state = state * 1103515245u + 12345u;
        noise = ((state >> 16) & 0x7fff) / 32768.0 - 0.5;
        timestamps[i] = t;
        red[i] = 200.0 - 3.0 * (beat < 0.15 ? beat / 0.15 : exp(-(beat - 0.15) / 0.3)) + 0.1 * noise;
        green[i] = 4.0;
        blue[i] = 20.0;
    }
}

static void test_pulse_gives_a_heart_rate(void) {
    char *first = NULL, *second = NULL;
    const char *rate;
    make_pulse();
    CHECK_STATUS(nfv_analyze(timestamps, red, green, blue, FRAMES, NULL, &first), NFV_OK);
    check_json(first);
    CHECK(first != NULL && first[0] == '{');
    rate = first ? strstr(first, "\"heartRateBpm\":") : NULL;
    CHECK(rate != NULL && fabs(atof(rate + 15) - 72.0) < 1.5);
    CHECK(contains(first, "\"diagnostics\":{"));
    CHECK_STATUS(nfv_analyze(timestamps, red, green, blue, FRAMES, "{}", &second), NFV_OK);
    check_json(second);
    CHECK(first != NULL && second != NULL && strcmp(first, second) == 0);
    nfv_string_free(first);
    nfv_string_free(second);
}

static void test_flat_signal_has_no_heart_rate(void) {
    char *json = (char *)"untouched";
    int i;
    for (i = 0; i < FRAMES; i++) red[i] = 200.0;
    CHECK_STATUS(nfv_analyze(timestamps, red, green, blue, FRAMES, NULL, &json), NFV_ERR_NO_HEART_RATE);
    CHECK(json == NULL);
    CHECK(contains(nfv_last_error_message(), "No heart rate"));
}

static void test_bad_arguments(void) {
    char *json = NULL;
    make_pulse();
    CHECK_STATUS(nfv_analyze(NULL, red, green, blue, FRAMES, NULL, &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "must not be NULL"));
    CHECK_STATUS(nfv_analyze(timestamps, red, green, blue, FRAMES, NULL, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_analyze(timestamps, red, green, blue, FRAMES, "{\"readingDuration\":-1}", &json),
                 NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "Invalid configuration"));
    red[10] = NAN;
    CHECK_STATUS(nfv_analyze(timestamps, red, green, blue, FRAMES, NULL, &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "frame 10"));
    CHECK_STATUS(nfv_analyze(NULL, NULL, NULL, NULL, 0, NULL, &json), NFV_ERR_NO_HEART_RATE);
}

int main(void) {
    test_pulse_gives_a_heart_rate();
    test_flat_signal_has_no_heart_rate();
    test_bad_arguments();
    return check_summary("test_analyze");
}
