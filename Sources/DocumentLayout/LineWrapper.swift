import RenderCore

/// Fills lines from inline runs: greedy, at UAX #14 break opportunities, measuring
/// graphemes in terminal columns.
enum LineWrapper {
    /// Wraps collapsed runs into lines of at most `width` columns.
    ///
    /// A `"\n"` in the runs (from `<br>`) ends a line. A word wider than the line is
    /// broken between graphemes. Spaces at the end of a line are dropped.
    ///
    /// Works on UTF-8 bytes: a segment between two break opportunities that is plain
    /// printable ASCII (most text) is measured by its length and copied whole; only
    /// other segments are walked grapheme by grapheme.
    static func wrap(_ runs: [InlineRuns.Run], width: Int) -> [[LayoutLine.Span]] {
        var builder = Builder(width: max(1, width))
        var text = runs.map(\.text).joined()
        let breaks = LineBreaks.opportunities(in: text)
        var runEnds: [Int] = []
        var total = 0
        for run in runs {
            total += run.text.utf8.count
            runEnds.append(total)
        }
        text.withUTF8 { bytes in
            var start = 0
            var runIndex = 0
            for end in breaks where end > start {
                var pieces: [Builder.Piece] = []
                var pieceStart = start
                var isPlainASCII = true
                while pieceStart < end {
                    while runIndex < runEnds.count - 1, runEnds[runIndex] <= pieceStart { runIndex += 1 }
                    let pieceEnd = min(end, runEnds[runIndex])
                    let slice = UnsafeBufferPointer(rebasing: bytes[pieceStart..<pieceEnd])
                    for (offset, byte) in slice.enumerated() where byte < 0x20 || byte > 0x7E {
                        if !(byte == 0x0A && pieceStart + offset == end - 1) { isPlainASCII = false }
                    }
                    pieces.append(.init(text: String(decoding: slice, as: UTF8.self), style: runs[runIndex].style, columns: 0))
                    pieceStart = pieceEnd
                }
                builder.place(pieces, plainASCII: isPlainASCII)
                start = end
            }
        }
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

    /// Accumulates segments into lines of at most `width` columns.
    private struct Builder {
        /// Text of one style within a segment, measured in columns.
        struct Piece {
            var text: String
            var style: Style
            var columns: Int
        }

        let width: Int
        var lines: [[LayoutLine.Span]] = []
        var line: [Piece] = []
        var lineColumns = 0
        /// Whether the line ends where a soft hyphen (U+00AD) allows a break.
        var softHyphenPending = false

        init(width: Int) { self.width = width }

        /// Places one segment (the text between two break opportunities).
        mutating func place(_ segment: [Piece], plainASCII: Bool) {
            guard var last = segment.last?.text.last else { return }
            var pieces = segment
            let forcesBreak = last == "\n"
            if forcesBreak {
                pieces[pieces.count - 1].text.removeLast()
                last = pieces.last?.text.last ?? " "
            }
            let endsWithSoftHyphen = last == "\u{AD}"
            if plainASCII {
                for index in pieces.indices { pieces[index].columns = pieces[index].text.utf8.count }
            } else {
                pieces = pieces.map(Self.measured)
            }
            pieces.removeAll { $0.text.isEmpty }
            let trailing = Self.trailingSpaces(pieces)
            let contentColumns = pieces.reduce(0) { $0 + $1.columns } - trailing
            if lineColumns + contentColumns > width, !line.isEmpty {
                // A word broken at a soft hyphen shows the hyphen (when it fits).
                if softHyphenPending, lineColumns < width, let style = line.last?.style {
                    append(Piece(text: "-", style: style, columns: 1))
                }
                flush()
            }
            if contentColumns > width {
                placeByGrapheme(pieces)
            } else {
                for piece in pieces { append(piece) }
            }
            softHyphenPending = endsWithSoftHyphen
            if forcesBreak { flush() }
        }

        mutating func finish() {
            if !line.isEmpty { flush() }
        }

        /// A word wider than the line: broken between graphemes.
        private mutating func placeByGrapheme(_ pieces: [Piece]) {
            for piece in pieces {
                for character in piece.text {
                    let columns = TextWidth.columns(of: character)
                    if lineColumns + columns > width, !line.isEmpty { flush() }
                    append(Piece(text: String(character), style: piece.style, columns: columns))
                }
            }
        }

        private mutating func append(_ piece: Piece) {
            var piece = piece
            if line.isEmpty {
                // No line starts with a space.
                let spaces = piece.text.prefix { $0 == " " }.count
                guard spaces < piece.text.count else { return }
                piece.text.removeFirst(spaces)
                piece.columns -= spaces
            }
            line.append(piece)
            lineColumns += piece.columns
        }

        private mutating func flush() {
            while let last = line.last, last.text.last == " " {
                line[line.count - 1].text.removeLast()
                if line[line.count - 1].text.isEmpty { line.removeLast() }
            }
            var spans: [LayoutLine.Span] = []
            for piece in line {
                if let last = spans.last, last.style == piece.style {
                    spans[spans.count - 1].text += piece.text
                } else {
                    spans.append(.init(piece.text, style: piece.style))
                }
            }
            lines.append(spans)
            line.removeAll(keepingCapacity: true)
            lineColumns = 0
        }

        /// The piece with its zero-width graphemes (other than spaces) dropped, measured.
        private static func measured(_ piece: Piece) -> Piece {
            var text = ""
            var columns = 0
            for character in piece.text {
                let width = TextWidth.columns(of: character)
                if width == 0, character != " " { continue }
                text.append(character)
                columns += width
            }
            return Piece(text: text, style: piece.style, columns: columns)
        }

        private static func trailingSpaces(_ pieces: [Piece]) -> Int {
            var count = 0
            for piece in pieces.reversed() {
                let bytes = piece.text.utf8
                let spaces = bytes.reversed().prefix { $0 == 0x20 }.count
                count += spaces
                if spaces < bytes.count { break }
            }
            return count
        }
    }
}
