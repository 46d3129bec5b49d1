internal import CUnicode

/// Terminal column widths of grapheme clusters (UAX #11 with the emoji rules
/// terminals follow).
///
/// The width of a grapheme is decided by its first scalar, not by summing its
/// scalars: a skin-toned or ZWJ emoji sequence is one glyph two columns wide.
public enum TextWidth {
    /// Columns `character` takes: 0, 1 or 2.
    ///
    /// Zero-width graphemes (format characters such as U+200B, a lone combining mark)
    /// take no cell; layout drops them.
    /// - Complexity: O(1) for ASCII; one table look-up in ICU otherwise.
    @inlinable
    public static func columns(of character: Character) -> Int {
        if let ascii = character.asciiValue {
            return ascii >= 0x20 && ascii < 0x7F ? 1 : controlColumns
        }
        return nonASCIIColumns(of: character)
    }

    /// Columns a control character takes once replaced by U+FFFD.
    public static let controlColumns = 1

    /// Columns of a whole string: the sum over its graphemes. Text of printable ASCII
    /// and common CJK (`simpleColumns`) is measured from its UTF-8 without grapheme
    /// breaking. (Inlinable, so that callers get it specialized to their type: layout
    /// measures a prefix or a marker for every list item.)
    @inlinable
    public static func columns(of text: some StringProtocol) -> Int {
        if let simple = text.utf8.withContiguousStorageIfAvailable({ simpleColumns($0) }), let simple { return simple }
        var total = 0
        for character in text { total += columns(of: character) }
        return total
    }

    /// The longest start of `text` that fits in `columns` columns (a wide grapheme that
    /// would straddle the limit is left out, as a frame leaves it out).
    public static func prefix(of text: String, columns limit: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let next = columns(of: character)
            if used + next > limit { break }
            result.append(character)
            used += next
        }
        return result
    }

    /// The longest end of `text` that fits in `columns` columns (a wide grapheme that
    /// would straddle the limit is left out).
    public static func suffix(of text: String, columns limit: Int) -> String {
        var start = text.endIndex
        var used = 0
        while start > text.startIndex {
            let before = text.index(before: start)
            let next = columns(of: text[before])
            if used + next > limit { break }
            used += next
            start = before
        }
        return String(text[start...])
    }

    /// `text` with every grapheme that holds a control character replaced by U+FFFD,
    /// and zero-width graphemes dropped, as cells show it.
    public static func printable(_ text: String) -> String {
        var text = text
        // Most lines need no change.
        if text.withUTF8(isPrintableAsIs) { return text }
        var result = ""
        for character in text where columns(of: character) > 0 {
            result.append(isPrintable(character) ? character : "\u{FFFD}")
        }
        return result
    }

    /// The columns of UTF-8 `text` when it is made only of printable ASCII and of
    /// scalars of the Basic Multilingual Plane that are each a grapheme of their own
    /// next to any of these (letters, CJK ideographs, kana, Hangul syllables,
    /// punctuation, box drawing, bullets: `docscroll_simple_scalar_columns`), else
    /// `nil`. Most text of most pages is measured this way, a scalar at a time,
    /// without grapheme breaking.
    public static func simpleColumns(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let line = simpleColumns(upToLineFeedIn: text), line.bytes == text.count else { return nil }
        return line.columns
    }

    /// `simpleColumns` of the bytes of UTF-8 `text` before its first line feed (all of
    /// it when it has none), and how many bytes those are: a paragraph's text, which
    /// forced breaks cut into lines, measured and cut in one pass.
    package static func simpleColumns(upToLineFeedIn text: UnsafeBufferPointer<UInt8>) -> (columns: Int, bytes: Int)? {
        var columns = 0
        var index = 0
        while index < text.count {
            // Eight bytes at a time while they are printable ASCII, a column each.
            if index + 8 <= text.count, isPrintableASCII(UnsafeRawPointer(text.baseAddress! + index).loadUnaligned(as: UInt64.self)) {
                columns += 8
                index += 8
                continue
            }
            if text[index] == 0x0A { return (columns, index) }
            guard let character = simpleCharacter(at: index, in: text) else { return nil }
            columns += character.columns
            index += character.length
        }
        return (columns, index)
    }

    /// The length in bytes and the columns of the character at `index` of UTF-8
    /// `text` when it is printable ASCII or a scalar `simpleColumns` measures, else
    /// `nil` (a line feed too).
    @inline(__always)
    static func simpleCharacter(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> (length: Int, columns: Int)? {
        let lead = text[index]
        if lead < 0x80 { return lead >= 0x20 && lead < 0x7F ? (1, 1) : nil }
        // CJK ideographs from U+5000 to U+9FFF take two columns each, and are not
        // looked up (a test checks the lookup agrees).
        if lead >= 0xE5, lead <= 0xE9, index + 2 < text.count, text[index + 1] & 0xC0 == 0x80, text[index + 2] & 0xC0 == 0x80 {
            return (3, 2)
        }
        let scalar: UInt32
        let length: Int
        if lead >= 0xC2, lead < 0xE0, index + 1 < text.count {
            scalar = UInt32(lead & 0x1F) << 6 | UInt32(text[index + 1] & 0x3F)
            length = 2
        } else if lead >= 0xE0, lead < 0xF0, index + 2 < text.count {
            scalar = UInt32(lead & 0x0F) << 12 | UInt32(text[index + 1] & 0x3F) << 6 | UInt32(text[index + 2] & 0x3F)
            length = 3
        } else {
            return nil
        }
        let width = docscroll_simple_scalar_columns(scalar)
        return width > 0 ? (length, Int(width)) : nil
    }

    /// Whether every byte of `text` is printable ASCII (0x20 to 0x7E): text a byte a
    /// column, with no line feed, which a wrap cuts by offsets without measuring it.
    package static func isPrintableASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 8 <= text.count {
            guard isPrintableASCII(UnsafeRawPointer(text.baseAddress! + index).loadUnaligned(as: UInt64.self)) else { return false }
            index += 8
        }
        while index < text.count {
            guard text[index] >= 0x20, text[index] < 0x7F else { return false }
            index += 1
        }
        return true
    }

    /// Whether each of the eight bytes of `word` is printable ASCII (0x20 to 0x7E).
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        // No byte of 0x80 or more; then none below 0x20 (subtracting 0x20 borrows
        // into the high bit), and none equal to 0x7F (a zero byte after XOR).
        guard word & highBits == 0 else { return false }
        let below = (word &- ones &* 0x20) & ~word & highBits
        let delete = word ^ (ones &* 0x7F)
        return below == 0 && (delete &- ones) & ~delete & highBits == 0
    }

    /// Whether a segment break (a line feed in the source) between this scalar and
    /// another such one is removed rather than collapsed to a space (CSS Text 3: East
    /// Asian Width F, W or H, and not Hangul): "中文\n字" reads "中文字".
    package static func joinsAcrossSegmentBreak(_ scalar: UInt32) -> Bool {
        scalar >= 0x1100 && docscroll_joins_across_segment_break(scalar) != 0
    }

    /// Columns of a scalar `simpleColumns` measures on its own; 0 for any other.
    static func simpleScalarColumns(_ scalar: UInt32) -> Int {
        Int(docscroll_simple_scalar_columns(scalar))
    }

    /// Whether `printable` would leave UTF-8 `text` as it is: it holds no control
    /// character and no zero-width scalar. Judged scalar by scalar, without grapheme
    /// breaking, so it is cheap; a zero-width scalar inside a grapheme (which
    /// `printable` keeps) makes it answer `false`, which only costs the slow path.
    public static func isPrintableAsIs(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < text.count {
            // Eight bytes at a time while they are printable ASCII.
            if index + 8 <= text.count, isPrintableASCII(UnsafeRawPointer(text.baseAddress! + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let lead = text[index]
            // CJK ideographs (U+4000 to U+9FFF: none is a control or takes no column)
            // are not looked up.
            if lead >= 0xE4, lead <= 0xE9, index + 3 <= text.count {
                index += 3
                continue
            }
            if lead < 0x80 {
                if lead < 0x20 || lead == 0x7F { return false }
                index += 1
                continue
            }
            // A well-formed sequence (the text came from a `String`): 2, 3 or 4 bytes.
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard index + length <= text.count else { return false }
            var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<length { scalar = scalar << 6 | UInt32(text[index + offset] & 0x3F) }
            // Scalars `simpleColumns` measures on its own (box drawing, bullets,
            // punctuation: table borders and rules) are looked up in its cached table.
            if scalar < 0xA0 || scalar == 0x2028 || scalar == 0x2029
                || (docscroll_simple_scalar_columns(scalar) == 0 && docscroll_scalar_columns(scalar) == 0) {
                return false
            }
            index += length
        }
        return true
    }

    /// Whether `character` can be sent to a terminal as it is: it holds no control
    /// scalar (`isControl`).
    public static func isPrintable(_ character: Character) -> Bool {
        for scalar in character.unicodeScalars where isControl(scalar) {
            return false
        }
        return true
    }

    /// Whether a terminal would act on `scalar` rather than draw it: C0 and C1
    /// controls (general category Cc) and the line and paragraph separators (U+2028,
    /// U+2029, which terminals draw as nothing or as a line break).
    @inlinable
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// `text` with every control scalar (`isControl`) written out as an escape
    /// (`\u{1B}`), the rest as it is: for text from input shown where it must be read
    /// and never acted on (a file name in an error message, a table's value).
    public static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// A scalar written out as an escape: `\u{1B}`.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    @usableFromInline
    static func nonASCIIColumns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isControl(first) { return controlColumns }
        // A regional-indicator pair is a flag.
        if (0x1F1E6...0x1F1FF).contains(first.value) { return scalars.count > 1 ? 2 : 1 }
        if docscroll_is_emoji_presentation(first.value) != 0 { return 2 }
        if scalars.contains("\u{FE0F}") && docscroll_is_emoji(first.value) != 0 { return 2 }
        return Int(docscroll_scalar_columns(first.value))
    }
}
