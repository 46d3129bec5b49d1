internal import CUnicode

/// Line break opportunities by UAX #14, from ICU's line break iterator.
public enum LineBreaks {
    /// The UTF-8 offsets in `text` where a new line may start, ascending, excluding 0
    /// and ending with the text's UTF-8 length. ICU reads the UTF-8 in place.
    ///
    /// Break whole paragraphs at once: each call has a fixed cost. When ICU fails,
    /// falls back to breaking after every space.
    public static func opportunities(in text: String) -> [Int] {
        var text = text
        return text.withUTF8 { opportunities(inUTF8: $0) }
    }

    /// The break opportunities of UTF-8 `bytes`, as `opportunities(in:)` gives them.
    public static func opportunities(in bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { opportunities(inUTF8: $0) }
    }

    /// The break opportunities of UTF-8 `bytes`, as `opportunities(in:)` gives them.
    /// The plainest text is broken without ICU (`SimpleLineBreaks`), with the same
    /// result.
    public static func opportunities(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        SimpleLineBreaks.opportunities(in: bytes) ?? icuOpportunities(inUTF8: bytes)
    }

    /// Finds the break opportunities of UTF-8 `bytes`, as `opportunities(inUTF8:)`
    /// gives them, and for the plainest text (`SimpleLineBreaks`) the columns before
    /// each, in `scan`. For wrapping, which measures the text between opportunities:
    /// one pass over the text instead of two.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, into scan: inout Scan) {
        // The buffers only grow: their counts are their capacities.
        if scan.breakStorage.count <= bytes.count {
            scan.breakStorage = [Int](repeating: 0, count: max(bytes.count + 1, 2 * scan.breakStorage.count))
            scan.columnStorage = scan.breakStorage
        }
        let simpleCount = scan.breakStorage.withUnsafeMutableBufferPointer { breaks in
            scan.columnStorage.withUnsafeMutableBufferPointer { columns in
                SimpleLineBreaks.opportunities(in: bytes, breaks: breaks.baseAddress!, columns: columns.baseAddress!)
            }
        }
        if let simpleCount {
            scan.count = simpleCount
            scan.countsColumns = true
        } else {
            let breaks = icuOpportunities(inUTF8: bytes)
            scan.breakStorage.replaceSubrange(..<breaks.count, with: breaks)
            scan.count = breaks.count
            scan.countsColumns = false
        }
        scan.dropHeldHyphenBreaks(in: bytes)
    }

    /// Whether the break opportunity at `offset` is one wrapping holds: after a
    /// hyphen-minus inside a word (a letter or a digit before it, a letter after it:
    /// `pack-indexes`, not `-v` nor `1-2`). A line breaks there only when the word is
    /// wider than the line (w3m and links never break there; a reader copies
    /// `git-check-ref-format` whole).
    @inline(__always)
    package static func isHeldHyphenBreak(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset >= 2, offset < bytes.count, bytes[offset - 1] == 0x2D else { return false }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0xC0 }
        let before = bytes[offset - 2]
        // (A byte past 0x7F before the hyphen ends a letter of more than one byte.)
        return (isLetter(before) || (0x30...0x39).contains(before) || before >= 0x80) && isLetter(bytes[offset])
    }

    /// Whether `offset` is right after a number in brackets that a word goes on from
    /// (`[12]sans`: docscroll's mark of a link before its text, a footnote's mark): no
    /// break opportunity (UAX #14 keeps `]` with a letter), but where a word too wide
    /// for its line is best broken, and what a table column's narrowest width need
    /// not hold whole.
    @inline(__always)
    package static func followsBracketedNumber(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset >= 3, offset < bytes.count, bytes[offset - 1] == 0x5D, bytes[offset] != 0x20 else { return false }
        var index = offset - 2
        while index > 0, (0x30...0x39).contains(bytes[index]) { index -= 1 }
        return index < offset - 2 && bytes[index] == 0x5B
    }

    /// Where a word too wide for its line is best broken: after a hyphen inside it
    /// (`isHeldHyphenBreak`) or after a number in brackets (`followsBracketedNumber`).
    @inline(__always)
    package static func isPreferredWordBreak(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        isHeldHyphenBreak(in: bytes, at: offset) || followsBracketedNumber(in: bytes, at: offset)
    }

    /// Where a greedy wrap of UTF-8 `bytes` ends the line it fills from `start` (a
    /// break opportunity, or where the text starts) at most `width` columns wide,
    /// spaces at its end aside, and the line's columns: the text's end when the rest
    /// fits, else the last break opportunity that fits, found by reading only the
    /// bytes near the line's end (and, for text that is not all ASCII, measuring the
    /// line). `nil` when it cannot be found that way (scan the text instead).
    package static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, width: Int, isASCII: Bool) -> (end: Int, columns: Int)? {
        // (At a break wrapping holds, an earlier one may be the line's end: the scan
        // finds it.)
        guard let end = SimpleLineBreaks.lineEnd(in: bytes, from: start, width: width, isASCII: isASCII),
            !isHeldHyphenBreak(in: bytes, at: end.end)
        else { return nil }
        return end
    }

    /// What `scan(_:into:)` found, in buffers kept from paragraph to paragraph: the
    /// break opportunities wrapping takes (those it holds, `isHeldHyphenBreak`, left
    /// out).
    package struct Scan {
        fileprivate var breakStorage: [Int] = []
        fileprivate var columnStorage: [Int] = []
        /// The number of break opportunities.
        package fileprivate(set) var count = 0
        /// Whether the columns before each opportunity were counted.
        package fileprivate(set) var countsColumns = false

        package init() {}

        /// Drops the breaks wrapping holds (`isHeldHyphenBreak`), and their columns.
        fileprivate mutating func dropHeldHyphenBreaks(in bytes: UnsafeBufferPointer<UInt8>) {
            guard count > 1, bytes.contains(0x2D) else { return }
            var kept = 0
            for index in 0..<count where !LineBreaks.isHeldHyphenBreak(in: bytes, at: breakStorage[index]) {
                breakStorage[kept] = breakStorage[index]
                if countsColumns { columnStorage[kept] = columnStorage[index] }
                kept += 1
            }
            count = kept
        }

        /// The break opportunities, as offsets in the text.
        package var offsets: ArraySlice<Int> { breakStorage[..<count] }
        /// The columns before each, when `countsColumns`.
        package var columnCounts: ArraySlice<Int>? { countsColumns ? columnStorage[..<count] : nil }
    }

    /// The break opportunities ICU finds.
    static func icuOpportunities(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
        // Room for a break every few bytes (words are longer), so ICU runs once.
        var positions = [Int32](repeating: 0, count: bytes.count / 3 + 16)
        while true {
            let count = positions.withUnsafeMutableBufferPointer { out in
                docscroll_line_breaks_utf8(base, Int64(bytes.count), out.baseAddress, Int32(out.count))
            }
            if count < 0 {
                var result: [Int] = []
                for index in 0..<bytes.count where bytes[index] == 0x20 && index + 1 < bytes.count { result.append(index + 1) }
                return result + [bytes.count]
            }
            if Int(count) <= positions.count { return positions[0..<Int(count)].map(Int.init) }
            positions = [Int32](repeating: 0, count: Int(count))
        }
    }
}
