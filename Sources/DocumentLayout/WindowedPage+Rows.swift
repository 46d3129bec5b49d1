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
            sink.row(lines.plainText(ofLine: index)) { buffer in lines.draw(line: index, into: &buffer, row: 0, horizontalOffset: 0) }
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
}
