'use strict';
/**
 * Session: one reading from a camera, the simulated finger, host frames or a replayed recording.
 *
 * Events (docs/events.md) come from the library's event thread through the addon's thread-safe function and are
 * emitted on the JavaScript thread, in order: by their type (`session.on('heartbeat', …)`), as 'event' (every
 * one), to async iterators (`for await (const event of session)`), and the outcome settles `session.result`.
 * What a handler throws (or an async handler rejects with) never reaches the event loop: it goes to the 'error'
 * listeners when there are any, else it becomes one process warning per session (code NFV_HANDLER_ERROR).
 *
 * When the stream ends, and what a close() still delivers, is the library's decision: each delivery carries the
 * event's kind (nfv_event_kind) beside its JSON, and the library's release notice, queued after the last event it
 * hands over, ends the stream. No event's JSON text is read to decide either.
 *
 * Keeping the process alive: a running session (from start() until its event stream ends, or until it goes idle
 * after a cancel without auto-restart) keeps the event loop alive, like an open socket: the events and the result
 * it still owes will arrive. unref() lets the process exit anyway. A session that is not running holds nothing:
 * forgotten, it is collected and its finalizer destroys it.
 */
const { EventEmitter } = require('node:events');
const { addon, deliver, Delivery, eventKindName, EventKind } = require('./native');
const { InvalidArgumentError, MisuseError, errorFromObject } = require('./errors');
const { EventStream } = require('./event-stream');
const { pixelFormatValue } = require('./pixel-format');

/** JSON text for an object, a string (passed as is) or nothing (null). */
function jsonText(value, name) {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value !== 'object') throw new InvalidArgumentError(`${name} must be an object or JSON text`);
  return JSON.stringify(value);
}

class Session extends EventEmitter {
  #native;
  #running = false;
  #started = false;
  #stopRequested = false;
  #unref = false;
  #ended = false;
  #closed = false;
  #outcome = null;
  #measured = false;
  #screening = null;
  #streams = new Set();
  #result;
  #settle;
  #handlerErrors = 0;

  /**
   * @param {object|string} [config] the configuration (docs/configuration.md: readingDuration,
   *   autoRestartAfterCancel, motionBreathing, advanced) as an object or JSON text; omitted for the defaults.
   * @throws {InvalidArgumentError} "Invalid configuration: <detail>" naming the key.
   */
  constructor(config) {
    super();
    this.#native = new addon.NativeSession(jsonText(config, 'config'), this);
    this.#result = new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
    this.#result.catch(() => {}); // nobody awaiting a failed reading must not make an unhandled rejection
  }

  // ---- sources (before the first start) ------------------------------------------------------------------------

  /** Reads a V4L2 camera: a device path, a camera id from cameras(), "back"/"front"/"external", or the default. */
  useCamera(device = null) {
    this.#native.useCamera(device);
    return this;
  }

  /** Reads the simulated finger (no activation needed): options as in docs/simulator.md (heartRateBpm, rmssdMs,
   *  breathingRateBrpm, noise, fps, seed, realTime, scenario), as an object or JSON text. */
  useSimulator(options = null) {
    this.#native.useSimulator(jsonText(options, 'options'));
    return this;
  }

  /** Reads frames you hand over with submitFrame/submitMeans/submitMotion; `fpsTier` is your camera's rate. */
  useHostFrames(fpsTier = 30) {
    this.#native.useHostFrames(fpsTier);
    return this;
  }

  /** Replays a recording, a CSV of per-frame means or a Y4M video; `realTime` paces it at its timestamps. */
  useReplay(path, { realTime = false } = {}) {
    this.#native.useReplay(path, realTime);
    return this;
  }

  /** Records what the session consumes (means, motion, commands; never frames) to `path`, created at start(). */
  record(path) {
    this.#native.record(path);
    return this;
  }

  /** Emits 'previewFrame' ({width, height, rgb, timestamp, timestampUs, dropped}) at most `maxFps` times a second
   *  of the frames' time (1…60; 0 turns it off). When JavaScript is slower, older frames are dropped, never queued
   *  (`dropped` counts them). The camera and submitFrame give previews; the simulator, means and replays do not. */
  enablePreviewFrames(maxFps = 15) {
    this.#native.enablePreviewFrames(maxFps);
    return this;
  }

  // ---- control -------------------------------------------------------------------------------------------------

  /**
   * Opens the source and starts positioning (again after a cancel that left the session idle). Resolves once the
   * source is open; a camera opens on a worker thread, so the event loop never waits for it.
   * @throws {NotActivatedError|CameraPermissionDeniedError|CameraUnavailableError|UnsupportedDeviceError|MisuseError}
   */
  async start() {
    if (this.#closed) throw new InvalidArgumentError('The session is closed');
    this.#running = true;
    this.#stopRequested = false;
    this.#updateKeepAlive();
    try {
      await this.#native.start();
      this.#started = true;
    } catch (error) {
      this.#running = false;
      this.#updateKeepAlive();
      throw error;
    }
  }

  /** Starts the session unless it was, then resolves with the result (see `result`). */
  async run() {
    if (!this.#started && !this.#ended) await this.start();
    return this.result;
  }

  /** Ends the session: final and idempotent. Before measurementComplete it ends without a result (`result`
   *  rejects with MisuseError); after it the result is still delivered. */
  stop() {
    if (this.#closed || this.#ended) return;
    this.#native.stop();
    this.#stopRequested = true;
    if (!this.#running) this.#finish(); // never started, or idle: no event will come
  }

  /** Cancels the reading in progress (`cancelled` with reason cancelledByApp and `reason` as its detail);
   *  ignored while positioning. */
  cancelReading(reason = null) {
    this.#native.cancelReading(reason);
  }

  /** While false, positioning continues but no reading starts. Default true. */
  get autoStart() {
    return this.#native.getAutoStart();
  }

  set autoStart(enabled) {
    this.#native.setAutoStart(Boolean(enabled));
  }

  /** The current state: {state, elapsed?, result?, error?} (docs/behaviour.md, "States"). */
  get state() {
    return JSON.parse(this.#native.state());
  }

  /**
   * Destroys the session (stopping it first) and releases its source at once. Idempotent.
   * - Before 'measurementComplete' was emitted (or queued for emission): events still queued are dropped, nothing is
   *   emitted after close() returns, and an unsettled `result` rejects with MisuseError.
   * - After it: the reading is already analysed, so, as on the mobile SDKs, the result is still delivered. The
   *   events up to and including 'completed' or 'failed' are emitted (by type, as 'event' and to iterators), then
   *   `result` settles with it and 'end' is emitted; nothing after that. Until then the session keeps the process
   *   alive (unless unref() was called).
   * Which of the two holds is the library's answer: it still owes the result (its release notice comes after it),
   * or it has handed over everything it will (then 'measurementComplete' was emitted, or its kind is among the
   * events still queued, which are screened when the library's notice reaches JavaScript).
   */
  close() {
    if (this.#closed) return;
    const { resultOwed, backlog } = this.#native.close();
    this.#closed = true;
    if (resultOwed) return; // the events up to the result come, then the library's notice
    if (this.#outcome !== null || (!this.#measured && backlog === 0)) this.#finish();
    else if (!this.#measured) this.#screening = []; // kept back until the notice shows what was handed over
  }

  /** Lets the process exit while this session runs (like timer.unref()). */
  unref() {
    this.#unref = true;
    this.#updateKeepAlive();
    return this;
  }

  /** Undoes unref(): a running session keeps the process alive again. */
  ref() {
    this.#unref = false;
    this.#updateKeepAlive();
    return this;
  }

  // ---- host frames ---------------------------------------------------------------------------------------------

  /**
   * Hands one camera frame to a host-frames session; it is reduced on this thread and never kept.
   * @param {Buffer|ArrayBufferView|ArrayBuffer} pixels the frame's bytes (any TypedArray is read as bytes)
   * @param {number|string} format a PixelFormat value or name ("rgb24", "bgra", "yuyv", "nv12", "i420", …)
   * @param {number} width @param {number} height frame size in pixels, 1…16384
   * @param {number|bigint} timestampUs monotonic capture time in microseconds, increasing
   * @param {number} [stride] bytes per row of the first plane; 0 for tightly packed
   * @returns {boolean} true, or false once the session needs no more frames (stop feeding).
   * @throws {InvalidArgumentError} a size, stride, format or timestamp the library rejects (the frame is ignored)
   * @throws {MisuseError} before start()
   */
  submitFrame(pixels, format, width, height, timestampUs, stride = 0) {
    return this.#native.submitFrame(pixels, pixelFormatValue(format), width, height, stride, timestampUs);
  }

  /** Hands one already-reduced frame (channel means 0…255 of the fingertip region; `saturatedFraction` 0…1 or
   *  omitted). Returns as submitFrame(). */
  submitMeans(timestampUs, red, green, blue, saturatedFraction = -1) {
    return this.#native.submitMeans(timestampUs, red, green, blue, saturatedFraction);
  }

  /** Hands one accelerometer sample (m/s², gravity included, the frames' clock). Returns as submitFrame(). */
  submitMotion(timestampUs, x, y, z) {
    return this.#native.submitMotion(timestampUs, x, y, z);
  }

  // ---- outcome and events --------------------------------------------------------------------------------------

  /** A promise of the result object (docs/events.md, "The result"): rejects with the `failed` event's error
   *  (NoHeartRateError, CameraUnavailableError, …), or MisuseError when the session was stopped or closed before
   *  'measurementComplete' (after it, a stop or close still gets the result). */
  get result() {
    return this.#result;
  }

  /** True once the event stream has ended (completed, failed, stopped or closed). */
  get ended() {
    return this.#ended;
  }

  /** True after close(). */
  get closed() {
    return this.#closed;
  }

  /** How many times an event handler threw (or an async handler rejected). */
  get handlerErrors() {
    return this.#handlerErrors;
  }

  /** An async iterator over the events that arrive from now until the stream ends. */
  events() {
    const stream = new EventStream(() => this.#streams.delete(stream));
    if (this.#ended) stream.end();
    else this.#streams.add(stream);
    return stream;
  }

  [Symbol.asyncIterator]() {
    return this.events();
  }

  /** Called by the addon's dispatcher for each delivery: (Delivery.event, kind, json), (Delivery.preview, rgb,
   *  width, height, timestampUs, dropped) or (Delivery.released). */
  [deliver](what, ...payload) {
    if (what === Delivery.released) {
      this.#released();
    } else if (this.#ended || (what === Delivery.preview && this.#closed)) {
      // the stream is over for JavaScript, or a preview queued before close(): nothing more is emitted
    } else if (what === Delivery.preview) {
      const [rgb, width, height, timestampUs, dropped] = payload;
      this.#emitSafely('previewFrame', { width, height, rgb, timestamp: timestampUs / 1e6, timestampUs, dropped });
    } else if (this.#screening !== null) {
      this.#screening.push(payload);
    } else {
      this.#emitEvent(...payload);
    }
  }

  /** Emits one event of `kind`: by its type, as 'event' and to the iterators. */
  #emitEvent(kind, json) {
    const event = JSON.parse(json);
    this.#observe(kind, event);
    const type = eventKindName(kind);
    if (type !== undefined) this.#emitSafely(type, event);
    if (this.#ended || this.#screening !== null) return; // a handler closed the session and nothing follows
    this.#emitSafely('event', event);
    for (const stream of this.#streams) stream.push(event);
    // After a close() the outcome is the last event delivered (the library's `state` after it is not).
    if (this.#closed && this.#outcome !== null) this.#finish();
  }

  /** The library's release notice reached JavaScript: no event follows it, so the stream ends. After a close()
   *  that found events still queued, they are emitted now if 'measurementComplete' is among them (the library had
   *  handed over the result too), else dropped. */
  #released() {
    const screened = this.#screening ?? [];
    this.#screening = null;
    if (screened.some(([kind]) => kind === EventKind.measurementComplete)) {
      for (const [kind, json] of screened) if (!this.#ended) this.#emitEvent(kind, json);
    }
    this.#finish();
  }

  /** Follows the session's lifecycle from the kind of each event. */
  #observe(kind, event) {
    switch (kind) {
      case EventKind.measurementComplete:
        this.#measured = true;
        break;
      case EventKind.completed:
        this.#outcome = { result: event.result };
        break;
      case EventKind.failed:
        this.#outcome = { error: errorFromObject(event.error) };
        break;
      case EventKind.state:
        if (event.state === 'idle' && !this.#stopRequested) {
          this.#running = false; // a cancel without auto-restart: start() may run it again
          this.#updateKeepAlive();
        }
        break;
      default:
        break;
    }
  }

  /** The stream is over: settle the result, end the iterators, release the event loop. */
  #finish() {
    if (this.#ended) return;
    this.#ended = true;
    this.#running = false;
    this.#updateKeepAlive();
    if (this.#outcome?.result) this.#settle.resolve(this.#outcome.result);
    else if (this.#outcome?.error) this.#settle.reject(this.#outcome.error);
    else {
      const how = this.#closed ? 'closed' : 'stopped';
      this.#settle.reject(new MisuseError(`The session ended without a result (it was ${how})`));
    }
    for (const stream of this.#streams) stream.end();
    this.#streams.clear();
    this.#emitSafely('end');
  }

  #updateKeepAlive() {
    this.#native.keepAlive(this.#running && !this.#unref && !this.#ended);
  }

  /** Calls each listener of `type`; what one throws or rejects with is reported and the others still run. */
  #emitSafely(type, ...args) {
    for (const listener of this.rawListeners(type)) {
      try {
        const returned = listener.apply(this, args);
        if (typeof returned?.then === 'function') {
          returned.then(undefined, (error) => this.#reportHandlerError(error, type));
        }
      } catch (error) {
        this.#reportHandlerError(error, type);
      }
    }
  }

  /** Hands a handler's error to the 'error' listeners, else warns once per session. */
  #reportHandlerError(error, type) {
    this.#handlerErrors += 1;
    if (type !== 'error' && this.listenerCount('error') > 0) {
      this.#emitSafely('error', error, type);
    } else if (this.#handlerErrors === 1 || type === 'error') {
      process.emitWarning(`A neurofit_vitals '${type}' handler threw (the session goes on; listen to 'error' to ` +
        `handle these): ${error?.stack ?? error}`, { type: 'NeurofitVitalsWarning', code: 'NFV_HANDLER_ERROR' });
    }
  }
}

module.exports = { Session };
