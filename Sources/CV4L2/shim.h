/* libv4l2, seen from Swift. Swift cannot call C variadic functions, so v4l2_open and v4l2_ioctl are wrapped. */
#include <fcntl.h>
#include <sys/mman.h>
#include <linux/videodev2.h>
#include <libv4l2.h>

static inline int cv4l2_open(const char *path, int flags) { return v4l2_open(path, flags); }
static inline int cv4l2_ioctl(int fd, unsigned long request, void *arg) { return v4l2_ioctl(fd, request, arg); }
