import NeurofitVitals

/// `nfv report INPUT -o FILE.html|FILE.svg|-`: a self-contained report of a reading.
let reportCommand = Subcommand(
    name: "report",
    summary: "draw a reading report (waveform, tachogram, Poincaré, breathing, metrics) as HTML or SVG",
    usage: """
        usage: nfv report INPUT -o FILE.html|FILE.svg|-
          INPUT  a recording (nfv read --record) or a CSV of means (timestamp_s,red,green,blue) — the report then
                 shows the pulse wave too —, a result JSON (nfv analyze), or events as JSON Lines (nfv read --json)
                 ending with a completed reading
          -o     the output: FILE.html (or .htm) or FILE.svg; "-" writes the HTML to standard output
        Times count from the start of the reading (0 s).
        """,
    run: { arguments in
        do throws(UsageError) {
            let options = try ParsedArguments(arguments, valued: ["o", "output"])
            guard options.positional.count == 1, let output = options.value("o") ?? options.value("output") else {
                throw UsageError("expected INPUT and -o FILE")
            }
            let kind = output == "-" ? "html" : FileIO.fileExtension(output)
            guard ["html", "htm", "svg"].contains(kind) else {
                throw UsageError("cannot write a report as '\(kind)' (\(output)): use FILE.html, FILE.svg or - (HTML)")
            }
            let report = try ReadingReport.load(path: options.positional[0])
            let svg = ReportDrawing(report: report).svg
            try FileIO.writeOutput(output, contents: kind == "svg" ? svg : html(svg))
            return ExitStatus.ok
        } catch {
            printError("nfv report: \(error.message)\n\n\(reportCommand.usage)")
            return ExitStatus.usage
        }
    })

private func html(_ svg: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>NeurofitVitals reading</title>
    <style>body{margin:0;background:#f7fafc}main{max-width:1000px;margin:24px auto;background:#fff;box-shadow:0 1px 4px #0002}</style>
    </head><body><main>
    \(svg)
    </main></body></html>
    """
}
