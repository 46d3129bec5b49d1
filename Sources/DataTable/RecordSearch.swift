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
    private static let escapesShownOtherwise = Array("u/bf".utf8)

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
