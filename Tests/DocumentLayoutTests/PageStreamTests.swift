import ComponentKit
import Foundation
import HTMLParsing
import RenderCore
import SampleContent
import Styles
import Testing
@testable import DocumentLayout

/// A page streamed (parsed in fragments on another thread, each laid out and dropped)
/// writes the same lines as the page laid out whole.
@Suite("Streamed pages")
struct PageStreamTests {
    static func wholeLines(_ html: String, width: Int) throws -> [String] {
        let view = WholePage(document: try HTMLParser.parse(Array(html.utf8)), width: width)
        return view.lines(width: width)
    }

    static func streamedLines(
        _ html: String, width: Int, fragmentNodes: Int, textBytes: Int = PageStream.textBytes, segmentBytes: Int = PageStream.segmentBytes,
        parses: Int = PageStream.parses
    ) throws -> (lines: [String], summary: PageStream.Summary) {
        var text = StreamedText()
        let summary = try PageStream.writeText(
            of: Array(html.utf8), width: width, fragmentNodes: fragmentNodes, textBytes: textBytes, segmentBytes: segmentBytes,
            parses: parses, threads: TestThreads()) { text.take($0) }
        return (text.lines, summary)
    }

    /// The lines of `html` styled by `sheet`, streamed at 70 columns.
    static func styledLines(
        _ html: String, sheet: String, fragmentNodes: Int, segmentBytes: Int, parses: Int
    ) throws -> (lines: [String], summary: PageStream.Summary) {
        let source = StyledPageSource(MemoryPageSource(Array(html.utf8)), styles: PageStyles(cascade: Cascade([(StyleSheet(sheet), .author)])))
        var text = StreamedText()
        let summary = try PageStream.writeText(
            of: source, start: 0, width: 70, fragmentNodes: fragmentNodes, segmentBytes: segmentBytes, parses: parses, threads: TestThreads()
        ) { text.take($0) }
        return (text.lines, summary)
    }

    /// Text written in pieces of whole lines, each line ending in a line feed.
    struct StreamedText {
        private(set) var lines: [String] = []

        mutating func take(_ piece: UnsafeBufferPointer<UInt8>) {
            #expect(piece.last == 0x0A, "a piece ends with a whole line")
            lines += piece.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Small fragments cut the page at every block they can: between any two of
    /// them, the lines must not change.
    @Test(arguments: [1, 7, 60])
    func streamedLinesEqualTheWholeLayout(fragmentNodes: Int) throws {
        for (name, html) in try LayoutUnitTests.pages() {
            for width in [30, 80] {
                let streamed = try Self.streamedLines(html, width: width, fragmentNodes: fragmentNodes)
                #expect(streamed.lines == (try Self.wholeLines(html, width: width)), "\(name) at \(width)")
                #expect(streamed.summary.lines == streamed.lines.count)
            }
        }
    }

    /// Paragraphs, `pre`s and runs of text in containers longer than a fragment's
    /// share of text are cut inside their text; each part goes on from where the one
    /// before stopped (its unfinished line, its blocks), so the lines are the whole
    /// page's: words of every kind, entities, CJK, inline elements, links, text in
    /// list items and quotes, a paragraph cut before its first line ends.
    @Test(arguments: [1, 48, 2_000])
    func longTextIsCutInsideAndLaidOutAsAWhole(textBytes: Int) throws {
        for (name, html) in try PageIndexTests.pages() {
            let whole = try Self.streamedLines(html, width: 57, fragmentNodes: .max, textBytes: .max)
            for width in [20, 57, 100] {
                let streamed = try Self.streamedLines(html, width: width, fragmentNodes: 1_000, textBytes: textBytes)
                #expect(streamed.lines == (try Self.wholeLines(html, width: width)), "\(name) at \(width)")
                if width == 57, ["long paragraphs", "text without a tag", "text in containers"].contains(name) {
                    #expect(streamed.summary.fragments > whole.summary.fragments + (textBytes < 1_000 ? 10 : 2), "\(name)")
                }
            }
        }
    }

    /// Parses that start at the places a scan guessed, several at once, write the
    /// lines of one parse of the whole page: each takes over from the one before where
    /// that one checked the guess (small segments: a page has dozens).
    @Test(arguments: [1, 300, 5_000])
    func parsesFromGuessedPlacesWriteTheWholeLayout(segmentBytes: Int) throws {
        var pages = try LayoutUnitTests.pages() + PageIndexTests.pages()
        pages.append(("generated", PageGenerator.page(bytes: 100_000, seed: 5)))
        for (name, html) in pages {
            for width in [30, 80] {
                let streamed = try Self.streamedLines(html, width: width, fragmentNodes: 200, segmentBytes: segmentBytes, parses: 3)
                #expect(streamed.lines == (try Self.wholeLines(html, width: width)), "\(name) at \(width)")
                // (A page of text alone has no place to cut.)
                if html.utf8.count > 20 * segmentBytes, segmentBytes > 1, html.contains("</p>") {
                    #expect(streamed.summary.parses > 1, "\(name)")
                }
            }
        }
    }

    /// On a styled page too, parses from guessed places write the lines of one parse:
    /// each starts with the styles made from what the scan saw before (the children
    /// of the open elements, read again), and learns the links before it, which the
    /// sheets change, from the parse before. Sibling selectors, counts by name, hidden
    /// links and generated content guessed right, the parses are seldom dropped;
    /// counters (stepped by elements the scan does not style) are not guessed: a parse
    /// with them is dropped, and the lines are the same.
    @Test(arguments: [false, true])
    func styledParsesFromGuessedPlacesWriteTheWholeLayout(countsSections: Bool) throws {
        let html = PageGenerator.page(bytes: 200_000, seed: 8)
        var sheet = """
            body > p:nth-of-type(7n) { display: none } h1 + p { text-transform: uppercase } h2 ~ blockquote { font-style: italic }
            li:first-child::before { content: "* " } p:nth-child(3n+1) a { display: none } td:last-of-type { font-weight: bold }
            """
        let margins = "div { margin-bottom: 1em; padding-left: 3em } li:nth-child(2n) { margin-top: 1em } li:nth-child(3n) { padding-block-end: 16px }"
        if countsSections { sheet += " body { counter-reset: s } h2::before { counter-increment: s; content: counter(s) \". \" }" }
        func lines(parses: Int, withMargins: Bool = true) throws -> (lines: [String], summary: PageStream.Summary) {
            try Self.styledLines(html, sheet: sheet + (withMargins ? margins : ""), fragmentNodes: 200, segmentBytes: 2_000, parses: parses)
        }
        let straight = try lines(parses: 1)
        #expect(straight.lines.contains { $0.contains("* ") } && straight.lines.count > 1_000)
        // (The margins part blocks by blank lines.)
        #expect(straight.lines.count(where: \.isEmpty) > (try lines(parses: 1, withMargins: false)).lines.count(where: \.isEmpty) + 100)
        for _ in 0..<3 {
            let parallel = try lines(parses: 3)
            #expect(parallel.lines == straight.lines)
            #expect(parallel.summary.parses > 20, "the page is written by parses from many places")
            if countsSections {
                #expect(parallel.summary.droppedParses > 0)
            } else {
                #expect(parallel.summary.droppedParses * 10 <= parallel.summary.parses, "\(parallel.summary.droppedParses) dropped")
            }
        }
    }

    /// A block the sheets hide makes no break: the text on either side of it is one
    /// line. A parse is not cut there, and a guess there (the scan does not know what
    /// the sheets hide) is passed over for the next, so the lines are one parse's.
    @Test func textAroundHiddenBlocksStaysOneLine() throws {
        var html = "<style>div.gone { display: none }</style><body>"
        for index in 0..<400 { html += "left\(index) <div class=gone>hidden words</div> right\(index)\n<div>after \(index)</div>\n" }
        func lines(parses: Int) throws -> (lines: [String], summary: PageStream.Summary) {
            try Self.styledLines(html, sheet: "div.gone { display: none }", fragmentNodes: 20, segmentBytes: 300, parses: parses)
        }
        let straight = try lines(parses: 1)
        #expect(straight.lines.contains("left7 right7"))
        #expect(!straight.lines.contains { $0.contains("hidden") })
        let parallel = try lines(parses: 3)
        #expect(parallel.lines == straight.lines)
        #expect(parallel.summary.parses > 10, "the page is written by parses from many places")
    }

    /// Where libxml2 reads the markup otherwise than the scan guessed (a character
    /// reference makes a link target blank, so the links before the next places are
    /// fewer), the parse before goes past those places to the first that checks out;
    /// the parses started at the wrong ones are dropped.
    @Test func aParseGoesPastWrongGuesses() throws {
        let html = GuessedCheckpointTests.misread
        let whole = try Self.wholeLines(html, width: 50)
        var dropped = 0
        for _ in 0..<20 {
            let streamed = try Self.streamedLines(html, width: 50, fragmentNodes: 200, segmentBytes: 300, parses: 3)
            #expect(streamed.lines == whole)
            dropped += streamed.summary.droppedParses
        }
        #expect(dropped > 0, "three parses start at the first guesses at once")
    }

    /// A paragraph of megabytes comes in fragments of a fraction of a megabyte each.
    @Test func aHugeParagraphComesInFragments() throws {
        let html = "<p>" + String(repeating: "lorem ipsum dolor sit amet ", count: 200_000)
        let streamed = try Self.streamedLines(html, width: 80, fragmentNodes: PageStream.fragmentNodes)
        #expect(streamed.summary.fragments >= 5_400_000 / PageStream.textBytes)
        #expect(streamed.lines == (try Self.wholeLines(html, width: 80)))
    }

    @Test func aLongPageComesInManyFragments() throws {
        let html = PageGenerator.page(bytes: 300_000, seed: 4)
        let streamed = try Self.streamedLines(html, width: 80, fragmentNodes: 500)
        #expect(streamed.summary.fragments > 10)
        #expect(streamed.lines == (try Self.wholeLines(html, width: 80)))
        // Links are numbered across fragments, and all listed at the end.
        #expect(streamed.lines.contains("References"))
    }

    /// The first fragments are small and each next twice as big, up to the size asked
    /// for: layout starts soon after the parse does.
    @Test func fragmentsGrowFromTheFirstSize() throws {
        var sizes: [Int] = []
        try HTMLParser.parse(Array(PageGenerator.page(bytes: 300_000, seed: 4).utf8), cutting: HTMLParser.Cutting(
            containers: LayoutUnits.transparentTags, blocks: LayoutUnits.blockLevelTags, nodes: 800, firstNodes: 100,
            take: { sizes.append($0.fragment.nodes.count); return true }))
        #expect(sizes.count > 10)
        // A fragment is cut at the first block end past its size (and holds copies of
        // the containers still open).
        #expect(sizes[0] >= 100 && sizes[0] < 200, "\(sizes.prefix(5))")
        #expect(sizes[1] >= 200 && sizes[1] < 400, "\(sizes.prefix(5))")
        #expect(sizes[2] >= 400 && sizes[2] < 800, "\(sizes.prefix(5))")
        #expect(sizes.dropFirst(3).dropLast().allSatisfy { $0 >= 800 }, "\(sizes)")
    }

    /// The References list is written in parts of a few thousand entries; numbers stay
    /// aligned for the whole list.
    @Test func aLongReferencesListIsWrittenInParts() throws {
        let html = (1...(PageStream.referencesPart * 2 + 500)).map { "<p><a href=\"/t/\($0)\">l</a></p>" }.joined()
        let streamed = try Self.streamedLines(html, width: 40, fragmentNodes: 3_000)
        #expect(streamed.lines == (try Self.wholeLines(html, width: 40)))
        #expect(streamed.lines.last == "8692. /t/8692")
        #expect(streamed.lines.contains("   1. /t/1"), "numbers padded for the whole list")
        #expect(streamed.lines.contains("4097. /t/4097"))
    }

    /// Rows wanted near the top of a long References list are laid out from the
    /// parts read back by then: the parts after them are not read back at all.
    @Test func rowsEarlyInTheReferencesReadNoMoreOfThem() throws {
        let partCount = 12
        let html = "<p>" + (1...(PageStream.referencesPart * (partCount - 1) + 1)).map { "<a href=\"/t/\($0)\">l</a>" }.joined(separator: " ") + "</p>"
        let page = try HTMLParser.utf8Page(MemoryPageSource(Array(html.utf8)), encoding: nil)
        let dumpSpill = ReadCountingSpill()
        var dump = StreamedText()
        try PageStream.writeText(of: page.source, start: page.start, width: 40, threads: TestThreads(), spill: dumpSpill) { dump.take($0) }
        #expect(dumpSpill.reads == partCount, "a dump reads every part back")
        let heading = try #require(dump.lines.firstIndex(of: "References"))
        let window = heading..<(heading + 5)
        let spill = ReadCountingSpill()
        let rows = try PageStream.rows(window, of: page.source, start: page.start, width: 40, threads: TestThreads(), spill: spill)
        #expect(window.map { rows.plainText(row: $0) } == Array(dump.lines[window]))
        #expect(spill.reads <= PageStream.fragmentsLaidOutAtOnce + 1, "no part read back past those laid out with the window's")
    }

    @Test func hiddenContainersStayHiddenInEveryFragment() throws {
        let html = "<div hidden>" + String(repeating: "<p>secret</p>", count: 50) + "</div><p>shown</p>"
        let streamed = try Self.streamedLines(html, width: 40, fragmentNodes: 3)
        #expect(streamed.lines == ["shown"])
    }

    @Test func stoppingEndsTheStreamEarly() throws {
        let html = PageGenerator.page(bytes: 300_000, seed: 6)
        var text = StreamedText()
        let summary = try PageStream.writeText(of: Array(html.utf8), width: 80, fragmentNodes: 200, threads: TestThreads(), stop: { text.lines.count >= 10 }) { text.take($0) }
        let lines = text.lines
        let whole = try Self.wholeLines(html, width: 80)
        #expect(lines.count < whole.count / 2)
        #expect(lines == Array(whole.prefix(lines.count)))
        #expect(summary.fragments < 20)
    }

    @Test func errorsComeBeforeAnyLine() {
        var text = StreamedText()
        #expect(throws: HTMLParsingError.self) {
            try PageStream.writeText(of: Array("<p>x</p>".utf8), encoding: "no-such-encoding", width: 40, threads: TestThreads()) { text.take($0) }
        }
        #expect(text.lines.isEmpty)
    }
}

/// Containers nested 20,000 deep, each holding a paragraph: cutting the page and
/// laying its units out stay linear in the nesting (a quadratic step here would take
/// minutes; `docscroll --dump` of the same at 100,000 takes 0.2 s).
@Suite("Deeply nested containers")
struct DeepContainerTests {
    @Test func deeplyNestedContainersStreamAndLayOut() throws {
        let depth = 20_000
        let html = String(repeating: "<div><p>para</p>", count: depth) + String(repeating: "</div>", count: depth)
        var text = PageStreamTests.StreamedText()
        let summary = try PageStream.writeText(of: Array(html.utf8), width: 40, threads: TestThreads()) { text.take($0) }
        let lines = text.lines
        #expect(lines.count == 2 * depth - 1, "a paragraph and a blank line each, no blank line at the end")
        #expect(lines.allSatisfy { $0 == "para" || $0.isEmpty })
        #expect(summary.fragments > 1)
        let view = WholePage(document: try HTMLParser.parse(Array(html.utf8)), width: 40)
        #expect(view.lines.count == lines.count)
    }
}

/// One paragraph of 100,000 links (200,000 style runs): collecting and wrapping it
/// stay linear (each was quadratic once: a buffer reserved to its exact size on every
/// append, and every line looking at every run).
@Suite("Long paragraphs")
struct LongParagraphTests {
    @Test func aParagraphOfAHundredThousandLinks() throws {
        let count = 100_000
        let html = "<p>" + String(repeating: "<a href=/x>x</a> ", count: count) + "</p>"
        let view = WholePage(document: try HTMLParser.parse(Array(html.utf8)), width: 80)
        #expect(view.links.count == count)
        #expect(view.lines.first?.text == (1...15).map { "[\($0)]x" }.joined(separator: " "))
        #expect(view.lines.allSatisfy { TextWidth.columns(of: $0.text) <= 80 })
    }
}

/// A spill store in memory that counts the reads back.
private final class ReadCountingSpill: SpillStore {
    private let stored = MemorySpill()
    private(set) var reads = 0

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        stored.append(bytes)
    }

    func read(_ range: Range<Int>) -> [UInt8]? {
        reads += 1
        return stored.read(range)
    }
}
