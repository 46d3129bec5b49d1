import Foundation
import HTMLParsing
import RenderCore
import SampleContent
import ScrollCore
import Styles
import Testing
@testable import DocumentLayout

/// A page indexed at checkpoints and laid out a chunk at a time, each chunk parsed again
/// from its checkpoint, shows exactly the lines of the page parsed and laid out whole.
@Suite("Checkpoint index")
struct PageIndexTests {
    /// The test pages, and a few longer ones with every kind of block.
    static func pages() throws -> [(name: String, html: String)] {
        try LayoutUnitTests.pages() + [
            ("generated long", PageGenerator.page(bytes: 120_000, seed: 11)),
            ("nested containers", String(repeating: "<div><section id=s>", count: 30) + String(repeating: "<p>text <a href=x>link</a></p>", count: 400)),
            ("hidden container", "<p>a</p><div hidden>" + String(repeating: "<p>secret <a href=h>h</a></p>", count: 200) + "</div><p>shown <a href=y>y</a></p>"),
            ("long lists", Self.longLists),
            ("long paragraphs", Self.longParagraphs),
            ("text without a tag", Self.words(count: 900, seed: 5)),
            ("text in containers", Self.textInContainers),
            ("a paragraph cut in its first line", Self.cutInFirstLine),
            ("permalinks", Self.permalinks),
            ("misplaced html, head and body tags", Self.misplacedTags),
        ]
    }

    /// Start tags of `html`, `head` and `body` inside the body, which libxml2 ignores
    /// and counts: it ignores as many end tags of the three after (the page goes on
    /// inside them), and closes the page at the others (and implies a new `html`, but
    /// no second `body`, around what comes after); text and blocks follow each.
    static let misplacedTags: String = (0..<90).map { section in
        let start = ["<html lang=en>", "<body class=b>", "<head>"][section % 3]
        let end = ["</html>", "</body>", "</head></body></html>", ""][section % 4]
        return "<p>before \(section) <a href=#s\(section)>s</a></p>\(start)<p>inside \(section)</p>text \(section)"
            + "\(end) after \(section)<div id=s\(section)>block \(section) <a href=#a>a</a></div>"
    }.joined()

    /// Headings with permalinks as Sphinx and MkDocs write them (left out), among
    /// links that stay: text beside the symbol, another page, an element inside.
    static let permalinks: String = (0..<120).map { section in
        "<h2 id=s\(section)>Section \(section)<a class=\"headerlink\" href=\"#s\(section)\" title=\"Link to this heading\">¶</a></h2>"
            + "<p>Text with <a href=\"#s\(section)\">a link here</a> and <a href=\"other.html#s\">¶</a> and <a href=\"#s\"><b>¶</b></a>.</p>"
            + "<h3 id=m\(section)>Sub <a class=\"headerlink\" href=\"#m\(section)\" title=\"Permanent link\">&para;</a></h3>"
            + "<p>More <a href=' #m\(section)'> § </a>, <a href=\"#m\">#x</a> <a href=\"#m\">&#182;</a></p>"
    }.joined()

    /// Words of every kind of text a paragraph cut inside its text must lay out as the
    /// whole paragraph does: brackets, quotes, numbers, entities, CJK, long words,
    /// soft hyphens, a line break.
    static func words(count: Int, seed: UInt64) -> String {
        let words = ["word", "layout", "(note)", "e.g.,", "\"quoted\"", "3.14", "1,000", "AT&amp;T", "&lt;tag&gt;", "中文字符之间可以断行",
                     "naïve", "super\u{AD}cali\u{AD}fragilistic", "https://example.org/a/very/long/path/that/does/not/fit", "-v", "it's", "end."]
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: Bool.random(using: &generator) ? " " : "  ")
    }

    /// Paragraphs of thousands of bytes (cut inside their text), with inline elements
    /// and links, in a list item and a quote, and a long `pre` with tabs, empty lines
    /// and CR LF (cut after its line feeds).
    static let longParagraphs: String = {
        "<h1>Long</h1><p id=first>" + words(count: 700, seed: 1) + " <em>emphasis " + words(count: 30, seed: 2) + "</em> "
            + words(count: 300, seed: 3) + " <a href=\"#first\">a link</a> " + words(count: 400, seed: 4) + "<br>" + words(count: 200, seed: 6)
            + "</p><ul><li><p>" + words(count: 600, seed: 7) + "</p></li><li>short</li></ul><blockquote><p>" + words(count: 500, seed: 8)
            + "</p></blockquote><pre>\n" + String(repeating: "pre\tline of text\n\n  indented &amp; more\r\nx\ty\n", count: 100) + "</pre><p>" + words(count: 500, seed: 9) + "</p>"
    }()

    /// Long runs of text right inside containers, list items, definitions and quotes,
    /// with inline elements and line breaks in them, and blocks between them.
    static let textInContainers: String = {
        "<body><div id=d>" + words(count: 500, seed: 12) + " <b>bold " + words(count: 20, seed: 13) + "</b> " + words(count: 300, seed: 14)
            + "<br>" + words(count: 300, seed: 15) + "<p>a paragraph</p>" + words(count: 400, seed: 16) + "</div><ul><li>"
            + words(count: 400, seed: 17) + "<li>short</ul><dl><dd>" + words(count: 400, seed: 18) + "</dl><blockquote>"
            + words(count: 400, seed: 19) + "</blockquote>" + words(count: 400, seed: 20) + "</body>"
    }()

    /// A paragraph whose text runs for a chunk but shows a few words (an icon's long
    /// path in it): it is cut before it has laid out a line, so the chunk going on
    /// joins the paragraph above as a new unit would.
    static let cutInFirstLine = "<p>above</p><p>before the icon (<span><svg><path d=\"" + String(repeating: "M0 0z", count: 80)
        + "\"/></svg></span>) then the words after it</p><p>below</p>"

    @Test func longParagraphsAreCutInsideTheirText() throws {
        for html in [Self.longParagraphs, Self.words(count: 900, seed: 5), Self.textInContainers, Self.cutInFirstLine] {
            let index = Self.index(html, chunkBytes: 300)
            let chunks = (0..<index.snapshot.chunkCount).map { index.chunk($0) }
            #expect(index.snapshot.corrections == 0)
            #expect(chunks.filter(\.startsInsideText).count > (html == Self.cutInFirstLine ? 0 : 10))
            #expect(html != Self.longParagraphs || chunks.contains { $0.openElements.last?.tag == .pre })
            #expect(html != Self.textInContainers || [.div, .body, .li, .dd, .blockquote].allSatisfy { tag in
                chunks.contains { $0.startsInsideText && $0.openElements.last?.tag == tag }
            })
            for (chunk, next) in zip(chunks, chunks.dropFirst()) {
                #expect(chunk.endsInsideText == next.startsInsideText)
                if next.startsInsideText, let tag = next.openElements.last?.tag {
                    #expect([.p, .pre].contains(tag) || LayoutUnits.transparentTags.contains(tag) || LayoutUnits.splittableTags.contains(tag))
                }
            }
        }
    }

    /// Lists, items, definitions and quotes long enough to be cut inside: nested,
    /// with paragraphs in items, empty items, links, ids, and an ordered list (never
    /// cut inside) in the middle.
    static let longLists: String = {
        var html = "<h1 id=top>Lists</h1><ul>"
        for item in 0..<60 {
            html += "<li id=i\(item)>item \(item) <a href=\"#i\(item)\">self</a>"
            if item % 5 == 0 { html += "<ul><li>nested a</li><li><p>nested para</p><p>second para</p></li><li></li></ul>" }
            if item % 7 == 0 { html += "<p>a paragraph in the item</p><blockquote><p>quoted</p><p>more quoted</p></blockquote>" }
            html += "</li>"
        }
        html += "</ul><ol start=7>" + (0..<30).map { "<li>numbered \($0)</li>" }.joined() + "</ol><dl>"
        for term in 0..<40 { html += "<dt>term \(term)</dt><dd><p>definition \(term)</p><p>more</p></dd>" }
        html += "</dl><blockquote>" + (0..<40).map { "<p>quote paragraph \($0) with <b>bold</b> words</p>" }.joined() + "<ul><li>in quote</li></ul></blockquote><p>end</p>"
        return html
    }()

    @Test func longListsAreCutInside() {
        let index = Self.index(Self.longLists, chunkBytes: 300)
        let chunks: [PageIndex.Chunk] = (0..<index.snapshot.chunkCount).map { index.chunk($0) }
        let stacks: [[HTMLTag]] = chunks.map { $0.openElements.map(\.tag) }
        #expect(chunks.filter(\.startsInsideBlocks).count > 20)
        #expect(stacks.contains { $0.contains(.blockquote) })
        #expect(stacks.contains { $0.contains(.dl) })
        #expect(stacks.contains { $0.filter { $0 == .ul }.count == 2 })
        #expect(!stacks.contains { $0.contains(.ol) })
    }

    static func index(_ html: String, chunkBytes: Int) -> PageIndex {
        let index = PageIndex(source: MemoryPageSource(Array(html.utf8)), threads: TestThreads())
        index.build(chunkBytes: chunkBytes)
        return index
    }

    static func wholeLines(_ html: String, width: Int) throws -> [String] {
        let view = WholePage(document: try HTMLParser.parse(Array(html.utf8)), width: width)
        return (0..<view.rowCount).map { view.plainText(row: $0, width: width) }
    }

    /// Every row of the indexed view, laid out from the top.
    static func indexedLines(_ view: WindowedPage, width: Int) -> [String] {
        view.layOutAll()
        return (0..<view.rowCount).map { view.plainText(row: $0, width: width) }
    }

    @Test(arguments: [20, 57, 100])
    func everyChunkLaysOutAsTheWholePage(width: Int) throws {
        for (name, html) in try Self.pages() {
            let index = Self.index(html, chunkBytes: 300)
            let view = WindowedPage(index: index, width: width)
            #expect(Self.indexedLines(view, width: width) == (try Self.wholeLines(html, width: width)), "\(name) at \(width)")
            #expect(view.title == (try HTMLParser.parse(Array(html.utf8))).title, "\(name)")
        }
    }

    /// The layout pass's reaches and width, answered by both kinds of page alike: to
    /// the end, the end is located; everything, every row exact and what the whole
    /// page has; a new width, the page laid out again at it, the extents answered.
    @Test func bothPagesAnswerThePassesReachAndWidth() throws {
        let html = PageGenerator.page(bytes: 60_000, seed: 9)
        let whole = try Self.wholeLines(html, width: 50)
        let windowed = WindowedPage(index: Self.index(html, chunkBytes: 2_000), width: 70)
        let wholePage = WholePage(document: try HTMLParser.parse(Array(html.utf8)), width: 70, initialRows: 10)
        for page in [windowed, wholePage] as [any PageComponent] {
            let end = page.performLayout(LayoutConstraints(scrollOffset: 0, remainingPaintExtent: 10, reach: .end))
            #expect(end.changed && end.scrollExtent == page.contentExtent)
            let everything = page.performLayout(
                LayoutConstraints(scrollOffset: 0, remainingPaintExtent: 10, crossAxisExtent: 50, reach: .everything))
            #expect(everything.changed && everything.firstChangedOffset == 0, "a new width changes every row")
            #expect(!everything.isEstimated && !page.isExtentEstimated)
            #expect(everything.scrollExtent == Double(whole.count))
            #expect((0..<page.rowCount).map { page.plainText(row: $0, width: 50) } == whole)
            #expect(!page.performLayout(LayoutConstraints(scrollOffset: 0, remainingPaintExtent: 10, crossAxisExtent: 50)).changed)
        }
    }

    /// Chunks laid out in any order (jumps), each joined to neighbours laid out or not
    /// and going on from states found or not, with a cache that drops most of them,
    /// end with the same rows.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func chunksLaidOutInAnyOrderGiveTheSameRows(seed: UInt64) throws {
        // A generated page, long lists cut inside, long paragraphs cut inside their text.
        let html = [Self.longParagraphs + Self.textInContainers, PageGenerator.page(bytes: 60_000, seed: seed), Self.longLists][Int(seed % 3)]
        let width = 40 + Int(seed) * 13
        let whole = try Self.wholeLines(html, width: width)
        let view = WindowedPage(index: Self.index(html, chunkBytes: seed % 3 == 1 ? 2_000 : 300), width: width, cacheBytes: 20_000)
        view.locateEnd()
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<40 {
            let row = Int.random(in: 0..<max(1, view.rowCount), using: &generator)
            _ = view.performLayout(LayoutConstraints(scrollOffset: Double(row), remainingPaintExtent: 10))
        }
        #expect(Self.indexedLines(view, width: width) == whole)
    }

    @Test func checkpointsStandRightAfterABlocksEndTagInsideContainersAndListsOnly() throws {
        let html = PageGenerator.page(bytes: 50_000, seed: 9)
        let bytes = Array(html.utf8)
        let index = Self.index(html, chunkBytes: 1_000)
        let snapshot = index.snapshot
        #expect(snapshot.isComplete)
        #expect(snapshot.chunkCount > 20)
        var linkBase = 0
        for chunk in 0..<snapshot.chunkCount {
            let (range, openElements, base, links) = { let c = index.chunk(chunk); return (c.range, c.openElements, c.linkBase, c.links) }()
            #expect(base == linkBase)
            linkBase += links
            if chunk > 0 {
                #expect(bytes[range.lowerBound - 1] == UInt8(ascii: ">"))
                #expect(range.count >= 1_000 || chunk == snapshot.chunkCount - 1)
            }
            #expect(openElements.allSatisfy { LayoutUnits.transparentTags.contains($0.tag) || LayoutUnits.splittableTags.contains($0.tag) })
        }
        #expect(linkBase == snapshot.linkCount)
        #expect(index.chunk(snapshot.chunkCount - 1).range.upperBound == bytes.count)
    }

    @Test func invalidUTF8IsRepairedAlikeInChunksAndWhole() throws {
        var bytes: [UInt8] = []
        for number in 0..<300 {
            bytes += Array("<p>line \(number) ".utf8) + (number % 7 == 0 ? [0xE2, 0x82] : number % 5 == 0 ? [0xFF] : []) + Array(" é</p>\n".utf8)
        }
        let index = PageIndex(source: MemoryPageSource(bytes), threads: TestThreads())
        index.build(chunkBytes: 200)
        let view = WindowedPage(index: index, width: 30)
        let whole = WholePage(document: try HTMLParser.parse(bytes), width: 30)
        #expect(Self.indexedLines(view, width: 30) == (0..<whole.rowCount).map { whole.plainText(row: $0, width: 30) })
        #expect(index.snapshot.chunkCount > 10)
    }

    @Test func startTagsOfOpenElementsQuoteTheirValues() {
        let element = OpenElement(tag: .div, attributes: [.init(name: "title", value: "a \"b\" & <c>")])
        #expect(String(decoding: element.startTag, as: UTF8.self) == "<div title=\"a &quot;b&quot; &amp; <c>\">")
    }

    @Test func fragmentsAreFoundWithoutLayingOutTheChunksBeforeThem() throws {
        let html = String(repeating: "<p>filler text of the page</p>\n", count: 2_000) + "<h2 id=target>Target</h2><p>after</p>"
        let view = WindowedPage(index: Self.index(html, chunkBytes: 1_000), width: 60)
        let row = try #require(view.line(forAnchor: "target"))
        #expect(view.plainText(row: row, width: 60) == "Target")
        #expect(view.figures.layoutUnitsLaidOut < 4)
        // The rows above are estimates until laid out; then the row is the whole page's.
        view.layOutAll()
        let whole = WholePage(document: try HTMLParser.parse(Array(html.utf8)), width: 60)
        #expect(view.line(forAnchor: "target") == whole.line(forAnchor: "target"))
        #expect(view.line(forAnchor: "absent") == nil)
    }

    @Test func linkTargetsComeFromTheChunkThatHoldsThem() throws {
        let html = (1...500).map { "<p><a href=\"/page/\($0)\">link \($0)</a></p>" }.joined()
        let view = WindowedPage(index: Self.index(html, chunkBytes: 500), width: 60)
        #expect(view.linkTarget(1) == "/page/1")
        #expect(view.linkTarget(377) == "/page/377")
        #expect(view.linkTarget(500) == "/page/500")
        #expect(view.linkTarget(501) == nil)
    }
}

/// A styled page windowed.
@Suite("Styled windowed pages")
struct StyledWindowedPageTests {
    /// Chunks that end inside a long list the sheets hide carry nothing into the next
    /// (its state is not worth carrying): each is laid out about once, not again for
    /// every chunk after it; the lines are the whole page's.
    @Test(.timeLimit(.minutes(1))) func chunksInsideAHiddenListAreLaidOutOnce() throws {
        let sheet = ".gone { display: none }"
        var html = "<style>\(sheet)</style><p>before</p><nav class=gone><ul>"
        for index in 0..<300 { html += "<li>item \(index)<ul><li>inner \(index)</li></ul></li>\n" }
        html += "</ul></nav><ol><li>after one</li><li>after two</li></ol>"
        let styles = PageStyles(cascade: Cascade([(StyleSheet(sheet), .author)]))
        let index = PageIndex(source: StyledPageSource(MemoryPageSource(Array(html.utf8)), styles: styles), threads: TestThreads())
        index.build(chunkBytes: 300)
        let view = WindowedPage(index: index, width: 40)
        let lines = PageIndexTests.indexedLines(view, width: 40)
        let whole = WholePage(document: try HTMLParser.parse(Array(html.utf8), styles: styles), width: 40)
        #expect(lines == (0..<whole.rowCount).map { whole.plainText(row: $0, width: 40) })
        #expect(lines.filter { !$0.isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) } == ["before", "1. after one", "2. after two"], "\(lines)")
        #expect(index.snapshot.chunkCount > 20)
        #expect(view.chunkLayouts <= 3 * index.snapshot.chunkCount, "\(view.chunkLayouts) layouts of \(index.snapshot.chunkCount) chunks")
    }
}
