/* A tiny assertion harness for the C API tests: CHECK counts, reports failures with file:line, and
 * check_summary() prints "N passed, N failed" and returns the exit status. */
#ifndef NFV_TEST_CHECK_H
#define NFV_TEST_CHECK_H

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_passed = 0;
static int check_failed = 0;

#define CHECK(condition) check_record((condition) != 0, #condition, __FILE__, __LINE__)
#define CHECK_STATUS(call, expected) check_status((call), (expected), #call, __FILE__, __LINE__)

static void check_record(int ok, const char *text, const char *file, int line) {
    if (ok) {
        check_passed++;
    } else {
        check_failed++;
        fprintf(stderr, "%s:%d: FAILED: %s\n", file, line, text);
    }
}

static void check_status(nfv_status status, nfv_status expected, const char *text, const char *file, int line) {
    check_record(status == expected, text, file, line);
    if (status != expected) {
        fprintf(stderr, "    got %s (%s), expected %s\n", nfv_status_name(status), nfv_last_error_message(),
                nfv_status_name(expected));
    }
}

static int contains(const char *haystack, const char *needle) {
    return haystack != NULL && needle != NULL && strstr(haystack, needle) != NULL;
}

/* Appends a JSON text the library handed out (an event, a result, a status or error object) as one line to
 * $NFV_TEST_JSON_LOG when it is set; scripts/test then parses every line with a strict JSON parser
 * (Tests/faults/strict_json.py --objects). Safe from any thread. */
static pthread_mutex_t check_json_lock = PTHREAD_MUTEX_INITIALIZER;

static void check_json(const char *json) {
    const char *path = getenv("NFV_TEST_JSON_LOG");
    FILE *log;
    if (json == NULL || path == NULL || path[0] == '\0') return;
    pthread_mutex_lock(&check_json_lock);
    log = fopen(path, "a");
    if (log != NULL) {
        fputs(json, log);
        fputc('\n', log);
        fclose(log);
    }
    pthread_mutex_unlock(&check_json_lock);
}

static int check_summary(const char *name) {
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed == 0 ? 0 : 1;
}

/* The red mean of a fingertip at 66 bpm `seconds` in: a sharp systolic rise and a slow decay, 6 counts deep. */
static inline double pulse_red(double seconds) {
    const double pi = 3.14159265358979323846, period = 60.0 / 66.0;
    double phase = fmod(seconds, period) / period;
    double shape = phase < 0.2 ? sin(pi * phase / 0.2) : exp(-(phase - 0.2) * 4.0) * cos((phase - 0.2) * pi / 1.6);
    return 170.0 + 3.0 * shape;
}

#endif
