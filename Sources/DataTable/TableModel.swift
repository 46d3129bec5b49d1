import RenderCore

/// Rows of records with a column set, decoded from their JSON (or delimited text) only
/// when asked for.
///
/// The input is indexed in one pass (`RecordIndex`): where each record is, and the
/// columns; a row is decoded when it is shown (a few hundred are kept), or every row
/// up front with `decodeAll` (the expanded comparison mode).
package final class TableModel {
    /// Column names: for objects the union of their keys in first-seen order (while
    /// the records are indexed, of the records indexed so far).
    package private(set) var columns: [String]
    /// Records in the order shown: `order[row]` is the record shown at `row` (`nil`
    /// when unsorted).
    private(set) var order: [UInt32]?
    /// Every row, once decoded up front (or given so).
    private(set) var decodedRows: [[JSONValue?]]?
    var index: RecordIndex?
    var storage: Storage
    /// The last records, read back from the input's end while the index has not
    /// reached them (see `TableModel+Tail`), and the rows the view is estimated to
    /// show with them.
    var tail: RecordTail?
    var estimatedRowTotal = 0
    /// Records read in the middle, where a view jumped ahead of the index (see
    /// `TableModel+Island`), and the row the first of them is shown at.
    var island: RecordIsland?
    var islandStartRow = 0
    /// Where a search past the indexed rows stopped (`TableModel+Search`).
    var searchCursor: SearchCursor?
    /// Whether the columns shown were picked (`RecordIndex.Options.columns`): new
    /// keys found later are not shown.
    private var picksColumns = false
    /// For records that are objects: the column of each key shown.
    private var columnIndex: [String: Int]
    /// The UTF-8 of each column's key (`nil` for a column whose key an earlier one
    /// has), to find a record's keys among by their bytes (`column(ofKey:)`).
    private var columnKeys: [[UInt8]?] = []
    /// The column the next key of the record being decoded is tried against first.
    private var nextColumn = 0
    /// For records that are arrays: the column of each position (`nil`: not shown).
    private var positionColumns: [Int?]
    /// Rows decoded on demand, kept until they hold `cachedValues` values (rows hold a
    /// value a column, so a table of very many columns keeps fewer rows); a record of
    /// more than `cachedRecordBytes` is decoded again when asked for, never kept.
    private var cache: [Int: [JSONValue?]] = [:]
    static let cachedValues = 1_000_000
    static let cachedRecordBytes = 1 << 20
    private var cacheLimit: Int { max(16, min(1_024, Self.cachedValues / max(1, columns.count))) }
    /// Rows decoded from JSON so far (a row decoded twice counts twice).
    package private(set) var rowsDecoded = 0
    /// Rows found gone from the file (it changed after it was indexed), so far.
    package private(set) var rowsLost = 0

    /// A table of rows already decoded.
    package init(columns: [String], rows: [[JSONValue?]]) {
        self.columns = columns
        decodedRows = rows
        index = nil
        storage = .memory([])
        columnIndex = [:]
        positionColumns = []
    }

    /// Indexes the records in `bytes`, JSON or delimited text (see `RecordIndex`); with
    /// `indexingFirst`, a part at a time (see `init(records:options:indexingFirst:)`
    /// for a file).
    /// - Throws: `DataTableError`.
    package convenience init(
        records bytes: [UInt8], options: RecordIndex.Options = RecordIndex.Options(), indexingFirst part: Int? = nil
    ) throws(DataTableError) {
        try self.init(storage: .memory(bytes), options: options, indexingFirst: part)
    }

    /// Indexes the records of the file `file` maps. The index pass gives back the pages it has
    /// read as it goes, and a row is read from the file (`TableFile.read`) when it is
    /// shown, so the file is never resident as a whole. With `indexingFirst`, only
    /// the records in about that many first bytes are indexed, where the records can
    /// be indexed a part at a time (`RecordIndex`): `indexMore` goes on.
    package convenience init(
        records file: any TableFile, options: RecordIndex.Options = RecordIndex.Options(), indexingFirst bytes: Int? = nil
    ) throws(DataTableError) {
        try self.init(storage: .mapped(file), options: options, indexingFirst: bytes)
    }

    private init(storage: Storage, options: RecordIndex.Options, indexingFirst limit: Int?) throws(DataTableError) {
        var index: RecordIndex
        do {
            index = try storage.withBytes { bytes throws(DataTableError) in
                var index = try RecordIndex(bytes, options: options, indexingUpTo: limit ?? .max, releasing: storage.release)
                // At least a row to show, and the columns it has.
                while !index.isComplete, index.count == 0 {
                    try index.resume(bytes, until: index.bytesIndexed + (limit ?? .max), releasing: storage.release)
                }
                return index
            }
        } catch {
            // What was read past a new end was zeros, not the file: that is the error.
            throw storage.hasShrunk ? .fileShrank : error
        }
        self.storage = storage
        if index.isComplete {
            storage.release(before: .max)
            if storage.hasShrunk { throw .fileShrank }
        }
        self.index = index
        picksColumns = options.columns != nil
        if let wanted = options.columns {
            columns = try wanted.map { name throws(DataTableError) in try Self.column(named: name, in: index.columns) }
        } else {
            columns = index.columns
        }
        columnIndex = [:]
        positionColumns = []
        mapColumns()
        if let sortColumn = options.sortColumn {
            let name = try Self.column(named: sortColumn, in: index.columns)
            order = sortedOrder(by: index.columns.firstIndex(of: name) ?? 0, descending: options.sortsDescending)
        }
        readTail()
    }

    /// Finds each key's (or position's) column among `columns`.
    private func mapColumns() {
        let columnIndex = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.columnIndex = columnIndex
        columnKeys = columns.indices.map { columnIndex[columns[$0]] == $0 ? Array(columns[$0].utf8) : nil }
        positionColumns = (index?.columns ?? []).map { columnIndex[$0] }
    }

    /// The column of a record's key, given its UTF-8: records mostly list their keys
    /// in the order of the columns (which were found in that order), so the column
    /// after the one found last is tried first, by its bytes, before the key is made a
    /// string and looked up.
    private func column(ofKey key: UnsafeBufferPointer<UInt8>) -> Int? {
        if nextColumn < columnKeys.count, let expected = columnKeys[nextColumn], expected.elementsEqual(key) {
            nextColumn += 1
            return nextColumn - 1
        }
        let column = columnIndex[String(decoding: key, as: UTF8.self)]
        if let column { nextColumn = column + 1 }
        return column
    }

    /// Whether every record is indexed.
    package var isIndexed: Bool { index?.isComplete ?? true }

    /// How much of the input is indexed, from 0 to 1.
    package var indexedFraction: Double {
        guard let index else { return 1 }
        return storage.withBytes { Double(index.bytesIndexed) / Double(max(1, $0.count)) }
    }

    /// Indexes the records in about `bytes` more of the input (see `init(records:)`).
    /// - Returns: whether columns were found that were not there before (the rows
    ///   already decoded are dropped: they lack them).
    /// - Throws: `DataTableError` where the rest of the input cannot be read; the rows
    ///   indexed before stay, and indexing is over.
    package func indexMore(bytes: Int) throws(DataTableError) -> Bool {
        guard var index, !index.isComplete else { return false }
        // (Taken out while it grows: its offsets are not copied on write.)
        self.index = nil
        let columnCount = index.columns.count
        do {
            try storage.withBytes { input throws(DataTableError) in
                try index.resume(input, until: index.bytesIndexed + bytes, releasing: storage.release)
            }
        } catch {
            self.index = index
            throw storage.hasShrunk ? .fileShrank : error
        }
        self.index = index
        if index.isComplete {
            storage.release(before: .max)
            if storage.hasShrunk { throw .fileShrank }
        }
        estimateRowTotal()
        settleIsland()
        guard index.columns.count != columnCount else { return false }
        columns = index.columns
        mapColumns()
        cache.removeAll()
        return true
    }

    /// Whether rows appended to the file can be shown as they are written (`follow`):
    /// the table is a mapped file of a record a line (JSON Lines, CSV or TSV), indexed
    /// to its end, its rows in file order and decoded as shown.
    package var canFollow: Bool {
        guard case .mapped = storage, order == nil, decodedRows == nil else { return false }
        return index?.canFollow ?? false
    }

    /// Indexes the rows of the whole lines appended to the file, `file` being the
    /// same file mapped again at its new size (see `RecordIndex.follow`).
    /// - Returns: whether rows were added (or the last read again whole), and whether
    ///   columns were found that were not there before.
    /// - Throws: `DataTableError` for an appended record that cannot be read (the
    ///   rows before it stay; following is over), `.fileShrank` for a file cut short.
    package func follow(_ file: any TableFile) throws(DataTableError) -> (grew: Bool, newColumns: Bool) {
        guard canFollow, var index else { return (false, false) }
        if file.hasShrunk { throw .fileShrank }
        storage = .mapped(file)
        self.index = nil
        let columnCount = index.columns.count
        let rows = index.count
        let grew: Bool
        do {
            grew = try index.follow(file.bytes)
        } catch {
            self.index = index
            throw error
        }
        self.index = index
        storage.release(before: .max)
        // A last row read again whole is decoded again.
        cache[rows - 1] = nil
        guard index.columns.count != columnCount, !picksColumns else { return (grew, false) }
        columns = index.columns
        mapColumns()
        cache.removeAll()
        return (grew, true)
    }

    /// The column `name` asks for (`--columns`, `--sort`): the key as it is, or as it is
    /// shown, its controls written out (`a\u{A}b` for a key with a line feed).
    /// - Throws: `.unknownColumn`.
    private static func column(named name: String, in columns: [String]) throws(DataTableError) -> String {
        if columns.contains(name) { return name }
        if let shown = columns.first(where: { TextWidth.escapingControls($0) == name }) { return shown }
        throw .unknownColumn(name, available: columns)
    }

    /// The records' order by the values of `column`, ties kept in input order. Objects
    /// bring their values from the index pass; arrays are decoded for it.
    private func sortedOrder(by column: Int, descending: Bool) -> [UInt32] {
        guard let index else { return [] }
        let values = index.shape == .objects
            ? index.sortValues
            : (0..<index.count).map { record in
                guard case .array(let items) = rawValue(in: index.range(of: record)), column < items.count else { return SortValue.missing }
                return SortValue(items[column])
            }
        return (0..<UInt32(index.count)).sorted { a, b in
            let (first, second) = (values[Int(a)], values[Int(b)])
            if first.precedes(second, descending: descending) { return true }
            if second.precedes(first, descending: descending) { return false }
            return a < b
        }
    }

    /// Number of rows.
    package var rowCount: Int { decodedRows?.count ?? index?.count ?? 0 }

    /// The values of row `row`, one per column (`nil` where the record lacks the key).
    package func row(_ row: Int) -> [JSONValue?] {
        if let decodedRows { return decodedRows[row] }
        if row >= rowCount { return unindexedRow(row) }
        // (A pass over every row reads each once: none is kept.)
        if readsInOrder { return decode(record(at: row)) }
        if let cached = cache[row] { return cached }
        let record = record(at: row)
        let values = decode(record)
        guard let range = index?.range(of: record), range.count <= Self.cachedRecordBytes else { return values }
        if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[row] = values
        return values
    }

    /// The value at a row and column, `nil` where the record lacks the key.
    package func value(row: Int, column: Int) -> JSONValue? {
        let values = self.row(row)
        return column < values.count ? values[column] : nil
    }

    /// Decodes every row now and keeps them all.
    package func decodeAll() {
        guard decodedRows == nil else { return }
        decodedRows = (0..<rowCount).map { decode(record(at: $0)) }
        cache.removeAll()
    }

    /// Whether row `row` may hold what `search` looks for, from its record's JSON
    /// without decoding it (read in place, in a mapped file too): false only when it
    /// cannot.
    package func mayMatch(row: Int, _ search: RecordSearch) -> Bool {
        // (The index is read in place, not bound: a copy of it costs a retain of each
        // of its arrays, a row.)
        guard decodedRows == nil else { return true }
        guard row < rowCount else {
            // Rows not indexed yet: records read ahead, or nothing to show yet.
            guard let range = unindexedRange(ofRow: row) else { return false }
            return storage.withBytesInPlace(in: range) { search.mayMatch($0, separator: index?.separator) }
        }
        guard let range = index?.range(of: record(at: row)) else { return true }
        let separator = index?.separator
        return withBytesPassedOver(range) { search.mayMatch($0, separator: separator) }
    }

    /// Calls `body` with the rows read one after another, every row once or twice (a
    /// dump: measured, then written): records are read where they are, in a mapped
    /// file too, and none is kept, as a search reads them; not copied out and cached
    /// as the rows a view shows are.
    package func readingInOrder<Result>(_ body: () throws -> Result) rethrows -> Result {
        let before = readsInOrder
        readsInOrder = true
        defer { readsInOrder = before }
        return try body()
    }

    private var readsInOrder = false

    /// Calls `body` with the bytes of `range`, read in place by a pass over many
    /// records (a search, `readingInOrder`): the pages it read are given back as it
    /// goes, so that it holds little of a file it reads whole.
    func withBytesPassedOver<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        notePassedOver(bytes: range.count)
        let result = storage.withBytesInPlace(in: range, body)
        // (A record of many megabytes is given back at once: a dump then holds its
        // text once, not its pages too.)
        if range.count >= Self.passedOverBytesKept {
            bytesPassedOver = 0
            storage.release(before: .max)
        }
        return result
    }

    /// Counts `count` bytes read in place by a pass over many records; gives back the
    /// mapped pages read once there are `passedOverBytesKept` of them.
    func notePassedOver(bytes count: Int) {
        bytesPassedOver += count
        if bytesPassedOver >= Self.passedOverBytesKept {
            bytesPassedOver = 0
            storage.release(before: .max)
        }
    }

    /// Bytes of a mapped file read in place since its pages were last given back.
    private var bytesPassedOver = 0
    private static let passedOverBytesKept = 8 << 20

    /// The record shown at `row`.
    private func record(at row: Int) -> Int {
        order.map { Int($0[row]) } ?? row
    }

    /// Reads the JSON record at `range` into `values` when it is an object (`true`);
    /// `false` when it is another value (or the records are delimited text), with
    /// nothing read; `nil` when its bytes no longer are JSON (the file changed since it
    /// was indexed).
    private func placeMembers(in range: Range<Int>, into values: inout [JSONValue?]) -> Bool? {
        guard index?.separator == nil else { return false }
        func place(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
            nextColumn = 0
            // (The index pass checked these bytes, unless the file changed since.)
            return try? JSONReader.parseMembers(bytes, into: &values, column: column(ofKey:))
        }
        let placed = readsInOrder ? withBytesPassedOver(range, place) : storage.withBytes(in: range, place)
        if placed != false { rowsDecoded += 1 }
        return placed
    }

    /// The JSON value of the record at `range`; `nil` when its bytes no longer are one
    /// (the file changed since it was indexed).
    func rawValue(in range: Range<Int>) -> JSONValue? {
        rowsDecoded += 1
        let separator = index?.separator
        func value(of bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
            if let separator { return .array(DelimitedText.values(of: bytes, separator: separator)) }
            // The index pass checked these bytes: they are one JSON value, unless the
            // file changed since.
            return try? JSONReader.parse(bytes)
        }
        return readsInOrder ? withBytesPassedOver(range, value) : storage.withBytes(in: range, value)
    }

    /// What a row shows in its first column when its record is no longer in the file.
    /// (Short: it shows in the first column, however narrow; a dump says more.)
    package static let lostRowNote = "(gone)"

    /// The values of record `record`, one per column shown; for a record no longer in
    /// the file, a note in the first column.
    private func decode(_ record: Int) -> [JSONValue?] {
        guard let range = index?.range(of: record) else { return [JSONValue?](repeating: nil, count: columns.count) }
        return decode(range: range)
    }

    /// The values of the record at `range` (see `decode(_:)`).
    func decode(range: Range<Int>) -> [JSONValue?] {
        var values = [JSONValue?](repeating: nil, count: columns.count)
        // Most records are objects: their members are read straight into the columns.
        switch placeMembers(in: range, into: &values) {
        case true?:
            return values
        case false?:
            // Arrays, and the rows of delimited text: each position to its column.
            guard case .array(let items) = rawValue(in: range) else { return lostRow() }
            for (position, item) in items.enumerated() where position < positionColumns.count {
                if let column = positionColumns[position] { values[column] = item }
            }
            return values
        case nil:
            return lostRow()
        }
    }

    /// The row of a record no longer in the file: a note in its first column.
    private func lostRow() -> [JSONValue?] {
        var values = [JSONValue?](repeating: nil, count: columns.count)
        guard !values.isEmpty else { return values }
        rowsLost += 1
        values[0] = .string(Self.lostRowNote)
        return values
    }
}

/// Where a table's JSON is: an array in memory, or a mapped file.
enum Storage {
    case memory([UInt8])
    case mapped(any TableFile)

    /// The input's length.
    var count: Int {
        switch self {
        case .memory(let bytes): bytes.count
        case .mapped(let file): file.bytes.count
        }
    }

    func withBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        switch self {
        case .memory(let bytes):
            let result = bytes.withUnsafeBufferPointer { buffer in
                Swift.Result { () throws(Failure) in try body(buffer) }
            }
            return try result.get()
        case .mapped(let file):
            return try body(file.bytes)
        }
    }

    /// The bytes in `range`: in place in memory, copied out of a file.
    func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch self {
        case .mapped(let file):
            return file.read(range).withUnsafeBufferPointer(body)
        case .memory:
            return withBytesInPlace(in: range, body)
        }
    }

    /// The bytes in `range` where they are, in memory or in the mapping (a search reads
    /// many rows, each once: not copied out as a shown row is).
    func withBytesInPlace<Result>(in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch self {
        case .memory(let bytes):
            return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
        case .mapped(let file):
            return body(UnsafeBufferPointer(rebasing: file.bytes[range.clamped(to: 0..<file.bytes.count)]))
        }
    }

    /// Gives back the mapped pages before `offset` (nothing for bytes in memory).
    func release(before offset: Int) {
        if case .mapped(let file) = self { file.release(before: offset) }
    }

    /// Whether the file shrank while mapped (bytes in memory never do).
    var hasShrunk: Bool {
        if case .mapped(let file) = self { return file.hasShrunk }
        return false
    }
}
