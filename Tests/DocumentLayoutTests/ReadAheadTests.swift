import ComponentKit
import Foundation
import HTMLParsing
import SampleContent
import ScrollCore
import Testing
@testable import DocumentLayout

/// A jump far past the index (its scan and its parse both held back) reads the page
/// there from a start guessed in its bytes: it shows the page's own lines at once,
/// and keeps the line at the top in place when the index gets there.
@Suite("Reading ahead of the index")
struct ReadAheadTests {
    /// A generated page of about `bytes` bytes inside two containers whose end tags
    /// are at the page's end (a guess from the middle cannot see them).
    static func page(bytes: Int, seed: UInt64) -> String {
        PageGenerator.page(bytes: bytes, seed: seed)
            .replacing("<body>\n", with: "<body>\n<div class=\"document\"><div class=\"body\">\n")
            .replacing("</body>", with: "</div></div></body>")
    }

    /// An index of `html` whose scan and parse wait until the source is released; of
    /// the threads it starts, those after the first `heldRuns` (the letter scans'
    /// helper after the scan) read freely.
    static func heldIndex(_ html: String, heldRuns: Int = .max) -> (HeldSource, PageIndex) {
        let source = HeldSource(MemoryPageSource(Array(html.utf8)))
        let index = PageIndex(source: source, threads: HeldThreads(heldRuns: heldRuns))
        Thread {
            HeldSource.isHeld = true
            index.build()
        }.start()
        return (source, index)
    }

    /// A line without its link numbers (an island numbers links by a guess).
    static func unnumbered(_ line: String) -> String {
        line.replacing(/\[\d+\]/, with: "")
    }

    /// The characters of `lines` but spaces one after another, link numbers left out:
    /// the text, however it wraps (CJK text breaks between any two characters).
    static func text(of lines: [String]) -> String {
        String(lines.joined().replacing(/\[\d+\]/, with: "").filter { !$0.isWhitespace })
    }

    /// Lays the view out with `row` at the top (as a jump there does).
    /// - Returns: the row at the top once its part is laid out.
    static func scroll(_ view: WindowedPage, to row: Int, rows: Int) -> Int {
        let geometry = view.performLayout(LayoutConstraints(scrollOffset: Double(row), remainingPaintExtent: Double(rows)))
        return row + Int(geometry.scrollOffsetCorrection)
    }

    /// At the index's checkpoints (right after a block's end tag, nothing but
    /// containers and lists open), a start guessed just past one is that checkpoint,
    /// with the elements the parse found open there: but for elements no end tag
    /// closes, which the guess takes to be the page's `html` and `body` alone.
    @Test func aGuessedStartIsWhereTheIndexCuts() throws {
        for (name, html) in try PageIndexTests.pages() {
            let index = PageIndexTests.index(html, chunkBytes: 300)
            var placesFound = 0
            var elementsFound = 0
            var checkpoints = 0
            for number in 1..<max(1, index.snapshot.chunkCount) {
                let chunk = index.chunk(number)
                guard !chunk.startsInsideText else { continue }
                checkpoints += 1
                guard let guess = index.guessedStart(before: chunk.range.lowerBound + 1, links: 0), guess.offset == chunk.range.lowerBound else { continue }
                placesFound += 1
                if guess.openElements.map(\.tag) == chunk.openElements.map(\.tag) { elementsFound += 1 }
            }
            #expect(placesFound == checkpoints, "\(name)")
            let unclosed = name == "nested containers"
            #expect(unclosed ? elementsFound == 0 : elementsFound == checkpoints, "\(name)")
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aJumpAheadOfTheIndexShowsThePageAndStaysWhenTheIndexComes(seed: UInt64) throws {
        let html = Self.page(bytes: 700_000, seed: seed)
        let whole = try PageIndexTests.wholeLines(html, width: 80).map(Self.unnumbered)
        let wholeText = Self.text(of: whole)
        var random = SeededGenerator(seed: seed)
        for jump in 0..<3 {
            let (source, index) = Self.heldIndex(html)
            let view = WindowedPage(index: index, width: 80)
            view.indexPace = .ahead
            // The end (as `G` finds it), or a fraction of the rows estimated.
            let toEnd = jump == 0
            if toEnd { view.locateEnd() }
            let target = toEnd ? view.rowCount - 20 : Int(Double(view.rowCount) * Double.random(in: 0.3...0.9, using: &random))
            _ = Self.scroll(view, to: target, rows: 20)
            let island = try #require(view.island, "read ahead (jump \(jump))")
            #expect(index.snapshot.chunkCount == 0, "the index is held")
            // Every line of the island is the page's, in the page's order.
            for part in (island.gapPart + 1)..<view.chunkCount { _ = view.makeExact(part) }
            let islandRows = Int(view.extents.prefixSum(island.gapPart + 1))..<Int(view.extents.total)
            let islandText = Self.text(of: islandRows.map { view.plainText(row: $0, width: 80) })
            #expect(wholeText.contains(islandText), "jump \(jump)")
            let top = Self.scroll(view, to: toEnd ? view.rowCount - 20 : target, rows: 20)
            let shown = (top..<(top + 20)).map { Self.unnumbered(view.plainText(row: $0, width: 80)) }
            #expect(wholeText.contains(Self.text(of: shown)), "jump \(jump): the island shows the page's own text")
            if toEnd {
                // The page's last line before its References, which come with the index.
                let references = whole.lastIndex(of: "References") ?? whole.count
                #expect(shown.last { !$0.isEmpty } == whole[..<references].last { !$0.isEmpty }, "the end")
            }
            source.release()
            index.wait { $0.isComplete }
            let after = Self.scroll(view, to: top, rows: 20)
            #expect(view.island == nil, "the index took over (jump \(jump))")
            // (Its end may wrap otherwise: the index numbers the links anew.)
            #expect(Self.unnumbered(view.plainText(row: after, width: 80)).prefix(20) == shown[0].prefix(20), "jump \(jump): the line at the top stays")
            if jump == 2 { #expect(PageIndexTests.indexedLines(view, width: 80).map(Self.unnumbered) == whole) }
        }
    }
}

/// Threads whose reads of a `HeldSource` wait until it is released (those of the
/// first `heldRuns` started): an index whose scan is held back too.
final class HeldThreads: LayoutThreads, @unchecked Sendable {
    private let heldRuns: Int
    private let lock = NSLock()
    private var runs = 0

    init(heldRuns: Int = .max) {
        self.heldRuns = heldRuns
    }

    func run(waits: Bool, _ work: @escaping @Sendable () -> Void) {
        let isHeld = lock.withLock {
            runs += 1
            return runs <= heldRuns
        }
        Thread {
            HeldSource.isHeld = isHeld
            work()
        }.start()
    }

    func makeSemaphore() -> TestSemaphore {
        TestSemaphore()
    }

    func makeLock() -> TestLock {
        TestLock()
    }
}
