import ComponentKit
import Foundation
import HTMLParsing
import RenderCore
import Testing
@testable import DocumentLayout

/// A search going down past the index (its scan and parse held back) reads ahead: it
/// finds what the whole page shows where the letter scans say the query may be, and
/// a probe that shows nothing (letters of the query split by a block) or a miss
/// leaves the island the reader was on as it was.
@Suite("Searching ahead of the index")
struct SearchAheadTests {
    /// The page with `text` put at the start of the first paragraph at or after
    /// `fraction` of its bytes.
    static func inserting(_ text: String, in html: String, at fraction: Double) -> String {
        let bytes = Array(html.utf8)
        let paragraph = Array("<p>".utf8)
        var offset = Int(Double(bytes.count) * fraction)
        while !bytes[offset..<(offset + 3)].elementsEqual(paragraph) { offset += 1 }
        return String(decoding: bytes[..<(offset + 3)] + Array(text.utf8) + bytes[(offset + 3)...], as: UTF8.self)
    }

    /// Steps the search as `StackSearch` does, from row `start` (excluded) down to the
    /// page's end: the row found, if any.
    static func search(_ query: String, in view: WindowedPage, from start: Int) -> Int? {
        searchSteps(query, in: view, from: start).row
    }

    /// `search`'s row, and how many times the page searched on past a row without
    /// settling it (`SearchStep.scanned`): each time at a row, the rows said searched
    /// grow, within the page.
    static func searchSteps(_ query: String, in view: WindowedPage, from start: Int) -> (row: Int?, scanned: Int) {
        var row = start + 1
        var steps = 0
        var scanned = 0
        var scannedHere: (row: Int, rows: Int)?
        while row < view.rowCount, steps < 1_000_000 {
            steps += 1
            let step = view.searchStep(for: query, at: row, forward: true)
            if case .scanned(let rows) = step {
                scanned += 1
                if let scannedHere, scannedHere.row == row { #expect(rows >= scannedHere.rows, "the search goes on") }
                #expect(rows >= 0 && rows <= view.rowCount - row)
                scannedHere = (row, rows)
            } else {
                scannedHere = nil
            }
            switch step {
            case .passOver(let rows): row += rows
            case .laidOut(let resumed, _): row = resumed
            case .scanned: break
            case .read:
                if TextSearch.contains(query, in: view.plainText(row: row, width: 80)) { return (row, scanned) }
                row += 1
            }
        }
        return (nil, scanned)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aSearchAheadOfTheIndexFindsWhatThePageShowsAndAMissLeavesTheIslandInPlace(seed: UInt64) throws {
        var html = ReadAheadTests.page(bytes: 700_000, seed: seed)
        // The needle's letters one after another in the bytes, but in two blocks (the
        // letter scan's candidate, shown by no row), then the query itself twice.
        html = Self.inserting("zqmark</p><p>erword falsely", in: html, at: 0.55)
        html = Self.inserting("zqmarkerword found here ", in: html, at: 0.75)
        html = Self.inserting("zqmarkerword again ", in: html, at: 0.9)
        let whole = try PageIndexTests.wholeLines(html, width: 80).map(ReadAheadTests.unnumbered)
        let expected = try #require(whole.first { $0.contains("zqmarkerword") })

        let (source, index) = ReadAheadTests.heldIndex(html, heldRuns: 1)
        defer { source.release() }
        let view = WindowedPage(index: index, width: 80)
        view.indexPace = .ahead
        // The reader is on an island at a third of the page.
        let top = ReadAheadTests.scroll(view, to: view.rowCount / 3, rows: 20)
        let island = try #require(view.island)
        let islandStart = view.chunks[island.gapPart + 1].range
        let shown = (top..<(top + 20)).map { view.plainText(row: $0, width: 80) }

        // A miss goes to the page's end, past the split candidate, and leaves the island.
        #expect(Self.search("zqnowhereword", in: view, from: top) == nil)
        let split = Self.searchSteps("zqmarkerwordfalsely", in: view, from: top)
        #expect(split.row == nil, "the split letters show no row")
        #expect(split.scanned > 0, "the search said how far it went past the probe")
        #expect(view.island?.gapPart == island.gapPart && view.chunks[island.gapPart + 1].range == islandStart)
        #expect((top..<(top + 20)).map { view.plainText(row: $0, width: 80) } == shown, "the reader's rows are as they were")

        // A hit: the first row that shows the query, as the whole page shows it.
        let found = try #require(Self.search("zqmarkerword", in: view, from: top))
        #expect(ReadAheadTests.unnumbered(view.plainText(row: found, width: 80)) == expected)
        #expect(index.snapshot.chunkCount == 0, "found ahead of the index")
    }
}

/// A search going up from an island far past the index (its scan and parse held back)
/// reads behind the island: it finds the last row above that shows the query, where
/// the letter scans say it may be, both just above the island (the probe joins it) and
/// megabytes above it; a miss, and letters of the query split by a block, leave the
/// island as it was.
@Suite("Searching up ahead of the index")
struct SearchBehindTests {
    /// Steps the search as `StackSearch` does, from row `start` (excluded) up to the
    /// page's first row: the row found, if any.
    static func search(_ query: String, in view: WindowedPage, from start: Int) -> Int? {
        searchSteps(query, in: view, from: start).row
    }

    /// `search`'s row, and how many times the page searched on above a row without
    /// settling it (`SearchStep.scanned`): each time at a row, the rows said searched
    /// grow, within those above.
    static func searchSteps(_ query: String, in view: WindowedPage, from start: Int) -> (row: Int?, scanned: Int) {
        var scanned = 0
        var scannedHere: (row: Int, rows: Int)?
        var row = start - 1
        var steps = 0
        while row >= 0, steps < 1_000_000 {
            steps += 1
            let step = view.searchStep(for: query, at: row, forward: false)
            // (Else the next step would wait for the index, which the test holds.)
            guard view.indexPace == .ahead else {
                Issue.record("\(query): the search waits for the index at row \(row)")
                return (nil, scanned)
            }
            if case .scanned(let rows) = step {
                scanned += 1
                if let scannedHere, scannedHere.row == row { #expect(rows >= scannedHere.rows, "the search goes on") }
                #expect(rows >= 0 && rows <= row + 1)
                scannedHere = (row, rows)
            } else {
                scannedHere = nil
            }
            switch step {
            case .passOver(let rows): row -= rows
            case .laidOut(let resumed, _): row = resumed
            case .scanned: break
            case .read:
                if TextSearch.contains(query, in: view.plainText(row: row, width: 80)) { return (row, scanned) }
                row -= 1
            }
        }
        return (nil, scanned)
    }

    /// Pages of 1 MB (every probe just above the island) and 9 MB (the first hit more
    /// than `islandReach` above it), the hits and the split letters at `fractions`.
    @Test(arguments: [(700_000, UInt64(1), [0.45, 0.55, 0.62]), (700_000, 2, [0.45, 0.55, 0.62]), (9_000_000, 3, [0.2, 0.3, 0.4])])
    func aSearchUpPastTheIndexFindsTheLastRowAboveThatShowsTheQuery(bytes: Int, seed: UInt64, fractions: [Double]) throws {
        var html = ReadAheadTests.page(bytes: bytes, seed: seed)
        // Plain paragraphs first: the page's first marks (content hidden, letters a
        // list writes) are not where the index nearly is, where a search waits for it.
        html = SearchAheadTests.inserting(String(repeating: "plain words and more plain words</p><p>", count: 8_000), in: html, at: 0)
        html = SearchAheadTests.inserting("zqmarkerword first ", in: html, at: fractions[0])
        html = SearchAheadTests.inserting("zqmarkerword second ", in: html, at: fractions[1])
        // The needle's letters one after another in the bytes, but in two blocks.
        html = SearchAheadTests.inserting("zqmark</p><p>erword falsely", in: html, at: fractions[2])

        let (source, index) = ReadAheadTests.heldIndex(html, heldRuns: 1)
        defer { source.release() }
        let view = WindowedPage(index: index, width: 80)
        view.indexPace = .ahead
        // The reader is on an island at five sixths of the page.
        let top = ReadAheadTests.scroll(view, to: view.rowCount * 5 / 6, rows: 20)
        let island = try #require(view.island)
        let islandStart = view.chunks[island.gapPart + 1].range
        let shown = (top..<(top + 20)).map { view.plainText(row: $0, width: 80) }
        // (The island's rows above the reader's are laid out as the search goes up
        // through them: the reader's rows move down, found again by their mark.)
        let reader = view.mark(ofRow: top)

        // A miss goes to the page's first row, past the split candidate, and leaves the
        // island where it was.
        #expect(Self.search("zqnowhereword", in: view, from: top) == nil)
        let split = Self.searchSteps("zqmarkerwordfalsely", in: view, from: top)
        #expect(split.row == nil, "the split letters show no row")
        #expect(split.scanned > 0, "the search said how far it went past the probe")
        #expect(view.island?.gapPart == island.gapPart && view.chunks[island.gapPart + 1].range == islandStart)
        let moved = view.row(of: reader)
        #expect((moved..<(moved + 20)).map { view.plainText(row: $0, width: 80) } == shown, "the reader's rows are as they were")

        // A hit: the last row above that shows the query, then the one above it.
        let second = try #require(Self.search("zqmarkerword", in: view, from: top))
        #expect(view.plainText(row: second, width: 80).contains("zqmarkerword second"))
        let first = try #require(Self.search("zqmarkerword", in: view, from: second))
        #expect(view.plainText(row: first, width: 80).contains("zqmarkerword first"))
        #expect(index.snapshot.chunkCount == 0, "found ahead of the index")
    }
}

/// Letter scans from starts guessed in the bytes ahead of the index answer as a scan
/// from the page's start does where a guess falls inside content marked whole.
@Suite("Letter scans from guessed starts")
struct GuessedLetterScanTests {
    /// A guessed start inside a hidden element (right after one of its paragraphs)
    /// does not hold: the scan before it ends inside the element, so the bytes after
    /// the guess are scanned again from that scan's start, and the element (whose
    /// letters it hides) is marked whole, as a scan from the page's start marks it.
    @Test func aGuessInsideHiddenContentIsScannedFromTheStartBefore() {
        let filler = String(repeating: "<p>Shown words of the page, and more of them.</p>\n", count: 200)
        let hidden = String(repeating: "<p>Words hidden from the reader.</p>\n", count: 400)
        let html = "<html><body>\(filler)<div hidden>\(hidden)</div>\(filler)</body></html>"
        let source = MemoryPageSource(Array(html.utf8))
        let needle = Array("zqmark".utf8)
        let hiddenStart = Array(html.utf8).firstRange(of: Array("<div hidden>".utf8))!.upperBound
        let hiddenEnd = Array(html.utf8).firstRange(of: Array("</div>".utf8))!.lowerBound
        let apart = hiddenStart + (hiddenEnd - hiddenStart) / 2
        let guessed = PageLetterScans(needle: needle, source: source, starts: [0], guessedFrom: 0, guessedApart: apart, threads: TestThreads())
        let guesses = guessed.starts.dropFirst()
        #expect(guesses.contains { (hiddenStart..<hiddenEnd).contains($0) }, "a start guessed inside the hidden element")
        let whole = LetterScan(needle: needle, source: source)
        let afterGuess = guesses.first { (hiddenStart..<hiddenEnd).contains($0) }.map { $0..<($0 + 100) } ?? hiddenEnd..<hiddenEnd
        #expect(whole.mayShow(afterGuess), "the whole scan marks the hidden element")
        #expect(guessed.mayShow(afterGuess), "so do the scans from guessed starts")
        #expect(guessed.firstMark(from: 0, before: html.utf8.count) == whole.firstMark(from: 0, before: html.utf8.count))
    }
}
