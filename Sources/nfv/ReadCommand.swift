import Glibc
import NeurofitVitals
import NeurofitVitalsCamera
import StrictJSON

/// `nfv read`: a complete reading on the default camera, a chosen camera, or the simulated finger, with live
/// guidance, progress and the result (or the events as JSON Lines with `--json`).
let readCommand = Subcommand(
    name: "read",
    summary: "run a reading (camera, or --simulate) with live guidance and the result",
    usage: """
        usage: nfv read [--simulate [SIMULATOR OPTIONS]] [--device PATH] [--config JSON|@FILE] [--record FILE]
                        [--json] [--license KEY|@FILE] [--app-id ID]
          --simulate           read a simulated fingertip instead of a camera (no license needed)
            --hr BPM --rmssd MS --br BRPM --noise COUNTS --fps FPS --seed N
            --no-finger-for S  no finger for the first S seconds      --lift-at S   finger lifted for 3 s at S
            --motion-at S      a motion burst at S                     --scenario JSON  see docs/simulator.md
            --fast             as fast as possible instead of real time
          --device PATH        a camera: a device path, a stable id from nfv devices, "back", "front" or
                               "external" (by facing), or "default" (a back camera with a torch, else the first
                               supported camera; also without --device)
          --config JSON|@FILE  session configuration (docs/configuration.md)
          --record FILE        write a recording of what the session consumed (docs/recording-format.md)
          --json               print the events as JSON Lines, exactly as the C API delivers them
          --license KEY|@FILE  license key (else $NFV_LICENSE_KEY or ~/.config/neurofit-vitals/license.key)
          --app-id ID          the app id the key must list (default: nfv)
          --log                log state transitions and capture decisions to standard error
        In a colour terminal the live line starts with a swatch of the fingertip's red glow (the mean colour of the
        camera's or the simulator's preview); not with --json, in a pipe, with NO_COLOR set or TERM=dumb.
        Exit status: 0 with a result, 1 when the reading failed or the key was rejected, 2 on bad usage, 130 when
        stopped by Ctrl-C (SIGINT).
        """,
    run: { arguments in
        do throws(UsageError) {
            let options = try ParsedArguments(
                arguments,
                valued: ["hr", "rmssd", "br", "noise", "fps", "seed", "no-finger-for", "lift-at", "motion-at",
                         "scenario", "device", "config", "record", "license", "app-id"],
                switches: ["simulate", "fast", "json", "log"])
            guard options.positional.isEmpty else { throw UsageError("unexpected argument \(options.positional[0])") }
            if let rejection = try LicenseActivation.activate(option: options.value("license"),
                                                           appId: options.value("app-id")) {
                printError("nfv read: \(rejection)")
                return ExitStatus.failure
            }
            Log.setEnabled(options.flags.contains("log"))
            var setup = try makeSetup(options)
            let json = options.flags.contains("json")
            let swatch = json ? nil : GlowSwatch.forTerminal()
            if let swatch { setup.preview = try? swatch.makeMailbox() }
            return runSession(setup, json: json, swatch: swatch)
        } catch {
            printError("nfv read: \(error.message)\n\n\(readCommand.usage)")
            return ExitStatus.usage
        }
    })

private func makeSetup(_ options: ParsedArguments) throws(UsageError) -> SessionSetup {
    let configuration = try options.value("config").map { text throws(UsageError) in
        text.hasPrefix("@") ? try FileIO.readText(String(text.dropFirst())) : text
    }
    do {
        var setup = try SessionSetup(configurationJSON: configuration)
        if options.flags.contains("simulate") {
            setup.source = try simulatorOptions(options).makeSource()
        } else if let device = options.value("device") {
            setup.source = try CameraSource(device: device, configuration: setup.configurationOrDefaults)
        }
        setup.recordingPath = options.value("record")
        return setup
    } catch let error as VitalsError {
        throw UsageError(error.message)
    } catch let error as UsageError {
        throw error
    } catch {
        throw UsageError("\(error)")
    }
}

private func simulatorOptions(_ options: ParsedArguments) throws(UsageError) -> SimulatorOptions {
    var simulator = SimulatorOptions()
    do throws(VitalsError) {
        if let scenario = options.value("scenario") { try simulator.setScenario(json: scenario) }
    } catch {
        throw UsageError(error.message)
    }
    simulator.heartRateBpm = try options.number("hr", in: 30...220) ?? simulator.heartRateBpm
    simulator.rmssdMs = try options.number("rmssd", in: 0...200) ?? simulator.rmssdMs
    simulator.breathingRateBrpm = try options.number("br", in: 4...40) ?? simulator.breathingRateBrpm
    simulator.noise = try options.number("noise", in: 0...5) ?? simulator.noise
    simulator.fps = try options.number("fps", in: 10...120) ?? simulator.fps
    simulator.seed = UInt64(try options.number("seed", in: 0...1e15) ?? Double(simulator.seed))
    simulator.realTime = !options.flags.contains("fast")
    if let seconds = try options.number("no-finger-for", in: 0...3600) {
        simulator.scenario.append(.init(at: 0, duration: seconds, condition: .noContact))
    }
    if let at = try options.number("lift-at", in: 0...3600) {
        simulator.scenario.append(.init(at: at, duration: 3, condition: .lifted))
    }
    if let at = try options.number("motion-at", in: 0...3600) {
        simulator.scenario.append(.init(at: at, duration: 2, condition: .motion))
    }
    return simulator
}

/// Set by SIGINT: the reading is stopped cleanly (camera and torch released) instead of the process dying.
nonisolated(unsafe) private var interrupted: sig_atomic_t = 0

/// Starts a session from `setup` through the same lifecycle a C host's handle runs, shows or prints its events until
/// the stream ends (with `swatch` on the live line when given); exit 0 with a result.
func runSession(_ setup: SessionSetup, json: Bool, swatch: GlowSwatch? = nil) -> Int32 {
    signal(SIGINT) { _ in interrupted = 1 }
    let session = SessionLifecycle(setup, defaultSource: DefaultCamera.source)
    defer { session.release() }
    do throws(VitalsError) {
        try session.start()
    } catch {
        printError("nfv: \(error.message)")
        if error.code == .cameraUnavailable || error.code == .unsupportedDevice {
            printError("No usable camera here? Try the simulated finger: nfv read --simulate")
        }
        return ExitStatus.failure
    }
    var console = ReadingConsole(swatch: swatch)
    var completed = false
    var failed = false
    var stopping = false
    var lastElapsed: Double?
    var cancelled = false   // the latest attempt was cancelled (without auto-restart the stream then ends idle)
    while true {
        if interrupted != 0 && !stopping {
            stopping = true
            session.stop()
        }
        let pulled: Session.Pull
        do { pulled = try session.nextEvent(timeout: 0.2) } catch { break }   // one consumer: never refused here
        guard case .event(let event) = pulled else {
            if pulled == .ended { break } else { continue }
        }
        switch event.event {
        case .completed: completed = true
        case .failed: failed = true
        case .preview(let preview): lastElapsed = preview.elapsed
        case .cancelled: cancelled = true
        case .state(.positioning): lastElapsed = nil; cancelled = false
        default: break
        }
        if json { print(event.json); fflush(nil) } else { console.show(event.event) }
    }
    if stopping && !completed {
        printError("Stopped — no result")
        return ExitStatus.interrupted
    }
    if !completed && !failed && !cancelled {
        printError(endedWithoutResult(lastElapsed, duration: session.configuration.readingDuration))
    }
    return completed ? ExitStatus.ok : ExitStatus.failure
}

/// Why a session whose source ran out (a replayed file's end) gave no result: it ended while measuring, `elapsed`
/// seconds into a reading of `duration`, or before a reading started.
private func endedWithoutResult(_ elapsed: Double?, duration: Double) -> String {
    let needed = JSONValue.numberText(duration)
    guard let elapsed else {
        return "nfv: the frames ended before a reading could start (a reading needs a steady fingertip signal, then "
            + "\(needed) s of it): no result"
    }
    return "nfv: the frames ended \(Int(elapsed)) s into the reading, before its \(needed) s were captured: no result"
}
