import RenderCore

/// One record whole, as lines of text for a screen `width` columns wide: each column
/// and its full value (`name: value`), nested objects and arrays indented under their
/// key (`- item` for an array's), long values wrapped, what a table's cells cut.
///
/// Laid out as far as its lines are asked for, as a table's rows are: a value of
/// 100 MB shows its first screen at once (wrapped whole, it held the viewer 20 s), and
/// the rest is wrapped as it is scrolled to. Written with an explicit stack: records
/// nest as deep as JSON does.
public struct RecordLines: Sendable {
    private enum Step: Sendable {
        case member(label: String, value: JSONValue, depth: Int)
    }

    /// The lines laid out so far.
    private var known: [String] = []
    /// The members still to lay out, the next last.
    private var steps: [Step] = []
    /// The value being wrapped, if one is.
    private var wrapping: WrappedLines?
    private let width: Int
    /// The indent stops growing at half the width, so that deep values still show.
    private let indentCap: Int

    /// The record of `values` under `columns` at `width` columns (8 at least); a
    /// column without a value is left out.
    init(columns: [String], values: [JSONValue?], width: Int) {
        self.width = max(8, width)
        indentCap = self.width / 2
        for (column, value) in zip(columns, values).reversed() {
            if let value { steps.append(.member(label: ValueText.escaped(column) + ":", value: value, depth: 0)) }
        }
    }

    /// Lines given as they are (a screen of help, say).
    public init(_ lines: [String]) {
        known = lines
        width = 80
        indentCap = 40
    }

    /// Lines laid out so far.
    public var count: Int { known.count }

    /// Whether every line is laid out.
    public var isComplete: Bool { steps.isEmpty && wrapping == nil }

    /// Line `line`, laid out already (`line < count`).
    public subscript(line: Int) -> String { known[line] }

    /// The lines laid out so far.
    public var laidOut: [String] { known }

    /// About how many lines there are: exact once complete, else the lines so far and
    /// the value being wrapped's rest at its width, and a line a member still to come.
    public var estimatedCount: Int {
        guard !isComplete else { return known.count }
        return known.count + (wrapping.map { $0.bytesLeft / width + 1 } ?? 0) + steps.count
    }

    /// Lays lines out until line `line` is, or there are no more.
    public mutating func layOut(through line: Int) {
        while known.count <= line, layOutNext() {}
    }

    /// Lays every line out.
    public mutating func layOutAll() {
        while layOutNext() {}
    }

    /// Lays the next line out; `false` when there is none.
    private mutating func layOutNext() -> Bool {
        if wrapping != nil {
            if let line = wrapping!.next() {
                known.append(line)
                return true
            }
            wrapping = nil
        }
        guard case .member(let label, let value, let depth)? = steps.popLast() else { return false }
        let indent = String(repeating: " ", count: min(indentCap, depth * 2))
        switch value {
        case .object(let members) where !members.isEmpty:
            known.append(indent + label)
            for member in members.reversed() {
                steps.append(.member(label: ValueText.escaped(member.key) + ":", value: member.value, depth: depth + 1))
            }
        case .array(let items) where !items.isEmpty:
            known.append(indent + label)
            for item in items.reversed() { steps.append(.member(label: "-", value: item, depth: depth + 1)) }
        default:
            wrapping = WrappedLines(indent + label + " " + ValueText.text(of: value), width: width, continuation: indent + "  ")
        }
        return true
    }
}

/// `text` cut into lines of at most `width` columns, a line at a time: at the last
/// space before the edge where there is one (unless what follows it would not fit on
/// the next line either), the lines after the first starting with `continuation`.
struct WrappedLines: Sendable {
    private let text: String
    private let width: Int
    private let continuation: String
    /// Where the next character is.
    private var index: String.Index
    /// The line being made, the columns it takes, and where its last space is.
    private var line: [Character] = []
    private var columns = 0
    private var lastSpace: Int?
    private var isOver = false

    init(_ text: String, width: Int, continuation: String) {
        self.text = text
        self.width = width
        self.continuation = continuation
        index = text.startIndex
    }

    /// Bytes of the text not wrapped yet.
    var bytesLeft: Int { text.utf8.distance(from: index, to: text.endIndex) }

    /// The next line; `nil` after the last.
    mutating func next() -> String? {
        while index < text.endIndex {
            let character = text[index]
            let characterColumns = TextWidth.columns(of: character)
            var full: String?
            if columns + characterColumns > width, !line.isEmpty {
                var rest: ArraySlice<Character> = []
                if let space = lastSpace, space > 0, TextWidth.columns(of: continuation + String(line[(space + 1)...])) < width {
                    rest = line[(space + 1)...]
                    line.removeSubrange(space...)
                }
                full = String(line)
                line = Array(continuation) + rest
                columns = TextWidth.columns(of: String(line))
                lastSpace = nil
            }
            if character == " ", columns > continuation.count { lastSpace = line.count }
            line.append(character)
            columns += characterColumns
            index = text.index(after: index)
            if let full { return full }
        }
        guard !isOver else { return nil }
        isOver = true
        return String(line)
    }
}

extension RecordLines {
    /// Every line of a record (`RecordLines`, laid out whole).
    static func all(columns: [String], values: [JSONValue?], width: Int) -> [String] {
        var lines = RecordLines(columns: columns, values: values, width: width)
        lines.layOutAll()
        return lines.laidOut
    }
}
