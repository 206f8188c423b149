// neurofit_vitals.hpp — header-only C++17 wrapper of the NeurofitVitals C API (include/neurofit_vitals.h).
//
// RAII for sessions and library strings, exceptions for failed calls, std::function callbacks, and typed values:
// events arrive as nfv::Event (kind, JSON text and nfv::EventData, a variant of one struct per event type), results
// as nfv::Result, comparisons as nfv::Change (neurofit_vitals_types.hpp, generated from the wire contract; read with
// the small JSON reader in neurofit_vitals_json.hpp). Functions take the C API's names without the `nfv_` prefix.
// Every rule of the C header holds:
// session calls are safe from any thread, event callbacks run on the session's event thread one at a time, preview
// callbacks on its preview thread.
//
//     nfv::Session session;
//     session.use_simulator(R"({"realTime":false})");
//     session.start();
//     while (auto event = session.next(std::chrono::seconds(5))) {
//         if (auto *result = std::get_if<nfv::event::Completed>(&event->data))
//             std::cout << result->result.heart_rate_bpm << " bpm\n";
//     }
#ifndef NEUROFIT_VITALS_HPP
#define NEUROFIT_VITALS_HPP

#include <neurofit_vitals.h>

#include "neurofit_vitals_types.hpp"

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace nfv {

/// A failed library call: the status, its stable code ("invalidArgument", …), the message and whether retrying can
/// help, read from the calling thread's last error right after the call.
class Error : public std::runtime_error {
public:
    Error(nfv_status status, std::string message, bool retryable)
        : std::runtime_error(message), status_(status), retryable_(retryable) {}

    /// The calling thread's last error.
    static Error last() {
        return Error(nfv_last_error_code(), nfv_last_error_message(), nfv_last_error_retryable() != 0);
    }

    /// The C status.
    nfv_status status() const noexcept { return status_; }
    /// The stable code, as in JSON error objects.
    const char *code() const noexcept { return nfv_status_name(status_); }
    /// Whether retrying the call can help (a busy camera, say).
    bool retryable() const noexcept { return retryable_; }

private:
    nfv_status status_;
    bool retryable_;
};

namespace detail {

/// Throws the last error unless `status` is NFV_OK.
inline void check(nfv_status status) {
    if (status != NFV_OK) throw Error::last();
}

/// The outcome of a submit call: true when accepted, false for NFV_DONE (the session has ended: stop feeding).
inline bool fed(nfv_status status) {
    if (status == NFV_DONE) return false;
    check(status);
    return true;
}

/// Copies a library string and releases it with nfv_string_free().
inline std::string take(char *text) {
    if (text == nullptr) return std::string();
    std::string copy(text);
    nfv_string_free(text);
    return copy;
}

/// NULL for an empty string (the C API's "default"), else the text.
inline const char *or_null(const std::string &text) { return text.empty() ? nullptr : text.c_str(); }

}  // namespace detail

/// The library's SDK version ("MAJOR.MINOR.PATCH").
inline std::string version() { return nfv_version_string(); }

/// Whether the loaded library speaks this header's ABI.
inline bool abi_compatible() noexcept { return nfv_abi_version() == NFV_ABI_VERSION; }

/// Activates the library for this process; `app_id` empty = the executable's name. Throws Error.
inline void activate(const std::string &license_key, const std::string &app_id = std::string()) {
    detail::check(nfv_activate(license_key.c_str(), detail::or_null(app_id)));
}

/// The license status JSON.
inline std::string license_status() {
    char *json = nullptr;
    detail::check(nfv_license_status(&json));
    return detail::take(json);
}

/// Turns the library's diagnostic log on or off (to standard error, or to a callback set with the C function
/// nfv_set_log_callback()). Process-wide.
inline void set_logging(bool enabled) noexcept { nfv_set_logging(enabled ? 1 : 0); }

/// The cameras as a JSON array (nfv_cameras(): id, path, facing, formats, fpsTier, hasTorch, isSupported…).
inline std::string cameras() {
    char *json = nullptr;
    detail::check(nfv_cameras(&json));
    return detail::take(json);
}

/// Whether a camera can take readings, as JSON (nfv_device_support()); `device` empty = the default camera.
inline std::string device_support(const std::string &device = std::string()) {
    char *json = nullptr;
    detail::check(nfv_device_support(detail::or_null(device), &json));
    return detail::take(json);
}

/// Whether this process may open a camera, as JSON (nfv_camera_access()); `device` empty = the first camera.
inline std::string camera_access(const std::string &device = std::string()) {
    char *json = nullptr;
    detail::check(nfv_camera_access(detail::or_null(device), &json));
    return detail::take(json);
}

/// The final analysis of a recorded reading from per-frame channel means (nfv_analyze()): its Result (the JSON
/// text in Result::json). The four vectors must have the same length; `options_json` empty = the defaults. Throws
/// Error (NFV_ERR_NO_HEART_RATE when the reading holds no trustworthy heart rate, NFV_ERR_INVALID_ARGUMENT otherwise).
inline Result analyze(const std::vector<double> &timestamps_s, const std::vector<double> &red,
                           const std::vector<double> &green, const std::vector<double> &blue,
                           const std::string &options_json = std::string()) {
    if (red.size() != timestamps_s.size() || green.size() != timestamps_s.size() ||
        blue.size() != timestamps_s.size()) {
        throw Error(NFV_ERR_INVALID_ARGUMENT, "timestamps_s, red, green and blue must have the same length", false);
    }
    char *json = nullptr;
    detail::check(nfv_analyze(timestamps_s.data(), red.data(), green.data(), blue.data(), timestamps_s.size(),
                              detail::or_null(options_json), &json));
    return result_from_json(detail::take(json));
}

/// Compares two readings, before and after (nfv_compare()): per metric the values, the delta and whether it is
/// beyond typical variation. Throws Error (NFV_ERR_INVALID_ARGUMENT) when a Result's `json` is not a result object
/// (a Result read from a stored text with result_from_json() has it).
inline Change compare(const Result &baseline, const Result &follow_up) {
    char *json = nullptr;
    detail::check(nfv_compare(baseline.json.c_str(), follow_up.json.c_str(), &json));
    return Change::from(json::Value::parse(detail::take(json)));
}

/// One preview picture as the library hands it to a preview callback: `width` x `height` packed R, G, B pixels,
/// `stride` bytes from one row to the next. The pixels are valid during the callback only: copy what you keep.
struct PreviewFrame {
    /// Width in pixels (at most 160).
    int width;
    /// Height in pixels.
    int height;
    /// Bytes from one row to the next (at least width * 3).
    int stride;
    /// The first row's first byte.
    const std::uint8_t *rgb;
    /// The sample time of the frame it shows, microseconds.
    std::int64_t timestamp_us;

    /// Row `y` (0 … height - 1): width * 3 bytes, R G B.
    const std::uint8_t *row(int y) const noexcept { return rgb + static_cast<std::ptrdiff_t>(y) * stride; }

    /// The mean R, G and B of the picture, 0…255 each (what a swatch of its colour shows).
    std::array<double, 3> mean_colour() const noexcept {
        std::array<double, 3> sums{0, 0, 0};
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                for (int channel = 0; channel < 3; channel++) sums[channel] += row(y)[x * 3 + channel];
            }
        }
        const double pixels = static_cast<double>(width) * height;
        for (double &sum : sums) sum = pixels > 0 ? sum / pixels : 0;
        return sums;
    }
};

/// The JSON "type" of `kind` ("measurementComplete", …), or an empty view for a kind this library does not know.
inline std::string_view event_kind_name(EventKind kind) {
    const char *name = nfv_event_kind_name(static_cast<nfv_event_kind>(kind));
    return name != nullptr ? std::string_view(name) : std::string_view();
}

/// One event (docs/events.md): its kind, its JSON text and its typed value.
struct Event {
    /// What it is; an unknown value for a kind this wrapper does not know (`data` is then event::Unknown).
    EventKind kind;
    /// The library's JSON text (log or store it).
    std::string json;
    /// The typed event: std::get_if<nfv::event::Preview>(&data), or std::visit.
    EventData data;

    /// The event of a kind and JSON text handed by the library.
    static Event of(EventKind kind, std::string_view text) {
        return Event{kind, std::string(text), parse_event(event_kind_name(kind), text)};
    }
};

/// One reading. Move-only; the destructor destroys the handle (stopping the session first).
class Session {
public:
    /// Receives each event's JSON on the session's event thread; the view is valid during the call only.
    using Callback = std::function<void(std::string_view event_json)>;
    /// Receives each event's kind and JSON on the session's event thread; the view is valid during the call only.
    using KindCallback = std::function<void(EventKind kind, std::string_view event_json)>;
    /// Receives each event, typed, on the session's event thread.
    using EventCallback = std::function<void(const Event &event)>;
    /// Receives each preview picture on the session's preview thread; the frame is valid during the call only.
    using PreviewCallback = std::function<void(const PreviewFrame &frame)>;

    /// Creates a session; `config_json` empty = the defaults. Throws Error ("Invalid configuration: …").
    explicit Session(const std::string &config_json = std::string()) {
        detail::check(nfv_session_new(detail::or_null(config_json), &handle_));
    }

    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    Session(Session &&other) noexcept
        : handle_(std::exchange(other.handle_, nullptr)), holder_(std::move(other.holder_)),
          holder_reference_(std::exchange(other.holder_reference_, nullptr)),
          preview_(std::exchange(other.preview_, nullptr)), ended_(other.ended_) {}

    Session &operator=(Session &&other) noexcept {
        if (this != &other) {
            release();
            handle_ = std::exchange(other.handle_, nullptr);
            holder_ = std::move(other.holder_);
            holder_reference_ = std::exchange(other.holder_reference_, nullptr);
            preview_ = std::exchange(other.preview_, nullptr);
            ended_ = other.ended_;
        }
        return *this;
    }

    /// Destroys the session. Inside its own event callback this is allowed: the callback then finishes normally.
    /// Once the callback has had `measurementComplete` (and not yet the result), the result is still delivered to
    /// it after the destruction (up to the `completed` or `failed` event, on the event thread), as
    /// nfv_session_set_callback_v2() describes: the library keeps the callback alive until then and says when it is
    /// done with it, so whatever the callback captured must stay valid that long. Not from inside a preview callback.
    ~Session() { release(); }

    /// Reads the simulated finger (needs no activation); `options_json` empty = a resting adult at 70 bpm.
    void use_simulator(const std::string &options_json = std::string()) {
        detail::check(nfv_session_use_simulator(handle_, detail::or_null(options_json)));
    }

    /// Reads frames pushed with submit_frame()/submit_means()/submit_motion(); `fps_tier` is the host camera's rate.
    void use_host_frames(int fps_tier) { detail::check(nfv_session_use_host_frames(handle_, fps_tier)); }

    /// Replays a recording, a CSV of per-frame means or a Y4M video.
    void use_replay(const std::string &path, bool real_time = false) {
        detail::check(nfv_session_use_replay(handle_, path.c_str(), real_time ? 1 : 0));
    }

    /// Reads a camera: `device` a path, a stable id, "front"/"back" (by facing), or empty for the default camera.
    void use_camera(const std::string &device = std::string()) {
        detail::check(nfv_session_use_camera(handle_, detail::or_null(device)));
    }

    /// Records what the session consumes to `path` (created by start()).
    void record(const std::string &path) { detail::check(nfv_session_record(handle_, path.c_str())); }

    /// Delivers events to `callback` on the session's event thread instead of next_event(). An exception the
    /// callback throws cannot cross the C library: the first is kept and rethrown by rethrow_callback_exception().
    void set_callback(Callback callback) {
        set_callback(KindCallback([callback = std::move(callback)](EventKind, std::string_view json) {
            callback(json);
        }));
    }

    /// set_callback() with each event typed (kind, JSON text and value).
    void set_callback(EventCallback callback) {
        set_callback(KindCallback([callback = std::move(callback)](EventKind kind, std::string_view json) {
            callback(Event::of(kind, json));
        }));
    }

    /// set_callback() with each event's kind beside its JSON.
    void set_callback(KindCallback callback) {
        auto holder = std::make_shared<CallbackHolder>();
        holder->callback = std::move(callback);
        // The library holds this reference until its release notice: after its last call, whenever that comes.
        auto *reference = new std::shared_ptr<CallbackHolder>(holder);
        nfv_status status = nfv_session_set_callback_v2(handle_, &Session::trampoline, reference,
                                                        &Session::release_trampoline);
        if (status != NFV_OK) {
            delete reference;
            throw Error::last();
        }
        if (holder_) delete holder_reference_;  // replaced before start: the library calls its release no more
        holder_ = std::move(holder);
        holder_reference_ = reference;
    }

    /// Hands `callback` small RGB pictures of what the source sees (the camera, host frames, or the simulator's
    /// painted fingertip), at most `max_fps` a second of sample time (1…60; 0: 15), on the session's preview thread.
    /// When the callback is slow, frames are dropped, never queued. An empty callback removes it. Before start
    /// only. An exception it throws is kept and rethrown by rethrow_callback_exception(). Throws Error
    /// (NFV_ERR_INVALID_ARGUMENT for a bad rate, NFV_ERR_MISUSE after start).
    void set_preview_callback(PreviewCallback callback, int max_fps = 0) {
        std::unique_ptr<PreviewHolder> holder;
        if (callback) holder.reset(new PreviewHolder{std::move(callback), {}, {}});
        detail::check(nfv_session_set_preview_callback(handle_, holder ? &Session::preview_trampoline : nullptr,
                                                       holder.get(), max_fps));
        delete preview_;
        preview_ = holder.release();
    }

    /// Opens the source and starts positioning. Throws Error (not activated, camera errors, already running…).
    void start() { detail::check(nfv_session_start(handle_)); }

    /// Ends the session (final, idempotent; allowed inside the callback).
    void stop() { detail::check(nfv_session_stop(handle_)); }

    /// Cancels the reading in progress; `reason` empty = "host".
    void cancel_reading(const std::string &reason = std::string()) {
        detail::check(nfv_session_cancel_reading(handle_, detail::or_null(reason)));
    }

    /// While false, positioning continues but no reading starts.
    void set_auto_start(bool enabled) { detail::check(nfv_session_set_auto_start(handle_, enabled ? 1 : 0)); }

    /// The current state: its phase, the seconds measured while measuring, the result once completed, the error
    /// once failed (the same values as a `state` event's).
    event::State state() const {
        char *json = nullptr;
        detail::check(nfv_session_state(handle_, &json));
        return event::State::from(json::Value::parse(detail::take(json)));
    }

    /// The next event's JSON, waiting up to `timeout` (negative: until an event or the end). std::nullopt when the
    /// time ran out or the stream has ended (ended() tells which).
    std::optional<std::string> next_event(std::chrono::milliseconds timeout = std::chrono::milliseconds(-1)) {
        char *json = nullptr;
        int milliseconds = timeout.count() < 0 ? -1 : static_cast<int>(timeout.count());
        nfv_status status = nfv_session_next_event(handle_, milliseconds, &json);
        if (status == NFV_OK) return detail::take(json);
        if (status == NFV_DONE) ended_ = true;
        if (status == NFV_DONE || status == NFV_TIMEOUT) return std::nullopt;
        throw Error::last();
    }

    /// The next event, typed (kind, JSON text and value), waiting as next_event() does; std::nullopt likewise.
    std::optional<Event> next(std::chrono::milliseconds timeout = std::chrono::milliseconds(-1)) {
        char *json = nullptr;
        nfv_event_kind kind = static_cast<nfv_event_kind>(0);
        int milliseconds = timeout.count() < 0 ? -1 : static_cast<int>(timeout.count());
        nfv_status status = nfv_session_next_event_v2(handle_, milliseconds, &kind, &json);
        if (status == NFV_OK) return Event::of(static_cast<EventKind>(kind), detail::take(json));
        if (status == NFV_DONE) ended_ = true;
        if (status == NFV_DONE || status == NFV_TIMEOUT) return std::nullopt;
        throw Error::last();
    }

    /// True once next_event() or next() has seen the end of the stream.
    bool ended() const noexcept { return ended_; }

    /// Hands one camera frame to a host-frames session (reduced at once, never kept), in the C function's order:
    /// `stride` (bytes per row, 0 = packed) before the capture time. The time is a std::chrono::microseconds on the
    /// host's monotonic clock, never a bare integer, so a stride and a timestamp cannot be swapped unnoticed (e.g.
    /// std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())).
    /// Returns false once the session has ended (the duration was captured, stopped, failed): stop feeding then.
    /// May wait while the session is far behind (back-pressure). Throws Error otherwise.
    bool submit_frame(const void *pixels, std::size_t size, PixelFormat format, int width, int height, int stride,
                      std::chrono::microseconds timestamp) {
        return detail::fed(nfv_session_submit_frame(handle_, pixels, size, static_cast<nfv_pixel_format>(format),
                                                    width, height, stride, timestamp.count()));
    }

    /// Hands one already-reduced frame (channel means 0…255); `saturated_fraction` negative = unknown. Returns as
    /// submit_frame().
    bool submit_means(std::chrono::microseconds timestamp, double red, double green, double blue,
                      double saturated_fraction = -1) {
        return detail::fed(nfv_session_submit_means(handle_, timestamp.count(), red, green, blue,
                                                    saturated_fraction));
    }

    /// Hands one accelerometer sample (m/s², on the frames' clock). Returns as submit_frame().
    bool submit_motion(std::chrono::microseconds timestamp, double x, double y, double z) {
        return detail::fed(nfv_session_submit_motion(handle_, timestamp.count(), x, y, z));
    }

    /// Rethrows (once) the first exception the event callback threw, if any, else the preview callback's.
    void rethrow_callback_exception() {
        std::exception_ptr error;
        if (holder_ != nullptr) {
            std::lock_guard<std::mutex> lock(holder_->mutex);
            error = std::exchange(holder_->error, nullptr);
        }
        if (!error && preview_ != nullptr) {
            std::lock_guard<std::mutex> lock(preview_->mutex);
            error = std::exchange(preview_->error, nullptr);
        }
        if (error) std::rethrow_exception(error);
    }

    /// The C handle, for calls this wrapper does not cover.
    nfv_session *get() const noexcept { return handle_; }

private:
    struct CallbackHolder {
        KindCallback callback;
        std::mutex mutex;
        std::exception_ptr error;
    };

    struct PreviewHolder {
        PreviewCallback callback;
        std::mutex mutex;
        std::exception_ptr error;
    };

    static void trampoline(void *user_data, nfv_event_kind kind, const char *event_json) {
        CallbackHolder &holder = **static_cast<std::shared_ptr<CallbackHolder> *>(user_data);
        try {
            holder.callback(static_cast<EventKind>(kind), std::string_view(event_json));
        } catch (...) {
            std::lock_guard<std::mutex> lock(holder.mutex);
            if (!holder.error) holder.error = std::current_exception();
        }
    }

    /// The library's release notice: it will not call the callback again.
    static void release_trampoline(void *user_data) {
        delete static_cast<std::shared_ptr<CallbackHolder> *>(user_data);
    }

    static void preview_trampoline(const std::uint8_t *rgb, int width, int height, int stride,
                                   std::int64_t timestamp_us, void *user_data) {
        auto *holder = static_cast<PreviewHolder *>(user_data);
        try {
            holder->callback(PreviewFrame{width, height, stride, rgb, timestamp_us});
        } catch (...) {
            std::lock_guard<std::mutex> lock(holder->mutex);
            if (!holder->error) holder->error = std::current_exception();
        }
    }

    void release() noexcept {
        if (handle_ == nullptr) return;
        nfv_session_destroy(std::exchange(handle_, nullptr));
        delete std::exchange(preview_, nullptr);  // destroy waited for a preview call under way; none comes again
        holder_.reset();             // the library's reference goes with its release notice
        holder_reference_ = nullptr;
    }

    nfv_session *handle_ = nullptr;
    std::shared_ptr<CallbackHolder> holder_;
    std::shared_ptr<CallbackHolder> *holder_reference_ = nullptr;  // the library's, until its release notice
    PreviewHolder *preview_ = nullptr;
    bool ended_ = false;
};

}  // namespace nfv

#endif  // NEUROFIT_VITALS_HPP
