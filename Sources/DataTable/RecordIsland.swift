/// Records of a table read from the middle of its input, where a reader jumped before
/// the index pass got there (`50%` on a table of millions of rows), so that they show
/// at once rather than when the pass reaches them.
///
/// In the middle of an input nothing says whether a byte is inside a string, so an
/// island is only read where a record is a line: TSV (no quoting: a line feed always
/// ends a record), and JSON Lines whose lines each hold one whole record. A line
/// start is found from a byte, and taken only when the lines from it read as records
/// (`confirmedLines`): a line of a pretty-printed value (a member, a nested object
/// and its comma) does not. From there lines are read forward, and back when a view
/// scrolls up.
package struct RecordIsland: Sendable {
    /// How a line is a record.
    package enum Layout: Sendable {
        /// A JSON value a line, of the kind whose first byte is given (`{` or `[`).
        case jsonLines(opening: UInt8)
        /// A line of delimited text without quoting.
        case lines
    }

    /// The records' byte ranges, in input order, one after another (blank lines
    /// between them hold none).
    package private(set) var ranges: [Range<Int>] = []
    /// Where reading forward goes on: the start of the line after the last record.
    private var next: Int
    private let layout: Layout
    /// Whether reading back stopped at a line that is not a record.
    private var isStoppedBack = false
    /// Whether reading forward stopped at a line that is not a record.
    private var isStoppedForward = false

    /// Lines that must read as records, one after another, for a line start found in
    /// the middle to be taken as a record's.
    static let confirmedLines = 3
    /// Line starts tried from the byte asked for before giving up.
    static let triedLines = 64

    /// The records of up to `count` lines from the first line start at or past
    /// `offset` whose lines read as records, none reaching `ceiling`; `nil` when none
    /// is found among the first `triedLines` lines.
    package init?(_ bytes: UnsafeBufferPointer<UInt8>, layout: Layout, near offset: Int, count: Int, ceiling: Int) {
        self.layout = layout
        var start = Self.lineStart(bytes, atOrAfter: offset)
        for _ in 0..<Self.triedLines where start < ceiling {
            next = start
            ranges = []
            isStoppedForward = false
            extendForward(bytes, by: Self.confirmedLines, ceiling: ceiling)
            if !isStoppedForward, ranges.count == Self.confirmedLines || next >= ceiling, !ranges.isEmpty {
                extendForward(bytes, by: count - ranges.count, ceiling: ceiling)
                return
            }
            start = Self.lineStart(bytes, atOrAfter: start + 1)
        }
        return nil
    }

    /// Where reading back stopped: no record before it is in `ranges`.
    package var readBackTo: Int { ranges.first?.lowerBound ?? next }
    /// Where reading forward stopped: no record after it is in `ranges`.
    package var readForwardTo: Int { next }

    /// Reads up to `count` more lines forward, none starting at or past `ceiling`;
    /// stops at a line that is not a record.
    package mutating func extendForward(_ bytes: UnsafeBufferPointer<UInt8>, by count: Int, ceiling: Int) {
        var added = 0
        while !isStoppedForward, added < count, next < min(ceiling, bytes.count) {
            let end = Self.lineEnd(bytes, from: next, layout: layout)
            if let record = record(bytes, line: next..<end) {
                ranges.append(record)
                added += 1
            } else if !Self.isBlank(bytes, next..<end) {
                isStoppedForward = true
                break
            }
            // (Past the line end: a blank line starts where it ends.)
            next = min(end + 1, bytes.count)
        }
    }

    /// Reads up to `count` more lines back, none starting before `floor`; stops at a
    /// line that is not a record, or one cut by `floor`.
    package mutating func extendBack(_ bytes: UnsafeBufferPointer<UInt8>, by count: Int, floor: Int) {
        var found: [Range<Int>] = []
        var end = readBackTo
        while !isStoppedBack, found.count < count, end > floor {
            // Back over the line end before the first record, and blank lines.
            while end > floor, Self.endsLine(bytes[end - 1], layout) || Self.isSpace(bytes[end - 1], layout) { end -= 1 }
            guard end > floor else { break }
            var start = end
            while start > floor, !Self.endsLine(bytes[start - 1], layout) { start -= 1 }
            guard start > floor || floor == 0 || Self.endsLine(bytes[floor - 1], layout), let record = record(bytes, line: start..<end) else {
                isStoppedBack = true
                break
            }
            found.append(record)
            end = start
        }
        ranges.insert(contentsOf: found.reversed(), at: 0)
    }

    /// Drops the records starting before `offset` (the index pass has read them).
    package mutating func dropRecords(before offset: Int) {
        ranges.removeAll { $0.lowerBound < offset }
    }

    /// The record a line holds, white space around it left out (for JSON); `nil` when
    /// it holds none.
    private func record(_ bytes: UnsafeBufferPointer<UInt8>, line: Range<Int>) -> Range<Int>? {
        switch layout {
        case .lines:
            var end = line.upperBound
            while end > line.lowerBound, bytes[end - 1] == 0x0D { end -= 1 }
            return end > line.lowerBound ? line.lowerBound..<end : nil
        case .jsonLines(let opening):
            var start = line.lowerBound
            var end = line.upperBound
            while start < end, Self.isSpace(bytes[start], layout) { start += 1 }
            while end > start, Self.isSpace(bytes[end - 1], layout) { end -= 1 }
            guard start < end, bytes[start] == opening else { return nil }
            var reader = JSONReader(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            guard (try? reader.skipValue()) != nil, reader.position == end - start else { return nil }
            return start..<end
        }
    }

    /// The start of the first line at or past `offset` (`offset` itself at the input's
    /// start or after a line end).
    private static func lineStart(_ bytes: UnsafeBufferPointer<UInt8>, atOrAfter offset: Int) -> Int {
        var position = offset
        if position == 0 { return 0 }
        while position < bytes.count, bytes[position - 1] != 0x0A, bytes[position - 1] != 0x0D { position += 1 }
        return position
    }

    /// The first line start at or past `offset` inside `bounds` (its end when none is).
    static func lineStart(_ bytes: UnsafeBufferPointer<UInt8>, atOrAfter offset: Int, within bounds: Range<Int>) -> Int {
        var position = max(offset, bounds.lowerBound)
        guard position > bounds.lowerBound else { return position }
        while position < bounds.upperBound, bytes[position - 1] != 0x0A, bytes[position - 1] != 0x0D { position += 1 }
        return min(position, bounds.upperBound)
    }

    /// The line that holds byte `offset`, inside `bounds` (a line start at
    /// `bounds.lowerBound`), its line end not in it.
    static func line(_ bytes: UnsafeBufferPointer<UInt8>, holding offset: Int, within bounds: Range<Int>, layout: Layout) -> Range<Int> {
        var start = offset
        while start > bounds.lowerBound, !endsLine(bytes[start - 1], layout) { start -= 1 }
        return start..<min(lineEnd(bytes, from: offset, layout: layout), bounds.upperBound)
    }

    /// Where the line from `start` ends (its line end not in it).
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, layout: Layout) -> Int {
        var position = start
        while position < bytes.count, !endsLine(bytes[position], layout) { position += 1 }
        return position
    }

    /// Whether `byte` ends a line: a line feed, or in delimited text a carriage return
    /// too (its lines may end in CR alone). In JSON a carriage return is white space.
    private static func endsLine(_ byte: UInt8, _ layout: Layout) -> Bool {
        if case .lines = layout { return byte == 0x0A || byte == 0x0D }
        return byte == 0x0A
    }

    /// Whether `byte` is white space around a record: JSON's.
    private static func isSpace(_ byte: UInt8, _ layout: Layout) -> Bool {
        guard case .jsonLines = layout else { return false }
        return byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        line.allSatisfy { [0x20, 0x09, 0x0D].contains(bytes[$0]) }
    }
}
