import NeurofitVitals
import StrictJSON

/// `nfv compare BEFORE AFTER [--json]`: which metrics moved between two readings by more than readings of a
/// resting person typically differ (each metric's `ResultMetric.comparisonThreshold`).
let compareCommand = Subcommand(
    name: "compare",
    summary: "compare two readings (before/after): each metric's change and whether it is beyond typical variation",
    usage: """
        usage: nfv compare BEFORE AFTER [--json]
          BEFORE, AFTER  each a result JSON (nfv analyze), events as JSON Lines (nfv read --json) ending with a
                         completed reading, or a recording (nfv read --record)
          --json         print the comparison object (as nfv_compare gives it) instead of a table
        Thresholds: \(thresholdsText).
        A metric missing from either reading is shown as such. Exit status 0, or 2 on bad usage or input.
        """,
    run: { arguments in
        do throws(UsageError) {
            let options = try ParsedArguments(arguments, switches: ["json"])
            guard options.positional.count == 2 else { throw UsageError("expected two readings, BEFORE and AFTER") }
            let texts = try options.positional.map { path throws(UsageError) in
                JSONValue.object(try ReadingReport.load(path: path).result).serialized()
            }
            let assessment: ChangeAssessment
            do throws(VitalsError) {
                assessment = try VitalsChange.compare(baselineJSON: texts[0], followUpJSON: texts[1],
                                                      baselineName: options.positional[0],
                                                      followUpName: options.positional[1])
            } catch {
                throw UsageError(error.message)
            }
            print(options.flags.contains("json") ? assessment.jsonValue.serialized() : table(assessment))
            return ExitStatus.ok
        } catch {
            printError("nfv compare: \(error.message)\n\n\(compareCommand.usage)")
            return ExitStatus.usage
        }
    })

/// The comparison as a table: one row a metric with both values, the change and the verdict.
private func table(_ assessment: ChangeAssessment) -> String {
    var lines = ["metric".padding(to: 29) + "before".padding(to: 10) + "after".padding(to: 10)
                 + "change".padding(to: 10) + "verdict"]
    for (metric, change) in assessment.changes {
        let label = metric.labelWithUnit.padding(to: 29)
        guard let change else {
            lines.append(label + "not in both readings")
            continue
        }
        let verdict = switch change.beyondTypicalVariation {
        case true?: "beyond typical variation"
        case false?: "within typical variation"
        case nil: "(no threshold)"
        }
        let values = [change.baseline, change.followUp]
            .map { format($0, digits: metric.digits).padding(to: 10) }.joined()
        let delta = (change.delta > 0 ? "+" : "") + format(change.delta, digits: metric.digits)
        lines.append(label + values + delta.padding(to: 10) + verdict)
    }
    return lines.joined(separator: "\n")
}


/// The thresholds for the usage text: `Heart rate 5 bpm, …; SDNN, … have none`.
private var thresholdsText: String {
    let judged = ResultMetric.all.compactMap { metric in
        metric.comparisonThreshold.map { metric.label + " " + metric.text($0) }
    }
    let unjudged = ResultMetric.all.filter { $0.comparisonThreshold == nil }.map(\.label)
    return judged.joined(separator: ", ") + "; " + unjudged.joined(separator: ", ") + " have none"
}
