/* CGlibcCompat has no interface: GlibcCompat.c only defines, for an aarch64 build against glibc 2.38 or newer, the
 * hidden stand-ins that keep the build's glibc floor at 2.34 (see that file). */
#ifndef CGLIBCCOMPAT_H
#define CGLIBCCOMPAT_H
#endif
