// Type definitions for neurofit-vitals, the Node.js binding of NeurofitVitals for Linux (docs/getting-started-node.md).
/// <reference types="node" />
import { EventEmitter } from 'node:events';

// ---- values -------------------------------------------------------------------------------------------------------

/** A session's lifecycle state (docs/behaviour.md, "States"). */
export type SessionPhase = 'idle' | 'positioning' | 'measuring' | 'finalizing' | 'completed' | 'failed';
/** What the user should do while positioning (first match wins, in this order). */
export type GuidanceKind = 'noContact' | 'frameDrop' | 'weakSignal' | 'lowQuality' | 'compliant';
/** Why a reading was abandoned. */
export type CancelReason = 'contactLost' | 'poorSignal' | 'interrupted' | 'cancelledByApp';
/** Live signal level: strong ≥ 0.80, good ≥ 0.65, fair ≥ 0.50, else weak. */
export type SignalLevel = 'strong' | 'good' | 'fair' | 'weak';
/** How close the attempt is to the cancel for lack of a reliable estimate. */
export type AbortRisk = 'none' | 'warn' | 'imminent';
/** Quality tier of a result: 3 clean, 2 usable, 1 withheld (HRV values withheld). */
export type SignalQuality = 1 | 2 | 3;
/** How far to trust the breathing rate (show a low one as approximate). */
export type BreathingRateConfidence = 'high' | 'medium' | 'low';

/** An error as events carry it (`failed`, `state` failed, `recordingError`). */
export interface ErrorInfo {
  code: string;
  message: string;
  retryable: boolean;
}

/** A reading's result (docs/events.md, "The result"). Absent optionals are left out. */
export interface Result {
  heartRateBpm: number;
  quality: SignalQuality;
  rmssdMs?: number;
  sdnnMs?: number;
  baevskyStressIndex?: number;
  sd2sd1?: number;
  breathingRateBrpm?: number;
  breathingRateConfidence?: BreathingRateConfidence;
  id?: string;
  capturedAt?: string;
  sdkVersion?: string;
  engineVersion?: string;
  durationSeconds?: number;
  confidence?: number;
  flags: string[];
  diagnostics: Record<string, unknown>;
  [key: string]: unknown;
}

// ---- events (docs/events.md; ignore types and keys you do not know) -----------------------------------------------

interface EventBase {
  /** Sample time in seconds on the source's clock of the latest frame consumed (absent on the first `state`). */
  t?: number;
}
export interface StateEvent extends EventBase {
  type: 'state';
  state: SessionPhase;
  elapsed?: number;
  result?: Result;
  error?: ErrorInfo;
}
export interface GuidanceEvent extends EventBase {
  type: 'guidance';
  guidance: GuidanceKind;
  startProgress: number;
}
export interface StartedEvent extends EventBase {
  type: 'started';
}
/** The live preview of a reading in progress (about once a second while measuring). */
export interface PreviewEvent extends EventBase {
  type: 'preview';
  elapsed: number;
  progress: number;
  abortRisk: AbortRisk;
  heartRateBpm?: number;
  rmssdMs?: number;
  breathingRateBrpm?: number;
  signalLevel?: SignalLevel;
}
export interface HeartbeatEvent extends EventBase {
  type: 'heartbeat';
  ibiMs?: number;
}
export interface CancelledEvent extends EventBase {
  type: 'cancelled';
  reason: CancelReason;
  detail: string;
  context: Record<string, number | string | boolean>;
}
export interface ReconfiguringCameraEvent extends EventBase {
  type: 'reconfiguringCamera';
  fpsTier: number;
  lowPowerMode: boolean;
}
export interface RecoverableErrorEvent extends EventBase {
  type: 'recoverableError';
  error: 'cameraStalled' | string;
}
export interface MeasurementCompleteEvent extends EventBase {
  type: 'measurementComplete';
}
export interface CompletedEvent extends EventBase {
  type: 'completed';
  result: Result;
}
export interface FailedEvent extends EventBase {
  type: 'failed';
  error: ErrorInfo;
}
export interface RecordingErrorEvent extends EventBase {
  type: 'recordingError';
  error: ErrorInfo;
}
export type SessionEvent = StateEvent | GuidanceEvent | StartedEvent | PreviewEvent | HeartbeatEvent | CancelledEvent |
  ReconfiguringCameraEvent | RecoverableErrorEvent | MeasurementCompleteEvent | CompletedEvent | FailedEvent |
  RecordingErrorEvent;

/** A small RGB picture of what the source sees (Session.enablePreviewFrames). */
export interface PreviewFrame {
  width: number;
  height: number;
  /** width * height * 3 bytes, R G B, rows packed. */
  rgb: Buffer;
  /** The frame's sample time in seconds. */
  timestamp: number;
  timestampUs: number;
  /** Frames replaced by newer ones since the previous delivery (JavaScript was busy). */
  dropped: number;
}

/** Listener signatures by event name. */
export interface SessionEventMap {
  state: (event: StateEvent) => void;
  guidance: (event: GuidanceEvent) => void;
  started: (event: StartedEvent) => void;
  preview: (event: PreviewEvent) => void;
  heartbeat: (event: HeartbeatEvent) => void;
  cancelled: (event: CancelledEvent) => void;
  reconfiguringCamera: (event: ReconfiguringCameraEvent) => void;
  recoverableError: (event: RecoverableErrorEvent) => void;
  measurementComplete: (event: MeasurementCompleteEvent) => void;
  completed: (event: CompletedEvent) => void;
  failed: (event: FailedEvent) => void;
  recordingError: (event: RecordingErrorEvent) => void;
  /** Every event. */
  event: (event: SessionEvent) => void;
  previewFrame: (frame: PreviewFrame) => void;
  /** The event stream ended (completed, failed, stopped or closed). */
  end: () => void;
  /** A handler threw or rejected: the error and the name of the event it handled. */
  error: (error: unknown, eventName: string) => void;
}

// ---- configuration --------------------------------------------------------------------------------------------

/** The session configuration (docs/configuration.md). */
export interface SessionConfig {
  readingDuration?: number;
  autoRestartAfterCancel?: boolean;
  motionBreathing?: boolean;
  advanced?: Record<string, unknown>;
}

/** Options of the simulated finger (docs/simulator.md). */
export interface SimulatorOptions {
  heartRateBpm?: number;
  rmssdMs?: number;
  breathingRateBrpm?: number;
  noise?: number;
  fps?: number;
  seed?: number;
  /** Default true; false: as fast as the session consumes. */
  realTime?: boolean;
  scenario?: Array<{ at: number; for: number; condition: string }>;
}

/** Pixel layouts Session.submitFrame accepts. */
export declare const PixelFormat: Readonly<{
  RGB24: 1; BGR24: 2; RGBA: 3; BGRA: 4; YUYV: 5; NV12: 6; I420: 7;
}>;
export type PixelFormatName = 'rgb24' | 'bgr24' | 'rgba' | 'bgra' | 'yuyv' | 'nv12' | 'i420' | 'rgb' | 'bgr';

// ---- session ------------------------------------------------------------------------------------------------------

/** One reading. A running session keeps the process alive until its event stream ends (see unref()). */
export declare class Session extends EventEmitter implements AsyncIterable<SessionEvent> {
  /** @throws InvalidArgumentError "Invalid configuration: <detail>" */
  constructor(config?: SessionConfig | string);

  useCamera(device?: string | null): this;
  useSimulator(options?: SimulatorOptions | string | null): this;
  useHostFrames(fpsTier?: number): this;
  useReplay(path: string, options?: { realTime?: boolean }): this;
  record(path: string): this;
  enablePreviewFrames(maxFps?: number): this;

  start(): Promise<void>;
  run(): Promise<Result>;
  stop(): void;
  cancelReading(reason?: string | null): void;
  /** Destroys the session. Before 'measurementComplete' nothing is emitted afterwards and `result` rejects; after
   *  it the events up to 'completed'/'failed' are still emitted and `result` settles with the result. */
  close(): void;
  ref(): this;
  unref(): this;

  autoStart: boolean;
  readonly state: { state: SessionPhase; elapsed?: number; result?: Result; error?: ErrorInfo };
  readonly result: Promise<Result>;
  readonly ended: boolean;
  readonly closed: boolean;
  readonly handlerErrors: number;

  submitFrame(pixels: ArrayBufferView | ArrayBuffer, format: number | PixelFormatName, width: number, height: number,
              timestampUs: number | bigint, stride?: number): boolean;
  submitMeans(timestampUs: number | bigint, red: number, green: number, blue: number,
              saturatedFraction?: number): boolean;
  submitMotion(timestampUs: number | bigint, x: number, y: number, z: number): boolean;

  events(): AsyncIterableIterator<SessionEvent>;
  [Symbol.asyncIterator](): AsyncIterableIterator<SessionEvent>;

  on<K extends keyof SessionEventMap>(event: K, listener: SessionEventMap[K]): this;
  once<K extends keyof SessionEventMap>(event: K, listener: SessionEventMap[K]): this;
  off<K extends keyof SessionEventMap>(event: K, listener: SessionEventMap[K]): this;
  addListener<K extends keyof SessionEventMap>(event: K, listener: SessionEventMap[K]): this;
  removeListener<K extends keyof SessionEventMap>(event: K, listener: SessionEventMap[K]): this;
}

// ---- library ------------------------------------------------------------------------------------------------------

export interface LibraryInfo {
  version: string;
  versionNumber: number;
  engineVersion: string;
  buildDate: string;
  abiVersion: number;
}
export interface LicenseStatus {
  activated: boolean;
  licensee?: string;
  apps?: string[];
  features?: string[];
  updatesUntil?: string;
  type?: 'binary' | 'source';
  appId?: string;
  warnings: string[];
}
export interface DeviceSupport {
  isSupported: boolean;
  hasCamera: boolean;
  hasTorch: boolean;
  fpsTier: number | null;
  reason: string | null;
  /** An IIO accelerometer was found (camera readings with `motionBreathing` read it for the breathing rate). */
  hasAccelerometer: boolean;
  /** Its name as diagnostics report it (`iio:<name>`), null without one. */
  accelerometer: string | null;
}
export interface CameraAccess {
  authorization: 'authorized' | 'denied';
  reason?: string;
}
export interface Camera {
  id: string;
  name: string;
  path: string;
  driver: string;
  bus: string;
  formats: Array<{ format: string; width: number; height: number; maxFps: number; emulated: boolean }>;
  fpsTiers: number[];
  fpsTier: number | null;
  captureMode?: string;
  hasTorch: boolean;
  torch?: string;
  isSupported: boolean;
  reason?: string;
  facing: 'front' | 'back' | 'external' | 'unknown';
  sensorRotation?: number;
}
export interface MetricChange {
  baseline: number;
  followUp: number;
  delta: number;
  beyondTypicalVariation: boolean | null;
}
export type VitalsChange = Record<'heartRateBpm' | 'rmssdMs' | 'breathingRateBrpm' | 'sdnnMs' | 'baevskyStressIndex' |
  'sd2sd1', MetricChange | null>;
type Numbers = Float64Array | ArrayLike<number> | Iterable<number>;

export declare function libraryInfo(): LibraryInfo;
/** @throws LicenseInvalidError (with `reason`), InvalidArgumentError */
export declare function activate(key: string, appId?: string | null): LicenseStatus;
export declare function licenseStatus(): LicenseStatus;
export declare function deviceSupport(device?: string | null): DeviceSupport;
export declare function cameraAccess(device?: string | null): CameraAccess;
export declare function cameras(): Camera[];
/** @throws NoHeartRateError, InvalidArgumentError */
export declare function analyze(reading: { timestamps: Numbers; red: Numbers; green: Numbers; blue: Numbers },
                                options?: SessionConfig | string | null): Result;
export declare function compare(baseline: Result | string, followUp: Result | string): VitalsChange;
export declare function setLogging(enabled: boolean): void;

// ---- errors -------------------------------------------------------------------------------------------------------

/** An error the library reported: `code` (stable name), `status` (the C nfv_status), `message`, `retryable`. */
export declare class NeurofitVitalsError extends Error {
  static readonly code: string;
  static readonly status: number | null;
  /** What the subclass's code means (undefined on the base class). */
  static readonly description?: string;
  constructor(message: string, details?: { code?: string; retryable?: boolean; reason?: string | null });
  readonly code: string;
  readonly status: number | null;
  readonly retryable: boolean;
  /** LicenseInvalidError: "malformed" | "badSignature" | "updatesExpired" | "appNotListed" | "noTrustedKey". */
  readonly reason: string | null;
  toJSON(): { code: string; message: string; retryable: boolean; reason?: string };
}
export declare class NotActivatedError extends NeurofitVitalsError {}
export declare class LicenseInvalidError extends NeurofitVitalsError {}
export declare class CameraPermissionDeniedError extends NeurofitVitalsError {}
export declare class CameraUnavailableError extends NeurofitVitalsError {}
export declare class UnsupportedDeviceError extends NeurofitVitalsError {}
export declare class NoHeartRateError extends NeurofitVitalsError {}
export declare class InternalError extends NeurofitVitalsError {}
export declare class InvalidArgumentError extends NeurofitVitalsError {}
export declare class MisuseError extends NeurofitVitalsError {}
/** The addon or libNeurofitVitals could not be loaded, or their ABI versions differ. */
export declare class LibraryLoadError extends Error {
  readonly code: 'libraryLoad';
}
