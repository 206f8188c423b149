/// `nfv export --rr INPUT -o FILE.txt|FILE.csv|-`: a reading's beat-to-beat intervals for other HRV tools.
let exportCommand = Subcommand(
    name: "export",
    summary: "write a reading's RR intervals for Kubios (text) or as CSV",
    usage: """
        usage: nfv export --rr INPUT -o FILE.txt|FILE.csv|- [--accepted-only]
          INPUT            a recording, a result JSON or events as JSON Lines (as for nfv report)
          FILE.txt         Kubios-readable: one RR interval per line, in milliseconds (raw intervals; Kubios applies
                           its own artefact correction)
          FILE.csv         beat_time_s,rr_ms,label,accepted for every beat with an interval (beat_time_s counts
                           from the start of the reading)
          -                the text form, to standard output
          --accepted-only  only the intervals the engine accepted (its NN series)
        """,
    run: { arguments in
        do throws(UsageError) {
            let options = try ParsedArguments(arguments, valued: ["o", "output"], switches: ["rr", "accepted-only"])
            guard options.flags.contains("rr") else { throw UsageError("--rr is required (the only export so far)") }
            guard options.positional.count == 1, let output = options.value("o") ?? options.value("output") else {
                throw UsageError("expected INPUT and -o FILE")
            }
            let kind = output == "-" ? "txt" : FileIO.fileExtension(output)
            guard kind == "txt" || kind == "csv" else {
                throw UsageError("cannot export as '\(kind)' (\(output)): use FILE.txt, FILE.csv or - (text)")
            }
            let report = try ReadingReport.load(path: options.positional[0])
            let beats = report.beats.filter { $0.intervalMs != nil && (!options.flags.contains("accepted-only") || $0.accepted) }
            guard !beats.isEmpty else { throw UsageError("the reading holds no beat intervals") }
            let text: String
            if kind == "csv" {
                text = (["beat_time_s,rr_ms,label,accepted"] + beats.map {
                    "\(format($0.time, digits: 4)),\(format($0.intervalMs!, digits: 2)),\($0.label),\($0.accepted)"
                }).joined(separator: "\n") + "\n"
            } else {
                text = beats.map { format($0.intervalMs!, digits: 2) }.joined(separator: "\n") + "\n"
            }
            try FileIO.writeOutput(output, contents: text)
            return ExitStatus.ok
        } catch {
            printError("nfv export: \(error.message)\n\n\(exportCommand.usage)")
            return ExitStatus.usage
        }
    })
