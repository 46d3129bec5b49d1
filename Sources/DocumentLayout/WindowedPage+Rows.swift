import HTMLParsing
import ComponentKit
import RenderCore
import ScrollCore

/// A windowed page's rows drawn, written out and searched, a chunk laid out at a time.
extension WindowedPage {
    // MARK: Rows

    /// The laid-out line at row `row` (line `index` of `lines`), laying its part out
    /// when it is not (which changes the extent: the host is told at the next
    /// `layOut`).
    func line(at row: Int) -> (lines: LineStore, index: Int)? {
        guard row >= 0 else { return nil }
        if part(containing: row) == nil { synchronize() }
        if part(containing: row) == nil, waitsForIndex, !hasReferences {
            _ = settle(rows: row..<(row + 1), anchor: 0)
        }
        guard let holder = part(containing: row), !isGap(holder.part) else { return nil }
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
            lines.draw(line: index, pageRow: lineIndex, into: &buffer, row: row + lineIndex - rows.lowerBound, horizontalOffset: horizontalOffset, pictures: pictures)
        }
        trimCache()
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

    /// A chunk's rows are passed over together when its bytes cannot show the
    /// query's letters (`LetterScan`; a chunk that goes on from the line the chunk
    /// before left unfinished shows that chunk's last words too), and so are the
    /// References entries of its links, unless the page's own address or the heading
    /// shows them. A part that may show them is laid out before its rows are read, so
    /// that the search goes on from where its row went.
    package func searchStep(for query: String, at row: Int, forward: Bool) -> SearchStep {
        if part(containing: row) == nil { synchronize() }
        if let step = forward ? searchAhead(for: query, at: row) : searchBehind(for: query, at: row) { return step }
        // Past the chunks known: the search waits for the index to find more (its
        // scan, when guesses are taken), then rules them out by their bytes, rather
        // than lay out a chunk for each row it reads. It waits a moment at a time, so
        // that a search through a page still arriving can be stopped meanwhile.
        if part(containing: row) == nil, waitsForIndex, !hasReferences {
            waitForMore(until: .now + .milliseconds(20))
            synchronize()
            return .laidOut(row: row, shift: 0)
        }
        guard let holder = part(containing: row) else { return .read }
        if let rows = rowsWithout(query, in: holder, from: row, forward: forward) { return .passOver(rows) }
        // (An island's gap that may show the query, going up: the page waits for its
        // index there.)
        if isGap(holder.part) {
            waitForIndexFromNow()
            return .laidOut(row: row, shift: 0)
        }
        guard !isExact[holder.part] else { return .read }
        let extent = makeExact(holder.part)
        guard extent != holder.extent else { return .read }
        let lastRow = holder.start + extent - 1
        let wasLast = row == holder.start + holder.extent - 1
        let resumed = forward ? holder.start + min(row - holder.start, extent) : (wasLast ? lastRow : min(row, lastRow))
        return .laidOut(row: resumed, shift: extent - holder.extent)
    }

    /// A row by its chunk (where the chunk's bytes start) and its row in it, or by its
    /// References part: what stays when the parts above are laid out or the index
    /// corrects a guess. The row's place in the bytes is kept should its chunk go.
    package func mark(ofRow row: Int) -> RowMark {
        guard let holder = part(containing: row) else { return RowMark(unit: -1, rowInUnit: 0, byte: -1, row: row) }
        let rowInUnit = row - holder.start
        guard holder.part < chunkCount else {
            return RowMark(unit: -2 - (holder.part - chunkCount), rowInUnit: rowInUnit, byte: -1, row: row)
        }
        let range = chunks[holder.part].range
        let byte = range.lowerBound + range.count * rowInUnit / max(1, holder.extent)
        return RowMark(unit: range.lowerBound, rowInUnit: rowInUnit, byte: byte, row: row)
    }

    package func row(of mark: RowMark) -> Int {
        /// Row `rowInUnit` of part `part`, kept inside it.
        func row(inPart part: Int, _ rowInUnit: Int) -> Int {
            Int(extents.prefixSum(part)) + min(rowInUnit, max(0, Int(extents.values[part]) - 1))
        }
        if mark.unit <= -2 {
            let part = chunkCount - 2 - mark.unit
            return hasReferences && part < extents.count ? row(inPart: part, mark.rowInUnit) : mark.row
        }
        guard mark.byte >= 0 else { return mark.row }
        let holder = chunks.partitionPoint { $0.range.upperBound > mark.byte }
        guard holder < chunkCount else { return mark.row }
        let range = chunks[holder].range
        if range.lowerBound == mark.unit, isExact[holder] { return row(inPart: holder, mark.rowInUnit) }
        // Its chunk is estimated, or cut again: the row in proportion to the bytes.
        let fraction = Double(mark.byte - range.lowerBound) / Double(max(1, range.count))
        return row(inPart: holder, Int(fraction * extents.values[holder]))
    }

    /// How many rows of part `holder` from `row` on cannot show the query, when the
    /// part's bytes rule it out.
    private func rowsWithout(_ query: String, in holder: (part: Int, start: Int, extent: Int), from row: Int, forward: Bool) -> Int? {
        guard holder.part != chunkCount else { return nil }
        let chunk = holder.part < chunkCount ? holder.part : holder.part - chunkCount - 1
        let search = letterSearch(for: query, near: chunk)
        guard let scans = search.scans else { return nil }
        guard holder.part < chunkCount || !search.referencesMayShow else { return nil }
        guard !scans.mayShow(scannedBytes(ofChunk: chunk)) else { return nil }
        return forward ? holder.start + holder.extent - row : row - holder.start + 1
    }

    /// The query's letter scans of the page (made for a search that begins at chunk
    /// `chunk`, kept for the searches for the same query after it), and whether the
    /// References may show the query whatever the page's bytes hold.
    func letterSearch(for query: String, near chunk: Int) -> (scans: PageLetterScans?, referencesMayShow: Bool) {
        if letterScan?.query != query {
            letterScan = LetterScan.needle(of: query).map { needle in
                // Segments start at the index's chunks, and at an island's start: the
                // island's rows are what a scan from there reads.
                var starts = PageLetterScans.segmentStarts(
                    of: Array(chunks.prefix(indexChunkCount)), pageStart: index.start, searchStart: chunk, chunkBytes: index.builtChunkBytes)
                let guessedFrom = readsAhead ? max(indexedEnd, starts.last!) : nil
                if let island, island.gapPart + 1 < chunkCount { starts.append(chunks[island.gapPart + 1].range.lowerBound) }
                // Past the index's chunks (on a page that reads ahead), also at starts
                // guessed in its bytes, that the helper may scan them ahead.
                let scans = PageLetterScans(
                    needle: needle, source: index.source, starts: starts, guessedFrom: guessedFrom,
                    threads: index.threads)
                let references = scans.anyScan.isShown(in: "References".utf8)
                    || scans.anyScan.isShown(in: "file://".utf8 + (address?.encodedPath ?? []))
                return (query, scans, references)
            } ?? (query, nil, true)
        }
        return (letterScan?.scans, letterScan?.referencesMayShow ?? true)
    }

    package func writeRows(width: Int, to sink: any RowSink) {
        // Every row is written: the whole page is indexed first, however far behind the
        // rows asked for its index runs (on a busy machine, a row count read early is
        // an estimate short of the page, and the walk below would end there).
        _ = index.wait { $0.isComplete }
        synchronize()
        var row = 0
        while !sink.isClosed {
            protectedUse = useCount + 1
            _ = settle(rows: row..<(row + 1), anchor: 0)
            trimCache()
            guard row < rowCount, let (lines, index) = line(at: row) else { break }
            lines.write(line: index, pageRow: row, to: sink, pictures: pictures)
            row += 1
        }
    }

    package func linkMarks(inRow row: Int) -> [(column: Int, width: Int, number: Int)] {
        line(at: row).map { $0.lines[$0.index].linkMarks } ?? []
    }

    package func pictureRows(inRow row: Int) -> [PictureRow] {
        line(at: row).map { $0.lines.pictureRows(ofLine: $0.index) } ?? []
    }

    package func linkTexts(inRow row: Int) -> [(columns: Range<Int>, number: Int?)] {
        line(at: row).map { $0.lines[$0.index].linkTexts } ?? []
    }

    package func referencesRow() -> Int? {
        waitForEnd()
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
}
