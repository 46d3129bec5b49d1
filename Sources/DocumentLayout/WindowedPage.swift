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
    package internal(set) var width: Int
    /// Bytes of laid-out lines kept beyond those of the chunks in use.
    package let cacheBytes: Int
    /// Where the page is, for the References list's targets.
    let address: PageAddress?
    /// How its pictures are laid out (`nil`: as their alt text).
    package var pictures: PictureLayout?

    /// One extent a part: the content chunks known so far, then, once the index is
    /// complete, the References heading and one part for each chunk's links.
    var extents = ExtentIndex()
    var isExact: [Bool] = []
    var inexactParts = 0
    /// The lines per byte the parts not laid out were last estimated with.
    var estimatedLinesPerByte = 1.0 / 64
    /// Parts from the top that are all exact (a walk over rows starts past them).
    var exactPrefixParts = 0
    /// Content chunks known (the parts before the References), as the index gave them.
    var chunks: [PageIndex.Chunk] = []
    var chunkCount: Int { chunks.count }
    /// The index's corrections taken in, and the first chunk the last ones dropped
    /// (for the anchor, which keeps its place in the page's bytes).
    var corrections = 0
    var droppedFrom: Int?
    /// Whether the References parts are there (the index's chunks reach the page's end).
    var hasReferences = false
    /// Chunks guessed ahead of the index where the reader jumped, after a gap part for
    /// the bytes between (see `WindowedPage+Island`).
    var island: Island?
    /// Where reading ahead last found no place to start (it is not tried again near).
    var readAheadFailedNear: Int?
    /// Whether the page's bytes were all there when the view was made (see `readsAhead`).
    let wasCompleteWhenOpened: Bool
    /// Rows estimated for the part of the page the index has not reached.
    var tailEstimate = 0
    /// Lines per byte of page, from the chunks laid out so far (for estimates).
    var exactLines = 0
    var exactBytes = 0
    /// How each chunk ends, for joining it to the next (see `ChunkEnds`).
    var chunkEnds: [ChunkEnds?] = []
    /// For chunks that start inside a list: the state the layout goes on from.
    var carries: [Int: DocumentLayoutEngine.Carry?] = [:]
    /// Chunks parsed and laid out so far (each a fragment's parse).
    private(set) var chunkLayouts = 0
    /// Laid-out parts: their lines and, for chunks, their link targets.
    var cache: [Int: LaidOutPart] = [:]
    var cachedBytes = 0
    /// Counts uses of cached parts; parts used since `protectedUse` are not dropped
    /// (the rows being laid out and drawn).
    var useCount = 0
    var protectedUse = 0
    /// How the extent changed since the container was last told (`performLayout` tells
    /// it): changes made while drawing, dumping or searching are reported there too.
    var unreported = LayoutGeometry.unchanged
    /// Links in the whole page, once the index's chunks reach its end.
    var totalLinks = 0
    /// Samples of the page laid out for its estimates (numbers of `sampleFraction`),
    /// and whether the next layout pass takes one (see `requestSample`).
    var samplesTaken = Set<Int>()
    var sampleDue = false
    /// Lines and bytes of the chunks laid out as samples (of the part of the page not
    /// laid out then).
    var sampledLines = 0
    var sampledBytes = 0
    var sampledChunks = 0
    package var indexPace = IndexPace.checked {
        didSet { if !readsAhead { leaveIsland() } }
    }
    package var indexHold = IndexHold.none {
        didSet {
            if indexHold.holdsParse != oldValue.holdsParse { indexHold.holdsParse ? index.holdParse() : index.resumeParse() }
            if indexHold.holdsScan != oldValue.holdsScan { indexHold.holdsScan ? index.holdScan() : index.resumeScan() }
        }
    }
    var waitsForIndex: Bool { indexPace.waits }
    var takesGuesses: Bool { indexPace.takesGuesses }

    /// How a chunk laid out on its own starts and ends: what joining it to its
    /// neighbours needs (a blank line between two when either asked for a margin).
    struct ChunkEnds {
        var hasLines: Bool
        var asksAbove: Bool
        var endsWithBlankLine: Bool
        var asksBelow: Bool
    }

    struct LaidOutPart {
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
    ///   - pictures: how its pictures are laid out (`nil`: as their alt text).
    package init(
        index: PageIndex, width: Int, cacheBytes: Int = 4 << 20, address: PageAddress? = nil, pictures: PictureLayout? = nil
    ) {
        self.index = index
        self.width = max(1, width)
        self.cacheBytes = cacheBytes
        self.address = address
        self.pictures = pictures
        wasCompleteWhenOpened = index.source.isComplete
        synchronize()
    }

    /// The last query searched for, the scan of the page's bytes for its letters, and
    /// whether every References entry may show them (through the page's address).
    var letterScan: (query: String, scans: PageLetterScans?, referencesMayShow: Bool)?
    /// Where a search reading ahead of the index got to (`searchAhead`).
    var aheadSearch: AheadSearch?

    /// Marks the page as needing layout when it changes between passes.
    var invalidator: LayoutInvalidator?
    /// Columns its rows are scrolled off to the left.
    package var sideways = SidewaysOffset()

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
    func settle(rows: Range<Int>, anchor: Int) -> Int {
        var rowsAddedAboveAnchor = 0
        var anchor = anchor
        var rows = rows.clamped(to: 0..<Int.max)
        /// Notes rows added (negative: removed) above the anchor; the rows asked for
        /// move with it (never above the first: rows from the top stay from the top,
        /// and a walk from a row above it would wait for the index to its end).
        func shift(_ added: Int) {
            anchor += added
            rowsAddedAboveAnchor += added
            rows = max(0, rows.lowerBound + added)..<max(0, rows.upperBound + added)
        }
        /// Makes one part exact, noting how rows moved.
        func settlePart(_ part: Int) {
            let start = Int(extents.prefixSum(part))
            let old = Int(extents.values[part])
            let new = makeExact(part)
            shift(Self.rowsAdded(above: anchor, byPartAt: start, from: old, to: new))
        }
        /// Does `change`, which may drop parts (a correction of the index, an island
        /// given up), keeping the anchor's text in place.
        func keepingAnchor(_ change: () -> Void) {
            // Where the anchor is in the page's bytes, and its text when it is laid out
            // and a guess may be replaced.
            let anchorPlace = part(containing: anchor).flatMap { holder in
                holder.part < chunkCount ? (holder.part, chunks[holder.part].range, Double(anchor - holder.start) / Double(max(1, holder.extent))) : nil
            }
            let anchorText = takesGuesses ? laidOutText(ofRow: anchor) : nil
            droppedFrom = nil
            change()
            if let dropped = droppedFrom, let (part, range, fraction) = anchorPlace, part >= dropped,
                let moved = self.row(inPlaceOf: range, fraction: fraction, text: anchorText) {
                shift(moved - anchor)
            }
        }
        /// Reads ahead where row `row` is (see `readAhead`).
        func readsAhead(at row: Int) -> Bool {
            var changed = false
            keepingAnchor { changed = readAhead(at: row) }
            return changed
        }
        keepingAnchor { synchronize(mayDropIsland: true) }
        // A sample asked for while the reader is idle, before the estimates it changes.
        if let sample = takeDueSample() {
            settlePart(sample)
            noteSampled(sample)
        }
        shift(reestimate(anchor: anchor))
        _ = readsAhead(at: anchor)
        // The anchor's part first, so that the parts around it move relative to it.
        if let holder = part(containing: anchor), !isExact[holder.part], !isGap(holder.part) { settlePart(holder.part) }
        /// The first row to walk from: the first of those asked for that is not in
        /// the exact parts at the top (passed over at once).
        func firstRowToWalk() -> Int {
            while exactPrefixParts < isExact.count, isExact[exactPrefixParts] { exactPrefixParts += 1 }
            return max(rows.lowerBound, min(rows.upperBound, Int(extents.prefixSum(exactPrefixParts))))
        }
        var row = firstRowToWalk()
        while row < rows.upperBound {
            guard let holder = part(containing: row) else {
                // Past what the index has reached: read ahead of it, or wait for it to
                // go further.
                if readsAhead(at: row) {
                    row = firstRowToWalk()
                    continue
                }
                guard !hasReferences, waitsForIndex else { break }
                waitForMore()
                synchronize()
                continue
            }
            if isGap(holder.part) {
                // A gap shows blank, unless a jump far into it reads ahead there.
                if readsAhead(at: row) { row = firstRowToWalk() } else { row = holder.start + holder.extent }
                continue
            }
            if !isExact[holder.part] {
                settlePart(holder.part)
                // A part far above the anchor, laid out only for its count of rows (a
                // frame deep in the page lays out all above it), is not kept: it goes
                // first when the cache is over its budget.
                if Int(extents.prefixSum(holder.part + 1)) < 2 * anchor - rows.upperBound {
                    cache[holder.part]?.lastUse = 0
                    // (A References part lays out its chunk again for its links.)
                    if holder.part > chunkCount { cache[holder.part - chunkCount - 1]?.lastUse = 0 }
                    trimCache()
                }
                // Rows may have moved: walk again from the first.
                row = firstRowToWalk()
                continue
            }
            // (Parts that hold a row have at least one.)
            row = holder.start + holder.extent
        }
        return rowsAddedAboveAnchor
    }

    /// The row at about page offset `offset` (in proportion inside its chunk, laid out);
    /// `nil` past the chunks known.
    func row(atByte offset: Int) -> Int? {
        let low = chunks.partitionPoint { $0.range.upperBound > offset }
        guard low < chunkCount else { return nil }
        let range = chunks[low].range
        let fraction = Double(offset - range.lowerBound) / Double(max(1, range.count))
        let extent = isGap(low) ? Int(extents.values[low]) : makeExact(low)
        return Int(extents.prefixSum(low)) + Int((fraction * Double(extent)).rounded(.down))
    }

    /// The row that stands where row `fraction` of the part of chunk `range` stood: the
    /// same row of that chunk when it came back, else the nearest row in proportion to
    /// the bytes that shows the same `text` (as `laidOutText` gives it), else the row
    /// in proportion.
    func row(inPlaceOf range: Range<Int>, fraction: Double, text: String? = nil) -> Int? {
        let offset = range.lowerBound + Int(fraction * Double(range.count))
        guard let moved = row(atByte: offset) else { return nil }
        guard let part = part(containing: moved), part.part < chunkCount else { return moved }
        if chunks[part.part].range == range { return part.start + Int((fraction * Double(part.extent)).rounded()) }
        guard let text, !isGap(part.part) else { return moved }
        let end = part.start + part.extent
        for distance in 0..<Self.textSearchRows {
            for row in [moved - distance, moved + distance] where row >= part.start && row < end && laidOutText(ofRow: row) == text {
                return row
            }
        }
        return moved
    }

    /// Rows either side of where a row is reckoned to be that are looked at for its text.
    static let textSearchRows = 64

    /// The start of row `row`'s text when its part is laid out, else `nil`: what finds
    /// the row again when a guess is replaced. Link numbers are left out, and the
    /// line's end, which both may change then (a guessed number of other digits wraps
    /// the line otherwise).
    func laidOutText(ofRow row: Int) -> String? {
        guard let holder = part(containing: row), isExact[holder.part], let (lines, index) = line(at: row) else { return nil }
        return String(lines.plainText(ofLine: index).replacing(/\[\d+\]/, with: "").prefix(Self.placeTextCharacters))
    }

    /// Characters of a row's text that find it again.
    static let placeTextCharacters = 24

    /// Finds the page's end: read ahead of the index when the view does, else waited
    /// for.
    package func locateEnd() {
        if readsAhead {
            synchronize()
            readAheadToEnd()
            if island != nil { return }
        }
        waitForEnd()
    }

    /// Waits until the index's chunks reach the page's end, and takes them.
    func waitForEnd() {
        leaveIsland()
        synchronize()
        while !hasReferences {
            waitForMore()
            synchronize()
        }
    }

    package func layOutAll() {
        waitForEnd()
        for part in 0..<extents.count where !isExact[part] && !isGap(part) {
            _ = makeExact(part)
            trimCache()
        }
    }

    /// Lays out part `part` with its join, caches it and makes its extent exact.
    /// - Returns: the exact extent.
    func makeExact(_ part: Int) -> Int {
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
    func joined(_ part: Int) -> LaidOutPart {
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
    func blankLineBefore(chunk: Int, asksAbove: Bool) -> Bool {
        var pending = asksAbove
        var previous = chunk - 1
        while previous >= 0 {
            // (Nothing is known of what a gap ends with.)
            if isGap(previous) { return false }
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
    func ownLayout(ofChunk chunk: Int) -> LaidOutPart {
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
    func freshLayout(ofChunk chunk: Int) -> (layout: PageLayout, units: LayoutUnits, resumed: Bool) {
        let info = chunks[chunk]
        chunkLayouts += 1
        // (An island's first chunk goes on from nothing: what is open there is a guess.)
        let carryIn = info.startsInsideBlocks && !startsIsland(chunk) ? carry(into: chunk) : nil
        let fragment = (try? HTMLParser.parseChunk(
            index.source, range: info.range, openElements: info.openElements, openElementsAtEnd: info.openElementsAtEnd,
            elisions: elisions(inChunk: chunk))) ?? .empty
        let units = LayoutUnits(fragment)
        var layout = PageLayout(
            fragment, units: units, width: width, endsWithReferences: false, pictures: pictures, linkBase: info.linkBase, carryIn: carryIn,
            openAtEnd: PageLayout.openElements(atEndOf: fragment, count: info.openElementsAtEnd), endsInsideText: info.endsInsideText)
        layout.advance(toLines: .max)
        // (Kept when there is none too: else each chunk before would be laid out
        // again for each one after, a page's chunks taking twice as long one by one.)
        if chunk + 1 < chunkCount, chunks[chunk + 1].startsInsideBlocks { carries[chunk + 1] = .some(layout.carryOut) }
        return (layout, units, carryIn?.hasLines == true)
    }

    /// Where the layout stopped before chunk `chunk`, which starts inside a list:
    /// from the chunks before it, laid out back to one that starts outside any (or
    /// whose start is known). Kept for good: it does not depend on the width.
    func carry(into chunk: Int) -> DocumentLayoutEngine.Carry? {
        if let known = carries[chunk] { return known }
        var first = chunk - 1
        while first > 0, carries.index(forKey: first) == nil, chunks[first].startsInsideBlocks, !startsIsland(first) { first -= 1 }
        for previous in max(0, first)..<chunk where carries.index(forKey: previous + 1) == nil {
            _ = freshLayout(ofChunk: previous)
        }
        return carries[chunk] ?? nil
    }

    @discardableResult
    func store(_ part: Int, _ entry: LaidOutPart) -> LaidOutPart {
        var entry = entry
        if let old = cache[part] { cachedBytes -= old.bytes }
        entry.bytes = entry.lines.storageBytes + entry.links.byteCount + 8 * entry.links.count
        cache[part] = entry
        cachedBytes += entry.bytes
        return entry
    }

    /// Drops the least recently used parts until the cache is within its budget,
    /// keeping those in use (see `protectedUse`).
    func trimCache() {
        guard cachedBytes > cacheBytes else { return }
        for (part, entry) in cache.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard cachedBytes > cacheBytes, entry.lastUse < protectedUse else { break }
            cache[part] = nil
            cachedBytes -= entry.bytes
        }
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
