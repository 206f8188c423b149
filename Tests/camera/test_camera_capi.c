/* The C API's camera functions, run by Tests/camera/scenarios.py under the fake camera (and once without any
 * camera): argument validation, discovery/support/access JSON, and a session on the camera whose torch is off
 * after nfv_session_destroy. Usage: test_camera_capi with-camera|no-camera LICENSE_KEY STATE_FILE */
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
    CHECK_STATUS(nfv_session_use_camera(session, NULL), NFV_ERR_CAMERA_UNAVAILABLE);
    nfv_session_destroy(session);
}

static void with_camera(const char *license, const char *state) {
    char *json = NULL;
    CHECK_STATUS(nfv_cameras(&json), NFV_OK);
    CHECK(contains(json, "\"path\":\"/dev/video-fake0\"") && contains(json, "\"fpsTier\":30"));
    nfv_string_free(json);
    CHECK_STATUS(nfv_device_support("/dev/video-fake0", &json), NFV_OK);
    check_json(json);
    CHECK(json && strcmp(json, "{\"fpsTier\":30,\"hasCamera\":true,\"hasTorch\":true,\"isSupported\":true,"
                               "\"reason\":null}") == 0);
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
    CHECK_STATUS(nfv_session_start(session), NFV_OK);
    CHECK_STATUS(nfv_session_use_camera(session, NULL), NFV_ERR_INTERNAL);
    int guidance = 0;
    for (int i = 0; i < 40 && guidance < 2; i++) {
        if (nfv_session_next_event(session, 250, &json) == NFV_OK) {
            check_json(json);
            guidance += contains(json, "\"type\":\"guidance\"");
            nfv_string_free(json);
        }
    }
    CHECK(guidance >= 2);
    const char *torch = read_small_file(state);
    CHECK(torch && torch[0] == '1');
    nfv_session_destroy(session);
    torch = read_small_file(state);
    CHECK(torch && torch[0] == '0');
}

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    arguments_are_checked();
    if (strcmp(argv[1], "no-camera") == 0) {
        without_camera();
    } else if (argc >= 4) {
        with_camera(argv[2], argv[3]);
    } else {
        return 2;
    }
    return check_summary("test_camera_capi");
}
