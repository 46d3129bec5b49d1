import RenderCore

/// Text shown in place of the content until a key other than a scrolling one: the
/// help, or a table record whole. Where it is taller than the screen, the keys that
/// move by rows and screens scroll it.
struct TextScreen {
    /// What the text is, for the status line.
    enum Kind: Equatable {
        case help
        /// A record: its table and row ("items.json, row 12 of 1000").
        case record(String)
    }

    let kind: Kind
    let lines: [String]
    /// The first line shown.
    private(set) var offset = 0

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
        guard lines.count > rows else { return nil }
        let next = min(max(0, offset + step), lines.count - rows)
        defer { offset = next }
        return next != offset
    }

    /// Brings the next line down (`forward`) or up from the first shown that holds
    /// `query` (`TextSearch`'s smart case) to the top, wrapping around.
    /// - Returns: whether a line holds it.
    mutating func find(_ query: String, forward: Bool, rows: Int) -> Bool {
        guard !lines.isEmpty else { return false }
        for step in 1...lines.count {
            let line = ((offset + (forward ? step : -step)) % lines.count + lines.count) % lines.count
            if TextSearch.contains(query, in: lines[line]) {
                offset = max(0, min(line, lines.count - rows))
                return true
            }
        }
        return false
    }

    /// The status line's text: what is shown, where, and how to leave.
    func status(rows: Int) -> String {
        let name: String
        switch kind {
        case .help: name = "Keys"
        case .record(let title): name = title
        }
        guard lines.count > rows else { return " \(name): any key to return" }
        return " \(name) \(offset + 1)-\(min(lines.count, offset + rows)) of \(lines.count): j/k, Space/b scroll, any other key returns"
    }
}
