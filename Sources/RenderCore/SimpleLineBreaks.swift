/// UAX #14 without ICU for printable ASCII text and the plainest CJK: letters,
/// digits, spaces and the punctuation of prose and code, typographic quotes and
/// dashes, CJK ideographs, kana, Hangul syllables and the common CJK punctuation,
/// which is most of the text of most pages.
/// Text with any other character, or with the prefix and postfix signs of numbers
/// (`$ + \ %`, whose rules ICU tailors), is left to ICU (`nil`). Tests compare every
/// string of up to five ASCII characters of one of each class, every string of four
/// with the CJK classes too, and many longer ones, with ICU.
///
/// The classes, as Unicode gives them to these characters: letters and `# & * < = > @
/// ^ _ ` ~` AL, digits NU, space SP, `, . : ;` IS, `( [ {` OP, `) ]` CP, `}` and
/// `、。，．」』）` CL, `" '` and `‘ ’ “ ” « »` QU, `! ?` EX, `-` HY, `/` SY, `| –` BA,
/// `—` B2, `…` IN, `¶ © • ◦` AL, ideographs, kana and syllables ID (H2, H3), `「『（` OP
/// of East Asian width. The rules are UAX #14's as ICU implements them (Unicode
/// 15.0).
enum SimpleLineBreaks {
    private enum Class: UInt8 {
        case letter, digit, space, infix, open, closeParenthesis, close, quote, exclamation, hyphen, symbol, after
        /// `—` (B2) and `…` (IN).
        case emDash, ellipsis
        /// CJK ideographs, kana and Hangul syllables (ID, H2, H3), and the opening
        /// brackets of CJK text (OP, but East Asian wide: LB30 leaves them out).
        case ideograph, wideOpen
    }

    private static let classes: [Class?] = (0..<128).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): .letter
        case UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">"),
            UInt8(ascii: "@"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "~"):
            .letter
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
        case UInt8(ascii: " "): .space
        case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"): .infix
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): .open
        case UInt8(ascii: ")"), UInt8(ascii: "]"): .closeParenthesis
        case UInt8(ascii: "}"): .close
        case UInt8(ascii: "\""), UInt8(ascii: "'"): .quote
        case UInt8(ascii: "!"), UInt8(ascii: "?"): .exclamation
        case UInt8(ascii: "-"): .hyphen
        case UInt8(ascii: "/"): .symbol
        case UInt8(ascii: "|"): .after
        default: nil
        }
    }

    /// The break opportunities of `bytes` as ICU gives them, or `nil` when a byte is
    /// not one of the simple characters.
    static func opportunities(in bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        var isSimple = true
        // (Written in place, never zeroed first; the columns are not kept.)
        let breaks = [Int](unsafeUninitializedCapacity: bytes.count + 1) { breaks, initialized in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: bytes.count + 1) { columns in
                let count = opportunities(in: bytes, breaks: breaks.baseAddress!, columns: columns.baseAddress!)
                isSimple = count != nil
                initialized = count ?? 0
            }
        }
        return isSimple ? breaks : nil
    }

    /// Writes the break opportunities of `bytes` as ICU gives them to `breaks`, and
    /// the columns of the text before each to `columns` (counted as the characters
    /// are classified), and gives how many there are; `nil` when a byte is not one of
    /// the simple characters. Each buffer has room for `bytes.count + 1` (a break
    /// can follow every byte).
    static func opportunities(
        in bytes: UnsafeBufferPointer<UInt8>, breaks: UnsafeMutablePointer<Int>, columns: UnsafeMutablePointer<Int>
    ) -> Int? {
        guard !bytes.isEmpty else { return 0 }
        var count = 0
        return classes.withUnsafeBufferPointer { classes in
            /// The class of the character at `index`, its length in bytes and the
            /// columns it takes.
            func character(at index: Int) -> (kind: Class, length: Int, width: Int)? {
                let lead = bytes[index]
                if lead < 128 { return classes[Int(lead)].map { ($0, 1, 1) } }
                if lead == 0xC2, index + 1 < bytes.count {
                    return latin1Class(bytes[index + 1]).map { ($0, 2, TextWidth.simpleScalarColumns(UInt32(bytes[index + 1]))) }
                }
                guard lead >= 0xE0, lead < 0xF0, index + 2 < bytes.count else { return nil }
                let scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                // (Most ideographs, two columns each as `TextWidth.simpleColumns` counts them.)
                if scalar >= 0x5000, scalar <= 0x9FFF { return (.ideograph, 3, 2) }
                return wideClass(scalar).map { ($0, 3, TextWidth.simpleScalarColumns(scalar)) }
            }
            guard let first = character(at: 0) else { return nil }
            var previous = first.kind
            var index = first.length
            // Columns minus bytes of the characters before `index`: the columns before
            // `index` are `index + excess` (ASCII adds a column a byte).
            var excess = first.width - first.length
            func addBreak(at offset: Int) {
                breaks[count] = offset
                columns[count] = offset + excess
                count += 1
            }
            // The class before `previous` (`nil` at the start), that of the last
            // character before the spaces that end here (`nil` before the first), and
            // whether the characters since the last digit are all digits and
            // separators (a number goes on: LB25).
            var beforePrevious: Class?
            var beforeSpaces: Class? = previous == .space ? nil : previous
            var inNumber = previous == .digit
            // `beforeSpaces` as it was at `previous`.
            var spacesBeforePrevious: Class?
            var upcoming = index < bytes.count ? character(at: index) : nil
            while index < bytes.count {
                // After two letters, a letter changes nothing and allows no break
                // (LB28): a run of them is passed over at once. So is a space and two
                // letters, with the break before the first (LB18), which ends in the
                // same state: most prose is passed over this way.
                if previous == .letter, beforePrevious == .letter {
                    func isLetter(_ offset: Int) -> Bool { Self.isLetter(bytes[offset], classes) }
                    var end = index
                    while true {
                        end = endOfASCIILetters(in: bytes, from: end)
                        while end < bytes.count, isLetter(end) { end += 1 }
                        guard end + 2 < bytes.count else { break }
                        if bytes[end] == 0x20, isLetter(end + 1), isLetter(end + 2) {
                            addBreak(at: end + 1)
                            end += 3
                        } else if bytes[end] < 128, classes[Int(bytes[end])] == .infix {
                            // So are `, . ; :` with two letters after (LB29: a
                            // separator holds to a letter, as in `os.path`), or a space
                            // and two letters, with the break before the first (`a, b`).
                            if isLetter(end + 1), isLetter(end + 2) {
                                end += 3
                            } else if end + 3 < bytes.count, bytes[end + 1] == 0x20, isLetter(end + 2), isLetter(end + 3) {
                                addBreak(at: end + 2)
                                end += 4
                            } else {
                                break
                            }
                        } else {
                            break
                        }
                    }
                    if end > index {
                        index = end
                        guard index < bytes.count else { break }
                        upcoming = character(at: index)
                    }
                }
                // Likewise after two ideographs (kana, syllables), but with a break
                // before each (LB31).
                if previous == .ideograph, beforePrevious == .ideograph, upcoming?.kind == .ideograph {
                    while let next = upcoming, next.kind == .ideograph {
                        addBreak(at: index)
                        excess += next.width - next.length
                        index += next.length
                        upcoming = index < bytes.count ? character(at: index) : nil
                    }
                    guard index < bytes.count else { break }
                }
                guard let (current, length, width) = upcoming else { return nil }
                let nextIndex = index + length
                upcoming = nextIndex < bytes.count ? character(at: nextIndex) : nil
                if nextIndex < bytes.count, upcoming == nil { return nil }
                let context = Context(
                    beforePrevious: beforePrevious, beforeSpaces: beforeSpaces, inNumber: inNumber, next: upcoming?.kind,
                    hyphenStartsWord: beforePrevious == nil
                        || beforePrevious == .space && spacesBeforePrevious != .open && spacesBeforePrevious != .wideOpen)
                if isBreak(between: previous, and: current, context) { addBreak(at: index) }
                excess += width - length
                spacesBeforePrevious = beforeSpaces
                if current != .space { beforeSpaces = current }
                switch current {
                case .digit: inNumber = true
                case .symbol, .infix: break
                default: inNumber = false
                }
                beforePrevious = previous
                previous = current
                index = nextIndex
            }
            addBreak(at: bytes.count)
            return count
        }
    }

    /// The line a greedy wrap would fill from `start` (a break opportunity, or where
    /// the text starts) with text of simple widths (`TextWidth.simpleColumns`) at most
    /// `width` columns wide, spaces at its end aside: the end of the text when what is
    /// left fits, else the last break opportunity that fits; and the columns of the
    /// line, its spaces at the end included. `nil` when that is not found here: no
    /// place as below within the line, or a character ICU is left with near its end.
    /// With `isASCII` (all of `bytes` is), a byte is a column.
    ///
    /// Only the bytes near the line's end are scanned for breaks: a break falls
    /// after a space with a letter, a digit or a closing parenthesis before it and a
    /// letter, a digit or an opening bracket after it (LB18; of the rules that hold
    /// across spaces, LB14 to LB17, none has such a class before the spaces and one
    /// of these after, and LB13 forbids no break before them), and a scan that starts
    /// at the character before the space stands, past the space, as the scan of the
    /// whole text would (no rule looks back past a break and its spaces). The last
    /// such place within the line is found going back from its end, and the
    /// opportunities after it are scanned from there (with a few bytes after, which
    /// the rules look ahead to). Text that is not ASCII is measured up to the line's
    /// end first.
    static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, width: Int, isASCII: Bool) -> (end: Int, columns: Int)? {
        // Bytes `start..<limit` fit, `limitColumns` wide; so do the spaces after them.
        var limit = start
        var limitColumns = 0
        if isASCII {
            var contentEnd = bytes.count
            while contentEnd > start, bytes[contentEnd - 1] == 0x20 { contentEnd -= 1 }
            guard contentEnd - start > width else { return (bytes.count, bytes.count - start) }
            limit = start + width
            limitColumns = width
        } else {
            while limit < bytes.count {
                // Eight bytes at a time while they are printable ASCII and fit.
                if limit + 8 <= bytes.count, limitColumns + 8 <= width,
                   TextWidth.isPrintableASCII(UnsafeRawPointer(bytes.baseAddress! + limit).loadUnaligned(as: UInt64.self)) {
                    limit += 8
                    limitColumns += 8
                    continue
                }
                guard let (length, columns) = TextWidth.simpleCharacter(at: limit, in: bytes) else { return nil }
                if limitColumns + columns > width { break }
                limit += length
                limitColumns += columns
            }
        }
        var spacesEnd = limit
        while spacesEnd < bytes.count, bytes[spacesEnd] == 0x20 { spacesEnd += 1 }
        guard spacesEnd < bytes.count else { return (bytes.count, limitColumns + bytes.count - limit) }
        var restart = spacesEnd
        classes.withUnsafeBufferPointer { classes in
            while restart >= start + 2,
                  !(bytes[restart - 1] == 0x20 && startsAfterSpace(bytes[restart], classes) && endsBeforeSpace(bytes[restart - 2], classes)) {
                restart -= 1
            }
        }
        guard restart >= start + 2 else { return nil }
        // Most lines end in the middle of a word of letters and digits, which holds
        // no opportunity (LB23, LB25, LB28): the line ends before it, at the restart.
        if spacesEnd == limit, isLetterOrDigitRun(bytes, restart...limit) { return (restart, limitColumns - (limit - restart)) }
        let windowStart = restart - 2
        let windowEnd = min(bytes.count, spacesEnd + 4)
        let window = UnsafeBufferPointer(rebasing: bytes[windowStart..<windowEnd])
        // The columns before the window (spaces past the limit take one each).
        let windowColumns: Int
        if windowStart <= limit {
            guard let between = TextWidth.simpleColumns(UnsafeBufferPointer(rebasing: bytes[windowStart..<limit])) else { return nil }
            windowColumns = limitColumns - between
        } else {
            windowColumns = limitColumns + windowStart - limit
        }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (window.count + 1)) { buffer -> (end: Int, columns: Int)? in
            let columns = buffer.baseAddress! + window.count + 1
            guard let count = opportunities(in: window, breaks: buffer.baseAddress!, columns: columns) else { return nil }
            // A character and a space, both ASCII: two columns.
            var end = (restart, windowColumns + 2)
            for index in 0..<count {
                let candidate = windowStart + buffer[index]
                guard candidate > restart else { continue }
                guard candidate <= spacesEnd else { break }
                var content = candidate
                while bytes[content - 1] == 0x20 { content -= 1 }
                let lineColumns = windowColumns + columns[index]
                guard lineColumns - (candidate - content) <= width else { break }
                end = (candidate, lineColumns)
            }
            return end
        }
    }

    /// Whether `byte` is an ASCII character of class AL (`letter`), by `classes`.
    @inline(__always)
    private static func isLetter(_ byte: UInt8, _ classes: UnsafeBufferPointer<Class?>) -> Bool {
        byte < 128 && classes[Int(byte)] == .letter
    }

    /// Whether the bytes at `range` are all ASCII letters (AL) and digits (NU).
    private static func isLetterOrDigitRun(_ bytes: UnsafeBufferPointer<UInt8>, _ range: ClosedRange<Int>) -> Bool {
        classes.withUnsafeBufferPointer { classes in
            for index in range {
                let byte = bytes[index]
                guard byte < 128, let byteClass = classes[Int(byte)], byteClass == .letter || byteClass == .digit else { return false }
            }
            return true
        }
    }

    /// Whether a break after a space before `byte` stands whatever came before the
    /// space (see `endsBeforeSpace`): `byte` is an ASCII letter (AL), digit (NU) or
    /// opening bracket (OP), by `classes`.
    @inline(__always)
    private static func startsAfterSpace(_ byte: UInt8, _ classes: UnsafeBufferPointer<Class?>) -> Bool {
        guard byte < 128, let byteClass = classes[Int(byte)] else { return false }
        return byteClass == .letter || byteClass == .digit || byteClass == .open
    }

    /// Whether a space after `byte` is followed by a break when one of the characters
    /// `startsAfterSpace` takes comes next: `byte` is an ASCII letter (AL), digit (NU)
    /// or closing parenthesis (CP), by `classes`.
    @inline(__always)
    private static func endsBeforeSpace(_ byte: UInt8, _ classes: UnsafeBufferPointer<Class?>) -> Bool {
        guard byte < 128, let byteClass = classes[Int(byte)] else { return false }
        return byteClass == .letter || byteClass == .digit || byteClass == .closeParenthesis
    }

    /// Where the run of ASCII letters (`A-Z`, `a-z`) from `start` ends, found eight
    /// bytes at a time (or close to it: the last few bytes are left to the caller).
    static func endOfASCIILetters(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
            // Each byte lower-cased and cut to seven bits, so that adding to it cannot
            // carry into the next: a letter is from 0x61 to 0x7A, that is, adding 0x1F
            // sets its high bit and adding 0x05 does not (and the byte was ASCII).
            let folded = (word | 0x2020_2020_2020_2020) & 0x7F7F_7F7F_7F7F_7F7F
            let letters = (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x0505_0505_0505_0505) & ~word & 0x8080_8080_8080_8080
            let others = ~letters & 0x8080_8080_8080_8080
            if others != 0 { return index + others.trailingZeroBitCount / 8 }
            index += 8
        }
        return index
    }

    /// The class of a scalar from U+0080 to U+00BF the rules here cover, from the
    /// second byte of its UTF-8: `© ¶` AL, `« »` QU; `nil` for any other.
    private static func latin1Class(_ second: UInt8) -> Class? {
        switch second {
        case 0xA9, 0xB6: .letter
        case 0xAB, 0xBB: .quote
        default: nil
        }
    }

    /// The class of a three-byte scalar the rules here cover: typographic quotes,
    /// dashes, the bullets and the ellipsis, CJK ideographs, kana but the small ones
    /// and the prolonged sound mark (class CJ), Hangul syllables, the ideographic
    /// comma and full stop and the closing brackets of CJK text, and its opening
    /// brackets; `nil` for any other.
    private static func wideClass(_ scalar: UInt32) -> Class? {
        switch scalar {
        case 0x2018, 0x2019, 0x201C, 0x201D: .quote
        case 0x2013: .after
        case 0x2014: .emDash
        case 0x2026: .ellipsis
        case 0x2022, 0x25E6: .letter
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xAC00...0xD7A3: .ideograph
        case 0x3041...0x3096, 0x30A1...0x30FA:
            smallKana.contains(scalar) ? nil : .ideograph
        case 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0xFF09, 0xFF0C, 0xFF0E: .close
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0xFF08: .wideOpen
        default: nil
        }
    }

    /// Small kana (line break class CJ).
    private static let smallKana: Set<UInt32> = [
        0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
        0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6,
    ]

    /// What the rules look at besides the two characters a break would fall between.
    private struct Context {
        var beforePrevious: Class?
        var beforeSpaces: Class?
        var inNumber: Bool
        var next: Class?
        var hyphenStartsWord: Bool
    }

    private static func isBreak(between previous: Class, and current: Class, _ context: Context) -> Bool {
        // LB14: no break after `(` and spaces.
        if previous == .space, context.beforeSpaces == .open || context.beforeSpaces == .wideOpen { return false }
        // LB15c: a break between a space and a separator that starts a number (" .5").
        if previous == .space, current == .infix, context.next == .digit { return true }
        switch current {
        // LB7: no break before spaces. LB13: none before `} ) ] ! ? , . : ; /`.
        case .space, .close, .closeParenthesis, .exclamation, .infix, .symbol: return false
        default: break
        }
        // LB17: none between em dashes, spaces between or not.
        if current == .emDash, previous == .emDash || previous == .space && context.beforeSpaces == .emDash { return false }
        if previous == .space {
            // LB15: none between a quote, spaces and `(`; LB18: else a break after
            // spaces.
            if context.beforeSpaces == .quote, current == .open || current == .wideOpen { return false }
            return true
        }
        switch (previous, current) {
        // LB14: none after `(`. LB19: none around quotes. LB21: none before `-` or `|`.
        // LB22: none before `…`.
        case (.open, _), (.wideOpen, _), (.quote, _), (_, .quote), (_, .hyphen), (_, .after), (_, .ellipsis): return false
        // LB20.1: a hyphen that starts a word holds to the letter after it (but not
        // one after `(` and spaces, which LB14 has taken).
        case (.hyphen, .letter): return !context.hyphenStartsWord
        // LB23, LB28: letters and digits hold together; LB29: a separator holds to a
        // letter after it; LB30: letters and digits hold to brackets.
        case (.letter, .letter), (.letter, .digit), (.digit, .letter), (.infix, .letter): return false
        case (.letter, .open), (.digit, .open), (.closeParenthesis, .letter), (.closeParenthesis, .digit): return false
        // LB25: numbers hold together.
        case (.digit, .digit), (.hyphen, .digit), (.infix, .digit): return false
        case (.symbol, .digit): return !context.inNumber
        default: return true
        }
    }
}
