/* C API foundation tests: versions, status names, errors, strings, licensing, bad arguments, threads.
 * Environment: NFV_TEST_KEY (a key listing this executable's name), NFV_TEST_KEY_OTHER_APP (a valid key that lists
 * only another app), NFV_TEST_KEY_EXPIRED (a key for this executable whose updatesUntil is 2000-01-01),
 * NFV_TEST_BUILD ("release" or "debug": what the loaded library is). */
#include <neurofit_vitals.h>

#include <pthread.h>
#include <stdlib.h>

#include "check.h"

static void test_versions(void) {
    const char *date = nfv_build_date();
    CHECK(nfv_version_number() == NFV_VERSION_NUMBER);
    CHECK(nfv_abi_version() == NFV_ABI_VERSION);
    CHECK(strcmp(nfv_version_string(), NFV_VERSION_STRING) == 0);
    CHECK(strcmp(nfv_engine_version_string(), "1.3.0") == 0);
    CHECK(date != NULL && strlen(date) == 10 && date[4] == '-' && date[7] == '-');
}

static void test_status_names(void) {
    CHECK(strcmp(nfv_status_name(NFV_OK), "ok") == 0);
    CHECK(strcmp(nfv_status_name(NFV_ERR_NOT_ACTIVATED), "notActivated") == 0);
    CHECK(strcmp(nfv_status_name(NFV_ERR_LICENSE_INVALID), "licenseInvalid") == 0);
    CHECK(strcmp(nfv_status_name(NFV_ERR_CAMERA_PERMISSION_DENIED), "cameraPermissionDenied") == 0);
    CHECK(strcmp(nfv_status_name(NFV_ERR_CAMERA_UNAVAILABLE), "cameraUnavailable") == 0);
    CHECK(strcmp(nfv_status_name(NFV_ERR_UNSUPPORTED_DEVICE), "unsupportedDevice") == 0);
    CHECK(strcmp(nfv_status_name(NFV_ERR_NO_HEART_RATE), "noHeartRate") == 0);
    CHECK(strcmp(nfv_status_name(NFV_ERR_INTERNAL), "internalError") == 0);
    CHECK(strcmp(nfv_status_name(NFV_ERR_INVALID_ARGUMENT), "invalidArgument") == 0);
    CHECK(strcmp(nfv_status_name(NFV_ERR_MISUSE), "misuse") == 0);
    CHECK(strcmp(nfv_status_name(NFV_TIMEOUT), "timeout") == 0);
    CHECK(strcmp(nfv_status_name(NFV_DONE), "done") == 0);
    CHECK(strcmp(nfv_status_name((nfv_status)77), "unknown") == 0);
}

static void test_bad_arguments(void) {
    char *json = (char *)"untouched";
    char *huge = malloc(NFV_MAX_STRING_LENGTH + 2);
    const char bad_utf8[] = {'N', 'F', 'V', '1', (char)0xC3, (char)0x28, 0};

    CHECK_STATUS(nfv_activate(NULL, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "license_key must not be NULL"));
    CHECK(nfv_last_error_code() == NFV_ERR_INVALID_ARGUMENT && nfv_last_error_retryable() == 0);
    CHECK_STATUS(nfv_activate("", "app"), NFV_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(nfv_activate(bad_utf8, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "not valid UTF-8"));
    CHECK_STATUS(nfv_activate("NFV1.x.y", bad_utf8), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "app_id"));
    memset(huge, 'A', NFV_MAX_STRING_LENGTH + 1);
    huge[NFV_MAX_STRING_LENGTH + 1] = 0;
    CHECK_STATUS(nfv_activate(huge, NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "longer than"));
    CHECK_STATUS(nfv_activate("NFV1.x", huge), NFV_ERR_INVALID_ARGUMENT);
    huge[NFV_MAX_STRING_LENGTH] = 0;
    CHECK_STATUS(nfv_activate(huge, NULL), NFV_ERR_LICENSE_INVALID);
    free(huge);
    CHECK_STATUS(nfv_license_status(NULL), NFV_ERR_INVALID_ARGUMENT);
    CHECK(contains(nfv_last_error_message(), "out_json must not be NULL"));
    json = nfv_last_error_json();
    check_json(json);
    CHECK(contains(json, "\"code\":\"invalidArgument\""));
    CHECK(contains(json, "\"retryable\":false"));
    nfv_string_free(json);
    nfv_string_free(NULL);
}

static void test_not_activated_status(void) {
    char *json = NULL;
    CHECK_STATUS(nfv_license_status(&json), NFV_OK);
    check_json(json);
    CHECK(contains(json, "\"activated\":false"));
    nfv_string_free(json);
    CHECK(nfv_last_error_code() == NFV_OK && strcmp(nfv_last_error_message(), "") == 0);
    json = nfv_last_error_json();
    check_json(json);
    CHECK(contains(json, "\"code\":\"ok\""));
    nfv_string_free(json);
}

/* Whether the calling thread's last-error JSON carries `"reason":"<reason>"`. */
static int last_error_reason_is(const char *reason) {
    char *json = nfv_last_error_json();
    char expected[64];
    int found;
    check_json(json);
    snprintf(expected, sizeof expected, "\"reason\":\"%s\"", reason);
    found = contains(json, expected);
    nfv_string_free(json);
    return found;
}

static void test_rejections(const char *key) {
    char *flipped = malloc(strlen(key) + 1);
    strcpy(flipped, key);
    flipped[10] = flipped[10] == 'A' ? 'B' : 'A';
    CHECK_STATUS(nfv_activate(flipped, NULL), NFV_ERR_LICENSE_INVALID);
    CHECK(contains(nfv_last_error_message(), "signature does not verify"));
    CHECK(last_error_reason_is("badSignature"));
    flipped[strlen(flipped) - 5] = 0;
    CHECK_STATUS(nfv_activate(flipped, NULL), NFV_ERR_LICENSE_INVALID);
    CHECK(contains(nfv_last_error_message(), "truncated"));
    CHECK(last_error_reason_is("malformed"));
    CHECK_STATUS(nfv_activate("not a key", NULL), NFV_ERR_LICENSE_INVALID);
    CHECK(contains(nfv_last_error_message(), "malformed"));
    CHECK(last_error_reason_is("malformed"));
    free(flipped);
}

/* A key whose update window closed before this library was built: refused in every build, with its own reason. */
static void test_expired_updates(const char *expired_key) {
    CHECK_STATUS(nfv_activate(expired_key, NULL), NFV_ERR_LICENSE_INVALID);
    CHECK(contains(nfv_last_error_message(), "after the key's updatesUntil (2000-01-01)"));
    CHECK(last_error_reason_is("updatesExpired"));
}

static void test_other_app(const char *other_app_key, const char *build) {
    char *json = NULL;
    if (strcmp(build, "release") == 0) {
        CHECK_STATUS(nfv_activate(other_app_key, NULL), NFV_ERR_LICENSE_INVALID);
        CHECK(contains(nfv_last_error_message(), "does not list the app id 'test_foundation'"));
        CHECK(last_error_reason_is("appNotListed"));
    } else {
        CHECK_STATUS(nfv_activate(other_app_key, NULL), NFV_OK);
        CHECK_STATUS(nfv_license_status(&json), NFV_OK);
        check_json(json);
        CHECK(contains(json, "debug build"));
        nfv_string_free(json);
    }
}

struct activation_job {
    const char *key;
    nfv_status status;
    nfv_status error_after_failure;
};

static void *activate_on_thread(void *argument) {
    struct activation_job *job = argument;
    int round;
    job->status = NFV_OK;
    for (round = 0; round < 25; round++) {
        nfv_status status = nfv_activate(job->key, NULL);
        if (status != NFV_OK) job->status = status;
        /* Each thread's last error is its own: a failure here must not leak into other threads. */
        if (nfv_activate("garbage", NULL) != NFV_ERR_LICENSE_INVALID) job->status = NFV_ERR_INTERNAL;
        job->error_after_failure = nfv_last_error_code();
    }
    return NULL;
}

static void test_threads(const char *key) {
    pthread_t threads[8];
    struct activation_job jobs[8];
    char *json = NULL;
    int i;
    for (i = 0; i < 8; i++) {
        jobs[i].key = key;
        pthread_create(&threads[i], NULL, activate_on_thread, &jobs[i]);
    }
    for (i = 0; i < 8; i++) {
        pthread_join(threads[i], NULL);
        CHECK(jobs[i].status == NFV_OK);
        CHECK(jobs[i].error_after_failure == NFV_ERR_LICENSE_INVALID);
    }
    CHECK_STATUS(nfv_license_status(&json), NFV_OK);
    check_json(json);
    CHECK(contains(json, "\"activated\":true"));
    nfv_string_free(json);
}

int main(void) {
    const char *key = getenv("NFV_TEST_KEY");
    const char *other_app_key = getenv("NFV_TEST_KEY_OTHER_APP");
    const char *expired_key = getenv("NFV_TEST_KEY_EXPIRED");
    const char *build = getenv("NFV_TEST_BUILD");
    char *json = NULL;
    if (key == NULL || other_app_key == NULL || expired_key == NULL || build == NULL) {
        fprintf(stderr, "set NFV_TEST_KEY, NFV_TEST_KEY_OTHER_APP, NFV_TEST_KEY_EXPIRED and NFV_TEST_BUILD\n");
        return 2;
    }
    test_versions();
    test_status_names();
    test_bad_arguments();
    test_not_activated_status();
    test_rejections(key);
    test_expired_updates(expired_key);
    test_other_app(other_app_key, build);
    CHECK_STATUS(nfv_activate(key, NULL), NFV_OK);
    CHECK_STATUS(nfv_license_status(&json), NFV_OK);
    check_json(json);
    CHECK(contains(json, "\"appId\":\"test_foundation\""));
    CHECK(!contains(json, key));
    nfv_string_free(json);
    test_threads(key);
    return check_summary("test_foundation");
}
