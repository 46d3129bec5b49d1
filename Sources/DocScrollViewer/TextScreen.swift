import DataTable
import RenderCore

/// Text shown in place of the content until a key other than a scrolling one: the
/// help, or a table record whole. Where it is taller than the screen, the keys that
/// move by rows and screens scroll it. Its lines are laid out as far as they are
/// shown or searched (`RecordLines`): a record of 100 MB shows at once.
struct TextScreen {
    /// What the text is, for the status line.
    enum Kind: Equatable {
        case help
        /// A record: its table and row ("items.json, row 12 of 1000").
        case record(String)
    }

    let kind: Kind
    private(set) var lines: RecordLines
    /// The first line shown.
    private(set) var offset = 0

    /// `lines` shown from the first on a screen of `rows` rows: a record of up to a
    /// thousand lines or so is laid out whole at once (its count exact), a longer one
    /// as it is scrolled.
    init(kind: Kind, lines: RecordLines, rows: Int) {
        self.kind = kind
        self.lines = lines
        self.lines.layOut(through: rows + Self.linesLaidOutAhead)
    }

    /// Lines laid out past a screen when shown.
    static let linesLaidOutAhead = 1_000

    /// The lines on a screen of `rows` rows.
    func shown(rows: Int) -> ArraySlice<String> {
        lines.laidOut.dropFirst(offset).prefix(rows)
    }

    /// Scrolls for `key` on a screen of `rows` rows.
    /// - Returns: whether the text moved; `nil` for a key that leaves it.
    mutating func scroll(for key: TerminalKey, rows: Int) -> Bool? {
        let step: Int
        switch key {
        case .down, .wheelDown, .enter, .character("j"): step = 1
        case .up, .wheelUp, .character("k"): step = -1
        case .pageDown, .character(" "), .character("f"): step = max(1, rows - 1)
        case .pageUp, .character("b"): step = -max(1, rows - 1)
        default: return nil
        }
        // (The lines a screen past the next are laid out: whether it can go there.)
        lines.layOut(through: max(0, offset + step) + rows)
        guard lines.count > rows else { return nil }
        let next = min(max(0, offset + step), lines.count - rows)
        defer { offset = next }
        return next != offset
    }

    /// Brings the next line down (`forward`) or up from the first shown that holds
    /// `query` (`TextSearch`'s smart case) to the top, wrapping around; the lines are
    /// laid out as it goes, until `isCancelled` answers true (asked every few
    /// thousand lines).
    /// - Returns: whether a line holds it; `nil` when cancelled.
    mutating func find(_ query: String, forward: Bool, rows: Int, isCancelled: () -> Bool = { false }) -> Bool? {
        var checked = 0
        func holds(_ line: Int) -> Bool {
            checked += 1
            return TextSearch.contains(query, in: lines[line])
        }
        func show(_ line: Int) -> Bool {
            lines.layOut(through: line + rows)
            offset = max(0, min(line, lines.count - rows))
            return true
        }
        // Down from the line after the first shown, laying out as it goes.
        if forward {
            var line = offset + 1
            while true {
                lines.layOut(through: line)
                guard line < lines.count else { break }
                if holds(line) { return show(line) }
                if checked % 4_096 == 0, isCancelled() { return nil }
                line += 1
            }
        } else {
            for line in stride(from: offset - 1, through: 0, by: -1) where holds(line) { return show(line) }
            lines.layOutAll()
        }
        // Then round from the other end.
        let count = lines.count
        guard count > 0 else { return false }
        let rest = forward ? Array(0...min(offset, count - 1)) : Array(stride(from: count - 1, through: offset, by: -1))
        for line in rest where holds(line) { return show(line) }
        return false
    }

    /// The status line's text: what is shown, where, and how to leave (`~` before a
    /// count of lines not all laid out).
    func status(rows: Int) -> String {
        let name: String
        switch kind {
        case .help: name = "Keys"
        case .record(let title): name = title
        }
        guard lines.count > rows || !lines.isComplete else { return " \(name): any key to return" }
        let total = lines.isComplete ? "\(lines.count)" : "~\(lines.estimatedCount)"
        return " \(name) \(offset + 1)-\(min(lines.count, offset + rows)) of \(total): j/k, Space/b scroll, any other key returns"
    }
}
