/// A search's pass over a table's records as bytes: runs of records that cannot hold
/// the query are passed over sixteen bytes at a time (`RecordSearch.firstStop`), not
/// a row at a time, and where the index has not got yet the input itself is searched,
/// so that a search through a table of millions of rows goes at the speed of its
/// bytes and does not wait for the index.
///
/// Past the indexed rows, a search goes through the rows a view shows there
/// (`TableModel+Island`): records read in the middle and back from the end are rows
/// like others; the estimated rows between stand for input bytes, searched as lines
/// (islands are read only where a record is a line). A line there that holds the
/// query is read as an island, its row where the estimate puts it (kept in the
/// search's direction), so that the search stops on it; the search remembers where
/// in the bytes its last estimated row was (`searchCursor`), so that no byte is
/// skipped or read twice.
extension TableModel {
    /// What a search does at a row (`rowsRuledOut`).
    package enum RecordSearchStep: Equatable {
        /// The row may hold the query: it is read.
        case read
        /// This many rows from the row on (down, or up) cannot.
        case passOver(Int)
        /// A line past the index may hold the query but is not a record on its own:
        /// the index is to reach past `offset`, and the search to go on from the
        /// record at or past (down; up: before) `resumeByte`.
        case index(through: Int, resumeByte: Int)
    }

    /// Rows of indexed records read as one run of bytes at most (then the search asks
    /// whether it is to stop, and tells how far it has gone).
    static let rowsPassedAtOnce = 1 << 10
    /// Bytes past the index read at most in one step (then the search asks whether
    /// it is to stop).
    static let bytesSearchedAtOnce = 8 << 20

    /// What a search for `search` does at row `row` going down (or up): reads it, or
    /// passes over the rows from it that cannot hold the query, read as bytes. Past
    /// the index (where islands can be read), a line that holds the query (`matches`
    /// says of its values) is read as an island first, so that its row is one to read.
    package func searchStep(
        at row: Int, forward: Bool, for search: RecordSearch, matches: ([JSONValue?]) -> Bool
    ) -> RecordSearchStep {
        guard search.passesOverRuns, decodedRows == nil, order == nil, let index else { return .read }
        if row < index.count {
            let ruledOut = indexedRowsRuledOut(from: row, forward: forward, by: search, in: index)
            return ruledOut == 0 ? .read : .passOver(ruledOut)
        }
        guard readsAhead, row < shownRowCount else { return .read }
        return unindexedSearchStep(at: row, forward: forward, for: search, matches: matches)
    }

    /// The indexed row of the record at or past byte `offset` (down), or of the last
    /// that starts at or before it (up; -1 when none does).
    package func indexedRow(near offset: Int, forward: Bool) -> Int {
        guard let index else { return forward ? 0 : -1 }
        return forward ? index.firstRecord(endingAfter: offset) : index.lastRecord(startingAtOrBefore: offset)
    }

    /// Indexed rows from `row` on (down, or up) that cannot hold the query, as far as
    /// `rowsPassedAtOnce` rows or the indexed rows' end: records with no byte a match
    /// stops at are passed over as one run of bytes; one that has one is ruled out by
    /// `mayMatch`, and the run goes on after it.
    private func indexedRowsRuledOut(from row: Int, forward: Bool, by search: RecordSearch, in index: RecordIndex) -> Int {
        let last = forward ? min(index.count, row + Self.rowsPassedAtOnce) - 1 : max(0, row - Self.rowsPassedAtOnce + 1)
        var current = row
        while forward ? current <= last : current >= last {
            let span = forward
                ? index.range(of: current).lowerBound..<index.range(of: last).upperBound
                : index.range(of: last).lowerBound..<index.range(of: current).upperBound
            let stop = storage.withBytesInPlace(in: span) { bytes in
                search.stop(in: bytes, 0..<bytes.count, separator: index.separator, forward: forward)
            }.map { span.lowerBound + $0 }
            // (The bytes read: up to the stop.)
            notePassedOver(bytes: stop.map { forward ? $0 - span.lowerBound : span.upperBound - $0 } ?? span.count)
            guard let stop else { break }
            let stopped = forward ? index.firstRecord(endingAfter: stop) : index.lastRecord(startingAtOrBefore: stop)
            if mayMatch(row: stopped, search) { return abs(stopped - row) }
            current = forward ? stopped + 1 : stopped - 1
        }
        return abs(last - row) + 1
    }

    /// A run of rows past the indexed ones and the input bytes they stand for: the
    /// island's or the last records' (`records`: their ranges), or estimated rows.
    private struct UnindexedRun {
        var rows: Range<Int>
        var bytes: Range<Int>
        var records: ArraySlice<Range<Int>>?
    }

    /// The runs of rows past the indexed ones, in order: estimated rows, the island,
    /// estimated rows, the last records (empty runs left out).
    private var unindexedSearchRuns: [UnindexedRun] {
        guard let index, let tail, let firstTail = firstFreshTailRecord else { return [] }
        var runs: [UnindexedRun] = []
        var row = rowCount
        var byte = index.bytesIndexed
        if let island, let rows = islandRows {
            runs.append(UnindexedRun(rows: row..<rows.lowerBound, bytes: byte..<island.readBackTo))
            runs.append(UnindexedRun(rows: rows, bytes: island.readBackTo..<island.readForwardTo, records: island.ranges[...]))
            row = rows.upperBound
            byte = island.readForwardTo
        }
        let tailBytes = tail.ranges.count > firstTail ? tail.ranges[firstTail].lowerBound : tail.readBackTo
        runs.append(UnindexedRun(rows: row..<tailStartRow, bytes: byte..<max(byte, tailBytes)))
        runs.append(UnindexedRun(rows: tailStartRow..<shownRowCount, bytes: tailBytes..<storage.count, records: tail.ranges[firstTail...]))
        return runs.filter { !$0.rows.isEmpty || $0.records == nil && !$0.bytes.isEmpty }
    }

    /// `searchStep` past the indexed rows.
    private func unindexedSearchStep(
        at row: Int, forward: Bool, for search: RecordSearch, matches: ([JSONValue?]) -> Bool
    ) -> RecordSearchStep {
        let runs = unindexedSearchRuns
        guard let run = runs.first(where: { $0.rows.contains(row) }) else { return .read }
        let separator = index?.separator
        guard let records = run.records else {
            return estimatedRowsStep(at: row, in: run, forward: forward, for: search, matches: matches)
        }
        // Records read ahead: as the indexed ones, their bytes in one run.
        let first = records.startIndex + row - run.rows.lowerBound
        let span = forward ? records[first].lowerBound..<records[records.endIndex - 1].upperBound : records[records.startIndex].lowerBound..<records[first].upperBound
        let stop = storage.withBytesInPlace(in: span) { bytes in
            search.stop(in: bytes, 0..<bytes.count, separator: separator, forward: forward)
        }.map { span.lowerBound + $0 }
        guard let stop else { return .passOver(forward ? run.rows.upperBound - row : row - run.rows.lowerBound + 1) }
        let stopped = forward
            ? firstPosition(in: records.count) { records[records.startIndex + $0].upperBound > stop }
            : firstPosition(in: records.count) { records[records.startIndex + $0].lowerBound > stop } - 1
        let stoppedRow = run.rows.lowerBound + stopped
        guard stoppedRow == row else { return .passOver(abs(stoppedRow - row)) }
        return storage.withBytesInPlace(in: records[first]) { search.mayMatch($0, separator: separator) } ? .read : .passOver(1)
    }

    /// `searchStep` at an estimated row: its bytes searched as lines, from where the
    /// search's last step stopped or the row's estimated place, at most
    /// `bytesSearchedAtOnce` of them; a line that holds the query is read as an island.
    private func estimatedRowsStep(
        at row: Int, in run: UnindexedRun, forward: Bool, for search: RecordSearch, matches: ([JSONValue?]) -> Bool
    ) -> RecordSearchStep {
        guard let layout = islandLayout, let tail else { return .read }
        let separator = index?.separator
        return storage.withBytes { bytes -> RecordSearchStep in
            // Where the row is in the bytes: a line start, where the last step left off.
            var place: Int
            if let cursor = searchCursor, cursor.row == row, cursor.isForward == forward, cursor.rowsIndexed == rowCount,
                run.bytes.contains(cursor.byte) || cursor.byte == run.bytes.upperBound {
                place = cursor.byte
            } else {
                let fraction = Double(row - run.rows.lowerBound + (forward ? 0 : 1)) / Double(max(1, run.rows.count))
                place = RecordIsland.lineStart(bytes, atOrAfter: run.bytes.lowerBound + Int(Double(run.bytes.count) * fraction), within: run.bytes)
            }
            var window = forward ? place..<min(run.bytes.upperBound, place + Self.bytesSearchedAtOnce) : max(run.bytes.lowerBound, place - Self.bytesSearchedAtOnce)..<place
            let windowBytes = window.count
            while let stop = search.stop(in: bytes, window, separator: separator, forward: forward) {
                let line = RecordIsland.line(bytes, holding: stop, within: run.bytes, layout: layout)
                // (Past the stop too: a carriage return ends the line before it. A line
                // may run past the window.)
                defer {
                    window = forward
                        ? min(max(line.upperBound, stop + 1), window.upperBound)..<window.upperBound
                        : window.lowerBound..<max(line.lowerBound, window.lowerBound)
                }
                guard !line.isEmpty, search.mayMatch(UnsafeBufferPointer(rebasing: bytes[line]), separator: separator) else { continue }
                guard var island = RecordIsland(bytes, layout: layout, near: line.lowerBound, count: 1, ceiling: tail.readBackTo),
                    let record = island.ranges.first, record.lowerBound >= line.lowerBound, record.upperBound <= line.upperBound
                else {
                    // (Part of a record of many lines: only the index can tell.)
                    return .index(through: line.upperBound, resumeByte: forward ? place : place - 1)
                }
                guard matches(decode(range: record)) else { continue }
                island.extendForward(bytes, by: Self.tailRecords, ceiling: tail.readBackTo)
                // The line's row, where the estimate puts it, kept past the row the
                // search is at.
                let estimate = run.rows.lowerBound + Int(Double(run.rows.count) * Double(line.lowerBound - run.bytes.lowerBound) / Double(max(1, run.bytes.count)))
                let found = forward ? min(max(estimate, row), run.rows.upperBound - 1) : max(min(estimate, row), run.rows.lowerBound)
                self.island = island
                islandStartRow = found
                searchCursor = nil
                return found == row ? .read : .passOver(abs(found - row))
            }
            // None in the window: the rows it stands for are passed over.
            notePassedOver(bytes: windowBytes)
            let end = forward ? window.upperBound : window.lowerBound
            let reached = forward ? run.bytes.upperBound : run.bytes.lowerBound
            guard end != reached else {
                searchCursor = nil
                return .passOver(forward ? run.rows.upperBound - row : row - run.rows.lowerBound + 1)
            }
            let estimate = run.rows.lowerBound + Int(Double(run.rows.count) * Double(end - run.bytes.lowerBound) / Double(max(1, run.bytes.count)))
            // (None when the estimate has no rows left for the bytes left: the next
            // step goes on from the cursor at the same row.)
            let passed = forward ? max(0, min(estimate, run.rows.upperBound - 1) - row) : max(0, row - max(estimate, run.rows.lowerBound))
            searchCursor = SearchCursor(row: forward ? row + passed : row - passed, byte: end, isForward: forward, rowsIndexed: rowCount)
            return .passOver(passed)
        }
    }
}

/// Where a search's last step past the indexed rows stopped in the bytes of
/// estimated rows: the next step, at the same row, goes on from there.
struct SearchCursor {
    var row: Int
    var byte: Int
    var isForward: Bool
    /// The indexed rows then (the estimate moves as they grow).
    var rowsIndexed: Int
}
