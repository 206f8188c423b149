/* libv4l2 and the kernel's V4L2 / media interfaces, seen from Swift.
 *
 * Swift cannot call C variadic functions and does not import function-like macros, so this header wraps
 * v4l2_open/v4l2_ioctl/ioctl/open and re-exports the ioctl request numbers and a few macros as constants.
 * It also holds the one piece of camera code that must be C: the torch guardian, a process forked before the
 * camera opens that may only make async-signal-safe calls (the torch guardian). */
#ifndef NFV_CV4L2_SHIM_H
#define NFV_CV4L2_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/videodev2.h>
#include <libv4l2.h>

/* ---- libv4l2 and libc wrappers ---------------------------------------------------------------------------- */

static inline int cv4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
static inline int cv4l2_ioctl(int fd, unsigned long request, void *arg) { return v4l2_ioctl(fd, request, arg); }
/** Plain open(2) for nodes libv4l2 cannot open (subdevices) and sysfs files. */
static inline int cv4l2_raw_open(const char *path, int flags) { return open(path, flags); }
/** Plain ioctl(2) for subdevices. */
static inline int cv4l2_raw_ioctl(int fd, unsigned long request, void *arg) { return ioctl(fd, request, arg); }
/** The calling thread's errno (Swift's `errno` is fine too; this keeps the capture path free of globals). */
static inline int cv4l2_errno(void) { return errno; }

/* ---- ioctl request numbers --------------------------------------------------------------------------------- */

static const unsigned long CV4L2_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long CV4L2_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long CV4L2_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long CV4L2_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long CV4L2_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long CV4L2_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long CV4L2_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long CV4L2_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long CV4L2_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long CV4L2_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long CV4L2_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long CV4L2_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
static const unsigned long CV4L2_VIDIOC_QUERYCTRL = VIDIOC_QUERYCTRL;
static const unsigned long CV4L2_VIDIOC_G_CTRL = VIDIOC_G_CTRL;
static const unsigned long CV4L2_VIDIOC_S_CTRL = VIDIOC_S_CTRL;

/* ---- flags and values that are macros ---------------------------------------------------------------------- */

static const unsigned int CV4L2_FMT_FLAG_EMULATED = V4L2_FMT_FLAG_EMULATED;
static const unsigned int CV4L2_FMT_FLAG_COMPRESSED = V4L2_FMT_FLAG_COMPRESSED;
static const unsigned int CV4L2_CAP_VIDEO_CAPTURE = V4L2_CAP_VIDEO_CAPTURE;
static const unsigned int CV4L2_CAP_VIDEO_CAPTURE_MPLANE = V4L2_CAP_VIDEO_CAPTURE_MPLANE;
static const unsigned int CV4L2_CAP_STREAMING = V4L2_CAP_STREAMING;
static const unsigned int CV4L2_CAP_DEVICE_CAPS = V4L2_CAP_DEVICE_CAPS;
static const unsigned int CV4L2_CAP_META_CAPTURE = V4L2_CAP_META_CAPTURE;
static const unsigned int CV4L2_BUF_FLAG_ERROR = V4L2_BUF_FLAG_ERROR;
static const unsigned int CV4L2_BUF_FLAG_TIMESTAMP_MASK = V4L2_BUF_FLAG_TIMESTAMP_MASK;
static const unsigned int CV4L2_BUF_FLAG_TIMESTAMP_MONOTONIC = V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC;
static const unsigned int CV4L2_CTRL_FLAG_DISABLED = V4L2_CTRL_FLAG_DISABLED;
static const unsigned int CV4L2_CTRL_FLAG_NEXT_CTRL = V4L2_CTRL_FLAG_NEXT_CTRL;

static const unsigned int CV4L2_CID_EXPOSURE_AUTO = V4L2_CID_EXPOSURE_AUTO;
static const unsigned int CV4L2_CID_EXPOSURE_ABSOLUTE = V4L2_CID_EXPOSURE_ABSOLUTE;
static const unsigned int CV4L2_CID_EXPOSURE_AUTO_PRIORITY = V4L2_CID_EXPOSURE_AUTO_PRIORITY;
static const unsigned int CV4L2_CID_GAIN = V4L2_CID_GAIN;
static const unsigned int CV4L2_CID_AUTOGAIN = V4L2_CID_AUTOGAIN;
static const unsigned int CV4L2_CID_AUTO_WHITE_BALANCE = V4L2_CID_AUTO_WHITE_BALANCE;
static const unsigned int CV4L2_CID_FOCUS_AUTO = V4L2_CID_FOCUS_AUTO;
static const unsigned int CV4L2_CID_BACKLIGHT_COMPENSATION = V4L2_CID_BACKLIGHT_COMPENSATION;
static const unsigned int CV4L2_CID_FLASH_LED_MODE = V4L2_CID_FLASH_LED_MODE;
static const unsigned int CV4L2_CID_FLASH_TORCH_INTENSITY = V4L2_CID_FLASH_TORCH_INTENSITY;
/* Camera location controls (Linux 5.8); defined here for kernel headers that predate them. */
#ifndef V4L2_CID_CAMERA_ORIENTATION
#define V4L2_CID_CAMERA_ORIENTATION (V4L2_CID_CAMERA_CLASS_BASE + 34)
#define V4L2_CAMERA_ORIENTATION_FRONT 0
#define V4L2_CAMERA_ORIENTATION_BACK 1
#define V4L2_CAMERA_ORIENTATION_EXTERNAL 2
#endif
#ifndef V4L2_CID_CAMERA_SENSOR_ROTATION
#define V4L2_CID_CAMERA_SENSOR_ROTATION (V4L2_CID_CAMERA_CLASS_BASE + 35)
#endif
static const unsigned int CV4L2_CID_CAMERA_ORIENTATION = V4L2_CID_CAMERA_ORIENTATION;
static const unsigned int CV4L2_CID_CAMERA_SENSOR_ROTATION = V4L2_CID_CAMERA_SENSOR_ROTATION;
static const int CV4L2_CAMERA_ORIENTATION_FRONT = V4L2_CAMERA_ORIENTATION_FRONT;
static const int CV4L2_CAMERA_ORIENTATION_BACK = V4L2_CAMERA_ORIENTATION_BACK;
static const int CV4L2_CAMERA_ORIENTATION_EXTERNAL = V4L2_CAMERA_ORIENTATION_EXTERNAL;
static const int CV4L2_EXPOSURE_MANUAL = V4L2_EXPOSURE_MANUAL;
static const int CV4L2_EXPOSURE_AUTO = V4L2_EXPOSURE_AUTO;
static const int CV4L2_EXPOSURE_APERTURE_PRIORITY = V4L2_EXPOSURE_APERTURE_PRIORITY;
static const int CV4L2_FLASH_LED_MODE_NONE = V4L2_FLASH_LED_MODE_NONE;
static const int CV4L2_FLASH_LED_MODE_TORCH = V4L2_FLASH_LED_MODE_TORCH;

/* ---- torch guardian ---------------------------------------------------------------------------------------- */

/** How the guardian switches the torch off. */
enum cv4l2_torch_kind {
    CV4L2_TORCH_FLASH_SUBDEV = 1, /* ioctl(S_CTRL FLASH_LED_MODE = NONE) on a V4L2 flash subdevice */
    CV4L2_TORCH_SYSFS_LED = 2,    /* write "0" to an LED class `brightness` file */
};

/** Switches a torch off with async-signal-safe calls only (open, ioctl/write, close). Returns 0 on success. */
static inline int cv4l2_torch_off(const char *path, int kind) {
    int fd = open(path, (kind == CV4L2_TORCH_SYSFS_LED ? O_WRONLY | O_TRUNC : O_RDWR) | O_CLOEXEC);
    if (fd < 0) return -1;
    int status;
    if (kind == CV4L2_TORCH_SYSFS_LED) {
        status = write(fd, "0\n", 2) == 2 ? 0 : -1;
    } else {
        struct v4l2_control control;
        memset(&control, 0, sizeof control);
        control.id = V4L2_CID_FLASH_LED_MODE;
        control.value = V4L2_FLASH_LED_MODE_NONE;
        status = ioctl(fd, VIDIOC_S_CTRL, &control);
    }
    close(fd);
    return status;
}

/** Starts a guardian for the torch at `path` and returns the write end of its pipe in `*out_fd` (close-on-exec,
 *  so children the host starts later do not keep it): when every copy of that end is closed — the library closes
 *  it when the camera is released; the kernel closes it when the process dies, SIGKILL included — the guardian
 *  switches the torch off and exits. It is double-forked (the intermediate child is reaped here, the guardian is
 *  adopted by init), so the host never sees a stray child. Call before opening the camera.
 *  The guardian runs in a session and process group of its own, so a SIGKILL of the host's whole process group
 *  (a supervisor stopping a service, `kill -KILL -PGID`) leaves it to switch the torch off. It points its standard streams at /dev/null, closes every other inherited descriptor and ignores
 *  SIGINT, SIGHUP and SIGTERM (a terminal's Ctrl-C reaches the whole process group). Returns 0, or -1 with errno
 *  set. */
static inline int cv4l2_start_torch_guardian(const char *path, int kind, int *out_fd) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return -1;
    pid_t child = fork();
    if (child < 0) {
        int saved = errno;
        close(ends[0]);
        close(ends[1]);
        errno = saved;
        return -1;
    }
    if (child == 0) {
        if (fork() != 0) _exit(0); /* the intermediate child exits at once; the grandchild is the guardian */
        setsid(); /* its own session and process group: a kill of the host's whole group does not reach it */
        signal(SIGINT, SIG_IGN);
        signal(SIGHUP, SIG_IGN);
        signal(SIGTERM, SIG_IGN);
        signal(SIGPIPE, SIG_IGN);
        close(ends[1]);
        int reader = ends[0];
        if (reader != 3) {
            if (dup3(reader, 3, O_CLOEXEC) < 0) _exit(1);
            reader = 3;
        }
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, 0);
            dup2(null, 1);
            dup2(null, 2);
            if (null > 2) close(null);
        }
        syscall(SYS_close_range, 4U, ~0U, 0U);
        char byte;
        for (;;) {
            ssize_t got = read(reader, &byte, 1);
            if (got == 0) break;
            if (got < 0 && errno != EINTR) break;
        }
        cv4l2_torch_off(path, kind);
        _exit(0);
    }
    close(ends[0]);
    int status;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    *out_fd = ends[1];
    return 0;
}

#endif
