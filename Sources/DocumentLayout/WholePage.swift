import HTMLParsing
import ComponentKit
import RenderCore
import ScrollCore

/// A laid-out document as a component of the container: its rows are its lines.
///
/// Layout goes only as far as asked: the lines up to a frontier are laid out and final,
/// and the rest of the page is an estimate (`isExtentEstimated`) until laid out, so a
/// first screen needs only the first lines. Asking for a row past the frontier
/// (`layOut(throughRow:)`) moves it; rows before it never change, so a host that moves
/// the frontier before it draws sees nothing above the viewport move.
///
/// The page is laid out a top-level block at a time (`LayoutUnits`, `PageLayout`):
/// each block is laid out on its own from the kept model, so a new width re-lays
/// blocks out without parsing again.
package final class WholePage: PageComponent {
    /// The page this view shows; kept so that it can be laid out again at a new width.
    package let document: HTMLDocument
    /// Width the lines are laid out at, in columns.
    package private(set) var width: Int
    /// The page cut into units of layout (the same at every width).
    private let units: LayoutUnits
    /// The layout so far, able to go on.
    private var pageLayout: PageLayout
    /// Where the page is, for the References list's targets.
    private let address: PageAddress?
    /// How its pictures are laid out (`nil`: as their alt text).
    package let pictures: PictureLayout?

    /// Lays out `document` at `width` columns, the first `initialRows` lines at least
    /// (all of it by default); its links to files are resolved against `address`, its
    /// pictures laid out as `pictures` says.
    package init(
        document: HTMLDocument, width: Int, initialRows: Int = .max, address: PageAddress? = nil, pictures: PictureLayout? = nil
    ) {
        self.document = document
        self.width = max(1, width)
        self.address = address
        self.pictures = pictures
        units = LayoutUnits(document)
        pageLayout = PageLayout(document, units: units, width: self.width, address: address, pictures: pictures)
        pageLayout.advance(toLines: initialRows)
    }

    /// Every line of the document (laying out what is not laid out yet).
    package var lines: LineStore {
        layOutAll()
        return pageLayout.lines
    }

    /// Units of layout (top-level blocks, see `LayoutUnits`) the page is cut into.
    package var unitCount: Int { units.units.count }

    /// Units laid out so far, in part or whole.
    package var unitsLaidOut: Int { pageLayout.unitStarts.count }

    /// Lines laid out so far: the frontier.
    package var laidOutLineCount: Int { pageLayout.lines.count }

    /// Element ids (and `<a name>` targets) and the line each starts on, for jumps to
    /// `#id` links (laying out what is not laid out yet).
    package var anchors: [String: Int] {
        layOutAll()
        return pageLayout.anchors
    }

    /// Link targets in order: the link marked `[n]` in the text goes to `links[n - 1]`.
    /// The layout ends with this list under "References".
    package var links: LinkTargets {
        layOutAll()
        return pageLayout.links
    }

    /// Where link `number` (marked `[number]`) goes, laying out only as far as the
    /// unit that holds it: a link on screen needs no layout of the page below.
    package func linkTarget(_ number: Int) -> String? {
        while pageLayout.links.count < number, !pageLayout.isFinished {
            advance(toLines: pageLayout.lines.count + Self.linkSearchChunk)
        }
        return number >= 1 && number <= pageLayout.links.count ? pageLayout.links[number - 1] : nil
    }

    /// Lines laid out at a time while looking for a link's unit to finish.
    private static let linkSearchChunk = 64

    /// The line element `id` starts on, laying out only as far as it.
    package func line(forAnchor id: String) -> Int? {
        var target = max(256, pageLayout.lines.count * 2)
        while pageLayout.line(forAnchor: id) == nil, !pageLayout.isFinished {
            advance(toLines: target)
            target *= 2
        }
        return pageLayout.line(forAnchor: id)
    }

    /// Moves the frontier past `row`.
    /// - Returns: whether the extent changed (the container takes it at its next pass).
    @discardableResult
    package func layOut(throughRow row: Int) -> Bool {
        guard !pageLayout.isFinished, row >= pageLayout.lines.count else { return false }
        let before = rowCount
        advance(toLines: row + 1)
        return rowCount != before
    }

    package var title: String { document.title }

    /// The container's layout pass: at a new width the page is laid out again (the
    /// row at the top kept, as a correction); else the frontier moves past the rows
    /// asked for, or to the end. Moves of the frontier made in between (drawing,
    /// searching, jumping to an anchor) are answered here too.
    package func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
        var correction = 0
        if let crossAxis = constraints.crossAxisExtent, max(1, Int(crossAxis)) != width {
            let anchor = Int(constraints.scrollOffset)
            correction = layout(width: Int(crossAxis), keeping: anchor) - anchor
        }
        if constraints.locatesEnd {
            layOutAll()
        } else {
            layOut(throughRow: constraints.rows.upperBound - 1)
        }
        defer { changedFrom = nil }
        guard let changedFrom else { return .unchanged }
        return geometry(changedFrom: Double(changedFrom), correction: Double(correction))
    }

    /// The first row changed since the container's last pass (layout goes down from
    /// the top: nothing above the frontier ever moves, until the width changes).
    private var changedFrom: Int?
    /// Marks the page as needing layout when it changes between passes.
    private var invalidator: LayoutInvalidator?

    package func attach(_ invalidator: LayoutInvalidator) {
        self.invalidator = invalidator
    }

    /// Notes rows from `row` on as changed, for the container's next pass.
    package func noteChange(from row: Int) {
        changedFrom = min(changedFrom ?? row, row)
        invalidator?.markNeedsLayout()
    }

    /// Moves the frontier to `lines` lines.
    private func advance(toLines lines: Int) {
        let before = pageLayout.lines.count
        pageLayout.advance(toLines: lines)
        if pageLayout.lines.count != before { noteChange(from: before) }
    }

    package var figures: ComponentFigures {
        var figures = ComponentFigures()
        figures.documentNodes = document.nodes.count
        figures.documentBytes = document.modelBytes
        figures.layoutUnits = unitCount
        figures.layoutUnitsLaidOut = unitsLaidOut
        figures.layoutLines = laidOutLineCount
        figures.layoutBytes = layoutBytes
        return figures
    }

    package func locateEnd() {
        layOutAll()
    }

    /// Lays out the rest of the document.
    package func layOutAll() {
        advance(toLines: .max)
    }

    /// Lays the document out again at a new width (from the kept model: no reparse).
    /// - Parameter row: a line at the old width, such as the one at the viewport top.
    /// - Returns: the line at the new width that shows the same text: the same block,
    ///   the same fraction into it.
    @discardableResult
    package func layout(width: Int, keeping row: Int = 0) -> Int {
        let width = max(1, width)
        guard width != self.width else { return row }
        let old = pageLayout.lineBlocks
        let oldLines = pageLayout.lines
        self.width = width
        pageLayout = PageLayout(document, units: units, width: width, address: address, pictures: pictures)
        noteChange(from: 0)
        layOutAll()
        return Self.relocate(row, from: (old, oldLines), to: (pageLayout.lineBlocks, pageLayout.lines))
    }

    package var contentExtent: Double { Double(rowCount) }

    /// Lines laid out, and while the page is not finished an estimate of the rest: the
    /// lines so far scaled by how much of the document they cover.
    package var rowCount: Int {
        let laidOut = pageLayout.lines.count
        guard !pageLayout.isFinished else { return laidOut }
        let covered = Double(max(1, Int(pageLayout.furthestNode))) / Double(max(1, document.nodes.count))
        return max(laidOut + 1, Int((Double(laidOut) / covered).rounded(.up)))
    }

    package var isExtentEstimated: Bool { !pageLayout.isFinished }

    /// Where line `row` of one layout is in another, by the block each line came from,
    /// and in it by its text (`TextPlace`).
    static func relocate(
        _ row: Int, from oldLayout: (blocks: [HTMLDocument.NodeIndex], lines: LineStore),
        to newLayout: (blocks: [HTMLDocument.NodeIndex], lines: LineStore)
    ) -> Int {
        let (old, new) = (oldLayout.blocks, newLayout.blocks)
        guard row >= 0, row < old.count, !new.isEmpty else { return 0 }
        let block = old[row]
        var oldStart = row
        while oldStart > 0, old[oldStart - 1] == block { oldStart -= 1 }
        var oldEnd = row + 1
        while oldEnd < old.count, old[oldEnd] == block { oldEnd += 1 }
        // The same block's run of lines in the new layout, the one with as many runs
        // of that block before it (a block may be split by its children).
        var runsBefore = 0
        var index = 0
        while index < oldStart {
            if old[index] == block, index == 0 || old[index - 1] != block { runsBefore += 1 }
            index += 1
        }
        var newStart: Int?
        var seen = 0
        for (line, candidate) in new.enumerated() where candidate == block && (line == 0 || new[line - 1] != block) {
            if seen == runsBefore {
                newStart = line
                break
            }
            seen += 1
        }
        guard let start = newStart else {
            return min(new.count - 1, row * new.count / max(1, old.count))
        }
        var end = start + 1
        while end < new.count, new[end] == block { end += 1 }
        let textBefore = TextPlace.count(in: oldLayout.lines, rows: oldStart..<row)
        return TextPlace.row(in: newLayout.lines, rows: start..<end, holding: textBefore)
            ?? start + (row - oldStart) * (end - start) / (oldEnd - oldStart)
    }

    package func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        layOut(throughRow: rows.upperBound - 1)
        let lines = pageLayout.lines
        for lineIndex in rows.clamped(to: 0..<lines.count) {
            lines.draw(line: lineIndex, pageRow: lineIndex, into: &buffer, row: row + lineIndex - rows.lowerBound, horizontalOffset: horizontalOffset, pictures: pictures)
        }
    }

    package var sideways = SidewaysOffset()

    package func columns(ofRow row: Int) -> Int {
        layOut(throughRow: row)
        guard row >= 0, row < pageLayout.lines.count else { return 0 }
        return pageLayout.lines.columns(ofLine: row)
    }

    /// The element the line at `row` came from (`pre`, `table`, `p`, ...), for checks
    /// such as "only preformatted text and tables may be wider than the width".
    package func sourceTag(ofRow row: Int) -> HTMLTag? {
        layOut(throughRow: row)
        let blocks = pageLayout.lineBlocks
        guard row >= 0, row < blocks.count, blocks[row] != HTMLDocument.none else { return nil }
        return document[blocks[row]].tag
    }

    /// The line's text, as cells would show it; whole when wider than `width`.
    package func plainText(row: Int, width: Int) -> String {
        layOut(throughRow: row)
        guard row >= 0, row < pageLayout.lines.count else { return "" }
        return pageLayout.lines.plainText(ofLine: row)
    }

    /// The link marks (`[n]`, drawn dim before a link's text) on line `row`: the
    /// column each starts at, its width in columns, and the link's number (its
    /// target is `links[number - 1]`).
    package func linkMarks(inRow row: Int) -> [(column: Int, width: Int, number: Int)] {
        layOut(throughRow: row)
        guard row >= 0, row < pageLayout.lines.count else { return [] }
        return pageLayout.lines[row].linkMarks
    }

    package func pictureRows(inRow row: Int) -> [PictureRow] {
        layOut(throughRow: row)
        guard row >= 0, row < pageLayout.lines.count else { return [] }
        return pageLayout.lines.pictureRows(ofLine: row)
    }

    package func linkTexts(inRow row: Int) -> [(columns: Range<Int>, number: Int?)] {
        layOut(throughRow: row)
        guard row >= 0, row < pageLayout.lines.count else { return [] }
        return pageLayout.lines[row].linkTexts
    }

    package func referencesRow() -> Int? {
        layOutAll()
        let lines = pageLayout.lines
        guard !pageLayout.links.isEmpty else { return nil }
        // (Its entries, a line or more each, follow it.)
        let heading = LayoutLine(spans: DocumentLayoutEngine.referencesHeading)
        return stride(from: lines.count - pageLayout.links.count - 1, through: 0, by: -1).first { lines[$0] == heading }
    }

    package func row(ofLink number: Int) -> Int? {
        // (Its unit is laid out whole once its target is known.)
        guard linkTarget(number) != nil else { return nil }
        let units = pageLayout.unitStarts
        let unit = units.partitionPoint { $0.linkBase >= number } - 1
        let lines = pageLayout.lines
        for line in (unit >= 0 ? units[unit].line : 0)..<lines.count where lines[line].linkMarks.contains(where: { $0.number == number }) {
            return line
        }
        return nil
    }

    package func matchColumns(of query: String, row: Int, width: Int) -> [Range<Int>] {
        layOut(throughRow: row)
        guard row >= 0, row < pageLayout.lines.count else { return [] }
        return pageLayout.lines[row].matchColumns(of: query)
    }

    /// Lines streamed for a dump are laid out this many at a time, then dropped.
    static let streamingChunk = 4_096

    /// Every line. A page laid out to its end is read from its lines; else a second
    /// layout streams the page a chunk at a time and drops each chunk once written,
    /// so a dump never holds the whole page's lines (and this view keeps only what the
    /// viewport asked for).
    package func writeRows(width: Int, to sink: any RowSink) {
        var pageRow = 0
        func write(_ lines: LineStore) {
            for line in lines.indices where !sink.isClosed {
                lines.write(line: line, pageRow: pageRow, to: sink, pictures: pictures)
                pageRow += 1
            }
        }
        if pageLayout.isFinished { return write(pageLayout.lines) }
        var stream = PageLayout(document, units: units, width: self.width, address: address, pictures: pictures)
        repeat {
            stream.advance(toLines: stream.lineCount + Self.streamingChunk)
            write(stream.takeLines())
        } while !stream.isFinished && !sink.isClosed
    }

    /// Bytes the laid-out lines hold.
    package var layoutBytes: Int {
        pageLayout.lines.storageBytes
    }
}
