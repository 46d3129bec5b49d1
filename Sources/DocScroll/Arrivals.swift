import DataTable
import SystemIO

/// The inputs that still arrive while they are shown: compressed tables whose rows are
/// taken as they are decompressed (`ArrivingTable`), and pages read from a pipe into
/// a spool, whose reading may stop at the spool's capacity. What goes wrong with them
/// is said in notes, once each.
final class Arrivals {
    /// Compressed tables whose rows are shown as they are decompressed, until all of
    /// each is there.
    private(set) var tables: [ArrivingTable] = []
    /// Pages arriving on a pipe, each by name, until their end is noted.
    private var spooledPages: [(name: String, spool: SpooledInput)] = []

    /// Shows `table`'s rows as they arrive in its spool.
    func add(_ table: ArrivingTable) {
        tables.append(table)
    }

    /// Watches a page arriving in `spool`, to note how its reading ended.
    func addPage(named name: String, spool: SpooledInput) {
        spooledPages.append((name, spool))
    }

    /// Whether rows arrived that `takeRows` has not taken, or a table's spool ended.
    var hasWork: Bool { tables.contains(where: \.hasWork) }

    /// Whether `table` is a compressed table whose rows are still arriving.
    func isArriving(_ table: TableComponent) -> Bool {
        tables.contains { $0.table === table }
    }

    /// Waits, until `deadline` at most, for each table's first `bytes` decompressed (a
    /// screenful of rows is in the first few kilobytes).
    func waitForFirstBytes(_ bytes: Int, until deadline: ContinuousClock.Instant) {
        for arriving in tables {
            while !arriving.spool.isComplete, arriving.spool.byteCount < bytes, ContinuousClock.now < deadline {
                _ = arriving.spool.waitForBytes(beyond: arriving.spool.byteCount)
            }
        }
    }

    /// Waits for the first table still arriving to have bytes to take.
    /// - Returns: false when none is arriving.
    func waitForWork() -> Bool {
        guard let arriving = tables.first else { return false }
        if !arriving.hasWork { _ = arriving.spool.waitForBytes(beyond: arriving.spool.byteCount) }
        return true
    }

    /// Takes the rows that arrived, `partBytes` at a time until `deadline`, widening
    /// columns for `rows` rows; a table all there and shown is let go, its note (if it
    /// stopped early) given to `note`.
    /// - Returns: whether any table changed or ended.
    func takeRows(partBytes: Int, until deadline: ContinuousClock.Instant, widening rows: Int, note: (String) -> Void) -> Bool {
        var changed = false
        tables.removeAll { arriving in
            // (No new bytes: nothing to map again.)
            guard arriving.hasWork else { return false }
            let progress = arriving.takeArrivals(partBytes: partBytes, until: deadline, widening: rows)
            if case .none = progress { return false }
            changed = true
            guard case .ended(let message) = progress else { return false }
            if let message { note(message) }
            return true
        }
        return changed
    }

    /// Notes each page that stopped being read at its spool's capacity, or before its
    /// end (compressed data cut short), once its spool is complete.
    func noteSpoolEnds(_ note: (String) -> Void) {
        spooledPages.removeAll { name, spool in
            guard spool.isComplete else { return false }
            if spool.reachedCapacity {
                note("\(name): stopped reading at \(DocScrollView.byteSize(spool.capacity)), the spool's limit (--spool-limit); the rest is not shown")
            } else if let failure = spool.failure {
                note("\(name): \(failure) (what came before is shown)")
            }
            return true
        }
    }
}
