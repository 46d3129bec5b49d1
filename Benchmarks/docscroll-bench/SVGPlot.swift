import Foundation

/// A line chart as SVG, drawn by hand (no plotting library here): axes with ticks and
/// labels, a line and markers per series, a legend. Axes may be logarithmic.
struct SVGPlot {
    struct Series {
        var name: String
        var color: String
        var dashed = false
        var points: [(x: Double, y: Double)]
    }

    var title: String
    var xLabel: String
    var yLabel: String
    var logX = true
    var logY = true
    var series: [Series] = []
    /// Formats an axis value as its tick label.
    var xTick: (Double) -> String = { SVGPlot.bytes($0) }
    var yTick: (Double) -> String = { SVGPlot.bytes($0) }

    static let width = 640.0
    static let height = 400.0
    private let left = 80.0, right = 40.0, top = 40.0, bottom = 60.0

    /// The chart as a standalone SVG document.
    func svg() -> String {
        let xs = series.flatMap { $0.points.map(\.x) }, ys = series.flatMap { $0.points.map(\.y) }
        guard let xMin = xs.min(), let xMax = xs.max(), let yMin = ys.min(), let yMax = ys.max() else { return "" }
        let (x0, x1) = range(xMin, xMax, log: logX)
        let (y0, y1) = range(logY ? yMin : min(0, yMin), yMax, log: logY)
        let plotWidth = Self.width - left - right, plotHeight = Self.height - top - bottom
        func px(_ x: Double) -> Double { left + (scale(x, logX) - x0) / (x1 - x0) * plotWidth }
        func py(_ y: Double) -> Double { top + plotHeight - (scale(y, logY) - y0) / (y1 - y0) * plotHeight }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(Self.height))" \
            font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Self.width / 2)" y="22" text-anchor="middle" font-size="15">\(escape(title))</text>

            """
        // Grid and ticks: at each power of ten on a log axis, at fifths otherwise.
        for (value, label) in ticks(x0, x1, log: logX, format: xTick) {
            let x = left + (value - x0) / (x1 - x0) * plotWidth
            out += line(x, top, x, top + plotHeight, stroke: "#e4e4e4")
            out += "<text x=\"\(f(x))\" y=\"\(f(top + plotHeight + 18))\" text-anchor=\"middle\">\(escape(label))</text>\n"
        }
        for (value, label) in ticks(y0, y1, log: logY, format: yTick) {
            let y = top + plotHeight - (value - y0) / (y1 - y0) * plotHeight
            out += line(left, y, left + plotWidth, y, stroke: "#e4e4e4")
            out += "<text x=\"\(f(left - 6))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(escape(label))</text>\n"
        }
        out += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"black\"/>\n"
        out += "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(Self.height - 18))\" text-anchor=\"middle\">\(escape(xLabel))</text>\n"
        out += "<text transform=\"translate(18 \(f(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">\(escape(yLabel))</text>\n"
        for (index, entry) in series.enumerated() {
            let points = entry.points.sorted { $0.x < $1.x }.map { "\(f(px($0.x))),\(f(py($0.y)))" }
            let dash = entry.dashed ? " stroke-dasharray=\"6 4\"" : ""
            out += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(entry.color)\" stroke-width=\"2\"\(dash)/>\n"
            for point in entry.points {
                out += "<circle cx=\"\(f(px(point.x)))\" cy=\"\(f(py(point.y)))\" r=\"3.5\" fill=\"\(entry.color)\"/>\n"
            }
            // Legend, top left inside the plot.
            let y = top + 16 + Double(index) * 18
            out += line(left + 10, y - 4, left + 34, y - 4, stroke: entry.color, extra: " stroke-width=\"2\"\(dash)")
            out += "<text x=\"\(f(left + 40))\" y=\"\(f(y))\">\(escape(entry.name))</text>\n"
        }
        return out + "</svg>\n"
    }

    private func scale(_ value: Double, _ log: Bool) -> Double { log ? log10(max(value, 1e-12)) : value }

    private func range(_ low: Double, _ high: Double, log: Bool) -> (Double, Double) {
        if log { return (floor(scale(low, true)), max(floor(scale(low, true)) + 1, ceil(scale(high, true)))) }
        let top = high <= 0 ? 1 : high * 1.1
        return (low, top)
    }

    private func ticks(_ low: Double, _ high: Double, log: Bool, format: (Double) -> String) -> [(Double, String)] {
        if log { return stride(from: low, through: high, by: 1).map { ($0, format(pow(10, $0))) } }
        return (0...5).map { low + (high - low) * Double($0) / 5 }.map { ($0, format($0)) }
    }

    private func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, extra: String = "") -> String {
        "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"\(stroke)\"\(extra)/>\n"
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// `value` bytes in the nearest binary unit: 100 KB, 1 MB, 10 GB (decimal, as
    /// page sizes are given).
    static func bytes(_ value: Double) -> String {
        let units = [(1e12, "TB"), (1e9, "GB"), (1e6, "MB"), (1e3, "KB")]
        for (size, name) in units where value >= size { return "\(formatted(value / size)) \(name)" }
        return "\(formatted(value)) B"
    }

    private static func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
