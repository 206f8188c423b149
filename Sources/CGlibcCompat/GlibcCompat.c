/* The glibc floor of the aarch64 build (scripts/build --arch arm64, docs/install-arm64.md).
 *
 * That build compiles and links against Debian 13's glibc 2.41, and Debian's static Swift runtime and Foundation
 * were compiled against it too: their calls to strtol, strtoul, strtoll, strtoull and sscanf name the entry points
 * glibc 2.38 added for C23 (__isoc23_strtol…), and fmod and fmodf bind to the symbol versions glibc 2.38 gave them,
 * hypotf to the one of 2.35. Alone, those few references would make the library and nfv refuse every glibc before
 * 2.38 (Debian 12, Raspberry Pi OS bookworm, Ubuntu 22.04). The definitions below stand in for them inside the
 * library and nfv (hidden: the linker resolves the runtime's references to them, nothing is exported) and call the
 * entry points every aarch64 glibc has had since 2.17, so the highest version left is 2.34 (pthread, dlopen).
 * The answers are the same: fmod's result is exact in either version, the engine computes in Double (no hypotf or
 * fmodf), and the C23 variants differ only in reading a "0b" binary prefix, which nothing here parses (scripts/
 * test-arm64 compares the arm64 replays with x86_64's bit for bit).
 * Nothing is defined for any other build (x86_64, or older glibc headers).
 */
#include <features.h>

#if defined(__aarch64__) && defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 38)
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define NFV_COMPAT __attribute__((visibility("hidden")))

/* The aarch64 glibc's first versions of the functions glibc 2.35 and 2.38 versioned again. */
double nfv_fmod_2_17(double x, double y);
float nfv_fmodf_2_17(float x, float y);
float nfv_hypotf_2_17(float x, float y);
__asm__(".symver nfv_fmod_2_17, fmod@GLIBC_2.17");
__asm__(".symver nfv_fmodf_2_17, fmodf@GLIBC_2.17");
__asm__(".symver nfv_hypotf_2_17, hypotf@GLIBC_2.17");

/* C23's strtol & co: the C99 functions (this file is compiled without _GNU_SOURCE, so its calls are not redirected
 * to the C23 entry points). */
NFV_COMPAT long __isoc23_strtol(const char *text, char **end, int base) { return strtol(text, end, base); }
NFV_COMPAT unsigned long __isoc23_strtoul(const char *text, char **end, int base) { return strtoul(text, end, base); }
NFV_COMPAT long long __isoc23_strtoll(const char *text, char **end, int base) { return strtoll(text, end, base); }
NFV_COMPAT unsigned long long __isoc23_strtoull(const char *text, char **end, int base) {
    return strtoull(text, end, base);
}

/* C23's sscanf: the C99 one, through vsscanf. */
NFV_COMPAT int __isoc23_sscanf(const char *text, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int count = vsscanf(text, format, arguments);
    va_end(arguments);
    return count;
}

/* fmod, fmodf and hypotf of the first symbol version. */
NFV_COMPAT double fmod(double x, double y) { return nfv_fmod_2_17(x, y); }
NFV_COMPAT float fmodf(float x, float y) { return nfv_fmodf_2_17(x, y); }
NFV_COMPAT float hypotf(float x, float y) { return nfv_hypotf_2_17(x, y); }
#endif
