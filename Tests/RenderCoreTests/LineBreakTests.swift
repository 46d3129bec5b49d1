import SampleContent
import Testing
@testable import RenderCore

@Suite("Line breaks (UAX #14)")
struct LineBreakTests {
    @Test func breaksAfterSpaces() {
        #expect(LineBreaks.opportunities(in: "hello big world") == [6, 10, 15])
    }

    /// Every scalar the fast measure calls simple is a grapheme of its own, as wide as
    /// the full rules say, alone and next to any other simple scalar (one of each
    /// kind) or printable ASCII.
    @Test func simpleScalarsAreGraphemesOfTheirOwn() {
        let neighbours: [Unicode.Scalar] = ["a", " ", "中", "。", "ア", "한", "é", "─", "•", "¶", "…", "©", "\u{231A}"]
        var simple = 0
        for value in UInt32(0x80)...0xFFFF {
            let width = TextWidth.simpleScalarColumns(value)
            guard width > 0, let scalar = Unicode.Scalar(value) else { continue }
            simple += 1
            #expect(TextWidth.columns(of: Character(scalar)) == width, "U+\(String(value, radix: 16))")
            for neighbour in neighbours {
                #expect(String(String.UnicodeScalarView([scalar, neighbour])).count == 2, "U+\(String(value, radix: 16)) joins U+\(String(neighbour.value, radix: 16))")
                #expect(String(String.UnicodeScalarView([neighbour, scalar])).count == 2, "U+\(String(neighbour.value, radix: 16)) joins U+\(String(value, radix: 16))")
            }
        }
        // Marks, joiners, selectors, controls and format characters are never simple.
        for value: UInt32 in [0x85, 0xAD, 0x301, 0x200B, 0x200D, 0xFE0F, 0x1160, 0x11A8, 0xD800] {
            #expect(TextWidth.simpleScalarColumns(value) == 0, "U+\(String(value, radix: 16))")
        }
        #expect(simple > 50_000)
    }

    /// The fast measure agrees with the grapheme walk wherever it answers, and leaves
    /// text it cannot judge to it.
    @Test func simpleColumnsAgreeWithTheGraphemeWalk() {
        let pieces = [
            "word", " ", "中文", "。", "カタカナ", "한국어", "「引用」", "Ａ１", "e\u{301}", "👍🏽", "\u{200B}", "ｱ", "\t", "x", "café", "─│┼",
            "• ", "¶", "\u{231A}", "\u{231A}\u{FE0F}", "\u{AD}", "\u{1100}\u{1161}", "각\u{11A8}",
        ]
        var random = SeededGenerator(seed: 14)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            var copy = text
            let fast = copy.withUTF8 { TextWidth.simpleColumns($0) }
            let simple = !text.unicodeScalars.contains { $0.value < 0x20 || $0.value >= 0x7F && TextWidth.simpleScalarColumns($0.value) == 0 }
            #expect((fast != nil) == simple, "\(text)")
            if let fast { #expect(fast == TextWidth.columns(of: text), "\(text)") }
        }
    }

    /// The ideographs `simpleColumns` counts without looking them up take two columns
    /// by the lookup too.
    @Test func ideographsMeasuredWithoutALookupTakeTwoColumns() {
        for scalar in UInt32(0x5000)...0x9FFF {
            #expect(TextWidth.simpleScalarColumns(scalar) == 2, "U+\(String(scalar, radix: 16))")
            var utf8 = String(Unicode.Scalar(scalar)!)
            #expect(utf8.withUTF8 { TextWidth.simpleColumns($0) } == 2)
        }
    }

    /// Eight bytes at a time or one at a time, every ASCII byte at every place of a
    /// word is judged alike.
    @Test func everyASCIIByteAtEveryPlaceOfAWord() {
        for byte in UInt8(0)..<0x80 {
            for place in 0..<19 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
                bytes[place] = byte
                let printable = byte >= 0x20 && byte < 0x7F
                #expect(bytes.withUnsafeBufferPointer(TextWidth.simpleColumns) == (printable ? 19 : nil), "\(byte) at \(place)")
            }
        }
    }

    @Test func breaksBetweenIdeographs() {
        #expect(LineBreaks.opportunities(in: "中文字") == [3, 6, 9])
    }

    @Test func noBreakBeforeClosingPunctuation() {
        // "。" may not start a line (UAX #14 class CL).
        #expect(LineBreaks.opportunities(in: "中。文") == [6, 9])
    }

    @Test func emptyTextHasNoOpportunities() {
        #expect(LineBreaks.opportunities(in: "").isEmpty)
    }

    @Test func longTextGrowsTheResultBuffer() {
        let text = Array(repeating: "word", count: 500).joined(separator: " ")
        let breaks = LineBreaks.opportunities(in: text)
        #expect(breaks.count == 500)
        #expect(breaks.last == text.utf8.count)
    }
}

/// The line breaks found without ICU for printable ASCII are ICU's, for every string
/// of up to five characters from a set with one of each class, and for many longer
/// ones of every character the fast path takes.
@Suite("Line breaks without ICU")
struct SimpleLineBreakTests {
    static func both(_ text: String) -> (simple: [Int]?, icu: [Int]) {
        var text = text
        return text.withUTF8 { (SimpleLineBreaks.opportunities(in: $0), LineBreaks.icuOpportunities(inUTF8: $0)) }
    }

    /// The strings of up to `length` of `characters` whose breaks differ from ICU's.
    static func mismatches(_ characters: [Character], upTo length: Int) -> [String] {
        var strings: [String] = [""]
        var mismatches: [String] = []
        for _ in 1...length {
            strings = strings.flatMap { prefix in characters.map { prefix + String($0) } }
            for text in strings {
                let (simple, icu) = both(text)
                if simple != icu { mismatches.append(text) }
            }
        }
        return mismatches
    }

    @Test func everyShortStringBreaksAsICUBreaksIt() {
        let mismatches = Self.mismatches(["a", "1", " ", ".", "(", ")", "}", "\"", "!", "-", "/", "|"], upTo: 5)
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, such as \(mismatches.prefix(5).map { "'\($0)'" })")
    }

    @Test func everyShortStringWithCJKBreaksAsICUBreaksIt() {
        let mismatches = Self.mismatches(["a", "1", " ", ".", "(", ")", "\"", "!", "-", "/", "中", "ア", "한", "。", "」", "「"], upTo: 4)
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, such as \(mismatches.prefix(5).map { "'\($0)'" })")
    }

    @Test func everyShortStringWithTypographicPunctuationBreaksAsICUBreaksIt() {
        let mismatches = Self.mismatches(["a", "1", " ", ".", "(", "\"", "-", "’", "“", "»", "—", "–", "•", "…", "¶", "◦", "中"], upTo: 4)
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, such as \(mismatches.prefix(5).map { "'\($0)'" })")
    }

    @Test func longerStringsBreakAsICUBreaksThem() {
        let simple = (0x20..<0x7F).map { Character(Unicode.Scalar(UInt8($0))) }.filter { !"$+\\%".contains($0) }
        let pieces = ["word", "W", " ", "  ", "12", "3.5", "[7]", "x9", "e.g.", "1,000", "f(x)", "a-b", "-v", "don't", "\"q\"", "a/b", "1/2", "{}", "中文", "。", "「引用」", "カタカナ", "한국어", "（注）", "、", "ひらがな", "‘q’", "“q”", "«q»", "a—b", "— ", "–", "• ", "…", "¶", "©", "◦ "]
        var random = SeededGenerator(seed: 77)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...16, using: &random)).map { _ in
                Bool.random(using: &random) ? pieces.randomElement(using: &random)! : String(simple.randomElement(using: &random)!)
            }.joined()
            let (fast, icu) = Self.both(text)
            #expect(fast == icu, "'\(text)'")
        }
    }

    /// Prose: words between spaces and the separators `, . ; :`, which the scan
    /// passes over without looking at the rules (`os.path`, `a, b`), among brackets,
    /// quotes and hyphens.
    @Test func proseBreaksAsICUBreaksIt() {
        let pieces = ["word", "ab", "x", " ", ", ", ". ", "; ", ": ", ",", ".", ";", ":", "  ", "1", "(", ")", ") ", " (", "-", "\"", "'", "'s", "中", "e.g. ", "[", "!"]
        var random = SeededGenerator(seed: 78)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 1...24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let (fast, icu) = Self.both(text)
            #expect(fast == icu, "'\(text)'")
        }
    }

    /// A line's end found from the bytes near it is where a greedy wrap over all of
    /// the text's break opportunities (ICU's) ends it, when it is found: ASCII of every
    /// kind, `$ + \ %` too (left to ICU), at every width, from every line start.
    @Test(arguments: [false, true])
    func aLineEndFoundNearItIsTheGreedyWrapsEnd(beyondASCII: Bool) {
        var pieces = ["word", "ab", "x", " ", "   ", ", ", ". ", ",", ".", "1", "3.5", "(", ")", " (", "-", "-v", "\"", "'", "a/b", "[7]", "e.g. ",
                      "f(x)", "{", "}", "!", "?", "$5", "50%", "a+b", "\\", "|", "#", "_", "~", "os.path.join", "http://example.org/a"]
        if beyondASCII { pieces += ["naïve", "中文", "字", "—", "’s", "é", "日本語", "「引用」", "«x»", "Ω", "한국어"] }
        var random = SeededGenerator(seed: 79)
        var found = 0
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 1...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let bytes = Array(text.utf8)
            let isASCII = bytes.allSatisfy { $0 < 0x80 }
            let opportunities = LineBreaks.opportunities(in: bytes)
            for width in [1, 2, 5, 11, 30] {
                var start = 0
                while start < bytes.count {
                    while start < bytes.count, bytes[start] == 0x20 { start += 1 }
                    guard start < bytes.count else { break }
                    // The greedy wrap: the last opportunity whose line, its spaces at the
                    // end aside, fits; or the end of a word wider than the line.
                    func columns(_ end: Int) -> Int { TextWidth.columns(of: String(decoding: bytes[start..<end], as: UTF8.self)) }
                    func content(_ end: Int) -> Int { var end = end; while end > start, bytes[end - 1] == 0x20 { end -= 1 }; return columns(end) }
                    let fitting = opportunities.filter { $0 > start && content($0) <= width }.last
                    let expected = fitting ?? opportunities.first { $0 > start }!
                    let lineEnd = bytes.withUnsafeBufferPointer { LineBreaks.lineEnd(in: $0, from: start, width: width, isASCII: isASCII) }
                    if let lineEnd {
                        #expect(lineEnd.end == expected, "'\(text)' from \(start) at \(width)")
                        #expect(lineEnd.columns == columns(lineEnd.end), "'\(text)' from \(start) at \(width)")
                        found += 1
                    }
                    start = expected
                }
            }
        }
        #expect(found > 5_000)
    }

    @Test func runsOfLettersEndAtTheFirstOtherByte() {
        for byte in 0...255 {
            let isLetter = (65...90).contains(byte) || (97...122).contains(byte)
            for position in 0..<12 {
                var bytes = [UInt8](repeating: UInt8(ascii: "q"), count: 12)
                bytes[position] = UInt8(byte)
                let end = bytes.withUnsafeBufferPointer { SimpleLineBreaks.endOfASCIILetters(in: $0, from: 0) }
                // Eight bytes at a time: the last four are left to the caller.
                #expect(end == (isLetter || position >= 8 ? 8 : position), "byte \(byte) at \(position)")
            }
        }
    }

    @Test func scanCountsTheColumnsBeforeEachBreak() {
        let pieces = ["word", " ", "  ", "3.5", "[7]", "e.g.", "a-b", "中文", "。", "「引用」", "カタカナ", "한국어", "（注）", "‘q’", "«q»", "a—b", "…", "¶", "◦ "]
        var random = SeededGenerator(seed: 78)
        var scan = LineBreaks.Scan()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 1...16, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            var utf8 = text
            utf8.withUTF8 { bytes in
                LineBreaks.scan(bytes, into: &scan)
                // (Less the breaks after a hyphen inside a word, which wrapping holds.)
                let wrapping = SimpleLineBreaks.opportunities(in: bytes)?.filter { !LineBreaks.isHeldHyphenBreak(in: bytes, at: $0) }
                #expect(Array(scan.offsets) == wrapping, "'\(text)'")
                let expected = scan.offsets.map { TextWidth.simpleColumns(UnsafeBufferPointer(rebasing: bytes[..<$0])) ?? -1 }
                #expect(scan.columnCounts.map(Array.init) == expected, "'\(text)'")
            }
        }
        // Text ICU breaks gets no columns.
        var other = "a\tb c"
        other.withUTF8 { LineBreaks.scan($0, into: &scan) }
        #expect(Array(scan.offsets) == [2, 4, 5])
        #expect(scan.columnCounts == nil)
    }

    /// Wrapping holds the break after a hyphen inside a word (`pack-indexes`), and
    /// only that one: not one after a hyphen that starts a word, nor one before a
    /// digit (which UAX #14 holds anyway), nor any other.
    @Test func wrappingHoldsTheBreakAfterAHyphenInsideAWord() {
        func scanned(_ text: String) -> [Int] {
            var scan = LineBreaks.Scan()
            var text = text
            return text.withUTF8 { bytes in
                LineBreaks.scan(bytes, into: &scan)
                return Array(scan.offsets)
            }
        }
        #expect(LineBreaks.opportunities(in: "pack-indexes now") == [5, 13, 16])
        #expect(scanned("pack-indexes now") == [13, 16])
        #expect(scanned("git-check-ref-format x") == [21, 22])
        #expect(scanned("naïve-word x") == [12, 13], "a letter of two bytes before the hyphen")
        #expect(scanned("a -v flag") == [2, 5, 9])
        #expect(scanned("x86-64 (a)-b") == LineBreaks.opportunities(in: "x86-64 (a)-b"))
        // Text ICU breaks: the same breaks held (after `文-` and after `pack-`).
        let mixed = "中文-中文 pack-indexes"
        let all = LineBreaks.opportunities(in: mixed)
        #expect(all.contains(7) && all.contains(19))
        #expect(scanned(mixed) == all.filter { $0 != 7 && $0 != 19 })
    }

    @Test func otherTextIsLeftToICU() {
        for text in ["ー", "ッ", "・", "a\tb", "50%", "$5", "a+b", "a\\b", "é", "a\u{7F}", "½", "a\u{A0}b", "‐", "―"] {
            #expect(Self.both(text).simple == nil, "'\(text)'")
        }
    }
}
