/// What a search looks for in a record's JSON before decoding it: a search through a
/// million rows reads their bytes once (over 100 MB in a fraction of a second) and
/// decodes only the records that may hold the query.
///
/// A row's searched text is its values shown, joined by spaces (`TableComponent`), so
/// any run of the query without spaces lies inside one value; a value shows its JSON
/// text as it is but for the white space of nested values (queries with JSON's
/// punctuation are not filtered) and for escapes: `\n`, `\t` and `\r` show as written,
/// `\"` and `\\` as a quote and a backslash, which such a run does not hold, and the
/// others (`\u00e9`, `\/`, `\b`, `\f`) otherwise: a record that has one is decoded.
/// So a record whose bytes lack the query's longest run without spaces, in either case
/// of its ASCII letters when the search ignores case, cannot hold it.
package struct RecordSearch: Sendable {
    /// The bytes every match holds (lowercase when the search ignores case); `nil`
    /// when no byte test can rule a record out.
    let needle: [UInt8]?
    /// Whether the query has no capitals, so that it matches any case (as `TextSearch`).
    let ignoresCase: Bool

    /// A filter for `query`, searched as `TextSearch` searches (smart case).
    package init(query: String) {
        let ignoresCase = !query.contains(where: \.isUppercase)
        self.ignoresCase = ignoresCase
        let longest = query.split(separator: " ").max { $0.utf8.count < $1.utf8.count }.map { Array($0.utf8) } ?? []
        // JSON's punctuation may show otherwise than written (nested values are shown
        // compact); beyond ASCII, case and canonical equivalence are Unicode's.
        let isFilterable = !longest.isEmpty && longest.allSatisfy { $0 >= 0x20 && $0 < 0x7F && !Self.punctuation.contains($0) }
        needle = isFilterable ? longest.map { ignoresCase ? Self.lowercased($0) : $0 } : nil
    }

    private static let punctuation = Array(#"[]{},:"\"#.utf8)
    /// The letters after a backslash of the escapes that do not show as written.
    static let escapesShownOtherwise = Array("u/bf".utf8)

    /// Whether a record's JSON (or, with a `separator`, line of delimited text) may
    /// hold the query: false only when it cannot. In delimited text a field's line
    /// breaks and tabs are text, shown written out (`\n`), so a record that has one is
    /// decoded.
    func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8? = nil) -> Bool {
        guard let needle, let first = needle.first else { return true }
        if let separator, bytes.contains(where: { $0 < 0x20 && $0 != separator }) { return true }
        // U+212A KELVIN SIGN lowercases to an ASCII k: where the query has one, a
        // record with the sign may match.
        let kelvinMatters = ignoresCase && needle.contains(UInt8(ascii: "k"))
        let last = bytes.count - needle.count
        var index = 0
        var isEscaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if isEscaped {
                isEscaped = false
            } else if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                if Self.escapesShownOtherwise.contains(bytes[index + 1]) { return true }
                isEscaped = true
            }
            if kelvinMatters, byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x84, bytes[index + 2] == 0xAA { return true }
            if index <= last, (ignoresCase ? Self.lowercased(byte) : byte) == first, matches(needle, in: bytes, at: index) { return true }
            index += 1
        }
        return false
    }

    /// Whether a run of records is read as one: a filter rules out records only with a
    /// needle (see `firstStop`).
    var passesOverRuns: Bool { needle != nil }

    /// The first byte of `bytes[range]` (one record or many, with what is between them)
    /// where a record that may hold the query shows it: where the needle's first and
    /// last bytes are as far apart as in the needle (in either case), a backslash before
    /// `u`, `/`, `b` or `f` (an escape shown otherwise), the Kelvin sign's first byte where it matters, or in delimited text a
    /// control byte other than the separator and a line feed (`mayMatch`'s tests). A
    /// record with none of these cannot hold the query, so the records before the
    /// first stop are passed over unread, sixteen bytes at a time. `nil` when there is
    /// none (or no needle: every byte may stop). A needle from the range's end may run
    /// past it, as far as `bytes` go.
    func firstStop(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, separator: UInt8?) -> Int? {
        guard let stops = StopBytes(self, separator: separator), let base = bytes.baseAddress else { return range.lowerBound }
        var index = range.lowerBound
        // (Sixteen at a time while the needle's last bytes are in `bytes`.)
        let wholeEnd = min(range.upperBound, bytes.count - stops.readsPast)
        while index + 16 <= wholeEnd {
            let lanes = stops.lanes(base + index)
            if lanes.low != 0 { return index + lanes.low.trailingZeroBitCount / 8 }
            if lanes.high != 0 { return index + 8 + lanes.high.trailingZeroBitCount / 8 }
            index += 16
        }
        return (index..<range.upperBound).first { stops.stops(in: bytes, at: $0) }
    }

    /// The first stop of `bytes[range]` going down, or the last going up.
    func stop(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, separator: UInt8?, forward: Bool) -> Int? {
        forward ? firstStop(in: bytes, range, separator: separator) : lastStop(in: bytes, range, separator: separator)
    }

    /// The last byte of `bytes[range]` where a record may show the query (see
    /// `firstStop`), found from the end.
    func lastStop(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, separator: UInt8?) -> Int? {
        guard let stops = StopBytes(self, separator: separator), let base = bytes.baseAddress else { return range.upperBound - 1 }
        var end = range.upperBound
        // (A byte at a time where the needle's last bytes would be past `bytes`.)
        let wholeEnd = max(range.lowerBound, min(end, bytes.count - stops.readsPast))
        while end > wholeEnd {
            end -= 1
            if stops.stops(in: bytes, at: end) { return end }
        }
        while end - 16 >= range.lowerBound {
            let lanes = stops.lanes(base + end - 16)
            if lanes.high != 0 { return end - 16 + 15 - lanes.high.leadingZeroBitCount / 8 }
            if lanes.low != 0 { return end - 16 + 7 - lanes.low.leadingZeroBitCount / 8 }
            end -= 16
        }
        return (range.lowerBound..<end).last { stops.stops(in: bytes, at: $0) }
    }

    /// The bytes a record may show the query at, tested sixteen at a time: the
    /// needle's first byte with its last byte where it would be.
    private struct StopBytes {
        let first: UInt8
        let foldFirst: UInt8
        let last: UInt8
        let foldLast: UInt8
        /// How far the needle's last byte is from its first.
        let lastOffset: Int
        /// Bytes past sixteen read to test sixteen: the needle's last ones, the one
        /// after an escape's backslash.
        var readsPast: Int { max(lastOffset, 1) }
        let kelvinMatters: Bool
        let separator: UInt8?

        init?(_ search: RecordSearch, separator: UInt8?) {
            guard let needle = search.needle, let first = needle.first, let last = needle.last else { return nil }
            func fold(_ byte: UInt8) -> UInt8 {
                search.ignoresCase && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? 0x20 : 0
            }
            self.first = first
            foldFirst = fold(first)
            self.last = last
            foldLast = fold(last)
            lastOffset = needle.count - 1
            kelvinMatters = search.ignoresCase && needle.contains(UInt8(ascii: "k"))
            self.separator = separator
        }

        func stops(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
            let byte = bytes[index]
            let isEscape = byte == UInt8(ascii: "\\") && index + 1 < bytes.count && RecordSearch.escapesShownOtherwise.contains(bytes[index + 1])
            if isEscape || (kelvinMatters && byte == 0xE2) || (separator != nil && byte < 0x20 && byte != separator && byte != 0x0A) {
                return true
            }
            return byte | foldFirst == first && index + lastOffset < bytes.count && bytes[index + lastOffset] | foldLast == last
        }

        /// Each of the sixteen bytes from `pointer` all ones where it stops, as two
        /// words (the needle's last bytes, `lastOffset` further, are read too).
        @inline(__always)
        func lanes(_ pointer: UnsafePointer<UInt8>) -> (low: UInt64, high: UInt64) {
            let bytes = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
            let lastBytes = UnsafeRawPointer(pointer + lastOffset).loadUnaligned(as: SIMD16<UInt8>.self)
            // (Masks as bytes, combined as bytes: the masks' own operators measured
            // a lane at a time here.)
            func lanes(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD16<UInt8> { unsafeBitCast(mask, to: SIMD16<UInt8>.self) }
            var mask = lanes((bytes | SIMD16(repeating: foldFirst)) .== SIMD16(repeating: first))
                & lanes((lastBytes | SIMD16(repeating: foldLast)) .== SIMD16(repeating: last))
            let next = UnsafeRawPointer(pointer + 1).loadUnaligned(as: SIMD16<UInt8>.self)
            let escapes = lanes(next .== SIMD16(repeating: UInt8(ascii: "u"))) | lanes(next .== SIMD16(repeating: UInt8(ascii: "/")))
                | lanes(next .== SIMD16(repeating: UInt8(ascii: "b"))) | lanes(next .== SIMD16(repeating: UInt8(ascii: "f")))
            mask |= lanes(bytes .== SIMD16(repeating: UInt8(ascii: "\\"))) & escapes
            mask |= lanes(bytes .== SIMD16(repeating: 0xE2)) & SIMD16(repeating: kelvinMatters ? 0xFF : 0)
            if let separator {
                mask |= lanes(bytes .< SIMD16(repeating: 0x20)) & ~lanes(bytes .== SIMD16(repeating: separator)) & ~lanes(bytes .== SIMD16(repeating: 0x0A))
            }
            let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
            return (words[0], words[1])
        }
    }

    private func matches(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        for offset in 1..<needle.count {
            let byte = bytes[start + offset]
            if (ignoresCase ? Self.lowercased(byte) : byte) != needle[offset] { return false }
        }
        return true
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
