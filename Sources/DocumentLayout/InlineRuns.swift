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
    mutating func append(_ text: String, style: Style, preserve: Bool, noWrap: Bool = false) {
        var collected = ""
        collected.reserveCapacity(text.utf8.count)
        if preserve {
            for character in text {
                if character == "\r\n" || character == "\r" {
                    collected.append("\n")
                } else {
                    collected.append(character)
                }
            }
            afterSpace = collected.last == "\n"
        } else {
            for character in text {
                if Self.isCollapsible(character) {
                    if !afterSpace { collected.append(noWrap ? "\u{A0}" : " ") }
                    afterSpace = true
                } else {
                    collected.append(character)
                    afterSpace = false
                }
            }
        }
        guard !collected.isEmpty else { return }
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].text += collected
        } else {
            runs.append(Run(text: collected, style: style))
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
        runs.contains { $0.text.contains { !Self.isCollapsible($0) } }
    }

    mutating func removeAll() {
        runs.removeAll(keepingCapacity: true)
        afterSpace = true
    }

    /// ASCII white space per HTML; U+00A0 is not collapsible.
    static func isCollapsible(_ character: Character) -> Bool {
        switch character {
        case " ", "\t", "\n", "\r", "\r\n", "\u{0C}": true
        default: false
        }
    }
}
