/* The PipeWire camera client and the camera portal, seen from Swift (docs/camera.md, "PipeWire").
 *
 * libpipewire-0.3.so.0 and libsystemd.so.0 are never linked: they are loaded with dlopen the first time a PipeWire
 * camera or the portal is needed, so the library loads and reads V4L2 cameras on a machine without them. SPA's pod
 * builders and parsers are header-only and compiled in; every pw_* function is resolved with dlsym.
 *
 * Threading: a connection (discovery or a stream) is used by one thread at a time. Discovery runs its PipeWire loop
 * inside the call; a stream has a thread of its own (a pw_thread_loop) that takes each frame as it comes and queues
 * a copy (up to 16; past that the producer waits for buffers, as with any slow reader), so the caller may be busy
 * between nfv_pw_stream_next calls without holding up the camera. Strings returned in structures are owned by the
 * structure and freed by its free function. */
#ifndef NFV_PIPEWIRE_H
#define NFV_PIPEWIRE_H

#include <stddef.h>
#include <stdint.h>

/* Internal to the library: hidden, so these never join the exported nfv_ ABI (the version script exports nfv_*). */
#pragma GCC visibility push(hidden)

/* Loads libpipewire (once, thread-safe). Returns 0, or -1 with *error set to a static English message. */
int nfv_pw_load(const char **error);

/* One capture mode a node offers: a V4L2 fourcc (NV12, YUYV, YU12, RGB3, BGR3, XR24, AR24, XB24, AB24, GREY, MJPG,
 * or the SPA format number with 0x80000000 set for formats the library cannot read), a size and the highest rate. */
typedef struct nfv_pw_mode {
    uint32_t fourcc;
    uint32_t width;
    uint32_t height;
    double max_fps;
} nfv_pw_mode;

/* One Video/Source node. Strings are never NULL ("" when the node lacks the property). */
typedef struct nfv_pw_camera {
    char *node_name;      /* node.name: the stable part of the id */
    char *description;    /* node.description, else node.nick, else node.name */
    char *location;       /* api.libcamera.location: front, back, external, or "" */
    char *device_api;     /* device.api: libcamera, v4l2, … */
    char *v4l2_path;      /* api.v4l2.path or the path in object.path "v4l2:/dev/videoN" */
    char *bus;            /* device.bus or api.libcamera.… "" */
    uint64_t serial;      /* object.serial */
    int rotation;         /* api.libcamera.rotation in degrees, -1 when absent */
    size_t mode_count;
    nfv_pw_mode *modes;
} nfv_pw_camera;

/* Lists the Video/Source nodes of the PipeWire daemon reached through `fd` (-1: the default remote of
 * $XDG_RUNTIME_DIR / $PIPEWIRE_REMOTE; else a connected PipeWire socket, e.g. from the camera portal, which is
 * duplicated, never closed). Waits at most `timeout_ms`. On success returns the number of cameras and sets
 * *cameras (free with nfv_pw_cameras_free); on failure returns -errno (-ECONNREFUSED: no daemon, -ENOSYS: no
 * libpipewire, -ETIMEDOUT). */
int nfv_pw_discover(int fd, int timeout_ms, nfv_pw_camera **cameras);

/* Frees what nfv_pw_discover returned (NULL is fine). */
void nfv_pw_cameras_free(nfv_pw_camera *cameras, int count);

/* One frame held by a stream until the next nfv_pw_stream_next or nfv_pw_stream_close. Planes are contiguous
 * (NV12: `height` rows of `stride` bytes of luma, then the chroma rows; I420 likewise three planes). */
typedef struct nfv_pw_frame {
    const uint8_t *data;
    size_t size;
    uint32_t fourcc;
    uint32_t width;
    uint32_t height;
    uint32_t stride;
    int64_t time_ns;      /* CLOCK_MONOTONIC nanoseconds */
    int header_time;      /* 1: from the buffer's header metadata; 0: the arrival time (no usable header) */
    uint64_t sequence;    /* the header's sequence, else a count of frames */
    uint64_t dropped;     /* frames lost before this one (gaps in the header sequence) */
} nfv_pw_frame;

typedef struct nfv_pw_stream nfv_pw_stream;

/* Connects a capture stream to the node named `node_name` (through `fd` as in nfv_pw_discover), asking for
 * `fourcc` at `width`x`height` and `fps`, inactive until nfv_pw_stream_set_active(…, 1). Waits at most
 * `timeout_ms` for the format to be agreed. Returns NULL with *error = errno on failure (ENOENT: no such node,
 * ECONNREFUSED: no daemon, ENOSYS: no libpipewire, EPROTO: no format agreed, ETIMEDOUT). */
nfv_pw_stream *nfv_pw_stream_open(int fd, const char *node_name, uint32_t fourcc, uint32_t width, uint32_t height,
                                  uint32_t fps, int timeout_ms, int *error);

/* Starts (1) or pauses (0) the flow of frames. Returns 0 or -errno. */
int nfv_pw_stream_set_active(nfv_pw_stream *stream, int active);

/* Waits at most `timeout_ms` for the next frame. Returns 1 with *frame filled, 0 when none came, -ENODEV when the
 * node was removed or the stream unlinked, -EPIPE when the daemon connection broke, -EPROTO when the format was
 * changed to one the library cannot read. */
int nfv_pw_stream_next(nfv_pw_stream *stream, int timeout_ms, nfv_pw_frame *frame);

/* The exposure controls of a stream's node, read when it opened: libcamera's, as PipeWire's libcamera plugin
 * publishes them (PropInfo params named AeEnable, ExposureTime in µs, AnalogueGain), each with its range and
 * default. A node that offers none (a V4L2 node, another producer) has every has_* 0. */
typedef struct nfv_pw_exposure {
    int has_auto;            /* AeEnable */
    int has_time;            /* ExposureTime */
    int32_t time_min_us, time_max_us, time_default_us;
    int has_gain;            /* AnalogueGain */
    float gain_min, gain_max, gain_default;
} nfv_pw_exposure;

/* Fills *controls with the exposure controls the stream's node offers. */
void nfv_pw_stream_exposure_controls(nfv_pw_stream *stream, nfv_pw_exposure *controls);

/* Sets the node's exposure through its Props param: automatic (AeEnable on), or manual (AeEnable off, ExposureTime
 * `time_us`, and AnalogueGain `gain` when offered and `gain` > 0). Returns 0, -ENOTSUP when the node offers no
 * AeEnable (or, for manual, no ExposureTime), or -errno. The node applies it a few frames later; a daemon that
 * refuses the write (no permission) answers with an error the stream ignores. */
int nfv_pw_stream_set_exposure(nfv_pw_stream *stream, int automatic, int32_t time_us, float gain);

/* Disconnects and frees the stream (NULL is fine). */
void nfv_pw_stream_close(nfv_pw_stream *stream);

/* ---- The camera portal (org.freedesktop.portal.Camera over the session bus, sd-bus loaded with dlopen) ---- */

/* The portal's answer. */
typedef struct nfv_portal_answer {
    int status;           /* 0 granted (or, from nfv_portal_open_remote, fd valid), 1 denied by the user,
                             2 cancelled/other, -errno on failure */
    int fd;               /* nfv_portal_open_remote's PipeWire fd (the caller owns it), else -1 */
    char message[512];    /* English, what happened and what to do */
} nfv_portal_answer;

/* Asks the portal for camera access (AccessCamera, waiting for the request's Response signal up to `timeout_ms`).
 * Never returns without filling *answer. */
void nfv_portal_access_camera(int timeout_ms, nfv_portal_answer *answer);

/* Asks the portal, after access was granted, for a new PipeWire connection (OpenPipeWireRemote): one per
 * connection to the daemon, since two PipeWire clients can never share one socket. Fills *answer (status 0 with
 * the fd, else the failure). */
void nfv_portal_open_remote(nfv_portal_answer *answer);

#pragma GCC visibility pop

#endif
