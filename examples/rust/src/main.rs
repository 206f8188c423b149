//! A simulated NeurofitVitals reading from Rust: `extern "C"` declarations of the header's functions, a small RAII
//! wrapper, events pulled on this thread, and a stop from another thread. Standard library only.
//!
//!     cargo run --offline --release -- [--fast] [--stop-after SECONDS]      (NFV_PREFIX=/opt/neurofit or pkg-config)
//!     rustc --edition 2021 -L /opt/neurofit/lib -C link-arg=-Wl,-rpath,/opt/neurofit/lib src/main.rs
use std::ffi::{c_char, c_int, CStr, CString};
use std::ptr;
use std::thread;
use std::time::Duration;

/// `nfv_session *`: opaque.
#[repr(C)]
struct RawSession {
    _private: [u8; 0],
}

const NFV_OK: c_int = 0;
const NFV_TIMEOUT: c_int = 100;
const NFV_DONE: c_int = 101;

#[link(name = "NeurofitVitals")]
extern "C" {
    fn nfv_version_string() -> *const c_char;
    fn nfv_abi_version() -> u32;
    fn nfv_last_error_message() -> *const c_char;
    fn nfv_string_free(string: *mut c_char);
    fn nfv_session_new(config_json: *const c_char, out_session: *mut *mut RawSession) -> c_int;
    fn nfv_session_destroy(session: *mut RawSession);
    fn nfv_session_use_simulator(session: *mut RawSession, options_json: *const c_char) -> c_int;
    fn nfv_session_start(session: *mut RawSession) -> c_int;
    fn nfv_session_stop(session: *mut RawSession) -> c_int;
    fn nfv_session_next_event(session: *mut RawSession, timeout_ms: c_int, out_json: *mut *mut c_char) -> c_int;
}

/// A failed call: the status and the library's message.
#[derive(Debug)]
struct Error {
    status: c_int,
    message: String,
}

/// Turns a status into a Result, reading the calling thread's last error message on failure.
fn check(status: c_int) -> Result<(), Error> {
    if status == NFV_OK {
        return Ok(());
    }
    // SAFETY: the library returns a valid NUL-terminated string owned by itself until the next call on this thread.
    let message = unsafe { CStr::from_ptr(nfv_last_error_message()) }.to_string_lossy().into_owned();
    Err(Error { status, message })
}

/// One reading; destroyed (and so stopped) on drop. The header makes every session call thread-safe, so the
/// handle may be shared with a thread that stops it.
struct Session {
    raw: *mut RawSession,
}

// SAFETY: every nfv_session_ function may be called from any thread (include/neurofit_vitals.h, "Threads").
unsafe impl Send for Session {}
unsafe impl Sync for Session {}

/// What `next_event` found.
enum Next {
    Event(String),
    TimedOut,
    Ended,
}

impl Session {
    fn new() -> Result<Session, Error> {
        let mut raw = ptr::null_mut();
        // SAFETY: NULL asks for the default configuration; `raw` receives the handle.
        check(unsafe { nfv_session_new(ptr::null(), &mut raw) })?;
        Ok(Session { raw })
    }

    fn use_simulator(&self, options_json: &str) -> Result<(), Error> {
        let options = CString::new(options_json).expect("options without NUL bytes");
        // SAFETY: a live handle and a NUL-terminated string the library copies.
        check(unsafe { nfv_session_use_simulator(self.raw, options.as_ptr()) })
    }

    fn start(&self) -> Result<(), Error> {
        // SAFETY: a live handle.
        check(unsafe { nfv_session_start(self.raw) })
    }

    fn stop(&self) -> Result<(), Error> {
        // SAFETY: a live handle; stop is safe from any thread.
        check(unsafe { nfv_session_stop(self.raw) })
    }

    fn next_event(&self, timeout: Duration) -> Result<Next, Error> {
        let mut json: *mut c_char = ptr::null_mut();
        let milliseconds = timeout.as_millis().min(c_int::MAX as u128) as c_int;
        // SAFETY: a live handle; on NFV_OK `json` is a library string we own and free below.
        let status = unsafe { nfv_session_next_event(self.raw, milliseconds, &mut json) };
        match status {
            NFV_OK => {
                // SAFETY: a valid NUL-terminated string from the library, released right after the copy.
                let text = unsafe { CStr::from_ptr(json) }.to_string_lossy().into_owned();
                unsafe { nfv_string_free(json) };
                Ok(Next::Event(text))
            }
            NFV_TIMEOUT => Ok(Next::TimedOut),
            NFV_DONE => Ok(Next::Ended),
            other => check(other).map(|_| Next::Ended),
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // SAFETY: the handle is live and never used after this.
        unsafe { nfv_session_destroy(self.raw) };
    }
}

/// The string value of `"key":"…"` in the library's compact JSON (a toy; use a JSON parser in real code).
fn string_value<'a>(json: &'a str, key: &str) -> Option<&'a str> {
    let start = json.find(&format!("\"{key}\":\""))? + key.len() + 4;
    json[start..].split('"').next()
}

/// The number value of `"key":…` in the library's compact JSON.
fn number_value(json: &str, key: &str) -> Option<f64> {
    let start = json.find(&format!("\"{key}\":"))? + key.len() + 3;
    let text: String = json[start..].chars().take_while(|c| c.is_ascii_digit() || "+-.eE".contains(*c)).collect();
    text.parse().ok()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let fast = arguments.iter().any(|argument| argument == "--fast");
    let stop_after = arguments
        .iter()
        .position(|argument| argument == "--stop-after")
        .and_then(|index| arguments.get(index + 1))
        .map(|seconds| seconds.parse::<f64>())
        .transpose()?;

    // SAFETY: static strings and a plain number from the library.
    let version = unsafe { CStr::from_ptr(nfv_version_string()) }.to_string_lossy();
    if unsafe { nfv_abi_version() } != 1 {
        return Err("incompatible libNeurofitVitals ABI".into());
    }
    println!("NeurofitVitals {version}, simulated finger");

    let session = std::sync::Arc::new(Session::new().map_err(|e| format!("{} ({})", e.message, e.status))?);
    session
        .use_simulator(if fast { r#"{"realTime":false}"# } else { "{}" })
        .map_err(|e| e.message)?;
    session.start().map_err(|e| e.message)?;
    if let Some(seconds) = stop_after {
        let stopper = session.clone();
        thread::spawn(move || {
            thread::sleep(Duration::from_secs_f64(seconds));
            stopper.stop().expect("stop is always allowed");
        });
    }

    let mut completed = false;
    loop {
        match session.next_event(Duration::from_secs(5)).map_err(|e| e.message)? {
            Next::TimedOut => continue,
            Next::Ended => break,
            Next::Event(json) => match string_value(&json, "type") {
                Some("guidance") => println!("guidance {}", string_value(&json, "guidance").unwrap_or("?")),
                Some("started") => println!("reading started"),
                Some("completed") => {
                    completed = true;
                    println!("heart rate {:.1} bpm", number_value(&json, "heartRateBpm").unwrap_or(f64::NAN));
                }
                Some("failed") => println!("failed: {}", string_value(&json, "code").unwrap_or("?")),
                _ => {}
            },
        }
    }
    println!("{}", if completed { "reading complete" } else { "stopped without a result" });
    Ok(())
}
