import NeurofitVitals

/// `nfv replay FILE`: runs a full session on a recording, a CSV of means or a Y4M video and prints its events.
let replayCommand = Subcommand(
    name: "replay",
    summary: "run a session on a recording, a CSV of means or a Y4M video",
    usage: """
        usage: nfv replay FILE [--realtime] [--config JSON|@FILE] [--record FILE] [--human] [--license KEY|@FILE]
                   [--app-id ID]
          FILE                 a recording (nfv read --record), a CSV with header timestamp_s,red,green,blue,
                               or an uncompressed Y4M video (4:2:0, 4:2:2, 4:4:4 or mono)
          --realtime           pace frames at their timestamps (default: as fast as possible)
          --config JSON|@FILE  configuration (default: a recording's own, else the defaults)
          --record FILE        record the replayed session too
          --human              show guidance, progress and the result instead of JSON Lines
          --license KEY|@FILE  license key (else $NFV_LICENSE_KEY or ~/.config/neurofit-vitals/license.key)
          --app-id ID          the app id the key must list (default: nfv)
          --log                log state transitions and capture decisions to standard error
        Prints the events as JSON Lines, exactly as the C API delivers them. Exit status: 0 with a result, 1 when
        the session ended without one, 2 on bad usage or an unreadable file.
        """,
    run: { arguments in
        do throws(UsageError) {
            let options = try ParsedArguments(arguments, valued: ["config", "record", "license", "app-id"],
                                              switches: ["realtime", "human", "log"])
            guard options.positional.count == 1 else { throw UsageError("expected one FILE") }
            if let rejection = try LicenseActivation.activate(option: options.value("license"),
                                                           appId: options.value("app-id")) {
                printError("nfv replay: \(rejection)")
                return ExitStatus.failure
            }
            Log.setEnabled(options.flags.contains("log"))
            let configuration = try options.value("config").map { text throws(UsageError) in
                text.hasPrefix("@") ? try FileIO.readText(String(text.dropFirst())) : text
            }
            var setup: SessionSetup
            do throws(VitalsError) {
                setup = try SessionSetup(configurationJSON: configuration)
                setup.source = try ReplaySource(path: options.positional[0], realTime: options.flags.contains("realtime"))
                setup.recordingPath = options.value("record")
            } catch {
                throw UsageError(error.message)
            }
            return runSession(setup, json: !options.flags.contains("human"))
        } catch {
            printError("nfv replay: \(error.message)\n\n\(replayCommand.usage)")
            return ExitStatus.usage
        }
    })
