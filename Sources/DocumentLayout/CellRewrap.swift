import RenderCore

/// A table cell's layout at the width it was measured at, kept as the paragraphs it
/// wrapped and the lines it laid out otherwise, so that the cell is laid out at a
/// narrower width by wrapping its paragraphs again, without walking its nodes again.
///
/// Only the paragraphs depend on the width, once no line prefix is clipped (prefixes
/// stop growing at half the width): blank lines, `pre` lines and list markers of
/// empty items are the same at any width. A rule (`hr`) or a nested table depends on
/// the width in other ways; a cell with one is not kept (`isKept`).
struct CellRewrap {
    private enum Piece {
        /// Lines of the measured layout, as they are.
        case lines(Range<Int>)
        /// A paragraph: its text (`bytes` of `textBytes`, runs `runs` of `textRuns`), the
        /// prefixes of its first and later lines, the columns the first takes, and the
        /// underline of a heading.
        case paragraph(bytes: Range<Int>, runs: Range<Int>, firstPrefix: String, restPrefix: String, prefixColumns: Int, rule: [UInt8]?)
    }

    private var pieces: [Piece] = []
    /// The paragraphs' text, one after another, and its style runs (each ending
    /// where it ends in `textBytes`).
    private var textBytes: [UInt8] = []
    private var textRuns: [StyledText.Run] = []
    /// Measured lines accounted for by `pieces`.
    private var linesCovered = 0
    /// Whether the layout can be made again this way.
    private(set) var isKept = true

    /// Notes a line whose layout depends on the width (a rule, a nested table).
    mutating func dependsOnWidth() {
        isKept = false
    }

    /// Notes a paragraph, `text`, whose lines (and underline) are the last
    /// `lineCount` lines of the `totalLines` laid out so far. The lines before them
    /// not noted yet are kept as they are.
    mutating func paragraph(
        _ text: StyledText, firstPrefix: String, restPrefix: String, prefixColumns: Int, rule: [UInt8]?,
        lineCount: Int, totalLines: Int
    ) {
        guard isKept else { return }
        keepLines(upTo: totalLines - lineCount)
        let firstRun = textRuns.count
        let shift = textBytes.count
        textBytes += text.bytes
        for run in text.runs { textRuns.append(StyledText.Run(end: run.end + shift, style: run.style)) }
        pieces.append(.paragraph(
            bytes: shift..<textBytes.count, runs: firstRun..<textRuns.count, firstPrefix: firstPrefix, restPrefix: restPrefix, prefixColumns: prefixColumns, rule: rule))
        linesCovered = totalLines
    }

    private mutating func keepLines(upTo end: Int) {
        if end > linesCovered { pieces.append(.lines(linesCovered..<end)) }
        linesCovered = end
    }

    /// The cell laid out at `width`, from `measured`, its layout at the width it was
    /// measured at: what laying its nodes out at `width` gives when no prefix is
    /// clipped there.
    func lines(atWidth width: Int, measured: LineStore) -> LineStore {
        var lines = LineStore()
        var wrapped = LineStore()
        var text = StyledText()
        func keep(_ range: Range<Int>) {
            for line in range {
                lines.append(line: line, of: measured)
                lines.endLine()
            }
        }
        for piece in pieces {
            switch piece {
            case .lines(let range):
                keep(range)
            case .paragraph(let bytes, let runs, let firstPrefix, let restPrefix, let prefixColumns, let rule):
                text.removeAll()
                for run in runs {
                    let start = run == runs.lowerBound ? bytes.lowerBound : textRuns[run - 1].end
                    text.append(contentsOf: textBytes[start..<textRuns[run].end], style: textRuns[run].style)
                }
                wrapped.removeAll()
                LineWrapper.wrap(text, width: width - prefixColumns, into: &wrapped)
                var widest = 0
                for line in wrapped.indices {
                    if rule != nil { widest = max(widest, wrapped.columns(ofLine: line)) }
                    lines.append((line == 0 ? firstPrefix : restPrefix).utf8, style: .plain)
                    lines.append(line: line, of: wrapped)
                    lines.endLine()
                }
                if let rule, widest > 0 {
                    lines.append(restPrefix.utf8, style: .plain)
                    lines.appendMerging(repeating: rule, count: widest, style: Style(.bold))
                    lines.endLine()
                }
            }
        }
        // The lines after the last paragraph.
        keep(linesCovered..<measured.count)
        return lines
    }
}
