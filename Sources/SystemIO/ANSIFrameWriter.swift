import RenderCore

/// Turns frames into the bytes that draw them: only the cells that changed since the
/// last frame (from the first to the last changed cell of each changed row), with SGR
/// style changes, all in one string per frame.
///
/// Attributes (bold, reverse for the status line and search matches...) are always
/// drawn; colours as deep as `colors` says (`--color`, `NO_COLOR` asks for none,
/// `COLORTERM` says whether true colours are understood).
package struct ANSIFrameWriter: Sendable {
    /// Which colours are sent.
    package var colors: ColorDepth
    private var previous: FrameBuffer?
    /// Rows the next update writes whole, whatever the last frame had there.
    private var rowsToRedraw: Set<Int> = []
    /// The rows the last update wrote.
    package private(set) var rowsWritten: [Int] = []

    package init(colors: ColorDepth) {
        self.colors = colors
    }

    /// Forgets the last frame, so that the next one is drawn whole (after a resize or
    /// a resume).
    package mutating func invalidate() {
        previous = nil
    }

    /// Has the next update write `rows` whole: what the terminal drew over them
    /// besides text (a picture in pixels) is written over.
    package mutating func redraw(rows: some Sequence<Int>) {
        rowsToRedraw.formUnion(rows)
    }

    /// The escape sequences that turn the screen from the previous frame into `frame`.
    package mutating func update(to frame: FrameBuffer) -> String {
        var output: [UInt8] = []
        // A new size is drawn whole, every cell written over what was there: no
        // clearing first, so nothing flickers.
        let sameSize = previous.map { $0.width == frame.width && $0.height == frame.height } ?? false
        rowsWritten = []
        defer { rowsToRedraw = [] }
        for row in 0..<frame.height {
            let columns: Range<Int>
            if sameSize, let previous, !rowsToRedraw.contains(row) {
                guard let changed = frame.differingColumns(inRow: row, from: previous) else { continue }
                columns = changed
            } else {
                columns = 0..<frame.width
            }
            rowsWritten.append(row)
            output += "\u{1B}[\(row + 1);\(columns.lowerBound + 1)H".utf8
            Self.appendStyledRow(frame, row: row, columns: columns, colors: colors, to: &output)
        }
        previous = frame
        return String(decoding: output, as: UTF8.self)
    }

    /// One row of `frame` with SGR sequences where the style changes (colours as
    /// `colors` says), ending in the default style.
    package static func styledRow(_ frame: FrameBuffer, row: Int, colors: ColorDepth) -> String {
        var output: [UInt8] = []
        appendStyledRow(frame, row: row, columns: 0..<frame.width, colors: colors, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func appendStyledRow(_ frame: FrameBuffer, row: Int, columns: Range<Int>, colors: ColorDepth, to output: inout [UInt8]) {
        var current = Style.plain
        frame.appendRow(row, columns: columns, to: &output) { style, output in
            let shown = colors.shown(style)
            guard shown != current else { return }
            output += sgr(shown).utf8
            current = shown
        }
        if current != .plain { output += "\u{1B}[0m".utf8 }
    }

    /// The SGR sequence that sets exactly `style` (its true colours as such: see
    /// `ColorDepth.shown` for a terminal without them).
    package static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        let attributes = style.attributes
        if attributes.contains(.bold) { codes.append("1") }
        if attributes.contains(.dim) { codes.append("2") }
        if attributes.contains(.italic) { codes.append("3") }
        if attributes.contains(.underline) { codes.append("4") }
        if attributes.contains(.reverse) { codes.append("7") }
        if attributes.contains(.strikethrough) { codes.append("9") }
        if let color = style.foreground { codes.append(colorCode(color, base: 30, brightBase: 90, extended: 38)) }
        if let color = style.background { codes.append(colorCode(color, base: 40, brightBase: 100, extended: 48)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// A colour's SGR parameters: a named colour's own code, a palette index's
    /// `5;n`, a true colour's `2;r;g;b`.
    private static func colorCode(_ color: Color, base: Int, brightBase: Int, extended: Int) -> String {
        if let rgb = color.rgb { return "\(extended);2;\(rgb >> 16);\(rgb >> 8 & 0xFF);\(rgb & 0xFF)" }
        let index = Int(color.paletteIndex)
        return index < 8 ? "\(base + index)" : index < 16 ? "\(brightBase + index - 8)" : "\(extended);5;\(index)"
    }
}

/// The colours a terminal is sent.
package enum ColorDepth: Sendable, Equatable {
    /// None: attributes only (`--color never`, `NO_COLOR`, not a terminal).
    case none
    /// The 256-colour palette: true colours are sent as the nearest palette colour.
    case palette
    /// 24-bit colours as they are.
    case trueColor

    /// What a terminal whose environment is `environment` understands, when colours
    /// are wanted: true colours when `COLORTERM` says so (as terminals that have them
    /// set it), else the palette.
    package static func of(environment: [String: String]) -> ColorDepth {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        return colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .palette
    }

    /// `style` as sent at this depth.
    package func shown(_ style: Style) -> Style {
        switch self {
        case .none: Style(style.attributes)
        case .palette: Style(
                style.attributes, foreground: style.foreground.map { Color(paletteIndex: $0.paletteIndex) },
                background: style.background.map { Color(paletteIndex: $0.paletteIndex) })
        case .trueColor: style
        }
    }
}
