/// Where the records of a table are in its JSON input, found in one pass that checks
/// the whole input, so that a row is decoded only when it is shown.
///
/// The input is a JSON array of records, an object holding one somewhere (the largest
/// array of objects, or the one at `path`), or JSON Lines (one record per line).
/// Records are objects (columns: the union of their keys, in first-seen order) or
/// arrays (columns: the first row, or numbers), all of one kind: any other value among
/// them is an error that says where it is, since in a file of records every value
/// counts. A UTF-8 byte order mark before the JSON is skipped.
public struct RecordIndex: Sendable {
    /// What each record is: an object or an array.
    package enum RowShape: Sendable {
        /// Each record is an object; a value's column is its key's.
        case objects
        /// Each record is an array; a value's column is its position.
        case arrays
    }

    /// How the records are found.
    public struct Options: Sendable {
        /// Keys (and array positions) from the top-level value to the array of records;
        /// `nil` to take the largest array of objects.
        public var path: [String]?
        /// For arrays of arrays: whether the first one names the columns.
        public var firstRowIsHeader: Bool
        /// The columns to show, in this order; `nil` for all of them.
        public var columns: [String]?
        /// The column rows are sorted by (stable; numbers as numbers).
        public var sortColumn: String?
        /// Whether rows are sorted from the largest value down.
        public var sortsDescending: Bool
        /// How the file is written; `nil` to tell from its content.
        public var format: TableFormat?

        /// Options for the largest array of objects, every column, in file order,
        /// unless told otherwise.
        public init(
            path: [String]? = nil, firstRowIsHeader: Bool = true, columns: [String]? = nil, sortColumn: String? = nil,
            sortsDescending: Bool = false, format: TableFormat? = nil
        ) {
            self.format = format
            self.path = path
            self.firstRowIsHeader = firstRowIsHeader
            self.columns = columns
            self.sortColumn = sortColumn
            self.sortsDescending = sortsDescending
        }
    }

    /// The columns shown, in order: the keys of the records (or the header row, or
    /// numbers), or `Options.columns`.
    package private(set) var columns: [String] = []
    /// Whether the records are objects or arrays (rows of delimited text are arrays).
    package private(set) var shape: RowShape
    /// For delimited text, the byte between fields (`nil` for JSON).
    package let separator: UInt8?
    /// For records that are objects, with `Options.sortColumn`: each record's value in
    /// that column, read in the same pass.
    package private(set) var sortValues: [SortValue] = []
    /// Byte offsets where each record starts and ends.
    private var starts: [UInt32] = []
    private var ends: [UInt32] = []
    /// For records that are arrays with a header row: the names it gives.
    private var headerNames: [String]?
    /// The pass over the records while it has not reached their end: it goes on from
    /// where it stopped (`resume`).
    private var pass: Pass?
    /// Bytes of the input the pass has gone through.
    package private(set) var bytesIndexed = 0
    /// For records a line each (JSON Lines, CSV, TSV), in file order: the pass once it
    /// reached the end of the input, kept so that records appended later can be
    /// indexed from where it stopped (`follow`).
    private var endedPass: Pass?
    /// Whether the pass is kept at the end (see `endedPass`).
    private var keepsEndedPass = false
    /// Whether a record cut short by the end of the input is one being written, which
    /// the pass waits before (while following) rather than an error.
    private var waitsForUnfinishedRecords = false

    /// Whether every record is indexed.
    package var isComplete: Bool { pass == nil }

    /// How the last records can be read back from the input's end before the pass
    /// gets there (`RecordTail`); `nil` where they cannot (records at a path, whose
    /// array may not end the input, or the whole input read at once).
    package private(set) var tailLayout: RecordTail.Layout?

    /// Whether records appended to the input can be indexed (`follow`): they are a
    /// record a line (JSON Lines, CSV or TSV), shown in file order, and every record
    /// of the input so far is indexed.
    package var canFollow: Bool { isComplete && endedPass != nil }

    /// Number of records.
    package var count: Int { starts.count }

    /// Bytes the index pass reads between telling `releasing` where it is: about the
    /// most of a mapped file resident during the pass.
    static let releaseStep = 4 << 20

    /// Where record `row` is in the input.
    package func range(of row: Int) -> Range<Int> {
        Int(starts[row])..<Int(ends[row])
    }

    /// The record that starts at byte `offset`, if one does (records are in input
    /// order: found by halving).
    package func record(startingAt offset: Int) -> Int? {
        let found = firstPosition(in: starts.count) { Int(starts[$0]) >= offset }
        return found < starts.count && Int(starts[found]) == offset ? found : nil
    }

    /// The first record that ends past byte `offset`: the one holding it, or the next
    /// (`count` when none does).
    package func firstRecord(endingAfter offset: Int) -> Int {
        firstPosition(in: ends.count) { Int(ends[$0]) > offset }
    }

    /// The last record that starts at or before byte `offset` (`-1` when none does).
    package func lastRecord(startingAtOrBefore offset: Int) -> Int {
        firstPosition(in: starts.count) { Int(starts[$0]) > offset } - 1
    }

    /// Indexes the records of `bytes` (at most 4 GiB), in the format `options` says or
    /// its content shows. `releasing` is told, every few megabytes, the offset before
    /// which the records pass will not read again.
    /// - Throws: `DataTableError.invalidJSON` or `.invalidText` where the input cannot
    ///   be read, `.notARecord` for a value among the records that is not one, `.noRows`
    ///   when it holds no records.
    package init(
        _ bytes: UnsafeBufferPointer<UInt8>, options: Options = Options(), releasing: (Int) -> Void = { _ in }
    ) throws(DataTableError) {
        try self.init(bytes, options: options, indexingUpTo: .max, releasing: releasing)
    }

    /// Indexes the records of `bytes` as far as the first one past byte `limit`, where
    /// the records can be indexed a part at a time (`resume` goes on): a JSON array at
    /// the top level or at `Options.path`, JSON Lines, CSV or TSV, rows neither sorted
    /// nor picked. Other inputs are indexed whole.
    package init(
        _ bytes: UnsafeBufferPointer<UInt8>, options: Options, indexingUpTo limit: Int, releasing: (Int) -> Void = { _ in }
    ) throws(DataTableError) {
        let format = options.format ?? TableFormat(guessingFrom: bytes)
        // (Sorting and picking columns need every record.)
        let partLimit = options.sortColumn == nil && options.columns == nil ? limit : .max
        if let separator = format.separator {
            try self.init(delimited: bytes, format: format, separator: separator, options: options, indexingUpTo: partLimit, releasing: releasing)
        } else {
            try self.init(json: bytes, options: options, indexingUpTo: partLimit, releasing: releasing)
        }
    }

    /// Indexes JSON records (see the type's description) up to `limit` where it can.
    private init(json bytes: UnsafeBufferPointer<UInt8>, options: Options, indexingUpTo limit: Int, releasing: (Int) -> Void) throws(DataTableError) {
        separator = nil
        shape = .objects
        var reader = JSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipWhitespace()
        let topLevel = reader.position
        let recordsStart: Int
        var isLines = false
        var partial = true
        if let path = options.path {
            recordsStart = try reader.find(path)
        } else if options.format == .jsonl, reader.peek() == UInt8(ascii: "{") || reader.peek() == nil {
            // Said to be JSON Lines (by `--format` or a `.jsonl` name): a record a
            // line, however many lines (one object alone is one row, not a document;
            // none, a table of no rows yet, as a fresh log is).
            isLines = true
            recordsStart = topLevel
        } else if reader.peek() == UInt8(ascii: "[") {
            recordsStart = reader.position
        } else {
            let first = reader.peek()
            try reader.skipValue()
            reader.skipWhitespace()
            if first == UInt8(ascii: "{"), reader.peek() != nil {
                // More values follow the first object: JSON Lines.
                isLines = true
                recordsStart = topLevel
            } else {
                try reader.expectEnd()
                reader.position = topLevel
                recordsStart = try reader.largestArrayOfObjects()
                // (The whole input was read to find the records.)
                partial = false
            }
        }
        keepsEndedPass = isLines && options.sortColumn == nil
        if isLines {
            tailLayout = .jsonValues
        } else if options.path == nil, recordsStart == topLevel {
            tailLayout = .jsonArray
        }
        pass = .json(JSONPass(
            scan: RecordScan(sortColumn: options.sortColumn), position: recordsStart, isLines: isLines,
            checksEnd: !isLines && options.path == nil && recordsStart == topLevel, firstRowIsHeader: options.firstRowIsHeader))
        try resume(bytes, until: partial ? limit : .max, releasing: releasing)
    }

    /// Goes on indexing records from where the pass stopped, as far as the first
    /// record past byte `limit` (or the end). `bytes` is the same input.
    /// - Throws: as `init`; the pass is then over.
    package mutating func resume(_ bytes: UnsafeBufferPointer<UInt8>, until limit: Int, releasing: (Int) -> Void = { _ in }) throws(DataTableError) {
        // (Taken out while it runs: its arrays are not copied on write.)
        switch pass {
        case .json(var json):
            pass = nil
            do {
                let ended = try resume(&json, in: bytes, until: limit, releasing: releasing)
                keep(.json(json), ended: ended)
            } catch {
                guard waitsForUnfinishedRecords, case .invalidJSON(_, _, _, let offset, _) = error, offset >= bytes.count else { throw error }
                // The records before it are taken; the pass waits at the unfinished one.
                json.position = json.scan.itemStart
                json.scan.items -= 1
                bytesIndexed = json.position
                endedPass = .json(json)
            }
        case .delimited(var delimited):
            pass = nil
            do {
                let ended = try resume(&delimited, in: bytes, until: limit, releasing: releasing)
                keep(.delimited(delimited), ended: ended)
            } catch {
                // (A quoted field that never closes ran to the end of the input.)
                guard waitsForUnfinishedRecords, case .invalidText = error else { throw error }
                bytesIndexed = delimited.scan.position
                endedPass = .delimited(delimited)
            }
        case nil:
            return
        }
    }

    /// Keeps a pass that stopped: to go on with it, or, once the records ended, to
    /// follow them (where the input can grow).
    private mutating func keep(_ stopped: Pass, ended: Bool) {
        if !ended {
            pass = stopped
        } else if keepsEndedPass {
            endedPass = stopped
        }
    }

    /// Indexes the records of the whole lines appended to the input since the records
    /// ended (or since the last call), as `tail -f` reads a growing file: `bytes` is
    /// the same input, grown. A last line not ended yet waits for a later call (it is
    /// being written), as does a record not finished at the last line end (a quoted
    /// field, or a JSON value, over several lines); a record that was read to the
    /// input's old end without a line end, and goes on in what was appended, is taken
    /// out and read again whole.
    /// - Returns: whether records were added or read again.
    /// - Throws: as `init`, for a record appended that cannot be read; following is
    ///   then over, the records before it staying.
    package mutating func follow(_ bytes: UnsafeBufferPointer<UInt8>) throws(DataTableError) -> Bool {
        guard pass == nil, let ended = endedPass, bytes.count > bytesIndexed else { return false }
        var position = bytesIndexed
        guard let lastLineFeed = bytes[position...].lastIndex(of: 0x0A) else { return false }
        let lineEnd = lastLineFeed + 1
        // The last record ran to the old end: unless a line end follows it, it goes on.
        var restarted = ended
        let rereads = ends.last.map { Int($0) == position && bytes[position] != 0x0A && bytes[position] != 0x0D } ?? false
        if rereads {
            position = Int(starts.removeLast())
            ends.removeLast()
            restarted.rewind(to: position)
        }
        endedPass = nil
        pass = restarted
        bytesIndexed = position
        let rows = count
        waitsForUnfinishedRecords = true
        defer { waitsForUnfinishedRecords = false }
        try resume(UnsafeBufferPointer(rebasing: bytes[..<lineEnd]), until: .max)
        return count != rows || rereads
    }

    /// `resume` for JSON records.
    /// - Returns: whether the records ended.
    private mutating func resume(
        _ pass: inout JSONPass, in bytes: UnsafeBufferPointer<UInt8>, until limit: Int, releasing: (Int) -> Void
    ) throws(DataTableError) -> Bool {
        var reader = JSONReader(bytes: bytes)
        reader.position = pass.position
        let ended: Bool
        do {
            ended = try pass.scan.records(&reader, lines: pass.isLines, until: limit, releasing: releasing)
        } catch {
            // The records before the fault stay.
            try take(from: &pass, in: bytes)
            throw error
        }
        if ended, pass.checksEnd {
            reader.skipWhitespace()
            try reader.expectEnd()
        }
        pass.position = reader.position
        bytesIndexed = ended ? bytes.count : reader.position
        try take(from: &pass, in: bytes)
        guard ended else { return false }
        // (JSON Lines of no lines yet are a table of no rows that may grow.)
        guard pass.isLines || pass.scan.items > 0 else { throw .noRows("the JSON array is empty: there are no rows") }
        guard pass.isLines || !starts.isEmpty else { throw .noRows("there are no rows") }
        guard starts.isEmpty || !columns.isEmpty else { throw .noRows("the records have no keys: there are no columns") }
        return true
    }

    /// `resume` for delimited text.
    /// - Returns: whether the records ended.
    private mutating func resume(
        _ pass: inout DelimitedPass, in bytes: UnsafeBufferPointer<UInt8>, until limit: Int, releasing: (Int) -> Void
    ) throws(DataTableError) -> Bool {
        let ended: Bool
        do {
            ended = try pass.scan.records(bytes, until: limit, releasing: releasing)
        } catch {
            // The records before the fault stay.
            take(from: &pass, in: bytes)
            throw error
        }
        bytesIndexed = ended ? bytes.count : pass.scan.position
        take(from: &pass, in: bytes)
        guard ended else { return false }
        // A header alone (or nothing) is a table of no rows, that may grow; unless it
        // is JSON read as delimited text.
        guard !starts.isEmpty else {
            var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
            guard start < bytes.count, bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{") else { return true }
            throw .noRows(
                "the \(pass.scan.format.rawValue.uppercased()) file has no rows" + (pass.firstRowIsHeader ? " under its header" : "")
                    + " (it looks like JSON: --format json reads it so)")
        }
        return true
    }

    /// Moves the rows a delimited pass found since the last call into the index, the
    /// first taken for the column names when it names them.
    private mutating func take(from pass: inout DelimitedPass, in bytes: UnsafeBufferPointer<UInt8>) {
        append(&pass.scan.starts, &pass.scan.ends, projecting: bytes.count)
        if pass.firstRowIsHeader, headerNames == nil, !starts.isEmpty {
            headerNames = DelimitedText.fields(of: UnsafeBufferPointer(rebasing: bytes[range(of: 0)]), separator: pass.scan.separator)
            starts.removeFirst()
            ends.removeFirst()
        }
        // Rows longer than the header get numbered columns of their own.
        let named = headerNames ?? []
        columns = named + (named.count..<max(named.count, pass.scan.widest)).map { String($0 + 1) }
    }

    /// Moves the records the pass found since the last call into the index, and their
    /// columns.
    private mutating func take(from pass: inout JSONPass, in bytes: UnsafeBufferPointer<UInt8>) throws(DataTableError) {
        if pass.scan.objects > 0 {
            shape = .objects
            columns = pass.scan.columns
            append(&pass.scan.objectStarts, &pass.scan.objectEnds, projecting: bytes.count)
            Self.move(&pass.scan.sortValues, to: &sortValues)
        } else if pass.scan.arrays > 0 {
            shape = .arrays
            append(&pass.scan.arrayStarts, &pass.scan.arrayEnds, projecting: bytes.count)
            if pass.firstRowIsHeader, headerNames == nil, !starts.isEmpty {
                let header = try JSONReader.parse(UnsafeBufferPointer(rebasing: bytes[range(of: 0)]))
                starts.removeFirst()
                ends.removeFirst()
                guard case .array(let names) = header else { throw .noRows("the first row is not an array") }
                headerNames = names.map(ValueText.text(of:))
            }
            // Rows longer than the header get numbered columns of their own.
            let named = headerNames ?? []
            columns = named + (named.count..<max(named.count, pass.scan.widestArray)).map { String($0 + 1) }
        }
    }
}

extension RecordIndex {
    /// Moves the offsets a part found to the index's, emptying the part's. The index's
    /// room is made once for as many records as the input is projected to hold (from
    /// the bytes read so far), so that it does not double as it grows: doubling would
    /// hold the old and the new room at once, 1.5 times the offsets of the whole table.
    private mutating func append(_ partStarts: inout [UInt32], _ partEnds: inout [UInt32], projecting inputBytes: Int) {
        let total = starts.count + partStarts.count
        if starts.capacity < total, !starts.isEmpty, bytesIndexed > 0 {
            let projected = Int(Double(total) * Double(inputBytes) / Double(bytesIndexed) * 1.02) + 1
            starts.reserveCapacity(max(total, projected))
            ends.reserveCapacity(max(total, projected))
        }
        Self.move(&partStarts, to: &starts)
        Self.move(&partEnds, to: &ends)
    }

    /// Appends `part` to `whole` and empties it, keeping its room; moved whole (not
    /// copied) when `whole` is empty.
    private static func move<Element>(_ part: inout [Element], to whole: inout [Element]) {
        if whole.isEmpty {
            swap(&whole, &part)
        } else {
            whole += part
            part.removeAll(keepingCapacity: true)
        }
    }
}

/// Where a pass over the records stands between two parts.
private enum Pass {
    case json(JSONPass)
    case delimited(DelimitedPass)

    /// Makes the pass read again from byte `position`, the start of the last record
    /// it read (taken out of the index again).
    mutating func rewind(to position: Int) {
        switch self {
        case .json(var json):
            json.position = position
            json.scan.items -= 1
            self = .json(json)
        case .delimited(var delimited):
            delimited.scan.rewind(to: position)
            self = .delimited(delimited)
        }
    }
}

/// Where a pass over delimited text stands between two parts.
private struct DelimitedPass {
    var scan: DelimitedText.Scan
    let firstRowIsHeader: Bool
}

/// Where a pass over JSON records stands between two parts.
private struct JSONPass {
    var scan: RecordScan
    /// Where the next part starts reading.
    var position: Int
    let isLines: Bool
    /// Whether only white space may follow the records (a top-level array).
    let checksEnd: Bool
    let firstRowIsHeader: Bool
}

extension RecordIndex {
    /// Indexes delimited text: a record a line, its first for the column names (or
    /// numbers, without a header row), as far as the first record past byte `limit`.
    /// A row with fewer fields than the widest lacks the values of the last columns;
    /// a row with more than the header names gets numbered columns for them.
    private init(
        delimited bytes: UnsafeBufferPointer<UInt8>, format: TableFormat, separator: UInt8, options: Options, indexingUpTo limit: Int,
        releasing: (Int) -> Void
    ) throws(DataTableError) {
        self.separator = separator
        shape = .arrays
        keepsEndedPass = options.sortColumn == nil
        tailLayout = .lines(quoted: DelimitedText.quotes(separator: separator))
        pass = .delimited(DelimitedPass(scan: DelimitedText.Scan(bytes, format: format, separator: separator), firstRowIsHeader: options.firstRowIsHeader))
        try resume(bytes, until: limit, releasing: releasing)
    }
}
