import DataTable
import ScrollCore
import SystemIO

/// Inputs that arrive and grow while they are shown: tables indexed a part at a time
/// while no key waits, compressed tables shown as they are decompressed, pages read
/// from a pipe into a spool; the notes of what went wrong further in; how far the
/// pages' indexes have got.
extension DocScrollView {
    /// Waits until the pages' index holds what the first screen shows (or the whole
    /// page), for at most `seconds`: a first screen drawn then shows text rather than
    /// blank rows, while a page arriving slowly on a pipe is not waited for longer.
    public func waitForFirstScreen(seconds: Double) {
        let deadline = ContinuousClock.now + .seconds(seconds)
        let rows = Int(container.viewportExtent) + renderer.tileRows
        for (_, page) in pages { page.waitForIndex(throughRow: rows, until: deadline) }
        arrivals.waitForFirstBytes(Self.firstArrivingBytes, until: deadline)
        takeArrivingRows()
    }

    /// Bytes of a compressed table waited for before its first screen.
    static let firstArrivingBytes = 64 << 10

    /// Whether any page read or indexed more, or any table indexed more rows, since the
    /// last call.
    public func pagesProgressed() -> Bool {
        arrivals.noteSpoolEnds { notes.append($0) }
        let progress = pages.flatMap { stacked -> [Int] in
            guard let progress = stacked.page.indexProgress else { return [-1] }
            return [progress.indexed, progress.scanned]
        } + everyTable.map { $0.table.model.rowCount }
        defer { lastProgress = progress }
        let picturesArrived = notePictureArrivals()
        return progress != lastProgress || picturesArrived
    }

    /// Has each page whose pictures arrived draw its rows again.
    /// - Returns: whether any did.
    func notePictureArrivals() -> Bool {
        pages.reduce(false) { arrived, stacked in stacked.page.notePictureArrivals() || arrived }
    }

    /// Whether pictures of the pages wait to be drawn in the background: a viewer
    /// asks `pagesProgressed` again soon.
    public var picturesDecoding: Bool {
        pages.contains { $0.page.pictures?.reader.isDecoding == true }
    }

    /// Lays out one more part of each page whose length is estimated, chosen over the
    /// whole page, so that the row total and `N%` come near the truth while the reader
    /// is idle (a few milliseconds a call; what is on screen stays where it is). Frames
    /// and dumps never do: what they show does not depend on how long a reader waited.
    /// - Returns: whether a page laid out a part (its row total may have changed);
    ///   `false` once the estimates are as good as they get for now.
    public func refineEstimates() -> Bool {
        var sampled = false
        for (_, page) in pages { sampled = page.requestSample() || sampled }
        if sampled { layOut() }
        return sampled
    }

    /// A count of bytes as people read it: `4 GiB`, `512 MiB`, `100 KiB`, `12 bytes`.
    static func byteSize(_ bytes: Int) -> String {
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return "\(bytes) bytes"
    }

    /// The tables still being indexed a part at a time (`Options.indexesTablesInParts`).
    private var tablesIndexing: [(id: ComponentID, table: TableComponent)] { everyTable.filter { !$0.table.model.isIndexed } }

    /// Whether a table is still being indexed a part at a time, or has rows arriving
    /// to index: `indexTables()` has work.
    public var indexesTables: Bool { !tablesIndexing.isEmpty || arrivals.hasWork }

    /// Bytes of a table indexed at a time, and how long a call of `indexTables()` goes
    /// on: a key typed meanwhile waits no longer than that.
    static let tableIndexPart = 1 << 20
    static let tableIndexingTime = Duration.milliseconds(20)
    /// Bytes of a table indexed in parts before its first frame: a few milliseconds.
    static let firstTableIndexPart = 1 << 20

    /// Indexes one more part of the first table still being indexed; the rows found
    /// join the stack below those shown (what is on screen stays where it is).
    /// - Returns: whether a table grew.
    @discardableResult
    public func indexTables() -> Bool {
        guard let (id, table) = tablesIndexing.first else { return takeArrivingRows() }
        return indexPart(of: table, id: id)
    }

    /// Indexes one more part of `table` (being indexed in parts): see `indexTables`.
    /// - Returns: whether it grew.
    func indexPart(of table: TableComponent, id: ComponentID) -> Bool {
        var grew = false
        let deadline = ContinuousClock.now + Self.tableIndexingTime
        do {
            repeat {
                grew = try table.indexMore(bytes: Self.tableIndexPart) || grew
            } while !table.model.isIndexed && ContinuousClock.now < deadline
        } catch {
            let name = stackedInputs.first { $0.id == id }?.name ?? "table"
            notes.append("\(name): \(error.description) (the \(table.model.rowCount) rows before it are shown)")
            grew = true
        }
        guard grew else { return false }
        layOut()
        return true
    }

    /// Indexes every part left of the tables indexed in parts; with `keepingTails`,
    /// of those whose last records are not read back (`TableModel+Tail`): their end
    /// shows while the index goes on.
    func indexAllTables(keepingTails: Bool = false) {
        // (Interactive, a compressed table's end is the rows so far, as a pipe's in
        // less: more come as they arrive.)
        if waitsForPages { waitForArrivingTables() }
        while let (id, table) = tablesIndexing.first(where: { !keepingTails || !$0.table.model.showsTail }) {
            _ = indexPart(of: table, id: id)
        }
    }

    /// Indexes the tables indexed in parts, in stack order, until each has its
    /// records indexed down to root row `row` (or is indexed whole): the rows a frame
    /// there shows are indexed ones, whatever the index had reached before.
    func indexTables(throughRow row: Int) {
        waitForArrivingTables()
        for (id, table) in tablesIndexing {
            while !table.model.isIndexed {
                layOut(holding: Double(row))
                guard let top = container.boundary(of: id)?.pinOffset,
                    Int(top) + table.rowCount(ofRecords: table.model.rowCount) <= row else { break }
                _ = indexPart(of: table, id: id)
            }
        }
    }


    /// Whether component `id` is a compressed table whose rows are still arriving.
    func isArriving(_ id: ComponentID) -> Bool {
        guard let table = everyTable.first(where: { $0.id == id })?.table else { return false }
        return arrivals.isArriving(table)
    }

    /// Shows the rows of compressed tables that arrived since the last call, for
    /// `tableIndexingTime` at most (with `deadline`, until then).
    /// - Returns: whether any table changed or has a note.
    @discardableResult
    func takeArrivingRows(until deadline: ContinuousClock.Instant? = nil) -> Bool {
        let changed = arrivals.takeRows(
            partBytes: Self.tableIndexPart, until: deadline ?? .now + Self.tableIndexingTime, widening: Int(container.viewportExtent)
        ) { notes.append($0) }
        if changed { layOut() }
        return changed
    }

    /// Waits for every compressed table to be there whole, its rows taken as they
    /// come (a dump, a frame: what they show never depends on timing).
    private func waitForArrivingTables() {
        while arrivals.waitForWork() {
            takeArrivingRows(until: .now + .seconds(3_600))
        }
    }


    /// The oldest note, taken off the list: of a table indexed in parts that could not
    /// be read to its end (the rows before the fault stay), of a table's file followed
    /// that was cut short, went or could not be read further, or of a page from
    /// standard input that stopped being read at its spool's capacity.
    public func takeNote() -> String? {
        notes.isEmpty ? nil : notes.removeFirst()
    }

    /// How far the ends of the pages (their chunks guessed to the end, which takes a
    /// fraction of a second) and of the tables (indexed in parts) are from being
    /// known, from 0 to 1; `nil` once they are: jumps to a fraction of the stack wait
    /// for this.
    public var locatingProgress: Double? { locatingProgress(countingTablesShowingTails: true) }

    /// How far the stack is from a jump to a fraction of it showing what is there: as
    /// `locatingProgress`, but for a table or a page that reads ahead of its index
    /// (a table's last records read back and its middle read where a jump lands, a
    /// page's chunks guessed where a jump lands).
    public var fractionLocatingProgress: Double? {
        locatingProgress(countingTablesShowingTails: true, countingTablesReadingAhead: false, countingPagesReadingAhead: false)
    }

    /// How far the end of the stack is from being known, as `locatingProgress`, but
    /// for a table whose last records are read back from its end, or a page that
    /// reads its last chunks ahead of its index (its end is known): a jump to the end
    /// waits for this.
    public var endLocatingProgress: Double? { locatingProgress(countingTablesShowingTails: false, countingPagesReadingAhead: false) }

    private func locatingProgress(
        countingTablesShowingTails: Bool, countingTablesReadingAhead: Bool = true, countingPagesReadingAhead: Bool = true
    ) -> Double? {
        let progress = pages.filter { countingPagesReadingAhead || !$0.page.readsAhead }
            .compactMap(\.page.indexProgress).filter { $0.scanned < $0.total }
        let tables = tablesIndexing
            .filter { (countingTablesShowingTails || !$0.table.model.showsTail) && (countingTablesReadingAhead || !$0.table.readsAhead) }
            .map(\.table.model.indexedFraction)
        guard !progress.isEmpty || !tables.isEmpty else { return nil }
        let pages = Double(progress.reduce(0) { $0 + $1.scanned }) / Double(max(1, progress.reduce(0) { $0 + $1.total }))
        return ((progress.isEmpty ? [] : [pages]) + tables).min()
    }

    /// How much of the pages and tables is indexed, from 0 to 1; `nil` once every one
    /// is.
    public var indexingProgress: Double? {
        let progress = pages.compactMap(\.page.indexProgress)
        let tables = tablesIndexing.map(\.table.model.indexedFraction)
        guard !progress.isEmpty || !tables.isEmpty else { return nil }
        let pages = Double(progress.reduce(0) { $0 + $1.indexed }) / Double(max(1, progress.reduce(0) { $0 + $1.total }))
        return ((progress.isEmpty ? [] : [pages]) + tables).min()
    }
}
