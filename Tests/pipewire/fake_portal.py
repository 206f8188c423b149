#!/usr/bin/python3
"""A fake camera portal for scripts/test-pipewire: owns org.freedesktop.portal.Desktop on the (private) session bus
and serves org.freedesktop.portal.Camera at /org/freedesktop/portal/desktop the way xdg-desktop-portal does:

- AccessCamera(a{sv} options) returns the path of a Request object (from the caller's unique name and the
  options' handle_token) and, 0.1 s later, that object emits org.freedesktop.portal.Request.Response with 0
  (granted) or 1 (denied: the user said no), as --answer says;
- OpenPipeWireRemote(a{sv}) returns a new Unix socket connected to the PipeWire daemon of $PIPEWIRE_RUNTIME_DIR (or
  $XDG_RUNTIME_DIR) once access was granted (to the one app this fake serves, whichever bus connection asks, as the
  real portal remembers the app's permission); before that it fails with org.freedesktop.portal.Error.NotAllowed.

Prints "ready" once the name is owned, then one line per call ("AccessCamera TOKEN", "OpenPipeWireRemote"), so a
test can tell that the library went through the portal. Needs Debian's python3-dbus and python3-gi (run with
/usr/bin/python3, the interpreter they are installed for). Quits on SIGTERM.
"""
import argparse
import os
import signal
import socket
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

SERVICE = "org.freedesktop.portal.Desktop"
PATH = "/org/freedesktop/portal/desktop"
CAMERA = "org.freedesktop.portal.Camera"
REQUEST = "org.freedesktop.portal.Request"


def say(line):
    print(line, flush=True)


class Request(dbus.service.Object):
    """One request object: emits its Response once, then leaves the bus."""

    @dbus.service.signal(REQUEST, signature="ua{sv}")
    def Response(self, response, results):
        pass

    @dbus.service.method(REQUEST)
    def Close(self):
        self.remove_from_connection()


class Camera(dbus.service.Object):
    """The Camera interface, answering every request as `granted` says."""

    def __init__(self, bus, granted):
        super().__init__(bus, PATH)
        self.bus, self.granted, self.allowed = bus, granted, False

    @dbus.service.method(CAMERA, in_signature="a{sv}", out_signature="o", sender_keyword="sender")
    def AccessCamera(self, options, sender=None):
        token = str(options.get("handle_token", "t%d" % os.getpid()))
        path = "%s/request/%s/%s" % (PATH, sender.lstrip(":").replace(".", "_"), token)
        request = Request(self.bus, path)
        say("AccessCamera " + token)

        def answer():
            self.allowed = self.allowed or self.granted
            request.Response(dbus.UInt32(0 if self.granted else 1), dbus.Dictionary({}, signature="sv"))
            request.remove_from_connection()
            return False

        GLib.timeout_add(100, answer)
        return dbus.ObjectPath(path)

    @dbus.service.method(CAMERA, in_signature="a{sv}", out_signature="h")
    def OpenPipeWireRemote(self, options):
        say("OpenPipeWireRemote")
        if not self.allowed:
            raise dbus.exceptions.DBusException("Camera access was not granted",
                                                name="org.freedesktop.portal.Error.NotAllowed")
        runtime = os.environ.get("PIPEWIRE_RUNTIME_DIR") or os.environ["XDG_RUNTIME_DIR"]
        remote = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        remote.connect(os.path.join(runtime, "pipewire-0"))
        handle = dbus.types.UnixFd(remote)  # dbus-python keeps its own duplicate
        remote.close()
        return handle


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--answer", choices=("grant", "deny"), required=True)
    args = parser.parse_args()
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    loop = GLib.MainLoop()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, loop.quit)
    camera = Camera(bus, args.answer == "grant")
    name = dbus.service.BusName(SERVICE, bus, do_not_queue=True)
    say("ready")
    loop.run()
    del name, camera
    return 0


if __name__ == "__main__":
    sys.exit(main())
