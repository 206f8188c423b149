/* The camera portal's D-Bus client (include/nfv_pipewire.h): org.freedesktop.portal.Camera over the session bus,
 * through sd-bus from a dlopen'ed libsystemd.so.0 (never linked). */
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

#include <systemd/sd-bus.h>

static const char *portal_service = "org.freedesktop.portal.Desktop";
static const char *portal_path = "/org/freedesktop/portal/desktop";
static const char *camera_interface = "org.freedesktop.portal.Camera";

/* Every sd-bus function this file calls, resolved with dlsym. */
static struct {
    __typeof__(sd_bus_open_user) *open_user;
    __typeof__(sd_bus_flush_close_unref) *close_unref;
    __typeof__(sd_bus_get_unique_name) *get_unique_name;
    __typeof__(sd_bus_match_signal) *match_signal;
    __typeof__(sd_bus_call_method) *call_method;
    __typeof__(sd_bus_message_read) *message_read;
    __typeof__(sd_bus_message_unref) *message_unref;
    __typeof__(sd_bus_slot_unref) *slot_unref;
    __typeof__(sd_bus_error_free) *error_free;
    __typeof__(sd_bus_process) *process;
    __typeof__(sd_bus_wait) *wait;
} bus_api;

static pthread_once_t bus_once = PTHREAD_ONCE_INIT;
static int bus_loaded;

static void load_sd_bus(void) {
    void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define RESOLVE(field, name) if (!(bus_api.field = (__typeof__(bus_api.field))dlsym(library, #name))) return;
    RESOLVE(open_user, sd_bus_open_user)
    RESOLVE(close_unref, sd_bus_flush_close_unref)
    RESOLVE(get_unique_name, sd_bus_get_unique_name)
    RESOLVE(match_signal, sd_bus_match_signal)
    RESOLVE(call_method, sd_bus_call_method)
    RESOLVE(message_read, sd_bus_message_read)
    RESOLVE(message_unref, sd_bus_message_unref)
    RESOLVE(slot_unref, sd_bus_slot_unref)
    RESOLVE(error_free, sd_bus_error_free)
    RESOLVE(process, sd_bus_process)
    RESOLVE(wait, sd_bus_wait)
#undef RESOLVE
    bus_loaded = 1;
}

typedef struct request_state {
    int answered;
    uint32_t response;
} request_state;

static int on_response(sd_bus_message *message, void *data, sd_bus_error *error) {
    request_state *state = data;
    uint32_t response = 2;
    if (bus_api.message_read(message, "u", &response) < 0) response = 2;
    state->response = response;
    state->answered = 1;
    return 0;
}

static int64_t now_us(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

static void say(nfv_portal_answer *answer, int status, const char *format, const char *detail) {
    answer->status = status;
    snprintf(answer->message, sizeof answer->message, format, detail ? detail : "");
}

/* The D-Bus error's text, "" when none. */
static const char *error_text(const sd_bus_error *error) {
    return error->message ? error->message : error->name ? error->name : "";
}

static int is_missing_service(const sd_bus_error *error) {
    return error->name && (strcmp(error->name, "org.freedesktop.DBus.Error.ServiceUnknown") == 0
                           || strcmp(error->name, "org.freedesktop.DBus.Error.NameHasNoOwner") == 0);
}

static int is_missing_interface(const sd_bus_error *error) {
    return error->name && (strcmp(error->name, "org.freedesktop.DBus.Error.UnknownMethod") == 0
                           || strcmp(error->name, "org.freedesktop.DBus.Error.UnknownInterface") == 0);
}

/* AccessCamera, then the request's Response signal (up to `timeout_ms`). */
static void access_camera(sd_bus *bus, int timeout_ms, nfv_portal_answer *answer) {
    const char *unique = NULL;
    if (bus_api.get_unique_name(bus, &unique) < 0 || !unique) {
        say(answer, -EIO, "The session bus gave this process no name%s", NULL);
        return;
    }
    /* The request object's path is known before the call (sender without ':' and with '.' → '_', then the
     * token), so the Response signal is subscribed to before it can be sent. */
    char sender[256], token[64], request_path[512];
    snprintf(sender, sizeof sender, "%s", unique[0] == ':' ? unique + 1 : unique);
    for (char *c = sender; *c; c++) if (*c == '.') *c = '_';
    snprintf(token, sizeof token, "nfv%ld%d", (long)getpid(), (int)(now_us() % 1000000));
    snprintf(request_path, sizeof request_path, "/org/freedesktop/portal/desktop/request/%s/%s", sender, token);
    request_state state = {0, 2};
    sd_bus_slot *slot = NULL;
    if (bus_api.match_signal(bus, &slot, portal_service, request_path, "org.freedesktop.portal.Request", "Response",
                             on_response, &state) < 0) {
        say(answer, -EIO, "Cannot subscribe to the camera portal's answer%s", NULL);
        return;
    }
    sd_bus_error error = SD_BUS_ERROR_NULL;
    sd_bus_message *reply = NULL;
    int result = bus_api.call_method(bus, portal_service, portal_path, camera_interface, "AccessCamera", &error,
                                     &reply, "a{sv}", 1, "handle_token", "s", token);
    if (result < 0) {
        if (is_missing_service(&error))
            say(answer, -ENOENT, "No camera portal: org.freedesktop.portal.Desktop is not running on the session bus "
                "(install xdg-desktop-portal with a desktop backend, e.g. xdg-desktop-portal-gnome or -kde)%s", NULL);
        else if (is_missing_interface(&error))
            say(answer, -ENOTSUP, "The desktop portal has no Camera interface (xdg-desktop-portal 1.7 or later "
                "provides it): %s", error_text(&error));
        else
            say(answer, -EIO, "The camera portal refused AccessCamera: %s", error_text(&error));
        bus_api.error_free(&error);
        bus_api.slot_unref(slot);
        return;
    }
    bus_api.message_unref(reply);
    int64_t deadline = now_us() + (int64_t)timeout_ms * 1000;
    while (!state.answered) {
        int processed = bus_api.process(bus, NULL);
        if (processed < 0) break;
        if (processed > 0) continue;
        int64_t left = deadline - now_us();
        if (left <= 0) break;
        if (bus_api.wait(bus, (uint64_t)left) < 0) break;
    }
    bus_api.slot_unref(slot);
    if (!state.answered) {
        say(answer, -ETIMEDOUT, "The camera portal did not answer within the time allowed (is a permission dialog "
            "still open?)%s", NULL);
        return;
    }
    if (state.response == 1) {
        say(answer, 1, "Camera access was denied. Allow this app to use the camera in the desktop's privacy settings "
            "(GNOME: Settings > Privacy > Camera), or run: flatpak permission-set devices camera <app id> yes%s",
            NULL);
        return;
    }
    if (state.response != 0) {
        say(answer, 2, "The camera portal ended the request without granting access (the dialog was closed, or "
            "the camera is switched off by a hardware switch or the desktop's privacy settings)%s", NULL);
        return;
    }
    say(answer, 0, "Camera access granted by the portal%s", NULL);
}

/* OpenPipeWireRemote (the bus's default time-out applies; `timeout_ms` is unused): a new PipeWire fd. */
static void open_remote(sd_bus *bus, int timeout_ms, nfv_portal_answer *answer) {
    (void)timeout_ms;
    sd_bus_error error = SD_BUS_ERROR_NULL;
    sd_bus_message *reply = NULL;
    int result = bus_api.call_method(bus, portal_service, portal_path, camera_interface, "OpenPipeWireRemote", &error,
                                     &reply, "a{sv}", 0);
    int fd = -1;
    if (result >= 0 && bus_api.message_read(reply, "h", &fd) >= 0 && fd >= 0) {
        answer->fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
        if (answer->fd >= 0) say(answer, 0, "The camera portal opened a PipeWire connection%s", NULL);
        else say(answer, -errno, "Cannot keep the portal's PipeWire connection%s", NULL);
    } else {
        say(answer, -EIO, "The camera portal gave no PipeWire connection: %s",
            result < 0 ? error_text(&error) : "no file descriptor in the reply");
    }
    bus_api.error_free(&error);
    if (reply) bus_api.message_unref(reply);
}

/* Runs `call` on a new connection to the session bus, after loading sd-bus; fills *answer either way. */
static void on_session_bus(void (*call)(sd_bus *, int, nfv_portal_answer *), int timeout_ms,
                           nfv_portal_answer *answer) {
    memset(answer, 0, sizeof *answer);
    answer->fd = -1;
    pthread_once(&bus_once, load_sd_bus);
    if (!bus_loaded) {
        say(answer, -ENOSYS, "libsystemd.so.0 (sd-bus) is not installed: the camera portal cannot be asked "
            "(Debian: apt install libsystemd0)%s", NULL);
        return;
    }
    sd_bus *bus = NULL;
    int opened = bus_api.open_user(&bus);
    if (opened < 0) {
        say(answer, opened, "No session bus (DBUS_SESSION_BUS_ADDRESS): the camera portal lives there: %s",
            strerror(-opened));
        return;
    }
    call(bus, timeout_ms, answer);
    bus_api.close_unref(bus);
}

void nfv_portal_access_camera(int timeout_ms, nfv_portal_answer *answer) {
    on_session_bus(access_camera, timeout_ms, answer);
}

void nfv_portal_open_remote(nfv_portal_answer *answer) {
    on_session_bus(open_remote, 0, answer);
}
