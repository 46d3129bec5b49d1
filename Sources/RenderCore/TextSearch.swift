/// Finding a query in text as the viewer does: a query without capitals matches any
/// case (smart case, as in `less -i`); and where matches show on a row, in columns,
/// so that they can be marked on screen.
package enum TextSearch {
    package static func contains(_ query: String, in text: String) -> Bool {
        if let found = bytesDecide(query, in: text) { return found }
        return !ranges(of: query, in: text).isEmpty
    }

    /// `contains` answered from the bytes for a query of printable ASCII, or `nil` when
    /// only characters can answer: a search goes through every row of a page, and most
    /// rows hold no match. In a text of printable ASCII alone each byte is a character
    /// (lowercasing only A-Z): the bytes answer. In other text, a character equal to an
    /// ASCII one (after lowercasing) is that ASCII byte, so a query whose bytes are not
    /// there is not there; except for the scalars that lowercase to ASCII or are
    /// canonically equivalent to it (`asciiLookalikes`), in whose presence the
    /// characters decide, as they do whenever the bytes are there.
    static func bytesDecide(_ query: String, in text: String) -> Bool? {
        var query = query
        var text = text
        return query.withUTF8 { query -> Bool? in
            text.withUTF8 { text -> Bool? in
                guard !query.isEmpty, TextWidth.isPrintableASCII(query) else { return nil }
                let foldsCase = !query.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
                let found = containsBytes(query, in: text, foldsCase: foldsCase)
                if TextWidth.isPrintableASCII(text) { return found }
                if found { return nil }
                let lookalike = asciiLookalikes.contains { scalar in
                    scalar.withUnsafeBufferPointer { containsBytes($0, in: text, foldsCase: false) }
                }
                return lookalike ? nil : false
            }
        }
    }

    /// The UTF-8 of the scalars that are not ASCII but match an ASCII character: the
    /// Kelvin sign (equivalent to K, lowercased to k), the Greek question mark (to `;`)
    /// and the Greek varia (to a grave accent).
    private static let asciiLookalikes: [[UInt8]] = ["\u{212A}", "\u{037E}", "\u{1FEF}"].map { Array($0.utf8) }

    /// Whether `query` occurs in `text` as bytes, A-Z in the text lowercased when
    /// `foldsCase`.
    private static func containsBytes(_ query: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, foldsCase: Bool) -> Bool {
        guard query.count <= text.count else { return false }
        let first = query[0]
        for start in 0...(text.count - query.count) {
            guard folded(text[start], foldsCase) == first else { continue }
            var matched = 1
            while matched < query.count, folded(text[start + matched], foldsCase) == query[matched] { matched += 1 }
            if matched == query.count { return true }
        }
        return false
    }

    /// `byte`, lowercased when `foldsCase` and it is A-Z.
    @inline(__always)
    private static func folded(_ byte: UInt8, _ foldsCase: Bool) -> UInt8 {
        foldsCase && byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    package static func ranges(of query: String, in text: String) -> [Range<String.Index>] {
        guard !query.isEmpty else { return [] }
        if query.contains(where: \.isUppercase) { return text.ranges(of: query) }
        // Lowercasing keeps the number of characters of most text but not of all
        // (U+0130), so match on a lowercased copy only when the counts agree.
        let lowered = text.lowercased()
        guard lowered.count == text.count else { return text.ranges(of: query) }
        return lowered.ranges(of: query).map { range in
            let lower = text.index(text.startIndex, offsetBy: lowered.distance(from: lowered.startIndex, to: range.lowerBound))
            let upper = text.index(lower, offsetBy: lowered.distance(from: range.lowerBound, to: range.upperBound))
            return lower..<upper
        }
    }

    /// Text as a row of cells shows it, with the column each of its characters starts
    /// at: what a search matches against to mark matches on screen.
    package struct ShownText {
        package private(set) var text = ""
        package private(set) var columns: [Int] = []
        /// The column after the last character.
        package private(set) var end = 0

        package init() {}

        /// Appends text drawn from the current end as `FrameBuffer.draw` draws it:
        /// zero-width graphemes take no cell, control characters show as U+FFFD.
        package mutating func append(drawn text: some StringProtocol) {
            for character in text {
                let width = TextWidth.columns(of: character)
                guard width > 0 else { continue }
                append(TextWidth.isPrintable(character) ? character : "\u{FFFD}", at: end, columns: width)
            }
        }

        /// Appends a character that starts at `column` (at or after the end) and takes
        /// `width` columns.
        package mutating func append(_ character: Character, at column: Int, columns width: Int) {
            text.append(character)
            columns.append(column)
            end = column + width
        }

        /// The columns where `query` shows, left to right.
        package func matchColumns(of query: String) -> [Range<Int>] {
            TextSearch.ranges(of: query, in: text).map { range in
                let first = text.distance(from: text.startIndex, to: range.lowerBound)
                let after = text.distance(from: text.startIndex, to: range.upperBound)
                return columns[first]..<(after < columns.count ? columns[after] : end)
            }
        }
    }

    /// The columns where `query` shows on row `row` of `buffer`, read from its cells.
    package static func matchColumns(of query: String, inRow row: Int, of buffer: FrameBuffer) -> [Range<Int>] {
        var shown = ShownText()
        for column in 0..<buffer.width where !buffer[column, row].isContinuation {
            let width = column + 1 < buffer.width && buffer[column + 1, row].isContinuation ? 2 : 1
            for character in buffer[column, row].grapheme { shown.append(character, at: column, columns: width) }
        }
        return shown.matchColumns(of: query)
    }
}
