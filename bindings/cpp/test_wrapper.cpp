// test_wrapper.cpp — checks the C++ wrapper against the installed library (simulated finger, no license needed):
// a reading pulled to completion, callbacks on the event thread, errors as nfv::Error, move semantics, stop and
// destruction from inside the callback, each event's kind (pulled and in callbacks), the result delivered after a
// destruction once measurementComplete was seen, a throwing callback, preview frames of the simulated finger, the
// camera queries, analyze and compare, host frames in C's argument order with a typed timestamp (wrong-order calls
// refused). Prints
// "N passed, N failed"; exit status 1 on failure.
//
//   c++ -std=c++17 -Wall -Wextra -Werror test_wrapper.cpp $(pkg-config --cflags --libs neurofit-vitals) -pthread
#include "neurofit_vitals.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <variant>
#include <vector>

namespace {

int passed = 0, failed = 0;

void check(bool condition, const char *what) {
    if (condition) {
        passed++;
    } else {
        failed++;
        std::fprintf(stderr, "FAILED: %s\n", what);
    }
}

const std::string fast_simulator = R"({"realTime":false,"seed":7,"heartRateBpm":72})";

bool contains(const std::string &text, const char *part) { return text.find(part) != std::string::npos; }

/// Waits until `done` (guarded by `mutex`) or 20 s.
template <class Predicate>
bool wait_for(std::mutex &mutex, std::condition_variable &changed, Predicate done) {
    std::unique_lock<std::mutex> lock(mutex);
    return changed.wait_for(lock, std::chrono::seconds(20), done);
}

void reading_pulled_to_completion() {
    nfv::Session session;
    session.use_simulator(fast_simulator);
    session.start();
    int events = 0;
    std::string last_completed;
    while (auto event = session.next_event(std::chrono::seconds(10))) {
        events++;
        if (contains(*event, R"("type":"completed")")) last_completed = *event;
    }
    check(session.ended(), "the pulled stream ends");
    check(events > 60, "a reading has more than 60 events");
    check(contains(last_completed, R"("heartRateBpm":7)"), "the result's heart rate is in the 70s");
    const nfv::event::State state = session.state();
    check(state.state == nfv::SessionPhase::Completed && state.result && state.result->heart_rate_bpm > 69 &&
              state.result->heart_rate_bpm < 75,
          "state() is completed, with the result");
}

/// next() hands each event typed: no event of a reading is Unknown, and the values are the JSON's.
void events_arrive_typed() {
    nfv::Session session;
    session.use_simulator(fast_simulator);
    session.start();
    int unknown = 0, previews = 0, beats = 0, bad_previews = 0, completed = 0;
    std::optional<nfv::Result> result;
    while (auto event = session.next(std::chrono::seconds(10))) {
        if (std::holds_alternative<nfv::event::Unknown>(event->data)) unknown++;
        if (auto *preview = std::get_if<nfv::event::Preview>(&event->data)) {
            previews++;
            if (preview->progress < 0 || preview->progress > 1 || !preview->t || preview->elapsed < 0) bad_previews++;
        }
        if (auto *beat = std::get_if<nfv::event::Heartbeat>(&event->data)) {
            if (beat->ibi_ms && *beat->ibi_ms > 700 && *beat->ibi_ms < 1000) beats++;
        }
        if (auto *outcome = std::get_if<nfv::event::Completed>(&event->data)) {
            completed++;
            result = outcome->result;
        }
    }
    check(unknown == 0 && completed == 1, "every event of a reading is typed, one completed");
    check(previews > 50 && bad_previews == 0, "previews carry progress 0…1, elapsed and t");
    check(beats > 50, "heartbeats carry intervals of a 72 bpm pulse");
    check(result && result->heart_rate_bpm > 69 && result->heart_rate_bpm < 75 && result->rmssd_ms &&
              result->quality != nfv::Quality::Unknown && !result->engine_version.empty() &&
              result->diagnostics.is_object(),
          "the typed result has its heart rate, RMSSD, quality, engine version and diagnostics");
    if (result) {
        const nfv::Result again = nfv::result_from_json(result->json);
        check(again.heart_rate_bpm == result->heart_rate_bpm && again.id == result->id && again.json == result->json,
              "a result read back from its stored JSON is the same result");
    }
}

/// Events the wrapper cannot type (a newer library's, or one lacking a key) arrive as event::Unknown, whole.
void untyped_events_are_unknown() {
    const nfv::EventData future = nfv::parse_event("exposureChanged", R"({"type":"exposureChanged","t":3.5})");
    const auto *unknown = std::get_if<nfv::event::Unknown>(&future);
    check(unknown && unknown->type == "exposureChanged" && unknown->t == 3.5, "an unknown type is event::Unknown");
    const nfv::EventData lacking = nfv::parse_event("preview", R"({"type":"preview","elapsed":1})");
    check(std::holds_alternative<nfv::event::Unknown>(lacking), "a preview lacking progress is event::Unknown");
    const nfv::EventData mistyped =
        nfv::parse_event("guidance", R"({"guidance":3,"startProgress":0,"type":"guidance"})");
    check(std::holds_alternative<nfv::event::Unknown>(mistyped), "a mistyped key makes event::Unknown");
    const nfv::EventData newer = nfv::parse_event("guidance", R"({"guidance":"tooHot","startProgress":0.5})");
    const auto *guidance = std::get_if<nfv::event::Guidance>(&newer);
    check(guidance && guidance->guidance == nfv::Guidance::Unknown && guidance->start_progress == 0.5,
          "a newer enumeration value is Unknown, the event typed");
    try {
        (void)nfv::result_from_json(R"({"heartRateBpm":70})");
        check(false, "a text that is not a result throws");
    } catch (const std::invalid_argument &error) {
        check(contains(error.what(), "missing key"), "a text that is not a result names the missing key");
    }
}

/// The JSON reader takes what the library writes and refuses what is not JSON, whatever the program's locale.
void the_json_reader() {
    const nfv::json::Value value = nfv::json::Value::parse(
        " {\"a\":[1,-2.5e2,true,null],\"s\":\"\\u00e9\\ud83d\\ude00\\n\\\"\",\"o\":{}} ");
    const nfv::json::Value *array = value.find("a");
    check(array && array->as_array().size() == 4 && array->as_array()[1].as_number() == -250,
          "numbers, literals and arrays");
    check(value.find("s") && value.find("s")->as_string() == "\xC3\xA9\xF0\x9F\x98\x80\n\"",
          "escapes and surrogate pairs become UTF-8");
    check(value.find("a")->source() == "[1,-2.5e2,true,null]" && value.find("missing") == nullptr,
          "a value keeps its source text; a missing key is nullptr");
    int refused = 0;
    const std::string deep = std::string(70, '[') + std::string(70, ']');
    for (const char *text : {"{", "[1,]", "01", "\"\\ud800\"", "1 2", "{\"a\" 1}", "-", "1e999", "nul", deep.c_str()}) {
        try {
            (void)nfv::json::Value::parse(text);
        } catch (const std::invalid_argument &) {
            refused++;
        }
    }
    check(refused == 10, "malformed texts, a lone surrogate, an overflow and 70 levels of nesting are refused");
}

/// next() and the kind callback hand each event's kind: it names the JSON's type, and the outcome is decided by it.
void events_come_with_their_kind() {
    nfv::Session pulled;
    pulled.use_simulator(fast_simulator);
    pulled.start();
    int events = 0, mismatched = 0, completed = 0;
    while (auto event = pulled.next(std::chrono::seconds(10))) {
        events++;
        const std::string type = R"("type":")" + std::string(nfv::event_kind_name(event->kind)) + '"';
        if (nfv::event_kind_name(event->kind).empty() || !contains(event->json, type.c_str())) mismatched++;
        if (event->kind == nfv::EventKind::Completed) completed++;
    }
    check(pulled.ended() && events > 60 && mismatched == 0 && completed == 1, "next() gives each event's kind");
    check(nfv::event_kind_name(static_cast<nfv::EventKind>(0)).empty(), "an unknown kind has no name");

    std::mutex mutex;
    std::condition_variable changed;
    int outcomes = 0, kind_mismatches = 0;
    nfv::Session called;
    called.use_simulator(fast_simulator);
    called.set_callback([&](nfv::EventKind kind, std::string_view json) {
        std::lock_guard<std::mutex> lock(mutex);
        const std::string type = R"("type":")" + std::string(nfv::event_kind_name(kind)) + '"';
        if (json.find(type) == std::string_view::npos) kind_mismatches++;
        if (kind == nfv::EventKind::Completed || kind == nfv::EventKind::Failed) outcomes++;
        changed.notify_all();
    });
    called.start();
    check(wait_for(mutex, changed, [&] { return outcomes == 1; }), "the kind callback sees the outcome");
    std::lock_guard<std::mutex> lock(mutex);
    check(kind_mismatches == 0, "each callback's kind names its JSON type");
}

void errors_are_exceptions_with_code_and_message() {
    try {
        nfv::Session session(R"({"readingDuration":0})");
        check(false, "a bad configuration throws");
    } catch (const nfv::Error &error) {
        check(error.status() == NFV_ERR_INVALID_ARGUMENT, "bad configuration is NFV_ERR_INVALID_ARGUMENT");
        check(std::string(error.code()) == "invalidArgument", "code() is the stable name");
        check(contains(error.what(), "Invalid configuration: readingDuration"), "what() is the library message");
        check(!error.retryable(), "a configuration error is not retryable");
    }
    nfv::Session session;
    session.use_simulator(fast_simulator);
    session.start();
    try {
        session.start();
        check(false, "starting twice throws");
    } catch (const nfv::Error &error) {
        check(error.status() == NFV_ERR_MISUSE && contains(error.what(), "already running"), "start twice");
    }
}

void callbacks_run_on_the_event_thread() {
    std::mutex mutex;
    std::condition_variable changed;
    int events = 0;
    bool completed = false, on_caller = false;
    const std::thread::id caller = std::this_thread::get_id();
    nfv::Session session;
    session.use_simulator(fast_simulator);
    session.set_callback([&](std::string_view json) {
        std::lock_guard<std::mutex> lock(mutex);
        events++;
        on_caller = on_caller || std::this_thread::get_id() == caller;
        if (json.find(R"("type":"completed")") != std::string_view::npos) completed = true;
        changed.notify_all();
    });
    session.start();
    check(wait_for(mutex, changed, [&] { return completed; }), "the callback sees completed");
    std::lock_guard<std::mutex> lock(mutex);
    check(events > 60 && !on_caller, "callbacks come from another thread");
}

void moved_sessions_keep_working() {
    nfv::Session first;
    first.use_simulator(fast_simulator);
    nfv::Session second(std::move(first));
    check(first.get() == nullptr && second.get() != nullptr, "moving transfers the handle");
    second.start();
    nfv::Session third;
    third = std::move(second);
    int events = 0;
    while (third.next_event(std::chrono::seconds(10))) events++;
    check(events > 60, "a moved-to session delivers every event");
}

void stop_and_destroy_inside_the_callback() {
    std::mutex mutex;
    std::condition_variable changed;
    bool stopped = false, destroyed = false;
    auto session = std::make_unique<nfv::Session>();
    session->use_simulator(fast_simulator);
    session->set_callback([&](std::string_view json) {
        if (json.find(R"("type":"started")") == std::string_view::npos) return;
        session->stop();
        session.reset();  // destroys the Session (and this lambda's storage) from inside its own callback
        std::lock_guard<std::mutex> lock(mutex);
        stopped = destroyed = true;
        changed.notify_all();
    });
    session->start();
    check(wait_for(mutex, changed, [&] { return destroyed; }), "stop and destroy inside the callback return");
    check(stopped, "the callback ran to its end after destroying its session");
}

void a_throwing_callback_is_rethrown_later() {
    std::atomic<bool> thrown{false};
    nfv::Session session;
    session.use_simulator(fast_simulator);
    session.set_callback([&](std::string_view) {
        if (!thrown.exchange(true)) throw std::runtime_error("callback failure");
    });
    session.start();
    for (int i = 0; i < 2000 && !thrown; i++) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    try {
        session.rethrow_callback_exception();
        check(false, "the callback's exception is rethrown");
    } catch (const std::runtime_error &error) {
        check(std::string(error.what()) == "callback failure", "the rethrown exception is the callback's");
    }
    session.rethrow_callback_exception();
    check(true, "it is rethrown once");
}

/// A session destroyed once its callback has had measurementComplete (inside that callback, or from this thread)
/// still delivers the result to the callback, and nothing after it.
void the_result_comes_after_destruction(bool inside) {
    std::mutex mutex;
    std::condition_variable changed;
    bool measurement_complete = false, completed = false, destroyed = false;
    int after_result = 0;
    auto session = std::make_unique<nfv::Session>(R"({"readingDuration":30})");
    session->use_simulator(fast_simulator);
    session->set_callback([&](std::string_view json) {
        std::unique_lock<std::mutex> lock(mutex);
        if (completed && destroyed) after_result++;  // a call after both the result and the destruction
        if (json.find(R"("type":"completed")") != std::string_view::npos) completed = true;
        const bool complete = json.find(R"("type":"measurementComplete")") != std::string_view::npos;
        measurement_complete = measurement_complete || complete;
        changed.notify_all();
        if (complete && inside) {
            lock.unlock();
            session.reset();
            lock.lock();
            destroyed = true;
        }
    });
    session->start();
    check(wait_for(mutex, changed, [&] { return measurement_complete; }), "measurementComplete arrives");
    if (!inside) {
        const auto before = std::chrono::steady_clock::now();
        session.reset();
        check(std::chrono::steady_clock::now() - before < std::chrono::milliseconds(500),
              "destruction does not wait for the final analysis");
        std::lock_guard<std::mutex> lock(mutex);
        destroyed = true;
    }
    check(wait_for(mutex, changed, [&] { return completed; }), "the result arrives after the destruction");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::lock_guard<std::mutex> lock(mutex);
    check(after_result == 0, "nothing arrives after the result");
    check(destroyed, "the destruction returned");
}

/// The simulated finger's previews: 80 x 60 pictures in a fingertip's red, at most the rate asked for.
void previews_of_the_simulated_finger() {
    struct Seen {
        std::mutex mutex;
        int count = 0, width = 0, height = 0, stride = 0;
        std::int64_t first_us = 0, last_us = 0, closest_us = INT64_MAX;
        std::array<double, 3> colour{0, 0, 0};
    } seen;
    nfv::Session session(R"({"readingDuration":30})");
    session.use_simulator(fast_simulator);
    try {
        session.set_preview_callback([](const nfv::PreviewFrame &) {}, 61);
        check(false, "a rate above 60 throws");
    } catch (const nfv::Error &error) {
        check(error.status() == NFV_ERR_INVALID_ARGUMENT && contains(error.what(), "max_fps"), "a bad rate");
    }
    session.set_preview_callback([&](const nfv::PreviewFrame &frame) {
        std::lock_guard<std::mutex> lock(seen.mutex);
        if (seen.count == 0) seen.first_us = frame.timestamp_us;
        if (seen.count > 0) seen.closest_us = std::min(seen.closest_us, frame.timestamp_us - seen.last_us);
        seen.count++;
        seen.width = frame.width;
        seen.height = frame.height;
        seen.stride = frame.stride;
        seen.last_us = frame.timestamp_us;
        seen.colour = frame.mean_colour();
    }, 5);
    session.start();
    try {
        session.set_preview_callback(nullptr);
        check(false, "a preview callback after start throws");
    } catch (const nfv::Error &error) {
        check(error.status() == NFV_ERR_MISUSE, "a preview callback after start is misuse");
    }
    while (session.next_event(std::chrono::seconds(10))) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::lock_guard<std::mutex> lock(seen.mutex);
    check(seen.count >= 1, "the simulator gives previews");
    check(seen.width == 80 && seen.height == 60 && seen.stride == 240, "previews are 80 x 60, rows packed");
    check(seen.count <= (seen.last_us - seen.first_us) / 200000 + 1, "at most 5 a second of sample time");
    // The slots follow a 0.2 s grid: two frames are never closer than a slot less one 30 fps frame (and its jitter).
    check(seen.count < 2 || seen.closest_us >= 200000 - 33334 - 2000, "never two in one 0.2 s slot");
    check(seen.colour[0] > 100 && seen.colour[0] > 2 * seen.colour[1] && seen.colour[0] > 2 * seen.colour[2],
          "the preview's mean colour is a lit fingertip's red");
}

/// An exception a preview callback throws is kept and rethrown on the host's thread.
void a_throwing_preview_callback_is_rethrown_later() {
    std::atomic<bool> thrown{false};
    nfv::Session session(R"({"readingDuration":30})");
    session.use_simulator(fast_simulator);
    session.set_preview_callback([&](const nfv::PreviewFrame &) {
        if (!thrown.exchange(true)) throw std::runtime_error("preview failure");
    });
    session.start();
    while (session.next_event(std::chrono::seconds(10))) {
    }
    try {
        session.rethrow_callback_exception();
        check(false, "the preview callback's exception is rethrown");
    } catch (const std::runtime_error &error) {
        check(std::string(error.what()) == "preview failure", "the rethrown exception is the preview callback's");
    }
}

}  // namespace

void camera_queries_return_json() {
    check(nfv::cameras().front() == '[', "cameras() is a JSON array");
    check(contains(nfv::device_support(), R"("isSupported":)"), "device_support() answers isSupported");
    check(contains(nfv::camera_access(), R"("authorization":)"), "camera_access() answers authorization");
    nfv::Session session;
    try {
        session.use_camera("/dev/no-such-camera");
        check(false, "a missing camera throws");
    } catch (const nfv::Error &error) {
        // Not activated (this test holds no key): the license is reported before the missing camera.
        check(error.status() == NFV_ERR_NOT_ACTIVATED, "a camera before activation is NFV_ERR_NOT_ACTIVATED");
    }
}

/// A fingertip-like pulse at `rate_bpm` with a breathing-paced wobble and a little pseudo-noise, 30 fps for 60 s,
/// analysed.
nfv::Result analysed_pulse(double rate_bpm) {
    std::vector<double> timestamps, red, green, blue;
    double phase = 0.0;
    unsigned state = 12345u;
    for (int frame = 0; frame < 1800; frame++) {
        double t = frame / 30.0;
        phase += (rate_bpm / 60.0 + 0.05 * std::sin(2.0 * 3.141592653589793 * 0.25 * t)) / 30.0;
        double beat = phase - std::floor(phase);
        state = state * 1103515245u + 12345u;
        double noise = ((state >> 16) & 0x7fff) / 32768.0 - 0.5;
        timestamps.push_back(t);
        red.push_back(200.0 - 3.0 * (beat < 0.15 ? beat / 0.15 : std::exp(-(beat - 0.15) / 0.3)) + 0.1 * noise);
        green.push_back(4.0);
        blue.push_back(20.0);
    }
    return nfv::analyze(timestamps, red, green, blue);
}

void analyze_and_compare() {
    const nfv::Result before = analysed_pulse(72), after = analysed_pulse(84);
    check(std::fabs(before.heart_rate_bpm - 72) < 1.5 && std::fabs(after.heart_rate_bpm - 84) < 1.5,
          "analyze() finds the 72 and 84 bpm pulses");
    const nfv::Change change = nfv::compare(before, after);
    check(change.heart_rate_bpm && std::fabs(change.heart_rate_bpm->delta - 12) < 2 &&
              change.heart_rate_bpm->beyond_typical_variation == true &&
              change.heart_rate_bpm->baseline == before.heart_rate_bpm,
          "compare() finds a 12 bpm rise beyond typical variation");
    try {
        nfv::Result not_a_result = before;
        not_a_result.json = "[]";
        (void)nfv::compare(not_a_result, after);
        check(false, "comparing a non-object throws");
    } catch (const nfv::Error &error) {
        check(error.status() == NFV_ERR_INVALID_ARGUMENT && contains(error.what(), "baseline_json"),
              "a non-object is NFV_ERR_INVALID_ARGUMENT naming baseline_json");
    }
    try {
        (void)nfv::analyze({0.0, 1.0}, {1.0}, {1.0, 2.0}, {1.0, 2.0});
        check(false, "arrays of different lengths throw");
    } catch (const nfv::Error &error) {
        check(error.status() == NFV_ERR_INVALID_ARGUMENT, "arrays of different lengths are an invalid argument");
    }
}

// A submit_frame call copied from C (an integer timestamp after the stride), or with the stride and the timestamp
// swapped, does not compile: the timestamp is a std::chrono::microseconds.
using SubmitFrame = bool (nfv::Session::*)(const void *, std::size_t, nfv::PixelFormat, int, int, int,
                                           std::chrono::microseconds);
static_assert(std::is_invocable_r_v<bool, SubmitFrame, nfv::Session &, const void *, std::size_t, nfv::PixelFormat,
                                    int, int, int, std::chrono::microseconds>);
static_assert(!std::is_invocable_v<SubmitFrame, nfv::Session &, const void *, std::size_t, nfv::PixelFormat, int, int,
                                   int, std::int64_t>);
static_assert(!std::is_invocable_v<SubmitFrame, nfv::Session &, const void *, std::size_t, nfv::PixelFormat, int, int,
                                   std::chrono::microseconds, int>);

void host_frames_in_the_c_order() {
    nfv::Session session;
    session.use_host_frames(30);
    std::array<std::uint8_t, 16 * 16 * 3> rgb{};
    try {
        session.submit_frame(rgb.data(), rgb.size(), nfv::PixelFormat::rgb24, 16, 16, 0, std::chrono::seconds(1));
        check(false, "a frame before start throws");
    } catch (const nfv::Error &error) {
        check(error.status() == NFV_ERR_MISUSE && contains(error.what(), "call start first"),
              "a frame before start is misuse, whatever its arguments");
    }
    try {
        session.submit_means(std::chrono::microseconds(1), 180, 5, 20);
        check(false, "means before start throw");
    } catch (const nfv::Error &error) {
        check(error.status() == NFV_ERR_MISUSE, "means before start are misuse");
    }
}

int main() {
    check(nfv::abi_compatible() && nfv::version() == NFV_VERSION_STRING, "library version and ABI");
    reading_pulled_to_completion();
    events_come_with_their_kind();
    events_arrive_typed();
    untyped_events_are_unknown();
    the_json_reader();
    errors_are_exceptions_with_code_and_message();
    callbacks_run_on_the_event_thread();
    moved_sessions_keep_working();
    stop_and_destroy_inside_the_callback();
    a_throwing_callback_is_rethrown_later();
    the_result_comes_after_destruction(true);
    the_result_comes_after_destruction(false);
    previews_of_the_simulated_finger();
    a_throwing_preview_callback_is_rethrown_later();
    camera_queries_return_json();
    analyze_and_compare();
    host_frames_in_the_c_order();
    std::printf("test_wrapper: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
