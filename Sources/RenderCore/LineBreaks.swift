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
    }

    /// Where a greedy wrap of UTF-8 `bytes` ends the line it fills from `start` (a
    /// break opportunity, or where the text starts) at most `width` columns wide,
    /// spaces at its end aside, and the line's columns: the text's end when the rest
    /// fits, else the last break opportunity that fits, found by reading only the
    /// bytes near the line's end (and, for text that is not all ASCII, measuring the
    /// line). `nil` when it cannot be found that way (scan the text instead).
    package static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, width: Int, isASCII: Bool) -> (end: Int, columns: Int)? {
        SimpleLineBreaks.lineEnd(in: bytes, from: start, width: width, isASCII: isASCII)
    }

    /// What `scan(_:into:)` found, in buffers kept from paragraph to paragraph.
    package struct Scan {
        fileprivate var breakStorage: [Int] = []
        fileprivate var columnStorage: [Int] = []
        /// The number of break opportunities.
        package fileprivate(set) var count = 0
        /// Whether the columns before each opportunity were counted.
        package fileprivate(set) var countsColumns = false

        package init() {}

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
