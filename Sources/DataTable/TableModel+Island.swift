/// Rows in the middle of a table before the index gets there: where a view jumps into
/// the estimated rows between the indexed ones and the last ones read back, records
/// are read from a byte estimated from the rows around (`RecordIsland`), so that they
/// show at once, their numbers estimates.
///
/// The rows a view shows are then the indexed ones, estimated rows, the island's,
/// estimated rows again, and the last records. One island is kept: a jump far from it
/// reads a new one. The island grows as a view scrolls off either end; when the index
/// reaches it, its rows take their exact numbers (a view keeps them in place, from the
/// moves `unindexedRuns` and `shownRow(ofRecordAt:)` tell it).
extension TableModel {
    /// How a record is a line where an island can be read: JSON Lines and TSV, while
    /// the last records are read back.
    var islandLayout: RecordIsland.Layout? {
        guard showsTail, let index else { return nil }
        switch index.tailLayout {
        case .jsonValues?: return .jsonLines(opening: index.shape == .objects ? UInt8(ascii: "{") : UInt8(ascii: "["))
        case .lines(quoted: false)?: return .lines
        default: return nil
        }
    }

    /// Whether a jump into the rows not indexed shows records at once (`readAhead`).
    package var readsAhead: Bool { islandLayout != nil }

    /// The rows of the records read in the middle.
    var islandRows: Range<Int>? {
        guard let island, showsTail else { return nil }
        return islandStartRow..<(islandStartRow + island.ranges.count)
    }

    /// Whether the island reaches the last records read back (no rows between).
    var islandJoinsTail: Bool {
        guard let island, let tail else { return false }
        return isSpace(from: island.readForwardTo, to: tail.readBackTo)
    }

    /// The input range of row `row` past the indexed rows: a record read in the middle
    /// or back from the end; `nil` for an estimated row.
    func unindexedRange(ofRow row: Int) -> Range<Int>? {
        if let rows = islandRows, rows.contains(row), let island { return island.ranges[row - rows.lowerBound] }
        return tailRange(ofRow: row)
    }

    /// The values of row `row` past the indexed rows (none for an estimated row).
    func unindexedRow(_ row: Int) -> [JSONValue?] {
        guard let range = unindexedRange(ofRow: row) else { return [JSONValue?](repeating: nil, count: columns.count) }
        return decode(range: range)
    }

    /// The runs of rows read ahead of the index, each with where its first record
    /// starts: a view compares their rows before and after a change (`shownRow(ofRecordAt:)`)
    /// to keep what it shows in place.
    package var unindexedRuns: [(rows: Range<Int>, firstByte: Int)] {
        var runs: [(rows: Range<Int>, firstByte: Int)] = []
        if let rows = islandRows, let first = island?.ranges.first { runs.append((rows, first.lowerBound)) }
        if let tail, let first = firstFreshTailRecord, first < tail.ranges.count {
            runs.append((tailStartRow..<Int.max, tail.ranges[first].lowerBound))
        }
        return runs
    }

    /// The row the record starting at `offset` is shown at, if it is shown.
    package func shownRow(ofRecordAt offset: Int) -> Int? {
        guard let index else { return nil }
        if offset < index.bytesIndexed { return index.record(startingAt: offset) }
        if let rows = islandRows, let island, let position = Self.position(ofRecordAt: offset, in: island.ranges[...]) {
            return rows.lowerBound + position
        }
        if let tail, let first = firstFreshTailRecord, let position = Self.position(ofRecordAt: offset, in: tail.ranges[first...]) {
            return tailStartRow + position
        }
        return nil
    }

    /// Where among `ranges` (records in input order) the one starting at `offset` is,
    /// from the first (found by halving); `nil` when none starts there.
    private static func position(ofRecordAt offset: Int, in ranges: ArraySlice<Range<Int>>) -> Int? {
        let found = firstPosition(in: ranges.count) { ranges[ranges.startIndex + $0].lowerBound >= offset }
        return found < ranges.count && ranges[ranges.startIndex + found].lowerBound == offset ? found : nil
    }

    /// Reads the records rows `rows` (a view's) need, where they are past the indexed
    /// ones: back from the last records when the top row is just above them, more of
    /// the island when the rows run off it, else a new island from the top row.
    package func readAhead(forRows rows: Range<Int>) {
        guard showsTail, rows.upperBound > rowCount else { return }
        let top = rows.lowerBound
        if top < tailStartRow, tailStartRow - top <= Self.tailStep, top >= (islandRows?.upperBound ?? rowCount) {
            extendTail(toRow: max(top, rowCount))
            return
        }
        guard let layout = islandLayout, let index, let tail, top < tailStartRow else { return }
        if var island, let shown = islandRows, top < shown.upperBound + Self.tailStep, top + Self.tailStep > shown.lowerBound {
            let countBefore = island.ranges.count
            self.island = nil
            storage.withBytes { bytes in
                if top < shown.lowerBound, top >= rowCount {
                    island.extendBack(bytes, by: shown.lowerBound - top + Self.tailRecords, floor: index.bytesIndexed)
                }
                // (Records read back come first: the island's first row moves up by them.)
                islandStartRow = shown.lowerBound - (island.ranges.count - countBefore)
                if rows.upperBound > shown.upperBound {
                    island.extendForward(bytes, by: rows.upperBound - shown.upperBound + Self.tailRecords, ceiling: tail.readBackTo)
                }
            }
            self.island = island
            settleIsland()
            return
        }
        guard top >= rowCount else { return }
        // The byte where the top row is, on the estimate's line between the indexed
        // rows and the last ones read back.
        let fraction = Double(top - rowCount) / Double(max(1, tailStartRow - rowCount))
        let offset = index.bytesIndexed + Int(Double(tail.readBackTo - index.bytesIndexed) * fraction)
        island = storage.withBytes { bytes in
            RecordIsland(bytes, layout: layout, near: offset, count: max(Self.tailRecords, rows.count + 64), ceiling: tail.readBackTo)
        }
        islandStartRow = top
        settleIsland()
    }

    /// Fits the island to the index: records it has reached are dropped (their rows
    /// are indexed rows now) and the rest follow the indexed ones; an island no
    /// record is between the index and is the same; none starts above the indexed rows.
    func settleIsland() {
        guard var island, let index, showsTail else {
            island = nil
            return
        }
        if island.readBackTo < index.bytesIndexed {
            island.dropRecords(before: index.bytesIndexed)
            islandStartRow = rowCount
        } else if isSpace(from: index.bytesIndexed, to: island.readBackTo) {
            islandStartRow = rowCount
        }
        islandStartRow = max(islandStartRow, rowCount)
        self.island = island.ranges.isEmpty ? nil : island
    }

    /// Whether the input between `start` and `end` is white space only (stops at the
    /// first byte that is not).
    private func isSpace(from start: Int, to end: Int) -> Bool {
        guard start < end else { return true }
        return storage.withBytes { bytes in
            (start..<min(end, bytes.count)).allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains(bytes[$0]) }
        }
    }
}
