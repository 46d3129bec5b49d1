/// The end of a table before the index gets there: its last records are read back from
/// the input's end (`RecordTail`), so that a jump to the end shows them at once, and
/// the columns are planned from them.
///
/// While the index is on its way, the rows a view shows are the indexed ones, then an
/// estimate of the rows between (from the indexed rows' bytes a row), then the last
/// records: their numbers are estimates until the index reaches them, and exact from
/// then on. Reading back goes on as a view scrolls up from the end (`extendTail`).
extension TableModel {
    /// Records read back from the end at first: the column plan's sample of the last
    /// rows, and a screen.
    static let tailRecords = 512
    /// Records read back at most for a row above the last ones read (further up, the
    /// rows wait for the index): each is read forward to confirm it, so a step is
    /// kept small for the key that asked for it.
    static let tailStep = 10_000

    /// Reads the last records back from the end, if the index has not reached them
    /// and their layout allows reading back. A record that does not read as one (a
    /// file that is not what its start says) ends the tail there.
    func readTail() {
        guard let index, !index.isComplete, let layout = index.tailLayout else { return }
        tail = storage.withBytes { bytes in
            RecordTail(bytes, layout: layout, count: Self.tailRecords, floor: index.bytesIndexed)
        }
        confirmTail(first: tail?.ranges.count ?? 0)
        estimateRowTotal()
    }

    /// Drops the tail's records from the last of its first `count` that does not read
    /// as a record back (the records after it stay); the whole tail when the last one
    /// does not.
    private func confirmTail(first count: Int) {
        guard let ranges = tail?.ranges, index?.separator == nil else { return }
        for position in (0..<count).reversed() {
            switch rawValue(in: ranges[position]) {
            case .object?, .array?:
                continue
            default:
                if position == ranges.count - 1 { tail = nil } else { tail?.dropRecords(before: position + 1) }
                return
            }
        }
    }

    /// The rows a view shows: every record once indexed; while indexing, the indexed
    /// ones, the estimated rows between and the last records read back.
    package var shownRowCount: Int {
        guard tail != nil, !isIndexed else { return rowCount }
        let readAhead = (islandRows?.upperBound ?? rowCount) + freshTailCount
        return islandJoinsTail ? readAhead : max(estimatedRowTotal, readAhead)
    }

    /// Whether the rows past the indexed ones are estimated: the last records are
    /// read back and the index has not reached them.
    package var showsTail: Bool { tail != nil && !isIndexed }

    /// The first row of the last records read back (`shownRowCount` when none).
    package var tailStartRow: Int { shownRowCount - freshTailCount }

    /// The records read back that the index has not reached (it reads on past them).
    var freshTailCount: Int {
        guard let tail, let index else { return 0 }
        return tail.ranges.count - firstFreshTailRecord(in: tail, indexedTo: index.bytesIndexed)
    }

    /// The first of the records read back that starts at or past `offset`.
    private func firstFreshTailRecord(in tail: RecordTail, indexedTo offset: Int) -> Int {
        firstPosition(in: tail.ranges.count) { tail.ranges[$0].lowerBound >= offset }
    }

    /// Where the record shown at row `row` past the indexed rows is: one of the last
    /// records read back, or `nil` for a row between.
    func tailRange(ofRow row: Int) -> Range<Int>? {
        guard let tail, let index, showsTail, row >= tailStartRow, row < shownRowCount else { return nil }
        return tail.ranges[firstFreshTailRecord(in: tail, indexedTo: index.bytesIndexed) + row - tailStartRow]
    }

    /// The first of the last records read back that the index has not reached.
    var firstFreshTailRecord: Int? {
        guard let tail, let index, showsTail else { return nil }
        return firstFreshTailRecord(in: tail, indexedTo: index.bytesIndexed)
    }

    /// Estimates the rows shown again from the index's rows a byte, the last records
    /// read back kept at the end; once the index reaches them, the count is exact.
    func estimateRowTotal() {
        guard let tail, let index, !index.isComplete else {
            tail = nil
            return
        }
        let between = max(0, tail.readBackTo - index.bytesIndexed)
        let rowsPerByte = Double(rowCount) / Double(max(1, index.bytesIndexed))
        estimatedRowTotal = rowCount + Int((Double(between) * rowsPerByte).rounded()) + freshTailCount
    }

    /// Reads records back until row `row` (between the rows before them and the last
    /// ones read back) is one of them, if it is at most `tailStep` rows above them;
    /// the rows read keep their numbers (the estimated rows between are fewer; where
    /// there were fewer estimated than read back, the last rows move down).
    func extendTail(toRow row: Int) {
        guard showsTail, let index, var tail = self.tail, row < tailStartRow, tailStartRow - row <= Self.tailStep else { return }
        let count = tail.ranges.count
        let before = tailStartRow
        self.tail = nil
        // (Not into the records read in the middle.)
        let floor = max(index.bytesIndexed, island?.readForwardTo ?? 0)
        storage.withBytes { bytes in tail.extend(bytes, by: before - row + Self.tailRecords, floor: floor) }
        self.tail = tail
        confirmTail(first: tail.ranges.count - count)
    }
}
