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
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------------------------
 * Versions
 * ------------------------------------------------------------------------------------------------------------- */

/** SDK version this header describes. */
#define NFV_VERSION_MAJOR 1
#define NFV_VERSION_MINOR 1
#define NFV_VERSION_PATCH 0
/** MAJOR * 1000000 + MINOR * 1000 + PATCH, comparable with nfv_version_number(). */
#define NFV_VERSION_NUMBER (NFV_VERSION_MAJOR * 1000000 + NFV_VERSION_MINOR * 1000 + NFV_VERSION_PATCH)
/** Helper of NFV_VERSION_STRING: the text of a macro argument. */
#define NFV_STR_(x) #x
/** Helper of NFV_VERSION_STRING: the text of a macro's value. */
#define NFV_STR(x) NFV_STR_(x)
/** The SDK version as text, "MAJOR.MINOR.PATCH" built from the macros above (e.g. "1.0.0"). */
#define NFV_VERSION_STRING NFV_STR(NFV_VERSION_MAJOR) "." NFV_STR(NFV_VERSION_MINOR) "." NFV_STR(NFV_VERSION_PATCH)

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
    /** An unexpected condition: a bug in the library or a failure of the system; the message says which. */
    NFV_ERR_INTERNAL = 7,
    /** Misuse of the C API: NULL where not allowed, bad JSON, wrong sizes, a stale handle. */
    NFV_ERR_INVALID_ARGUMENT = 8,
    /** A call the session's state does not allow (like SQLITE_MISUSE): choosing a source, recording or callback
     *  after start or a second source, starting a stopped or finished session, submitting frames before start. */
    NFV_ERR_MISUSE = 9,
    /** Not an error: nfv_session_next_event() waited its whole time-out without an event. */
    NFV_TIMEOUT = 100,
    /** Not an error: the session's event stream has ended; no event will come again. From the submit calls: the
     *  session has ended (its duration was captured, it was stopped or it failed): stop feeding frames. */
    NFV_DONE = 101
} nfv_status;

/**
 * Stable name of a status code, as used in JSON error objects: "ok", "notActivated", "licenseInvalid",
 * "cameraPermissionDenied", "cameraUnavailable", "unsupportedDevice", "noHeartRate", "internalError",
 * "invalidArgument", "misuse", "timeout", "done"; "unknown" for any other value. Static: do not free it.
 * Threads: any. Errors: none.
 */
NFV_EXPORT const char *nfv_status_name(nfv_status status);

/**
 * The calling thread's last error code from a function that returned a status; NFV_OK when the last such call
 * succeeded, NFV_DONE when a submit call returned it. Every nfv_ function that returns an nfv_status sets it
 * (session functions too).
 * Threads: any; each thread has its own. Errors: none.
 */
NFV_EXPORT nfv_status nfv_last_error_code(void);

/**
 * English message for the calling thread's last error ("" after a success; after NFV_DONE from a submit call, why
 * the host should stop feeding), for logs. Owned by the library and
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
 * The calling thread's last error as JSON: {"code":"licenseInvalid","message":"…","retryable":false,
 * "reason":"appNotListed"} ("reason" only for license failures, see nfv_activate(); {"code":"ok",…} after a
 * success). The caller owns the string: release it with nfv_string_free().
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
 * Logging
 * ------------------------------------------------------------------------------------------------------------- */

/**
 * Receives one log line (NUL-terminated UTF-8, no trailing newline), valid only during the call. Called on library
 * threads, possibly several at once: it must be thread-safe, quick, and must not call back into the library.
 */
typedef void (*nfv_log_fn)(void *user_data, const char *message);

/**
 * Turns the library's diagnostic log on (1) or off (0, the default). Process-wide. When on, state transitions and
 * capture decisions are logged — never metric values, frames or license contents — to the callback set with
 * nfv_set_log_callback(), or to standard error. Nothing is formatted while it is off. Threads: any. Errors: none.
 */
NFV_EXPORT void nfv_set_logging(int enabled);

/**
 * Sends log lines to `callback` (NULL: back to standard error). `user_data` must stay valid until the callback is
 * replaced. Threads: any. Errors: none.
 */
NFV_EXPORT void nfv_set_log_callback(nfv_log_fn callback, void *user_data);

/* ---------------------------------------------------------------------------------------------------------------
 * License
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
 * @return NFV_OK; NFV_ERR_LICENSE_INVALID with a message naming the failed check and, in nfv_last_error_json(),
 *         a "reason" a program can act on: "malformed" (not a key: empty, cut short, bad base64, bad payload),
 *         "badSignature" (altered, or signed by another vendor key), "updatesExpired" (this library was built after
 *         the key's updatesUntil), "appNotListed" (the key does not list app_id), "noTrustedKey" (this build
 *         trusts no signing key); NFV_ERR_INVALID_ARGUMENT for a NULL, empty or over-long argument.
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


/* ---------------------------------------------------------------------------------------------------------------
 * Sessions
 *
 * A session runs one reading: create it, optionally choose a source (default: the default camera), set a
 * callback or pull events, start it, and read events until `completed` or `failed`. Its states, start gate, cancel
 * checks and camera recovery are described in docs/behaviour.md, its events in docs/events.md:
 *
 *     nfv_session *session = NULL;
 *     char *json;
 *     nfv_event_kind kind;
 *     nfv_status status;
 *     if (nfv_session_new(NULL, &session) != NFV_OK ||        (NULL: the default configuration)
 *         nfv_session_use_simulator(session, NULL) != NFV_OK ||  (optional; without it the default camera is used)
 *         nfv_session_start(session) != NFV_OK) {
 *         fprintf(stderr, "%s\n", nfv_last_error_message());
 *     } else {
 *         while ((status = nfv_session_next_event_v2(session, 1000, &kind, &json)) != NFV_DONE) {
 *             if (status == NFV_OK) { ... switch (kind) ...; nfv_string_free(json); }
 *             else if (status != NFV_TIMEOUT) { fprintf(stderr, "%s\n", nfv_last_error_message()); break; }
 *         }
 *     }
 *     nfv_session_destroy(session);              (NULL is a no-op)
 *
 * Threads: every session function may be called from any thread, including from inside the session's own event
 * callback (stop and destroy too). Most return after enqueueing a command. These wait:
 *   - nfv_session_start, until the source has opened or failed (a camera: device set-up, torch on, stream on);
 *   - nfv_session_next_event, until an event arrives or its time-out passes;
 *   - nfv_session_stop and nfv_session_destroy of a camera session, until the capture thread has released the
 *     camera (stream off, buffers unmapped, torch off, device closed). The capture thread looks for a stop at least
 *     every 0.1 s (every 0.25 s while it waits for a lost camera), so this takes a fraction of a second unless the
 *     camera driver itself is slow to answer. Other sources are released without waiting;
 *   - nfv_session_destroy, in addition, until an event callback running on the event thread has returned (not
 *     when called from inside that callback) — never for the final analysis (see nfv_session_destroy());
 *   - nfv_session_submit_frame reduces the frame on the calling thread (time grows with the frame's size).
 * Events are never delivered synchronously inside a call: they come from the session's event thread, in order,
 * or from nfv_session_next_event on the caller's thread — one consumer per session.
 *
 * Errors of a session call are reported like every other call: a status plus the calling thread's last error.
 * A stale or foreign handle is NFV_ERR_INVALID_ARGUMENT, never a crash.
 * ------------------------------------------------------------------------------------------------------------- */

/** A reading session. Opaque; created by nfv_session_new(), released by nfv_session_destroy(). */
typedef struct nfv_session nfv_session;

/**
 * Receives one event: a JSON object with a "type" (docs/events.md). `event_json` is valid only during the call: copy it
 * to keep it. Called on the session's event thread, one call at a time, in order. The callback may call any
 * nfv_session_ function on its own session, including nfv_session_stop() and nfv_session_destroy(); it must not
 * block for long (events queue up behind it).
 */
typedef void (*nfv_event_fn)(void *user_data, const char *event_json);

/**
 * What an event is: its "type" as a number, handed beside the JSON by nfv_session_set_callback_v2() and
 * nfv_session_next_event_v2(), so a host decides what to do next without reading the JSON. The values are stable;
 * new kinds may be added at the end (treat an unknown value as an event to ignore). Since 1.1.
 */
typedef enum nfv_event_kind {
    /* BEGIN GENERATED by scripts/generate from docs/contract.json: do not edit by hand up to END GENERATED */
    /** "state": every transition (not the measuring ticks). */
    NFV_EVENT_STATE = 1,
    /** "guidance": about once per second while positioning. */
    NFV_EVENT_GUIDANCE = 2,
    /** "started": a reading began; an empty `preview` follows at once. */
    NFV_EVENT_STARTED = 3,
    /** "preview": about once per second while measuring. */
    NFV_EVENT_PREVIEW = 4,
    /** "heartbeat": each detected beat while measuring. */
    NFV_EVENT_HEARTBEAT = 5,
    /** "cancelled": an attempt was abandoned; back to positioning (or idle). */
    NFV_EVENT_CANCELLED = 6,
    /** "reconfiguringCamera": the camera dropped to a lower frame-rate tier. */
    NFV_EVENT_RECONFIGURING_CAMERA = 7,
    /** "recoverableError": the camera stopped delivering frames and was restarted (once per session). */
    NFV_EVENT_RECOVERABLE_ERROR = 8,
    /** "measurementComplete": the duration was captured; the result follows. */
    NFV_EVENT_MEASUREMENT_COMPLETE = 9,
    /** "completed": the result; the stream ends after the following `state`. */
    NFV_EVENT_COMPLETED = 10,
    /** "failed": the session ended without a result. */
    NFV_EVENT_FAILED = 11,
    /** "recordingError": writing the recording failed; the reading goes on. */
    NFV_EVENT_RECORDING_ERROR = 12
    /* END GENERATED */
} nfv_event_kind;

/**
 * The event "type" of `kind` ("state", "measurementComplete", …), or NULL for a value this library does not know.
 * Static: do not free it. Threads: any. Errors: none. Since 1.1.
 */
NFV_EXPORT const char *nfv_event_kind_name(nfv_event_kind kind);

/**
 * Receives one event with its kind: `event_json` is the JSON object nfv_event_fn receives (valid only during the
 * call). Called on the session's event thread, one call at a time, in order; it may call any nfv_session_ function
 * on its own session, including nfv_session_destroy(). Since 1.1.
 */
typedef void (*nfv_event_fn_v2)(void *user_data, nfv_event_kind kind, const char *event_json);

/**
 * Told once that the library will not call the event callback again and no longer holds `user_data`
 * (nfv_session_set_callback_v2()): the host may free it there; it also marks the end of the event stream. Since 1.1.
 */
typedef void (*nfv_release_fn)(void *user_data);

/** Pixel layouts accepted by nfv_session_submit_frame(). */
typedef enum nfv_pixel_format {
    /** Packed 8-bit R, G, B. Stride >= 3 * width. */
    NFV_PIXEL_RGB24 = 1,
    /** Packed 8-bit B, G, R. Stride >= 3 * width. */
    NFV_PIXEL_BGR24 = 2,
    /** Packed 8-bit R, G, B, A. Stride >= 4 * width. */
    NFV_PIXEL_RGBA = 3,
    /** Packed 8-bit B, G, R, A. Stride >= 4 * width. */
    NFV_PIXEL_BGRA = 4,
    /** YUV 4:2:2 packed as Y0 U Y1 V; an odd width ends with a whole Y0 U Y1 V group. Stride >= 4 * ceil(width / 2). */
    NFV_PIXEL_YUYV = 5,
    /** YUV 4:2:0: a Y plane (`height` rows), then an interleaved U/V plane of ceil(height / 2) rows of ceil(width / 2)
     *  U/V pairs, both with `stride`. Stride >= width rounded up to even. */
    NFV_PIXEL_NV12 = 6,
    /** YUV 4:2:0: a Y plane (`height` rows of `stride`), then U and V planes of ceil(height / 2) rows of
     *  ceil(width / 2) samples, each with stride ceil(stride / 2). Stride >= width. */
    NFV_PIXEL_I420 = 7,
    /** YUV 4:2:0 as NV12 with V before U in each chroma pair (Android's camera preview default). Since 1.1. */
    NFV_PIXEL_NV21 = 8
} nfv_pixel_format;

/**
 * Creates a session.
 *
 * @param config_json  NULL (or "") for the defaults, or a JSON object with the configuration of docs/configuration.md
 *                     (readingDuration, autoRestartAfterCancel, motionBreathing, advanced).
 * @param out_session  receives the new session; set to NULL on failure. Must not be NULL.
 * @return NFV_OK; NFV_ERR_INVALID_ARGUMENT with "Invalid configuration: <detail>" for malformed JSON, an unknown
 *         key, a wrong type or a value the rules forbid (the detail names the key; docs/configuration.md lists
 *         every message; the iOS SDK reports the same message as internalError). Activation is checked by
 *         nfv_session_start() (only the camera and host frames need it).
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_new(const char *config_json, nfv_session **out_session);

/**
 * Ends the session if it is running (like nfv_session_stop()) and releases the handle: any later call with it
 * returns NFV_ERR_INVALID_ARGUMENT. NULL is a no-op. Threads: any, including the session's own callbacks.
 *
 * Event callback (nfv_session_set_callback()): destroy first waits for a call under way on the event thread to
 * return (not when called from inside it, which then finishes normally). Then one of two things holds:
 *   - the callback has not been called with `measurementComplete`: it is not called again, and `user_data` may be
 *     released as soon as destroy returns (after the callback returns, when destroy was called inside it);
 *   - it has, and has not yet been called with the result (destroy called from inside the `measurementComplete`
 *     call, or after it): the session keeps itself alive until it has delivered the result, as the mobile SDKs do.
 *     The callback goes on being called on the event thread, in order, with the remaining events up to the
 *     `completed` or `failed` event, and never after that call returns (the `state` event that follows it is not
 *     delivered). destroy does not wait for them: the host keeps the callback's code and `user_data` valid until
 *     that call, which may release them.
 * The version 2 callback (nfv_session_set_callback_v2()) is told which: its release notice comes once no call can
 * follow (inside destroy in the first case, right after the result in the second). With the 1.0 callback a host
 * tells them apart with flags its callback sets on `measurementComplete` and on the result, read after destroy.
 * The camera is released before destroy returns in both cases; preview callbacks stop at once (below). Events not
 * pulled with nfv_session_next_event() are dropped. The library frees the session's memory once its threads have
 * finished (after the result, in the second case).
 */
NFV_EXPORT void nfv_session_destroy(nfv_session *session);

/**
 * Reads frames pushed by the host with nfv_session_submit_frame(), nfv_session_submit_means() and
 * nfv_session_submit_motion() instead of a camera. Before the first start only. A session has one source: once
 * one nfv_session_use_* call succeeded, another returns NFV_ERR_MISUSE ("A source was already chosen: …").
 *
 * @param fps_tier  the frame rate the host's camera runs at (20, 30 or 60, say); frames arriving below 70 % of it
 *                  produce `frameDrop` guidance. 1…240.
 * @return NFV_OK; NFV_ERR_INVALID_ARGUMENT (bad handle or tier); NFV_ERR_MISUSE after start or when a source was
 *         already chosen.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_use_host_frames(nfv_session *session, int fps_tier);

/**
 * Reads a simulated fingertip (the engine's synthetic PPG): for development without a camera, demos and tests.
 * Needs no activation. Before the first start only.
 *
 * @param options_json  NULL for a resting adult at 70 bpm, or a JSON object with any of: "heartRateBpm" (30–220),
 *                      "rmssdMs" (0–200), "breathingRateBrpm" (4–40), "noise" (counts, 0–5), "fps" (10–120),
 *                      "seed" (integer), "realTime" (default true; false: as fast as the session consumes),
 *                      "scenario": [{"at": s, "for": s, "condition": "noContact"|"lifted"|"motion"|"weak"|
 *                      "saturated"|"stall"|"frameLoss"}…] (see docs/simulator.md).
 * @return NFV_OK; NFV_ERR_INVALID_ARGUMENT naming a bad option; NFV_ERR_MISUSE after start or when a source was
 *         already chosen.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_use_simulator(nfv_session *session, const char *options_json);

/**
 * Replays a file instead of a camera: a recording made with nfv_session_record() (docs/recording-format.md), a CSV
 * of per-frame means (header `timestamp_s,red,green,blue`; decimal numbers, means in 0…255, lines of at most 4096
 * bytes, read up to the first frame 3600 s after the first) or an uncompressed Y4M video (4:2:0, 4:2:2, 4:4:4 or
 * mono). A recording replays with its own configuration unless the session was created with one, and reproduces
 * the live session's events and result byte for byte. Before the first start only.
 *
 * @param path       the file; must not be NULL or empty; a regular file (a FIFO or device is refused, never waited on).
 * @param real_time  1: pace frames at their timestamps; 0: as fast as the session consumes.
 * @return NFV_OK; NFV_ERR_INVALID_ARGUMENT for a bad handle, or a missing, unreadable, malformed or non-regular file,
 *         or a CSV or Y4M whose frame rate is outside 1…240 fps (the message names it and the problem);
 *         NFV_ERR_MISUSE after start or when a source was already chosen.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_use_replay(nfv_session *session, const char *path, int real_time);

/**
 * Writes what the session consumes (per-frame timestamps and channel means, motion samples, host commands, camera
 * notices, the configuration; never frames) to `path`, flushed at least once per second of sample time so a killed
 * process leaves a readable file. A write failure (disk full, file removed) is reported by a `recordingError` event;
 * the reading goes on. Before the first start only; nfv_session_start() creates the file under a temporary name
 * beside `path` (".NAME.partial-XXXXXX"), which replaces `path` when the first frame is recorded (or when the session
 * ends before one), so an existing file is never truncated before the reading begins; the file is closed when the
 * session ends or first goes idle (a cancel without auto-restart): a later nfv_session_start() is not recorded.
 *
 * @return NFV_OK; NFV_ERR_INVALID_ARGUMENT for a bad handle or path; NFV_ERR_MISUSE after start.
 *         nfv_session_start() returns NFV_ERR_INVALID_ARGUMENT when the file cannot be created, when `path` is the
 *         file being replayed (the same device and inode: also through a link) or exists and is not a regular file.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_record(nfv_session *session, const char *path);

/**
 * Delivers events to `callback` (on the session's event thread) instead of nfv_session_next_event(). Before the
 * first start only. `user_data` is passed back untouched; it must stay valid until nfv_session_destroy() returns,
 * or, when the callback had already been called with `measurementComplete`, until the call with the `completed` or
 * `failed` event (see nfv_session_destroy()).
 *
 * @return NFV_OK; NFV_ERR_INVALID_ARGUMENT for a bad handle or a NULL callback; NFV_ERR_MISUSE after start.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_set_callback(nfv_session *session, nfv_event_fn callback,
                                                                void *user_data);

/**
 * Delivers events to `callback` with their kind (on the session's event thread) instead of
 * nfv_session_next_event_v2(), and takes over the lifetime of `user_data`: the library decides when no callback can
 * follow and then calls `release(user_data)` exactly once (NULL: nobody to tell), so a binding keeps no state of its
 * own about the session's end. That moment is the first of:
 *   - the end of the event stream (the session completed, failed or was stopped): on the event thread, right after
 *     the callback's call with the stream's last event (the final `state`) returned;
 *   - nfv_session_destroy(), when the callback has not been handed NFV_EVENT_MEASUREMENT_COMPLETE: inside destroy,
 *     after a callback under way on the event thread returned (when destroy is called from inside the callback, as
 *     that callback returns);
 *   - after nfv_session_destroy(), when the callback has been handed NFV_EVENT_MEASUREMENT_COMPLETE and not yet the
 *     outcome (the result is owed): the callback goes on being called, in order, up to the NFV_EVENT_COMPLETED or
 *     NFV_EVENT_FAILED event, and `release` is called on the event thread right after that call returns.
 * So it comes at the latest with nfv_session_destroy() (or right after the owed outcome), never when this call
 * fails. Before the first start only; replaces a callback set before (whose `release` is then not called).
 * Since 1.1.
 *
 * @return NFV_OK; NFV_ERR_INVALID_ARGUMENT for a bad handle or a NULL callback; NFV_ERR_MISUSE after start.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_set_callback_v2(nfv_session *session, nfv_event_fn_v2 callback,
                                                                   void *user_data, nfv_release_fn release);

/**
 * Receives one preview frame: `width` x `height` packed 8-bit R, G, B pixels (`width` <= 160), `stride` bytes from
 * one row to the next, showing the source's frame at `timestamp_us` (its sample time). `rgb` is valid only during
 * the call: copy it to keep it. Called on the session's preview thread (not the event thread), one call at a time.
 * It must not call nfv_session_destroy() on its own session.
 */
typedef void (*nfv_preview_callback)(const uint8_t *rgb, int width, int height, int stride, int64_t timestamp_us,
                                     void *user_data);

/**
 * Hands the host small RGB pictures of what the source sees (for a preview of the fingertip and its red glow): at
 * most `max_fps` per second of sample time on average (1...60; 0: 15), at most `max_fps` + 1 in any one second, and
 * never two closer than half of 1 / `max_fps` (a late frame is not followed by a punctual one). The camera and host frames (nfv_session_submit_frame(),
 * every pixel format) give previews of their pixels; the simulator paints an 80 x 60 lit fingertip whose mean colour
 * is the simulated frame's channel means; channel means (nfv_session_submit_means()) and replays give none. Capture
 * never waits for the callback: while it runs, newer frames replace each other in a single slot and only the newest
 * is delivered. Frames are scaled (or painted) only while a callback is set. Before the first start only; a NULL
 * `fn` removes the callback. `user_data` is passed back untouched; it must stay valid until nfv_session_destroy()
 * returns, after which no call is made (nfv_session_destroy() waits for a call under way).
 *
 * @return NFV_OK; NFV_ERR_INVALID_ARGUMENT for a bad handle or a `max_fps` outside 0...60; NFV_ERR_MISUSE after
 *         start.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_set_preview_callback(nfv_session *session, nfv_preview_callback fn,
                                                                        void *user_data, int max_fps);

/**
 * Opens the source and starts positioning; again after a cancel that left the session idle.
 *
 * @return NFV_OK; NFV_ERR_NOT_ACTIVATED (the camera and host frames need nfv_activate()); the source's
 *         errors (NFV_ERR_CAMERA_PERMISSION_DENIED, NFV_ERR_CAMERA_UNAVAILABLE, NFV_ERR_UNSUPPORTED_DEVICE, a missing
 *         or unreadable file as NFV_ERR_INVALID_ARGUMENT); NFV_ERR_MISUSE when already running ("The session is
 *         already running"), finished ("The session has finished; create a new session") or stopped ("The session
 *         was stopped; create a new session"). A failed start leaves the session as it was.
 * Threads: any; waits until the source has opened or failed.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_start(nfv_session *session);

/**
 * Waits up to `timeout_ms` for the session's next event (for hosts that prefer pulling to a callback).
 *
 * Before the first start it waits too (a start may come from another thread) and returns NFV_TIMEOUT when none
 * came in time; it never returns at once unless `timeout_ms` is 0, so a loop on it does not spin.
 *
 * @param timeout_ms  milliseconds to wait: 0 does not wait, a negative value waits until an event or the end.
 * @param out_json    receives the event JSON (release it with nfv_string_free()), or NULL with NFV_TIMEOUT and
 *                    NFV_DONE. Must not be NULL.
 * @return NFV_OK with an event; NFV_TIMEOUT when none came in time; NFV_DONE when no event will ever come: the
 *         stream has ended (after `completed`/`failed`, or after stop), the last nfv_session_start() failed (a later
 *         successful start opens the stream again), or another thread destroyed the session while this call
 *         waited (do not use the handle afterwards); NFV_ERR_INVALID_ARGUMENT for a bad handle or when the session
 *         has a callback; NFV_ERR_MISUSE while another thread is inside this call for the same session (each would
 *         get part of the events).
 * Events wait for the host without limit up to 4096 unread; beyond that the oldest guidance, preview and heartbeat
 * events (then other events of an attempt) are dropped, never `measurementComplete`, the outcome or a final state,
 * and the result's diagnostics count them (`events_dropped`).
 * Threads: any, one consumer at a time.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_next_event(nfv_session *session, int timeout_ms,
                                                              char **out_json);

/**
 * nfv_session_next_event() that also hands over the event's kind, so the host need not read the JSON to know what
 * came. Same waits, statuses and threading.
 *
 * @param out_kind  receives the event's kind with NFV_OK, 0 otherwise. Must not be NULL.
 * @param out_json  as for nfv_session_next_event(). Must not be NULL.
 * Since 1.1.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_next_event_v2(nfv_session *session, int timeout_ms,
                                                                 nfv_event_kind *out_kind, char **out_json);

/**
 * Cancels the reading in progress: `cancelled` with reason "cancelledByApp" and `reason` as its detail, then back
 * to positioning (or idle without auto-restart). Ignored while positioning (there is nothing to cancel).
 *
 * @param reason  the host's reason, logged as the cancel's detail token; NULL means "host".
 * @return NFV_OK, or NFV_ERR_INVALID_ARGUMENT for a bad handle or reason.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_cancel_reading(nfv_session *session, const char *reason);

/**
 * While `enabled` is 0, positioning continues (guidance flows, the start gate fills) but no reading starts;
 * 1 (the default) starts the next reading as soon as the gate is full. A reading in progress is unaffected.
 * @return NFV_OK, or NFV_ERR_INVALID_ARGUMENT for a bad handle.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_set_auto_start(nfv_session *session, int enabled);

/**
 * Whether a reading may start on its own: the value nfv_session_set_auto_start() last set, 1 by default.
 *
 * @param out_enabled  receives 1 or 0.
 * @return NFV_OK, or NFV_ERR_INVALID_ARGUMENT for a bad handle or a NULL out_enabled.
 * Threads: any; may wait while the session handles one frame.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_get_auto_start(nfv_session *session, int *out_enabled);

/**
 * Ends the session: final and idempotent. The source (camera, torch, file) is released at once. Before
 * `measurementComplete` the session ends without a result (`state` idle, then the stream ends); after it the
 * result is still delivered. Safe from any thread and from inside the event callback.
 * @return NFV_OK, or NFV_ERR_INVALID_ARGUMENT for a bad handle.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_stop(nfv_session *session);

/**
 * The session's current state as JSON: {"state":"idle"}, {"state":"positioning"},
 * {"state":"measuring","elapsed":12}, {"state":"finalizing"}, and with "result" or "error" when completed or failed
 * (docs/behaviour.md, "States"). It is "positioning" as soon as a successful nfv_session_start() returns; while
 * measuring, "elapsed" is the latest preview's (it ticks about once a second, with no `state` event for it).
 * @param out_json  receives the JSON; release it with nfv_string_free(). Must not be NULL.
 * @return NFV_OK; NFV_ERR_INVALID_ARGUMENT for a bad handle or a NULL out_json (then nothing is written).
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_state(nfv_session *session, char **out_json);

/**
 * Hands one camera frame to a host-frames session (nfv_session_use_host_frames()). The frame is reduced on the
 * calling thread (the means of a central region and the share of clipped red pixels) without copying it; the
 * library keeps no pointer to `pixels` after the call.
 *
 * @param pixels        the frame's first byte; `size` bytes readable.
 * @param size          bytes at `pixels`: at least what `format`, `width`, `height` and `stride` need.
 * @param width,height  frame size in pixels, 1…16384 each; odd sizes are fine in every format (see
 *                      nfv_pixel_format for the chroma planes they imply).
 * @param stride        bytes per row of the first plane (0 means tightly packed), at most 1048576.
 * @param timestamp_us  capture time in microseconds on a monotonic clock; must increase from frame to frame.
 * @return NFV_OK; NFV_DONE once the session has ended (its duration was captured, it was stopped or it failed):
 *         stop feeding frames; the message says so and the events still tell how it ended (this can come before
 *         the host has read `measurementComplete`). NFV_ERR_INVALID_ARGUMENT for a NULL pointer, a negative size
 *         or stride (a host passed -1), a size or stride too small, a size out of range, an unknown format or a
 *         timestamp that does not increase (the frame is ignored; nothing received before is lost);
 *         NFV_ERR_MISUSE before start, while idle after a cancel ("call start first") or on a session whose source
 *         is not host frames, checked before the arguments.
 * Back-pressure: when the host submits faster than the session consumes, the call waits while 512 frames are
 * queued, so memory stays bounded whatever the host's pace (never call it from a context that must not wait).
 * Threads: any; one producer at a time keeps frames in order.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_submit_frame(nfv_session *session, const void *pixels, size_t size,
                                                                nfv_pixel_format format, int width, int height,
                                                                int stride, int64_t timestamp_us);

/**
 * Hands one already-reduced frame (channel means of the fingertip region, 0…255) to a host-frames session.
 *
 * @param saturated_fraction  share of the region's pixels with clipped red (0…1), or a negative value if unknown.
 * @return as nfv_session_submit_frame(); also NFV_ERR_INVALID_ARGUMENT for a mean outside 0…255 or not finite.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_submit_means(nfv_session *session, int64_t timestamp_us,
                                                                double red, double green, double blue,
                                                                double saturated_fraction);

/**
 * Hands one accelerometer sample (m/s², gravity included) to a session reading host frames or a camera; it feeds the
 * breathing rate when the configuration's motionBreathing is on, and is recorded. `timestamp_us` is on the frames'
 * clock: the host's own for host frames; CLOCK_MONOTONIC for a camera (V4L2 stamps its frames with it), e.g.
 * clock_gettime(CLOCK_MONOTONIC) when the sample was taken. Timestamps must increase from sample to sample.
 * A camera session with motionBreathing on reads the device's IIO accelerometer itself when it has one
 * (docs/camera.md; the result's diagnostics say `motion_source`: "iio:<name>"); the host's samples are then refused.
 *
 * @return NFV_OK; NFV_DONE once the session has ended (stop feeding); NFV_ERR_INVALID_ARGUMENT for a value that is
 *         not finite or not below 1000 m/s² in magnitude, or a timestamp that does not increase (the sample is
 *         ignored); NFV_ERR_MISUSE before start, while idle after a cancel, on a simulator or replay session (they
 *         run on their own clocks and bring their own motion: "… takes no motion samples from the host"), and on a
 *         camera session that reads an accelerometer itself ("… reads the accelerometer iio:<name> itself").
 * Threads: any; one producer at a time keeps samples in order.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_submit_motion(nfv_session *session, int64_t timestamp_us,
                                                                 double x, double y, double z);

/* ---------------------------------------------------------------------------------------------------------------
 * Batch analysis
 * ------------------------------------------------------------------------------------------------------------- */

/**
 * Analyses a recorded reading in one call, without a session or a license: the same final analysis a session runs
 * at the end of a reading. Frame i was taken at timestamps_s[i] (seconds, any origin, increasing; frames whose
 * timestamp does not increase are skipped) and has the channel means red[i], green[i], blue[i] (0…255).
 *
 * @param options_json NULL or "" for the defaults, else the session configuration JSON (nfv_session_new): its
 *        advanced.consistencyGate, advanced.mergedIntervalFix, advanced.minAmplitude and motionBreathing apply.
 * @param out_result_json receives the result object (docs/events.md: the metrics, breathingRateConfidence,
 *        quality, confidence, flags, diagnostics, …, without the reading's id, capturedAt and sdkVersion; sorted
 *        keys, absent optionals left out), freed with nfv_string_free(); NULL on failure.
 * @return NFV_OK; NFV_ERR_NO_HEART_RATE when the reading holds no trustworthy heart rate (the message names why);
 *         NFV_ERR_INVALID_ARGUMENT for NULL arrays with count > 0, a NULL output, non-finite values or a bad
 *         options_json. Threads: any; the call is pure (same input, byte-identical output).
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_analyze(const double *timestamps_s, const double *red, const double *green,
                                                  const double *blue, size_t count, const char *options_json,
                                                  char **out_result_json);

/**
 * Compares two readings, before and after something the user did: for each metric, the two values, their
 * difference and whether it is larger than two readings of a resting person typically differ: the metrics table of
 * docs/events.md gives each metric's threshold (heart rate 5 bpm, RMSSD 10 ms, breathing rate 2 breaths a minute;
 * the others have none). The output object has one member per metric of that table, keyed as in a result. Each is
 * {"baseline","followUp","delta" (followUp − baseline),"beyondTypicalVariation" (|delta| > threshold; null for a
 * metric without one)}, or null when either reading lacks the metric.
 *
 * @param baseline_json   the earlier reading: a result JSON object (a session's result, nfv_analyze()); other keys
 *                        are ignored, a missing or null metric counts as absent. Must not be NULL or empty.
 * @param follow_up_json  the later reading, the same way.
 * @param out_json        receives the comparison; release it with nfv_string_free(). NULL on failure.
 * @return NFV_OK; NFV_ERR_INVALID_ARGUMENT (the message names the argument) for a NULL or empty text, text that is
 *         not a JSON object, a compared metric that is neither a number nor null, or a NULL out_json.
 * Threads: any; the call is pure.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_compare(const char *baseline_json, const char *follow_up_json,
                                                  char **out_json);

/* ---------------------------------------------------------------------------------------------------------------
 * Cameras
 *
 * V4L2 cameras through libv4l2 (docs/camera.md). Discovery, device support and camera access open no stream and
 * reserve nothing. A camera device is named by its node ("/dev/video0"), by a stable id from nfv_cameras(), or by
 * its facing: "back", "front" or "external" (the first supported camera facing that way, one with a torch first).
 * NULL (or "") means the default camera: a supported back camera with a torch, else the first supported camera.
 * ------------------------------------------------------------------------------------------------------------- */

/**
 * Lists the cameras as a JSON array, in node order; empty ("[]") when there is none. Each element:
 * {"id","name","path","driver","bus","formats":[{"format":"YUYV","width":640,"height":480,"maxFps":30,
 * "emulated":false}…],"fpsTiers":[30,20],"fpsTier":30|null,"captureMode":"YUYV 640x480@30","hasTorch":bool,
 * "torch":"flash-subdevice:/dev/v4l-subdev2","isSupported":bool,"reason":"…","facing":"back","sensorRotation":90}
 * (`captureMode`, `torch`, `reason` and `sensorRotation` only when they apply). `facing` is "front", "back",
 * "external" or "unknown", from the driver's V4L2_CID_CAMERA_ORIENTATION control (phones and tablets have it, most
 * webcams do not); `sensorRotation` is V4L2_CID_CAMERA_SENSOR_ROTATION, the degrees the image must be turned
 * clockwise to look upright. Metadata nodes and subdevices are not cameras; formats libv4l2 emulates are
 * listed with "emulated":true and never used.
 *
 * @param out_json  receives the JSON; release it with nfv_string_free(). Must not be NULL.
 * @return NFV_OK or NFV_ERR_INVALID_ARGUMENT.
 * Threads: any.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_cameras(char **out_json);

/**
 * Device support of a camera, without opening a stream: {"isSupported":bool,
 * "hasCamera":bool,"hasTorch":bool,"fpsTier":60|30|20|null,"reason":"…"|null,"hasAccelerometer":bool,
 * "accelerometer":"iio:<name>"|null}. `fpsTier` is the highest tier of
 * [60, 30, 20] a native format reaches at width ≥ 640; `reason` says why `isSupported` is false ("No camera
 * found…", "No capture format reaches 20 fps at 640 px", a permission problem…). A torch is used when present,
 * not required; so is the IIO accelerometer a camera reading with motionBreathing reads for the breathing rate
 * (`accelerometer` names it; found under /sys/bus/iio/devices, or NFV_IIO_ROOT, docs/camera.md).
 *
 * @param device    a device path, stable id or facing ("back"…), or NULL (or "") for the default camera.
 * @param out_json  receives the JSON; release it with nfv_string_free(). Must not be NULL.
 * @return NFV_OK (also when unsupported: the answer is in the JSON) or NFV_ERR_INVALID_ARGUMENT.
 * Threads: any.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_device_support(const char *device, char **out_json);

/**
 * Camera access: whether this process may open the camera's node. There is no prompt
 * on Linux: {"authorization":"authorized"} or {"authorization":"denied","reason":"…"} with what to change (for
 * example membership of the `video` group).
 *
 * @param device    a device path, stable id or facing ("back"…), or NULL (or "") for the first camera (else the
 *                  first video node).
 * @param out_json  receives the JSON; release it with nfv_string_free(). Must not be NULL.
 * @return NFV_OK or NFV_ERR_INVALID_ARGUMENT.
 * Threads: any.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_camera_access(const char *device, char **out_json);

/**
 * Reads a camera: the torch on when there is one (never left on after stop, destroy, failure, exit() or the
 * process being killed), exposure tuned and locked where the camera has manual exposure, the frame-rate tier
 * dropped in place when the camera cannot hold it, stalls and unplugs recovered within 10 s (docs/behaviour.md,
 * "Camera health"). The camera is found now; it is opened by nfv_session_start(). Before the first start only.
 * With the configuration's motionBreathing on (the default), the session also polls the first IIO accelerometer
 * (/sys/bus/iio/devices, or NFV_IIO_ROOT; none: breathing from the pulse alone) at about 50 Hz on the frames'
 * clock while the camera runs; without one, the host may send its own with nfv_session_submit_motion().
 *
 * @param device  a device path, a stable id, "back"/"front"/"external" (by facing), or NULL (or "" or "default")
 *                for the default camera (a back camera with a torch preferred).
 * @return NFV_OK; NFV_ERR_NOT_ACTIVATED before any camera search when no license is active;
 *         NFV_ERR_CAMERA_UNAVAILABLE (no such camera, or none facing that way: not retryable),
 *         NFV_ERR_CAMERA_PERMISSION_DENIED (the message names the `video` group), NFV_ERR_UNSUPPORTED_DEVICE (no
 *         format reaches 20 fps at 640 px, with the reason);
 *         NFV_ERR_INVALID_ARGUMENT for a bad handle or string; NFV_ERR_MISUSE after start.
 */
NFV_EXPORT NFV_WARN_UNUSED nfv_status nfv_session_use_camera(nfv_session *session, const char *device);

#ifdef __cplusplus
}
#endif

#endif /* NEUROFIT_VITALS_H */
