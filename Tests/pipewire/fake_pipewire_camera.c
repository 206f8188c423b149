/* fake_pipewire_camera.c — a PipeWire camera without hardware, for scripts/test-pipewire (docs/camera.md).
 *
 * A pw_stream producer that publishes a Video/Source node with libcamera-like properties (device.api libcamera,
 * api.libcamera.location) and drives it at FPS frames a second of NV12 640x480: a lit fingertip whose colour follows
 * the scene table that nfv-camera-harness writes for the V4L2 fake camera (lines "t red green blue", the engine's
 * synthetic PPG recipe, whose truth file gives the heart rate), with pixel noise. Every buffer carries a header
 * (spa_meta_header) with its time and sequence number. The stream clock counts frames, as a sensor's does: frame n
 * is stamped n/FPS s after the producer's start on CLOCK_MONOTONIC and drawn from the scene at that time, and
 * FAKE_PW_SPEED × FPS frames are produced a wall second (a timer tick the loop misses delays the stream, never
 * leaves a gap in it, so the truth and the rate hold at any speed and load).
 *
 * Environment: FAKE_PW_SCENE (scene table; default a flat red), FAKE_PW_NAME (node.name, default
 * libcamera_input.fake_back), FAKE_PW_LOCATION (default back), FAKE_PW_FPS (default 30), FAKE_PW_SPEED (frame time
 * per wall second, default 1), FAKE_PW_NO_HEADER=1 (no header metadata offered, no
 * time in a header the consumer still asks for: the client falls back to arrival times),
 * FAKE_PW_FORMAT (the one format offered: NV12, the default, YUY2, or UYVY, which the library cannot read),
 * FAKE_PW_CONTROLS=1 (the node offers libcamera's exposure controls as PipeWire's libcamera plugin publishes them:
 * PropInfo params "AeEnable" (a bool, SPA_PROP_START_CUSTOM + its libcamera id), "ExposureTime" (µs, as
 * SPA_PROP_exposure) and "AnalogueGain" (a float, as SPA_PROP_gain), set through the node's Props param. With
 * automatic exposure the scene is drawn as it is; with AeEnable off its brightness scales with ExposureTime ×
 * AnalogueGain over the reference 16.6 ms at gain 1, so a tuner sees the frames respond. Every Props set prints
 * "controls ae=0|1 exposure=US gain=G").
 * Signals: SIGUSR1 stalls the stream (no frames; the node stays), SIGUSR2 resumes it, SIGTERM/SIGINT quit (the node
 * disappears: a removed camera). Prints "ready" on stdout once the node is published, and "format NV12|YUY2|UYVY|none"
 * whenever a link agrees on a format (or clears it). */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <pipewire/pipewire.h>
#include <spa/param/video/format-utils.h>
#include <spa/param/buffers.h>
#include <spa/param/props.h>
#include <spa/pod/builder.h>

#define WIDTH 640
#define HEIGHT 480

static struct {
    struct pw_main_loop *loop;
    struct pw_stream *stream;
    struct spa_hook listener;
    struct spa_source *timer;
    float *scene;
    int rows;
    double step;
    int fps;
    double speed;
    int header;
    uint64_t frame;
    int64_t start_ns;
    uint32_t noise;
    int announced;
    uint32_t offered;     /* the SPA video format offered */
    uint32_t agreed;      /* the format the link agreed on (0 before) */
    int controls;         /* 1: the exposure controls are offered */
    int ae;               /* AeEnable */
    int32_t exposure_us;  /* ExposureTime */
    float gain;           /* AnalogueGain */
} fake;

/* libcamera's control id of AeEnable (PipeWire's plugin publishes unmapped controls at SPA_PROP_START_CUSTOM + id). */
#define AE_ENABLE_ID (SPA_PROP_START_CUSTOM + 1)
#define EXPOSURE_MIN_US 100
#define EXPOSURE_MAX_US 66666
#define GAIN_MAX 16.0f
/* The exposure at which manual frames are as bright as the scene (at gain 1). */
#define REFERENCE_EXPOSURE_US 16600.0

static volatile sig_atomic_t stalled, quitting;

static int64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

static void load_scene(const char *path) {
    FILE *file = path ? fopen(path, "r") : NULL;
    if (!file) return;
    int capacity = 0;
    double t, r, g, b;
    while (fscanf(file, "%lf %lf %lf %lf", &t, &r, &g, &b) == 4) {
        if (fake.rows == capacity) {
            capacity = capacity ? capacity * 2 : 4096;
            fake.scene = realloc(fake.scene, sizeof(float) * 4 * capacity);
        }
        float *row = fake.scene + 4 * fake.rows++;
        row[0] = t; row[1] = r; row[2] = g; row[3] = b;
    }
    fclose(file);
    if (fake.rows >= 2) fake.step = fake.scene[4] - fake.scene[0];
}

/* How much brighter than the scene the frames are: 1 on automatic exposure, else the manual exposure's share. */
static double exposure_factor(void) {
    if (!fake.controls || fake.ae) return 1;
    return fake.exposure_us * fake.gain / REFERENCE_EXPOSURE_US;
}

static void scene_at(double t, double rgb[3]) {
    double factor = exposure_factor();
    if (fake.rows < 2) { rgb[0] = 200 * factor; rgb[1] = 30 * factor; rgb[2] = 20 * factor; return; }
    double span = fake.step * (fake.rows - 1);
    double x = fmod(t, span) / fake.step;
    int i = (int)x;
    if (i >= fake.rows - 1) i = fake.rows - 2;
    double f = x - i;
    for (int c = 0; c < 3; c++)
        rgb[c] = (fake.scene[4 * i + 1 + c] * (1 - f) + fake.scene[4 * (i + 1) + 1 + c] * f) * factor;
}

static uint8_t clip(double value) { return value < 0 ? 0 : value > 255 ? 255 : (uint8_t)lround(value); }

/* Bytes a line and a frame take in the agreed format (NV12: luma lines, then half as many chroma lines). */
static uint32_t frame_stride(void) { return fake.agreed == SPA_VIDEO_FORMAT_NV12 ? WIDTH : WIDTH * 2; }
static uint32_t frame_size(void) {
    return fake.agreed == SPA_VIDEO_FORMAT_NV12 ? WIDTH * HEIGHT * 3 / 2 : WIDTH * 2 * HEIGHT;
}

static uint8_t noisy(double y) {
    fake.noise = fake.noise * 1664525u + 1013904223u;
    return clip(y + (double)((fake.noise >> 24) % 5) - 2);
}

/* One packed 4:2:2 frame (YUY2: Y U Y V; UYVY: U Y V Y) of luma `y` and chroma `u`, `v`. */
static void draw_packed(uint8_t *pixels, uint32_t stride, double y, uint8_t u, uint8_t v, int luma_first) {
    for (int row = 0; row < HEIGHT; row++) {
        uint8_t *line = pixels + (size_t)row * stride;
        for (int col = 0; col < WIDTH * 2; col += 4) {
            line[col + (luma_first ? 0 : 1)] = noisy(y);
            line[col + (luma_first ? 2 : 3)] = noisy(y);
            line[col + (luma_first ? 1 : 0)] = u;
            line[col + (luma_first ? 3 : 2)] = v;
        }
    }
}

/* One frame of the scene at `t` in the agreed format (BT.601 limited range), with ±2 of luma noise. */
static void draw(uint8_t *pixels, uint32_t stride, double t) {
    double rgb[3];
    scene_at(t, rgb);
    double r = rgb[0] > 255 ? 255 : rgb[0], g = rgb[1] > 255 ? 255 : rgb[1], b = rgb[2] > 255 ? 255 : rgb[2];
    double y = 16 + 0.257 * r + 0.504 * g + 0.098 * b;
    uint8_t u = clip(128 - 0.148 * r - 0.291 * g + 0.439 * b), v = clip(128 + 0.439 * r - 0.368 * g - 0.071 * b);
    if (fake.agreed != SPA_VIDEO_FORMAT_NV12) {
        draw_packed(pixels, stride, y, u, v, fake.agreed == SPA_VIDEO_FORMAT_YUY2);
        return;
    }
    for (int row = 0; row < HEIGHT; row++) {
        uint8_t *line = pixels + (size_t)row * stride;
        for (int col = 0; col < WIDTH; col++) line[col] = noisy(y);
    }
    uint8_t *chroma = pixels + (size_t)HEIGHT * stride;
    for (int row = 0; row < HEIGHT / 2; row++) {
        uint8_t *line = chroma + (size_t)row * stride;
        for (int col = 0; col < WIDTH; col += 2) { line[col] = u; line[col + 1] = v; }
    }
}

static void on_process(void *data) {
    struct pw_buffer *held = pw_stream_dequeue_buffer(fake.stream);
    if (!held) return;
    struct spa_buffer *buffer = held->buffer;
    struct spa_data *d = &buffer->datas[0];
    uint32_t stride = frame_stride(), size = frame_size();
    if (!fake.agreed || !d->data || d->maxsize < size) { pw_stream_queue_buffer(fake.stream, held); return; }
    double t = (double)fake.frame / fake.fps;
    draw(d->data, stride, t);
    d->chunk->offset = 0;
    d->chunk->size = size;
    d->chunk->stride = stride;
    struct spa_meta_header *header = spa_buffer_find_meta_data(buffer, SPA_META_Header, sizeof *header);
    if (header) {
        header->pts = fake.header ? fake.start_ns + (int64_t)llround(t * 1e9) : 0;
        header->flags = 0;
        header->seq = fake.frame;
        header->dts_offset = 0;
    }
    fake.frame++;
    pw_stream_queue_buffer(fake.stream, held);
}

static void on_timeout(void *data, uint64_t expirations) {
    if (quitting) { pw_main_loop_quit(fake.loop); return; }
    if (!stalled) pw_stream_trigger_process(fake.stream);
}

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    if (state == PW_STREAM_STATE_ERROR) fprintf(stderr, "fake camera: stream error %s\n", error ? error : "");
    if ((state == PW_STREAM_STATE_PAUSED || state == PW_STREAM_STATE_STREAMING) && !fake.announced) {
        fake.announced = 1;
        printf("ready %u\n", pw_stream_get_node_id(fake.stream));
        fflush(stdout);
    }
}

/* A Props set on the node (the consumer's exposure controls): takes the controls it carries, within their ranges. */
static void set_props(const struct spa_pod *param) {
    if (!fake.controls || !param || !spa_pod_is_object(param)) return;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH((const struct spa_pod_object *)param, prop) {
        bool on;
        int32_t exposure;
        float gain;
        if (prop->key == AE_ENABLE_ID && spa_pod_get_bool(&prop->value, &on) >= 0) fake.ae = on;
        else if (prop->key == SPA_PROP_exposure && spa_pod_get_int(&prop->value, &exposure) >= 0)
            fake.exposure_us = exposure < EXPOSURE_MIN_US ? EXPOSURE_MIN_US
                             : exposure > EXPOSURE_MAX_US ? EXPOSURE_MAX_US : exposure;
        else if (prop->key == SPA_PROP_gain && spa_pod_get_float(&prop->value, &gain) >= 0)
            fake.gain = gain < 1 ? 1 : gain > GAIN_MAX ? GAIN_MAX : gain;
    }
    printf("controls ae=%d exposure=%d gain=%.2f\n", fake.ae, fake.exposure_us, fake.gain);
    fflush(stdout);
}

static void on_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
    if (id == SPA_PARAM_Props) set_props(param);
    if (id != SPA_PARAM_Format) return;
    struct spa_video_info_raw info;
    fake.agreed = param && spa_format_video_raw_parse(param, &info) >= 0 ? info.format : 0;
    printf("format %s\n", fake.agreed == SPA_VIDEO_FORMAT_NV12 ? "NV12" : fake.agreed == SPA_VIDEO_FORMAT_YUY2
           ? "YUY2" : fake.agreed == SPA_VIDEO_FORMAT_UYVY ? "UYVY" : "none");
    fflush(stdout);
    if (!fake.agreed) return;
    uint8_t buffer[1024];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, sizeof buffer);
    const struct spa_pod *params[2];
    uint32_t count = fake.header ? 2 : 1;   /* without headers, no header metadata either */
    params[0] = spa_pod_builder_add_object(&builder, SPA_TYPE_OBJECT_ParamBuffers, SPA_PARAM_Buffers,
        SPA_PARAM_BUFFERS_buffers, SPA_POD_CHOICE_RANGE_Int(4, 2, 8),
        SPA_PARAM_BUFFERS_blocks, SPA_POD_Int(1),
        SPA_PARAM_BUFFERS_size, SPA_POD_Int(frame_size()),
        SPA_PARAM_BUFFERS_stride, SPA_POD_Int(frame_stride()),
        SPA_PARAM_BUFFERS_dataType, SPA_POD_CHOICE_FLAGS_Int((1 << SPA_DATA_MemFd) | (1 << SPA_DATA_MemPtr)));
    params[1] = spa_pod_builder_add_object(&builder, SPA_TYPE_OBJECT_ParamMeta, SPA_PARAM_Meta,
        SPA_PARAM_META_type, SPA_POD_Id(SPA_META_Header),
        SPA_PARAM_META_size, SPA_POD_Int(sizeof(struct spa_meta_header)));
    pw_stream_update_params(fake.stream, params, count);
}

static const struct pw_stream_events events = {
    PW_VERSION_STREAM_EVENTS, .process = on_process, .state_changed = on_state_changed,
    .param_changed = on_param_changed,
};

/* The one EnumFormat offered: fake.offered at 640x480 and FPS. */
static const struct spa_pod *enum_format(uint8_t *buffer, size_t size) {
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, size);
    return spa_pod_builder_add_object(&builder, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
        SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
        SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw),
        SPA_FORMAT_VIDEO_format, SPA_POD_Id(fake.offered),
        SPA_FORMAT_VIDEO_size, SPA_POD_Rectangle(&SPA_RECTANGLE(WIDTH, HEIGHT)),
        SPA_FORMAT_VIDEO_framerate, SPA_POD_Fraction(&SPA_FRACTION(fake.fps, 1)));
}

/* The PropInfo of the exposure controls, as PipeWire's libcamera plugin describes libcamera's; returns how many
 * were written to `params`. */
static uint32_t control_infos(struct spa_pod_builder *builder, const struct spa_pod **params) {
    if (!fake.controls) return 0;
    params[0] = spa_pod_builder_add_object(builder, SPA_TYPE_OBJECT_PropInfo, SPA_PARAM_PropInfo,
        SPA_PROP_INFO_id, SPA_POD_Id(AE_ENABLE_ID), SPA_PROP_INFO_description, SPA_POD_String("AeEnable"),
        SPA_PROP_INFO_type, SPA_POD_CHOICE_Bool(true));
    params[1] = spa_pod_builder_add_object(builder, SPA_TYPE_OBJECT_PropInfo, SPA_PARAM_PropInfo,
        SPA_PROP_INFO_id, SPA_POD_Id(SPA_PROP_exposure), SPA_PROP_INFO_description, SPA_POD_String("ExposureTime"),
        SPA_PROP_INFO_type, SPA_POD_CHOICE_RANGE_Int(fake.exposure_us, EXPOSURE_MIN_US, EXPOSURE_MAX_US));
    params[2] = spa_pod_builder_add_object(builder, SPA_TYPE_OBJECT_PropInfo, SPA_PARAM_PropInfo,
        SPA_PROP_INFO_id, SPA_POD_Id(SPA_PROP_gain), SPA_PROP_INFO_description, SPA_POD_String("AnalogueGain"),
        SPA_PROP_INFO_type, SPA_POD_CHOICE_RANGE_Float(fake.gain, 1.0f, GAIN_MAX));
    return 3;
}

static void on_signal(int number) {
    if (number == SIGUSR1) stalled = 1;
    else if (number == SIGUSR2) stalled = 0;
    else quitting = 1;
}

static const char *env_or(const char *name, const char *fallback) {
    const char *value = getenv(name);
    return value && *value ? value : fallback;
}

int main(int argc, char **argv) {
    pw_init(&argc, &argv);
    load_scene(getenv("FAKE_PW_SCENE"));
    fake.fps = atoi(env_or("FAKE_PW_FPS", "30"));
    fake.speed = atof(env_or("FAKE_PW_SPEED", "1"));
    fake.header = getenv("FAKE_PW_NO_HEADER") == NULL;
    fake.noise = 12345;
    fake.controls = getenv("FAKE_PW_CONTROLS") != NULL;
    fake.ae = 1;
    fake.exposure_us = (EXPOSURE_MIN_US + EXPOSURE_MAX_US) / 2;   /* libcamera's default when a sensor gives none */
    fake.gain = 1;
    fake.start_ns = monotonic_ns();
    const char *format = env_or("FAKE_PW_FORMAT", "NV12");
    fake.offered = strcmp(format, "YUY2") == 0 ? SPA_VIDEO_FORMAT_YUY2
                 : strcmp(format, "UYVY") == 0 ? SPA_VIDEO_FORMAT_UYVY : SPA_VIDEO_FORMAT_NV12;
    signal(SIGUSR1, on_signal);
    signal(SIGUSR2, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);

    fake.loop = pw_main_loop_new(NULL);
    struct pw_loop *loop = pw_main_loop_get_loop(fake.loop);
    const char *name = env_or("FAKE_PW_NAME", "libcamera_input.fake_back");
    fake.stream = pw_stream_new_simple(loop, "fake-camera", pw_properties_new(
        PW_KEY_MEDIA_CLASS, "Video/Source", PW_KEY_MEDIA_TYPE, "Video", PW_KEY_MEDIA_CATEGORY, "Capture",
        PW_KEY_MEDIA_ROLE, "Camera", PW_KEY_NODE_NAME, name,
        PW_KEY_NODE_DESCRIPTION, env_or("FAKE_PW_DESCRIPTION", "Fake libcamera camera"),
        PW_KEY_DEVICE_API, "libcamera", "api.libcamera.location", env_or("FAKE_PW_LOCATION", "back"),
        "api.libcamera.rotation", "90", NULL), &events, NULL);

    uint8_t buffer[1024], infos[1024];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(infos, sizeof infos);
    const struct spa_pod *params[4] = {enum_format(buffer, sizeof buffer)};
    uint32_t count = 1 + control_infos(&builder, params + 1);
    if (pw_stream_connect(fake.stream, PW_DIRECTION_OUTPUT, PW_ID_ANY,
                          PW_STREAM_FLAG_DRIVER | PW_STREAM_FLAG_MAP_BUFFERS, params, count) < 0) {
        fprintf(stderr, "fake camera: cannot connect the stream\n");
        return 1;
    }
    fake.timer = pw_loop_add_timer(loop, on_timeout, NULL);
    struct timespec interval;
    double period = 1.0 / fake.fps / fake.speed;
    interval.tv_sec = (time_t)period;
    interval.tv_nsec = (long)((period - interval.tv_sec) * 1e9);
    pw_loop_update_timer(loop, fake.timer, &interval, &interval, false);
    pw_main_loop_run(fake.loop);
    pw_stream_destroy(fake.stream);
    pw_main_loop_destroy(fake.loop);
    pw_deinit();
    return 0;
}
