import SampleContent
import Testing
@testable import RenderCore

@Suite("Text width")
struct TextWidthTests {
    @Test(arguments: [
        ("a", 1), ("中", 2), ("あ", 2), ("한", 2), ("Ａ", 2),
        ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇫🇷", 2), ("❤️", 2), ("❤", 1),
        ("e\u{301}", 1), ("\u{200B}", 0), ("\u{AD}", 0), ("é", 1), ("½", 1),
    ] as [(String, Int)])
    func graphemeWidth(text: String, columns: Int) throws {
        let character = try #require(text.first)
        #expect(text.count == 1)
        #expect(TextWidth.columns(of: character) == columns)
    }

    @Test func stringWidthSumsGraphemes() {
        #expect(TextWidth.columns(of: "ab中文😀") == 8)
        #expect(TextWidth.columns(of: "") == 0)
    }

    @Test func prefixFitsTheColumns() {
        #expect(TextWidth.prefix(of: "ab中文", columns: 3) == "ab")
        #expect(TextWidth.prefix(of: "ab中文", columns: 4) == "ab中")
        #expect(TextWidth.prefix(of: "abc", columns: 10) == "abc")
    }

    @Test func controlCharactersAreNotPrintable() {
        #expect(!TextWidth.isPrintable("\u{1B}"))
        #expect(!TextWidth.isPrintable("\u{9B}"))
        #expect(!TextWidth.isPrintable("\u{7F}"))
        // Terminals draw the line and paragraph separators as nothing, or break the
        // line: they take a cell as U+FFFD, as controls do.
        #expect(!TextWidth.isPrintable("\u{2028}"))
        #expect(!TextWidth.isPrintable("\u{2029}"))
        #expect(TextWidth.printable("a\u{2028}b\u{2029}") == "a\u{FFFD}b\u{FFFD}")
        #expect(TextWidth.columns(of: "a\u{2028}b") == 3)
        #expect(TextWidth.isPrintable("a"))
        #expect(TextWidth.isPrintable("中"))
    }

    @Test func controlsInTextShownToBeReadAreWrittenOut() {
        #expect(TextWidth.escapingControls("evil\u{1B}]0;title\u{7}.html") == #"evil\u{1B}]0;title\u{7}.html"#)
        #expect(TextWidth.escapingControls("\u{9B}31m \u{2028}中") == #"\u{9B}31m \u{2028}中"#)
        #expect(TextWidth.escapingControls("plain 中文 é") == "plain 中文 é")
    }

    /// Text is printable as it is unless it holds a control or a scalar that takes no
    /// column, wherever that is: in a run of ASCII read eight bytes at a time, among
    /// CJK ideographs passed over without a look-up, or at the end.
    @Test func textWithAControlOrAZeroWidthScalarIsNotPrintableAsIs() {
        let plain = ["abcdefgh", "0123456789 words", "中文字符之间", "—“q”│•", "é", "한국어"]
        let others = ["\u{1B}", "\u{7F}", "\u{9B}", "\u{2028}", "\u{2029}", "\u{200B}", "\u{AD}", "\u{301}", "\u{FEFF}", "\t", "\n"]
        for left in plain {
            for right in plain {
                var both = left + right
                let printable = both.withUTF8(TextWidth.isPrintableAsIs)
                #expect(printable, "'\(both)'")
                for other in others {
                    for split in [0, 1, 7, 9] {
                        let at = both.index(both.startIndex, offsetBy: min(split, both.count))
                        var text = both
                        text.insert(contentsOf: other, at: at)
                        let printable = text.withUTF8(TextWidth.isPrintableAsIs)
                        #expect(!printable, "'\(text.debugDescription)'")
                    }
                }
            }
        }
    }
}
