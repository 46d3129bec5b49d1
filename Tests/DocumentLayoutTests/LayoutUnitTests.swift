import Foundation
import HTMLParsing
import SampleContent
import RenderCore
import TestSupport
import Testing
@testable import DocumentLayout

/// Layout is block-granular: a page is cut into units (its top-level blocks), each
/// laid out on its own, and the joined result is the layout of the whole page.
@Suite("Layout units")
struct LayoutUnitTests {
    /// Pages where cutting into units has something to get wrong: margins that
    /// collapse across containers, ids on empty containers, hidden blocks inside a
    /// line, white space between blocks, links before and inside tables.
    static let trickyPages = [
        "<div><p>a</p></div><div><div><p>b</p></div></div>text <b>bold</b><div id=x></div><p>c</p>",
        "one <p hidden>gone</p> two <span style='display:none'>no</span> three<div>four</div>five",
        "<section id=s><h2>Head</h2>  \n <p>p <a href=/1>1</a></p></section><table><tr><td><a href=/2>2</a></td></tr></table><a href=/3>3</a>",
        "<p>a<br><br></p><div id=end></div>",
        "<div><ul><li>x<li>y</ul></div><pre>\n  kept\n\n</pre><div>after</div><hr><blockquote><p>q</p></blockquote>",
        "<main><article><header>h</header><p>body</p><footer>f</footer></article></main><div id=last></div>",
        "",
        "   ",
    ]

    static func pages() throws -> [(name: String, html: String)] {
        var pages = trickyPages.enumerated().map { ("tricky \($0.offset)", $0.element) }
        for name in ["article", "cjk", "reference"] {
            let data = try Data(contentsOf: pagesDirectory.appendingPathComponent("\(name).html"))
            pages.append((name, String(decoding: data, as: UTF8.self)))
        }
        for seed in UInt64(1)...6 { pages.append(("generated \(seed)", PageGenerator.page(bytes: 8_000, seed: seed))) }
        return pages
    }

    static func layout(_ document: HTMLDocument, units: LayoutUnits, width: Int) -> PageLayout {
        var page = PageLayout(document, units: units, width: width)
        page.advance(toLines: .max)
        return page
    }

    @Test(arguments: [20, 40, 80, 120])
    func unitsChangeNothing(width: Int) throws {
        for (name, html) in try Self.pages() {
            let document = try HTMLParser.parse(Array(html.utf8))
            let cut = Self.layout(document, units: LayoutUnits(document), width: width)
            let whole = Self.layout(document, units: LayoutUnits(wholePage: document), width: width)
            #expect(cut.lines == whole.lines, "\(name) at \(width)")
            #expect(cut.anchors == whole.anchors, "\(name) at \(width)")
            #expect(cut.links == whole.links, "\(name) at \(width)")
        }
    }

    /// A fragment of a dump is walked whole as one unit, keeping no line's block or
    /// anchor, so passing through the containers that add nothing to a line: its lines
    /// and links are those of the page laid out unit by unit.
    @Test(arguments: [20, 40, 80, 120])
    func aFragmentWalkedWholeLaysOutAsUnitsDo(width: Int) throws {
        let nested = String(repeating: "<div><section>", count: 50) + "<p>deep <a href=/d>d</a></p>" + String(repeating: "</section></div>", count: 50)
        for (name, html) in try Self.pages() + [("nested containers", nested + "<p>after</p>")] {
            let document = try HTMLParser.parse(Array(html.utf8))
            var cut = PageLayout(document, units: LayoutUnits(document), width: width, endsWithReferences: false)
            cut.advance(toLines: .max)
            var whole = FragmentLayout.layOut(document, width: width, linkBase: 0)
            #expect(whole.units.units.count <= 1, "\(name)")
            #expect(whole.takeLines() == cut.takeLines(), "\(name) at \(width)")
            #expect(whole.links == cut.links, "\(name) at \(width)")
            #expect(whole.lineBlocks.isEmpty && whole.anchors.isEmpty, "\(name): no line's block or anchor kept")
        }
    }

    /// The model leaves out inline elements with nothing of their own
    /// (`HTMLTag.isPlainInline`), which changes no layout: pages with spans around
    /// inline elements, blocks and words lay out the same whether the spans are left
    /// out (a class only) or kept (a title, which layout does not show). (Not as the
    /// page without them: libxml2 builds another tree around a block in a span. Not
    /// around list items: an ordered list numbers its children that are items, which
    /// a kept span between would hide.)
    @Test(arguments: [30, 80])
    func leftOutElementsChangeNothing(width: Int) throws {
        func wrapped(_ html: String, attribute: String) -> String {
            var html = html
            for tag in ["b", "em", "code", "a", "div", "p"] {
                html = html.replacingOccurrences(of: "<\(tag)>", with: "<span \(attribute)><\(tag)>")
                    .replacingOccurrences(of: "<\(tag) ", with: "<span \(attribute)><\(tag) ")
                    .replacingOccurrences(of: "</\(tag)>", with: "</\(tag)></span>")
            }
            return html.replacingOccurrences(of: " the ", with: " <span \(attribute)>the</span> ")
        }
        for (name, html) in try Self.pages() {
            let leftOut = try HTMLParser.parse(Array(wrapped(html, attribute: "class=c").utf8))
            let kept = try HTMLParser.parse(Array(wrapped(html, attribute: "title=c").utf8))
            if html.contains("<p") { #expect(leftOut.nodes.count < kept.nodes.count, "\(name): spans with a class only are left out") }
            let layouts = [leftOut, kept].map { Self.layout($0, units: LayoutUnits($0), width: width) }
            #expect(layouts[0].lines == layouts[1].lines, "\(name) at \(width)")
            #expect(layouts[0].anchors == layouts[1].anchors, "\(name) at \(width)")
            #expect(layouts[0].links == layouts[1].links, "\(name) at \(width)")
        }
    }

    /// What the model leaves out is what layout does nothing for: an inline element
    /// with no role of its own, in none of the sets that cut a page or a table.
    @Test func leftOutTagsHaveNoRoleInLayout() {
        let plain = HTMLTag.allCases.filter(\.isPlainInline)
        #expect(plain.contains(.span))
        for tag in plain {
            guard case .unstyled = ElementRole(tag) else {
                Issue.record("\(tag) has a role")
                continue
            }
            #expect(tag != .nobr && !ReplacedContent.replaces(tag))
            #expect(!LayoutUnits.transparentTags.contains(tag) && !LayoutUnits.blockLevelTags.contains(tag))
            #expect(!LayoutUnits.splittableTags.contains(tag))
        }
    }

    /// Where the model keeps no white space is where layout has no line for it: after
    /// the start and the end of a block that ends the line before and after it (not
    /// a table's parts, laid out as a grid, nor `summary`, which starts with a mark),
    /// but in preformatted text (`HTMLTag.isPreformatted`, which layout reads too).
    @Test func blockBoundariesEndTheLineInLayout() {
        for tag in HTMLTag.allCases where tag.isBlockBoundary {
            switch ElementRole(tag) {
            case .block, .list, .listItem: break
            default: Issue.record("\(tag) is not a block in layout")
            }
            #expect(LayoutUnits.isBlockLevel(tag))
            #expect(![.summary, .table, .caption, .thead, .tbody, .tfoot, .tr].contains(tag))
        }
    }

    /// Sibling units joined (as a page written out in fragments lays them out) give
    /// the lines, ids and links they give one by one.
    @Test(arguments: [20, 80])
    func joiningSiblingUnitsChangesNothing(width: Int) throws {
        for (name, html) in try Self.pages() {
            let document = try HTMLParser.parse(Array(html.utf8))
            let units = LayoutUnits(document)
            let joined = units.joiningSiblings(of: document)
            let cut = Self.layout(document, units: units, width: width)
            let whole = Self.layout(document, units: joined, width: width)
            #expect(cut.lines == whole.lines, "\(name) at \(width)")
            #expect(cut.anchors == whole.anchors, "\(name) at \(width)")
            #expect(cut.links == whole.links, "\(name) at \(width)")
        }
        let siblings = try HTMLParser.parse(Array("<p>a</p> <p>b</p><ul><li>c</ul><div><p>d</p><p>e</p></div><p>f</p>".utf8))
        let units = LayoutUnits(siblings)
        #expect(units.units.count == 6)
        // (The paragraphs in the `div` have another parent than those around it.)
        #expect(units.joiningSiblings(of: siblings).units.count == 3)
    }

    @Test(arguments: [30, 80])
    func eachUnitLaysOutOnItsOwn(width: Int) throws {
        for (name, html) in try Self.pages() {
            let document = try HTMLParser.parse(Array(html.utf8))
            let units = LayoutUnits(document)
            let page = Self.layout(document, units: units, width: width)
            #expect(page.unitStarts.count == units.units.count)
            for (index, unit) in units.units.enumerated() {
                let start = page.unitStarts[index]
                var engine = DocumentLayoutEngine.unit(unit, of: document, width: width, linkBase: start.linkBase)
                engine.advance(toLines: .max)
                let end = start.line + engine.lines.count
                #expect(end <= page.lines.count, "\(name) unit \(index)")
                guard end <= page.lines.count else { continue }
                #expect(Array(page.lines[start.line..<end]) == Array(engine.lines), "\(name) unit \(index) at \(width)")
            }
        }
    }

    /// Links counted without layout number as layout numbers them, unit by unit.
    @Test func linksAreCountedAsLayoutNumbersThem() throws {
        var pages = try Self.pages()
        pages.append(("links", """
            <p><a href=" /a ">a</a> <a href="">empty</a> <a>none</a><a href=/h hidden>h</a></p>
            <div style="display: none"><a href=/x>x</a></div><select><option><a href=/s>s</a></select>
            <table><caption><a href=/c>c</a></caption><tfoot><tr><td><a href=/f>f</a></tfoot>
            <tr><td><a href=/1>1</a><table><tr><td><a href=/n>n</a></table></td></tr><a href=/stray>s</a></table>
            """ + String(repeating: "<table><tr><td>", count: 6) + "<a href=/deep>d</a>" + String(repeating: "</table>", count: 6)))
        for (name, html) in pages {
            let document = try HTMLParser.parse(Array(html.utf8))
            let units = LayoutUnits(document)
            let page = Self.layout(document, units: units, width: 60)
            let bases = page.unitStarts.map(\.linkBase) + [page.links.count]
            for (index, unit) in units.units.enumerated() {
                #expect(LinkCounter.count(unit, in: document) == bases[index + 1] - bases[index], "\(name) unit \(index)")
            }
            #expect(LinkCounter.count(in: document) == page.links.count, "\(name)")
        }
    }

    @Test func containersAreCutIntoTheirBlocks() throws {
        let document = try HTMLParser.parse(Array("<div><div><p>a</p><ul><li>b</ul>text <i>more</i><table></table></div></div>".utf8))
        let units = LayoutUnits(document).units
        #expect(units.map { document[$0.first].tag } == [.p, .ul, .unknown, .table])
        // The inline run is one unit: the text, the <i> and the text after it.
        #expect(units[2].last != units[2].first)
    }

    @Test func aGeneratedPageComesInManyUnits() throws {
        let document = try HTMLParser.parse(Array(PageGenerator.page(bytes: 100_000, seed: 3).utf8))
        let units = LayoutUnits(document).units
        #expect(units.count > 100)
        // Units follow each other in document order.
        #expect(zip(units, units.dropFirst()).allSatisfy { $0.last < $1.first })
    }

    @Test func laidOutBitByBitTheLinesAreTheSame() throws {
        let document = try HTMLParser.parse(Array(PageGenerator.page(bytes: 30_000, seed: 5).utf8))
        let whole = Self.layout(document, units: LayoutUnits(document), width: 50)
        var stepped = PageLayout(document, units: LayoutUnits(document), width: 50)
        var lines: [LayoutLine] = []
        while !stepped.isFinished {
            stepped.advance(toLines: stepped.lineCount + 7)
            lines += stepped.takeLines()
        }
        #expect(lines == Array(whole.lines))
        #expect(stepped.anchors == whole.anchors)
    }
}

/// The wrapper's path for simple text (printable ASCII and scalars that are graphemes
/// of their own, between forced breaks) gives the lines the general path gives.
@Suite("Simple text wrapping")
struct ASCIIWrappingTests {
    /// A word with hyphens in it stays whole on a line of its own; one wider than the
    /// line breaks after its hyphens, as full as the line takes, and between
    /// characters where it has none; both paths alike.
    @Test func aHyphenatedWordBreaksOnlyWhereItCannotFit() {
        var text = StyledText()
        text.append(contentsOf: "Use git-check-ref-format with a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q and abcdefghijklmnopqrstuvwxyz-ab.".utf8, style: .plain)
        var scan = LineBreaks.Scan()
        var simple = LineStore()
        #expect(LineWrapper.wrapSimple(text, width: 20, scan: &scan, into: &simple))
        #expect(simple.indices.map(simple.plainText(ofLine:)).prefix(3) == ["Use", "git-check-ref-format", "with"])
        simple = LineStore()
        #expect(LineWrapper.wrapSimple(text, width: 19, scan: &scan, into: &simple))
        var general = LineStore()
        LineWrapper.wrapSegments(text, width: 19, into: &general)
        let lines = simple.indices.map(simple.plainText(ofLine:))
        #expect(lines == [
            "Use", "git-check-ref-", "format with", "a-b-c-d-e-f-g-h-i-", "j-k-l-m-n-o-p-q and", "abcdefghijklmnopqrs", "tuvwxyz-ab.",
        ], "\(lines)")
        #expect(general.indices.map(general.plainText(ofLine:)) == lines)
    }

    @Test func bothPathsGiveTheSameLines() throws {
        var random = SeededGenerator(seed: 2_024)
        let words = ["a", "to", "word", "layout", "x9", "e.g.", "[12]", "well-known", "it's", "(note)", "1,000", "50%",
                     "supercalifragilistic", "https://example.org/a/long/path", "--", "a/b", "end.", "中文字符之间可以断行", "。", "「引用」",
                     "한국어", "café", "─────", "•", "no\u{A0}break", "\n", "line\nbreak", "\n\n"]
        let styles = [Style.plain, Style(.bold), Style(.underline, foreground: .blue)]
        var compared = 0
        var scan = LineBreaks.Scan()
        for _ in 0..<3_000 {
            var text = StyledText()
            for index in 0..<Int.random(in: 1...30, using: &random) {
                let word = words.randomElement(using: &random)!
                text.append(contentsOf: ((index > 0 ? " " : "") + word).utf8, style: styles.randomElement(using: &random)!)
            }
            if Bool.random(using: &random) { text.append(contentsOf: " ".utf8, style: styles.randomElement(using: &random)!) }
            let width = Int.random(in: 1...40, using: &random)
            var fast = LineStore()
            guard LineWrapper.wrapSimple(text, width: width, scan: &scan, into: &fast) else { continue }
            var general = LineStore()
            LineWrapper.wrapSegments(text, width: width, into: &general)
            #expect(fast == general, "width \(width): '\(String(decoding: text.bytes, as: UTF8.self))'")
            compared += 1
        }
        #expect(compared == 3_000)
    }

    @Test func otherTextTakesTheGeneralPath() {
        var scan = LineBreaks.Scan()
        for sample in ["e\u{301}", "a\u{AD}b", "👍🏽", "tab\there"] {
            var text = StyledText()
            text.append(contentsOf: sample.utf8, style: .plain)
            var lines = LineStore()
            #expect(!LineWrapper.wrapSimple(text, width: 10, scan: &scan, into: &lines), "\(sample)")
            #expect(lines.isEmpty)
        }
    }
}

/// White space collapses as CSS collapses it, whether the text met is collapsed
/// already (copied whole) or not.
@Suite("White space collapsing")
struct WhiteSpaceCollapsingTests {
    /// CSS 2.2 §16.6.1 for `white-space: normal`, one scalar at a time, with CSS Text
    /// 3's segment breaks: white space holding a line feed between two characters that
    /// join across one (`TextWidth.joinsAcrossSegmentBreak`) goes (not in `<nobr>`).
    static func collapsed(_ pieces: [String], noWrap: Bool) -> [UInt8] {
        var result: [UInt8] = []
        var afterSpace = true
        var lastContent: Unicode.Scalar?
        var segmentBreakAfterJoiner = false
        for scalar in pieces.joined().unicodeScalars {
            if scalar.isASCII, InlineRuns.isCollapsible(UInt8(scalar.value)) {
                if !afterSpace { result += noWrap ? [0xC2, 0xA0] : [0x20] }
                afterSpace = true
                if scalar == "\n" || scalar == "\r", !noWrap, let last = lastContent, TextWidth.joinsAcrossSegmentBreak(last.value) {
                    segmentBreakAfterJoiner = true
                }
            } else {
                if segmentBreakAfterJoiner, TextWidth.joinsAcrossSegmentBreak(scalar.value) {
                    while result.last == 0x20 { result.removeLast() }
                }
                segmentBreakAfterJoiner = false
                result += Array(String(scalar).utf8)
                afterSpace = false
                lastContent = scalar
            }
        }
        return result
    }

    @Test func textCollapsesAsByteByByte() {
        var random = SeededGenerator(seed: 16)
        let pieces = ["word", " ", "  ", "\n", "\t", "\r\n", "a b", " lead", "trail ", "x\u{1}y", "中文", "\u{A0}", "", "\u{0}", "!~\u{7F}", "\u{C}", "한"]
        for _ in 0..<5_000 {
            let texts = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                // Up to a few dozen bytes: white space is found eight bytes at a time.
                (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            }
            let noWrap = Int.random(in: 0..<4, using: &random) == 0
            var runs = InlineRuns()
            for text in texts { runs.append(text.utf8, style: .plain, preserve: false, noWrap: noWrap) }
            #expect(Array(runs.text.bytes) == Self.collapsed(texts, noWrap: noWrap), "\(texts)")
            // What the collapsing pass found as it went, which spares the wrap a pass.
            #expect(runs.text.isPrintableASCII == runs.text.bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(texts)")
        }
    }
}

/// A chunk laid out from a guess of what is open at its start (an interactive viewer
/// takes the scan's guesses before the parse checks them) goes on from the carry of
/// the chunk before, which a wrong guess does not match.
@Suite("Chunks resumed from wrong guesses")
struct WrongGuessTests {
    /// The carry opened nothing where the guess says a list is open: the chunk closes
    /// the list (and its style) it never opened, and is laid out, not stopped; the
    /// correction that follows lays it out again.
    @Test func aChunkClosingWhatItsCarryNeverOpenedIsLaidOut() throws {
        let before = try HTMLParser.parse(Array("<p>before</p>".utf8))
        var first = PageLayout(
            before, units: LayoutUnits(before), width: 40, endsWithReferences: false, openAtEnd: PageLayout.openElements(atEndOf: before, count: 2))
        first.advance(toLines: .max)
        let carry = try #require(first.carryOut)
        #expect(carry.blocks.count == 1 && carry.styles.count == 1, "the chunk before ended in the body alone")
        // The next chunk's parse was fed a list and an item as open at its start.
        let fragment = try HTMLParser.parse(Array("<ul><li><b>item</b></li></ul><p>after</p>".utf8))
        var next = PageLayout(fragment, units: LayoutUnits(fragment), width: 40, endsWithReferences: false, carryIn: carry)
        next.advance(toLines: .max)
        let text = next.takeLines().map(\.text)
        #expect(text.contains { $0.contains("item") } && text.contains("after"), "\(text)")
    }
}
