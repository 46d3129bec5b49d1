import RenderCore

/// Fills lines from inline runs: greedy, at UAX #14 break opportunities, measuring
/// graphemes in terminal columns.
enum LineWrapper {
    /// Wraps collapsed runs into lines of at most `width` columns.
    ///
    /// A `"\n"` in the runs (from `<br>`) ends a line. A word wider than the line is
    /// broken between graphemes. Spaces at the end of a line are dropped.
    static func wrap(_ runs: [InlineRuns.Run], width: Int) -> [[LayoutLine.Span]] {
        let width = max(1, width)
        let text = runs.map(\.text).joined()
        let breaks = LineBreaks.opportunities(in: text)
        var builder = Builder(width: width)
        var segment: [Builder.Glyph] = []
        var runIndex = 0
        var runEnd = runs.first?.text.utf16.count ?? 0
        var offset = 0
        var breakIndex = 0
        for character in text {
            while offset >= runEnd, runIndex + 1 < runs.count {
                runIndex += 1
                runEnd += runs[runIndex].text.utf16.count
            }
            offset += character.utf16.count
            segment.append(.init(character: character, style: runs[runIndex].style, columns: TextWidth.columns(of: character)))
            while breakIndex < breaks.count, breaks[breakIndex] < offset { breakIndex += 1 }
            if breakIndex < breaks.count, breaks[breakIndex] == offset {
                builder.place(segment)
                segment.removeAll(keepingCapacity: true)
                breakIndex += 1
            }
        }
        builder.place(segment)
        builder.finish()
        return builder.lines
    }

    /// Splits preserved text (`pre`) into lines at `"\n"`, expanding tabs to stops every
    /// 8 columns. Lines are never wrapped.
    static func preformatted(_ runs: [InlineRuns.Run]) -> [[LayoutLine.Span]] {
        var lines: [[LayoutLine.Span]] = [[]]
        var column = 0
        for run in runs {
            var pending = ""
            func flush() {
                if !pending.isEmpty { lines[lines.count - 1].append(.init(pending, style: run.style)) }
                pending = ""
            }
            for character in run.text {
                switch character {
                case "\n":
                    flush()
                    lines.append([])
                    column = 0
                case "\t":
                    let spaces = 8 - column % 8
                    pending += String(repeating: " ", count: spaces)
                    column += spaces
                default:
                    pending.append(character)
                    column += TextWidth.columns(of: character)
                }
            }
            flush()
        }
        // The newline right after <pre> and the one before </pre> make no line.
        if lines.first?.isEmpty == true, lines.count > 1 { lines.removeFirst() }
        if lines.last?.isEmpty == true, lines.count > 1 { lines.removeLast() }
        return lines
    }

    /// Accumulates glyphs into lines of at most `width` columns.
    private struct Builder {
        struct Glyph {
            var character: Character
            var style: Style
            var columns: Int
        }

        let width: Int
        var lines: [[LayoutLine.Span]] = []
        var line: [Glyph] = []
        var lineColumns = 0
        /// Whether the line ends where a soft hyphen (U+00AD) allows a break.
        var softHyphenPending = false

        init(width: Int) { self.width = width }

        mutating func place(_ segment: [Glyph]) {
            guard !segment.isEmpty else { return }
            var glyphs = segment
            let forcesBreak = glyphs.last?.character == "\n"
            if forcesBreak { glyphs.removeLast() }
            let endsWithSoftHyphen = glyphs.last?.character == "\u{AD}"
            glyphs.removeAll { $0.columns == 0 && $0.character != " " }
            let trailingSpaces = glyphs.reversed().prefix { $0.character == " " }.count
            let contentColumns = glyphs.dropLast(trailingSpaces).reduce(0) { $0 + $1.columns }
            if lineColumns + contentColumns > width, !line.isEmpty {
                // A word broken at a soft hyphen shows the hyphen (when it fits).
                if softHyphenPending, lineColumns < width, let last = line.last {
                    append(Glyph(character: "-", style: last.style, columns: 1))
                }
                flush()
            }
            defer { softHyphenPending = endsWithSoftHyphen }
            if contentColumns > width {
                for glyph in glyphs where !(line.isEmpty && glyph.character == " ") {
                    if lineColumns + glyph.columns > width, !line.isEmpty { flush() }
                    append(glyph)
                }
            } else {
                for glyph in glyphs where !(line.isEmpty && glyph.character == " ") {
                    append(glyph)
                }
            }
            if forcesBreak { flush() }
        }

        mutating func finish() {
            if !line.isEmpty { flush() }
        }

        private mutating func append(_ glyph: Glyph) {
            line.append(glyph)
            lineColumns += glyph.columns
        }

        private mutating func flush() {
            while line.last?.character == " " { line.removeLast() }
            var spans: [LayoutLine.Span] = []
            for glyph in line {
                if let last = spans.last, last.style == glyph.style {
                    spans[spans.count - 1].text.append(glyph.character)
                } else {
                    spans.append(.init(String(glyph.character), style: glyph.style))
                }
            }
            lines.append(spans)
            line.removeAll(keepingCapacity: true)
            lineColumns = 0
        }
    }
}
