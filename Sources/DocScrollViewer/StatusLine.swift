import RenderCore

/// The status line under the content, in reverse video: on the left a note, the
/// search prompt or the page's title; on the right short parts, the least needed
/// first, dropped from the front while they do not fit (the last, the position,
/// always stays).
struct StatusLine {
    /// The left side's text.
    var left: String
    /// Whether the left side is a note or the prompt: the right side leaves room for
    /// it whole, where a title may be cut.
    var leftIsUrgent: Bool
    /// The right side's parts, the least needed first.
    var parts: [String]

    /// Columns a title keeps at least, beside the right side's parts.
    static let titleColumns = 22

    /// Draws the line on row `row` of `screen`, across its width.
    func draw(into screen: inout FrameBuffer, row: Int) {
        let style = Style(.reverse)
        let width = screen.width
        for column in 0..<width { screen[column, row] = Cell(" ", style: style) }
        var parts = parts
        var right = parts.joined(separator: "  ")
        let room = width - max(Self.titleColumns, leftIsUrgent ? TextWidth.columns(of: left) + 2 : 0)
        while parts.count > 1, TextWidth.columns(of: right) > room {
            parts.removeFirst()
            right = parts.joined(separator: "  ")
        }
        let rightColumns = TextWidth.columns(of: right)
        let leftRoom = max(0, width - rightColumns - 2)
        screen.draw(Self.cut(left, toColumns: leftRoom), style: style, column: 0, row: row, limit: leftRoom)
        screen.draw(Self.cut(right, toColumns: width - 1), style: style, column: max(0, width - rightColumns - 1), row: row)
    }

    /// `text`, or as much of it as fits in `columns` with `…` at the end.
    static func cut(_ text: String, toColumns columns: Int) -> String {
        guard TextWidth.columns(of: text) > columns else { return text }
        guard columns > 1 else { return columns == 1 ? "…" : "" }
        return TextWidth.prefix(of: text, columns: columns - 1) + "…"
    }

    /// Bytes as mebibytes with one decimal ("12.5M").
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10)M"
    }
}
