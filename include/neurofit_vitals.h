/*
 * neurofit_vitals.h — NeurofitVitals for Linux, C API.
 *
 * A 60-second fingertip reading (contact photoplethysmography through a camera with its light on) that returns
 * heart rate, HRV (RMSSD, SDNN), Baevsky stress index, Poincaré SD2/SD1 and breathing rate.
 *
 * Conventions (every function follows them):
 *   - Functions return an nfv_status; NFV_OK (0) is success. On failure the calling thread's last error holds a
 *     code, an English message for logs and whether retrying can help (nfv_last_error_message() and friends).
 *   - Strings the library returns as `char *` are fresh heap copies owned by the caller and released with
 *     nfv_string_free(). Strings returned as `const char *` are static or owned by the library, as documented.
 *   - Strings passed in are NUL-terminated UTF-8 and are copied when kept; they may be freed after the call.
 *     Strings longer than NFV_MAX_STRING_LENGTH bytes are rejected with NFV_ERR_INVALID_ARGUMENT.
 *   - JSON crosses the boundary as text: objects with sorted keys. Hosts ignore keys they do not know.
 *   - Nothing must be initialised first; the library sets itself up lazily and thread-safely.
 *   - Every function is safe to call from any thread unless its comment says otherwise.
 *
 * The header compiles as C89 and later and as C++98 and later. Only `nfv_` functions are exported.
 */
#ifndef NEUROFIT_VITALS_H
#define NEUROFIT_VITALS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------------------------
 * Versions
 * ------------------------------------------------------------------------------------------------------------- */

/** SDK version this header describes (SPEC §2). */
#define NFV_VERSION_MAJOR 1
#define NFV_VERSION_MINOR 0
#define NFV_VERSION_PATCH 0
/** MAJOR * 1000000 + MINOR * 1000 + PATCH, comparable with nfv_version_number(). */
#define NFV_VERSION_NUMBER (NFV_VERSION_MAJOR * 1000000 + NFV_VERSION_MINOR * 1000 + NFV_VERSION_PATCH)
/** The SDK version as text, "1.0.0". */
#define NFV_VERSION_STRING "1.0.0"

/**
 * ABI version of this header. A library whose nfv_abi_version() differs is incompatible: refuse to use it.
 * It equals the number in the SONAME (libNeurofitVitals.so.1).
 */
#define NFV_ABI_VERSION 1

/** Longest string argument accepted, in bytes without the terminating NUL (1 MiB). */
#define NFV_MAX_STRING_LENGTH 1048576

/** Marks functions whose status must be checked. */
#if defined(__GNUC__) || defined(__clang__)
#define NFV_WARN_UNUSED __attribute__((warn_unused_result))
#else
#define NFV_WARN_UNUSED
#endif

/** Marks exported functions. Empty: the linker's version script decides what is exported. */
#define NFV_EXPORT

/**
 * Runtime SDK version as MAJOR * 1000000 + MINOR * 1000 + PATCH (1000000 for 1.0.0).
 * Threads: any. Errors: none.
 */
NFV_EXPORT unsigned nfv_version_number(void);

/**
 * Runtime SDK version as text ("1.0.0"). The string is static: do not free it.
 * Threads: any. Errors: none.
 */
NFV_EXPORT const char *nfv_version_string(void);

/**
 * Version of the PpgCore signal-processing engine inside the library ("1.3.0"). Static: do not free it.
 * Threads: any. Errors: none.
 */
NFV_EXPORT const char *nfv_engine_version_string(void);

/**
 * Date the library was built, "YYYY-MM-DD" (UTC). License keys are checked against it. Static: do not free it.
 * Threads: any. Errors: none.
 */
NFV_EXPORT const char *nfv_build_date(void);

/**
 * ABI version of the loaded library. Compare it with NFV_ABI_VERSION and refuse to run when they differ.
 * Threads: any. Errors: none.
 */
NFV_EXPORT unsigned nfv_abi_version(void);

/* ---------------------------------------------------------------------------------------------------------------
 * Status codes and errors
 * ------------------------------------------------------------------------------------------------------------- */

/** Result of every function that can fail. The values are stable; new ones may be added at the end. */
typedef enum nfv_status {
    /** Success. */
    NFV_OK = 0,
    /** nfv_activate() has not succeeded in this process. */
    NFV_ERR_NOT_ACTIVATED = 1,
    /** The license key was rejected; the message names the check that failed. */
    NFV_ERR_LICENSE_INVALID = 2,
    /** The process may not open the camera device (EACCES/EPERM): see the message for what to change. */
    NFV_ERR_CAMERA_PERMISSION_DENIED = 3,
    /** The camera could not be opened (busy, gone) or stopped and could not be restored. */
    NFV_ERR_CAMERA_UNAVAILABLE = 4,
    /** No camera format reaches 20 fps at a width of 640 or more; the message says why. */
    NFV_ERR_UNSUPPORTED_DEVICE = 5,
    /** The reading was captured but no trustworthy heart rate could be recovered. */
    NFV_ERR_NO_HEART_RATE = 6,
    /** An unexpected condition or a call the session's state does not allow; the message says which. */
    NFV_ERR_INTERNAL = 7,
    /** Misuse of the C API: NULL where not allowed, bad JSON, wrong sizes, a stale handle. */
    NFV_ERR_INVALID_ARGUMENT = 8
} nfv_status;

/**
 * Stable name of a status code, as used in JSON error objects: "ok", "notActivated", "licenseInvalid",
 * "cameraPermissionDenied", "cameraUnavailable", "unsupportedDevice", "noHeartRate", "internalError",
 * "invalidArgument"; "unknown" for any other value. Static: do not free it.
 * Threads: any. Errors: none.
 */
NFV_EXPORT const char *nfv_status_name(nfv_status status);

/**
 * The calling thread's last error code from a function that returned a status; NFV_OK when the last such call
 * succeeded. Every nfv_ function that returns an nfv_status sets it (session functions too).
 * Threads: any; each thread has its own. Errors: none.
 */
NFV_EXPORT nfv_status nfv_last_error_code(void);

/**
 * English message for the calling thread's last error ("" after a success), for logs. Owned by the library and
 * valid until the next nfv_ call that returns a status on this thread: copy it to keep it. Never NULL.
 * Threads: any; each thread has its own. Errors: none.
 */
NFV_EXPORT const char *nfv_last_error_message(void);

/**
 * 1 when retrying the call that failed last on this thread can help (a busy camera, say), else 0.
 * Threads: any; each thread has its own. Errors: none.
 */
NFV_EXPORT int nfv_last_error_retryable(void);

/**
 * The calling thread's last error as JSON: {"code":"licenseInvalid","message":"…","retryable":false}
 * ({"code":"ok",…} after a success). The caller owns the string: release it with nfv_string_free().
 * Returns NULL only when memory is exhausted.
 * Threads: any. Errors: none.
 */
NFV_EXPORT char *nfv_last_error_json(void);

/**
 * Releases a string the library returned as `char *`. NULL is a no-op. Never pass other memory.
 * Threads: any. Errors: none.
 */
NFV_EXPORT void nfv_string_free(char *string);

/* ---------------------------------------------------------------------------------------------------------------
 * License (SPEC §9)
 * ------------------------------------------------------------------------------------------------------------- */

/**
 * Activates the library for this process with an offline license key (see docs/license-keys.md).
 *
 * The key's Ed25519 signature is verified against the public key compiled into the library, its `apps` must list
 * the application id, and the library's build date must not be after its `updatesUntil`. Debug builds accept an
 * application id the key does not list and record a warning in the license status; release builds refuse it.
 * A later successful call replaces the earlier activation; a failed call leaves an earlier activation in place.
 *
 * @param license_key  the key text; must not be NULL or empty. Surrounding white space is ignored.
 * @param app_id       the host application's id (for example "com.example.app"), or NULL (or "") to use the name
 *                     of the running executable (the last component of /proc/self/exe).
 * @return NFV_OK; NFV_ERR_LICENSE_INVALID with a message naming the failed check; NFV_ERR_INVALID_ARGUMENT for a
 *         NULL, empty or over-long argument.
 * Threads: any; activation is process-wide and calls are serialized. The key's contents are never logged.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_activate(const char *license_key, const char *app_id);

/**
 * The process's license state as JSON. Before a successful activation: {"activated":false,"warnings":[]}.
 * After: {"activated":true,"licensee":"…","apps":[…],"features":[…],"updatesUntil":"YYYY-MM-DD",
 * "type":"binary"|"source","appId":"…","warnings":[…]}.
 *
 * @param out_json  receives the JSON; the caller releases it with nfv_string_free(). Must not be NULL.
 * @return NFV_OK or NFV_ERR_INVALID_ARGUMENT.
 * Threads: any.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_license_status(char **out_json);

#ifdef __cplusplus
}
#endif

#endif /* NEUROFIT_VITALS_H */
