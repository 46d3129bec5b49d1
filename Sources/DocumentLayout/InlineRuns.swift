import RenderCore

/// The inline content of one block being collected: styled text with white space
/// already collapsed (CSS 2.2 §16.6.1, `white-space: normal`), or kept (`pre`).
struct InlineRuns {
    struct Run {
        var text: String
        var style: Style
    }

    private(set) var runs: [Run] = []
    /// Whether the last collected character is a collapsible space (or nothing has
    /// been collected yet on this line), so that the next space is dropped.
    private var afterSpace = true

    var isEmpty: Bool { runs.isEmpty }

    /// Appends text, collapsing runs of white space to one space unless `preserve`.
    /// With `noWrap` (`<nobr>`), the collapsed spaces are no-break spaces.
    ///
    /// Works on UTF-8 bytes: the white space HTML collapses is ASCII, and no byte of
    /// a multi-byte UTF-8 sequence is ASCII, so bytes can be judged one by one.
    mutating func append(_ text: String, style: Style, preserve: Bool, noWrap: Bool = false) {
        var collected: [UInt8] = []
        collected.reserveCapacity(text.utf8.count)
        let space: [UInt8] = noWrap ? [0xC2, 0xA0] : [0x20]
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if preserve {
                // CR LF and lone CR become LF.
                if byte == 0x0A, previous == 0x0D {
                    previous = byte
                    continue
                }
                collected.append(byte == 0x0D ? 0x0A : byte)
                afterSpace = byte == 0x0A || byte == 0x0D
            } else if Self.isCollapsible(byte) {
                if !afterSpace { collected.append(contentsOf: space) }
                afterSpace = true
            } else {
                collected.append(byte)
                afterSpace = false
            }
            previous = byte
        }
        guard !collected.isEmpty else { return }
        let piece = String(decoding: collected, as: UTF8.self)
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].text += piece
        } else {
            runs.append(Run(text: piece, style: style))
        }
    }

    /// A forced line break (`<br>`): spaces before it are dropped, and spaces after it.
    mutating func appendLineBreak(style: Style) {
        trimTrailingSpace()
        runs.append(Run(text: "\n", style: style))
        afterSpace = true
    }

    /// Drops a collapsible space at the end (CSS removes it at the end of a line).
    mutating func trimTrailingSpace() {
        while let last = runs.last, last.text.last == " " {
            runs[runs.count - 1].text.removeLast()
            if runs[runs.count - 1].text.isEmpty { runs.removeLast() }
        }
    }

    /// Whether the runs hold anything visible.
    var hasContent: Bool {
        runs.contains { $0.text.utf8.contains { !Self.isCollapsible($0) } }
    }

    mutating func removeAll() {
        runs.removeAll(keepingCapacity: true)
        afterSpace = true
    }

    /// ASCII white space per HTML (space, tab, LF, FF, CR); U+00A0 is not collapsible.
    static func isCollapsible(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
