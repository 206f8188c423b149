/* PipeWire camera discovery and capture over a dlopen'ed libpipewire-0.3 (include/nfv_pipewire.h). */
#define _GNU_SOURCE
#include "nfv_pipewire.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <pipewire/pipewire.h>
#include <spa/param/props.h>
#include <spa/param/video/format-utils.h>
#include <spa/pod/builder.h>
#include <spa/utils/result.h>
#include <spa/debug/types.h>

/* ---- Loading ------------------------------------------------------------------------------------------------ */

/* Every exported libpipewire function this file calls, resolved with dlsym. */
static struct {
    __typeof__(pw_init) *init;
    __typeof__(pw_main_loop_new) *main_loop_new;
    __typeof__(pw_main_loop_get_loop) *main_loop_get_loop;
    __typeof__(pw_main_loop_destroy) *main_loop_destroy;
    __typeof__(pw_thread_loop_new) *thread_loop_new;
    __typeof__(pw_thread_loop_get_loop) *thread_loop_get_loop;
    __typeof__(pw_thread_loop_start) *thread_loop_start;
    __typeof__(pw_thread_loop_stop) *thread_loop_stop;
    __typeof__(pw_thread_loop_destroy) *thread_loop_destroy;
    __typeof__(pw_thread_loop_lock) *thread_loop_lock;
    __typeof__(pw_thread_loop_unlock) *thread_loop_unlock;
    __typeof__(pw_thread_loop_signal) *thread_loop_signal;
    __typeof__(pw_thread_loop_get_time) *thread_loop_get_time;
    __typeof__(pw_thread_loop_timed_wait_full) *thread_loop_timed_wait_full;
    __typeof__(pw_context_new) *context_new;
    __typeof__(pw_context_destroy) *context_destroy;
    __typeof__(pw_context_connect) *context_connect;
    __typeof__(pw_context_connect_fd) *context_connect_fd;
    __typeof__(pw_core_disconnect) *core_disconnect;
    __typeof__(pw_proxy_destroy) *proxy_destroy;
    __typeof__(pw_properties_new) *properties_new;
    __typeof__(pw_stream_new) *stream_new;
    __typeof__(pw_stream_add_listener) *stream_add_listener;
    __typeof__(pw_stream_connect) *stream_connect;
    __typeof__(pw_stream_destroy) *stream_destroy;
    __typeof__(pw_stream_dequeue_buffer) *stream_dequeue_buffer;
    __typeof__(pw_stream_queue_buffer) *stream_queue_buffer;
    __typeof__(pw_stream_update_params) *stream_update_params;
    __typeof__(pw_stream_set_active) *stream_set_active;
} pw;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_error = "libpipewire was not loaded";
static int loaded;

static void load_library(void) {
    void *library = dlopen("libpipewire-0.3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        load_error = "libpipewire-0.3.so.0 is not installed (Debian: apt install libpipewire-0.3-0)";
        return;
    }
#define RESOLVE(field, name) \
    if (!(pw.field = (__typeof__(pw.field))dlsym(library, #name))) { \
        load_error = "libpipewire-0.3.so.0 lacks " #name; return; }
    RESOLVE(init, pw_init)
    RESOLVE(main_loop_new, pw_main_loop_new)
    RESOLVE(main_loop_get_loop, pw_main_loop_get_loop)
    RESOLVE(main_loop_destroy, pw_main_loop_destroy)
    RESOLVE(thread_loop_new, pw_thread_loop_new)
    RESOLVE(thread_loop_get_loop, pw_thread_loop_get_loop)
    RESOLVE(thread_loop_start, pw_thread_loop_start)
    RESOLVE(thread_loop_stop, pw_thread_loop_stop)
    RESOLVE(thread_loop_destroy, pw_thread_loop_destroy)
    RESOLVE(thread_loop_lock, pw_thread_loop_lock)
    RESOLVE(thread_loop_unlock, pw_thread_loop_unlock)
    RESOLVE(thread_loop_signal, pw_thread_loop_signal)
    RESOLVE(thread_loop_get_time, pw_thread_loop_get_time)
    RESOLVE(thread_loop_timed_wait_full, pw_thread_loop_timed_wait_full)
    RESOLVE(context_new, pw_context_new)
    RESOLVE(context_destroy, pw_context_destroy)
    RESOLVE(context_connect, pw_context_connect)
    RESOLVE(context_connect_fd, pw_context_connect_fd)
    RESOLVE(core_disconnect, pw_core_disconnect)
    RESOLVE(proxy_destroy, pw_proxy_destroy)
    RESOLVE(properties_new, pw_properties_new)
    RESOLVE(stream_new, pw_stream_new)
    RESOLVE(stream_add_listener, pw_stream_add_listener)
    RESOLVE(stream_connect, pw_stream_connect)
    RESOLVE(stream_destroy, pw_stream_destroy)
    RESOLVE(stream_dequeue_buffer, pw_stream_dequeue_buffer)
    RESOLVE(stream_queue_buffer, pw_stream_queue_buffer)
    RESOLVE(stream_update_params, pw_stream_update_params)
    RESOLVE(stream_set_active, pw_stream_set_active)
#undef RESOLVE
    pw.init(NULL, NULL);
    loaded = 1;
    load_error = NULL;
}

int nfv_pw_load(const char **error) {
    pthread_once(&load_once, load_library);
    if (error) *error = load_error;
    return loaded ? 0 : -1;
}

/* ---- Formats -------------------------------------------------------------------------------------------------- */

#define FOURCC(a, b, c, d) ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))
#define UNREADABLE 0x80000000u

static const struct { uint32_t spa; uint32_t fourcc; } format_table[] = {
    {SPA_VIDEO_FORMAT_NV12, FOURCC('N', 'V', '1', '2')}, {SPA_VIDEO_FORMAT_YUY2, FOURCC('Y', 'U', 'Y', 'V')},
    {SPA_VIDEO_FORMAT_I420, FOURCC('Y', 'U', '1', '2')}, {SPA_VIDEO_FORMAT_RGB, FOURCC('R', 'G', 'B', '3')},
    {SPA_VIDEO_FORMAT_BGR, FOURCC('B', 'G', 'R', '3')}, {SPA_VIDEO_FORMAT_BGRx, FOURCC('X', 'R', '2', '4')},
    {SPA_VIDEO_FORMAT_BGRA, FOURCC('A', 'R', '2', '4')}, {SPA_VIDEO_FORMAT_RGBx, FOURCC('X', 'B', '2', '4')},
    {SPA_VIDEO_FORMAT_RGBA, FOURCC('A', 'B', '2', '4')}, {SPA_VIDEO_FORMAT_GRAY8, FOURCC('G', 'R', 'E', 'Y')},
};
static const uint32_t mjpeg_fourcc = FOURCC('M', 'J', 'P', 'G');

static uint32_t fourcc_of(uint32_t spa_format) {
    for (size_t i = 0; i < sizeof format_table / sizeof format_table[0]; i++)
        if (format_table[i].spa == spa_format) return format_table[i].fourcc;
    return UNREADABLE | spa_format;
}

static uint32_t spa_of(uint32_t fourcc) {
    for (size_t i = 0; i < sizeof format_table / sizeof format_table[0]; i++)
        if (format_table[i].fourcc == fourcc) return format_table[i].spa;
    return SPA_VIDEO_FORMAT_UNKNOWN;
}

static int64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/* ---- A connection: loop, context, core, registry ------------------------------------------------------------ */

/* A connection runs its PipeWire loop one of two ways. Discovery, which only waits for a few replies, iterates a
 * main loop inside its own calls. A capture stream has a thread loop: a thread of its own that dispatches the
 * daemon's messages and the stream's buffers as they come, whatever the caller's thread is busy with (reducing the
 * previous frame, tuning the exposure), so a frame is copied out and its buffer handed back at once. Everything
 * that touches a threaded connection holds its lock; callbacks run with it held and wake the waiting caller. */
typedef struct connection {
    struct pw_main_loop *main_loop;       /* discovery */
    struct pw_thread_loop *thread_loop;   /* capture */
    struct pw_loop *loop;
    struct pw_context *context;
    struct pw_core *core;
    struct pw_registry *registry;
    struct spa_hook core_listener;
    struct spa_hook registry_listener;
    int pending_seq;
    int synced;
    int broken;           /* -errno once the core reported a fatal error */
} connection;

/* Wakes a caller waiting in run_until on a threaded connection (called from callbacks). */
static void wake(connection *c) {
    if (c->thread_loop) pw.thread_loop_signal(c->thread_loop, false);
}

static void on_core_done(void *data, uint32_t id, int seq) {
    connection *c = data;
    if (id == PW_ID_CORE && seq == c->pending_seq) c->synced = 1;
    wake(c);
}

static void on_core_error(void *data, uint32_t id, int seq, int res, const char *message) {
    connection *c = data;
    if (id == PW_ID_CORE) c->broken = res < 0 ? res : -EPIPE;
    wake(c);
}

static const struct pw_core_events core_events = {
    PW_VERSION_CORE_EVENTS, .done = on_core_done, .error = on_core_error,
};

/* Waits until `*flag` is set, the core broke or `deadline_ns` passed: on a threaded connection (lock held) for the
 * loop's thread to signal, else iterating the main loop here. Returns 0, -ETIMEDOUT or the break. */
static int run_until(connection *c, const int *flag, int64_t deadline_ns) {
    if (!c->thread_loop) pw_loop_enter(c->loop);
    int result = 0;
    while (!*flag) {
        if (c->broken) { result = c->broken; break; }
        int64_t left = deadline_ns - monotonic_ns();
        if (left <= 0) { result = -ETIMEDOUT; break; }
        if (c->thread_loop) {
            struct timespec until;
            pw.thread_loop_get_time(c->thread_loop, &until, left);
            pw.thread_loop_timed_wait_full(c->thread_loop, &until);
            continue;
        }
        int waited = pw_loop_iterate(c->loop, (int)((left + 999999) / 1000000));
        if (waited < 0 && waited != -EINTR) { result = waited; break; }
    }
    if (!c->thread_loop) pw_loop_leave(c->loop);
    return result;
}

static int sync_core(connection *c, int64_t deadline_ns) {
    c->synced = 0;
    c->pending_seq = pw_core_sync(c->core, PW_ID_CORE, 0);
    return run_until(c, &c->synced, deadline_ns);
}

/* Tears the connection down; a threaded one's thread is stopped first (the caller must not hold its lock). */
static void disconnect(connection *c) {
    if (c->thread_loop) pw.thread_loop_stop(c->thread_loop);
    if (c->registry) {
        spa_hook_remove(&c->registry_listener);
        pw.proxy_destroy((struct pw_proxy *)c->registry);
    }
    if (c->core) {
        spa_hook_remove(&c->core_listener);
        pw.core_disconnect(c->core);
    }
    if (c->context) pw.context_destroy(c->context);
    if (c->main_loop) pw.main_loop_destroy(c->main_loop);
    if (c->thread_loop) pw.thread_loop_destroy(c->thread_loop);
    memset(c, 0, sizeof *c);
}

/* Connects `c` (fd -1: the default remote; else a duplicate of fd) with `events` on the registry; `threaded` gives
 * it a thread loop, started and locked on return (the caller unlocks). Returns 0 or -errno. */
static int connect_to(connection *c, int fd, const struct pw_registry_events *events, void *owner, int threaded) {
    memset(c, 0, sizeof *c);
    if (nfv_pw_load(NULL) != 0) return -ENOSYS;
    if (threaded) {
        c->thread_loop = pw.thread_loop_new("nfv-camera", NULL);
        if (!c->thread_loop) return errno ? -errno : -ENOMEM;
        c->loop = pw.thread_loop_get_loop(c->thread_loop);
    } else {
        c->main_loop = pw.main_loop_new(NULL);
        if (!c->main_loop) return errno ? -errno : -ENOMEM;
        c->loop = pw.main_loop_get_loop(c->main_loop);
    }
    c->context = pw.context_new(c->loop, NULL, 0);
    if (!c->context) { int code = errno ? -errno : -ENOMEM; disconnect(c); return code; }
    if (threaded) {
        int started = pw.thread_loop_start(c->thread_loop);
        if (started < 0) { disconnect(c); return started; }
        pw.thread_loop_lock(c->thread_loop);
    }
    if (fd >= 0) {
        int copy = fcntl(fd, F_DUPFD_CLOEXEC, 3);
        if (copy < 0) { int code = -errno; return code; }
        c->core = pw.context_connect_fd(c->context, copy, NULL, 0);
    } else {
        c->core = pw.context_connect(c->context, NULL, 0);
    }
    if (!c->core) return errno ? -errno : -ECONNREFUSED;
    pw_core_add_listener(c->core, &c->core_listener, &core_events, c);
    c->registry = pw_core_get_registry(c->core, PW_VERSION_REGISTRY, 0);
    if (!c->registry) return -ENOMEM;
    pw_registry_add_listener(c->registry, &c->registry_listener, events, owner);
    return 0;
}

static char *copy_property(const struct spa_dict *props, const char *key) {
    const char *value = props ? spa_dict_lookup(props, key) : NULL;
    return strdup(value ? value : "");
}

static void free_camera_fields(nfv_pw_camera *camera) {
    free(camera->node_name); free(camera->description); free(camera->location);
    free(camera->device_api); free(camera->v4l2_path); free(camera->bus); free(camera->modes);
}

/* ---- Discovery ------------------------------------------------------------------------------------------------ */

#define MAX_CAMERAS 32
#define MAX_DEVICES 64

typedef struct found_node {
    nfv_pw_camera camera;
    uint32_t id;
    uint32_t device_id;
    struct pw_node *proxy;
    struct spa_hook listener;
    size_t mode_capacity;
} found_node;

typedef struct discovery {
    connection conn;
    found_node nodes[MAX_CAMERAS];
    int node_count;
    struct { uint32_t id; char *location, *bus, *v4l2_path, *api; } devices[MAX_DEVICES];
    int device_count;
} discovery;

static void add_mode(found_node *node, uint32_t fourcc, uint32_t width, uint32_t height, double fps) {
    nfv_pw_camera *camera = &node->camera;
    for (size_t i = 0; i < camera->mode_count; i++) {
        nfv_pw_mode *mode = &camera->modes[i];
        if (mode->fourcc == fourcc && mode->width == width && mode->height == height) {
            if (fps > mode->max_fps) mode->max_fps = fps;
            return;
        }
    }
    if (camera->mode_count == node->mode_capacity) {
        size_t capacity = node->mode_capacity ? node->mode_capacity * 2 : 16;
        nfv_pw_mode *grown = realloc(camera->modes, capacity * sizeof *grown);
        if (!grown) return;
        camera->modes = grown;
        node->mode_capacity = capacity;
    }
    camera->modes[camera->mode_count++] = (nfv_pw_mode){fourcc, width, height, fps};
}

/* The values a property offers: the choice's alternatives (an enum's, a range's default, minimum and maximum), or
 * the single value. */
static const void *offered_values(const struct spa_pod *value, uint32_t *count, uint32_t *choice) {
    const struct spa_pod *child = spa_pod_get_values(value, count, choice);
    const uint8_t *values = SPA_POD_BODY_CONST(child);
    if (*choice == SPA_CHOICE_Enum && *count > 1) {
        *count -= 1;
        return values + child->size;
    }
    return values;
}

/* The modes one EnumFormat object offers: every format × size with the highest rate (a size range contributes its
 * largest size and, as for V4L2's stepwise sizes, 640x480 when inside it). */
static void add_modes_of(found_node *node, const struct spa_pod *param) {
    uint32_t media_type, media_subtype;
    if (spa_format_parse(param, &media_type, &media_subtype) < 0 || media_type != SPA_MEDIA_TYPE_video) return;
    uint32_t formats[64], format_count = 0;
    struct spa_rectangle sizes[64];
    uint32_t size_count = 0;
    double max_fps = 0;
    const struct spa_pod_object *object = (const struct spa_pod_object *)param;
    const struct spa_pod_prop *prop;
    SPA_POD_OBJECT_FOREACH(object, prop) {
        uint32_t count = 0, choice = 0;
        const void *values = offered_values(&prop->value, &count, &choice);
        if (prop->key == SPA_FORMAT_VIDEO_format) {
            for (uint32_t i = 0; i < count && format_count < 64; i++) {
                uint32_t id = ((const uint32_t *)values)[i];
                if (choice == SPA_CHOICE_Range && i == 0) continue;
                formats[format_count++] = id;
            }
        } else if (prop->key == SPA_FORMAT_VIDEO_size) {
            const struct spa_rectangle *rects = values;
            if (choice == SPA_CHOICE_Range || choice == SPA_CHOICE_Step) {
                if (count >= 3) {
                    sizes[size_count++] = rects[2];
                    if (rects[1].width <= 640 && rects[2].width >= 640 && rects[1].height <= 480
                        && rects[2].height >= 480)
                        sizes[size_count++] = (struct spa_rectangle){640, 480};
                }
            } else {
                for (uint32_t i = 0; i < count && size_count < 64; i++) sizes[size_count++] = rects[i];
            }
        } else if (prop->key == SPA_FORMAT_VIDEO_framerate || prop->key == SPA_FORMAT_VIDEO_maxFramerate) {
            const struct spa_fraction *rates = values;
            for (uint32_t i = 0; i < count; i++) {
                if (rates[i].denom == 0) continue;
                double fps = (double)rates[i].num / rates[i].denom;
                if (fps > max_fps) max_fps = fps;
            }
        }
    }
    if (media_subtype == SPA_MEDIA_SUBTYPE_mjpg) {
        formats[0] = 0;
        format_count = 1;
    } else if (media_subtype != SPA_MEDIA_SUBTYPE_raw) {
        return;
    }
    for (uint32_t f = 0; f < format_count; f++) {
        uint32_t fourcc = media_subtype == SPA_MEDIA_SUBTYPE_mjpg ? mjpeg_fourcc : fourcc_of(formats[f]);
        for (uint32_t s = 0; s < size_count; s++) add_mode(node, fourcc, sizes[s].width, sizes[s].height, max_fps);
    }
}

static void replace(char **field, const struct spa_dict *props, const char *key) {
    const char *value = spa_dict_lookup(props, key);
    if (!value || !*value) return;
    free(*field);
    *field = strdup(value);
}

/* Takes what `props` say about the node: the registry's global event carries a few properties, the node's info
 * event all of them (the location among them). */
static void read_node_properties(found_node *node, const struct spa_dict *props) {
    nfv_pw_camera *camera = &node->camera;
    char **slots[] = {&camera->node_name, &camera->description, &camera->location, &camera->device_api,
                      &camera->v4l2_path, &camera->bus};
    for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++) if (!*slots[i]) *slots[i] = strdup("");
    replace(&camera->node_name, props, PW_KEY_NODE_NAME);
    replace(&camera->description, props, PW_KEY_NODE_NICK);
    replace(&camera->description, props, PW_KEY_NODE_DESCRIPTION);
    if (!*camera->description) replace(&camera->description, props, PW_KEY_NODE_NAME);
    replace(&camera->location, props, "api.libcamera.location");
    replace(&camera->device_api, props, PW_KEY_DEVICE_API);
    replace(&camera->bus, props, PW_KEY_DEVICE_BUS);
    replace(&camera->v4l2_path, props, "api.v4l2.path");
    const char *object_path = spa_dict_lookup(props, PW_KEY_OBJECT_PATH);
    if (!*camera->v4l2_path && object_path && strncmp(object_path, "v4l2:", 5) == 0) {
        free(camera->v4l2_path);
        camera->v4l2_path = strdup(object_path + 5);
    }
    const char *serial = spa_dict_lookup(props, PW_KEY_OBJECT_SERIAL);
    if (serial) camera->serial = strtoull(serial, NULL, 10);
    const char *rotation = spa_dict_lookup(props, "api.libcamera.rotation");
    if (rotation) camera->rotation = atoi(rotation);
    const char *device = spa_dict_lookup(props, PW_KEY_DEVICE_ID);
    if (device) node->device_id = (uint32_t)strtoul(device, NULL, 10);
}

static void on_node_info(void *data, const struct pw_node_info *info) {
    if (info->props) read_node_properties(data, info->props);
}

static void on_node_param(void *data, int seq, uint32_t id, uint32_t index, uint32_t next,
                          const struct spa_pod *param) {
    if (id == SPA_PARAM_EnumFormat && param && spa_pod_is_object(param)) add_modes_of(data, param);
}

static const struct pw_node_events node_events = {
    PW_VERSION_NODE_EVENTS, .info = on_node_info, .param = on_node_param,
};

static int is_camera_class(const char *media_class) {
    return media_class && strcmp(media_class, "Video/Source") == 0;
}

static void on_discovery_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                                const struct spa_dict *props) {
    discovery *d = data;
    if (strcmp(type, PW_TYPE_INTERFACE_Device) == 0 && d->device_count < MAX_DEVICES) {
        d->devices[d->device_count].id = id;
        d->devices[d->device_count].location = copy_property(props, "api.libcamera.location");
        d->devices[d->device_count].bus = copy_property(props, PW_KEY_DEVICE_BUS);
        d->devices[d->device_count].v4l2_path = copy_property(props, "api.v4l2.path");
        d->devices[d->device_count].api = copy_property(props, PW_KEY_DEVICE_API);
        d->device_count++;
        return;
    }
    if (strcmp(type, PW_TYPE_INTERFACE_Node) != 0 || !props || d->node_count >= MAX_CAMERAS) return;
    if (!is_camera_class(spa_dict_lookup(props, PW_KEY_MEDIA_CLASS))) return;
    found_node *node = &d->nodes[d->node_count++];
    memset(node, 0, sizeof *node);
    node->id = id;
    node->camera.serial = id;
    node->camera.rotation = -1;
    node->device_id = SPA_ID_INVALID;
    read_node_properties(node, props);
}

static const struct pw_registry_events discovery_events = {
    PW_VERSION_REGISTRY_EVENTS, .global = on_discovery_global,
};

/* Fills what a node's own properties left empty from its device's. */
static void inherit_device(discovery *d, found_node *node) {
    for (int i = 0; i < d->device_count; i++) {
        if (d->devices[i].id != node->device_id) continue;
        struct { char **field; char *value; } pairs[] = {
            {&node->camera.location, d->devices[i].location}, {&node->camera.bus, d->devices[i].bus},
            {&node->camera.v4l2_path, d->devices[i].v4l2_path}, {&node->camera.device_api, d->devices[i].api},
        };
        for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
            if (**pairs[p].field == 0 && *pairs[p].value) {
                free(*pairs[p].field);
                *pairs[p].field = strdup(pairs[p].value);
            }
        }
    }
}

int nfv_pw_discover(int fd, int timeout_ms, nfv_pw_camera **cameras) {
    *cameras = NULL;
    discovery *d = calloc(1, sizeof *d);
    if (!d) return -ENOMEM;
    int64_t deadline = monotonic_ns() + (int64_t)timeout_ms * 1000000;
    int result = connect_to(&d->conn, fd, &discovery_events, d, 0);
    if (result == 0) result = sync_core(&d->conn, deadline);
    if (result == 0) {
        for (int i = 0; i < d->node_count; i++) {
            found_node *node = &d->nodes[i];
            node->proxy = pw_registry_bind(d->conn.registry, node->id, PW_TYPE_INTERFACE_Node, PW_VERSION_NODE, 0);
            if (!node->proxy) continue;
            pw_node_add_listener(node->proxy, &node->listener, &node_events, node);
            pw_node_enum_params(node->proxy, 0, SPA_PARAM_EnumFormat, 0, UINT32_MAX, NULL);
        }
        result = sync_core(&d->conn, deadline);
    }
    for (int i = 0; i < d->node_count; i++) {
        if (!d->nodes[i].proxy) continue;
        spa_hook_remove(&d->nodes[i].listener);
        pw.proxy_destroy((struct pw_proxy *)d->nodes[i].proxy);
    }
    if (d->conn.main_loop) disconnect(&d->conn);
    nfv_pw_camera *list = NULL;
    if (result == 0 && d->node_count > 0 && !(list = calloc(d->node_count, sizeof *list))) result = -ENOMEM;
    for (int i = 0; i < d->node_count; i++) {
        if (result == 0) {
            inherit_device(d, &d->nodes[i]);
            list[i] = d->nodes[i].camera;
        } else {
            free_camera_fields(&d->nodes[i].camera);
        }
    }
    for (int i = 0; i < d->device_count; i++) {
        free(d->devices[i].location); free(d->devices[i].bus); free(d->devices[i].v4l2_path); free(d->devices[i].api);
    }
    int count = d->node_count;
    free(d);
    if (result != 0) return result;
    *cameras = list;
    return count;
}

void nfv_pw_cameras_free(nfv_pw_camera *cameras, int count) {
    if (!cameras) return;
    for (int i = 0; i < count; i++) free_camera_fields(&cameras[i]);
    free(cameras);
}

/* ---- Capture -------------------------------------------------------------------------------------------------- */

/* Frames copied out by the loop's thread and not yet taken: room for half a second at 30 fps, so a caller busy
 * for a while (a slow debug build, a loaded machine) holds up nothing. */
#define SLOTS 16

typedef struct slot {
    uint8_t *data;
    size_t capacity, size;
    uint32_t stride;
    int64_t time_ns;
    int header_time;
    uint64_t sequence;
} slot;

struct nfv_pw_stream {
    connection conn;
    struct pw_stream *stream;
    struct spa_hook stream_listener;
    char target[256];
    uint32_t target_id;
    int target_found;
    int lost;              /* -errno once the stream is gone */
    int negotiated;        /* 1 agreed on a readable format, -1 on an unreadable one */
    int active;
    uint32_t fourcc, width, height;
    slot ring[SLOTS];
    int head, count;
    slot out;
    uint64_t frames;
    uint64_t last_sequence;
    int have_sequence;
    uint64_t dropped;
    int clock_decided, header_clock;
    struct pw_node *node;             /* the target node, for its exposure controls */
    struct spa_hook node_listener;
    nfv_pw_exposure exposure;
    uint32_t auto_id, time_id, gain_id;   /* the controls' property ids (SPA_ID_INVALID: not offered) */
};

/* ---- Exposure controls -------------------------------------------------------------------------------------- */

/* Takes one PropInfo the node published: PipeWire's libcamera plugin names each libcamera control (AeEnable,
 * ExposureTime, AnalogueGain) in the description (the name in older plugins), with its range as the type's choice
 * (default, minimum, maximum). */
static void on_control_info(void *data, int seq, uint32_t id, uint32_t index, uint32_t next,
                            const struct spa_pod *param) {
    nfv_pw_stream *s = data;
    if (id != SPA_PARAM_PropInfo || !param || !spa_pod_is_object_type(param, SPA_TYPE_OBJECT_PropInfo)) return;
    uint32_t key = SPA_ID_INVALID;
    const char *name = NULL, *description = NULL;
    if (spa_pod_parse_object(param, SPA_TYPE_OBJECT_PropInfo, NULL, SPA_PROP_INFO_id, SPA_POD_Id(&key),
                             SPA_PROP_INFO_name, SPA_POD_OPT_String(&name),
                             SPA_PROP_INFO_description, SPA_POD_OPT_String(&description)) < 0) return;
    /* The type is a choice (a range, or a bool's enum) or a plain value: read as it is, not through the parser. */
    const struct spa_pod_prop *typed = spa_pod_object_find_prop((const struct spa_pod_object *)param, NULL,
                                                                SPA_PROP_INFO_type);
    const struct spa_pod *type = typed ? &typed->value : NULL;
    const char *control = description ? description : name;
    if (!control || !type) return;
    uint32_t count = 0, choice = 0;
    const struct spa_pod *values = spa_pod_get_values(type, &count, &choice);
    const void *body = SPA_POD_BODY_CONST(values);
    nfv_pw_exposure *e = &s->exposure;
    if (strcmp(control, "AeEnable") == 0 && values->type == SPA_TYPE_Bool) {
        s->auto_id = key;
        e->has_auto = 1;
    } else if (strcmp(control, "ExposureTime") == 0 && values->type == SPA_TYPE_Int && count >= 3) {
        const int32_t *range = body;
        s->time_id = key;
        e->has_time = 1;
        e->time_default_us = range[0];
        e->time_min_us = range[1];
        e->time_max_us = range[2];
    } else if (strcmp(control, "AnalogueGain") == 0 && values->type == SPA_TYPE_Float && count >= 3) {
        const float *range = body;
        s->gain_id = key;
        e->has_gain = 1;
        e->gain_default = range[0];
        e->gain_min = range[1];
        e->gain_max = range[2];
    }
}

static const struct pw_node_events control_events = {
    PW_VERSION_NODE_EVENTS, .param = on_control_info,
};

/* Binds the target node and reads the exposure controls it offers (lock held). Returns 0 or -errno. */
static int read_controls(nfv_pw_stream *s, int64_t deadline) {
    s->auto_id = s->time_id = s->gain_id = SPA_ID_INVALID;
    s->node = pw_registry_bind(s->conn.registry, s->target_id, PW_TYPE_INTERFACE_Node, PW_VERSION_NODE, 0);
    if (!s->node) return -ENOMEM;
    pw_node_add_listener(s->node, &s->node_listener, &control_events, s);
    pw_node_enum_params(s->node, 0, SPA_PARAM_PropInfo, 0, UINT32_MAX, NULL);
    return sync_core(&s->conn, deadline);
}

void nfv_pw_stream_exposure_controls(nfv_pw_stream *s, nfv_pw_exposure *controls) {
    memset(controls, 0, sizeof *controls);
    if (!s) return;
    pw.thread_loop_lock(s->conn.thread_loop);
    *controls = s->exposure;
    pw.thread_loop_unlock(s->conn.thread_loop);
}

int nfv_pw_stream_set_exposure(nfv_pw_stream *s, int automatic, int32_t time_us, float gain) {
    if (!s || !s->node) return -EINVAL;
    if (!s->exposure.has_auto || (!automatic && !s->exposure.has_time)) return -ENOTSUP;
    uint8_t buffer[256];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, sizeof buffer);
    struct spa_pod_frame frame;
    spa_pod_builder_push_object(&builder, &frame, SPA_TYPE_OBJECT_Props, SPA_PARAM_Props);
    spa_pod_builder_prop(&builder, s->auto_id, 0);
    spa_pod_builder_bool(&builder, automatic != 0);
    if (!automatic) {
        spa_pod_builder_prop(&builder, s->time_id, 0);
        spa_pod_builder_int(&builder, time_us);
        if (s->exposure.has_gain && gain > 0) {
            spa_pod_builder_prop(&builder, s->gain_id, 0);
            spa_pod_builder_float(&builder, gain);
        }
    }
    const struct spa_pod *props = spa_pod_builder_pop(&builder, &frame);
    pw.thread_loop_lock(s->conn.thread_loop);
    int result = s->lost ? s->lost : pw_node_set_param(s->node, SPA_PARAM_Props, 0, props);
    pw.thread_loop_unlock(s->conn.thread_loop);
    return result < 0 ? result : 0;
}

static void on_stream_global(void *data, uint32_t id, uint32_t permissions, const char *type, uint32_t version,
                             const struct spa_dict *props) {
    nfv_pw_stream *s = data;
    if (strcmp(type, PW_TYPE_INTERFACE_Node) != 0 || !props) return;
    const char *name = spa_dict_lookup(props, PW_KEY_NODE_NAME);
    if (name && strcmp(name, s->target) == 0 && is_camera_class(spa_dict_lookup(props, PW_KEY_MEDIA_CLASS))) {
        s->target_id = id;
        s->target_found = 1;
    }
    wake(&s->conn);
}

static void on_stream_global_remove(void *data, uint32_t id) {
    nfv_pw_stream *s = data;
    if (s->target_found && id == s->target_id) s->lost = -ENODEV;
    wake(&s->conn);
}

static const struct pw_registry_events stream_registry_events = {
    PW_VERSION_REGISTRY_EVENTS, .global = on_stream_global, .global_remove = on_stream_global_remove,
};

static void on_state_changed(void *data, enum pw_stream_state old, enum pw_stream_state state, const char *error) {
    nfv_pw_stream *s = data;
    if (state == PW_STREAM_STATE_ERROR) s->lost = -EPIPE;
    else if (state == PW_STREAM_STATE_UNCONNECTED && old != PW_STREAM_STATE_UNCONNECTED) s->lost = -ENODEV;
    wake(&s->conn);
}

static void request_header_meta(nfv_pw_stream *s) {
    uint8_t buffer[256];
    struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, sizeof buffer);
    const struct spa_pod *params[1];
    params[0] = spa_pod_builder_add_object(&builder, SPA_TYPE_OBJECT_ParamMeta, SPA_PARAM_Meta,
        SPA_PARAM_META_type, SPA_POD_Id(SPA_META_Header),
        SPA_PARAM_META_size, SPA_POD_Int(sizeof(struct spa_meta_header)));
    pw.stream_update_params(s->stream, params, 1);
}

static void on_param_changed(void *data, uint32_t id, const struct spa_pod *param) {
    nfv_pw_stream *s = data;
    if (id != SPA_PARAM_Format || !param) return;
    uint32_t media_type, media_subtype;
    if (spa_format_parse(param, &media_type, &media_subtype) < 0 || media_type != SPA_MEDIA_TYPE_video) return;
    uint32_t fourcc = UNREADABLE, width = 0, height = 0;
    if (media_subtype == SPA_MEDIA_SUBTYPE_raw) {
        struct spa_video_info_raw info;
        if (spa_format_video_raw_parse(param, &info) >= 0) {
            fourcc = fourcc_of(info.format);
            width = info.size.width;
            height = info.size.height;
        }
    } else if (media_subtype == SPA_MEDIA_SUBTYPE_mjpg) {
        struct spa_video_info_mjpg info;
        if (spa_format_video_mjpg_parse(param, &info) >= 0) {
            fourcc = mjpeg_fourcc;
            width = info.size.width;
            height = info.size.height;
        }
    }
    if (fourcc & UNREADABLE) {
        if (s->negotiated == 1) s->lost = -EPROTO;
        s->negotiated = -1;
        wake(&s->conn);
        return;
    }
    s->fourcc = fourcc;
    s->width = width;
    s->height = height;
    s->negotiated = 1;
    request_header_meta(s);
    wake(&s->conn);
}

/* Copies a buffer's planes one after the other into `into`. Returns 0, or -1 when the buffer holds nothing usable. */
static int copy_planes(const struct spa_buffer *buffer, slot *into) {
    size_t total = 0;
    for (uint32_t i = 0; i < buffer->n_datas; i++) {
        const struct spa_data *d = &buffer->datas[i];
        if (!d->data || !d->chunk) return -1;
        total += d->chunk->size;
    }
    if (total == 0) return -1;
    if (total > into->capacity) {
        uint8_t *grown = realloc(into->data, total);
        if (!grown) return -1;
        into->data = grown;
        into->capacity = total;
    }
    size_t at = 0;
    for (uint32_t i = 0; i < buffer->n_datas; i++) {
        const struct spa_data *d = &buffer->datas[i];
        uint32_t offset = d->chunk->offset % (d->maxsize ? d->maxsize : 1);
        uint32_t size = d->chunk->size;
        if ((uint64_t)offset + size > d->maxsize) size = d->maxsize - offset;
        memcpy(into->data + at, (const uint8_t *)d->data + offset, size);
        at += size;
    }
    into->size = at;
    into->stride = buffer->datas[0].chunk->stride > 0 ? (uint32_t)buffer->datas[0].chunk->stride : 0;
    return 0;
}

/* Copies the stream's waiting buffers into the ring and hands them back (lock held). While the caller is behind and
 * the ring is full, the rest stay with the stream: the producer then runs short of buffers, as a camera whose
 * reader is too slow does (it skips frames, which show as sequence gaps), instead of frames being overwritten
 * here. Buffers that arrive while inactive, or corrupted, are handed back at once. */
static void take_buffers(nfv_pw_stream *s) {
    struct pw_buffer *held;
    while ((!s->active || s->count < SLOTS) && (held = pw.stream_dequeue_buffer(s->stream)) != NULL) {
        int64_t arrival = monotonic_ns();
        const struct spa_buffer *buffer = held->buffer;
        const struct spa_meta_header *header = spa_buffer_find_meta_data(buffer, SPA_META_Header, sizeof *header);
        int corrupted = header && (header->flags & SPA_META_HEADER_FLAG_CORRUPTED);
        if (s->active && !corrupted && s->negotiated == 1) {
            slot *into = &s->ring[(s->head + s->count) % SLOTS];
            if (copy_planes(buffer, into) == 0) {
                if (!s->clock_decided) {
                    /* The header's time is used when it is on CLOCK_MONOTONIC: within 5 s of the arrival. */
                    s->header_clock = header && header->pts > 0 && llabs(header->pts - arrival) < 5000000000LL;
                    s->clock_decided = 1;
                }
                into->header_time = s->header_clock && header && header->pts > 0;
                into->time_ns = into->header_time ? header->pts : arrival;
                uint64_t sequence = header ? header->seq : s->frames;
                if (s->have_sequence && sequence > s->last_sequence + 1) s->dropped += sequence - s->last_sequence - 1;
                s->last_sequence = sequence;
                s->have_sequence = 1;
                into->sequence = sequence;
                s->frames++;
                s->count++;
            }
        }
        pw.stream_queue_buffer(s->stream, held);
    }
}

static void on_process(void *data) {
    nfv_pw_stream *s = data;
    take_buffers(s);
    wake(&s->conn);
}

static const struct pw_stream_events stream_events = {
    PW_VERSION_STREAM_EVENTS, .state_changed = on_state_changed, .param_changed = on_param_changed,
    .process = on_process,
};

/* The EnumFormat the stream offers: `fourcc` near the size and rate asked for. */
static const struct spa_pod *build_format(struct spa_pod_builder *builder, uint32_t fourcc, uint32_t width,
                                          uint32_t height, uint32_t fps) {
    struct spa_rectangle size = SPA_RECTANGLE(width, height), smallest = SPA_RECTANGLE(1, 1),
                         largest = SPA_RECTANGLE(8192, 8192);
    struct spa_fraction rate = SPA_FRACTION(fps, 1), slowest = SPA_FRACTION(0, 1), fastest = SPA_FRACTION(1000, 1);
    if (fourcc == mjpeg_fourcc) {
        return spa_pod_builder_add_object(builder, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
            SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
            SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_mjpg),
            SPA_FORMAT_VIDEO_size, SPA_POD_CHOICE_RANGE_Rectangle(&size, &smallest, &largest),
            SPA_FORMAT_VIDEO_framerate, SPA_POD_CHOICE_RANGE_Fraction(&rate, &slowest, &fastest));
    }
    return spa_pod_builder_add_object(builder, SPA_TYPE_OBJECT_Format, SPA_PARAM_EnumFormat,
        SPA_FORMAT_mediaType, SPA_POD_Id(SPA_MEDIA_TYPE_video),
        SPA_FORMAT_mediaSubtype, SPA_POD_Id(SPA_MEDIA_SUBTYPE_raw),
        SPA_FORMAT_VIDEO_format, SPA_POD_Id(spa_of(fourcc)),
        SPA_FORMAT_VIDEO_size, SPA_POD_CHOICE_RANGE_Rectangle(&size, &smallest, &largest),
        SPA_FORMAT_VIDEO_framerate, SPA_POD_CHOICE_RANGE_Fraction(&rate, &slowest, &fastest));
}

nfv_pw_stream *nfv_pw_stream_open(int fd, const char *node_name, uint32_t fourcc, uint32_t width, uint32_t height,
                                  uint32_t fps, int timeout_ms, int *error) {
    nfv_pw_stream *s = calloc(1, sizeof *s);
    if (!s) { *error = ENOMEM; return NULL; }
    snprintf(s->target, sizeof s->target, "%s", node_name);
    int64_t deadline = monotonic_ns() + (int64_t)timeout_ms * 1000000;
    int result = connect_to(&s->conn, fd, &stream_registry_events, s, 1);
    if (result == 0) result = sync_core(&s->conn, deadline);
    if (result == 0 && !s->target_found) result = -ENOENT;
    if (result == 0) result = read_controls(s, deadline);
    if (result == 0) {
        struct pw_properties *props = pw.properties_new(
            PW_KEY_MEDIA_TYPE, "Video", PW_KEY_MEDIA_CATEGORY, "Capture", PW_KEY_MEDIA_ROLE, "Camera",
            PW_KEY_TARGET_OBJECT, s->target, PW_KEY_NODE_DONT_RECONNECT, "true", NULL);
        s->stream = pw.stream_new(s->conn.core, "NeurofitVitals camera", props);
        if (!s->stream) result = errno ? -errno : -ENOMEM;
    }
    if (result == 0) {
        pw.stream_add_listener(s->stream, &s->stream_listener, &stream_events, s);
        uint8_t buffer[1024];
        struct spa_pod_builder builder = SPA_POD_BUILDER_INIT(buffer, sizeof buffer);
        const struct spa_pod *params[1] = {build_format(&builder, fourcc, width, height, fps)};
        result = pw.stream_connect(s->stream, PW_DIRECTION_INPUT, PW_ID_ANY,
                                   PW_STREAM_FLAG_AUTOCONNECT | PW_STREAM_FLAG_MAP_BUFFERS, params, 1);
    }
    if (result == 0) {
        result = run_until(&s->conn, &s->negotiated, deadline);
        if (result == 0 && s->negotiated < 0) result = -EPROTO;
        if (result == 0 && s->lost) result = s->lost;
    }
    if (s->conn.thread_loop) pw.thread_loop_unlock(s->conn.thread_loop);
    if (result != 0) {
        nfv_pw_stream_close(s);
        *error = -result;
        return NULL;
    }
    *error = 0;
    return s;
}

int nfv_pw_stream_set_active(nfv_pw_stream *s, int active) {
    if (!s || !s->stream) return -EINVAL;
    pw.thread_loop_lock(s->conn.thread_loop);
    s->active = active != 0;
    s->count = 0;
    s->clock_decided = 0;
    s->have_sequence = 0;
    int result = pw.stream_set_active(s->stream, active != 0);
    pw.thread_loop_unlock(s->conn.thread_loop);
    return result;
}

/* Hands the oldest queued frame to the caller (lock held): its slot takes the memory of the frame handed out
 * before, which the caller is done with. */
static void take_frame(nfv_pw_stream *s, nfv_pw_frame *frame) {
    slot taken = s->ring[s->head];
    s->ring[s->head] = s->out;
    s->out = taken;
    s->head = (s->head + 1) % SLOTS;
    s->count--;
    frame->data = s->out.data;
    frame->size = s->out.size;
    frame->fourcc = s->fourcc;
    frame->width = s->width;
    frame->height = s->height;
    frame->stride = s->out.stride;
    frame->time_ns = s->out.time_ns;
    frame->header_time = s->out.header_time;
    frame->sequence = s->out.sequence;
    frame->dropped = s->dropped;
    s->dropped = 0;
}

int nfv_pw_stream_next(nfv_pw_stream *s, int timeout_ms, nfv_pw_frame *frame) {
    if (!s) return -EINVAL;
    int64_t deadline = monotonic_ns() + (int64_t)timeout_ms * 1000000;
    pw.thread_loop_lock(s->conn.thread_loop);
    int result = 0;
    if (s->count == 0 && !s->lost) {
        /* `count` is an int flag for run_until: wait until a frame is queued. */
        result = run_until(&s->conn, &s->count, deadline);
        if (result == -ETIMEDOUT) result = 0;
    }
    if (s->lost) result = s->lost;
    else if (result == 0 && s->count > 0) {
        take_frame(s, frame);
        take_buffers(s);   /* what waited for room in the ring */
        result = 1;
    }
    pw.thread_loop_unlock(s->conn.thread_loop);
    return result;
}

void nfv_pw_stream_close(nfv_pw_stream *s) {
    if (!s) return;
    if (s->conn.thread_loop) pw.thread_loop_stop(s->conn.thread_loop);   /* no callback runs from here on */
    if (s->stream) {
        spa_hook_remove(&s->stream_listener);
        pw.stream_destroy(s->stream);
    }
    if (s->node) {
        spa_hook_remove(&s->node_listener);
        pw.proxy_destroy((struct pw_proxy *)s->node);
    }
    if (s->conn.thread_loop) disconnect(&s->conn);
    for (int i = 0; i < SLOTS; i++) free(s->ring[i].data);
    free(s->out.data);
    free(s);
}
