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
                lines += wrapped(indent + label + " " + ValueText.text(of: value), width: width, continuation: indent + "  ")
            }
        }
        return lines
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
