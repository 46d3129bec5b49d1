/// Where a row's text is among lines, as a count of text characters: what wrapping at
/// another width does not change. A resize finds the row at the top again by it: the
/// row at the new width that holds the same character.
enum TextPlace {
    /// The text characters of lines `rows` of `lines`.
    static func count(in lines: LineStore, rows: Range<Int>) -> Int {
        rows.clamped(to: 0..<lines.count).reduce(0) { $0 + count(lines.plainText(ofLine: $1)) }
    }

    /// The first of lines `rows` of `lines` whose text holds the text character after
    /// the first `count`; `nil` past their text.
    static func row(in lines: LineStore, rows: Range<Int>, holding count: Int) -> Int? {
        var seen = 0
        for line in rows.clamped(to: 0..<lines.count) {
            seen += Self.count(lines.plainText(ofLine: line))
            if seen > count { return line }
        }
        return nil
    }

    /// Characters other than white space and box drawing (borders and quote bars,
    /// which wrapping at another width repeats or moves).
    static func count(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { count, scalar in
            scalar.properties.isWhitespace || (0x2500...0x257F).contains(scalar.value) ? count : count + 1
        }
    }
}
