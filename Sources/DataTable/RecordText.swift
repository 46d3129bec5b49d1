import RenderCore

/// One record whole, as lines of text for a screen `width` columns wide: each column
/// and its full value (`name: value`), nested objects and arrays indented under their
/// key (`- item` for an array's), long values wrapped, what a table's cells cut.
/// Written with an explicit stack: records nest as deep as JSON does.
enum RecordText {
    static func lines(columns: [String], values: [JSONValue?], width: Int) -> [String] {
        let width = max(8, width)
        // The indent stops growing at half the width, so that deep values still show.
        let indentCap = width / 2
        var lines: [String] = []
        enum Step {
            case member(label: String, value: JSONValue, depth: Int)
        }
        var steps: [Step] = []
        for (column, value) in zip(columns, values).reversed() {
            if let value { steps.append(.member(label: ValueText.escaped(column) + ":", value: value, depth: 0)) }
        }
        while case .member(let label, let value, let depth)? = steps.popLast() {
            let indent = String(repeating: " ", count: min(indentCap, depth * 2))
            switch value {
            case .object(let members) where !members.isEmpty:
                lines.append(indent + label)
                for member in members.reversed() {
                    steps.append(.member(label: ValueText.escaped(member.key) + ":", value: member.value, depth: depth + 1))
                }
            case .array(let items) where !items.isEmpty:
                lines.append(indent + label)
                for item in items.reversed() { steps.append(.member(label: "-", value: item, depth: depth + 1)) }
            default:
                let text = ValueText.text(of: value)
                let shown = text.utf8.count > maximumValueBytes ? cut(text) : text
                lines += wrapped(indent + label + " " + shown, width: width, continuation: indent + "  ")
            }
        }
        return lines
    }

    /// Bytes of one value laid out in the record view: 1 MiB, some 13,000 lines of 80
    /// columns. The view is laid out whole when shown; a value of 100 MB took 20 s
    /// and 280 MB to lay out, keys waiting (a dump writes it whole).
    static let maximumValueBytes = 1 << 20

    /// `text`'s first `maximumValueBytes` (on a character's boundary), and how much
    /// more there is.
    private static func cut(_ text: String) -> String {
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: maximumValueBytes)
        while end > text.startIndex, end.samePosition(in: text.unicodeScalars) == nil { end = text.utf8.index(before: end) }
        let kept = String(text[..<end])
        let more = text.utf8.count - kept.utf8.count
        return kept + " … (\(more) bytes more: the record view shows 1 MiB of a value; --dump writes it whole)"
    }

    /// `text` cut into lines of at most `width` columns, at the last space before the
    /// edge where there is one, the lines after the first starting with `continuation`.
    static func wrapped(_ text: String, width: Int, continuation: String) -> [String] {
        var lines: [String] = []
        // The line so far, a character at a time, and where its last space is.
        var line: [Character] = []
        var columns = 0
        var lastSpace: Int?
        for character in text {
            let characterColumns = TextWidth.columns(of: character)
            if columns + characterColumns > width, !line.isEmpty {
                var rest: ArraySlice<Character> = []
                // At the last space, unless what follows it would not fit on the next line.
                if let space = lastSpace, space > 0,
                   TextWidth.columns(of: continuation + String(line[(space + 1)...])) < width {
                    rest = line[(space + 1)...]
                    line.removeSubrange(space...)
                }
                lines.append(String(line))
                line = Array(continuation) + rest
                columns = TextWidth.columns(of: String(line))
                lastSpace = nil
            }
            if character == " ", columns > continuation.count { lastSpace = line.count }
            line.append(character)
            columns += characterColumns
        }
        lines.append(String(line))
        return lines
    }
}
