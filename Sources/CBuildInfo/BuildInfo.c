#include "CBuildInfo.h"

#include <pthread.h>
#include <string.h>

#ifndef NFV_BUILD_DATE
static char compile_date_iso[11];

/* __DATE__ is "Mmm dd yyyy"; turn it into YYYY-MM-DD. */
static void format_compile_date(void) {
    static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    const char *date = __DATE__;
    int month = 1;
    for (int m = 0; m < 12; m++) {
        if (memcmp(months + 3 * m, date, 3) == 0) month = m + 1;
    }
    char iso[11] = {date[7], date[8], date[9], date[10], '-', (char)('0' + month / 10), (char)('0' + month % 10),
                    '-', date[4] == ' ' ? '0' : date[4], date[5], 0};
    memcpy(compile_date_iso, iso, sizeof iso);
}
#endif

const char *cbuildinfo_build_date(void) {
#ifdef NFV_BUILD_DATE
    return NFV_BUILD_DATE;
#else
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, format_compile_date);
    return compile_date_iso;
#endif
}

const char *cbuildinfo_license_public_key(void) {
#ifdef NFV_LICENSE_PUBLIC_KEY
    return NFV_LICENSE_PUBLIC_KEY;
#else
    return "";
#endif
}
