import RenderCore

/// One laid-out line of a document: styled text runs, left to right, prefix included.
///
/// Lines hold text, not cells: cells are made only when a tile that shows the line is
/// built, so a laid-out document costs about its text, not its screen area. Laid-out
/// lines are kept in a `LineStore`; a `LayoutLine` is made from it for a line drawn.
package struct LayoutLine: Hashable, Sendable {
    package struct Span: Hashable, Sendable {
        package var text: String
        package var style: Style
        package init(_ text: String, style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    package var spans: [Span]

    package init(spans: [Span] = []) {
        self.spans = spans
    }

    /// The line's text without styles.
    package var text: String { spans.map(\.text).joined() }

    /// Whether the line shows nothing.
    package var isBlank: Bool { spans.allSatisfy { $0.text.utf8.allSatisfy { $0 == 0x20 } } }
}

extension LayoutLine {
    /// A line as cells would show it: control characters replaced, trailing blanks
    /// dropped.
    static func plainText(_ line: LayoutLine) -> String {
        plainText(line.spans.count == 1 ? line.spans[0].text : line.text)
    }

    /// A line's text as cells would show it (`plainText(_:)`).
    static func plainText(_ text: String) -> String {
        var text = TextWidth.printable(text)
        var trailing = 0
        for byte in text.utf8.reversed() {
            guard byte == 0x20 else { break }
            trailing += 1
        }
        if trailing > 0 { text.removeLast(trailing) }
        return text
    }
}

extension LayoutLine {
    /// The link marks (`[n]`, drawn dim before a link's text: spans styled
    /// `linkMark`) on the line: the column each starts at, its width in columns, and
    /// the link's number.
    var linkMarks: [(column: Int, width: Int, number: Int)] {
        var marks: [(column: Int, width: Int, number: Int)] = []
        var column = 0
        for span in spans {
            // (Marks next to each other make one span.)
            if span.style.attributes.contains(.linkMark) {
                var offset = column
                var characters = span.text[...]
                while let open = characters.firstIndex(of: "[") {
                    offset += TextWidth.columns(of: characters[..<open])
                    let digits = characters[characters.index(after: open)...].prefix { $0.isASCII && $0.isNumber }
                    let close = digits.endIndex
                    if !digits.isEmpty, close < characters.endIndex, characters[close] == "]", let number = Int(digits) {
                        marks.append((offset, digits.count + 2, number))
                        offset += digits.count + 2
                        characters = characters[characters.index(after: close)...]
                    } else {
                        offset += 1
                        characters = characters[characters.index(after: open)...]
                    }
                }
            }
            column += TextWidth.columns(of: span.text)
        }
        return marks
    }

    /// The runs of link text on the line (spans styled `linkText`), each with the
    /// number of the mark before it on the line; `nil` for a run before any mark: the
    /// rest of a link begun on a line above.
    var linkTexts: [(columns: Range<Int>, number: Int?)] {
        var runs: [(columns: Range<Int>, number: Int?)] = []
        let marks = linkMarks
        var column = 0
        for span in spans {
            let width = TextWidth.columns(of: span.text)
            if span.style.attributes.contains(.linkText) {
                let number = marks.last { $0.column < column }?.number
                if let last = runs.last, last.columns.upperBound == column, last.number == number {
                    runs[runs.count - 1].columns = last.columns.lowerBound..<(column + width)
                } else {
                    runs.append((column..<(column + width), number))
                }
            }
            column += width
        }
        return runs
    }
}

extension LayoutLine {
    /// The columns where `query` shows on the line as drawn (`TextSearch`), found in
    /// its spans' text rather than in cells.
    func matchColumns(of query: String) -> [Range<Int>] {
        var shown = TextSearch.ShownText()
        for span in spans { shown.append(drawn: span.text) }
        return shown.matchColumns(of: query)
    }
}
