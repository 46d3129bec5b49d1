import HTMLParsing
import ComponentKit
import RenderCore
import ScrollCore

/// A windowed page's extent: the parts the index has given so far, exact or
/// estimated, and what it takes in as the index goes on.
extension WindowedPage {
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
    func waitForMore(until deadline: ContinuousClock.Instant? = nil) -> Bool {
        index.wait(until: deadline) { [chunkCount = indexChunkCount, corrections, hasReferences, takesGuesses] in
            if !takesGuesses { return $0.checkedChunks > chunkCount || $0.isComplete }
            return $0.chunkCount > chunkCount || $0.corrections != corrections || ($0.reachesEnd && !hasReferences) || $0.isComplete
        }
    }

    package func stopIndexing() {
        index.stop()
    }

    package var partsNotLaidOut: Int {
        synchronize()
        let unknownBytes = hasReferences ? 0 : index.source.byteCount - (chunks.last?.range.upperBound ?? index.start)
        return inexactParts + (unknownBytes + PageIndex.chunkBytes - 1) / PageIndex.chunkBytes
    }

    /// Waits until the index has found the chunks that hold the first `rows` rows (or
    /// the whole page), or until `deadline`.
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

    /// Lines per byte assumed for chunks not laid out yet: what the samples give once
    /// there are a few (chunks spread over what was not laid out: see
    /// `requestSample`), else what the chunks laid out so far give (where the reader
    /// has been), else one line per 64 bytes of markup.
    var linesPerByte: Double {
        if sampledChunks >= Self.samplesTrusted { return Double(sampledLines) / Double(max(1, sampledBytes)) }
        return exactBytes > 4_096 ? Double(exactLines) / Double(exactBytes) : 1.0 / 64
    }

    /// Estimates the chunks not laid out again when what is laid out says a line
    /// takes other bytes than when they were estimated (by more than 2%): the row
    /// total comes near the truth as the page is read, and `N%` lands where the
    /// status line's percentage says. The row at `anchor` keeps its place in its part
    /// (in proportion, when that part is estimated).
    /// - Returns: the rows added (negative: removed) above `anchor`.
    func reestimate(anchor: Int) -> Int {
        let ratio = linesPerByte
        guard inexactParts > 0, exactBytes > 4_096, abs(ratio - estimatedLinesPerByte) > 0.02 * estimatedLinesPerByte else { return 0 }
        estimatedLinesPerByte = ratio
        var rowsAddedAboveAnchor = 0
        var oldStart = 0
        var firstChanged: Int?
        for part in 0..<chunkCount {
            let old = Int(extents.values[part])
            defer { oldStart += old }
            guard !isExact[part] else { continue }
            let new = max(1, Int((Double(chunks[part].shownBytes) * ratio).rounded()))
            guard new != old else { continue }
            firstChanged = firstChanged ?? oldStart + rowsAddedAboveAnchor
            extents.set(part, Double(new))
            rowsAddedAboveAnchor += Self.rowsAdded(above: anchor, byPartAt: oldStart, from: old, to: new)
        }
        if let firstChanged { noteChange(from: firstChanged) }
        return rowsAddedAboveAnchor
    }

    /// The rows added above `anchor` when the part at row `start` goes from `old` rows
    /// to `new`: all of them for a part above it; for the part that holds it, in
    /// proportion (an estimate says nothing finer); none below it.
    static func rowsAdded(above anchor: Int, byPartAt start: Int, from old: Int, to new: Int) -> Int {
        if start + old <= anchor { return new - old }
        guard start < anchor else { return 0 }
        return (anchor - start) * new / max(1, old) - (anchor - start)
    }

    /// Notes for the host that rows from `row` on changed.
    package func noteChange(from row: Int) {
        unreported.changed = true
        unreported.firstChangedOffset = min(unreported.firstChangedOffset, Double(row))
        invalidator?.markNeedsLayout()
    }


    package func attach(_ invalidator: LayoutInvalidator) {
        self.invalidator = invalidator
    }

    /// Takes in what the index found since the last look: new chunks, and chunks a
    /// correction changed (dropped with what was laid out of them, and taken again).
    /// - Returns: whether the extent changed.
    /// While an island is read ahead of the index, nothing is taken from the index
    /// but by a layout pass (`mayDropIsland`) once the index overtakes the island: the
    /// island is dropped then, and the pass keeps the text at the top in place.
    @discardableResult
    func synchronize(mayDropIsland: Bool = false) -> Bool {
        if let island {
            if readsAhead {
                guard mayDropIsland, indexOvertakesIsland(index.snapshot) else { return false }
            }
            dropParts(from: island.gapPart)
        }
        // Unless guesses are taken, only checked chunks, never a guess a correction
        // may change: rows, link numbers and References do not depend on how far the
        // scan ran ahead when they were drawn.
        let update = index.update(known: chunkCount, corrections: corrections, checkedOnly: !takesGuesses)
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
        if takesGuesses ? update.snapshot.reachesEnd : update.snapshot.isComplete, !hasReferences {
            hasReferences = true
            totalLinks = update.snapshot.linkCount
            appendReferenceParts()
        }
        estimateTail()
        guard rowCount != before else { return false }
        noteChange(from: knownRows)
        return true
    }

    /// Drops the parts of chunks from `chunk` on, and the References (a correction of
    /// the index changed them).
    func dropParts(from chunk: Int) {
        let kept = min(chunk, chunkCount)
        droppedFrom = min(droppedFrom ?? kept, kept)
        if let island, kept <= island.gapPart { self.island = nil }
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
    func appendChunkPart(_ chunk: Int, linesPerByte: Double) {
        appendPart(estimate: max(1, Int((Double(chunks[chunk].shownBytes) * linesPerByte).rounded())), exact: false)
    }

    /// Adds the References parts: the heading (a joining blank line, "References", a
    /// blank line), then each chunk's entries, about a line a link.
    func appendReferenceParts() {
        appendPart(estimate: totalLinks > 0 ? 3 : 0, exact: totalLinks == 0)
        for chunk in 0..<chunkCount {
            let links = chunks[chunk].links
            appendPart(estimate: links, exact: links == 0)
        }
    }

    /// Adds a part at the end. Content chunks are all known before the References
    /// parts come (the chunks reach the page's end then), so parts are only appended,
    /// or dropped from a corrected chunk on (`dropParts`).
    func appendPart(estimate: Int, exact: Bool) {
        extents.append(Double(estimate))
        isExact.append(exact)
        if !exact { inexactParts += 1 }
    }

    /// The part that holds row `row`, its first row, and its extent; `nil` past the
    /// parts known (in the part of the page not indexed yet, or past the end).
    func part(containing row: Int) -> (part: Int, start: Int, extent: Int)? {
        guard let part = extents.index(containing: Double(row)) else { return nil }
        return (part, Int(extents.prefixSum(part)), Int(extents.values[part]))
    }
}
