import RenderCore

/// Fills lines from inline text: greedy, at UAX #14 break opportunities, measuring
/// graphemes in terminal columns.
enum LineWrapper {
    /// Wraps collapsed text into lines of at most `width` columns.
    ///
    /// A `"\n"` in the text (from `<br>`) ends a line. A word wider than the line is
    /// broken between graphemes. Spaces at the end of a line are dropped.
    ///
    /// Works on UTF-8 bytes in place: text made only of scalars that are graphemes of
    /// their own (most text, `TextWidth.simpleColumns`) is cut by offsets
    /// (`wrapSimple`); in other text, such segments between two break opportunities
    /// are measured scalar by scalar and copied whole, and only the others are walked
    /// grapheme by grapheme. The lines are appended to `lines`; gives whether the
    /// text was simple.
    /// `scan` is a buffer for the break opportunities, kept by the caller.
    @discardableResult
    static func wrap(_ text: StyledText, width: Int, scan: inout LineBreaks.Scan, into lines: inout LineStore) -> Bool {
        if wrapSimple(text, width: max(1, width), scan: &scan, into: &lines) { return true }
        wrapSegments(text, width: width, into: &lines)
        return false
    }

    /// `wrap` for a paragraph that goes on after `text` (in the next chunk of a page):
    /// every line but the last, and where the last, unfinished line starts in `text`.
    /// The paragraph wrapped from there with what follows gives the lines the whole
    /// paragraph gives from there (greedy filling looks no further back than the
    /// line's start).
    static func wrapUnfinished(_ text: StyledText, width: Int, into lines: inout LineStore) -> Int {
        var scan = LineBreaks.Scan()
        return simpleLines(text, width: max(1, width), keepingLastLine: true, scan: &scan, into: &lines)
            ?? segmentLines(text, width: width, keepingLastLine: true, into: &lines)
    }

    /// `wrap` for any text, a segment (the text between two break opportunities) at
    /// a time.
    static func wrapSegments(_ text: StyledText, width: Int, into lines: inout LineStore) {
        _ = segmentLines(text, width: width, keepingLastLine: false, into: &lines)
    }

    /// `wrapSegments`, or with `keepingLastLine` `wrapUnfinished`: the lines are
    /// appended to `lines`; gives where the last line starts in `text` (with
    /// `keepingLastLine`) or the end of `text`.
    private static func segmentLines(_ text: StyledText, width: Int, keepingLastLine: Bool, into lines: inout LineStore) -> Int {
        var builder = Builder(width: max(1, width), tracksOrigins: keepingLastLine)
        swap(&builder.lines, &lines)
        defer { swap(&builder.lines, &lines) }
        let runs = text.runs
        text.withUnsafeBytes { bytes in
            var start = 0
            var runIndex = 0
            // (Those wrapping holds left out, as `LineBreaks.scan` leaves them.)
            for end in LineBreaks.opportunities(inUTF8: bytes) where end > start && !LineBreaks.isHeldHyphenBreak(in: bytes, at: end) {
                // Only a segment's last byte can be a newline: after one, a break is
                // mandatory.
                let forcesBreak = bytes[end - 1] == 0x0A
                let contentEnd = forcesBreak ? end - 1 : end
                var pieceStart = start
                while pieceStart < contentEnd {
                    while runIndex < runs.count - 1, runs[runIndex].end <= pieceStart { runIndex += 1 }
                    let pieceEnd = min(contentEnd, runs[runIndex].end)
                    builder.addToSegment(UnsafeBufferPointer(rebasing: bytes[pieceStart..<pieceEnd]), style: runs[runIndex].style, origin: pieceStart)
                    pieceStart = pieceEnd
                }
                let endsWithSoftHyphen = contentEnd - start >= 2 && bytes[contentEnd - 2] == 0xC2 && bytes[contentEnd - 1] == 0xAD
                builder.placeSegment(forcesBreak: forcesBreak, endsWithSoftHyphen: endsWithSoftHyphen)
                start = end
            }
        }
        if keepingLastLine { return builder.lastLineStart ?? text.bytes.count }
        builder.finish()
        return text.bytes.count
    }

    /// `wrap` for text made only of printable ASCII and of scalars that are each a
    /// grapheme of their own (`TextWidth.simpleColumns`: most paragraphs of most
    /// pages): lines are cut straight out of the text by offsets, with no segment
    /// copied, measured a segment at a time (for ASCII, a byte is a column). Gives
    /// exactly what the general path gives (a test compares them); `false`, with
    /// nothing appended to `lines`, for other text.
    /// `scan` is a buffer for the break opportunities, kept by the caller.
    static func wrapSimple(_ text: StyledText, width: Int, scan: inout LineBreaks.Scan, into lines: inout some LineSink) -> Bool {
        simpleLines(text, width: width, keepingLastLine: false, scan: &scan, into: &lines) != nil
    }

    /// `wrapSimple`, or with `keepingLastLine` `wrapUnfinished`; `nil` for text that is
    /// not simple.
    private static func simpleLines(
        _ text: StyledText, width: Int, keepingLastLine: Bool, scan: inout LineBreaks.Scan, into lines: inout some LineSink
    ) -> Int? {
        text.withUnsafeBytes { bytes in
            guard !bytes.isEmpty else { return nil }
            // Forced breaks (`<br>`) cut the text into pieces wrapped one after another:
            // no break rule looks across one. Each piece must be simple.
            var isASCII = true
            // The first piece's end and columns (most text is one piece), not found
            // again; known without measuring for printable ASCII (most text).
            var firstPiece: (end: Int, columns: Int)? = text.isPrintableASCII ? (bytes.count, bytes.count) : nil
            /// The end and the columns of the piece from `start`.
            func piece(from start: Int) -> (end: Int, columns: Int)? {
                TextWidth.simpleColumns(upToLineFeedIn: UnsafeBufferPointer(rebasing: bytes[start...])).map { (start + $0.bytes, $0.columns) }
            }
            var pieceStart = firstPiece == nil ? 0 : bytes.count + 1
            while pieceStart <= bytes.count {
                guard let (pieceEnd, columns) = piece(from: pieceStart) else { return nil }
                isASCII = isASCII && columns == pieceEnd - pieceStart
                if firstPiece == nil { firstPiece = (pieceEnd, columns) }
                // (What follows the last line of a paragraph that goes on is not known.)
                if pieceEnd < bytes.count, keepingLastLine { return nil }
                pieceStart = pieceEnd + 1
            }
            func columns(_ start: Int, _ end: Int) -> Int {
                isASCII ? end - start : TextWidth.simpleColumns(UnsafeBufferPointer(rebasing: bytes[start..<end])) ?? 0
            }
            // The line being filled: bytes `lineStart..<lineEnd` (empty when equal),
            // `lineColumns` wide.
            var lineStart = 0
            var lineEnd = 0
            var lineColumns = 0
            // The first style run not wholly before the line: lines come in order, so
            // finding a line's runs never goes back over earlier ones.
            var firstRun = 0
            func flush() {
                var end = lineEnd
                while end > lineStart, bytes[end - 1] == 0x20 { end -= 1 }
                while firstRun < text.runs.count, text.runs[firstRun].end <= lineStart { firstRun += 1 }
                lines.appendLine(text, in: lineStart..<end, fromRun: firstRun)
                lineStart = lineEnd
                lineColumns = 0
            }
            /// Appends bytes `start..<end`, `width` columns wide, to the line.
            func append(from start: Int, to end: Int, columns width: Int) {
                var start = start
                var width = width
                if lineStart == lineEnd {
                    // No line starts with a space (a column each).
                    while start < end, bytes[start] == 0x20 {
                        start += 1
                        width -= 1
                    }
                    guard start < end else { return }
                    lineStart = start
                }
                lineEnd = end
                lineColumns += width
            }
            /// Fills lines greedily with `piece`, which starts at `pieceStart`.
            func fill(_ piece: UnsafeBufferPointer<UInt8>, from pieceStart: Int) {
                var start = pieceStart
                // Each line's end is found from the bytes near it, where it can be
                // (`LineBreaks.lineEnd`): most of the text is never scanned for breaks.
                // Where it cannot, the whole piece is, from that line on.
                while true {
                    while start < pieceStart + piece.count, bytes[start] == 0x20 { start += 1 }
                    guard start < pieceStart + piece.count else { return }
                    guard let (end, columns) = LineBreaks.lineEnd(in: piece, from: start - pieceStart, width: width, isASCII: isASCII) else { break }
                    lineStart = start
                    lineEnd = pieceStart + end
                    lineColumns = columns
                    guard end < piece.count else { return }
                    flush()
                    start = lineEnd
                }
                LineBreaks.scan(piece, into: &scan)
                // (Read from local copies: reading `scan`, which the closure captures,
                // costs a retain each time.)
                let opportunities = scan.offsets
                let counted = scan.columnCounts
                // The columns of the piece before `start`, when the scan counted them.
                var startColumns = counted == nil ? 0 : columns(pieceStart, start)
                var index = opportunities.partitionPoint { pieceStart + $0 > start }
                while index < opportunities.endIndex {
                    if let counted, lineStart != lineEnd {
                        // On a line begun, the segments that fit go on it together: with
                        // the columns the scan counted, segment `next` fits while the
                        // columns before its last non-space character, less those before
                        // `start`, are within what the line has left (that count only
                        // grows from segment to segment).
                        let limit = width - lineColumns + startColumns
                        var next = index
                        var segmentStart = start
                        while next < opportunities.endIndex {
                            let end = pieceStart + opportunities[next]
                            var trailing = 0
                            while trailing < end - segmentStart, bytes[end - 1 - trailing] == 0x20 { trailing += 1 }
                            guard counted[next] - trailing <= limit else { break }
                            segmentStart = end
                            next += 1
                        }
                        if next > index {
                            lineEnd = segmentStart
                            lineColumns += counted[next - 1] - startColumns
                            startColumns = counted[next - 1]
                            start = segmentStart
                            index = next
                            continue
                        }
                    }
                    defer { index += 1 }
                    let end = pieceStart + opportunities[index]
                    guard end > start else { continue }
                    var trailing = 0
                    while trailing < end - start, bytes[end - 1 - trailing] == 0x20 { trailing += 1 }
                    // (Spaces take a column each.)
                    let content = counted.map { $0[index] - startColumns - trailing } ?? columns(start, end - trailing)
                    if let counted { startColumns = counted[index] }
                    if lineColumns + content > width, lineStart != lineEnd { flush() }
                    if content > width {
                        // A word wider than the line: broken after a hyphen in it or a
                        // link's mark where what comes before fits on the line
                        // (`git-check-ref-`, then `format`; `[12]`, then its text), else
                        // between characters (each a grapheme of its own here), as full
                        // as the line takes.
                        var offset = start
                        while offset < end {
                            let before = lineColumns
                            var fitting = offset
                            var fittingColumns = before
                            var afterHyphen: (offset: Int, columns: Int)?
                            while fitting < end {
                                let lead = bytes[fitting]
                                let next = fitting + (lead < 0x80 ? 1 : lead < 0xE0 ? 2 : 3)
                                let characterColumns = columns(fitting, next)
                                guard fittingColumns + characterColumns <= width else { break }
                                fittingColumns += characterColumns
                                fitting = next
                                if fitting < end, LineBreaks.isPreferredWordBreak(in: bytes, at: fitting) { afterHyphen = (fitting, fittingColumns) }
                            }
                            let stop: (offset: Int, columns: Int)
                            if fitting == end {
                                stop = (end, fittingColumns)
                            } else if let afterHyphen {
                                stop = afterHyphen
                            } else if fitting > offset {
                                stop = (fitting, fittingColumns)
                            } else if lineStart == lineEnd {
                                // A character wider than the line, alone on one.
                                let lead = bytes[offset]
                                let next = offset + (lead < 0x80 ? 1 : lead < 0xE0 ? 2 : 3)
                                stop = (next, before + columns(offset, next))
                            } else {
                                stop = (offset, before)
                            }
                            if stop.offset > offset { append(from: offset, to: stop.offset, columns: stop.columns - before) }
                            offset = stop.offset
                            // (A line of spaces only was never begun.)
                            if offset < end, lineStart != lineEnd { flush() }
                        }
                    } else {
                        append(from: start, to: end, columns: content + trailing)
                    }
                    start = end
                }
            }
            pieceStart = 0
            while true {
                let (pieceEnd, pieceColumns) = pieceStart == 0 ? firstPiece! : piece(from: pieceStart)!
                let piece = UnsafeBufferPointer(rebasing: bytes[pieceStart..<pieceEnd])
                var start = pieceStart
                lineStart = pieceStart
                lineEnd = pieceStart
                if pieceColumns <= width {
                    // It fits on one line (a short paragraph, a heading, a table cell
                    // measured): greedy filling takes it whole, so its break
                    // opportunities are not needed.
                    while start < pieceEnd, bytes[start] == 0x20 { start += 1 }
                    if start < pieceEnd {
                        lineStart = start
                        lineEnd = pieceEnd
                    }
                } else {
                    fill(piece, from: pieceStart)
                }
                guard pieceEnd < bytes.count else { break }
                // A forced break ends the line, even an empty one.
                flush()
                pieceStart = pieceEnd + 1
            }
            if keepingLastLine { return lineStart }
            if lineStart != lineEnd { flush() }
            return bytes.count
        }
    }

    /// Splits preserved text (`pre`) into lines at `"\n"`, expanding tabs to stops every
    /// 8 columns. Lines are never wrapped. The lines are appended to `lines`; gives
    /// those that are the text's (an empty first or last line is not).
    static func preformatted(_ text: StyledText, into lines: inout LineStore) -> Range<Int> {
        let first = lines.count
        var column = 0
        text.withUnsafeBytes { bytes in
            for runIndex in text.runs.indices {
                let style = text.runs[runIndex].style
                let range = text.range(ofRun: runIndex)
                // The text between tabs and line feeds is copied whole, and measured for
                // the tab stops after it.
                var segmentStart = range.lowerBound
                func appendSegment(upTo end: Int) {
                    let segment = UnsafeBufferPointer(rebasing: bytes[segmentStart..<end])
                    guard !segment.isEmpty else { return }
                    lines.appendMerging(segment, style: style)
                    column += TextWidth.simpleColumns(segment) ?? TextWidth.columns(of: String(decoding: segment, as: UTF8.self))
                }
                for index in range where bytes[index] == 0x0A || bytes[index] == 0x09 {
                    appendSegment(upTo: index)
                    segmentStart = index + 1
                    if bytes[index] == 0x0A {
                        lines.endLine()
                        column = 0
                    } else {
                        let spaces = 8 - column % 8
                        lines.appendSpaces(spaces, style: style)
                        column += spaces
                    }
                }
                appendSegment(upTo: range.upperBound)
            }
        }
        lines.endLine()
        // The newline right after <pre> and the one before </pre> make no line.
        var range = first..<lines.count
        if lines.isEmpty(line: range.lowerBound), range.count > 1 { range = (range.lowerBound + 1)..<range.upperBound }
        if lines.isEmpty(line: range.upperBound - 1), range.count > 1 { range = range.lowerBound..<(range.upperBound - 1) }
        return range
    }

    /// Accumulates segments (the text between two break opportunities) into lines of
    /// at most `width` columns. Buffers are reused from segment to segment and line to
    /// line, so wrapping allocates per line, not per word.
    private struct Builder {
        /// Text of one style within the segment, measured in columns.
        struct Piece {
            var end: Int
            var style: Style
            var columns: Int
        }

        let width: Int
        var lines = LineStore()
        /// The segment being placed: its bytes (zero-width graphemes dropped) and pieces.
        private var segment: [UInt8] = []
        private var pieces: [Piece] = []
        /// With `tracksOrigins`: for each byte of `segment`, its offset in the text
        /// wrapped, and the offset of the line's first byte (`nil` while it is empty).
        private let tracksOrigins: Bool
        private var origins: [Int] = []
        private(set) var lastLineStart: Int?
        private var line = StyledText()
        private var lineColumns = 0
        /// Whether the line ends where a soft hyphen (U+00AD) allows a break.
        private var softHyphenPending = false

        init(width: Int, tracksOrigins: Bool = false) {
            self.width = width
            self.tracksOrigins = tracksOrigins
        }

        /// Adds text of one style to the segment being collected: bytes from offset
        /// `origin` of the text wrapped.
        mutating func addToSegment(_ bytes: UnsafeBufferPointer<UInt8>, style: Style, origin: Int) {
            if let columns = TextWidth.simpleColumns(bytes) {
                segment.append(contentsOf: bytes)
                if tracksOrigins { origins += origin..<(origin + bytes.count) }
                if !bytes.isEmpty { pieces.append(Piece(end: segment.count, style: style, columns: columns)) }
                return
            }
            var columns = 0
            let start = segment.count
            var at = origin
            for character in String(decoding: bytes, as: UTF8.self) {
                let length = character.utf8.count
                defer { at += length }
                let width = TextWidth.columns(of: character)
                if width == 0, character != " " { continue }
                segment.append(contentsOf: character.utf8)
                if tracksOrigins { origins += at..<(at + length) }
                columns += width
            }
            if segment.count > start { pieces.append(Piece(end: segment.count, style: style, columns: columns)) }
        }

        /// Places the collected segment on the line, or on a new one if it does not fit.
        mutating func placeSegment(forcesBreak: Bool, endsWithSoftHyphen: Bool) {
            defer {
                segment.removeAll(keepingCapacity: true)
                pieces.removeAll(keepingCapacity: true)
                origins.removeAll(keepingCapacity: true)
            }
            var trailing = 0
            while trailing < segment.count, segment[segment.count - 1 - trailing] == 0x20 { trailing += 1 }
            let contentColumns = pieces.reduce(0) { $0 + $1.columns } - trailing
            if lineColumns + contentColumns > width, !line.isEmpty {
                // A word broken at a soft hyphen shows the hyphen (when it fits).
                if softHyphenPending, lineColumns < width, let style = line.runs.last?.style {
                    append(CollectionOfOne(UInt8(ascii: "-")), style: style, columns: 1, at: -1)
                }
                flush()
            }
            if contentColumns > width {
                placeByGrapheme()
            } else {
                var start = 0
                for piece in pieces {
                    append(segment[start..<piece.end], style: piece.style, columns: piece.columns, at: start)
                    start = piece.end
                }
            }
            softHyphenPending = endsWithSoftHyphen
            if forcesBreak { flush() }
        }

        mutating func finish() {
            if !line.isEmpty { flush() }
        }

        /// A word wider than the line: broken after a hyphen in it or a link's mark
        /// where what comes before fits on the line, else between graphemes, as full as
        /// the line takes (as the simple path breaks it).
        private mutating func placeByGrapheme() {
            var graphemes: [(start: Int, end: Int, columns: Int, style: Style)] = []
            var start = 0
            for piece in pieces {
                var at = start
                for character in String(decoding: segment[start..<piece.end], as: UTF8.self) {
                    let length = character.utf8.count
                    graphemes.append((at, at + length, TextWidth.columns(of: character), piece.style))
                    at += length
                }
                start = piece.end
            }
            var index = 0
            while index < graphemes.count {
                var fitting = index
                var fittingColumns = lineColumns
                var afterHyphen: Int?
                while fitting < graphemes.count, fittingColumns + graphemes[fitting].columns <= width {
                    fittingColumns += graphemes[fitting].columns
                    fitting += 1
                    if fitting < graphemes.count,
                        segment.withUnsafeBufferPointer({ LineBreaks.isPreferredWordBreak(in: $0, at: graphemes[fitting].start) })
                    {
                        afterHyphen = fitting
                    }
                }
                let stop: Int
                if fitting == graphemes.count {
                    stop = fitting
                } else if let afterHyphen {
                    stop = afterHyphen
                } else if fitting > index {
                    stop = fitting
                } else {
                    // A grapheme wider than the line, alone on one.
                    stop = line.isEmpty ? index + 1 : index
                }
                for grapheme in graphemes[index..<stop] {
                    append(segment[grapheme.start..<grapheme.end], style: grapheme.style, columns: grapheme.columns, at: grapheme.start)
                }
                index = stop
                if index < graphemes.count, !line.isEmpty { flush() }
            }
        }

        /// Appends text measured at `columns` columns, from index `at` of the segment;
        /// no line starts with a space.
        private mutating func append(_ bytes: some Collection<UInt8>, style: Style, columns: Int, at: Int) {
            guard line.isEmpty else {
                line.append(contentsOf: bytes, style: style)
                lineColumns += columns
                return
            }
            let spaces = bytes.prefix { $0 == 0x20 }.count
            guard spaces < bytes.count else { return }
            if tracksOrigins { lastLineStart = origins[at + spaces] }
            line.append(contentsOf: bytes.dropFirst(spaces), style: style)
            lineColumns += columns - spaces
        }

        private mutating func flush() {
            line.trimTrailingSpaces()
            lines.append(line, in: 0..<line.bytes.count)
            lines.endLine()
            line.removeAll()
            lineColumns = 0
            lastLineStart = nil
        }
    }
}

/// Where wrapped lines go, a line at a time: a store of lines, or a layout that puts
/// each line after the prefixes of its blocks, with no store between.
protocol LineSink {
    /// Appends a line of the runs of `text` over bytes `range` (none when it is
    /// empty), looking at its runs from `firstRun` on (`LineStore.append(_:in:fromRun:)`).
    mutating func appendLine(_ text: StyledText, in range: Range<Int>, fromRun firstRun: Int)
}

extension LineStore: LineSink {
    mutating func appendLine(_ text: StyledText, in range: Range<Int>, fromRun firstRun: Int) {
        append(text, in: range, fromRun: firstRun)
        endLine()
    }
}
