/* host_frames.c — a host with its own camera stack pushes frames from its own loop and reads the events in the same
 * loop, without a callback and without blocking (GStreamer, an Android NDK bridge or a microcontroller would do the
 * same). Here a fake camera renders 64x48 RGB24 frames of a fingertip whose red level pulses at 68 bpm.
 *
 *   cc host_frames.c $(pkg-config --cflags --libs neurofit-vitals) -lm -o host_frames
 *   NFV_LICENSE_KEY=… NFV_APP_ID=com.example.app ./host_frames [--real-time]
 */
#include <neurofit_vitals.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "example_json.h"

enum { width = 64, height = 48, fps = 30 };
static const double pulse_bpm = 68.0;

/* The fake camera: the fingertip's red level at `t` seconds, a sharp rise and a slow fall once per beat. */
static double fingertip_red(double t) {
    const double pi = 3.14159265358979;
    double phase = fmod(t * pulse_bpm / 60.0, 1.0);
    double shape = phase < 0.2 ? sin(pi * phase / 0.2) : exp(-(phase - 0.2) * 4.0) * cos((phase - 0.2) * pi / 1.6);
    return 170.0 + 3.0 * shape;
}

/* Renders one RGB24 frame with mean red `red`: the fraction above the integer is spread over the pixels. */
static void render_frame(unsigned char *pixels, double red) {
    int low = (int)red, i;
    double fraction = red - low;
    for (i = 0; i < width * height; i++) {
        int high = floor((i + 1) * fraction) > floor(i * fraction);
        pixels[3 * i] = (unsigned char)(low + high);
        pixels[3 * i + 1] = 5;
        pixels[3 * i + 2] = 20;
    }
}

/* What the host loop does next. */
enum next_step { keep_feeding, stop_feeding, finished };

/* Handles one event: frames are no longer wanted once the reading is captured; the session ends with the result. */
static enum next_step handle_event(const char *json) {
    char type[32] = "", text[32] = "";
    double value = 0;
    example_json_string(json, "type", type, sizeof type);
    if (strcmp(type, "guidance") == 0 && example_json_string(json, "guidance", text, sizeof text)) {
        printf("guidance %s\n", text);
    } else if (strcmp(type, "started") == 0) {
        printf("reading started\n");
    } else if (strcmp(type, "measurementComplete") == 0) {
        printf("reading captured; the camera can stop\n");
        return stop_feeding;
    } else if (strcmp(type, "completed") == 0 && example_json_number(json, "heartRateBpm", &value)) {
        printf("heart rate %.1f bpm\n", value);
        return finished;
    } else if (strcmp(type, "failed") == 0) {
        example_json_string(json, "code", text, sizeof text);
        printf("failed: %s\n", text);
        return finished;
    }
    return keep_feeding;
}

int main(int argc, char **argv) {
    static unsigned char pixels[width * height * 3];
    int real_time = argc > 1 && strcmp(argv[1], "--real-time") == 0;
    const char *key = getenv("NFV_LICENSE_KEY");
    nfv_session *session = NULL;
    int64_t frame;
    enum next_step step = keep_feeding;
    char *json = NULL;

    if (key == NULL || nfv_activate(key, getenv("NFV_APP_ID")) != NFV_OK) {
        fprintf(stderr, "activation: %s\n", key ? nfv_last_error_message() : "set NFV_LICENSE_KEY and NFV_APP_ID");
        return 1;
    }
    if (nfv_session_new(NULL, &session) != NFV_OK || nfv_session_use_host_frames(session, fps) != NFV_OK ||
        nfv_session_start(session) != NFV_OK) {
        fprintf(stderr, "session: %s\n", nfv_last_error_message());
        nfv_session_destroy(session);
        return 1;
    }
    /* The host's loop: one frame per turn (timestamps from the host's monotonic clock, here the frame count),
     * then every event that is ready, without waiting (time-out 0). Two minutes of frames at most. */
    for (frame = 0; frame < 120 * fps && step == keep_feeding; frame++) {
        int64_t timestamp_us = 1000000 + frame * 1000000 / fps;
        nfv_status status;
        render_frame(pixels, fingertip_red(timestamp_us / 1e6));
        status = nfv_session_submit_frame(session, pixels, sizeof pixels, NFV_PIXEL_RGB24, width, height, 0,
                                          timestamp_us);
        if (status == NFV_DONE) break; /* stop feeding: the duration was captured (event not read yet) or it ended */
        if (status != NFV_OK) {
            fprintf(stderr, "frame: %s\n", nfv_last_error_message());
            break;
        }
        while (step == keep_feeding && nfv_session_next_event(session, 0, &json) == NFV_OK) {
            step = handle_event(json);
            nfv_string_free(json);
        }
        if (real_time) {
            struct timespec pause = {0, 1000000000L / fps};
            nanosleep(&pause, NULL);
        }
    }
    /* No more frames: wait for the result (the final analysis takes a moment). */
    while (step != finished && nfv_session_next_event(session, 5000, &json) == NFV_OK) {
        step = handle_event(json);
        nfv_string_free(json);
    }
    nfv_session_destroy(session);
    return step == finished ? 0 : 1;
}
