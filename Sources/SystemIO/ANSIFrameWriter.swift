import RenderCore

/// Turns frames into the bytes that draw them: only the cells that changed since the
/// last frame (from the first to the last changed cell of each changed row), with SGR
/// style changes, all in one string per frame.
///
/// Attributes (bold, reverse for the status line and search matches...) are always
/// drawn; colours only when `colors` is on (`--color`, `NO_COLOR` asks for none).
package struct ANSIFrameWriter: Sendable {
    /// Whether foreground colours are sent.
    package var colors: Bool
    private var previous: FrameBuffer?

    package init(colors: Bool) {
        self.colors = colors
    }

    /// Forgets the last frame, so that the next one is drawn whole (after a resize or
    /// a resume).
    package mutating func invalidate() {
        previous = nil
    }

    /// The escape sequences that turn the screen from the previous frame into `frame`.
    package mutating func update(to frame: FrameBuffer) -> String {
        var output: [UInt8] = []
        // A new size is drawn whole, every cell written over what was there: no
        // clearing first, so nothing flickers.
        let sameSize = previous.map { $0.width == frame.width && $0.height == frame.height } ?? false
        for row in 0..<frame.height {
            let columns: Range<Int>
            if sameSize, let previous {
                guard let changed = frame.differingColumns(inRow: row, from: previous) else { continue }
                columns = changed
            } else {
                columns = 0..<frame.width
            }
            output += "\u{1B}[\(row + 1);\(columns.lowerBound + 1)H".utf8
            Self.appendStyledRow(frame, row: row, columns: columns, colors: colors, to: &output)
        }
        previous = frame
        return String(decoding: output, as: UTF8.self)
    }

    /// One row of `frame` with SGR sequences where the style changes (colours only
    /// when `colors`), ending in the default style.
    package static func styledRow(_ frame: FrameBuffer, row: Int, colors: Bool) -> String {
        var output: [UInt8] = []
        appendStyledRow(frame, row: row, columns: 0..<frame.width, colors: colors, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func appendStyledRow(_ frame: FrameBuffer, row: Int, columns: Range<Int>, colors: Bool, to output: inout [UInt8]) {
        var current = Style.plain
        frame.appendRow(row, columns: columns, to: &output) { style, output in
            let shown = colors ? style : Style(style.attributes)
            guard shown != current else { return }
            output += sgr(shown).utf8
            current = shown
        }
        if current != .plain { output += "\u{1B}[0m".utf8 }
    }

    /// The SGR sequence that sets exactly `style`.
    package static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        let attributes = style.attributes
        if attributes.contains(.bold) { codes.append("1") }
        if attributes.contains(.dim) { codes.append("2") }
        if attributes.contains(.italic) { codes.append("3") }
        if attributes.contains(.underline) { codes.append("4") }
        if attributes.contains(.reverse) { codes.append("7") }
        if attributes.contains(.strikethrough) { codes.append("9") }
        if let color = style.foreground {
            let index = Int(color.paletteIndex)
            codes.append(index < 8 ? "\(30 + index)" : index < 16 ? "\(90 + index - 8)" : "38;5;\(index)")
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
