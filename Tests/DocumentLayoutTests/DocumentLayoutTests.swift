import Foundation
import HTMLParsing
import RenderCore
import SampleContent
import TestSupport
import Testing
@testable import DocumentLayout

/// Lays out `html` at `width` and returns the lines as plain text.
func layout(_ html: String, width: Int = 40) throws -> [String] {
    let document = try HTMLParser.parse(Array(html.utf8))
    return WholePage(document: document, width: width).lines.map(\.text)
}

@Suite("Document layout")
struct DocumentLayoutTests {
    /// A line feed in the source between two East Asian wide characters (Hangul
    /// aside) is removed with the spaces around it, not shown as a space (CSS Text 3,
    /// as w3m does), across inline elements too; elsewhere it is a space.
    @Test func segmentBreaksBetweenWideCharactersAreRemoved() throws {
        #expect(try layout("<p>キャラクタ\n端末上</p>") == ["キャラクタ端末上"])
        #expect(try layout("<p>会话 \n\t 管理</p>") == ["会话管理"])
        #expect(try layout("<p>中\n<b>文</b> 中 文</p>") == ["中文 中 文"], "a space without a line feed stays")
        #expect(try layout("<p>한국어\n한국어</p>") == ["한국어 한국어"], "Hangul keeps its spaces")
        #expect(try layout("<p>中文\nword\n中文</p>") == ["中文 word 中文"])
        #expect(try layout("<p>ｶﾀｶﾅ\nｶﾀｶﾅ</p>") == ["ｶﾀｶﾅｶﾀｶﾅ"], "halfwidth forms join")
        #expect(try layout("<pre>中文\n字</pre>") == ["中文", "字"], "preformatted text keeps its lines")
    }

    @Test func collapsesWhiteSpaceAcrossInlineElements() throws {
        #expect(try layout("<p>  one \n\t two  <b> three </b>  four </p>") == ["one two three four"])
    }

    @Test func separatesParagraphsWithOneBlankLine() throws {
        #expect(try layout("<p>a</p><p>b</p>\n\n<div><p>c</p></div>") == ["a", "", "b", "", "c"])
    }

    @Test func noBlankLineAtTheTopOrBottom() throws {
        let lines = try layout("<h1>Title</h1><p>text</p>")
        #expect(lines.first == "Title")
        #expect(lines.last == "text")
    }

    @Test func headingsAreUnderlinedByLevel() throws {
        #expect(try layout("<h1>Big</h1><h2>Mid</h2><h3>Small</h3>") == ["Big", "═══", "", "Mid", "───", "", "Small"])
    }

    @Test func headingsAreBold() throws {
        let document = try HTMLParser.parse(Array("<h3>Small</h3>".utf8))
        let view = WholePage(document: document, width: 20)
        #expect(view.lines[0].spans.allSatisfy { $0.style.attributes.contains(.bold) })
    }

    @Test func lineBreaksEndLines() throws {
        #expect(try layout("<p>one<br>two<br><br>four</p>") == ["one", "two", "", "four"])
    }

    @Test func wrapsAtTheWidth() throws {
        let lines = try layout("<p>the quick brown fox jumps over the lazy dog</p>", width: 15)
        #expect(lines == ["the quick brown", "fox jumps over", "the lazy dog"])
    }

    @Test func breaksWordsLongerThanTheLine() throws {
        #expect(try layout("<p>abcdefghij</p>", width: 4) == ["abcd", "efgh", "ij"])
    }

    @Test func softHyphensBreakWordsAndShowAHyphenOnlyThere() throws {
        #expect(try layout("<p>extra&shy;ordinarily long</p>", width: 8) == ["extra-", "ordinari", "ly long"])
        #expect(try layout("<p>extra&shy;ordinarily</p>", width: 40) == ["extraordinarily"])
    }

    @Test func zeroWidthSpacesAreBreakOpportunities() throws {
        #expect(try layout("<p>aaaa\u{200B}bbbb\u{200B}cccc</p>", width: 9) == ["aaaabbbb", "cccc"])
    }

    @Test func wideCharactersTakeTwoColumns() throws {
        let lines = try layout("<p>中文字符之间可以断行</p>", width: 7)
        #expect(lines == ["中文字", "符之间", "可以断", "行"])
        for line in lines { #expect(TextWidth.columns(of: line) <= 7) }
    }

    @Test func unorderedListsNestWithBulletsByDepth() throws {
        let lines = try layout("<ul><li>one<ul><li>inner<ul><li>deep</li></ul></li></ul></li><li>two</li></ul>")
        #expect(lines == ["  • one", "    ◦ inner", "      ▪ deep", "  • two"])
    }

    @Test func orderedListsNumberAndAlign() throws {
        let items = (1...10).map { "<li>item \($0)</li>" }.joined()
        let lines = try layout("<ol>\(items)</ol>")
        #expect(lines.first == "   1. item 1")
        #expect(lines.last == "  10. item 10")
        #expect(try layout(#"<ol start="7"><li>a</li><li>b</li></ol>"#) == ["  7. a", "  8. b"])
    }

    @Test func listItemTextWrapsUnderItsText() throws {
        let lines = try layout("<ul><li>alpha beta gamma delta</li></ul>", width: 16)
        #expect(lines == ["  • alpha beta", "    gamma delta"])
    }

    /// The newline after `<pre>` and the one before `</pre>` make no line; a blank last
    /// line and the margin after it collapse into one blank line.
    @Test func preKeepsSpacesAndLinesAndExpandsTabs() throws {
        let lines = try layout("<p>x</p><pre>\n  a  b\n\tc\n\n</pre><p>y</p>")
        #expect(lines == ["x", "", "  a  b", "        c", "", "y"])
    }

    @Test func preIsNotWrapped() throws {
        let long = String(repeating: "x", count: 60)
        #expect(try layout("<pre>\(long)</pre>", width: 20) == [long])
    }

    @Test func neverShowsScriptStyleHeadOrHiddenContent() throws {
        let lines = try layout("""
            <html><head><title>T</title><style>p { color: red }</style></head>
            <body><script>var x = 1</script><p hidden>h1</p><p style="display: none">h2</p>
            <p style="visibility:hidden">h3</p><p>shown</p></body></html>
            """)
        #expect(lines == ["shown"])
    }

    @Test func ariaHiddenIsNotHidingAndNoscriptIsShown() throws {
        #expect(try layout(#"<p aria-hidden="true">decorative</p><noscript><p>no scripts here</p></noscript>"#) == ["decorative", "", "no scripts here"])
    }

    @Test func blockquotesAreMarked() throws {
        #expect(try layout("<p>a</p><blockquote><p>q1</p><p>q2</p></blockquote>") == ["a", "", "│ q1", "│", "│ q2"])
    }

    @Test func imagesShowTheirAltText() throws {
        #expect(try layout(#"<p>see <img src="a.png" alt="a cat"> and <img src="b.png"> <img alt=""></p>"#) == ["see [a cat] and [image]"])
    }

    @Test func deepNestingIsLaidOutWithIndentationCapped() throws {
        let depth = 5_000
        let html = String(repeating: "<ul><li>", count: depth) + "leaf" + String(repeating: "</li></ul>", count: depth)
        let lines = try layout(html, width: 40)
        let leaf = try #require(lines.last)
        #expect(leaf.hasSuffix("leaf"))
        #expect(TextWidth.columns(of: leaf) <= 40)
    }

    @Test func controlCharactersInTextNeverReachCells() throws {
        let document = try HTMLParser.parse(Array("<p>a&#27;[31mb\u{7}c</p>".utf8))
        let view = WholePage(document: document, width: 20)
        var buffer = FrameBuffer(width: 20, height: 1)
        view.drawRows(0..<1, into: &buffer, at: 0)
        #expect(!buffer.cells.contains { $0.grapheme.unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test func relayoutAtANewWidth() throws {
        let document = try HTMLParser.parse(Array("<p>one two three four five six</p>".utf8))
        let view = WholePage(document: document, width: 40)
        #expect(view.rowCount == 1)
        view.layout(width: 10)
        #expect(view.rowCount == 3)
        #expect(view.contentExtent == 3)
    }

    /// Every page in `Pages/` at 40, 80 and 120 columns against its stored dump.
    @Test(arguments: ["article", "cjk", "reference"], [40, 80, 120])
    func pageSnapshots(page: String, width: Int) throws {
        let html = try Data(contentsOf: pagesDirectory.appendingPathComponent("\(page).html"))
        let view = WholePage(document: try HTMLParser.parse([UInt8](html)), width: width)
        let text = view.lines.map(\.text).joined(separator: "\n") + "\n"
        try assertSnapshot(text, named: "\(page)-\(width)")
    }

    /// No line is wider than the width, except lines of preformatted text and of
    /// tables whose columns cannot shrink further; those are counted, not hidden.
    @Test(arguments: ["article", "cjk", "reference"], [20, 40, 80, 120])
    func linesFitTheWidthExceptPreAndTables(page: String, width: Int) throws {
        let html = try Data(contentsOf: pagesDirectory.appendingPathComponent("\(page).html"))
        let view = WholePage(document: try HTMLParser.parse([UInt8](html)), width: width)
        var overflowing: [HTMLTag: Int] = [:]
        for (row, line) in view.lines.enumerated() where TextWidth.columns(of: line.text) > width {
            let tag = view.sourceTag(ofRow: row)
            #expect(tag == .pre || tag == .table, "\(page) at \(width): \(line.text)")
            overflowing[tag ?? .unknown, default: 0] += 1
        }
        if width >= 80 { #expect(overflowing.isEmpty, "\(page) at \(width): \(overflowing)") }
    }

    /// Generated pages: no line is wider than the width, except `pre` lines, which are
    /// never wrapped; no two blank lines follow each other; no blank first or last line.
    @Test(arguments: 1...12)
    func generatedPagesRespectTheWidth(seed: UInt64) throws {
        let width = 20 + Int(seed * 7 % 60)
        let html = PageGenerator.page(bytes: 6_000, seed: seed)
        let document = try HTMLParser.parse(Array(html.utf8))
        let view = WholePage(document: document, width: width)
        let lines = view.lines.map(\.text)
        #expect(!lines.isEmpty)
        for (row, line) in lines.enumerated() where TextWidth.columns(of: line) > width {
            let tag = view.sourceTag(ofRow: row)
            #expect(tag == .pre || tag == .table, "seed \(seed): only pre and table lines may overflow: \(line)")
        }
        for (a, b) in zip(lines, lines.dropFirst()) {
            #expect(!(a.isEmpty && b.isEmpty), "seed \(seed): two blank lines")
        }
        #expect(lines.first?.isEmpty == false && lines.last?.isEmpty == false, "seed \(seed)")
        #expect(!lines.contains { $0.contains("neverShown") || $0.contains("hidden text") || $0.contains("margin") }, "seed \(seed)")
    }
}
