/// The records of one array (or of JSON Lines) as one pass finds them.
struct RecordScan {
    var items = 0
    /// Where the last item read (or being read) starts.
    private(set) var itemStart = 0
    var objects = 0
    var arrays = 0
    /// Whether the records are values one after another (JSON Lines), not an array's.
    private var isLines = false
    var objectStarts: [UInt32] = []
    var objectEnds: [UInt32] = []
    var arrayStarts: [UInt32] = []
    var arrayEnds: [UInt32] = []
    /// Items of the longest array record.
    var widestArray = 0
    var columns: [String] = []
    private var columnIndex: [String: Int] = [:]
    /// Each column's key as bytes, and the columns of the last record's members in
    /// order: records mostly repeat their keys in the same order, so a key is first
    /// compared with the one at its place in the last record, without a look-up.
    private var columnKeys: [[UInt8]] = []
    private var lastRecordColumns: [Int] = []
    /// The column whose values are kept for sorting: its name, and once seen its index.
    private let sortColumnName: String?
    private var sortColumn: Int?
    var sortValues: [SortValue] = []

    init(sortColumn: String?) {
        sortColumnName = sortColumn
    }
    /// Where `releasing` was last told the scan is; it is told every
    /// `RecordIndex.releaseStep` bytes.
    private var released = 0

    /// Whether the records' array was opened (its `[` read).
    private var isOpen = false

    /// Reads records from the reader's position (the array's `[`, or for JSON Lines the
    /// first value) or from where the last call stopped, until the reader is past
    /// `limit` after a whole record, or the records end.
    /// - Returns: whether the records ended (the array's `]` was read, or the input
    ///   ended).
    mutating func records(_ reader: inout JSONReader, lines: Bool, until limit: Int, releasing: (Int) -> Void) throws(DataTableError) -> Bool {
        isLines = lines
        reader.skipWhitespace()
        if lines {
            while reader.peek() != nil {
                try item(&reader, releasing: releasing)
                reader.skipWhitespace()
                if reader.position >= limit { return reader.peek() == nil }
            }
            return true
        }
        if !isOpen {
            guard reader.consume(UInt8(ascii: "[")) else {
                throw reader.error("expected an array of records, found \(reader.describeNext())")
            }
            isOpen = true
            reader.skipWhitespace()
            if reader.consume(UInt8(ascii: "]")) { return true }
        }
        repeat {
            reader.skipWhitespace()
            try item(&reader, releasing: releasing)
            guard try reader.moreItems(inObject: false) else { return true }
        } while reader.position < limit
        return false
    }

    private mutating func item(_ reader: inout JSONReader, releasing: (Int) -> Void) throws(DataTableError) {
        let start = reader.position
        itemStart = start
        if start - released >= RecordIndex.releaseStep {
            releasing(start)
            released = start
        }
        let kind = reader.peek()
        items += 1
        // Every record is of the first one's kind, an object or an array.
        let expected = objects > 0 ? UInt8(ascii: "{") : arrays > 0 ? UInt8(ascii: "[") : nil
        guard kind == UInt8(ascii: "{") || kind == UInt8(ascii: "["), expected == nil || kind == expected else {
            let shouldBe = expected.map { JSONReader.kindName(startingWith: $0) } ?? "a record (an object or an array)"
            throw reader.notARecord("\(isLines ? "value" : "item") \(items) is \(JSONReader.kindName(startingWith: kind)), not \(shouldBe)")
        }
        switch kind {
        case UInt8(ascii: "{"):
            try object(&reader)
            objects += 1
            objectStarts.append(UInt32(start))
            objectEnds.append(UInt32(reader.position))
        case UInt8(ascii: "["):
            widestArray = max(widestArray, try arrayItems(&reader))
            arrays += 1
            arrayStarts.append(UInt32(start))
            arrayEnds.append(UInt32(reader.position))
        default:
            break
        }
    }

    /// Checks a record object, noting its keys as columns.
    private mutating func object(_ reader: inout JSONReader) throws(DataTableError) {
        _ = reader.consume(UInt8(ascii: "{"))
        var sortValue = SortValue.missing
        defer { if sortColumnName != nil { sortValues.append(sortValue) } }
        reader.skipWhitespace()
        if reader.consume(UInt8(ascii: "}")) { return }
        var member = 0
        while true {
            reader.skipWhitespace()
            try reader.expectKeyQuote()
            let keyStart = reader.position
            let hasEscape = try reader.skipString()
            let key = UnsafeBufferPointer(rebasing: reader.bytes[(keyStart + 1)..<(reader.position - 1)])
            let column: Int
            if member < lastRecordColumns.count, !hasEscape, columnKeys[lastRecordColumns[member]].elementsEqual(key) {
                column = lastRecordColumns[member]
            } else {
                var name = String(decoding: key, as: UTF8.self)
                if hasEscape {
                    var keyReader = reader
                    keyReader.position = keyStart
                    name = try keyReader.parseString()
                }
                column = self.column(named: name)
            }
            if member < lastRecordColumns.count {
                lastRecordColumns[member] = column
            } else {
                lastRecordColumns.append(column)
            }
            member += 1
            reader.skipWhitespace()
            try reader.expectColon()
            reader.skipWhitespace()
            let valueStart = reader.position
            try reader.skipValue()
            if column == sortColumn {
                var valueReader = reader
                valueReader.position = valueStart
                sortValue = try SortValue(&valueReader, end: reader.position)
            }
            guard try reader.moreItems(inObject: true) else { return }
        }
    }

    private mutating func column(named name: String) -> Int {
        if let known = columnIndex[name] { return known }
        columnIndex[name] = columns.count
        if name == sortColumnName { sortColumn = columns.count }
        columns.append(name)
        columnKeys.append(Array(name.utf8))
        return columns.count - 1
    }

    /// Checks a record array.
    /// - Returns: how many items it holds.
    private mutating func arrayItems(_ reader: inout JSONReader) throws(DataTableError) -> Int {
        _ = reader.consume(UInt8(ascii: "["))
        reader.skipWhitespace()
        if reader.consume(UInt8(ascii: "]")) { return 0 }
        var count = 0
        repeat {
            try reader.skipValue()
            count += 1
        } while try reader.moreItems(inObject: false)
        return count
    }
}
