import RenderCore

/// The cells of a table as laid out at the width they were measured at, kept as the
/// paragraphs each wrapped and the lines it laid out otherwise, so that a cell is
/// laid out at a narrower width by wrapping its paragraphs again, without walking its
/// nodes again. The notes of every cell of a table are kept together, in buffers that
/// serve table after table (`removeAll`).
///
/// Only the paragraphs depend on the width, once no line prefix is clipped (prefixes
/// stop growing at half the width): blank lines, `pre` lines and list markers of
/// empty items are the same at any width. A rule (`hr`) or a nested table depends on
/// the width in other ways; a cell with one is not kept (`isKept(cell:)`).
struct TableCellRewrap {
    private enum Piece {
        /// Lines of the cell's measured layout, as they are (counted from its first).
        case lines(Range<Int>)
        /// A paragraph: its text (`bytes` of `textBytes`, runs `runs` of `textRuns`), the
        /// prefixes of its first and later lines, the columns the first takes, and the
        /// underline of a heading, and its measured lines (counted from the cell's
        /// first).
        case paragraph(
            bytes: Range<Int>, runs: Range<Int>, firstPrefix: NotedPrefix, restPrefix: NotedPrefix, prefixColumns: Int, rule: StaticString?,
            lines: Range<Int>)
    }

    private var pieces: [Piece] = []
    /// The paragraphs' text, one after another, and its style runs (each ending
    /// where it ends in `textBytes`).
    private var textBytes: [UInt8] = []
    private var textRuns: [StyledText.Run] = []
    /// The paragraphs' line prefixes (UTF-8), one after another.
    private var prefixBytes: [UInt8] = []
    /// For each cell noted, in order: where its pieces end in `pieces`, the lines of
    /// its measured layout, and whether it can be laid out again this way.
    private var cells: [(pieceEnd: Int, lineCount: Int, isKept: Bool)] = []
    /// The cell being noted: its measured lines accounted for by pieces, and whether
    /// it can be laid out again this way.
    private var linesCovered = 0
    private(set) var isKept = true
    /// Buffers for wrapping a paragraph again.
    private var text = StyledText()
    private var wrapped = LineStore()
    private var scan = LineBreaks.Scan()

    /// Forgets every cell, keeping the buffers for the next table.
    mutating func removeAll() {
        pieces.removeAll(keepingCapacity: true)
        textBytes.removeAll(keepingCapacity: true)
        textRuns.removeAll(keepingCapacity: true)
        prefixBytes.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        linesCovered = 0
        isKept = true
    }

    /// Notes a line whose layout depends on the width (a rule, a nested table).
    mutating func dependsOnWidth() {
        isKept = false
    }

    /// Notes the prefix the next line inside `blocks` gets, for a paragraph; gives
    /// where it lies, to hand to `paragraph`.
    mutating func notePrefix(of blocks: BlockStack) -> NotedPrefix {
        let start = prefixBytes.count
        let columns = blocks.appendLinePrefix(to: &prefixBytes)
        return NotedPrefix(bytes: start..<prefixBytes.count, columns: columns)
    }

    /// A line prefix noted for a paragraph: its bytes in the notes, and its columns.
    struct NotedPrefix {
        var bytes: Range<Int>
        var columns: Int
    }

    /// Notes a paragraph, `text`, whose lines (and underline) are the last
    /// `lineCount` lines of the `totalLines` the cell laid out so far. The lines
    /// before them not noted yet are kept as they are.
    mutating func paragraph(
        _ text: StyledText, firstPrefix: NotedPrefix, restPrefix: NotedPrefix, prefixColumns: Int, rule: StaticString?,
        lineCount: Int, totalLines: Int
    ) {
        guard isKept else { return }
        keepLines(upTo: totalLines - lineCount)
        let firstRun = textRuns.count
        let shift = textBytes.count
        textBytes += text.bytes
        for run in text.runs { textRuns.append(StyledText.Run(end: run.end + shift, style: run.style)) }
        pieces.append(.paragraph(
            bytes: shift..<textBytes.count, runs: firstRun..<textRuns.count, firstPrefix: firstPrefix, restPrefix: restPrefix,
            prefixColumns: prefixColumns, rule: rule, lines: (totalLines - lineCount)..<totalLines))
        linesCovered = totalLines
    }

    private mutating func keepLines(upTo end: Int) {
        if end > linesCovered { pieces.append(.lines(linesCovered..<end)) }
        linesCovered = end
    }

    /// Ends the notes of the cell being noted, whose measured layout has `lineCount`
    /// lines; the next notes are the next cell's.
    mutating func endCell(lineCount: Int) {
        if isKept { keepLines(upTo: lineCount) }
        cells.append((pieces.count, lineCount, isKept))
        linesCovered = 0
        isKept = true
    }

    /// Whether cell `cell` (counted in the order noted) can be laid out again from
    /// its notes.
    func isKept(cell: Int) -> Bool {
        cells[cell].isKept
    }

    /// Appends the lines of cell `cell` laid out at `width` to `contents`, from its
    /// measured lines, which are those of `measured` from `firstLine` on: what laying
    /// its nodes out at `width` gives when no prefix is clipped there.
    mutating func appendLines(ofCell cell: Int, atWidth width: Int, measured: TableCellLines, firstLine: Int, into contents: inout TableCellLines) {
        let firstPiece = cell == 0 ? 0 : cells[cell - 1].pieceEnd
        for piece in pieces[firstPiece..<cells[cell].pieceEnd] {
            switch piece {
            case .lines(let range):
                for line in range { contents.appendLine(firstLine + line, of: measured) }
            case .paragraph(let bytes, let runs, let firstPrefix, let restPrefix, let prefixColumns, let rule, let measuredLines):
                // Most paragraphs of a cell narrowed fit its width as they were measured.
                let textLines = measuredLines.dropLast(rule == nil ? 0 : 1)
                if fits(textLines, of: measured, from: firstLine, width: max(1, width - prefixColumns), prefixes: firstPrefix.columns, restPrefix.columns) {
                    for line in measuredLines { contents.appendLine(firstLine + line, of: measured) }
                    continue
                }
                text.removeAll()
                for run in runs {
                    let start = run == runs.lowerBound ? bytes.lowerBound : textRuns[run - 1].end
                    text.append(contentsOf: textBytes[start..<textRuns[run].end], style: textRuns[run].style)
                }
                if rule == nil {
                    // Most paragraphs are wrapped straight into `lines`, each line after
                    // its prefix.
                    var prefixed = PrefixedLines(prefixes: prefixBytes, first: firstPrefix.bytes, rest: restPrefix.bytes)
                    swap(&prefixed.lines, &contents.lines)
                    let isSimple = LineWrapper.wrapSimple(text, width: max(1, width - prefixColumns), scan: &scan, into: &prefixed)
                    swap(&prefixed.lines, &contents.lines)
                    if isSimple { continue }
                }
                wrapped.removeAll()
                LineWrapper.wrap(text, width: width - prefixColumns, scan: &scan, into: &wrapped)
                var widest = 0
                for line in wrapped.indices {
                    if rule != nil { widest = max(widest, wrapped.columns(ofLine: line)) }
                    contents.lines.append(prefixBytes[line == 0 ? firstPrefix.bytes : restPrefix.bytes], style: .plain)
                    contents.lines.append(line: line, of: wrapped)
                    contents.lines.endLine()
                }
                if let rule, widest > 0 {
                    contents.lines.append(prefixBytes[restPrefix.bytes], style: .plain)
                    contents.lines.appendMerging(repeating: rule, count: widest, style: Style(.bold))
                    contents.lines.endLine()
                }
            }
        }
    }
}

extension TableCellRewrap {
    /// Whether measured lines `lines` of a paragraph (counted from `firstLine` of
    /// `measured`) take at most `width` columns each after their prefixes (`first`
    /// columns for the first line, `rest` for the others): then wrapping it at `width`
    /// gives those lines.
    fileprivate func fits(_ lines: Range<Int>, of measured: TableCellLines, from firstLine: Int, width: Int, prefixes first: Int, _ rest: Int) -> Bool {
        for line in lines where measured.columns(ofLine: firstLine + line) - (line == lines.lowerBound ? first : rest) > width {
            return false
        }
        return true
    }
}

/// Lines wrapped into `lines`, each after a prefix: the first line's, then the
/// others' (bytes `first` and `rest` of `prefixes`).
private struct PrefixedLines: LineSink {
    var lines = LineStore()
    let prefixes: [UInt8]
    let first: Range<Int>
    let rest: Range<Int>
    private var isFirst = true

    init(prefixes: [UInt8], first: Range<Int>, rest: Range<Int>) {
        self.prefixes = prefixes
        self.first = first
        self.rest = rest
    }

    mutating func appendLine(_ text: StyledText, in range: Range<Int>, fromRun firstRun: Int) {
        let prefix = isFirst ? first : rest
        prefixes.withUnsafeBufferPointer { lines.append(UnsafeBufferPointer(rebasing: $0[prefix]), style: .plain) }
        isFirst = false
        lines.append(text, in: range, fromRun: firstRun)
        lines.endLine()
    }
}
