/// How a table's file is written: JSON (an array of records, an object holding one,
/// or JSON Lines, told apart by their content) or delimited text, CSV (RFC 4180) or
/// TSV.
public enum TableFormat: String, Sendable, CaseIterable {
    /// JSON: an array of records or an object holding one (or JSON Lines: the content
    /// tells).
    case json
    /// JSON Lines, read as `json` is (the content tells the two apart).
    case jsonl
    /// Comma-separated values (RFC 4180).
    case csv
    /// Tab-separated values (IANA's `text/tab-separated-values`): a tab between
    /// fields, no quoting, so a field is shown as written, quotes and all.
    case tsv

    /// The format a file's name says (`.csv`, `.tsv` or `.tab`, `.json`, `.jsonl` or
    /// `.ndjson`), if any, before a compression's (`items.jsonl.gz`).
    public init?(pathExtensionOf path: String) {
        var name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        for compressed in [".gz", ".xz", ".bz2"] where name.hasSuffix(compressed) { name.removeLast(compressed.count) }
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...] {
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonl
        default: return nil
        }
    }

    /// The format `bytes` look like: JSON when they start with `[` or `{`, or when their
    /// first line has no comma or tab (a JSON error then says what is wrong); else
    /// TSV when that line has as many tabs as commas or more, else CSV.
    init(guessingFrom bytes: UnsafeBufferPointer<UInt8>) {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count, bytes[start] != UInt8(ascii: "["), bytes[start] != UInt8(ascii: "{") else {
            self = .json
            return
        }
        var commas = 0
        var tabs = 0
        for byte in bytes[start..<min(bytes.count, start + 65_536)] {
            if byte == 0x0A { break }
            if byte == UInt8(ascii: ",") { commas += 1 } else if byte == 0x09 { tabs += 1 }
        }
        self = commas + tabs == 0 ? .json : tabs >= commas ? .tsv : .csv
    }

    /// Whether the file holds a record a line (JSON Lines, CSV, TSV): such a file may
    /// be empty (a log not written to yet) and grow.
    public var holdsARecordALine: Bool { self != .json }

    /// The byte between fields, for delimited text.
    var separator: UInt8? {
        switch self {
        case .csv: UInt8(ascii: ",")
        case .tsv: 0x09
        case .json, .jsonl: nil
        }
    }
}

/// Records of delimited text: one a line, fields between separators. In CSV a field in
/// double quotes holds separators, line breaks and quotes written twice (RFC 4180); a
/// quote inside a field that does not start with one is text, and so is a quoted
/// field with text after its closing quote (kept as written, quotes and all). TSV has
/// no quoting. Lines end in LF, CRLF or CR; blank lines hold no record.
enum DelimitedText {
    /// The pass that finds where each record is (line ends excluded) and how many
    /// fields the widest has, checking that every quoted field closes; it can stop
    /// after a record and go on from there (`RecordIndex.resume`). `releasing` is told,
    /// every few megabytes, the offset before which the pass will not read again.
    struct Scan {
        let format: TableFormat
        let separator: UInt8
        /// Whether a field may be quoted (CSV; TSV has no quoting).
        private let quotes: Bool
        /// Where the next record is looked for.
        private(set) var position: Int
        /// Where `releasing` was last told the pass is.
        private var released = 0
        /// Fields of the widest record so far.
        private(set) var widest = 0
        /// The records found since they were last taken.
        var starts: [UInt32] = []
        var ends: [UInt32] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>, format: TableFormat, separator: UInt8) {
            self.format = format
            self.separator = separator
            quotes = DelimitedText.quotes(separator: separator)
            position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        /// Makes the scan read again from `position` (the start of a record it read).
        mutating func rewind(to position: Int) {
            self.position = position
        }

        /// Reads records until the pass is past `limit` after a whole record, or at the
        /// end of `bytes`.
        /// - Returns: whether it is at the end.
        /// - Throws: `DataTableError.invalidText` for a quoted field that never closes.
        mutating func records(_ bytes: UnsafeBufferPointer<UInt8>, until limit: Int, releasing: (Int) -> Void) throws(DataTableError) -> Bool {
            var index = position
            defer { position = index }
            while index < bytes.count {
                if index >= limit { return false }
                if bytes[index] == 0x0A || bytes[index] == 0x0D {
                    index += 1
                    continue
                }
                if index - released >= RecordIndex.releaseStep {
                    releasing(index)
                    released = index
                }
                let start = index
                var fields = 1
                var atFieldStart = true
                var end = bytes.count
                scan: while index < bytes.count {
                    let byte = bytes[index]
                    if atFieldStart, quotes, byte == UInt8(ascii: "\"") {
                        do {
                            index = try closingQuote(in: bytes, openedAt: index, format: format) + 1
                        } catch {
                            // The scan stops before the record it cannot read.
                            index = start
                            throw error
                        }
                        atFieldStart = false
                        continue
                    }
                    switch byte {
                    case separator:
                        fields += 1
                        atFieldStart = true
                        index += 1
                    case 0x0A:
                        end = index
                        index += 1
                        break scan
                    case 0x0D:
                        end = index
                        index += index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                        break scan
                    default:
                        atFieldStart = false
                        index += 1
                    }
                }
                starts.append(UInt32(start))
                ends.append(UInt32(end))
                widest = max(widest, fields)
            }
            return true
        }
    }

    /// Whether fields between `separator`s may be quoted: in CSV, not in TSV.
    static func quotes(separator: UInt8) -> Bool {
        separator != TableFormat.tsv.separator
    }

    /// Where the quote that closes the field quoted at `opening` is (a quote written
    /// twice is a quote of the text).
    private static func closingQuote(
        in bytes: UnsafeBufferPointer<UInt8>, openedAt opening: Int, format: TableFormat
    ) throws(DataTableError) -> Int {
        var index = opening + 1
        while let quote = bytes[index...].firstIndex(of: UInt8(ascii: "\"")) {
            guard quote + 1 < bytes.count, bytes[quote + 1] == UInt8(ascii: "\"") else { return quote }
            index = quote + 2
        }
        var reader = JSONReader(bytes: bytes)
        reader.position = opening
        let place = reader.location()
        throw .invalidText(
            format: format.rawValue.uppercased(), message: "a quoted field never closes", line: place.line, column: place.column,
            offset: place.offset)
    }

    /// The fields of one record (as `index` found it), unquoted.
    static func fields(of record: UnsafeBufferPointer<UInt8>, separator: UInt8) -> [String] {
        var fields: [String] = []
        forEachField(of: record, separator: separator) { fields.append(String(decoding: $0, as: UTF8.self)) }
        return fields
    }

    /// The values of one record's fields: a number where a field's text is a JSON
    /// number (`isNumber`), else the text.
    static func values(of record: UnsafeBufferPointer<UInt8>, separator: UInt8) -> [JSONValue] {
        var values: [JSONValue] = []
        forEachField(of: record, separator: separator) { field in
            let text = String(decoding: field, as: UTF8.self)
            values.append(isNumber(field) ? .number(text) : .string(text))
        }
        return values
    }

    /// Calls `body` with the UTF-8 of each field of one record, unquoted: a field with
    /// no quotes where it lies (every field of TSV), a quoted one without its quotes
    /// (gathered where it holds doubled quotes), and one with text after its closing
    /// quote as written.
    private static func forEachField(of record: UnsafeBufferPointer<UInt8>, separator: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let quotes = quotes(separator: separator)
        var unquoted: [UInt8] = []
        var index = 0
        while true {
            guard quotes, index < record.count, record[index] == UInt8(ascii: "\"") else {
                let end = record[index...].firstIndex(of: separator) ?? record.count
                body(UnsafeBufferPointer(rebasing: record[index..<end]))
                guard end < record.count else { return }
                index = end + 1
                continue
            }
            unquoted.removeAll(keepingCapacity: true)
            let opening = index
            index += 1
            var runStart = index
            var textEnd = record.count
            var hasPairs = false
            while index < record.count {
                while index < record.count, record[index] != UInt8(ascii: "\"") { index += 1 }
                guard index < record.count else { break }
                if index + 1 < record.count, record[index + 1] == UInt8(ascii: "\"") {
                    hasPairs = true
                    unquoted.append(contentsOf: UnsafeBufferPointer(rebasing: record[runStart...index]))
                    index += 2
                    runStart = index
                    continue
                }
                textEnd = index
                index += 1
                break
            }
            let end = record[index...].firstIndex(of: separator) ?? record.count
            if end > index {
                // Text after the closing quote: not RFC 4180's; the field as written.
                body(UnsafeBufferPointer(rebasing: record[opening..<end]))
            } else if hasPairs {
                unquoted.append(contentsOf: UnsafeBufferPointer(rebasing: record[runStart..<textEnd]))
                unquoted.withUnsafeBufferPointer(body)
            } else {
                body(UnsafeBufferPointer(rebasing: record[(opening + 1)..<textEnd]))
            }
            guard end < record.count else { return }
            index = end + 1
        }
    }

    /// Whether UTF-8 `text` is a number as JSON writes one (`-12.5e3`; not `007`,
    /// `1,000`): such a field is a number (it aligns right and sorts as one), any
    /// other is text.
    static func isNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func skip(_ byte: UInt8) -> Bool {
            guard index < text.count, text[index] == byte else { return false }
            index += 1
            return true
        }
        func digits() -> Int {
            let start = index
            while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        _ = skip(UInt8(ascii: "-"))
        let first = index
        let whole = digits()
        guard whole > 0, whole == 1 || text[first] != UInt8(ascii: "0") else { return false }
        if skip(UInt8(ascii: ".")) {
            guard digits() > 0 else { return false }
        }
        if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
            if !skip(UInt8(ascii: "+")) { _ = skip(UInt8(ascii: "-")) }
            guard digits() > 0 else { return false }
        }
        return index == text.count
    }
}
