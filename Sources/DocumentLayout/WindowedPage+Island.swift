import HTMLParsing

/// Reading ahead of the index: where the reader jumps past the chunks the index has
/// found (`G`, `50%` on a page of gigabytes, while the structure scan is still at its
/// start), the view reads chunks of its own from a start guessed there
/// (`PageIndex.guessedStart`): an *island*. A *gap* part stands for the bytes between
/// the index's chunks and the island's, estimated from its bytes and never laid out
/// (its rows show blank), so that the parts still follow the page's bytes one after
/// another and every row keeps its place.
///
/// An island grows as the reader scrolls off its end, and is replaced by another when
/// the reader jumps far from it. While there is one, the view takes nothing more from
/// the index; once the index's chunks reach past the island, a layout pass drops the
/// gap and the island and takes the index's chunks, the text at the top kept in place
/// (as for a correction of the index). Only an interactive view reads ahead: frames,
/// dumps and searches wait for the index, so that what they show never depends on
/// timing.
extension WindowedPage {
    struct Island {
        /// The gap's part: the parts before it are the index's chunks.
        var gapPart: Int
        /// Where the island's last chunk ends and more would start, with what is open
        /// there; `nil` when the island reaches the page's end.
        var next: StructureScanner.Cut?
        /// Parts of the island's chunks a parse leaves out.
        var elisions: [Range<Int>]
    }

    /// How far from an island a jump makes a new one, rather than grow it or wait for
    /// the index.
    static let islandReach = 4 << 20

    /// Whether rows past the index are read ahead of it (an interactive view: it
    /// takes the index's guesses and does not wait for it), on a page that was all
    /// there when opened (a page arriving on a pipe is read in order: a jump to its
    /// end waits for it, and ends at its end).
    package var readsAhead: Bool { indexPace == .ahead && wasCompleteWhenOpened }

    /// The chunks that came from the index (those before the gap).
    var indexChunkCount: Int { island?.gapPart ?? chunkCount }

    /// Where the index's chunks end.
    var indexedEnd: Int { indexChunkCount > 0 ? chunks[indexChunkCount - 1].range.upperBound : index.start }

    /// Whether part `part` is an island's gap.
    func isGap(_ part: Int) -> Bool { island?.gapPart == part }

    /// Whether chunk `chunk` is the first of an island (it goes on from nothing laid out).
    func startsIsland(_ chunk: Int) -> Bool { island.map { $0.gapPart + 1 == chunk } ?? false }

    /// Reads ahead where row `row` is, when the view reads ahead and the row is past
    /// the index's chunks and not in the island: grows the island, or makes one there
    /// (from the row to the island's end when the row is just above it).
    /// - Returns: whether the parts changed.
    func readAhead(at row: Int) -> Bool {
        guard readsAhead, !hasReferences else { return false }
        if let holder = part(containing: row) {
            guard isGap(holder.part) else { return false }
            let gap = chunks[holder.part].range
            let byte = gap.lowerBound + Int(Double(row - holder.start) / Double(max(1, holder.extent)) * Double(gap.count))
            let islandEnd = island?.next == nil ? index.source.byteCount : chunks[chunkCount - 1].range.upperBound
            return makeIsland(near: byte, reaching: gap.upperBound - byte > Self.islandReach ? nil : islandEnd)
        }
        // (Past an island that reaches the page's end, the page ends.)
        if let island, island.next == nil { return false }
        let tailStart = chunks.last?.range.upperBound ?? index.start
        let byte = min(index.source.byteCount - 1, tailStart + Int(Double(row - Int(extents.total)) / max(linesPerByte, 1e-9)))
        if let next = island?.next, byte - next.offset < Self.islandReach { return growIsland(reaching: byte) }
        return makeIsland(near: byte)
    }

    /// Makes an island of the page's last chunks (a jump to the end).
    func readAheadToEnd() {
        guard readsAhead, !hasReferences, island.map({ $0.next != nil }) ?? true else { return }
        _ = makeIsland(near: index.source.byteCount - 2 * index.builtChunkBytes)
    }

    /// Makes an island from a start guessed a little before byte `offset` (dropping the
    /// one there was), its chunks going to a little past it, or to `reaching`, or to
    /// `boundary` exactly (where `openElements` elements are open), its start not
    /// before `notBefore`.
    /// - Returns: whether it did: not when the index's chunks are nearly there.
    func makeIsland(
        near offset: Int, reaching: Int? = nil, notBefore: Int = 0, boundary: (offset: Int, openElements: Int)? = nil
    ) -> Bool {
        let chunkBytes = index.builtChunkBytes
        let indexedEnd = indexedEnd
        let indexedLinks = indexChunkCount > 0 ? chunks[indexChunkCount - 1].linkBase + chunks[indexChunkCount - 1].links : 0
        let target = offset - chunkBytes
        // Not where the index nearly is, nor again where no start was found.
        guard target > indexedEnd + 2 * chunkBytes, readAheadFailedNear.map({ abs($0 - offset) > Self.islandReach }) ?? true else { return false }
        guard let start = index.guessedStart(before: target, links: 0), start.offset > indexedEnd, start.offset >= notBefore,
            var run = index.guessedRun(from: start, reaching: max(reaching ?? 0, offset + 2 * chunkBytes), boundary: boundary)
        else {
            readAheadFailedNear = offset
            return false
        }
        // Links before the island are counted as many to the byte as in the chunks
        // indexed and the island's own (a guess: the index numbers them when it comes).
        let runLinks = run.chunks.reduce(0) { $0 + $1.links }
        let runBytes = run.chunks.last!.range.upperBound - start.offset
        let linksPerByte = Double(indexedLinks + runLinks) / Double(max(1, indexedEnd - index.start + runBytes))
        let linksBefore = indexedLinks + Int((linksPerByte * Double(start.offset - indexedEnd)).rounded())
        run.numberLinks(from: linksBefore)
        if let island { dropParts(from: island.gapPart) }
        island = Island(gapPart: chunkCount, next: run.next, elisions: run.elisions)
        let gap = indexedEnd..<start.offset
        chunks.append(PageIndex.Chunk(
            range: gap, shownBytes: gap.count, openElements: [], openElementsAtEnd: start.openElements.count, linkBase: indexedLinks,
            links: linksBefore - indexedLinks))
        chunkEnds.append(nil)
        appendChunkPart(chunkCount - 1, linesPerByte: self.linesPerByte)
        append(run)
        return true
    }

    /// Grows the island by chunks up to a little past byte `offset`.
    /// - Returns: whether it grew.
    func growIsland(reaching offset: Int) -> Bool {
        guard let next = island?.next, let run = index.guessedRun(from: next, reaching: offset + 2 * index.builtChunkBytes) else { return false }
        append(run)
        return true
    }

    /// Adds a run's chunks to the island.
    func append(_ run: PageIndex.GuessedRun) {
        let firstChanged = Int(extents.total)
        for chunk in run.chunks {
            chunks.append(chunk)
            chunkEnds.append(nil)
            appendChunkPart(chunkCount - 1, linesPerByte: linesPerByte)
        }
        island?.next = run.next
        island?.elisions += run.elisions
        estimateTail()
        noteChange(from: firstChanged)
    }

    /// Drops the island and its gap, if there is one: what needs the index's chunks
    /// (a link's target, an anchor, the References, a view that waits) waits for them.
    func leaveIsland() {
        guard let island else { return }
        dropParts(from: island.gapPart)
        estimateTail()
    }

    /// Estimates the rows of the bytes past the parts known.
    func estimateTail() {
        let bytes = index.source.byteCount - (chunks.last?.range.upperBound ?? index.start)
        // (One row stands for the end until the References come, but past an island
        // that reaches the page's end.)
        let reachesEnd = hasReferences || (island != nil && bytes <= 0)
        tailEstimate = reachesEnd ? 0 : max(1, Int((Double(bytes) * linesPerByte).rounded()))
    }

    /// Whether the index's chunks now reach past the island (its end, or the page's),
    /// so that the view can take them in its place.
    func indexOvertakesIsland(_ snapshot: PageIndex.Snapshot) -> Bool {
        snapshot.reachesEnd || snapshot.scannedOffset >= (chunks.last?.range.upperBound ?? 0)
    }

    /// The parts of chunk `chunk` a parse leaves out.
    func elisions(inChunk chunk: Int) -> [Range<Int>] {
        guard let island, chunk > island.gapPart else { return index.knownElisions(in: chunks[chunk].range) }
        let range = chunks[chunk].range
        return island.elisions.filter { $0.overlaps(range) }
    }
}
