import HTMLParsing
import ComponentKit
import RenderCore
import ScrollCore

/// A page shown a chunk at a time: the windowed memory model carried down to the page.
///
/// The page is never parsed whole. Its checkpoint index (`PageIndex`, built on another
/// thread) cuts it into chunks of about 64 KB; the chunks the viewport needs are parsed
/// from their checkpoint, laid out and kept in a small cache, and the others cost only
/// their extent: exact once laid out, else an estimate from their size in bytes. The
/// References list that ends the page comes in parts too, one for each chunk's links.
///
/// Extents change as estimates are replaced by real line counts; the container's layout
/// pass (`performLayout`) gets the rows added or removed above the viewport top as a
/// correction, so that the text there stays still.
///
/// The chunks come from the index's scan, ahead of its parse: they are used before the
/// parse has checked them. When it corrects one, the view drops what it laid out from
/// that chunk on and takes the chunks again (the rows there change: a wrong guess is
/// rare, and the view is right once the parse is done).
package final class WindowedPage: PageComponent {
    /// The checkpoints (shared with the thread that builds them).
    package let index: PageIndex
    /// Width the lines are laid out at, in columns.
    package private(set) var width: Int
    /// Bytes of laid-out lines kept beyond those of the chunks in use.
    package let cacheBytes: Int
    /// Where the page is, for the References list's targets.
    private let address: PageAddress?

    /// One extent a part: the content chunks known so far, then, once the index is
    /// complete, the References heading and one part for each chunk's links.
    private var extents = ExtentIndex()
    private var isExact: [Bool] = []
    private var inexactParts = 0
    /// Parts from the top that are all exact (a walk over rows starts past them).
    private var exactPrefixParts = 0
    /// Content chunks known (the parts before the References), as the index gave them.
    private var chunks: [PageIndex.Chunk] = []
    private var chunkCount: Int { chunks.count }
    /// The index's corrections taken in, and the first chunk the last ones dropped
    /// (for the anchor, which keeps its place in the page's bytes).
    private var corrections = 0
    private var droppedFrom: Int?
    /// Whether the References parts are there (the index's chunks reach the page's end).
    private var hasReferences = false
    /// Rows estimated for the part of the page the index has not reached.
    private var tailEstimate = 0
    /// Lines per byte of page, from the chunks laid out so far (for estimates).
    private var exactLines = 0
    private var exactBytes = 0
    /// How each chunk ends, for joining it to the next (see `ChunkEnds`).
    private var chunkEnds: [ChunkEnds?] = []
    /// For chunks that start inside a list: the state the layout goes on from.
    private var carries: [Int: DocumentLayoutEngine.Carry] = [:]
    /// Laid-out parts: their lines and, for chunks, their link targets.
    private var cache: [Int: LaidOutPart] = [:]
    private var cachedBytes = 0
    /// Counts uses of cached parts; parts used since `protectedUse` are not dropped
    /// (the rows being laid out and drawn).
    private var useCount = 0
    private var protectedUse = 0
    /// How the extent changed since the container was last told (`performLayout` tells
    /// it): changes made while drawing, dumping or searching are reported there too.
    private var unreported = LayoutGeometry.unchanged
    /// Links in the whole page, once the index's chunks reach its end.
    private var totalLinks = 0
    /// Whether rows the index has not reached yet are waited for; else they show as
    /// blank until it gets there (an interactive viewer draws again then, and keeps
    /// answering keys meanwhile).
    package var waitsForIndex = true

    /// How a chunk laid out on its own starts and ends: what joining it to its
    /// neighbours needs (a blank line between two when either asked for a margin).
    private struct ChunkEnds {
        var hasLines: Bool
        var asksAbove: Bool
        var endsWithBlankLine: Bool
        var asksBelow: Bool
    }

    private struct LaidOutPart {
        /// The part's lines (a chunk's own: without a joining blank line).
        var lines: LineStore
        /// Whether a blank line joins the part to the one above; `nil` while not known
        /// (a chunk laid out only for how it ends).
        var joiningBlank: Bool?
        /// A chunk's link targets, in order.
        var links: LinkTargets
        var bytes: Int
        var lastUse: Int

        var extent: Int { lines.count + (joiningBlank == true ? 1 : 0) }
    }

    /// A view of the page `index` is of, at `width` columns. The index may still be
    /// building.
    /// - Parameters:
    ///   - cacheBytes: bytes of laid-out lines kept beyond those in use.
    ///   - address: where the page is, for the References list's targets.
    package init(index: PageIndex, width: Int, cacheBytes: Int = 4 << 20, address: PageAddress? = nil) {
        self.index = index
        self.width = max(1, width)
        self.cacheBytes = cacheBytes
        self.address = address
        synchronize()
    }

    // MARK: Extent

    /// The page's title, from its first chunk (waited for: it comes within a few
    /// milliseconds, since the head is at the start).
    package var title: String {
        if waitsForIndex { index.wait { $0.checkedChunks > 0 || $0.isComplete } }
        return index.snapshot.title
    }

    /// Waits until the index has more than the view took in (more chunks, a
    /// correction, the page's end), or until `deadline`.
    /// - Returns: whether it has.
    @discardableResult
    private func waitForMore(until deadline: ContinuousClock.Instant? = nil) -> Bool {
        index.wait(until: deadline) { [chunkCount, corrections, hasReferences, waitsForIndex] in
            if waitsForIndex { return $0.checkedChunks > chunkCount || $0.isComplete }
            return $0.chunkCount > chunkCount || $0.corrections != corrections || ($0.reachesEnd && !hasReferences) || $0.isComplete
        }
    }

    /// Waits until the index has found the chunks that hold the first `rows` rows (or
    /// the whole page), or until `deadline`.
    package func stopIndexing() {
        index.stop()
    }

    package func waitForIndex(throughRow rows: Int, until deadline: ContinuousClock.Instant) {
        synchronize()
        while Int(extents.total) < rows, !hasReferences {
            guard waitForMore(until: deadline) else { return }
            synchronize()
        }
        // A small page is scanned whole within a few milliseconds: its first screen
        // then shows its real length.
        let settled = min(deadline, .now + .milliseconds(5))
        while !hasReferences, waitForMore(until: settled) { synchronize() }
        synchronize()
    }

    /// How far the index has gone: the bytes its parse has checked, the bytes its scan
    /// has read (where the page's chunks are known to, guessed), and the page's bytes
    /// so far; `nil` once it is complete.
    package var indexProgress: (indexed: Int, scanned: Int, total: Int)? {
        let snapshot = index.snapshot
        return snapshot.isComplete ? nil : (snapshot.indexedOffset, snapshot.scannedOffset, index.source.byteCount)
    }

    package var contentExtent: Double { Double(rowCount) }

    package var rowCount: Int { Int(extents.total) + tailEstimate }

    package var isExtentEstimated: Bool { !hasReferences || inexactParts > 0 }

    /// Lines per byte assumed for chunks not laid out yet: what the chunks laid out so
    /// far give, else one line per 64 bytes of markup.
    private var linesPerByte: Double {
        exactBytes > 4_096 ? Double(exactLines) / Double(exactBytes) : 1.0 / 64
    }

    /// Notes for the host that rows from `row` on changed.
    private func noteChange(from row: Int) {
        unreported.changed = true
        unreported.firstChangedOffset = min(unreported.firstChangedOffset, Double(row))
        invalidator?.markNeedsLayout()
    }

    /// Marks the page as needing layout when it changes between passes.
    private var invalidator: LayoutInvalidator?

    package func attach(_ invalidator: LayoutInvalidator) {
        self.invalidator = invalidator
    }

    /// Takes in what the index found since the last look: new chunks, and chunks a
    /// correction changed (dropped with what was laid out of them, and taken again).
    /// - Returns: whether the extent changed.
    @discardableResult
    private func synchronize() -> Bool {
        // Frames that wait for the index take only checked chunks, never a guess a
        // correction may change: their rows, link numbers and References do not
        // depend on how far the scan ran ahead when they were drawn.
        let update = index.update(known: chunkCount, corrections: corrections, checkedOnly: waitsForIndex)
        corrections = update.snapshot.corrections
        if let changed = update.firstChangedChunk { dropParts(from: changed) }
        let before = rowCount
        let knownRows = Int(extents.total)
        // (The update's chunks start where the view's end.)
        for chunk in update.chunks {
            chunks.append(chunk)
            appendChunkPart(chunkCount - 1, linesPerByte: linesPerByte)
            chunkEnds.append(nil)
        }
        if waitsForIndex ? update.snapshot.isComplete : update.snapshot.reachesEnd, !hasReferences {
            hasReferences = true
            totalLinks = update.snapshot.linkCount
            appendReferenceParts()
        }
        let known = chunks.last?.range.upperBound ?? index.start
        tailEstimate = hasReferences ? 0 : max(1, Int((Double(index.source.byteCount - known) * linesPerByte).rounded()))
        guard rowCount != before else { return false }
        noteChange(from: knownRows)
        return true
    }

    /// Drops the parts of chunks from `chunk` on, and the References (a correction of
    /// the index changed them).
    private func dropParts(from chunk: Int) {
        let kept = min(chunk, chunkCount)
        droppedFrom = min(droppedFrom ?? kept, kept)
        noteChange(from: Int(extents.prefixSum(kept)))
        chunks.removeSubrange(kept...)
        chunkEnds.removeSubrange(kept...)
        extents = ExtentIndex(Array(extents.values.prefix(kept)))
        isExact.removeSubrange(kept...)
        inexactParts = isExact.filter { !$0 }.count
        exactPrefixParts = min(exactPrefixParts, kept)
        for part in cache.keys where part >= kept {
            cachedBytes -= cache[part]?.bytes ?? 0
            cache[part] = nil
        }
        // The state carried into a chunk comes from the chunks before it.
        for next in carries.keys where next > kept { carries[next] = nil }
        hasReferences = false
        totalLinks = 0
    }

    /// Adds content chunk `chunk`'s part, estimated from its bytes.
    private func appendChunkPart(_ chunk: Int, linesPerByte: Double) {
        appendPart(estimate: max(1, Int((Double(chunks[chunk].shownBytes) * linesPerByte).rounded())), exact: false)
    }

    /// Adds the References parts: the heading (a joining blank line, "References", a
    /// blank line), then each chunk's entries, about a line a link.
    private func appendReferenceParts() {
        appendPart(estimate: totalLinks > 0 ? 3 : 0, exact: totalLinks == 0)
        for chunk in 0..<chunkCount {
            let links = chunks[chunk].links
            appendPart(estimate: links, exact: links == 0)
        }
    }

    /// Adds a part at the end. Content chunks are all known before the References
    /// parts come (the chunks reach the page's end then), so parts are only appended,
    /// or dropped from a corrected chunk on (`dropParts`).
    private func appendPart(estimate: Int, exact: Bool) {
        extents.append(Double(estimate))
        isExact.append(exact)
        if !exact { inexactParts += 1 }
    }

    /// The part that holds row `row`, its first row, and its extent; `nil` past the
    /// parts known (in the part of the page not indexed yet, or past the end).
    private func part(containing row: Int) -> (part: Int, start: Int, extent: Int)? {
        guard let part = extents.index(containing: Double(row)) else { return nil }
        return (part, Int(extents.prefixSum(part)), Int(extents.values[part]))
    }

    // MARK: Layout

    /// The container's layout pass: at a new width the page is laid out again (the
    /// row at the top kept); the parts the rows asked for are made exact, the rows
    /// that moved above the top answered as a correction; the end is located, or
    /// every part made exact, when the pass reaches that far. Changes made in between
    /// (drawing, searching, jumping to an anchor) are answered here too.
    package func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
        protectedUse = useCount + 1
        var anchor = Int(constraints.scrollOffset)
        var rows = constraints.rows
        if let crossAxis = constraints.crossAxisExtent, max(1, Int(crossAxis)) != width {
            let kept = layout(width: Int(crossAxis), keeping: anchor)
            rows = (rows.lowerBound + kept - anchor)..<(rows.upperBound + kept - anchor)
            anchor = kept
        }
        var moved = settle(rows: rows, anchor: anchor)
        if constraints.locatesEnd { locateEnd() }
        if constraints.reach == .everything { moved += settle(rows: 0..<Int.max, anchor: anchor + moved) }
        trimCache()
        defer { unreported = .unchanged }
        guard unreported.changed else { return .unchanged }
        return geometry(
            changedFrom: unreported.firstChangedOffset, correction: Double(anchor + moved) - constraints.scrollOffset.rounded(.down))
    }

    /// Makes the parts that rows `rows` show exact (waiting for the index where it has
    /// not gone yet).
    /// - Returns: the rows added (negative: removed) above `anchor`.
    private func settle(rows: Range<Int>, anchor: Int) -> Int {
        // Where the anchor is in the page's bytes, should a correction drop its chunk.
        let anchorPlace = part(containing: anchor).flatMap { holder in
            holder.part < chunkCount ? (holder.part, chunks[holder.part].range, Double(anchor - holder.start) / Double(max(1, holder.extent))) : nil
        }
        droppedFrom = nil
        synchronize()
        var rowsAddedAboveAnchor = 0
        var anchor = anchor
        var rows = rows.clamped(to: 0..<Int.max)
        if let dropped = droppedFrom, let (part, range, fraction) = anchorPlace, part >= dropped,
            let moved = row(inPlaceOf: range, fraction: fraction) {
            rowsAddedAboveAnchor = moved - anchor
            rows = (rows.lowerBound + rowsAddedAboveAnchor)..<(rows.upperBound + rowsAddedAboveAnchor)
            anchor = moved
        }
        /// Makes one part exact, noting how rows moved.
        func settlePart(_ part: Int) {
            let start = Int(extents.prefixSum(part))
            let old = Int(extents.values[part])
            let new = makeExact(part)
            guard new != old else { return }
            // Above the anchor, the anchor moves with the rows; inside its part, it keeps
            // its place in proportion (an estimate says nothing finer).
            let shift: Int
            if start + old <= anchor {
                shift = new - old
            } else if start <= anchor, start + old > anchor, anchor > start {
                shift = start + (anchor - start) * new / max(1, old) - anchor
            } else {
                shift = 0
            }
            anchor += shift
            rowsAddedAboveAnchor += shift
            rows = (rows.lowerBound + shift)..<(rows.upperBound + shift)
        }
        // The anchor's part first, so that the parts around it move relative to it.
        if let holder = part(containing: anchor), !isExact[holder.part] { settlePart(holder.part) }
        while exactPrefixParts < isExact.count, isExact[exactPrefixParts] { exactPrefixParts += 1 }
        var row = max(rows.lowerBound, min(rows.upperBound, Int(extents.prefixSum(exactPrefixParts))))
        while row < rows.upperBound {
            guard let holder = part(containing: row) else {
                // Past what the index has reached: wait for it to go further.
                guard !hasReferences, waitsForIndex else { break }
                waitForMore()
                synchronize()
                continue
            }
            if !isExact[holder.part] {
                settlePart(holder.part)
                // Rows may have moved: walk again from the first (exact parts are
                // passed over at once).
                row = rows.lowerBound
                continue
            }
            // (Parts that hold a row have at least one.)
            row = holder.start + holder.extent
        }
        return rowsAddedAboveAnchor
    }

    /// The row at about page offset `offset` (in proportion inside its chunk, laid out);
    /// `nil` past the chunks known.
    private func row(atByte offset: Int) -> Int? {
        let low = chunks.partitionPoint { $0.range.upperBound > offset }
        guard low < chunkCount else { return nil }
        let range = chunks[low].range
        let fraction = Double(offset - range.lowerBound) / Double(max(1, range.count))
        return Int(extents.prefixSum(low)) + Int((fraction * Double(makeExact(low))).rounded(.down))
    }

    /// The row that stands where row `fraction` of the part of chunk `range` stood: the
    /// same row of that chunk when it came back, else in proportion to the bytes.
    private func row(inPlaceOf range: Range<Int>, fraction: Double) -> Int? {
        let offset = range.lowerBound + Int(fraction * Double(range.count))
        guard let moved = row(atByte: offset) else { return nil }
        guard let part = part(containing: moved), part.part < chunkCount, chunks[part.part].range == range else { return moved }
        return part.start + Int((fraction * Double(part.extent)).rounded())
    }

    package func locateEnd() {
        synchronize()
        while !hasReferences {
            waitForMore()
            synchronize()
        }
    }

    package func layOutAll() {
        locateEnd()
        for part in 0..<extents.count where !isExact[part] {
            _ = makeExact(part)
            trimCache()
        }
    }

    /// Lays out part `part` with its join, caches it and makes its extent exact.
    /// - Returns: the exact extent.
    private func makeExact(_ part: Int) -> Int {
        let extent = joined(part).extent
        if extent != Int(extents.values[part]) { noteChange(from: Int(extents.prefixSum(part))) }
        if part < chunkCount, !isExact[part] {
            exactLines += extent
            exactBytes += chunks[part].shownBytes
        }
        extents.set(part, Double(extent))
        if !isExact[part] {
            isExact[part] = true
            inexactParts -= 1
        }
        return extent
    }

    /// Part `part` laid out and joined to the part above (laying out the chunks above
    /// as far as the join needs), from the cache when it is there.
    private func joined(_ part: Int) -> LaidOutPart {
        if part < chunkCount {
            var entry = ownLayout(ofChunk: part)
            if entry.joiningBlank == nil {
                entry.joiningBlank = !entry.lines.isEmpty && blankLineBefore(chunk: part, asksAbove: chunkEnds[part]?.asksAbove ?? false)
                cache[part]?.joiningBlank = entry.joiningBlank
            }
            return entry
        }
        useCount += 1
        if let cached = cache[part] {
            cache[part]?.lastUse = useCount
            return cached
        }
        var lines = LineStore()
        if part == chunkCount {
            if totalLinks > 0 {
                if blankLineBefore(chunk: chunkCount, asksAbove: true) { lines.append(LayoutLine()) }
                lines.append(LayoutLine(spans: DocumentLayoutEngine.referencesHeading))
                lines.append(LayoutLine())
            }
        } else {
            let chunk = part - chunkCount - 1
            let targets = ownLayout(ofChunk: chunk).links
            let base = chunks[chunk].linkBase
            lines = DocumentLayoutEngine.referenceEntries(targets, firstNumber: base + 1, total: totalLinks, width: width, address: address)
        }
        return store(part, LaidOutPart(lines: lines, joiningBlank: false, links: [], bytes: 0, lastUse: useCount))
    }

    /// Whether a blank line joins chunk `chunk` (or the References, as chunk
    /// `chunkCount`) to what comes before it: the chunks before are laid out as far
    /// back as one that has lines (how it ended decides).
    private func blankLineBefore(chunk: Int, asksAbove: Bool) -> Bool {
        var pending = asksAbove
        var previous = chunk - 1
        while previous >= 0 {
            if chunkEnds[previous] == nil { _ = ownLayout(ofChunk: previous) }
            guard let ends = chunkEnds[previous] else { return false }
            pending = pending || ends.asksBelow
            if ends.hasLines { return pending && !ends.endsWithBlankLine }
            previous -= 1
        }
        // Nothing above: no blank line over the first line.
        return false
    }

    /// Chunk `chunk` parsed from its checkpoint and laid out on its own, from the cache
    /// when it is there.
    private func ownLayout(ofChunk chunk: Int) -> LaidOutPart {
        useCount += 1
        if let cached = cache[chunk] {
            cache[chunk]?.lastUse = useCount
            return cached
        }
        let (layout, _, resumed) = freshLayout(ofChunk: chunk)
        var page = layout
        let lines = page.takeLines()
        // A chunk that goes on inside a list follows the lines before it: its margins
        // come with the state it goes on from.
        chunkEnds[chunk] = ChunkEnds(
            hasLines: !lines.isEmpty || resumed, asksAbove: page.margins.blankBeforeFirstLine,
            endsWithBlankLine: page.margins.lastLineBlank, asksBelow: page.margins.blankPending)
        return store(chunk, LaidOutPart(lines: lines, joiningBlank: resumed ? false : nil, links: page.links, bytes: 0, lastUse: useCount))
    }

    /// Chunk `chunk` parsed from its checkpoint and laid out (not cached); a chunk that
    /// starts inside a list or a paragraph's text goes on from where the chunk before
    /// stopped, which is laid out first if it has not been. Notes where this one stops,
    /// for the next. `resumed`: whether it goes on after lines of its first unit.
    private func freshLayout(ofChunk chunk: Int) -> (layout: PageLayout, units: LayoutUnits, resumed: Bool) {
        let info = chunks[chunk]
        let carryIn = info.startsInsideBlocks ? carry(into: chunk) : nil
        let fragment = (try? HTMLParser.parseChunk(
            index.source, range: info.range, openElements: info.openElements, elisions: index.knownElisions(in: info.range))) ?? .empty
        let units = LayoutUnits(fragment)
        var layout = PageLayout(
            fragment, units: units, width: width, endsWithReferences: false, linkBase: info.linkBase, carryIn: carryIn,
            openAtEnd: PageLayout.openElements(atEndOf: fragment, count: info.openElementsAtEnd), endsInsideText: info.endsInsideText)
        layout.advance(toLines: .max)
        if let carryOut = layout.carryOut, chunk + 1 < chunkCount, chunks[chunk + 1].startsInsideBlocks {
            carries[chunk + 1] = carryOut
        }
        return (layout, units, carryIn?.hasLines == true)
    }

    /// Where the layout stopped before chunk `chunk`, which starts inside a list:
    /// from the chunks before it, laid out back to one that starts outside any (or
    /// whose start is known). Kept for good: it does not depend on the width.
    private func carry(into chunk: Int) -> DocumentLayoutEngine.Carry? {
        if let carry = carries[chunk] { return carry }
        var first = chunk - 1
        while first > 0, carries[first] == nil, chunks[first].startsInsideBlocks { first -= 1 }
        for previous in max(0, first)..<chunk where carries[previous + 1] == nil {
            _ = freshLayout(ofChunk: previous)
        }
        return carries[chunk]
    }

    @discardableResult
    private func store(_ part: Int, _ entry: LaidOutPart) -> LaidOutPart {
        var entry = entry
        if let old = cache[part] { cachedBytes -= old.bytes }
        entry.bytes = entry.lines.storageBytes + entry.links.byteCount + 8 * entry.links.count
        cache[part] = entry
        cachedBytes += entry.bytes
        return entry
    }

    /// Drops the least recently used parts until the cache is within its budget,
    /// keeping those in use (see `protectedUse`).
    private func trimCache() {
        guard cachedBytes > cacheBytes else { return }
        for (part, entry) in cache.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard cachedBytes > cacheBytes, entry.lastUse < protectedUse else { break }
            cache[part] = nil
            cachedBytes -= entry.bytes
        }
    }

    // MARK: Rows

    /// The laid-out line at row `row` (line `index` of `lines`), laying its part out
    /// when it is not (which changes the extent: the host is told at the next
    /// `layOut`).
    private func line(at row: Int) -> (lines: LineStore, index: Int)? {
        guard row >= 0 else { return nil }
        if part(containing: row) == nil { synchronize() }
        if part(containing: row) == nil, waitsForIndex, !hasReferences {
            _ = settle(rows: row..<(row + 1), anchor: 0)
        }
        guard let holder = part(containing: row) else { return nil }
        if !isExact[holder.part] {
            _ = makeExact(holder.part)
            return line(at: row)
        }
        let entry = joined(holder.part)
        var offset = row - holder.start
        if entry.joiningBlank == true {
            if offset == 0 { return (Self.blankLine, 0) }
            offset -= 1
        }
        return offset < entry.lines.count ? (entry.lines, offset) : nil
    }

    /// The blank line that joins two parts.
    private static let blankLine = LineStore([LayoutLine()])

    package func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        for lineIndex in rows where lineIndex >= 0 {
            guard let (lines, index) = line(at: lineIndex) else { continue }
            lines.draw(line: index, into: &buffer, row: row + lineIndex - rows.lowerBound, horizontalOffset: horizontalOffset)
        }
        trimCache()
    }

    private var sideways = SidewaysOffset()

    package var horizontalOffset: Int { sideways.columns }

    package func scrollHorizontally(to offset: Int) -> Bool {
        guard sideways.set(offset) else { return false }
        noteChange(from: 0)
        return true
    }

    package func columns(ofRow row: Int) -> Int {
        protectedUse = useCount + 1
        guard let (lines, index) = line(at: row) else { return 0 }
        trimCache()
        return lines.columns(ofLine: index)
    }

    package func plainText(row: Int, width: Int) -> String {
        // Read row by row (a search): only the row's own part is in use.
        protectedUse = useCount + 1
        guard let (lines, index) = line(at: row) else { return "" }
        trimCache()
        return lines.plainText(ofLine: index)
    }

    package func forEachPlainText(width: Int, _ body: (String) -> Void) {
        // Every row is written: the whole page is indexed first, however far behind the
        // rows asked for its index runs (on a busy machine, a row count read early is
        // an estimate short of the page, and the walk below would end there).
        _ = index.wait { $0.isComplete }
        synchronize()
        var row = 0
        while true {
            protectedUse = useCount + 1
            _ = settle(rows: row..<(row + 1), anchor: 0)
            trimCache()
            guard row < rowCount, let (lines, index) = line(at: row) else { break }
            body(lines.plainText(ofLine: index))
            row += 1
        }
    }

    package func linkMarks(inRow row: Int) -> [(column: Int, width: Int, number: Int)] {
        line(at: row).map { $0.lines[$0.index].linkMarks } ?? []
    }

    package func linkTexts(inRow row: Int) -> [(columns: Range<Int>, number: Int?)] {
        line(at: row).map { $0.lines[$0.index].linkTexts } ?? []
    }

    package func referencesRow() -> Int? {
        locateEnd()
        guard totalLinks > 0 else { return nil }
        // (The References' heading is in the first part past the chunks.)
        _ = makeExact(chunkCount)
        let lines = joined(chunkCount).lines
        let heading = LayoutLine(spans: DocumentLayoutEngine.referencesHeading)
        return (0..<lines.count).first { lines[$0] == heading }.map { Int(extents.prefixSum(chunkCount)) + $0 }
    }

    package func row(ofLink number: Int) -> Int? {
        guard linkTarget(number) != nil, let chunk = chunk(holdingLink: number) else { return nil }
        let first = firstContentRow(of: chunk)
        let lines = joined(chunk).lines
        let found = (0..<lines.count).first { line in lines[line].linkMarks.contains { $0.number == number } }
        return found.map { first + $0 }
    }

    package func matchColumns(of query: String, row: Int, width: Int) -> [Range<Int>] {
        line(at: row).map { $0.lines[$0.index].matchColumns(of: query) } ?? []
    }

    // MARK: Navigation

    package func linkTarget(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        synchronize()
        while chunk(holdingLink: number) == nil, !hasReferences {
            waitForMore()
            synchronize()
        }
        guard let chunk = chunk(holdingLink: number) else { return nil }
        let targets = ownLayout(ofChunk: chunk).links
        trimCache()
        let offset = number - chunks[chunk].linkBase - 1
        return offset >= 0 && offset < targets.count ? targets[offset] : nil
    }

    /// The known chunk that holds link `number` (numbered from 1).
    private func chunk(holdingLink number: Int) -> Int? {
        let low = chunks.partitionPoint { $0.linkBase + $0.links >= number }
        return low < chunkCount ? low : nil
    }

    /// The row element `id` starts on. The chunks are searched in order for the id's
    /// bytes (waiting for the index where it has not gone yet); the first that has
    /// them is laid out to find the line, without laying out the chunks before it.
    package func line(forAnchor id: String) -> Int? {
        let needle = Array(id.utf8)
        guard !needle.isEmpty else { return nil }
        var chunk = 0
        while true {
            if chunk >= chunkCount {
                guard !hasReferences else { return nil }
                waitForMore()
                synchronize()
                continue
            }
            if index.source.bytes(chunks[chunk].range).firstRange(of: needle) != nil {
                let (layout, units, _) = freshLayout(ofChunk: chunk)
                if let line = layout.line(forAnchor: id) { return firstContentRow(of: chunk) + line }
                if layout.pendingAnchors.contains(id) || units.trailingAnchors.contains(id) {
                    // Named before the chunk's end, it names the next line there is.
                    return chunk + 1 < chunkCount ? firstContentRow(of: chunk + 1) : Int(extents.prefixSum(chunk + 1))
                }
            }
            chunk += 1
        }
    }

    /// The row of chunk `chunk`'s first own line (past a joining blank line), its part
    /// made exact.
    private func firstContentRow(of chunk: Int) -> Int {
        _ = makeExact(chunk)
        return Int(extents.prefixSum(chunk)) + (joined(chunk).joiningBlank == true ? 1 : 0)
    }

    package func layout(width: Int, keeping row: Int) -> Int {
        let width = max(1, width)
        guard width != self.width else { return row }
        let kept = part(containing: row).map { ($0.part, Double(row - $0.start) / Double(max(1, $0.extent))) }
        // Where the row's text is in its chunk, as text (what wrapping does not change).
        let textBefore = kept.flatMap { part, _ -> Int? in
            guard part < chunkCount else { return nil }
            let entry = joined(part)
            let first = entry.joiningBlank == true ? 1 : 0
            return TextPlace.count(in: entry.lines, rows: 0..<(row - Int(extents.prefixSum(part)) - first))
        }
        // Lines get fewer in proportion as they get wider (for the estimates).
        let linesPerByte = self.linesPerByte * Double(self.width) / Double(width)
        self.width = width
        cache = [:]
        cachedBytes = 0
        chunkEnds = [ChunkEnds?](repeating: nil, count: chunkCount)
        exactLines = 0
        exactBytes = 0
        extents = ExtentIndex()
        isExact = []
        inexactParts = 0
        exactPrefixParts = 0
        for chunk in 0..<chunkCount { appendChunkPart(chunk, linesPerByte: linesPerByte) }
        if hasReferences { appendReferenceParts() }
        guard let (part, fraction) = kept else { return 0 }
        _ = makeExact(part)
        let start = Int(extents.prefixSum(part))
        let entry = joined(part)
        if let textBefore, let line = TextPlace.row(in: entry.lines, rows: 0..<entry.lines.count, holding: textBefore) {
            return start + (entry.joiningBlank == true ? 1 : 0) + line
        }
        return start + Int(fraction * extents.values[part])
    }

    // MARK: Figures

    package var figures: ComponentFigures {
        var figures = ComponentFigures()
        figures.documentBytes = index.indexBytes
        figures.layoutUnits = chunkCount
        figures.layoutUnitsLaidOut = isExact.prefix(chunkCount).filter { $0 }.count
        figures.layoutLines = cache.values.reduce(0) { $0 + $1.lines.count }
        figures.layoutBytes = cachedBytes
        return figures
    }
}
