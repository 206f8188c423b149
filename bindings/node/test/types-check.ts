// Compiled, never run: `tsc --noEmit --strict` over this file (scripts/test-bindings, "Node: TypeScript
// declarations") checks that index.d.ts compiles and types the package the way applications use it. Each
// `@ts-expect-error` line is a misuse the declarations must reject: the compiler fails when it is accepted.
import * as nfv from 'neurofit-vitals';
import {
  Session, PixelFormat, activate, analyze, cameraAccess, cameras, compare, deviceSupport, libraryInfo, licenseStatus,
  setLogging, NeurofitVitalsError, NotActivatedError, LicenseInvalidError, CameraPermissionDeniedError,
  CameraUnavailableError, UnsupportedDeviceError, NoHeartRateError, InternalError, InvalidArgumentError, MisuseError,
  LibraryLoadError,
} from 'neurofit-vitals';
import type {
  Result, SessionEvent, SessionConfig, SimulatorOptions, PreviewFrame, LicenseStatus, DeviceSupport, CameraAccess,
  Camera, VitalsChange, MetricChange, LibraryInfo, ErrorInfo, SessionPhase, PixelFormatName, EventType,
} from 'neurofit-vitals';

// ---- library-wide calls ------------------------------------------------------------------------------------------

export function libraryCalls(key: string): void {
  const info: LibraryInfo = libraryInfo();
  const version: string = info.version;
  const abi: number = info.abiVersion;
  activate(key, 'com.example.app');
  activate(key);
  // @ts-expect-error the key is text
  activate(42);
  const status: LicenseStatus = licenseStatus();
  const warnings: string[] = status.warnings;
  const support: DeviceSupport = deviceSupport();
  const tier: number | null = deviceSupport('/dev/video2').fpsTier;
  const accelerometer: string | null = support.hasAccelerometer ? support.accelerometer : null;
  const access: CameraAccess = cameraAccess();
  if (access.authorization === 'denied') console.log(access.reason);
  const list: Camera[] = cameras();
  for (const camera of list) console.log(camera.path, camera.facing, camera.formats[0]?.maxFps);
  setLogging(false);
  console.log(version, abi, warnings, support.isSupported, tier, accelerometer);
}

export function batchAnalysis(timestamps: number[], red: Float64Array, green: Iterable<number>): void {
  const blue = new Float64Array(red.length);
  const result: Result = analyze({ timestamps, red, green, blue });
  const again = analyze({ timestamps, red, green, blue }, { readingDuration: 30 });
  const change: VitalsChange = compare(result, JSON.stringify(again));
  const heartRate: MetricChange | null = change.heartRateBpm;
  if (heartRate !== null) console.log(heartRate.delta, heartRate.beyondTypicalVariation);
  // @ts-expect-error the channels are named
  analyze([timestamps, red, green, blue]);
}

// ---- sessions and their sources ----------------------------------------------------------------------------------

export async function simulatedReading(): Promise<number> {
  const options: SimulatorOptions = { heartRateBpm: 72, realTime: false, scenario: [
    { at: 20, for: 3, condition: 'fingerLifted' }] };
  const session = new nfv.Session().useSimulator(options);
  session.on('preview', (event) => {
    if (event.heartRateBpm !== undefined) console.log(event.elapsed.toFixed(0), event.heartRateBpm.toFixed(0));
  });
  const counts: Partial<Record<EventType, number>> = {};
  session.on('event', (event) => { counts[event.type] = (counts[event.type] ?? 0) + 1; });
  const listened: EventType = 'measurementComplete';
  session.once(listened, () => console.log(counts.heartbeat));
  // @ts-expect-error not an event type
  const notAType: EventType = 'beat';
  console.log(notAType);
  const result = await session.run();
  session.close();
  return result.heartRateBpm;
}

export async function cameraReading(draw: (width: number, height: number, rgb: Buffer) => void): Promise<Result> {
  const config: SessionConfig = { readingDuration: 60, autoRestartAfterCancel: true, advanced: { roi: 0.5 } };
  const session = new Session(config).useCamera('/dev/video0');
  session.enablePreviewFrames(15).on('previewFrame', ({ width, height, rgb }: PreviewFrame) => draw(width, height, rgb));
  session.on('guidance', (event) => console.log(event.guidance, event.startProgress));
  session.on('cancelled', (event) => console.log(event.reason, event.detail, event.context));
  session.on('error', (error, eventName) => console.log(eventName, error));
  session.on('end', () => console.log('ended', session.ended, session.closed, session.handlerErrors));
  session.autoStart = false;
  session.unref().ref();
  await session.start();
  session.autoStart = true;
  session.cancelReading('user tapped cancel');
  return session.result;
}

export async function hostFrames(key: string, frame: Buffer, timestampUs: bigint): Promise<void> {
  nfv.activate(key, 'com.example.app');
  const session = new Session('{"readingDuration": 30}').useHostFrames(30).record('/tmp/reading.nfvrec');
  await session.start();
  let wanted: boolean = session.submitFrame(frame, 'nv12', 640, 480, timestampUs);
  wanted = session.submitFrame(new Uint8Array(640 * 480 * 3), PixelFormat.RGB24, 640, 480, 1_000_000, 1920);
  wanted = session.submitFrame(frame.buffer, 'bgra', 640, 480, Number(timestampUs));
  wanted = session.submitMeans(1_033_333, 170.2, 5, 20, 0.01) && session.submitMotion(1_033_333, 0, 9.81, 0);
  // @ts-expect-error no such pixel format name
  session.submitFrame(frame, 'mjpeg', 640, 480, timestampUs);
  // @ts-expect-error PixelFormat is read-only
  PixelFormat.RGB24 = 2;
  const name: PixelFormatName = 'i420';
  console.log(wanted, name);
  session.stop();
}

export async function replayedReading(path: string): Promise<void> {
  const session = new Session().useReplay(path, { realTime: false });
  const events = session.events();
  await session.start();
  for await (const event of events) {
    if (event.type === 'heartbeat' && event.ibiMs !== undefined) console.log(event.ibiMs);
  }
  for await (const event of session) console.log(event.t);
  const phase: SessionPhase = session.state.state;
  console.log(phase, session.state.elapsed);
}

/** Every event through the one listener, narrowed by its type. */
export function everyEvent(session: Session): void {
  session.on('event', (event: SessionEvent) => {
    switch (event.type) {
      case 'state': console.log(event.state, event.result?.quality, event.error?.code); break;
      case 'guidance': console.log(event.guidance); break;
      case 'started': console.log(event.t); break;
      case 'preview': console.log(event.progress, event.abortRisk, event.signalLevel); break;
      case 'heartbeat': console.log(event.ibiMs); break;
      case 'cancelled': console.log(event.reason); break;
      case 'reconfiguringCamera': console.log(event.fpsTier, event.lowPowerMode); break;
      case 'recoverableError': console.log(event.error); break;
      case 'measurementComplete': console.log('analysing'); break;
      case 'completed': console.log(event.result.rmssdMs, event.result.flags, event.result.diagnostics); break;
      case 'failed': console.log(event.error.message, event.error.retryable); break;
      case 'recordingError': console.log(event.error.code); break;
      default: { const unknown: never = event; console.log(unknown); }
    }
  });
  session.once('completed', (event) => console.log(event.result.breathingRateConfidence));
  const listener = (event: nfv.HeartbeatEvent): void => console.log(event.ibiMs);
  session.addListener('heartbeat', listener).removeListener('heartbeat', listener).off('heartbeat', listener);
  // @ts-expect-error a heartbeat listener gets a heartbeat event
  session.on('heartbeat', (event: nfv.PreviewEvent) => console.log(event.progress));
}

// ---- errors ------------------------------------------------------------------------------------------------------

export async function errors(session: Session): Promise<string> {
  try {
    await session.run();
  } catch (error) {
    if (error instanceof NoHeartRateError) return `retry: ${error.retryable}`;
    if (error instanceof LicenseInvalidError) return `key rejected: ${error.reason ?? 'no reason'}`;
    if (error instanceof NotActivatedError || error instanceof CameraPermissionDeniedError ||
        error instanceof CameraUnavailableError || error instanceof UnsupportedDeviceError ||
        error instanceof InternalError || error instanceof InvalidArgumentError || error instanceof MisuseError) {
      const status: number | null = error.status;
      return `${error.code} (${status}): ${error.message}`;
    }
    if (error instanceof NeurofitVitalsError) {
      const data: { code: string; message: string; retryable: boolean; reason?: string } = error.toJSON();
      return JSON.stringify(data);
    }
    if (error instanceof LibraryLoadError) {
      const code: 'libraryLoad' = error.code;
      return code;
    }
  }
  const made = new InvalidArgumentError('bad frame', { code: 'invalidArgument', retryable: false });
  const info: ErrorInfo = made.toJSON();
  return `${NoHeartRateError.code} ${LicenseInvalidError.status} ${info.code}: ${MisuseError.description ?? ''}`;
}
