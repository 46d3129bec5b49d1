import ComponentKit
import Foundation
import HTMLParsing
import SampleContent
import ScrollCore
import Testing
@testable import DocumentLayout

/// The scan guesses the checkpoints the parse then makes: on real and odd markup it
/// guesses them all; where it guesses wrong, the parse corrects it, and a view that
/// laid out the wrong guesses ends with the lines of the whole page.
@Suite("Guessed checkpoints")
struct GuessedCheckpointTests {
    /// The parse's own checkpoints, with no scan ahead of it.
    static func parsedCuts(_ bytes: [UInt8], chunkBytes: Int) -> [StructureScanner.Cut] {
        let index = PageIndex(source: MemoryPageSource(bytes), threads: TestThreads())
        index.build(chunkBytes: chunkBytes, guessing: false)
        return (1..<max(1, index.snapshot.chunkCount)).map {
            let chunk = index.chunk($0)
            return StructureScanner.Cut(offset: chunk.range.lowerBound, openElements: chunk.openElements, links: chunk.linkBase)
        } + [StructureScanner.Cut(offset: bytes.count, openElements: [], links: index.snapshot.linkCount)]
    }

    /// The scan's guesses, and the links it counted in the whole page (as the last):
    /// without cuts inside text, which a parse by bytes alone never makes.
    static func scannedCuts(_ bytes: [UInt8], chunkBytes: Int) -> [StructureScanner.Cut] {
        let cutting = HTMLParser.Cutting(
            containers: LayoutUnits.transparentTags, blocks: LayoutUnits.blockLevelTags, splittable: LayoutUnits.splittableTags,
            bytes: chunkBytes, firstBytes: min(chunkBytes, PageIndex.firstChunkBytes), take: { _ in true })
        var scanner = StructureScanner(
            source: MemoryPageSource(bytes), start: .init(offset: 0, openElements: [], links: 0), cutting: cutting,
            linklessTags: ReplacedContent.replacedTags)
        scanner.cutsInsideText = false
        var cuts: [StructureScanner.Cut] = []
        let reachedEnd = scanner.run(take: { cuts.append($0); return true }, scanned: { _ in true })
        #expect(reachedEnd)
        return cuts + [StructureScanner.Cut(offset: bytes.count, openElements: [], links: scanner.links)]
    }

    /// Markup the scan must read as libxml2 does: raw text, comments, quoted `>`,
    /// upper case, implied ends, end tags that may not close, empty and self-closed
    /// elements, hidden and replaced content, links outside table cells, stray and
    /// misplaced tags.
    static let snippets = [
        "<p>text <a href=x>link</a> more</p>\n",
        "<script>if (a < b && c > d) document.write(\"</div><p>\")</script>",
        "<style>p > a { color: red } /* </p> */</style>",
        "<!-- <div> a comment </p> -->", "<!-- closed oddly --!>", "<!---->",
        "<P CLASS=x>UPPER <A HREF='u'>case</A></P>",
        "<div><p>ended by a div<div>inner</div></div>",
        "<p>para <table><tr><td>cell <a href=c>c</a></td></tr></table>",
        "<table><tr><td><div>a div the cell's end closes</td></tr></table>",
        "<ul><li>one<li>two <a href=l>l</a></ul>",
        "<dl><dt>term<dd>definition<dt>term 2<dd>definition 2</dl>",
        "<img src=x alt=\">\"><br/><hr>",
        "<div title='a > b' id=\"q\">quoted</div>",
        "<div hidden><p><a href=h>hidden link</a></p></div>",
        "<span style=\"DISPLAY: none\"><a href=s>hidden by style</a></span>",
        "<table><tr><a href=t>outside the cells</a><td>in</td></tr><caption><a href=cap>caption</a></caption></table>",
        "<select><option>one<option>two</select><video><source src=v><a href=v2>fallback</a></video>",
        "<?php echo 1 ?><!DOCTYPE html>", "a < b and c <5 & d", "</unknown>", "<x-custom>custom <a href=xc>x</a></x-custom>",
        "<blockquote><p>quoted<p>twice</blockquote>", "<div/>", "<p/>after a self-closed p",
        "<textarea><b>bold in a text area</b></textarea>", "<title>a title in the body</title>",
        "<head><body><html>", "</p>", "</div>", "<a href=\"  \">blank target</a>", "<a name=n>no target</a>",
        "<ol start=3><li>three</li></ol>", "<pre>pre <b>bold</b>\n  text</pre>", "<h2 id=h>heading <a href=#h>#</a></h2>",
        "<section id=s><p>in a section</p></section>", "<ul><li><p>item <a href=i>i</a></p><ul><li>nested</ul></li></ul>",
        "<blockquote hidden><p>a hidden quote</p></blockquote>", "<center><p>centred</p></center>", "<nav><ul><li>x</li></ul></nav>",
        "<form><p>in a form</p><form><p>nested form</p></form></form>", "<dir><li>dir item</dir>", "<menu><li>menu item</menu>",
        "<p>a <b>bold <i>italic</b> mixed</i> end</p>", "<table><td>a cell with no row</table>", "<li>an item with no list",
        "<dd>a definition with no list</dd>", "<template><p><a href=tp>in a template</a></p></template>",
        "<noscript><p>no script</p></noscript>", "<iframe src=f><a href=fr>inside a frame</a></iframe>",
    ]

    /// A page of snippets, some inside containers and lists left open across many of them.
    static func snippetPage(seed: UInt64, count: Int) -> String {
        var generator = SeededGenerator(seed: seed)
        var html = seed % 2 == 0 ? "<!DOCTYPE html><html><head><title>t</title></head><body>" : "<p>no html, no body</p>"
        var open: [String] = []
        for _ in 0..<count {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0 where open.count < 6:
                let wrapper = ["div", "section", "ul", "blockquote", "dl", "article"].randomElement(using: &generator)!
                html += "<\(wrapper) id=w\(open.count)>" + (wrapper == "ul" ? "<li>" : wrapper == "dl" ? "<dd>" : "")
                open.append(wrapper)
            case 1 where !open.isEmpty:
                html += "</\(open.removeLast())>"
            default:
                html += snippets.randomElement(using: &generator)!
            }
        }
        return html + open.reversed().map { "</\($0)>" }.joined() + "</body></html>"
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func theScanGuessesEveryCheckpointOfOddMarkup(seed: UInt64) {
        let bytes = Array(Self.snippetPage(seed: seed, count: 400).utf8)
        for chunkBytes in [200, 1_000] {
            let parsed = Self.parsedCuts(bytes, chunkBytes: chunkBytes)
            #expect(parsed.count > 5)
            let scanned = Self.scannedCuts(bytes, chunkBytes: chunkBytes)
            let first = zip(scanned, parsed).first { $0 != $1 }
            #expect(scanned == parsed, "seed \(seed), chunks of \(chunkBytes): \(scanned.count) vs \(parsed.count), first \(String(describing: first))")
        }
    }

    @Test func theScanGuessesEveryCheckpointOfTheSamplePages() throws {
        var pages = try PageIndexTests.pages().map(\.html)
        pages.append(PageGenerator.page(bytes: 300_000, seed: 3))
        // Text in the head: libxml2 opens a paragraph and a body there, and drops the
        // attributes of the body that comes after.
        pages.append("<html lang=en><head><title>t</title>\n  TEXT_IN_HEAD\n</head><body id=b><div id=d>"
            + (0..<200).map { "<p>paragraph \($0) <a href=l\($0)>link</a></p>" }.joined() + "</div></body></html>")
        for html in pages {
            let bytes = Array(html.utf8)
            #expect(Self.scannedCuts(bytes, chunkBytes: 500) == Self.parsedCuts(bytes, chunkBytes: 500), "\(html.prefix(80))")
            // With cuts inside long paragraphs' text too, the parse finds every guess right.
            #expect(PageIndexTests.index(html, chunkBytes: 500).snapshot.corrections == 0, "\(html.prefix(80))")
        }
    }

    /// Markup the scan reads otherwise than libxml2: character references in
    /// attributes (a target of a blank, an id with a named character).
    static let misread = "<div id=\"caf&eacute;\"><p>before <a href=\"&#32;\">not a link</a></p>"
        + (0..<120).map { "<p>text \($0) <a href=x>link</a></p>" }.joined() + "</div>"
        + (0..<120).map { "<p>after \($0) <a href=y>y</a></p>" }.joined()

    @Test func aWrongGuessIsCorrected() throws {
        let bytes = Array(Self.misread.utf8)
        #expect(Self.scannedCuts(bytes, chunkBytes: 300) != Self.parsedCuts(bytes, chunkBytes: 300))
        let index = PageIndex(source: MemoryPageSource(bytes), threads: TestThreads())
        index.build(chunkBytes: 300)
        #expect(index.snapshot.corrections > 0)
        let guessed = (0..<index.snapshot.chunkCount).map { index.chunk($0) }
        let unguessed = PageIndex(source: MemoryPageSource(bytes), threads: TestThreads())
        unguessed.build(chunkBytes: 300, guessing: false)
        #expect(guessed.map(\.range) == (0..<unguessed.snapshot.chunkCount).map { unguessed.chunk($0).range })
        #expect(guessed.map(\.linkBase) == (0..<unguessed.snapshot.chunkCount).map { unguessed.chunk($0).linkBase })
    }

    /// An index of `html` being built, its parse held back (until `release()`) while
    /// its scan goes on.
    static func indexWithHeldParse(_ html: String) -> (HeldSource, PageIndex) {
        let source = HeldSource(MemoryPageSource(Array(html.utf8)))
        let index = PageIndex(source: source, threads: TestThreads())
        Thread {
            HeldSource.isHeld = true
            index.build(chunkBytes: 300)
        }.start()
        return (source, index)
    }

    /// A view that does not wait for the index (an interactive viewer's) lays out the
    /// scan's guesses while the parse is held back: right guesses give the whole
    /// page's lines at once; wrong ones, once the parse corrects them.
    @Test(arguments: [false, true])
    func aViewOfGuessesEndsWithTheWholePagesLines(misread: Bool) throws {
        let html = misread ? Self.misread : Self.snippetPage(seed: 9, count: 500)
        let whole = try PageIndexTests.wholeLines(html, width: 50)
        let (source, index) = Self.indexWithHeldParse(html)
        let view = WindowedPage(index: index, width: 50)
        view.indexPace = .ahead
        let guessedLines = PageIndexTests.indexedLines(view, width: 50)
        #expect(index.snapshot.checkedChunks == 0, "the parse is held")
        #expect(misread ? guessedLines != whole : guessedLines == whole)
        source.release()
        index.wait { $0.isComplete }
        #expect(PageIndexTests.indexedLines(view, width: 50) == whole)
        #expect(misread ? index.snapshot.corrections > 0 : index.snapshot.corrections == 0)
    }

    /// A view that waits for the index but takes its guesses (an interactive viewer's
    /// search) goes at the scan's pace: it gets to the page's end, and finds the
    /// last word, while the parse is held back.
    @Test(.timeLimit(.minutes(1)))
    func aSearchThatTakesGuessesDoesNotWaitForTheParse() throws {
        let html = Self.snippetPage(seed: 4, count: 500) + "<p>lastword</p>"
        let whole = try PageIndexTests.wholeLines(html, width: 50)
        let (source, index) = Self.indexWithHeldParse(html)
        defer { source.release() }
        let view = WindowedPage(index: index, width: 50)
        view.indexPace = .guessed
        var row = 0
        var found: Int?
        while found == nil, row < view.rowCount {
            switch view.searchStep(for: "lastword", at: row, forward: true) {
            case .passOver(let rows): row += rows
            case .laidOut(let resumed, _): row = resumed
            case .scanned: break
            case .read:
                if view.plainText(row: row, width: 50).contains("lastword") { found = row } else { row += 1 }
            }
        }
        #expect(index.snapshot.checkedChunks == 0, "the parse is held")
        #expect(found.map { view.plainText(row: $0, width: 50) } == whole.last { $0.contains("lastword") })
    }
}

extension GuessedCheckpointTests {
    /// A parse held (for a search) stops at its next checkpoint while the scan goes to
    /// the end, and goes on to the page's end once resumed.
    @Test(.timeLimit(.minutes(1)))
    func aHeldParseWaitsWhileTheScanGoesOn() {
        let index = PageIndex(source: MemoryPageSource(Array(Self.snippetPage(seed: 2, count: 400).utf8)), threads: TestThreads())
        index.holdParse()
        Thread { index.build(chunkBytes: 300) }.start()
        index.wait { $0.reachesEnd }
        // (Time for a parse that was not held to check many chunks.)
        Thread.sleep(forTimeInterval: 0.2)
        let held = index.snapshot
        #expect(held.checkedChunks <= 1 && !held.isComplete && held.chunkCount > 20)
        index.resumeParse()
        index.wait { $0.isComplete }
        #expect(index.snapshot.checkedChunks == held.chunkCount)
    }

    /// A windowed page written out whole waits for its index to reach the page's end:
    /// its row count read early is an estimate short of the page (a busy machine's
    /// index lags behind), and the dump once ended there.
    @Test func aDumpOfAPageStillIndexedWaitsForTheWholePage() throws {
        let html = Self.snippetPage(seed: 4, count: 300)
        let whole = try PageIndexTests.wholeLines(html, width: 50)
        let (source, index) = Self.indexWithHeldParse(html)
        let view = WindowedPage(index: index, width: 50)
        Thread {
            Thread.sleep(forTimeInterval: 0.2)
            source.release()
        }.start()
        let lines = view.lines(width: 50)
        #expect(index.snapshot.isComplete)
        #expect(lines == whole)
    }

    /// A view that waits for the index (frames, dumps, tests) lays out checked chunks
    /// only: what it shows is the same whether the parse runs far behind the scan
    /// (held, then let go), or as fast as it can, for wrong guesses and right ones.
    @Test(arguments: [false, true])
    func aWaitingViewShowsTheSameRowsHowEverTheParseIsTimed(misread: Bool) throws {
        let html = misread ? Self.misread : Self.snippetPage(seed: 9, count: 500)
        let whole = try PageIndexTests.wholeLines(html, width: 50)
        for delay in [0, 0.05, 0.3] {
            let (source, index) = Self.indexWithHeldParse(html)
            let view = WindowedPage(index: index, width: 50)
            Thread {
                Thread.sleep(forTimeInterval: delay)
                source.release()
            }.start()
            // The rows a frame at the top shows, then those deep in the page, then all.
            let top = (0..<10).map { view.plainText(row: $0, width: 50) }
            #expect(top == Array(whole.prefix(10)), "delay \(delay)")
            _ = view.performLayout(LayoutConstraints(scrollOffset: Double(whole.count - 30), remainingPaintExtent: 20, reach: .exactAbove))
            #expect((whole.count - 30..<whole.count - 10).map { view.plainText(row: $0, width: 50) } == Array(whole[(whole.count - 30)..<(whole.count - 10)]))
            #expect(PageIndexTests.indexedLines(view, width: 50) == whole, "delay \(delay)")
            #expect(misread ? index.snapshot.corrections > 0 : index.snapshot.corrections == 0)
        }
    }

    /// A correction does not move the text at the top of the viewport.
    @Test func theTextAtTheTopStaysWhenAGuessIsCorrected() throws {
        let (source, index) = Self.indexWithHeldParse(Self.misread)
        let view = WindowedPage(index: index, width: 50)
        view.indexPace = .ahead
        view.layOutAll()
        let row = try #require((0..<view.rowCount).first { view.plainText(row: $0, width: 50).hasPrefix("after 100 ") })
        _ = view.performLayout(LayoutConstraints(scrollOffset: Double(row), remainingPaintExtent: 10))
        let before = view.plainText(row: row, width: 50)
        source.release()
        index.wait { $0.isComplete }
        let geometry = view.performLayout(LayoutConstraints(scrollOffset: Double(row), remainingPaintExtent: 10))
        let after = view.plainText(row: row + Int(geometry.scrollOffsetCorrection), width: 50)
        // The same line, its link numbered anew.
        let withoutNumbers = { (line: String) in line.replacing(/\[\d+\]/, with: "[]") }
        #expect(index.snapshot.corrections > 0)
        #expect(withoutNumbers(after) == withoutNumbers(before))
        #expect(after != before, "the correction changed the line's link number")
    }
}

/// A page whose reads wait, on threads marked `isHeld`, until `release()`: a parse
/// held back while the scan goes on.
final class HeldSource: PageSource, @unchecked Sendable {
    private let page: MemoryPageSource
    private let released = DispatchSemaphore(value: 0)
    /// Whether reads on this thread wait.
    static var isHeld: Bool {
        get { Thread.current.threadDictionary["held"] != nil }
        set { Thread.current.threadDictionary["held"] = newValue ? true : nil }
    }

    init(_ page: MemoryPageSource) {
        self.page = page
    }

    func release() {
        released.signal()
    }

    var byteCount: Int { page.byteCount }
    var isComplete: Bool { true }
    func waitForBytes(beyond count: Int) -> Int { byteCount }

    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if Self.isHeld {
            released.wait()
            released.signal()
        }
        return page.read(range, into: buffer)
    }
}

/// Comments, scripts and attribute values too long to hold are left out of the parses,
/// which give the page's lines all the same.
@Suite("Parts of a page left out")
struct ElisionTests {
    static let filler = String(repeating: "lorem ipsum <dolor> & sit ", count: 20)

    static let page: String = {
        var html = "<html><head><title>t</title><style>" + filler + "</style></head><body>"
        for number in 0..<40 {
            html += "<p id=p\(number) class=\"\(filler.replacing("\"", with: ""))\">para \(number) <a href=x\(number)>link</a></p>"
            html += "<!-- \(filler) <p>not a paragraph</p> -->"
            html += "<ul><li>item<script>var s = \"\(filler)</p>\";</script> text<!--\(filler)-->joined</li></ul>"
            html += "<p title=\"\(filler)\" data-x='\(filler)'>titled</p><iframe title=\"frame \(number) \(filler)\"></iframe>"
        }
        return html + "</body></html>"
    }()

    @Test(arguments: [30, 97])
    func thePageReadsAsAWhole(width: Int) throws {
        let whole = try PageIndexTests.wholeLines(Self.page, width: width)
        let index = PageIndex(source: MemoryPageSource(Array(Self.page.utf8)), threads: TestThreads())
        index.build(chunkBytes: 300, elisionBytes: 200)
        let elided = index.knownElisions(in: 0..<Self.page.utf8.count)
        // Per paragraph: its class, comment, script, comment, title and data (not the
        // frame's title, which is shown).
        #expect(elided.count == 1 + 40 * 6)
        #expect(index.snapshot.chunkCount > 40)
        let view = WindowedPage(index: index, width: width)
        #expect(PageIndexTests.indexedLines(view, width: width) == whole)
        let bytes = Array(Self.page.utf8)
        let chunks = (0..<index.snapshot.chunkCount).map(index.chunk)
        for chunk in chunks.dropFirst() { #expect(bytes[chunk.range.lowerBound - 1] == UInt8(ascii: ">")) }
        #expect(chunks.reduce(0) { $0 + $1.shownBytes } + elided.reduce(0) { $0 + $1.count } == bytes.count)
        #expect(index.snapshot.corrections == 0)
    }

    /// A start tag of megabytes is read a piece at a time; its long value left out.
    @Test func aStartTagOfMegabytes() throws {
        let value = String(repeating: "x", count: 3 << 20)
        let html = "<p>before</p><p data-long=\"\(value)\" id=after>after <a href=y>y</a></p><p>end</p>"
        let index = PageIndex(source: MemoryPageSource(Array(html.utf8)), threads: TestThreads())
        index.build(chunkBytes: 4)
        let elided = index.knownElisions(in: 0..<html.utf8.count)
        #expect(elided.map(\.count) == [3 << 20])
        let view = WindowedPage(index: index, width: 40)
        #expect(PageIndexTests.indexedLines(view, width: 40) == (try PageIndexTests.wholeLines(html, width: 40)))
        #expect(view.line(forAnchor: "after") == 2)
    }
}

/// A frame waits for the index only as far as the rows it shows and those above them:
/// not for the page's end.
@Suite("Frames waiting for the index")
struct FrameWaitTests {
    /// Paragraphs that take fewer lines than their bytes are first estimated at: as
    /// the rows above a frame are laid out, they shrink, and the frame's rows move up
    /// (which once took the walk above the first row, to wait for the whole index).
    @Test func aFrameNearTheTopWaitsOnlyForTheChunksItNeeds() throws {
        let paragraph = String(repeating: "words of a long paragraph ", count: 20)
        let html = "<html><body>" + (0..<8_000).map { "<p>\($0) \(paragraph)</p>" }.joined() + "</body></html>"
        // (The scan reads a megabyte at a time.)
        let source = GatedSource(MemoryPageSource(Array(html.utf8)), openBytes: 2_000_000)
        let index = PageIndex(source: source, threads: TestThreads())
        Thread { index.build(chunkBytes: 4_000) }.start()
        defer {
            source.open()
            index.stop()
        }
        // Opens the rest of the page if the frame still waits after a long while (the
        // test then fails, rather than hanging).
        let frameDone = DispatchSemaphore(value: 0)
        let opened = LockedFlag()
        Thread {
            if frameDone.wait(timeout: .now() + 60) == .timedOut {
                opened.set()
                source.open()
            }
        }.start()
        let view = WindowedPage(index: index, width: 200)
        // Rounds of the layout pass, as the container runs them, until the rows stay.
        for _ in 0..<ScrollContainer.maxLayoutRounds {
            guard view.performLayout(LayoutConstraints(scrollOffset: 300, remainingPaintExtent: 20, reach: .exactAbove)).changed else { break }
        }
        let shown = (300..<320).map { view.plainText(row: $0, width: 200) }
        frameDone.signal()
        #expect(!opened.isSet, "the frame waited for the page's end")
        #expect(shown == Array(try PageIndexTests.wholeLines(html, width: 200)[300..<320]))
        #expect(index.snapshot.indexedOffset < 2_000_000)
    }
}

/// A flag set on one thread and read on another.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// A page whose bytes past the first `openBytes` are read only after `open()`, as a
/// page still arriving: reads of them wait.
final class GatedSource: PageSource, @unchecked Sendable {
    private let page: MemoryPageSource
    private let openBytes: Int
    private let opened = DispatchSemaphore(value: 0)

    init(_ page: MemoryPageSource, openBytes: Int) {
        self.page = page
        self.openBytes = openBytes
    }

    func open() {
        opened.signal()
    }

    var byteCount: Int { page.byteCount }

    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if range.upperBound > openBytes {
            opened.wait()
            opened.signal()
        }
        return page.read(range, into: buffer)
    }
}
