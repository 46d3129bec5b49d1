/// The last records of a table, found by reading back from the input's end, so that
/// the end of a table is shown (and its columns planned from its last rows) before the
/// index pass gets there.
///
/// Read backwards from the end, where nothing is open, the structure is exact: in JSON,
/// a quote preceded by an even number of backslashes opens or closes a string, and
/// brackets outside strings nest; a record starts where the brackets close back to the
/// records' level. In TSV, and in CSV where no quote is written, a record is a line.
/// (In CSV with quotes a line feed may be inside a quoted field, and a quote may be text,
/// so that only the index pass, from the start, knows: no tail is read there.) Each
/// record found is then read forward as a row is, which confirms it.
package struct RecordTail: Sendable {
    /// How the records are laid out, as far as reading back needs.
    package enum Layout: Sendable {
        /// JSON values one after another (JSON Lines): records close at depth 0.
        case jsonValues
        /// A JSON array at the top level: records close at depth 1, between commas.
        case jsonArray
        /// Delimited text, a record a line, with quoting (CSV) or without (TSV).
        case lines(quoted: Bool)
    }

    /// The records' byte ranges, in input order, the last ending at the last record.
    package private(set) var ranges: [Range<Int>] = []
    /// Where reading back goes on: the end of the record before `ranges.first`.
    private var before: Int
    private let layout: Layout
    /// Whether reading back is over: a record found did not read as one.
    private var isStopped = false

    /// The last `count` records of `bytes` (fewer if fewer start past `floor`), or
    /// `nil` when its end is not one the layout allows.
    package init?(_ bytes: UnsafeBufferPointer<UInt8>, layout: Layout, count: Int, floor: Int) {
        self.layout = layout
        var end = Self.skippingSpace(bytes, before: bytes.count, floor: floor, layout: layout)
        if case .jsonArray = layout {
            guard end > floor, bytes[end - 1] == UInt8(ascii: "]") else { return nil }
            end = Self.skippingSpace(bytes, before: end - 1, floor: floor, layout: layout)
        }
        before = end
        extend(bytes, by: count, floor: floor)
        if ranges.isEmpty { return nil }
    }

    /// Reads up to `count` more records back from the first one found, none starting
    /// before `floor` (where the index pass has read to: the records before are its).
    /// It stops early at what is not a record (confirmed forward by the reader of
    /// the rows: bytes that are not one make no row).
    package mutating func extend(_ bytes: UnsafeBufferPointer<UInt8>, by count: Int, floor: Int) {
        var found: [Range<Int>] = []
        found.reserveCapacity(count)
        while !isStopped, found.count < count, before > floor, let start = recordStart(bytes, end: before, floor: floor) {
            found.append(start..<before)
            guard let next = separatorBefore(bytes, start: start, floor: floor) else {
                before = floor
                break
            }
            before = next
        }
        ranges.insert(contentsOf: found.reversed(), at: 0)
    }

    /// Drops the first `count` records (the last of them did not read as a record):
    /// reading back stops there.
    package mutating func dropRecords(before count: Int) {
        before = ranges[count - 1].upperBound
        ranges.removeFirst(count)
        isStopped = true
    }

    /// Where reading back stopped: no record before it is in `ranges`.
    package var readBackTo: Int { ranges.first?.lowerBound ?? before }

    /// Where the record that ends at `end` starts; `nil` for bytes that are not one.
    private func recordStart(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, floor: Int) -> Int? {
        switch layout {
        case .jsonValues, .jsonArray:
            return Self.jsonValueStart(bytes, end: end, floor: floor)
        case .lines(let quoted):
            var position = end
            while position > floor, bytes[position - 1] != 0x0A, bytes[position - 1] != 0x0D {
                if quoted, bytes[position - 1] == UInt8(ascii: "\"") { return nil }
                position -= 1
            }
            return position
        }
    }

    /// The end of the record before the one starting at `start`, past what separates
    /// them; `nil` when nothing is before it (`floor` or the array's start reached).
    private func separatorBefore(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, floor: Int) -> Int? {
        var position = Self.skippingSpace(bytes, before: start, floor: floor, layout: layout)
        if case .jsonArray = layout, position > floor {
            // A comma joins two records; anything else (the array's opening bracket)
            // ends them.
            guard bytes[position - 1] == UInt8(ascii: ",") else { return nil }
            position = Self.skippingSpace(bytes, before: position - 1, floor: floor, layout: layout)
        }
        return position > floor ? position : nil
    }

    /// Where the JSON object or array that ends at `end` opens, strings skipped;
    /// `nil` for another value or unbalanced brackets.
    private static func jsonValueStart(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, floor: Int) -> Int? {
        guard end > floor, bytes[end - 1] == UInt8(ascii: "}") || bytes[end - 1] == UInt8(ascii: "]") else { return nil }
        var depth = 0
        var position = end
        while position > floor {
            position -= 1
            switch bytes[position] {
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth -= 1
                if depth == 0 { return position }
            case UInt8(ascii: "\""):
                guard let opening = stringOpening(bytes, closing: position, floor: floor) else { return nil }
                position = opening
            default:
                break
            }
        }
        return nil
    }

    /// The quote that opens the string whose closing quote is at `closing`: the first
    /// quote back from it that no odd run of backslashes escapes.
    private static func stringOpening(_ bytes: UnsafeBufferPointer<UInt8>, closing: Int, floor: Int) -> Int? {
        var position = closing
        while position > floor {
            position -= 1
            guard bytes[position] == UInt8(ascii: "\"") else { continue }
            var backslashes = 0
            while position - backslashes - 1 >= floor, bytes[position - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return position }
        }
        return nil
    }

    /// `end` moved back over what separates records: JSON's white space, or the line
    /// ends of lines (a line's tabs and spaces are its fields').
    private static func skippingSpace(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int, floor: Int, layout: Layout) -> Int {
        var position = end
        if case .lines = layout {
            while position > floor, bytes[position - 1] == 0x0A || bytes[position - 1] == 0x0D { position -= 1 }
        } else {
            while position > floor, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position - 1]) { position -= 1 }
        }
        return position
    }
}
