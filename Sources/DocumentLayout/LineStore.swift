import ComponentKit
import Pictures
import RenderCore

/// Laid-out lines stored together: the text of every line in one byte buffer, the
/// style runs over it in one array, and where each line's runs end in another.
///
/// Laying out a line allocates nothing: a line of `[LayoutLine.Span]` cost an array
/// and a `String` per span to build, and as many frees (a fifth of a layout's time
/// went to the allocator and reference counting). A `LayoutLine` is made only for a
/// line that is drawn (`subscript`); text for a dump is read from the bytes.
///
/// A line is built by appending runs to the open line (`append(_:style:)`,
/// `appendMerging(_:style:)`, `append(line:of:)`) and closing it (`endLine`). Two
/// stores are equal when their lines are, span for span.
package struct LineStore: Sendable {
    struct Run: Sendable, Equatable {
        /// Where the run ends in `bytes`; it starts where the run before ends.
        var end: Int
        var style: Style
    }

    private var bytes = ByteArena()
    private var runs: [Run] = []
    /// For each line, where its runs end in `runs`.
    private var lineRunEnds: [Int] = []
    /// The lines that are rows of a picture's box, in order of line (and of column on
    /// a line: a table's row may have a picture in each cell), and which rows they
    /// are: few lines are, so they are kept apart.
    private var pictureRows: [(line: Int, row: PictureRow)] = []

    package init() {}

    /// A store of `lines`, span for span.
    package init(_ lines: some Sequence<LayoutLine>) {
        for line in lines { append(line) }
    }

    /// Runs of the open line (appended since the last `endLine`).
    private var openRunStart: Int { lineRunEnds.last ?? 0 }
    /// Where the bytes of run `index` start.
    private func start(ofRun index: Int) -> Int { index == 0 ? 0 : runs[index - 1].end }

    // MARK: Building

    /// Appends a run of text to the open line (nothing when `text` is empty).
    mutating func append(_ text: some Collection<UInt8>, style: Style) {
        guard !text.isEmpty else { return }
        bytes.append(contentsOf: text)
        runs.append(Run(end: bytes.count, style: style))
    }

    /// Makes room for lines of `bytes` bytes in `runs` runs in all, so that a store
    /// filled at once grows no buffer (and copies none) on the way.
    mutating func reserveCapacity(bytes byteCount: Int, runs runCount: Int, lines lineCount: Int) {
        bytes.reserveCapacity(byteCount)
        runs.reserveCapacity(runCount)
        lineRunEnds.reserveCapacity(lineCount)
    }

    /// `append` for a string's UTF-8, copied where it lies.
    mutating func append(utf8Of string: String, style: Style) {
        var string = string
        string.withUTF8 { append($0, style: style) }
    }

    /// Appends text to the open line, joined to its last run when the style is the
    /// same.
    mutating func appendMerging(_ text: some Collection<UInt8>, style: Style) {
        guard !text.isEmpty else { return }
        bytes.append(contentsOf: text)
        endRunMerging(style: style)
    }

    /// Appends `count` copies of `unit` to the open line, as that many
    /// `appendMerging` calls would (a heading's underline, a table's rule, a cell's
    /// padding): the room made of spaces, then filled by copies that double what is
    /// there.
    mutating func appendMerging(repeating unit: StaticString, count: Int, style: Style) {
        guard count > 0, unit.utf8CodeUnitCount > 0 else { return }
        let total = unit.utf8CodeUnitCount * count
        bytes.append(count: total) { buffer in
            let first = buffer.baseAddress!
            // (Read through `withUTF8Buffer`: a one-character literal may be held as
            // a scalar, with no pointer to its bytes.)
            unit.withUTF8Buffer { first.update(from: $0.baseAddress!, count: $0.count) }
            var filled = unit.utf8CodeUnitCount
            while filled < total {
                let copied = Swift.min(filled, total - filled)
                (first + filled).update(from: first, count: copied)
                filled += copied
            }
        }
        endRunMerging(style: style)
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 1_024)

    /// Ends a run at the end of `bytes`: the open line's last run goes on when its
    /// style is `style`.
    @inline(__always)
    private mutating func endRunMerging(style: Style) {
        if runs.count > openRunStart, runs[runs.count - 1].style == style {
            runs[runs.count - 1].end = bytes.count
        } else {
            runs.append(Run(end: bytes.count, style: style))
        }
    }

    /// Appends the runs of line `index` of `other` to the open line; with `merging`,
    /// each is joined to the run before it when the styles are the same.
    mutating func append(line index: Int, of other: LineStore, merging: Bool = false) {
        // Its pictures' rows, moved right by what the open line holds (a table's
        // border and the cells before).
        let otherPictureRows = other.pictureRows(ofLine: index)
        if !otherPictureRows.isEmpty {
            let shift = openLineColumns
            for var pictureRow in otherPictureRows {
                pictureRow.column += shift
                notePictureRow(pictureRow)
            }
        }
        let runRange = other.runRange(ofLine: index)
        guard !runRange.isEmpty else { return }
        let byteStart = other.start(ofRun: runRange.lowerBound)
        let shift = bytes.count - byteStart
        // (Read through pointers: slices of `other`'s arrays are retained and released.)
        _ = other.bytes.withBytes(byteStart..<other.runs[runRange.upperBound - 1].end) { bytes.append($0) }
        let openRunStart = openRunStart
        other.runs.withUnsafeBufferPointer { otherRuns in
            for run in runRange {
                if merging, runs.count > openRunStart, runs[runs.count - 1].style == otherRuns[run].style {
                    runs[runs.count - 1].end = otherRuns[run].end + shift
                } else {
                    runs.append(Run(end: otherRuns[run].end + shift, style: otherRuns[run].style))
                }
            }
        }
    }

    /// Appends `count` spaces to the open line, joined to its last run when the
    /// style is the same (a cell's padding).
    mutating func appendSpaces(_ count: Int, style: Style) {
        guard count > 0 else { return }
        appendSpaceBytes(count)
        endRunMerging(style: style)
    }

    /// Appends `count` spaces to `bytes`, copied in (appending a repeated byte goes a
    /// byte at a time).
    private mutating func appendSpaceBytes(_ count: Int) {
        var room = count
        while room > 0 {
            let part = Swift.min(room, Self.spaces.count)
            _ = Self.spaces.withUnsafeBufferPointer { bytes.append(UnsafeBufferPointer(rebasing: $0[..<part])) }
            room -= part
        }
    }

    /// Appends the runs of `text` over bytes `range` to the open line, looking at its
    /// runs from `firstRun` on (runs wholly before `range` are skipped).
    @inline(__always)
    mutating func append(_ text: StyledText, in range: Range<Int>, fromRun firstRun: Int = 0) {
        // The bytes in one copy (the runs cover the text from its start, one after
        // another), then a run for each run's part of the range.
        text.runs.withUnsafeBufferPointer { textRuns in
            let end = Swift.min(range.upperBound, textRuns.last?.end ?? 0)
            guard range.lowerBound < end else { return }
            let shift = bytes.count - range.lowerBound
            _ = text.withUnsafeBytes { bytes.append(UnsafeBufferPointer(rebasing: $0[range.lowerBound..<end])) }
            var start = firstRun == 0 ? 0 : textRuns[firstRun - 1].end
            for run in textRuns[firstRun...] {
                guard start < end else { break }
                if run.end > range.lowerBound, run.end > start {
                    runs.append(Run(end: Swift.min(run.end, end) + shift, style: run.style))
                }
                start = run.end
            }
        }
    }

    /// Appends a line's spans to the open line.
    mutating func append(_ spans: [LayoutLine.Span]) {
        for span in spans { append(span.text.utf8, style: span.style) }
    }

    /// Notes the open line as row `row` of a picture's box.
    mutating func notePictureRow(_ row: PictureRow) {
        pictureRows.append((lineRunEnds.count, row))
    }

    /// Closes the open line (a line with no runs is empty).
    mutating func endLine() {
        lineRunEnds.append(runs.count)
    }

    /// Appends a whole line.
    mutating func append(_ line: LayoutLine) {
        append(line.spans)
        endLine()
    }

    /// Appends every line of `other`.
    mutating func append(contentsOf other: LineStore) {
        guard !other.lineRunEnds.isEmpty else { return }
        precondition(openRunStart == runs.count, "a line is open")
        let byteShift = bytes.count
        let runShift = runs.count
        // Copied whole, then shifted in place: a copy and a tight loop.
        _ = other.bytes.withBytes { bytes.append($0) }
        runs += other.runs
        runs.withUnsafeMutableBufferPointer { runs in
            for index in runShift..<runs.count { runs[index].end += byteShift }
        }
        let lineShift = lineRunEnds.count
        pictureRows += other.pictureRows.lazy.map { ($0.line + lineShift, $0.row) }
        lineRunEnds += other.lineRunEnds
        lineRunEnds.withUnsafeMutableBufferPointer { ends in
            for index in lineShift..<ends.count { ends[index] += runShift }
        }
    }

    /// Forgets every line, keeping the buffers for the lines to come.
    mutating func removeAll() {
        guard !runs.isEmpty || !lineRunEnds.isEmpty else { return }
        if !pictureRows.isEmpty { pictureRows.removeAll() }
        bytes.removeAll()
        runs.removeAll(keepingCapacity: true)
        lineRunEnds.removeAll(keepingCapacity: true)
    }

    // MARK: Reading

    /// The runs of line `index`, as indices into `runs`.
    private func runRange(ofLine index: Int) -> Range<Int> {
        (index == 0 ? 0 : lineRunEnds[index - 1])..<lineRunEnds[index]
    }

    /// The bytes of line `index`.
    private func byteRange(ofLine index: Int) -> Range<Int> {
        let runRange = runRange(ofLine: index)
        guard !runRange.isEmpty else { return 0..<0 }
        return start(ofRun: runRange.lowerBound)..<runs[runRange.upperBound - 1].end
    }

    /// The rows of pictures' boxes on line `index`, left to right; none on a line of
    /// text.
    package func pictureRows(ofLine index: Int) -> [PictureRow] {
        guard !pictureRows.isEmpty else { return [] }
        // (Found by halving: the rows are in order of line.)
        var low = 0
        var high = pictureRows.count
        while low < high {
            let middle = (low + high) / 2
            if pictureRows[middle].line < index { low = middle + 1 } else { high = middle }
        }
        var found: [PictureRow] = []
        while low < pictureRows.count, pictureRows[low].line == index {
            found.append(pictureRows[low].row)
            low += 1
        }
        return found
    }

    /// Columns up to the right edge of the rightmost picture's box on line `index`;
    /// 0 on a line of text.
    func pictureExtent(ofLine index: Int) -> Int {
        pictureRows(ofLine: index).reduce(0) { Swift.max($0, $1.column + $1.box.columns) }
    }

    /// Columns the open line takes so far.
    private var openLineColumns: Int {
        guard runs.count > openRunStart else { return 0 }
        let start = start(ofRun: openRunStart)
        return bytes.withBytes(start..<runs[runs.count - 1].end) { text in
            TextWidth.simpleColumns(text) ?? TextWidth.columns(of: String(decoding: text, as: UTF8.self))
        }
    }

    /// Whether line `index` has no text at all.
    func isEmpty(line index: Int) -> Bool {
        runRange(ofLine: index).isEmpty
    }

    /// Calls `body` with the UTF-8 text of line `index`, styles left out.
    func withText<Result>(ofLine index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let range = byteRange(ofLine: index)
        return try bytes.withBytes(range, body)
    }

    /// Line `index` as cells would show it: control characters replaced, trailing
    /// blanks dropped (`LayoutLine.plainText`).
    package func plainText(ofLine index: Int) -> String {
        withPlainText(ofLine: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the UTF-8 of `plainText(ofLine:)` for every line, each followed by a
    /// line feed, to `text`: a dump's output, made without a `String` a line.
    package func appendPlainText(to text: inout [UInt8]) {
        // (As text, a line takes about its bytes: one allocation, not a doubling series.)
        text.reserveCapacity(text.count + bytes.count + count)
        // Most stores are printable as they are, judged at once: each line's bytes are
        // copied, trailing spaces dropped. (Lines hold whole characters, so every line
        // of a printable store is printable.)
        guard bytes.withBytes(TextWidth.isPrintableAsIs) else {
            for index in indices {
                withPlainText(ofLine: index) { text.append(contentsOf: $0) }
                text.append(0x0A)
            }
            return
        }
        bytes.withBytes { bytes in
            runs.withUnsafeBufferPointer { runs in
                var runStart = 0
                var byteStart = 0
                for runEnd in lineRunEnds {
                    var end = runEnd > runStart ? runs[runEnd - 1].end : byteStart
                    let next = end
                    while end > byteStart, bytes[end - 1] == 0x20 { end -= 1 }
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[byteStart..<end]))
                    text.append(0x0A)
                    runStart = runEnd
                    byteStart = next
                }
            }
        }
    }

    /// Calls `body` with the UTF-8 of `plainText(ofLine:)`.
    private func withPlainText<Result>(ofLine index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withText(ofLine: index) { text in
            var end = text.count
            while end > 0, text[end - 1] == 0x20 { end -= 1 }
            let trimmed = UnsafeBufferPointer(rebasing: text[..<end])
            // Most lines are printable as they are (and end in a printable character).
            if TextWidth.isPrintableAsIs(trimmed) { return body(trimmed) }
            var printable = LayoutLine.plainText(String(decoding: text, as: UTF8.self))
            return printable.withUTF8(body)
        }
    }

    /// Whether line `index` shows nothing (it is empty or all spaces).
    func isBlank(line index: Int) -> Bool {
        withText(ofLine: index) { $0.allSatisfy { $0 == 0x20 } }
    }

    /// Columns line `index` takes: measured run by run, as the runs are drawn.
    func columns(ofLine index: Int) -> Int {
        // Most lines are measured at once (text of simple widths takes the sum of its
        // parts' columns).
        if let columns = withText(ofLine: index, { TextWidth.simpleColumns($0) }) { return columns }
        var total = 0
        bytes.withBytes { bytes in
            for run in runRange(ofLine: index) {
                let text = UnsafeBufferPointer(rebasing: bytes[start(ofRun: run)..<runs[run].end])
                total += TextWidth.simpleColumns(text) ?? TextWidth.columns(of: String(decoding: text, as: UTF8.self))
            }
        }
        return total
    }

    /// Bytes the store holds (its buffers' capacities).
    var storageBytes: Int {
        bytes.capacity + runs.capacity * MemoryLayout<Run>.stride + lineRunEnds.capacity * MemoryLayout<Int>.stride
    }
}

extension LineStore: Equatable {
    package static func == (left: LineStore, right: LineStore) -> Bool {
        left.bytes == right.bytes && left.runs == right.runs && left.lineRunEnds == right.lineRunEnds
            && left.pictureRows.elementsEqual(right.pictureRows) { $0.line == $1.line && $0.row == $1.row }
    }
}

extension LineStore: RandomAccessCollection {
    package var startIndex: Int { 0 }
    package var endIndex: Int { lineRunEnds.count }

    /// Line `index` as spans, one a run: made anew at each call.
    package subscript(index: Int) -> LayoutLine {
        let runRange = runRange(ofLine: index)
        var spans: [LayoutLine.Span] = []
        spans.reserveCapacity(runRange.count)
        for run in runRange {
            let text = bytes.withBytes(start(ofRun: run)..<runs[run].end) { String(decoding: $0, as: UTF8.self) }
            spans.append(LayoutLine.Span(text, style: runs[run].style))
        }
        return LayoutLine(spans: spans)
    }
}

extension LineStore {
    /// Hands line `index`, page row `pageRow`, to `sink`: its plain text, and its
    /// drawing, as wide as a picture's box on it reaches.
    func write(line index: Int, pageRow: Int, to sink: any RowSink, pictures: PictureLayout?) {
        let columns = pictures != nil ? pictureExtent(ofLine: index) : 0
        sink.row(plainText(ofLine: index), columns: columns) { buffer in
            draw(line: index, pageRow: pageRow, into: &buffer, row: 0, horizontalOffset: 0, pictures: pictures)
        }
    }

    /// Draws row `pictureRow.row` of its picture's cells over the box's columns (the
    /// alt text drawn there before stays where the picture cannot be drawn).
    private func drawPicture(
        _ pictureRow: PictureRow, _ pictures: PictureLayout, pageRow: Int, into buffer: inout FrameBuffer, row: Int,
        horizontalOffset: Int
    ) {
        let top = pageRow - pictureRow.row
        guard let art = pictures.reader.cells(of: pictureRow.source, box: pictureRow.box, at: top), pictureRow.row < art.rows else {
            return
        }
        let first = pictureRow.row * art.columns
        for column in 0..<art.columns {
            let x = pictureRow.column + column - horizontalOffset
            guard x >= 0, x < buffer.width else { continue }
            buffer[x, row] = art.cells[first + column].shown
        }
    }

    /// Draws line `index`, page row `pageRow`, on row `row` of `buffer`, its first `horizontalOffset`
    /// columns scrolled off to the left. Scrolled sideways, a row shows where its line
    /// goes on past an edge of the buffer (`<` at the left, `>` at the right, dim), as
    /// `less -S` does; unscrolled, it shows the line as it is (a frame then draws what
    /// a dump writes, cut at the width). A row of a picture's box shows the picture's
    /// cells there when `pictures` draws them.
    func draw(
        line index: Int, pageRow: Int, into buffer: inout FrameBuffer, row: Int, horizontalOffset: Int, pictures: PictureLayout? = nil
    ) {
        var column = -horizontalOffset
        for span in self[index].spans {
            column = buffer.draw(span.text, style: span.style, column: column, row: row)
        }
        if let pictures, pictures.drawsCells, pictures.reader.showsPictures {
            for pictureRow in pictureRows(ofLine: index) {
                drawPicture(pictureRow, pictures, pageRow: pageRow, into: &buffer, row: row, horizontalOffset: horizontalOffset)
            }
        }
        guard horizontalOffset > 0, buffer.width > 1 else { return }
        // (Trailing spaces show nothing: they make no mark.)
        let columns = withText(ofLine: index) { text in
            var end = text.count
            while end > 0, text[end - 1] == 0x20 { end -= 1 }
            let shown = UnsafeBufferPointer(rebasing: text[..<end])
            return TextWidth.simpleColumns(shown) ?? TextWidth.columns(of: String(decoding: shown, as: UTF8.self))
        }
        guard columns > 0 else { return }
        buffer.draw("<", style: Style(.dim), column: 0, row: row)
        if columns > horizontalOffset + buffer.width { buffer.draw(">", style: Style(.dim), column: buffer.width - 1, row: row) }
    }
}
