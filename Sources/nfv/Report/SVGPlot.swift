import Glibc

/// A small SVG plot: a titled panel with axes mapping data coordinates to pixels, polylines, dots and labels.
struct SVGPlot {
    let x: Double, y: Double, width: Double, height: Double
    let xRange: ClosedRange<Double>, yRange: ClosedRange<Double>
    private(set) var elements: [String] = []

    init(x: Double, y: Double, width: Double, height: Double, title: String, xLabel: String, yLabel: String,
         xRange: ClosedRange<Double>, yRange: ClosedRange<Double>) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.xRange = xRange.lowerBound < xRange.upperBound ? xRange : xRange.lowerBound...(xRange.lowerBound + 1)
        self.yRange = yRange.lowerBound < yRange.upperBound ? yRange : yRange.lowerBound...(yRange.lowerBound + 1)
        elements.append(##"<rect x="\##(f(x))" y="\##(f(y))" width="\##(f(width))" height="\##(f(height))" fill="#fbfbfd" stroke="#c8c8d0"/>"##)
        elements.append(text(title, x: x, y: y - 8, size: 14, weight: "600"))
        elements.append(text(xLabel, x: x + width / 2, y: y + height + 30, anchor: "middle"))
        elements.append(##"<text x="\##(f(x - 42))" y="\##(f(y + height / 2))" font-size="11" fill="#555" transform="rotate(-90 \##(f(x - 42)) \##(f(y + height / 2)))" text-anchor="middle">\##(escape(yLabel))</text>"##)
        addTicks()
    }

    /// Pixel coordinates of a data point.
    func point(_ px: Double, _ py: Double) -> (Double, Double) {
        let u = (px - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound)
        let v = (py - yRange.lowerBound) / (yRange.upperBound - yRange.lowerBound)
        return (x + u * width, y + height - v * height)
    }

    /// A line through the points.
    mutating func line(_ points: [(Double, Double)], color: String, width lineWidth: Double = 1.2) {
        guard points.count > 1 else { return }
        let path = points.map { let (px, py) = point($0.0, $0.1); return "\(f(px)),\(f(py))" }.joined(separator: " ")
        elements.append(##"<polyline fill="none" stroke="\##(color)" stroke-width="\##(f(lineWidth))" points="\##(path)"/>"##)
    }

    /// A dot at a data point.
    /// A dot at (`px`, `py`); `hollow` draws only its ring (in `color`).
    mutating func dot(_ px: Double, _ py: Double, color: String, radius: Double = 2.5, title: String? = nil,
                      hollow: Bool = false) {
        let (cx, cy) = point(px, py)
        let tooltip = title.map { "<title>\(escape($0))</title>" } ?? ""
        elements.append(##"<circle cx="\##(f(cx))" cy="\##(f(cy))" r="\##(f(radius))" \##(paint(color, hollow: hollow))>\##(tooltip)</circle>"##)
    }

    /// A legend entry in a row above the panel's right edge; `index` counts from the left of `count` entries.
    mutating func legend(_ label: String, color: String, index: Int, of count: Int, hollow: Bool = false) {
        let lx = x + width - Double(count - index) * 82, ly = y - 8
        elements.append(##"<circle cx="\##(f(lx))" cy="\##(f(ly - 4))" r="4" \##(paint(color, hollow: hollow))/>"##)
        elements.append(text(label, x: lx + 9, y: ly))
    }

    private func paint(_ color: String, hollow: Bool) -> String {
        hollow ? #"fill="none" stroke="\#(color)" stroke-width="1.5""# : #"fill="\#(color)""#
    }

    /// A line of text centred in the panel (what to do when there is nothing to plot).
    mutating func note(_ content: String) {
        elements.append(text(content, x: x + width / 2, y: y + height / 2, size: 13, anchor: "middle"))
    }

    /// The panel's SVG elements.
    var svg: String { elements.joined(separator: "\n") }

    /// Grid lines and labels at round values (steps of 1, 2 or 5 times a power of ten, about five a axis).
    private mutating func addTicks() {
        for xValue in Self.roundTicks(in: xRange) {
            let (tx, _) = point(xValue, yRange.lowerBound)
            elements.append(##"<line x1="\##(f(tx))" y1="\##(f(y))" x2="\##(f(tx))" y2="\##(f(y + height))" stroke="#ececf2"/>"##)
            elements.append(text(tick(xValue), x: tx, y: y + height + 14, anchor: "middle"))
        }
        for yValue in Self.roundTicks(in: yRange) {
            let (_, ty) = point(xRange.lowerBound, yValue)
            elements.append(##"<line x1="\##(f(x))" y1="\##(f(ty))" x2="\##(f(x + width))" y2="\##(f(ty))" stroke="#ececf2"/>"##)
            elements.append(text(tick(yValue), x: x - 5, y: ty + 4, anchor: "end"))
        }
    }

    /// The multiples of a round step (1, 2 or 5 × 10ⁿ, the smallest giving at most `count` intervals) in `range`.
    static func roundTicks(in range: ClosedRange<Double>, count: Int = 5) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span.isFinite, span > 0 else { return [range.lowerBound] }
        let exponent: Double = log10(span / Double(count)).rounded(.down)
        let magnitude: Double = pow(10, exponent)
        let steps: [Double] = [1, 2, 5, 10].map { (factor: Double) -> Double in factor * magnitude }
        let step: Double = steps.first { (candidate: Double) -> Bool in span / candidate <= Double(count) }
            ?? 10 * magnitude
        let first: Double = (range.lowerBound / step).rounded(.up) * step
        let last: Double = range.upperBound + step * 1e-9
        return stride(from: first, through: last, by: step).map { (value: Double) -> Double in
            abs(value) < step * 1e-9 ? 0 : value
        }
    }

    private func text(_ content: String, x: Double, y: Double, size: Double = 11, weight: String = "400",
                      anchor: String = "start") -> String {
        ##"<text x="\##(f(x))" y="\##(f(y))" font-size="\##(f(size))" font-weight="\##(weight)" fill="#333" text-anchor="\##(anchor)">\##(escape(content))</text>"##
    }

    private func tick(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return abs(value) >= 100 ? String(Int(value.rounded())) : format(value, digits: abs(value) >= 10 ? 0 : 1)
    }
}

/// A number with one decimal for SVG attributes.
func f(_ value: Double) -> String { format(value, digits: 1) }

/// Text escaped for XML.
func escape(_ text: String) -> String {
    text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
        .replacingAll("\"", with: "&quot;")
}

extension String {
    /// Every occurrence of `target` replaced.
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
