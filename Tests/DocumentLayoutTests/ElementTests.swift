import HTMLParsing
import RenderCore
import Styles
import Testing
@testable import DocumentLayout

@Suite("Elements, links and anchors")
struct ElementTests {
    func view(_ html: String, width: Int = 40) throws -> WholePage {
        WholePage(document: try HTMLParser.parse(Array(html.utf8)), width: width)
    }

    /// Link marks are the spans layout marks as such: text that only looks like one
    /// (`[7]` in small print, dim as marks are) is not one.
    @Test func linkMarksAreDataOfTheLine() throws {
        let page = try view("<p><small>see [7]</small> <a href=/x>x</a><a href=/y>y</a> [8]</p>", width: 60)
        #expect(page.lines[0].text == "see [7] [1]x[2]y [8]")
        let marks = page.linkMarks(inRow: 0)
        #expect(marks.map(\.number) == [1, 2])
        #expect(marks.map(\.column) == [8, 12])
        #expect(marks.map(\.width) == [3, 3])
    }

    @Test func linksAreNumberedAndListedAtTheEnd() throws {
        let page = try view(##"<p>See <a href="https://example.org/a">the docs</a> and <a href="#part">part two</a>.</p><p>No <a>target</a>.</p>"##)
        #expect(page.links == ["https://example.org/a", "#part"])
        #expect(page.lines.map(\.text) == [
            "See [1]the docs and [2]part two.", "", "No target.", "", "References", "", "1. https://example.org/a", "2. #part",
        ])
        let link = try #require(page.lines[0].spans.first { $0.text.hasPrefix("the docs") })
        #expect(link.style.attributes.contains(.underline))
    }

    /// A heading's permalink (a link into the page showing only `¶`, `#`, `§` or
    /// `🔗`, as Sphinx and MkDocs write them) is left out, numbered and listed nowhere;
    /// links with more in them, or to another page, stay.
    @Test func permalinksAreLeftOut() throws {
        let page = try view(
            ##"<h2 id=a>Title<a class="headerlink" href="#a" title="Link">¶</a></h2><h3 id=b>Sub <a href="#b">&para;</a></h3>"##
                + ##"<p>x<a href=" #a "> § </a> <a href="#a">🔗</a> <a href="#a">#</a> <a href="#a">#a</a> <a href="o.html#a">¶</a> <a href="#a"><b>¶</b></a></p>"##,
            width: 60)
        #expect(page.lines.map(\.text) == [
            "Title", "─────", "", "Sub", "", "x [1]#a [2]¶ [3]¶", "", "References", "", "1. #a", "2. o.html#a", "3. #a",
        ])
        #expect(page.anchors["a"] == 0)
        #expect(page.anchors["b"] == 3)
    }

    @Test func longTargetsWrapUnderTheirNumber() throws {
        let target = "https://example.org/" + String(repeating: "x", count: 50)
        let page = try view(#"<a href="\#(target)">t</a>"#, width: 30)
        let references = page.lines.map(\.text).drop { $0 != "References" }.dropFirst(2)
        #expect(references.first == "1. https://example.org/")
        #expect(references.dropFirst().allSatisfy { $0.hasPrefix("   ") })
        let rejoined = references.map { $0.drop { $0 == " " } }.joined()
        #expect(rejoined == "1. " + target)
    }

    @Test func elementIdsMapToTheirFirstLine() throws {
        let page = try view(#"<h1 id="top">Title</h1><p>one</p><h2 id="two">Two</h2><p>text <a name="inline">here</a></p>"#)
        let lines = page.lines.map(\.text)
        #expect(lines[try #require(page.anchors["top"])] == "Title")
        #expect(lines[try #require(page.anchors["two"])] == "Two")
        #expect(lines[try #require(page.anchors["inline"])] == "text here")
    }

    @Test(arguments: [
        (#"<ol type="a"><li>x</li><li>y</li></ol>"#, ["  a. x", "  b. y"]),
        (#"<ol type="I" start="3"><li>x</li><li>y</li></ol>"#, ["  III. x", "   IV. y"]),
        (#"<ol reversed><li>x</li><li>y</li><li>z</li></ol>"#, ["  3. x", "  2. y", "  1. z"]),
        (#"<ol><li>x</li><li value="10">y</li><li>z</li></ol>"#, ["   1. x", "  10. y", "  11. z"]),
        // Numbers from the page are held within 32 bits: counting on never overflows.
        (#"<ol start="9223372036854775807"><li>x</li><li>y</li></ol>"#, ["  2147483647. x", "  2147483648. y"]),
        (#"<ol reversed start="-9223372036854775808"><li>x</li><li>y</li></ol>"#, ["  -2147483648. x", "  -2147483649. y"]),
        (#"<ol><li value="9223372036854775807">x</li><li>y</li></ol>"#, ["  2147483647. x", "  2147483648. y"]),
        (#"<ol start="99999999999999999999"><li>x</li></ol>"#, ["  1. x"]),
    ])
    func orderedListAttributes(html: String, lines: [String]) throws {
        #expect(try view(html).lines.map(\.text) == lines)
    }

    @Test func romanAndAlphabeticNumbers() {
        #expect(CounterStyle.roman(1994) == "MCMXCIV")
        #expect(CounterStyle.alphabetic(28, uppercase: false) == "ab")
        #expect(ListMarker.ordered(0, numbering: ListMarker.Numbering(type: "a")) == "0.")
    }

    @Test func formControlsAndMediaAreInertText() throws {
        let html = """
            <p><input type="text" value="abc"> <input type="search" placeholder="Search the docs"> <input type="checkbox" checked> <input type="radio">
            <input type="hidden" value="secret"> <input type="submit" value="Go"> <button>Press <b>me</b></button>
            <select><option>one</option><option selected>two</option></select> <textarea>notes</textarea></p>
            <p><iframe src="https://example.org/embed/player.html?x=1">fallback</iframe> <video title="Demo"><source src="a.mp4"></video>
            <audio><source src="/media/song.ogg"></audio> <object data="doc.pdf"></object></p>
            """
        let lines = try view(html, width: 120).lines.map(\.text)
        #expect(lines == [
            "[abc____] [____] [x] ( ) [ Go ] [ Press me ] [two ▾] [notes]",
            "",
            "[iframe: player.html] [video: Demo] [audio: song.ogg] [object: doc.pdf]",
        ])
    }

    @Test func superscriptsSubscriptsQuotesAndDetails() throws {
        let lines = try view("<p>E = mc<sup>2</sup>, H<sub>2</sub>O, <q>hi</q></p><details><summary>More</summary><p>Body</p></details>").lines.map(\.text)
        #expect(lines == ["E = mc^2, H_2O, “hi”", "", "▸ More", "", "Body"])
    }

    @Test func nobrKeepsWordsTogether() throws {
        let lines = try view("<p>aaa bbb <nobr>ccc ddd eee</nobr> fff</p>", width: 12).lines.map(\.text)
        #expect(lines == ["aaa bbb", "ccc\u{A0}ddd\u{A0}eee", "fff"])
    }

    @Test func headingLevelsLookDifferent() throws {
        let page = try view("<h3>Three</h3><h4>Four</h4><h5>Five</h5>")
        let styles = page.lines.filter { !$0.isBlank }.map { $0.spans[0].style.attributes }
        #expect(styles == [[.bold, .underline], [.bold], [.bold, .italic]])
    }

    @Test func figuresAndCaptions() throws {
        let lines = try view(#"<p>a</p><figure><img alt="chart"><figcaption>Figure 1</figcaption></figure><p>b</p>"#).lines.map(\.text)
        #expect(lines == ["a", "", "[chart]", "Figure 1", "", "b"])
    }

    @Test func svgIsSkipped() throws {
        #expect(try view("<p>icon <svg><text>drawn</text></svg> label</p>").lines.map(\.text) == ["icon label"])
    }
}
