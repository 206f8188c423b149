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

static void test_compare_judges_each_metric(void) {
    char *json = NULL;
    CHECK_STATUS(nfv_compare("{\"heartRateBpm\":70,\"rmssdMs\":40,\"sdnnMs\":50,\"sd2sd1\":null,\"quality\":3}",
                             "{\"heartRateBpm\":76,\"rmssdMs\":45,\"sdnnMs\":20,\"breathingRateBrpm\":14}", &json),
                 NFV_OK);
    check_json(json);
    CHECK(contains(json, "\"heartRateBpm\":{\"baseline\":70,\"beyondTypicalVariation\":true,\"delta\":6,"
                         "\"followUp\":76}"));
    CHECK(contains(json, "\"rmssdMs\":{\"baseline\":40,\"beyondTypicalVariation\":false,\"delta\":5,"));
    CHECK(contains(json, "\"sdnnMs\":{\"baseline\":50,\"beyondTypicalVariation\":null,\"delta\":-30,"));
    CHECK(contains(json, "\"breathingRateBrpm\":null"));
    CHECK(contains(json, "\"sd2sd1\":null"));
    CHECK(contains(json, "\"baevskyStressIndex\":null"));
    nfv_string_free(json);
    /* A change of exactly the threshold is typical variation; just above it is not. */
    CHECK_STATUS(nfv_compare("{\"heartRateBpm\":70,\"breathingRateBrpm\":12}",
                             "{\"heartRateBpm\":65,\"breathingRateBrpm\":14.5}", &json), NFV_OK);
    CHECK(contains(json, "\"heartRateBpm\":{\"baseline\":70,\"beyondTypicalVariation\":false,\"delta\":-5,"));
    CHECK(contains(json, "\"breathingRateBrpm\":{\"baseline\":12,\"beyondTypicalVariation\":true,\"delta\":2.5,"));
    nfv_string_free(json);    /* A metric the follow-up lacks (null or absent) is null, whatever the baseline had. */
    CHECK_STATUS(nfv_compare("{\"heartRateBpm\":70,\"rmssdMs\":40,\"sdnnMs\":50}",
                             "{\"heartRateBpm\":70,\"rmssdMs\":null}", &json), NFV_OK);
    check_json(json);
    CHECK(contains(json, "\"rmssdMs\":null") && contains(json, "\"sdnnMs\":null"));
    CHECK(contains(json, "\"heartRateBpm\":{\"baseline\":70,\"beyondTypicalVariation\":false,\"delta\":0,"));
    nfv_string_free(json);
}

static void test_compare_of_analysed_readings(void) {
    char *result = NULL, *json = NULL;
    make_pulse();
    CHECK_STATUS(nfv_analyze(timestamps, red, green, blue, FRAMES, NULL, &result), NFV_OK);
    CHECK_STATUS(nfv_compare(result, result, &json), NFV_OK);
    check_json(json);
    CHECK(contains(json, "\"beyondTypicalVariation\":false,\"delta\":0,"));
    nfv_string_free(result);
    nfv_string_free(json);
}

static void test_compare_bad_arguments(void) {
    char *json = (char *)"untouched";
    CHECK_STATUS(nfv_compare(NULL, "{}", &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK(json == NULL);
    CHECK(contains(nfv_last_error_message(), "baseline_json must not be NULL"));
    CHECK_STATUS(nfv_compare("{}", "{\"heartRateBpm\":", &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "follow_up_json is not valid JSON"));
    CHECK_STATUS(nfv_compare("[70]", "{}", &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "baseline_json must be a result JSON object"));
    /* W2: -1e308 and 1e308 differ by infinity: such values are refused, never a change both null and beyond. */
    CHECK_STATUS(nfv_compare("{\"heartRateBpm\":-1e308}", "{\"heartRateBpm\":1e308}", &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK(json == NULL && contains(nfv_last_error_message(), "is not a reading's value"));
    CHECK_STATUS(nfv_compare("{\"rmssdMs\":\"40\"}", "{}", &json), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "rmssdMs must be a number"));
    CHECK_STATUS(nfv_compare("{}", "{}", NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "out_json"));
}

int main(void) {
    test_pulse_gives_a_heart_rate();
    test_flat_signal_has_no_heart_rate();
    test_bad_arguments();
    test_compare_judges_each_metric();
    test_compare_of_analysed_readings();
    test_compare_bad_arguments();
    return check_summary("test_analyze");
}
