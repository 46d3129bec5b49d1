import ComponentKit
import HTMLParsing
import RenderCore

/// A search going down past the index's chunks, on a page that reads ahead: rather than
/// wait for the index, it asks the query's letter scans for the next bytes that may
/// show the query (`PageLetterScans.firstMark`) and reads an island there, a *probe*,
/// to look at the rows of its chunks that may show it. The probe stays when one does
/// (the search goes on there, and finds it); else the page goes back to the island it
/// had, and the search goes on from the probe's end. So a search far ahead of the index
/// goes at the speed of the letter scans, and one that finds nothing there leaves the
/// page as it was.
extension WindowedPage {
    /// Where a search reading ahead got to: its query, the row it is at (past the
    /// index's chunks), the byte its probes reached and its way.
    struct AheadSearch {
        var query: String
        var row: Int
        var byte: Int
        var forward = true
    }

    /// An island as it was before a probe, to put back.
    private struct SavedIsland {
        var island: Island
        var chunks: ArraySlice<PageIndex.Chunk>
        var chunkEnds: ArraySlice<ChunkEnds?>
        var extents: ArraySlice<Double>
        var isExact: ArraySlice<Bool>
        var cache: [Int: LaidOutPart]
        var carries: [Int: DocumentLayoutEngine.Carry?]
    }

    /// Bytes a search reading ahead scans at most between two asks whether to stop.
    static let searchAheadStretch = 16 << 20

    /// The search's step at row `row` going down when the row is past the index's
    /// chunks (in the tail, or an island's gap) on a page that reads ahead; `nil`
    /// when the search is to take the row as any other (and, where it cannot read
    /// ahead, the page waits for its index from then on).
    func searchAhead(for query: String, at row: Int) -> SearchStep? {
        guard readsAhead, !hasReferences else { return nil }
        let holder = part(containing: row)
        if let holder, !isGap(holder.part) { return nil }
        let search = letterSearch(for: query, near: indexChunkCount - 1)
        guard let scans = search.scans, !search.referencesMayShow else { return waitForIndexInstead() }
        // (The rows before `searched` are searched; bytes from there to `from` cannot
        // show the query.)
        let searched = byte(ofRowPastIndex: row, in: holder)
        /// What the bytes from the row's to `byte` stand for, within the rows left.
        let scanned = { (byte: Int) in
            let rowsLeft = (holder.map { $0.start + $0.extent } ?? self.rowCount) - row
            return SearchStep.scanned(rows: min(rowsLeft, self.rows(standingFor: byte - searched, pastIndexIn: holder)))
        }
        var from = searched
        if let ahead = aheadSearch, ahead.query == query, ahead.row == row, ahead.forward { from = max(from, ahead.byte) }
        // (A stretch at a time, so that a search can be stopped between them.)
        let limit = from + Self.searchAheadStretch
        guard let mark = scans.firstMark(from: from, before: limit) else {
            if limit < index.source.byteCount {
                aheadSearch = AheadSearch(query: query, row: row, byte: limit)
                return scanned(limit)
            }
            // Nothing from there on may show the query; nor may the References, unless
            // a link's address before may.
            guard !scans.mayShowInTag(index.start..<from) else { return waitForIndexInstead() }
            aheadSearch = nil
            return .passOver(max(1, rowCount - row))
        }
        if let holder, mark >= chunks[holder.part].range.upperBound { return .passOver(holder.start + holder.extent - row) }
        let saved = savedIsland()
        // A probe grows the island from its end when the mark is near it (or when no
        // start is found between the rows searched and the mark).
        let nearEnd = holder == nil && island?.next.map { mark - $0.offset < Self.islandReach } == true
        let probed = nearEnd
            ? growIsland(reaching: mark) : makeIsland(near: mark, notBefore: searched) || (holder == nil && growIsland(reaching: mark))
        guard probed, let probe = island else { return waitForIndexInstead() }
        for chunk in (probe.gapPart + 1)..<chunkCount where chunks[chunk].range.upperBound > from {
            if let found = probedRow(showing: query, inChunk: chunk, scans: scans, forward: true) {
                aheadSearch = nil
                return .laidOut(row: found, shift: 0)
            }
        }
        let reached = chunks[chunkCount - 1].range.upperBound
        restore(saved)
        aheadSearch = AheadSearch(query: query, row: row, byte: reached)
        return scanned(reached)
    }

    /// The search's step at row `row` going up when the rows above it are past the
    /// index's chunks, on a page that reads ahead: the last row of an island's gap, or
    /// of the page past all that is read. The letter scans find the last bytes above
    /// that may show the query (`PageLetterScans.lastMark`, once the starts they
    /// guessed are checked), and a probe is read there, its chunks that may show the
    /// query searched from the last row up. A probe just above the island runs to the
    /// island's start and goes on with the island; one further up may not reach it
    /// (else the page waits for its index). `nil` when the search is to take the row
    /// as any other.
    func searchBehind(for query: String, at row: Int) -> SearchStep? {
        guard readsAhead, !hasReferences else { return nil }
        // The bytes above the row not yet searched, `lower..<upper`, and the first of
        // the rows that stand for them.
        let lower: Int, upper: Int, firstRow: Int
        let holder = part(containing: row)
        if let holder {
            guard isGap(holder.part), row == holder.start + holder.extent - 1 else { return nil }
            (lower, upper, firstRow) = (chunks[holder.part].range.lowerBound, chunks[holder.part].range.upperBound, holder.start)
        } else {
            guard row >= Int(extents.total) else { return nil }
            (lower, upper, firstRow) = (chunks.last?.range.upperBound ?? index.start, index.source.byteCount, Int(extents.total))
        }
        // (Going up from the page's end, the References come first, once indexed.)
        let search = letterSearch(for: query, near: indexChunkCount - 1)
        guard let scans = search.scans, holder != nil || !search.referencesMayShow else { return waitForIndexInstead() }
        var to = upper
        if let ahead = aheadSearch, ahead.query == query, ahead.row == row, !ahead.forward { to = min(to, ahead.byte) }
        /// What the bytes from `byte` to those below stand for, within the rows above.
        let scanned = { (byte: Int) in
            SearchStep.scanned(rows: min(row - firstRow + 1, self.rows(standingFor: upper - byte, pastIndexIn: holder)))
        }
        // (A stretch at a time, so that a search can be stopped between them.)
        guard scans.checkStarts(before: to, bytes: Self.searchAheadStretch) else { return scanned(to) }
        let from = max(lower, to - Self.searchAheadStretch)
        guard let mark = scans.lastMark(from: from, before: to) else {
            guard from == lower else {
                aheadSearch = AheadSearch(query: query, row: row, byte: from, forward: false)
                return scanned(from)
            }
            aheadSearch = nil
            return .passOver(row - firstRow + 1)
        }
        let saved = savedIsland()
        // A probe grows the island from its end when the mark is near it (past the
        // island, going up from the page's end).
        let joinsIsland = holder != nil && upper - mark < Self.islandReach
        let growsIsland = holder == nil && island?.next.map { mark - $0.offset < Self.islandReach } == true
        let probed =
            joinsIsland
            ? probe(joining: saved!, near: mark, notBefore: lower)
            : growsIsland ? growIsland(reaching: mark) : makeIsland(near: mark, notBefore: lower)
        guard probed, let probe = island else { return waitForIndexInstead() }
        // The probe's chunks in the bytes searched for (a chunk that ran on into the
        // rows below would hide where they start: the page waits for its index then).
        guard joinsIsland || chunks[chunkCount - 1].range.upperBound <= upper else {
            restore(saved)
            return waitForIndexInstead()
        }
        let probeChunks = ((probe.gapPart + 1)..<chunkCount).filter { chunks[$0].range.lowerBound >= lower && chunks[$0].range.upperBound <= upper }
        guard let probeStart = probeChunks.first.map({ chunks[$0].range.lowerBound }), probeStart <= mark else {
            restore(saved)
            return waitForIndexInstead()
        }
        for chunk in probeChunks.reversed() where chunks[chunk].range.lowerBound < to {
            if let found = probedRow(showing: query, inChunk: chunk, scans: scans, forward: false) {
                aheadSearch = nil
                return .laidOut(row: found, shift: 0)
            }
        }
        restore(saved)
        aheadSearch = AheadSearch(query: query, row: row, byte: probeStart, forward: false)
        return scanned(probeStart)
    }

    /// A probe's chunk `chunk`'s first row (or last, going up) that shows `query`,
    /// the chunk laid out when its bytes may show it.
    private func probedRow(showing query: String, inChunk chunk: Int, scans: PageLetterScans, forward: Bool) -> Int? {
        guard scans.mayShow(scannedBytes(ofChunk: chunk)) else { return nil }
        _ = makeExact(chunk)
        let first = Int(extents.prefixSum(chunk))
        let shown = first..<(first + Int(extents.values[chunk]))
        let shows = { TextSearch.contains(query, in: self.plainText(row: $0, width: self.width)) }
        return forward ? shown.first(where: shows) : shown.reversed().first(where: shows)
    }

    /// Makes a probe that joins the island there was (`saved`): from a start guessed
    /// a little before byte `offset`, not before `notBefore`, its chunks end where the
    /// island's first starts, and the island's chunks go on after them.
    private func probe(joining saved: SavedIsland, near offset: Int, notBefore: Int) -> Bool {
        let first = saved.chunks[saved.chunks.startIndex + 1]
        let boundary = (offset: first.range.lowerBound, openElements: first.openElements.count)
        guard makeIsland(near: offset, reaching: boundary.offset, notBefore: notBefore, boundary: boundary) else { return false }
        var rest = PageIndex.GuessedRun(chunks: Array(saved.chunks.dropFirst()), next: saved.island.next, elisions: saved.island.elisions)
        // (Its links numbered on from the probe's, a guess as the probe's are.)
        rest.numberLinks(from: chunks[chunkCount - 1].linkBase + chunks[chunkCount - 1].links - first.linkBase)
        append(rest)
        return true
    }

    /// The bytes a letter scan answers for chunk `chunk`'s rows: a chunk that goes on
    /// from the line the chunk before left unfinished shows that chunk's last words too.
    func scannedBytes(ofChunk chunk: Int) -> Range<Int> {
        let start = chunks[chunk].startsInsideText && chunk > 0 ? chunks[chunk - 1].range.lowerBound : chunks[chunk].range.lowerBound
        return start..<chunks[chunk].range.upperBound
    }

    /// The byte row `row` stands for, past the index's chunks: in an island's gap
    /// (`gap`) in proportion, else past the parts known as many bytes a row as the page
    /// has.
    private func byte(ofRowPastIndex row: Int, in gap: (part: Int, start: Int, extent: Int)?) -> Int {
        if let gap {
            let range = chunks[gap.part].range
            return range.lowerBound + Int(Double(row - gap.start) / Double(max(1, gap.extent)) * Double(range.count))
        }
        let tailStart = chunks.last?.range.upperBound ?? index.start
        return min(index.source.byteCount, tailStart + Int(Double(row - Int(extents.total)) / max(linesPerByte, 1e-9)))
    }

    /// Rows `bytes` past the index's chunks stand for: in an island's gap `gap`, as
    /// many a byte as the gap has; else as the page has.
    private func rows(standingFor bytes: Int, pastIndexIn gap: (part: Int, start: Int, extent: Int)?) -> Int {
        let rowsPerByte = gap.map { Double($0.extent) / Double(max(1, chunks[$0.part].range.count)) } ?? linesPerByte
        return max(0, Int(Double(bytes) * rowsPerByte))
    }

    /// Makes the page wait for its index from now on: the search takes the row as any
    /// other.
    private func waitForIndexInstead() -> SearchStep? {
        aheadSearch = nil
        waitForIndexFromNow()
        return nil
    }

    /// Makes the page wait for its index from now on (until the view adopts it again),
    /// its scan going on: what the search reaches, it reaches at the index's pace.
    func waitForIndexFromNow() {
        indexPace = .guessed
        if indexHold == .parseAndScan { indexHold = .parse }
    }

    private func savedIsland() -> SavedIsland? {
        guard let island else { return nil }
        let parts = island.gapPart..<chunkCount
        return SavedIsland(
            island: island, chunks: chunks[parts], chunkEnds: chunkEnds[parts], extents: extents.values[parts], isExact: isExact[parts],
            cache: cache.filter { parts.contains($0.key) }, carries: carries.filter { $0.key > island.gapPart })
    }

    /// Puts back the island there was before a probe (none, if none was).
    private func restore(_ saved: SavedIsland?) {
        leaveIsland()
        guard let saved else { return }
        let firstChanged = Int(extents.total)
        chunks += saved.chunks
        chunkEnds += saved.chunkEnds
        for (extent, exact) in zip(saved.extents, saved.isExact) { appendPart(estimate: Int(extent), exact: exact) }
        for (part, entry) in saved.cache {
            cache[part] = entry
            cachedBytes += entry.bytes
        }
        carries.merge(saved.carries) { kept, _ in kept }
        island = saved.island
        estimateTail()
        noteChange(from: firstChanged)
    }
}
