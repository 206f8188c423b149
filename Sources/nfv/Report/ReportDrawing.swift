import NeurofitVitals
import PpgCore

/// Draws a reading report as one SVG: PPG waveform with beat marks, tachogram with artifact labels, Poincaré plot,
/// breathing trace and a metrics table with typical resting ranges.
struct ReportDrawing {
    static let width = 1000.0
    static let height = 1180.0
    let report: ReadingReport

    /// Colours of beat labels.
    static let labelColors = ["normal": "#2b6cb0", "ectopic": "#d53f8c", "missed": "#dd6b20", "extra": "#805ad5",
                              "longShort": "#c53030"]

    /// The complete SVG document.
    var svg: String {
        var parts = [##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(f(Self.width))" height="\##(f(Self.height))" viewBox="0 0 \##(f(Self.width)) \##(f(Self.height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"##,
                     ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
                     title]
        parts.append(waveform().svg)
        parts.append(tachogram().svg)
        parts.append(poincare().svg)
        parts.append(breathing().svg)
        parts.append(table)
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    private var title: String {
        let quality = report.number("quality").flatMap { QualityTier(rawValue: Int($0)) }.map { "\($0)" } ?? ""
        let engine = report.result["engineVersion"]?.stringValue.map { "engine \($0)" } ?? ""
        let facts = [report.result["capturedAt"]?.stringValue ?? "", "signal quality \(quality)",
                     "\(report.beats.count) beats", engine]
        let line = facts.filter { !$0.isEmpty }.joined(separator: " · ")
        return ##"<text x="60" y="40" font-size="22" font-weight="700" fill="#1a202c">NeurofitVitals reading</text>"##
            + ##"<text x="60" y="62" font-size="12" fill="#555">\##(escape(line))</text>"##
    }

    private var beatTimes: ClosedRange<Double> {
        let times = report.beats.map(\.time)
        return min(0, times.min() ?? 0)...(times.max() ?? 60)
    }

    private func waveform() -> SVGPlot {
        let window = beatTimes.lowerBound...(beatTimes.upperBound + 1)
        let frames = report.frames.filter { window.contains($0.timestamp - report.origin) }
        let values = Self.detrended(frames.map { -$0.red })
        let low = values.min() ?? -1, high = values.max() ?? 1
        var plot = SVGPlot(x: 60, y: 100, width: 880, height: 170, title: "Pulse wave (inverted red, detrended)",
                           xLabel: "time since the start of the reading (s)", yLabel: "counts", xRange: window,
                           yRange: low...high)
        if frames.isEmpty {
            plot.note("No pulse wave: this input holds the result only. Report a recording (nfv read --record FILE)"
                      + " or a CSV of means to see the waveform.")
        } else {
            plot.line(zip(frames, values).map { ($0.timestamp - report.origin, $1) }, color: "#c53030", width: 1)
            for beat in report.beats {
                plot.dot(beat.time, high, color: Self.labelColors[beat.label] ?? "#718096", radius: 2.5)
            }
        }
        return plot
    }

    private func tachogram() -> SVGPlot {
        let intervals = report.beats.compactMap { beat in beat.intervalMs.map { (beat, $0) } }
        let values = intervals.map(\.1)
        var plot = SVGPlot(x: 60, y: 330, width: 880, height: 170, title: "Tachogram (beat-to-beat intervals)",
                           xLabel: "time since the start of the reading (s)", yLabel: "interval (ms)",
                           xRange: beatTimes,
                           yRange: ((values.min() ?? 600) - 50)...((values.max() ?? 1000) + 50))
        plot.line(intervals.filter { $0.0.accepted }.map { ($0.0.time, $0.1) }, color: "#90cdf4")
        // A beat's colour is its label's; a rejected beat is a ring of that colour, so the legend holds for both.
        for (beat, interval) in intervals {
            plot.dot(beat.time, interval, color: Self.labelColors[beat.label] ?? "#2b6cb0",
                     radius: beat.label == "normal" ? 2.5 : 4, title: "\(beat.label)\(beat.accepted ? "" : " (rejected)")",
                     hollow: !beat.accepted)
        }
        for (index, label) in ["normal", "ectopic", "missed", "extra", "longShort"].enumerated() {
            plot.legend(label, color: Self.labelColors[label]!, index: index, of: 6)
        }
        plot.legend("rejected", color: "#4a5568", index: 5, of: 6, hollow: true)
        return plot
    }

    private func poincare() -> SVGPlot {
        let nn = report.beats.filter(\.accepted).compactMap(\.intervalMs)
        let pairs = zip(nn, nn.dropFirst()).map { ($0, $1) }
        let low = (nn.min() ?? 600) - 30, high = (nn.max() ?? 1000) + 30
        var plot = SVGPlot(x: 60, y: 560, width: 400, height: 300, title: "Poincaré plot",
                           xLabel: "NN(i) (ms)", yLabel: "NN(i+1) (ms)", xRange: low...high, yRange: low...high)
        plot.line([(low, low), (high, high)], color: "#cbd5e0")
        for (a, b) in pairs { plot.dot(a, b, color: "#2b6cb0", radius: 3) }
        return plot
    }

    private func breathing() -> SVGPlot {
        let intervals = report.beats.filter(\.accepted).compactMap { beat in beat.intervalMs.map { (beat.time, $0) } }
        let trace = Self.detrended(intervals.map(\.1), window: 7)
        let extent = max(trace.map(abs).max() ?? 1, 1)
        let rate = BreathingRateText.describe(report.result, unit: "/min") ?? "no rate"
        var plot = SVGPlot(x: 540, y: 560, width: 400, height: 300,
                           title: "Breathing trace · \(rate)",
                           xLabel: "time (s)", yLabel: "interval change (ms)", xRange: beatTimes,
                           yRange: -extent...extent)
        plot.line(zip(intervals, trace).map { ($0.0, $1) }, color: "#38a169", width: 1.6)
        return plot
    }

    private var table: String {
        var rows = [##"<text x="60" y="930" font-size="14" font-weight="600" fill="#333">Metrics</text>"##]
        let header = ["Metric", "Value", "Typical resting range"]
        for (column, text) in header.enumerated() {
            rows.append(##"<text x="\##(60 + column * 260)" y="955" font-size="12" font-weight="600" fill="#333">\##(text)</text>"##)
        }
        for (index, metric) in ResultMetric.all.enumerated() {
            let y = 978 + index * 22
            let value = metric.text(in: report.result)
            rows.append(##"<line x1="60" y1="\##(y - 15)" x2="900" y2="\##(y - 15)" stroke="#edf2f7"/>"##)
            for (column, text) in [metric.label, value, metric.typicalRangeText].enumerated() {
                rows.append(##"<text x="\##(60 + column * 260)" y="\##(y)" font-size="12" fill="#333">\##(escape(text))</text>"##)
            }
        }
        let flags = (report.result["flags"]?.arrayValue ?? []).compactMap(\.stringValue)
        let flagsY = 978 + ResultMetric.all.count * 22 + 8
        rows.append(##"<text x="60" y="\##(flagsY)" font-size="11" fill="#555">Flags: \##(escape(flags.isEmpty ? "none" : flags.joined(separator: ", "))) · Ranges are typical for resting adults and are context, not a diagnosis.</text>"##)
        return rows.joined(separator: "\n")
    }

    /// `values` minus their centred moving average over `window` samples.
    static func detrended(_ values: [Double], window: Int = 31) -> [Double] {
        guard !values.isEmpty else { return [] }
        let half = window / 2
        return values.indices.map { index in
            let range = max(0, index - half)...min(values.count - 1, index + half)
            let mean = values[range].reduce(0, +) / Double(range.count)
            return values[index] - mean
        }
    }
}
