public import RenderCore

/// Turns frames into the bytes that draw them: only the rows that changed since the
/// last frame, each written with SGR style changes, all in one string per frame.
public struct ANSIFrameWriter: Sendable {
    /// Whether styles are sent as SGR sequences.
    public var colors: Bool
    private var previous: FrameBuffer?

    public init(colors: Bool) {
        self.colors = colors
    }

    /// Forgets the last frame, so that the next one is drawn whole (after a resize or
    /// a resume).
    public mutating func invalidate() {
        previous = nil
    }

    /// The escape sequences that turn the screen from the previous frame into `frame`.
    public mutating func update(to frame: FrameBuffer) -> String {
        var output: [UInt8] = []
        let sameSize = previous.map { $0.width == frame.width && $0.height == frame.height } ?? false
        if !sameSize { output += "\u{1B}[H\u{1B}[2J".utf8 }
        for row in 0..<frame.height {
            if sameSize, let previous, frame.rowEquals(row, in: previous) { continue }
            output += "\u{1B}[\(row + 1);1H".utf8
            Self.appendStyledRow(frame, row: row, colors: colors, to: &output)
            output += "\u{1B}[K".utf8
        }
        previous = frame
        return String(decoding: output, as: UTF8.self)
    }

    /// One row of `frame` with SGR sequences where the style changes (when `colors`),
    /// ending in the default style.
    public static func styledRow(_ frame: FrameBuffer, row: Int, colors: Bool) -> String {
        var output: [UInt8] = []
        appendStyledRow(frame, row: row, colors: colors, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func appendStyledRow(_ frame: FrameBuffer, row: Int, colors: Bool, to output: inout [UInt8]) {
        var current = Style.plain
        frame.appendRow(row, to: &output) { style, output in
            guard colors, style != current else { return }
            output += sgr(style).utf8
            current = style
        }
        if colors, current != .plain { output += "\u{1B}[0m".utf8 }
    }

    /// The SGR sequence that sets exactly `style`.
    public static func sgr(_ style: Style) -> String {
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
