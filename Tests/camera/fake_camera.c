/* fake_camera.c — an LD_PRELOAD fake UVC-like camera *beneath* libv4l2 (docs/camera.md), for the integration tests.
 *
 * It interposes syscall() (libv4l2 reaches the kernel only through it) and libc's open/openat/ioctl/mmap/munmap/
 * close/dup/access, acts on the configured fake paths and their descriptors only, and forwards everything else.
 * A device descriptor is one end of an AF_UNIX socketpair, so poll() just works: the producer thread writes one
 * byte per finished buffer; an unplug shuts the pair down (POLLHUP). Buffers live in one memfd mapped by both
 * sides. Frames are YUYV (BT.601 limited range) or MJPEG (libjpeg, 4:2:2, q85) of a fingertip whose colour comes
 * from a scene table the Swift harness writes from the engine's synthetic PPG recipe (docs/camera.md),
 * scaled by exposure, gain and torch, with a vignette, pixel noise and clipping.
 *
 * Environment (all optional except FAKE_CAMERA_SCENE for meaningful frames):
 *   FAKE_CAMERA_DEVICE   video node path                       (default /dev/video-fake0)
 *   FAKE_CAMERA_META     a metadata node path (not a camera)   (default none)
 *   FAKE_CAMERA_SUBDEV   a flash subdevice path (torch)        (default none)
 *   FAKE_CAMERA_MODES    FOURCC:WxH@FPS,…                      (default YUYV:640x480@30)
 *   FAKE_CAMERA_BUS      bus_info                              (default platform:fakecam)
 *   FAKE_CAMERA_SCENE    scene table: lines "t red green blue" at a fixed step (red = DC at the reference exposure)
 *   FAKE_CAMERA_STATE    file rewritten on every change: key=value lines (torch, controls, streaming, fds…);
 *                        STATE.torch holds 1/0, written by any process (the torch guardian included)
 *   FAKE_CAMERA_SPEED    stream clock speed (frame time per wall second; default 1)
 *   FAKE_CAMERA_LIGHT    brightness factor on the scene (default 1): a light the tuner must dim the torch for
 *   FAKE_CAMERA_FACING   front | back | external: offer the read-only V4L2_CID_CAMERA_ORIENTATION control with that
 *                        value (default: no such control, as most USB webcams)
 *   FAKE_CAMERA_ROTATION degrees: offer the read-only V4L2_CID_CAMERA_SENSOR_ROTATION control (default: none)
 *   FAKE_CAMERA_FAULTS   comma-separated: eacces | busy | busy@T+D | stall@T+D | unplug@T | replug@T | fps@T=N |
 *                        eio@T | errbuf@T | drop@T=N | replug@T=PATH (back under another node)
 *                        (T, D in stream-clock seconds since the first STREAMON)
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <jpeglib.h>
#include <linux/videodev2.h>

/* Camera location controls (Linux 5.8), for kernel headers that predate them. */
#ifndef V4L2_CID_CAMERA_ORIENTATION
#define V4L2_CID_CAMERA_ORIENTATION (V4L2_CID_CAMERA_CLASS_BASE + 34)
#define V4L2_CAMERA_ORIENTATION_FRONT 0
#define V4L2_CAMERA_ORIENTATION_BACK 1
#define V4L2_CAMERA_ORIENTATION_EXTERNAL 2
#endif
#ifndef V4L2_CID_CAMERA_SENSOR_ROTATION
#define V4L2_CID_CAMERA_SENSOR_ROTATION (V4L2_CID_CAMERA_CLASS_BASE + 35)
#endif

#define MAX_FDS 4096
#define MAX_MODES 16
#define MAX_BUFFERS 8
#define MAX_FAULTS 32
#define PAGE 4096

/* ---- real functions ----------------------------------------------------------------------------------------- */

static long (*real_syscall)(long, ...);
static int (*real_ioctl)(int, unsigned long, ...);
static void *(*real_mmap)(void *, size_t, int, int, int, off_t);

static void load_reals(void) {
    if (real_syscall) return;
    real_ioctl = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
    real_mmap = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
    real_syscall = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
}

static int sys_close(int fd) { return (int)real_syscall(SYS_close, fd); }
static int sys_open(const char *path, int flags, int mode) {
    return (int)real_syscall(SYS_openat, AT_FDCWD, path, flags, mode);
}

/* ---- configuration ------------------------------------------------------------------------------------------ */

typedef struct { uint32_t fourcc; int width, height; double fps; } mode_t_;
typedef enum { F_STALL, F_UNPLUG, F_REPLUG, F_FPS, F_EIO, F_ERRBUF, F_DROP, F_BUSY } fault_kind;
typedef struct { fault_kind kind; double at, duration, value; int fired; char path[128]; } fault;

static struct {
    const char *device, *meta, *subdev, *bus, *state_path;
    mode_t_ modes[MAX_MODES];
    int mode_count;
    double speed;
    double light;
    int orientation, rotation; /* -1: the control is absent */
    int eacces, always_busy;
    fault faults[MAX_FAULTS];
    int fault_count;
    float *scene; /* t, r, g, b per row */
    int scene_rows;
    double scene_step;
} cfg;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int configured;

static uint32_t fourcc_of(const char *text) {
    return (uint32_t)text[0] | (uint32_t)text[1] << 8 | (uint32_t)text[2] << 16 | (uint32_t)text[3] << 24;
}

static void parse_modes(const char *text) {
    char buffer[1024];
    snprintf(buffer, sizeof buffer, "%s", text ? text : "YUYV:640x480@30");
    for (char *save = NULL, *item = strtok_r(buffer, ",", &save); item && cfg.mode_count < MAX_MODES;
         item = strtok_r(NULL, ",", &save)) {
        char code[5] = {0};
        int width, height;
        double fps;
        if (sscanf(item, "%4[^:]:%dx%d@%lf", code, &width, &height, &fps) == 4) {
            cfg.modes[cfg.mode_count++] = (mode_t_){fourcc_of(code), width, height, fps};
        }
    }
}

static void parse_faults(const char *text) {
    if (!text) return;
    char buffer[1024];
    snprintf(buffer, sizeof buffer, "%s", text);
    for (char *save = NULL, *item = strtok_r(buffer, ",", &save); item && cfg.fault_count < MAX_FAULTS;
         item = strtok_r(NULL, ",", &save)) {
        fault f = {0};
        char name[16] = {0};
        if (strcmp(item, "eacces") == 0) { cfg.eacces = 1; continue; }
        if (strcmp(item, "busy") == 0) { cfg.always_busy = 1; continue; }
        if (sscanf(item, "%15[a-z]@%lf", name, &f.at) < 2) continue;
        const char *rest = strchr(item, '@') + 1;
        const char *plus = strchr(rest, '+'), *equals = strchr(rest, '=');
        if (plus) f.duration = atof(plus + 1);
        if (equals) f.value = atof(equals + 1);
        if (equals && equals[1] == '/') snprintf(f.path, sizeof f.path, "%s", equals + 1);
        if (strcmp(name, "stall") == 0) f.kind = F_STALL;
        else if (strcmp(name, "unplug") == 0) f.kind = F_UNPLUG;
        else if (strcmp(name, "replug") == 0) f.kind = F_REPLUG;
        else if (strcmp(name, "fps") == 0) f.kind = F_FPS;
        else if (strcmp(name, "eio") == 0) f.kind = F_EIO;
        else if (strcmp(name, "errbuf") == 0) f.kind = F_ERRBUF;
        else if (strcmp(name, "drop") == 0) f.kind = F_DROP;
        else if (strcmp(name, "busy") == 0) f.kind = F_BUSY;
        else continue;
        cfg.faults[cfg.fault_count++] = f;
    }
}

static void load_scene(const char *path) {
    FILE *file = path ? fopen(path, "r") : NULL;
    if (!file) return;
    int capacity = 1 << 14;
    cfg.scene = malloc(sizeof(float) * 4 * capacity);
    float t, r, g, b;
    char line[256];
    while (fgets(line, sizeof line, file)) {
        if (sscanf(line, "%f %f %f %f", &t, &r, &g, &b) != 4) continue;
        if (cfg.scene_rows == capacity) {
            capacity *= 2;
            cfg.scene = realloc(cfg.scene, sizeof(float) * 4 * capacity);
        }
        float *row = cfg.scene + 4 * cfg.scene_rows++;
        row[0] = t; row[1] = r; row[2] = g; row[3] = b;
    }
    fclose(file);
    if (cfg.scene_rows >= 2) cfg.scene_step = cfg.scene[4] - cfg.scene[0];
}

static void configure(void) {
    if (configured) return;
    configured = 1;
    load_reals();
    cfg.device = getenv("FAKE_CAMERA_DEVICE") ? getenv("FAKE_CAMERA_DEVICE") : "/dev/video-fake0";
    cfg.meta = getenv("FAKE_CAMERA_META");
    cfg.subdev = getenv("FAKE_CAMERA_SUBDEV");
    cfg.bus = getenv("FAKE_CAMERA_BUS") ? getenv("FAKE_CAMERA_BUS") : "platform:fakecam";
    cfg.state_path = getenv("FAKE_CAMERA_STATE");
    cfg.speed = getenv("FAKE_CAMERA_SPEED") ? atof(getenv("FAKE_CAMERA_SPEED")) : 1;
    cfg.light = getenv("FAKE_CAMERA_LIGHT") ? atof(getenv("FAKE_CAMERA_LIGHT")) : 1;
    if (cfg.speed <= 0) cfg.speed = 1;
    const char *facing = getenv("FAKE_CAMERA_FACING");
    cfg.orientation = !facing ? -1 : strcmp(facing, "front") == 0 ? V4L2_CAMERA_ORIENTATION_FRONT
                    : strcmp(facing, "back") == 0 ? V4L2_CAMERA_ORIENTATION_BACK : V4L2_CAMERA_ORIENTATION_EXTERNAL;
    cfg.rotation = getenv("FAKE_CAMERA_ROTATION") ? atoi(getenv("FAKE_CAMERA_ROTATION")) : -1;
    parse_modes(getenv("FAKE_CAMERA_MODES"));
    parse_faults(getenv("FAKE_CAMERA_FAULTS"));
    load_scene(getenv("FAKE_CAMERA_SCENE"));
}

/* ---- device state ------------------------------------------------------------------------------------------- */

typedef enum { K_VIDEO = 1, K_META, K_SUBDEV } node_kind;

/** One open of a fake node (shared by dup'ed descriptors). */
typedef struct open_file {
    node_kind kind;
    int peer; /* the producer's end of the socketpair (video) */
    int dead; /* unplugged: every ioctl fails with ENODEV */
    int refs;
} open_file;

enum { B_DEQUEUED, B_QUEUED, B_DONE };

typedef struct {
    int state;
    uint32_t sequence, bytesused, flags;
    struct timeval timestamp;
} buffer_state;

/* Controls (UVC-like). */
enum { C_EXPOSURE_AUTO, C_EXPOSURE, C_PRIORITY, C_GAIN, C_AWB, C_FOCUS, C_BACKLIGHT, C_ORIENTATION, C_ROTATION,
       C_LED_MODE, C_TORCH_INTENSITY, C_COUNT };
static const struct { uint32_t id; int min, max, def, menu; const char *name; } controls[C_COUNT] = {
    {V4L2_CID_EXPOSURE_AUTO, 0, 3, 3, 1, "exposure_auto"},
    {V4L2_CID_EXPOSURE_ABSOLUTE, 3, 2047, 250, 0, "exposure"},
    {V4L2_CID_EXPOSURE_AUTO_PRIORITY, 0, 1, 1, 0, "exposure_auto_priority"},
    {V4L2_CID_GAIN, 0, 255, 32, 0, "gain"},
    {V4L2_CID_AUTO_WHITE_BALANCE, 0, 1, 1, 0, "white_balance_auto"},
    {V4L2_CID_FOCUS_AUTO, 0, 1, 1, 0, "focus_auto"},
    {V4L2_CID_BACKLIGHT_COMPENSATION, 0, 2, 1, 0, "backlight_compensation"},
    {V4L2_CID_CAMERA_ORIENTATION, 0, 2, 2, 1, "camera_orientation"},   /* read-only; FAKE_CAMERA_FACING */
    {V4L2_CID_CAMERA_SENSOR_ROTATION, 0, 270, 0, 0, "camera_sensor_rotation"}, /* read-only; FAKE_CAMERA_ROTATION */
    {V4L2_CID_FLASH_LED_MODE, 0, 2, 0, 1, "torch_mode"},
    {V4L2_CID_FLASH_TORCH_INTENSITY, 0, 100, 50, 0, "torch_intensity"},
};

static struct {
    open_file *fds[MAX_FDS];
    int open_count;
    int mappings;
    /* video device */
    int unplugged;
    open_file *owner; /* the open that holds the buffers */
    int mode;         /* index into cfg.modes */
    double fps;       /* S_PARM */
    uint32_t stride, sizeimage, slot;
    int memfd;
    uint8_t *producer_map;
    int buffer_count;
    buffer_state buffers[MAX_BUFFERS];
    int done_fifo[MAX_BUFFERS], done_head, done_count;
    int queue_fifo[MAX_BUFFERS], queue_head, queue_count;
    int streaming;
    pthread_t producer;
    int producer_running, producer_stop;
    uint32_t sequence;
    double origin;      /* CLOCK_MONOTONIC at the first STREAMON */
    int eio_pending;
    long frames;
    int value[C_COUNT];
    int pending[C_COUNT];
    uint32_t pending_at[C_COUNT];
} dev = {.memfd = -1, .fps = 30};

static double mono_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec + now.tv_nsec / 1e9;
}

/** Stream-clock seconds since the first STREAMON (0 before it). */
static double stream_clock(void) { return dev.origin > 0 ? (mono_now() - dev.origin) * cfg.speed : 0; }

static void reset_controls(void) {
    for (int c = 0; c < C_COUNT; c++) dev.value[c] = dev.pending[c] = controls[c].def;
    dev.value[C_ORIENTATION] = dev.pending[C_ORIENTATION] = cfg.orientation;
    dev.value[C_ROTATION] = dev.pending[C_ROTATION] = cfg.rotation;
    memset(dev.pending_at, 0, sizeof dev.pending_at);
}

/** The process that loaded the fake; a forked child (the torch guardian) only reports the torch. */
static pid_t owner_pid;

/** Replaces `path` with `text` atomically (a temporary file renamed over it). */
static void replace_file(const char *path, const char *text, int length) {
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.%d.tmp", path, (int)getpid());
    int fd = sys_open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return;
    int ok = write(fd, text, length) == length;
    sys_close(fd);
    if (ok) rename(tmp, path);
}

/** Writes the state file (key=value lines) and `<state>.torch` (1 or 0). */
static void write_state(void) {
    if (!cfg.state_path) return;
    char text[2048];
    int n = 0;
    for (int c = 0; c < C_COUNT; c++) {
        n += snprintf(text + n, sizeof text - n, "%s=%d\n", controls[c].name, dev.pending[c]);
    }
    n += snprintf(text + n, sizeof text - n, "torch=%d\nstreaming=%d\nopen_fds=%d\nmappings=%d\nfps=%g\nframes=%ld\n",
                  dev.pending[C_LED_MODE] == V4L2_FLASH_LED_MODE_TORCH, dev.streaming, dev.open_count, dev.mappings,
                  dev.fps, dev.frames);
    if (dev.mode < cfg.mode_count) {
        uint32_t f = cfg.modes[dev.mode].fourcc;
        n += snprintf(text + n, sizeof text - n, "format=%c%c%c%c\nwidth=%d\nheight=%d\n", f & 255, f >> 8 & 255,
                      f >> 16 & 255, f >> 24, cfg.modes[dev.mode].width, cfg.modes[dev.mode].height);
    }
    char torch_path[4096], torch_text[16];
    snprintf(torch_path, sizeof torch_path, "%s.torch", cfg.state_path);
    int torch_on = dev.pending[C_LED_MODE] == V4L2_FLASH_LED_MODE_TORCH;
    int torch_length = snprintf(torch_text, sizeof torch_text, "%d\n", torch_on);
    replace_file(torch_path, torch_text, torch_length);
    if (getpid() == owner_pid) replace_file(cfg.state_path, text, n);
}

static fault *active_fault(fault_kind kind, double t) {
    for (int i = 0; i < cfg.fault_count; i++) {
        fault *f = &cfg.faults[i];
        if (f->kind != kind) continue;
        if (kind == F_STALL || kind == F_BUSY) {
            if (t >= f->at && t < f->at + f->duration) return f;
        } else if (t >= f->at && !f->fired) {
            return f;
        }
    }
    return NULL;
}

static int is_busy(void) { return cfg.always_busy || active_fault(F_BUSY, stream_clock()) != NULL; }

/* ---- scene and frame rendering ------------------------------------------------------------------------------ */

static void scene_at(double t, double rgb[3]) {
    if (cfg.scene_rows < 2) { rgb[0] = 200; rgb[1] = 4; rgb[2] = 20; return; }
    double span = cfg.scene_step * (cfg.scene_rows - 1);
    double x = fmod(t, span) / cfg.scene_step;
    int i = (int)x;
    if (i >= cfg.scene_rows - 1) i = cfg.scene_rows - 2;
    double w = x - i;
    for (int c = 0; c < 3; c++) rgb[c] = cfg.scene[4 * i + 1 + c] * (1 - w) + cfg.scene[4 * (i + 1) + 1 + c] * w;
}

/** Brightness factor of the controls in force: the tuner's linear model (sensitivity = exposure × (1 +
 *  (gain − min) / unit), unit = range / 8), relative to the reference exposure 166 at minimum gain, × the torch's
 *  intensity over its default (¼ with the torch off), × FAKE_CAMERA_LIGHT. Automatic exposure lands at ⅔ of the
 *  reference. */
static double brightness(void) {
    double torch = 1.0;
    if (cfg.subdev) {
        torch = dev.value[C_LED_MODE] == V4L2_FLASH_LED_MODE_TORCH
                    ? (double)dev.value[C_TORCH_INTENSITY] / controls[C_TORCH_INTENSITY].def : 0.25;
    }
    torch *= cfg.light;
    if (dev.value[C_EXPOSURE_AUTO] != V4L2_EXPOSURE_MANUAL) return 0.66 * cfg.light;
    double unit = (controls[C_GAIN].max - controls[C_GAIN].min) / 8.0;
    double gain = 1 + (dev.value[C_GAIN] - controls[C_GAIN].min) / unit;
    return dev.value[C_EXPOSURE] * gain / 166.0 * torch;
}

static uint32_t noise_state = 12345;
static inline int pixel_noise(void) {
    noise_state = noise_state * 1664525u + 1013904223u;
    return (int)(noise_state >> 29) - 4; /* −4…3 */
}

/** Vignette per pixel in Q12 (4096 = 1), built once per frame size. */
static uint16_t *vignette_table;
static int vignette_width, vignette_height;

static const uint16_t *vignette_for(int width, int height) {
    if (vignette_table && vignette_width == width && vignette_height == height) return vignette_table;
    free(vignette_table);
    vignette_table = malloc(sizeof(uint16_t) * (size_t)width * height);
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            double dx = (x - width / 2.0) / width, dy = (y - height / 2.0) / height;
            vignette_table[(size_t)y * width + x] = (uint16_t)(4096 * (1 - 0.6 * (dx * dx + dy * dy)));
        }
    }
    vignette_width = width;
    vignette_height = height;
    return vignette_table;
}

static inline int clip_int(int v) { return v < 0 ? 0 : v > 255 ? 255 : v; }

/** YUYV (BT.601 limited range, integer coefficients ×256) of the scene colour with vignette and pixel noise. */
static void render_yuyv(uint8_t *dst, const double rgb[3], int width, int height, uint32_t stride) {
    const uint16_t *vignette = vignette_for(width, height);
    int r8 = (int)(rgb[0] * 16), g8 = (int)(rgb[1] * 16), b8 = (int)(rgb[2] * 16); /* Q4 */
    for (int y = 0; y < height; y++) {
        uint8_t *row = dst + (size_t)y * stride;
        const uint16_t *v = vignette + (size_t)y * width;
        for (int x = 0; x + 1 < width; x += 2) {
            int n0 = pixel_noise(), n1 = pixel_noise();
            int r0 = clip_int((r8 * v[x] >> 16) + n0), g0 = clip_int((g8 * v[x] >> 16) + n0);
            int b0 = clip_int((b8 * v[x] >> 16) + n0);
            int r1 = clip_int((r8 * v[x + 1] >> 16) + n1), g1 = clip_int((g8 * v[x + 1] >> 16) + n1);
            int b1 = clip_int((b8 * v[x + 1] >> 16) + n1);
            int r = r0 + r1, g = g0 + g1, b = b0 + b1; /* ×2 */
            row[2 * x] = (uint8_t)clip_int(16 + ((66 * r0 + 129 * g0 + 25 * b0 + 128) >> 8));
            row[2 * x + 1] = (uint8_t)clip_int(128 + ((-38 * r - 74 * g + 112 * b + 256) >> 9));
            row[2 * x + 2] = (uint8_t)clip_int(16 + ((66 * r1 + 129 * g1 + 25 * b1 + 128) >> 8));
            row[2 * x + 3] = (uint8_t)clip_int(128 + ((112 * r - 94 * g - 18 * b + 256) >> 9));
        }
    }
}

static uint32_t render_mjpeg(uint8_t *dst, size_t capacity, const double rgb[3], int width, int height) {
    static uint8_t *line;
    static int line_width;
    if (line_width < width) { free(line); line = malloc((size_t)width * 3); line_width = width; }
    struct jpeg_compress_struct info;
    struct jpeg_error_mgr errors;
    info.err = jpeg_std_error(&errors);
    jpeg_create_compress(&info);
    unsigned char *out = NULL;
    unsigned long size = 0;
    jpeg_mem_dest(&info, &out, &size);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, 85, TRUE);
    info.comp_info[0].h_samp_factor = 2;
    info.comp_info[0].v_samp_factor = 1;
    info.dct_method = JDCT_IFAST;
    jpeg_start_compress(&info, TRUE);
    const uint16_t *vignette = vignette_for(width, height);
    int r8 = (int)(rgb[0] * 16), g8 = (int)(rgb[1] * 16), b8 = (int)(rgb[2] * 16); /* Q4 */
    for (int y = 0; y < height; y++) {
        const uint16_t *v = vignette + (size_t)y * width;
        for (int x = 0; x < width; x++) {
            int n = pixel_noise();
            line[3 * x] = (uint8_t)clip_int((r8 * v[x] >> 16) + n);
            line[3 * x + 1] = (uint8_t)clip_int((g8 * v[x] >> 16) + n);
            line[3 * x + 2] = (uint8_t)clip_int((b8 * v[x] >> 16) + n);
        }
        JSAMPROW row = line;
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    uint32_t used = size <= capacity ? (uint32_t)size : 0;
    if (used) memcpy(dst, out, size);
    free(out);
    return used;
}

/* ---- producer ------------------------------------------------------------------------------------------------ */

static double effective_fps(double t) {
    double fps = dev.fps;
    if (dev.value[C_EXPOSURE_AUTO] != V4L2_EXPOSURE_MANUAL && dev.value[C_PRIORITY] == 1 && fps > 11.46) {
        fps = 11.46; /* aperture-priority AE stretching frames in the dark (docs/camera.md, exposure) */
    }
    for (int i = 0; i < cfg.fault_count; i++) {
        fault *f = &cfg.faults[i];
        if (f->kind == F_FPS && t >= f->at && f->value > 0 && f->value < fps) fps = f->value;
    }
    return fps;
}

static void apply_pending_controls(void) {
    for (int c = 0; c < C_COUNT; c++) {
        if (dev.value[c] != dev.pending[c] && dev.sequence >= dev.pending_at[c]) dev.value[c] = dev.pending[c];
    }
}

static void unplug_locked(void) {
    dev.unplugged = 1;
    dev.streaming = 0;
    for (int fd = 0; fd < MAX_FDS; fd++) {
        open_file *file = dev.fds[fd];
        if (file && file->kind == K_VIDEO && !file->dead) {
            file->dead = 1;
            shutdown(file->peer, SHUT_RDWR);
        }
    }
    write_state();
}

/** A frame rendered ahead of its time: the buffer it went into (−1: no buffer was queued) and the bytes used. */
typedef struct { int index; uint32_t used; } prepared_frame;

/** Takes the oldest queued buffer and renders the frame of stream time t into it before t comes, so rendering
 *  time never delays frames (a real sensor delivers on time). Called with the lock held; renders without it. */
static prepared_frame prepare_locked(double t) {
    prepared_frame frame = {-1, 0};
    apply_pending_controls();
    if (dev.queue_count == 0) return frame;
    frame.index = dev.queue_fifo[dev.queue_head];
    dev.queue_head = (dev.queue_head + 1) % MAX_BUFFERS;
    dev.queue_count--;
    mode_t_ mode = cfg.modes[dev.mode];
    double rgb[3];
    scene_at(t, rgb);
    double gain = brightness();
    for (int c = 0; c < 3; c++) rgb[c] *= gain;
    uint8_t *dst = dev.producer_map + (size_t)frame.index * dev.slot;
    uint32_t capacity = dev.sizeimage, stride = dev.stride;
    /* STREAMOFF and close join this thread before touching the buffers. */
    pthread_mutex_unlock(&lock);
    frame.used = capacity;
    if (mode.fourcc == V4L2_PIX_FMT_MJPEG) {
        frame.used = render_mjpeg(dst, capacity, rgb, mode.width, mode.height);
    } else {
        render_yuyv(dst, rgb, mode.width, mode.height, stride);
    }
    pthread_mutex_lock(&lock);
    return frame;
}

/** Hands the buffer back to the queue (a frame that is not delivered). */
static void requeue_locked(int index) {
    dev.queue_fifo[(dev.queue_head + dev.queue_count) % MAX_BUFFERS] = index;
    dev.queue_count++;
}

/** Delivers the frame due at stream time t (faults first). Returns 0 when the stream must end. */
static int publish_locked(double t, prepared_frame frame) {
    fault *f;
    if ((f = active_fault(F_UNPLUG, t))) {
        f->fired = 1;
        unplug_locked();
        return 0;
    }
    if (active_fault(F_STALL, t)) {
        if (frame.index >= 0) requeue_locked(frame.index);
        return 1;
    }
    if ((f = active_fault(F_DROP, t))) { f->fired = 1; dev.sequence += (uint32_t)f->value; }
    if ((f = active_fault(F_EIO, t))) { f->fired = 1; dev.eio_pending = 1; }
    uint32_t sequence = dev.sequence++;
    if (frame.index < 0) return 1; /* no buffer was queued: the frame is dropped */
    buffer_state *b = &dev.buffers[frame.index];
    b->bytesused = frame.used;
    b->flags = V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC | V4L2_BUF_FLAG_TSTAMP_SRC_SOE;
    if ((f = active_fault(F_ERRBUF, t))) { f->fired = 1; b->flags |= V4L2_BUF_FLAG_ERROR; }
    double stamp = dev.origin + t;
    b->timestamp.tv_sec = (time_t)stamp;
    b->timestamp.tv_usec = (suseconds_t)((stamp - (double)(time_t)stamp) * 1e6);
    b->sequence = sequence;
    b->state = B_DONE;
    dev.done_fifo[(dev.done_head + dev.done_count) % MAX_BUFFERS] = frame.index;
    dev.done_count++;
    dev.frames++;
    char byte = 1;
    if (dev.owner) (void)!write(dev.owner->peer, &byte, 1);
    return 1;
}

static void *producer_main(void *unused) {
    (void)unused;
    pthread_mutex_lock(&lock);
    double t = stream_clock();
    while (!dev.producer_stop) {
        t += 1.0 / effective_fps(t);
        prepared_frame frame = prepare_locked(t);
        if (dev.producer_stop) break;
        double wake = dev.origin + t / cfg.speed;
        pthread_mutex_unlock(&lock);
        double wait = wake - mono_now();
        if (wait > 0) {
            struct timespec pause = {(time_t)wait, (long)((wait - (double)(time_t)wait) * 1e9)};
            nanosleep(&pause, NULL);
        }
        pthread_mutex_lock(&lock);
        if (dev.producer_stop) break;
        if (!publish_locked(t, frame)) break;
    }
    dev.producer_running = 0;
    pthread_mutex_unlock(&lock);
    return NULL;
}

static void stop_producer_locked(void) {
    if (!dev.producer_running && !dev.producer) return;
    dev.producer_stop = 1;
    pthread_t thread = dev.producer;
    dev.producer = 0;
    pthread_mutex_unlock(&lock);
    if (thread) pthread_join(thread, NULL);
    pthread_mutex_lock(&lock);
    dev.producer_running = 0;
}

static void drain_socket(open_file *file, int fd) {
    char bytes[64];
    (void)file;
    while (recv(fd, bytes, sizeof bytes, MSG_DONTWAIT) > 0) {}
}

static void stream_off_locked(int fd) {
    stop_producer_locked();
    dev.streaming = 0;
    for (int i = 0; i < dev.buffer_count; i++) dev.buffers[i].state = B_DEQUEUED;
    dev.done_count = dev.queue_count = 0;
    dev.done_head = dev.queue_head = 0;
    if (fd >= 0 && dev.fds[fd]) drain_socket(dev.fds[fd], fd);
}

static void free_buffers_locked(void) {
    if (dev.producer_map) real_syscall(SYS_munmap, dev.producer_map, (size_t)dev.slot * dev.buffer_count);
    dev.producer_map = NULL;
    if (dev.memfd >= 0) sys_close(dev.memfd);
    dev.memfd = -1;
    dev.buffer_count = 0;
    dev.owner = NULL;
}

/* ---- formats ------------------------------------------------------------------------------------------------ */

static int mode_for(uint32_t fourcc, int width, int height) {
    int best = -1;
    long best_distance = 0;
    for (int i = 0; i < cfg.mode_count; i++) {
        if (cfg.modes[i].fourcc != fourcc) continue;
        long distance = labs((long)cfg.modes[i].width - width) + labs((long)cfg.modes[i].height - height);
        if (best < 0 || distance < best_distance) { best = i; best_distance = distance; }
    }
    return best >= 0 ? best : 0;
}

static void fill_format(struct v4l2_format *format, int mode) {
    mode_t_ *m = &cfg.modes[mode];
    memset(&format->fmt.pix, 0, sizeof format->fmt.pix);
    format->fmt.pix.width = m->width;
    format->fmt.pix.height = m->height;
    format->fmt.pix.pixelformat = m->fourcc;
    format->fmt.pix.field = V4L2_FIELD_NONE;
    format->fmt.pix.colorspace = V4L2_COLORSPACE_SRGB;
    if (m->fourcc == V4L2_PIX_FMT_MJPEG) {
        format->fmt.pix.bytesperline = 0;
        format->fmt.pix.sizeimage = m->width * m->height * 2;
    } else {
        format->fmt.pix.bytesperline = m->width * 2;
        format->fmt.pix.sizeimage = m->width * m->height * 2;
    }
}

static const double standard_rates[] = {60, 30, 25, 20, 15, 10, 5};

/** The i-th frame rate the mode offers (its maximum, then the standard rates below it), or 0. */
static double mode_rate(int mode, int index) {
    double max = cfg.modes[mode].fps;
    if (index == 0) return max;
    int found = 0;
    for (unsigned i = 0; i < sizeof standard_rates / sizeof *standard_rates; i++) {
        if (standard_rates[i] < max - 0.01 && ++found == index) return standard_rates[i];
    }
    return 0;
}

static int same_size_index(int format_index_mode, int size_index) {
    /* the size_index-th mode with this mode's fourcc */
    uint32_t fourcc = cfg.modes[format_index_mode].fourcc;
    for (int i = 0, n = 0; i < cfg.mode_count; i++) {
        if (cfg.modes[i].fourcc == fourcc && n++ == size_index) return i;
    }
    return -1;
}

static int distinct_format(int index) {
    for (int i = 0, n = 0; i < cfg.mode_count; i++) {
        int seen = 0;
        for (int j = 0; j < i; j++) seen |= cfg.modes[j].fourcc == cfg.modes[i].fourcc;
        if (!seen && n++ == index) return i;
    }
    return -1;
}

/* ---- ioctls ------------------------------------------------------------------------------------------------- */

/** Whether control `c` exists on a node of `kind` (the location controls only when configured). */
static int control_offered(int c, node_kind kind) {
    int flash = c == C_LED_MODE || c == C_TORCH_INTENSITY;
    if (c == C_ORIENTATION && cfg.orientation < 0) return 0;
    if (c == C_ROTATION && cfg.rotation < 0) return 0;
    return (kind == K_SUBDEV) == flash;
}

static int control_index(uint32_t id, node_kind kind) {
    for (int c = 0; c < C_COUNT; c++) {
        if (controls[c].id == id && control_offered(c, kind)) return c;
    }
    return -1;
}

static int query_control(struct v4l2_queryctrl *query, node_kind kind) {
    uint32_t id = query->id;
    int c;
    if (id & V4L2_CTRL_FLAG_NEXT_CTRL) {
        uint32_t after = id & ~V4L2_CTRL_FLAG_NEXT_CTRL, best = 0;
        c = -1;
        for (int i = 0; i < C_COUNT; i++) {
            if (control_offered(i, kind) && controls[i].id > after && (c < 0 || controls[i].id < best)) {
                c = i;
                best = controls[i].id;
            }
        }
    } else {
        c = control_index(id, kind);
    }
    if (c < 0) return EINVAL;
    memset(query, 0, sizeof *query);
    query->id = controls[c].id;
    query->type = controls[c].menu ? V4L2_CTRL_TYPE_MENU : (controls[c].max == 1 ? V4L2_CTRL_TYPE_BOOLEAN
                                                                                   : V4L2_CTRL_TYPE_INTEGER);
    snprintf((char *)query->name, sizeof query->name, "%s", controls[c].name);
    query->minimum = controls[c].min;
    query->maximum = controls[c].max;
    query->step = 1;
    query->default_value = controls[c].def;
    if (c == C_EXPOSURE && dev.pending[C_EXPOSURE_AUTO] != V4L2_EXPOSURE_MANUAL) query->flags = V4L2_CTRL_FLAG_INACTIVE;
    if (c == C_ORIENTATION || c == C_ROTATION) query->flags = V4L2_CTRL_FLAG_READ_ONLY;
    return 0;
}

static int set_control(struct v4l2_control *control, node_kind kind) {
    int c = control_index(control->id, kind);
    if (c < 0) return EINVAL;
    if (c == C_ORIENTATION || c == C_ROTATION) return EACCES; /* read-only */
    if (c == C_EXPOSURE_AUTO && control->value != V4L2_EXPOSURE_MANUAL &&
        control->value != V4L2_EXPOSURE_APERTURE_PRIORITY) return EINVAL; /* UVC: menu skips 0 and 2 */
    if (control->value < controls[c].min || control->value > controls[c].max) return ERANGE;
    if (c == C_EXPOSURE && dev.pending[C_EXPOSURE_AUTO] != V4L2_EXPOSURE_MANUAL) return EACCES;
    dev.pending[c] = control->value;
    dev.pending_at[c] = kind == K_SUBDEV ? 0 : dev.sequence + 2; /* sensor controls land two frames late */
    if (kind == K_SUBDEV || !dev.streaming) dev.value[c] = control->value;
    write_state();
    return 0;
}

static int subdev_ioctl(unsigned long request, void *arg) {
    switch (request) {
    case VIDIOC_QUERYCTRL: return query_control(arg, K_SUBDEV);
    case VIDIOC_G_CTRL: {
        struct v4l2_control *control = arg;
        int c = control_index(control->id, K_SUBDEV);
        if (c < 0) return EINVAL;
        control->value = dev.pending[c];
        return 0;
    }
    case VIDIOC_S_CTRL: return set_control(arg, K_SUBDEV);
    default: return ENOTTY;
    }
}

static int video_ioctl(int fd, open_file *file, unsigned long request, void *arg) {
    if (file->dead) return ENODEV;
    switch (request) {
    case VIDIOC_QUERYCAP: {
        struct v4l2_capability *cap = arg;
        memset(cap, 0, sizeof *cap);
        snprintf((char *)cap->driver, sizeof cap->driver, "fakecam");
        snprintf((char *)cap->card, sizeof cap->card, "Fake Fingertip Camera");
        snprintf((char *)cap->bus_info, sizeof cap->bus_info, "%s", cfg.bus);
        cap->version = 0x060100;
        cap->capabilities = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_META_CAPTURE | V4L2_CAP_STREAMING |
                            V4L2_CAP_EXT_PIX_FORMAT | V4L2_CAP_DEVICE_CAPS;
        cap->device_caps = file->kind == K_META ? V4L2_CAP_META_CAPTURE | V4L2_CAP_STREAMING | V4L2_CAP_EXT_PIX_FORMAT
                                                : V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING | V4L2_CAP_EXT_PIX_FORMAT;
        return 0;
    }
    case VIDIOC_ENUM_FMT: {
        struct v4l2_fmtdesc *desc = arg;
        if (file->kind == K_META || desc->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) return EINVAL;
        int mode = distinct_format((int)desc->index);
        if (mode < 0) return EINVAL;
        uint32_t index = desc->index, type = desc->type;
        memset(desc, 0, sizeof *desc);
        desc->index = index;
        desc->type = type;
        desc->pixelformat = cfg.modes[mode].fourcc;
        desc->flags = cfg.modes[mode].fourcc == V4L2_PIX_FMT_MJPEG ? V4L2_FMT_FLAG_COMPRESSED : 0;
        snprintf((char *)desc->description, sizeof desc->description, "%.4s", (char *)&cfg.modes[mode].fourcc);
        return 0;
    }
    case VIDIOC_ENUM_FRAMESIZES: {
        struct v4l2_frmsizeenum *size = arg;
        int first = mode_for(size->pixel_format, 0, 0);
        if (cfg.modes[first].fourcc != size->pixel_format) return EINVAL;
        int mode = same_size_index(first, (int)size->index);
        if (mode < 0) return EINVAL;
        size->type = V4L2_FRMSIZE_TYPE_DISCRETE;
        size->discrete.width = cfg.modes[mode].width;
        size->discrete.height = cfg.modes[mode].height;
        return 0;
    }
    case VIDIOC_ENUM_FRAMEINTERVALS: {
        struct v4l2_frmivalenum *interval = arg;
        int mode = -1;
        for (int i = 0; i < cfg.mode_count; i++) {
            if (cfg.modes[i].fourcc == interval->pixel_format && cfg.modes[i].width == (int)interval->width &&
                cfg.modes[i].height == (int)interval->height) mode = i;
        }
        if (mode < 0) return EINVAL;
        double rate = mode_rate(mode, (int)interval->index);
        if (rate <= 0) return EINVAL;
        interval->type = V4L2_FRMIVAL_TYPE_DISCRETE;
        interval->discrete.numerator = 1000;
        interval->discrete.denominator = (uint32_t)(rate * 1000 + 0.5);
        return 0;
    }
    case VIDIOC_G_FMT:
    case VIDIOC_TRY_FMT:
    case VIDIOC_S_FMT: {
        struct v4l2_format *format = arg;
        if (format->type != V4L2_BUF_TYPE_VIDEO_CAPTURE || file->kind == K_META) return EINVAL;
        if (request == VIDIOC_G_FMT) { fill_format(format, dev.mode); return 0; }
        int mode = mode_for(format->fmt.pix.pixelformat, format->fmt.pix.width, format->fmt.pix.height);
        if (request == VIDIOC_S_FMT) {
            if (is_busy() || (dev.owner && dev.owner != file) || dev.streaming) return EBUSY;
            dev.mode = mode;
            if (dev.fps > cfg.modes[mode].fps) dev.fps = cfg.modes[mode].fps;
            write_state();
        }
        fill_format(format, mode);
        return 0;
    }
    case VIDIOC_G_PARM:
    case VIDIOC_S_PARM: {
        struct v4l2_streamparm *parm = arg;
        if (parm->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) return EINVAL;
        if (request == VIDIOC_S_PARM) {
            if (dev.streaming) return EBUSY;
            struct v4l2_fract *tpf = &parm->parm.capture.timeperframe;
            double wanted = tpf->numerator ? (double)tpf->denominator / tpf->numerator : cfg.modes[dev.mode].fps;
            double chosen = 0;
            for (int i = 0; mode_rate(dev.mode, i) > 0; i++) {
                double rate = mode_rate(dev.mode, i);
                if (rate <= wanted + 0.01 && rate > chosen) chosen = rate;
            }
            if (chosen == 0) chosen = mode_rate(dev.mode, 0);
            dev.fps = chosen;
            write_state();
        }
        memset(&parm->parm, 0, sizeof parm->parm);
        parm->parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
        parm->parm.capture.timeperframe.numerator = 1000;
        parm->parm.capture.timeperframe.denominator = (uint32_t)(dev.fps * 1000 + 0.5);
        parm->parm.capture.readbuffers = MAX_BUFFERS;
        return 0;
    }
    case VIDIOC_REQBUFS: {
        struct v4l2_requestbuffers *request_buffers = arg;
        if (request_buffers->memory != V4L2_MEMORY_MMAP) return EINVAL;
        if (dev.owner && dev.owner != file) return EBUSY;
        if (dev.streaming) return EBUSY;
        if (request_buffers->count == 0) {
            free_buffers_locked();
            write_state();
            return 0;
        }
        if (is_busy()) return EBUSY;
        free_buffers_locked();
        struct v4l2_format format;
        fill_format(&format, dev.mode);
        dev.stride = format.fmt.pix.bytesperline;
        dev.sizeimage = format.fmt.pix.sizeimage;
        dev.slot = (dev.sizeimage + PAGE - 1) / PAGE * PAGE;
        int count = request_buffers->count > MAX_BUFFERS ? MAX_BUFFERS : (int)request_buffers->count;
        dev.memfd = memfd_create("fake-camera-buffers", MFD_CLOEXEC);
        if (dev.memfd < 0 || ftruncate(dev.memfd, (off_t)dev.slot * count) != 0) return ENOMEM;
        dev.producer_map = real_mmap(NULL, (size_t)dev.slot * count, PROT_READ | PROT_WRITE, MAP_SHARED, dev.memfd, 0);
        if (dev.producer_map == MAP_FAILED) { dev.producer_map = NULL; return ENOMEM; }
        dev.buffer_count = count;
        for (int i = 0; i < count; i++) dev.buffers[i] = (buffer_state){0};
        dev.owner = file;
        request_buffers->count = count;
        request_buffers->capabilities = V4L2_BUF_CAP_SUPPORTS_MMAP;
        write_state();
        return 0;
    }
    case VIDIOC_QUERYBUF:
    case VIDIOC_QBUF: {
        struct v4l2_buffer *buffer = arg;
        if (dev.owner != file || buffer->index >= (uint32_t)dev.buffer_count) return EINVAL;
        buffer_state *b = &dev.buffers[buffer->index];
        if (request == VIDIOC_QBUF) {
            if (b->state != B_DEQUEUED) return EINVAL;
            b->state = B_QUEUED;
            dev.queue_fifo[(dev.queue_head + dev.queue_count) % MAX_BUFFERS] = (int)buffer->index;
            dev.queue_count++;
        }
        buffer->length = dev.sizeimage;
        buffer->m.offset = buffer->index * dev.slot;
        buffer->flags = b->state == B_QUEUED ? V4L2_BUF_FLAG_QUEUED : 0;
        return 0;
    }
    case VIDIOC_DQBUF: {
        struct v4l2_buffer *buffer = arg;
        if (dev.owner != file) return EINVAL;
        if (dev.eio_pending) { dev.eio_pending = 0; return EIO; }
        if (dev.done_count == 0) return EAGAIN;
        int index = dev.done_fifo[dev.done_head];
        dev.done_head = (dev.done_head + 1) % MAX_BUFFERS;
        dev.done_count--;
        char byte;
        (void)!recv(fd, &byte, 1, MSG_DONTWAIT);
        buffer_state *b = &dev.buffers[index];
        b->state = B_DEQUEUED;
        buffer->index = index;
        buffer->bytesused = b->bytesused;
        buffer->flags = b->flags;
        buffer->field = V4L2_FIELD_NONE;
        buffer->timestamp = b->timestamp;
        buffer->sequence = b->sequence;
        buffer->length = dev.sizeimage;
        buffer->m.offset = index * dev.slot;
        return 0;
    }
    case VIDIOC_STREAMON: {
        if (dev.owner != file) return EINVAL;
        if (is_busy()) return EBUSY;
        if (dev.streaming) return 0;
        if (dev.origin == 0) dev.origin = mono_now();
        dev.streaming = 1;
        dev.producer_stop = 0;
        dev.producer_running = 1;
        if (pthread_create(&dev.producer, NULL, producer_main, NULL) != 0) {
            dev.producer_running = 0;
            dev.producer = 0;
            dev.streaming = 0;
            return ENOMEM;
        }
        write_state();
        return 0;
    }
    case VIDIOC_STREAMOFF:
        if (dev.owner != file) return EINVAL;
        stream_off_locked(fd);
        write_state();
        return 0;
    case VIDIOC_QUERYCTRL: return query_control(arg, K_VIDEO);
    case VIDIOC_QUERYMENU: {
        struct v4l2_querymenu *menu = arg;
        if (menu->id != V4L2_CID_EXPOSURE_AUTO) return EINVAL;
        if (menu->index != V4L2_EXPOSURE_MANUAL && menu->index != V4L2_EXPOSURE_APERTURE_PRIORITY) return EINVAL;
        snprintf((char *)menu->name, sizeof menu->name, "%s",
                 menu->index == V4L2_EXPOSURE_MANUAL ? "Manual Mode" : "Aperture Priority Mode");
        return 0;
    }
    case VIDIOC_G_CTRL: {
        struct v4l2_control *control = arg;
        int c = control_index(control->id, K_VIDEO);
        if (c < 0) return EINVAL;
        control->value = dev.pending[c];
        return 0;
    }
    case VIDIOC_S_CTRL: return set_control(arg, K_VIDEO);
    default: return ENOTTY;
    }
}

/* ---- descriptor bookkeeping --------------------------------------------------------------------------------- */

#define MAX_MAPPINGS 64
static void *mapped[MAX_MAPPINGS]; /* client mappings of the buffers */

static open_file *fake_file(int fd) { return fd >= 0 && fd < MAX_FDS ? dev.fds[fd] : NULL; }

static node_kind kind_of_path(const char *path) {
    if (!path) return 0;
    if (strcmp(path, cfg.device) == 0) return K_VIDEO;
    for (int i = 0; i < cfg.fault_count; i++) {
        if (cfg.faults[i].kind == F_REPLUG && cfg.faults[i].path[0] && strcmp(path, cfg.faults[i].path) == 0) {
            return K_VIDEO;
        }
    }
    if (cfg.meta && strcmp(path, cfg.meta) == 0) return K_META;
    if (cfg.subdev && strcmp(path, cfg.subdev) == 0) return K_SUBDEV;
    return 0;
}

static int fake_open(const char *path, node_kind kind) {
    if (cfg.eacces && kind != K_SUBDEV) { errno = EACCES; return -1; }
    if (kind == K_VIDEO && !dev.unplugged && strcmp(path, cfg.device) != 0) { errno = ENOENT; return -1; }
    if (kind != K_SUBDEV && dev.unplugged) {
        int replugged = 0;
        for (int i = 0; i < cfg.fault_count; i++) {
            fault *f = &cfg.faults[i];
            const char *node = f->path[0] ? f->path : cfg.device;
            if (f->kind == F_REPLUG && stream_clock() >= f->at && !f->fired && strcmp(path, node) == 0) {
                f->fired = 1;
                replugged = 1;
                cfg.device = f->path[0] ? f->path : cfg.device;
            }
        }
        if (!replugged) { errno = ENOENT; return -1; }
        dev.unplugged = 0;
        free_buffers_locked();
        reset_controls();
        dev.sequence = 0;
    }
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, pair) != 0) return -1;
    if (pair[0] >= MAX_FDS) { sys_close(pair[0]); sys_close(pair[1]); errno = EMFILE; return -1; }
    open_file *file = calloc(1, sizeof *file);
    file->kind = kind;
    file->peer = pair[1];
    file->refs = 1;
    dev.fds[pair[0]] = file;
    dev.open_count++;
    (void)path;
    write_state();
    return pair[0];
}

static int fake_close(int fd) {
    open_file *file = fake_file(fd);
    dev.fds[fd] = NULL;
    dev.open_count--;
    if (--file->refs == 0) {
        if (dev.owner == file) {
            stream_off_locked(-1);
            free_buffers_locked();
        }
        sys_close(file->peer);
        free(file);
    }
    int result = sys_close(fd);
    write_state();
    return result;
}

static int fake_dup(int fd) {
    int copy = (int)real_syscall(SYS_dup, fd);
    if (copy >= 0 && copy < MAX_FDS) {
        dev.fds[copy] = dev.fds[fd];
        dev.fds[fd]->refs++;
        dev.open_count++;
    }
    return copy;
}

static void *fake_mmap(size_t length, int prot, int flags, long offset) {
    if (dev.memfd < 0 || offset < 0 || (size_t)offset + length > (size_t)dev.slot * dev.buffer_count) {
        errno = EINVAL;
        return MAP_FAILED;
    }
    void *address = real_mmap(NULL, length, prot, flags, dev.memfd, offset);
    if (address == MAP_FAILED) return address;
    for (int i = 0; i < MAX_MAPPINGS; i++) {
        if (!mapped[i]) { mapped[i] = address; break; }
    }
    dev.mappings++;
    write_state();
    return address;
}

/** ioctl on a fake descriptor: returns the result and sets errno. */
static int fake_ioctl(int fd, unsigned long request, void *arg) {
    open_file *file = fake_file(fd);
    int code = file->kind == K_SUBDEV ? subdev_ioctl(request, arg) : video_ioctl(fd, file, request, arg);
    if (code) { errno = code; return -1; }
    return 0;
}

/* ---- interposed entry points -------------------------------------------------------------------------------- */

#define LOCKED(expression) \
    ({ pthread_mutex_lock(&lock); __typeof__(expression) _r = (expression); pthread_mutex_unlock(&lock); _r; })

static int open_common(const char *path, int flags, int mode, int dirfd, int at) {
    configure();
    node_kind kind = kind_of_path(path);
    if (kind) return LOCKED(fake_open(path, kind));
    return (int)real_syscall(SYS_openat, at ? dirfd : AT_FDCWD, path, flags, mode);
}

int open(const char *path, int flags, ...) {
    va_list args;
    va_start(args, flags);
    int mode = (flags & (O_CREAT | O_TMPFILE)) ? va_arg(args, int) : 0;
    va_end(args);
    return open_common(path, flags, mode, AT_FDCWD, 0);
}
int open64(const char *path, int flags, ...) {
    va_list args;
    va_start(args, flags);
    int mode = (flags & (O_CREAT | O_TMPFILE)) ? va_arg(args, int) : 0;
    va_end(args);
    return open_common(path, flags, mode, AT_FDCWD, 0);
}
int __open_2(const char *path, int flags) { return open_common(path, flags, 0, AT_FDCWD, 0); }
int __open64_2(const char *path, int flags) { return open_common(path, flags, 0, AT_FDCWD, 0); }
int openat(int dirfd, const char *path, int flags, ...) {
    va_list args;
    va_start(args, flags);
    int mode = (flags & (O_CREAT | O_TMPFILE)) ? va_arg(args, int) : 0;
    va_end(args);
    return open_common(path, flags, mode, dirfd, 1);
}
int openat64(int dirfd, const char *path, int flags, ...) {
    va_list args;
    va_start(args, flags);
    int mode = (flags & (O_CREAT | O_TMPFILE)) ? va_arg(args, int) : 0;
    va_end(args);
    return open_common(path, flags, mode, dirfd, 1);
}

int close(int fd) {
    configure();
    pthread_mutex_lock(&lock);
    if (fake_file(fd)) {
        int result = fake_close(fd);
        pthread_mutex_unlock(&lock);
        return result;
    }
    pthread_mutex_unlock(&lock);
    return sys_close(fd);
}

int ioctl(int fd, unsigned long request, ...) {
    va_list args;
    va_start(args, request);
    void *arg = va_arg(args, void *);
    va_end(args);
    configure();
    pthread_mutex_lock(&lock);
    if (fake_file(fd)) {
        int result = fake_ioctl(fd, request, arg);
        int saved = errno;
        pthread_mutex_unlock(&lock);
        errno = saved;
        return result;
    }
    pthread_mutex_unlock(&lock);
    return real_ioctl(fd, request, arg);
}

void *mmap(void *address, size_t length, int prot, int flags, int fd, off_t offset) {
    configure();
    pthread_mutex_lock(&lock);
    if (fake_file(fd)) {
        void *result = fake_mmap(length, prot, flags, offset);
        int saved = errno;
        pthread_mutex_unlock(&lock);
        errno = saved;
        return result;
    }
    pthread_mutex_unlock(&lock);
    return real_mmap(address, length, prot, flags, fd, offset);
}
void *mmap64(void *address, size_t length, int prot, int flags, int fd, off_t offset)
    __attribute__((alias("mmap")));

/** munmap: the real one; when the range is a client mapping of the fake's buffers, it is crossed off. */
static int fake_munmap(void *address, size_t length) {
    int result = (int)real_syscall(SYS_munmap, address, length);
    if (result == 0) {
        pthread_mutex_lock(&lock);
        for (int i = 0; i < MAX_MAPPINGS; i++) {
            if (mapped[i] == address) {
                mapped[i] = NULL;
                dev.mappings--;
                write_state();
                break;
            }
        }
        pthread_mutex_unlock(&lock);
    }
    return result;
}

int munmap(void *address, size_t length) {
    configure();
    return fake_munmap(address, length);
}

int dup(int fd) {
    configure();
    pthread_mutex_lock(&lock);
    int result = fake_file(fd) ? fake_dup(fd) : (int)real_syscall(SYS_dup, fd);
    pthread_mutex_unlock(&lock);
    return result;
}

int access(const char *path, int mode) {
    configure();
    if (kind_of_path(path)) {
        if (cfg.eacces) { errno = EACCES; return -1; }
        if (dev.unplugged || (kind_of_path(path) == K_VIDEO && strcmp(path, cfg.device) != 0)) {
            errno = ENOENT;
            return -1;
        }
        return 0;
    }
    return (int)real_syscall(SYS_faccessat, AT_FDCWD, path, mode);
}

long syscall(long number, ...) {
    va_list args;
    va_start(args, number);
    long a = va_arg(args, long), b = va_arg(args, long), c = va_arg(args, long);
    long d = va_arg(args, long), e = va_arg(args, long), f = va_arg(args, long);
    va_end(args);
    configure();
    switch (number) {
#ifdef SYS_open
    case SYS_open:
        if (kind_of_path((const char *)a)) return open_common((const char *)a, (int)b, (int)c, AT_FDCWD, 0);
        break;
#endif
    case SYS_openat:
        if (kind_of_path((const char *)b)) return open_common((const char *)b, (int)c, (int)d, (int)a, 1);
        break;
    case SYS_close:
        return close((int)a);
    case SYS_ioctl:
        return ioctl((int)a, (unsigned long)b, (void *)c);
    case SYS_dup:
        return dup((int)a);
    case SYS_mmap:
        return (long)mmap((void *)a, (size_t)b, (int)c, (int)d, (int)e, (off_t)f);
    case SYS_munmap:
        return fake_munmap((void *)a, (size_t)b);
    default:
        break;
    }
    return real_syscall(number, a, b, c, d, e, f);
}

/* ---- allocation counting ----------------------------------------------------------------------------------
 * Every malloc-family call is counted per thread, so a test can check that the capture thread does not allocate
 * per frame: fake_camera_thread_allocations(), found with dlsym(RTLD_DEFAULT, …). */

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
static __thread unsigned long thread_allocations;

void *malloc(size_t size) { thread_allocations++; return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { thread_allocations++; return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { thread_allocations++; return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { thread_allocations++; return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { thread_allocations++; return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    thread_allocations++;
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer) return ENOMEM;
    *out = pointer;
    return 0;
}

/** Allocations made so far by the calling thread. */
unsigned long fake_camera_thread_allocations(void) { return thread_allocations; }

/* The torch guardian is forked from a threaded process: a lock held by another thread at fork time stays held
 * in the child, so the child starts with a fresh one. */
static void reset_lock_in_child(void) { pthread_mutex_init(&lock, NULL); }

__attribute__((constructor)) static void fake_camera_init(void) {
    owner_pid = getpid();
    configure();
    reset_controls();
    pthread_atfork(NULL, NULL, reset_lock_in_child);
}
