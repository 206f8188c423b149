/* Host-supplied strings with quotes, backslashes, control characters and invalid UTF-8 through the C API: valid
 * UTF-8 ones come back inside strictly valid JSON (events, last-error JSON), invalid UTF-8 is refused at the
 * boundary with NFV_ERR_INVALID_ARGUMENT. Every JSON text the library returned is written to the file named by
 * the first argument (one per line) for Tests/faults/strict_json.py; prints "N passed, N failed".
 * With NFV_TEST_RELEASE_KEY set (a key signed by the *test* key), also checks that this library refuses it:
 * run against a release build, which never trusts the test key. */
#include <neurofit_vitals.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../capi/check.h"

/* Writes one JSON text the library returned, as one line (check_json); the text itself must hold no raw newline. */
static void keep_json(const char *json) {
    CHECK(json != NULL && strchr(json, '\n') == NULL);
    check_json(json);
}

static void keep_last_error(void) {
    char *json = nfv_last_error_json();
    keep_json(json);
    nfv_string_free(json);
}

static const char *const hostile[] = {
    "quote \" backslash \\ slash / end",
    "controls \x01\x02\x1f tab\t newline\n return\r bell\a delete\x7f",
    "unicode \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 and a fake escape \\u0000",
    "}{\"type\":\"completed\"}",
};

static const char *const invalid_utf8[] = {
    "lone continuation \x80", "truncated \xc3", "overlong \xc0\xaf", "surrogate \xed\xa0\x80", "beyond \xf5\x80\x80\x80",
};

/* A simulated reading that is cancelled with `reason` once measuring: every event goes to the JSON file. */
static void cancel_with(const char *reason) {
    nfv_session *session = NULL;
    CHECK_STATUS(nfv_session_new("{\"autoRestartAfterCancel\":false}", &session), NFV_OK);
    CHECK_STATUS(nfv_session_use_simulator(session, "{\"realTime\":false,\"seed\":2}"), NFV_OK);
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    int cancelled = 0, saw_detail = 0;
    char *event = NULL;
    nfv_status status;
    while ((status = nfv_session_next_event(session, 10000, &event)) == NFV_OK) {
        keep_json(event);
        if (!cancelled && contains(event, "\"type\":\"started\"")) {
            CHECK_STATUS(nfv_session_cancel_reading(session, reason), NFV_OK);
            cancelled = 1;
        }
        if (contains(event, "\"type\":\"cancelled\"")) {
            saw_detail = 1;
            CHECK_STATUS(nfv_session_stop(session), NFV_OK); /* idle after the cancel: end the stream */
        }
        nfv_string_free(event);
    }
    CHECK(status == NFV_DONE);
    CHECK(cancelled && saw_detail);
    nfv_session_destroy(session);
}

int main(int argc, char **argv) {
    FILE *json_lines = fopen(argc > 1 ? argv[1] : "/dev/null", "w"); /* emptied, then appended to */
    if (json_lines == NULL) return 2;
    fclose(json_lines);
    if (argc > 1) setenv("NFV_TEST_JSON_LOG", argv[1], 1);
    for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; i++) {
        cancel_with(hostile[i]);
        CHECK_STATUS(nfv_activate(hostile[i], hostile[i]), NFV_ERR_LICENSE_INVALID);
        keep_last_error();
        nfv_session *session = NULL;
        CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
        CHECK_STATUS(nfv_session_use_replay(session, hostile[i], 0), NFV_ERR_INVALID_ARGUMENT);
        keep_last_error();
        CHECK_STATUS(nfv_session_record(session, hostile[i]), NFV_OK);
        nfv_session_destroy(session);
    }
    for (size_t i = 0; i < sizeof invalid_utf8 / sizeof invalid_utf8[0]; i++) {
        nfv_session *session = NULL;
        CHECK_STATUS(nfv_session_new(NULL, &session), NFV_OK);
        CHECK_STATUS(nfv_session_cancel_reading(session, invalid_utf8[i]), NFV_ERR_INVALID_ARGUMENT);
        keep_last_error();
        CHECK_STATUS(nfv_session_use_replay(session, invalid_utf8[i], 0), NFV_ERR_INVALID_ARGUMENT);
        CHECK_STATUS(nfv_session_use_simulator(session, invalid_utf8[i]), NFV_ERR_INVALID_ARGUMENT);
        nfv_session_destroy(session);
        CHECK_STATUS(nfv_activate(invalid_utf8[i], NULL), NFV_ERR_INVALID_ARGUMENT);
        keep_last_error();
        CHECK_STATUS(nfv_activate("NFV1.a.b", invalid_utf8[i]), NFV_ERR_INVALID_ARGUMENT);
        CHECK_STATUS(nfv_session_new(invalid_utf8[i], &session), NFV_ERR_INVALID_ARGUMENT);
        CHECK(session == NULL);
    }
    char *status_json = NULL;
    CHECK_STATUS(nfv_license_status(&status_json), NFV_OK);
    keep_json(status_json);
    nfv_string_free(status_json);

    const char *test_key = getenv("NFV_TEST_RELEASE_KEY");
    if (test_key != NULL) {
        CHECK_STATUS(nfv_activate(test_key, "com.neurofit.tests"), NFV_ERR_LICENSE_INVALID);
        CHECK(strstr(nfv_last_error_message(), "signature") != NULL);
        CHECK_STATUS(nfv_license_status(&status_json), NFV_OK);
        CHECK(status_json != NULL && strstr(status_json, "\"activated\":false") != NULL);
        nfv_string_free(status_json);
    }
    return check_summary("hostile_strings");
}
