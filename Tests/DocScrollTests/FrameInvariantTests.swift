import DocScroll
import ScrollCore
import ComponentKit
import RenderCore
import TestSupport
import Testing
import TileRenderer

@Suite("Frames, dumps and modes")
struct FrameInvariantTests {
    /// For every offset k of the sample, frame k equals the stack's rows k..k+h-1 as
    /// shown (`shownLines`: the dump's, a table's with its columns planned for the
    /// screen) except the rows of pinned headers, which show the header's own rows, and
    /// the windowed frame equals the expanded frame cell for cell.
    @Test(arguments: [(80, 24), (50, 10), (120, 7)])
    func sampleFramesMatchTheDumpInBothModes(width: Int, height: Int) throws {
        let pages = [try sample("article.html")]
        let tables = [try sample("items.json")]
        let windowed = try DocScrollView(pages: pages, tables: tables, options: .init(width: width, height: height, mode: .windowed))
        let expanded = try DocScrollView(pages: pages, tables: tables, options: .init(width: width, height: height, mode: .expanded))
        let dump = dumpLines(windowed)
        let shown = shownLines(windowed)
        #expect(dump == dumpLines(expanded))
        #expect(dump.count == expanded.stackRows)
        #expect(dump.contains { $0.contains("中文说明") })
        #expect(dump.contains { $0.hasPrefix("id ") })
        for offset in 0...windowed.maxScrollOffset {
            let frame = windowed.frame(at: offset)
            #expect(frame == expanded.frame(at: offset), "offset \(offset)")
            #expect(frame.plainLines == expectedFrameLines(windowed, shown: shown), "offset \(offset)")
        }
        // The table's header is pinned while its rows scroll under it (cut at the
        // width).
        let inside = windowed.frame(at: 10)
        #expect(inside.plainText(row: 0) == clip(shown[0], to: width))
        #expect(inside.plainText(row: 1) == clip(shown[1], to: width))
    }

    /// Wide characters cut by the frame's right edge, inside a table's cell (whose
    /// next span is a border) and in running text: every frame row is its dump row cut
    /// at the width, a cut wide character's column left blank.
    @Test(arguments: [14, 19, 20, 21, 33])
    func wideCharactersCutAtTheRightEdgeLeaveTheirColumnBlank(width: Int) throws {
        let page = InputFile(name: "edge.html", bytes: Array((
            "<table><tr><td>[[ab]]</td><td>如果你想扩展的网络配置功能请寻找适当的插件模块 averyveryverylongword</td></tr></table>"
                + "<pre>a中文字符和更多的中文字符│</pre><p>文字文字文字文字文字文字文字文字文字</p>").utf8))
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: width, height: 12))
        let dump = dumpLines(view)
        let frame = view.frame(at: 0)
        #expect(frame.plainLines == expectedFrameLines(view, shown: dump), "width \(width)")
    }

    /// The same over generated pages and tables, with random sizes, visiting offsets in
    /// random order (so tiles are reused and evicted in every pattern).
    @Test(arguments: 1...16)
    func generatedFramesMatchTheDumpInBothModes(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let width = Int.random(in: 20...140, using: &random)
        let height = Int.random(in: 1...50, using: &random)
        let windowed = try generatedView(seed: seed, mode: .windowed, width: width, height: height)
        let expanded = try generatedView(seed: seed, mode: .expanded, width: width, height: height)
        let dump = dumpLines(windowed)
        let shown = shownLines(windowed)
        #expect(dump == dumpLines(expanded), "seed \(seed)")
        var offsets = Array(0...windowed.maxScrollOffset)
        offsets.shuffle(using: &random)
        for offset in offsets.prefix(300) {
            let frame = windowed.frame(at: offset)
            #expect(frame == expanded.frame(at: offset), "seed \(seed) offset \(offset)")
            #expect(frame.plainLines == expectedFrameLines(windowed, shown: shown), "seed \(seed) offset \(offset)")
        }
        // The windowed view holds no more than the expanded view, which holds every
        // tile. The same tile's arrays can differ by the allocator's unsplit remainder
        // (under 32 bytes per block, seen as capacity), so each block gets that slack.
        let tileBytes = windowed.statistics.tiles.tileBytesPeak
        let expandedBytes = expanded.statistics.tiles.tileBytesPeak
        let allocatorSlack = 2 * 32 * expanded.statistics.tiles.tilesLive
        #expect(tileBytes <= expandedBytes + allocatorSlack, "seed \(seed)")
    }

    /// A reader scrolling: one windowed view moved by rows, screens and jumps, down
    /// and up, never laid out to the end first, with small tiles and a small budget
    /// (tiles kept, evicted, prefetched, invalidated as pages are laid out further and
    /// wrapped rows are measured): every frame equals the expanded view's.
    @Test(arguments: 1...8)
    func aScrollingViewDrawsWhatTheExpandedViewDraws(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let width = Int.random(in: 30...120, using: &random)
        let height = Int.random(in: 3...40, using: &random)
        let wraps = seed % 2 == 0
        let inputs = generatedInputs(seed: seed, pageBytes: 2_000...30_000)
        func view(_ mode: RenderMode) throws -> DocScrollView {
            try DocScrollView(
                pages: inputs.pages, tables: inputs.tables,
                options: .init(
                    width: width, height: height, mode: mode, tileRows: Int.random(in: 1...24, using: &random),
                    tileBudget: .viewports(Double.random(in: 0...4, using: &random)), wrapsTableCells: wraps))
        }
        let windowed = try view(.windowed)
        let expanded = try view(.expanded)
        var offset = 0
        for step in 0..<200 {
            let move = switch Int.random(in: 0..<5, using: &random) {
            case 0: -Int.random(in: 1...3, using: &random)
            case 1: height
            case 2: -height
            case 3: Int.random(in: 0...max(0, windowed.maxScrollOffset), using: &random) - offset
            default: Int.random(in: 1...3, using: &random)
            }
            offset = min(max(0, offset + move), windowed.maxScrollOffset)
            let frame = windowed.frame(at: offset)
            #expect(frame == expanded.frame(at: offset), "seed \(seed) step \(step) offset \(offset)")
        }
        #expect(windowed.statistics.tiles.tilesEvicted > 0, "seed \(seed): the budget made tiles go")
    }

    @Test func windowedBuildsFarLessThanExpandedOnALongPage() throws {
        let page = InputFile(name: "long.html", bytes: Array(SampleContent.PageGenerator.page(bytes: 400_000, seed: 9).utf8))
        let windowed = try DocScrollView(pages: [page], tables: [], options: .init(width: 80, height: 24, mode: .windowed))
        let expanded = try DocScrollView(pages: [page], tables: [], options: .init(width: 80, height: 24, mode: .expanded))
        _ = windowed.frame(at: windowed.maxScrollOffset / 2)
        _ = expanded.frame(at: expanded.maxScrollOffset / 2)
        let w = windowed.statistics
        let e = expanded.statistics
        // The viewport's tiles (at most 3 for 24 rows) and the prefetch: a tile
        // beyond each edge and a viewport further down (at most 2 more).
        #expect(w.tiles.tilesBuilt <= 3 + 2 + 2)
        #expect(e.tiles.tilesBuilt == (e.layoutLines + 15) / 16)
        #expect(w.tiles.tileBytesPeak * 50 < e.tiles.tileBytesPeak)
        #expect(w.layoutLines < e.layoutLines, "windowed lays out only as far as the viewport")
    }

    /// The first screen of a long page needs only its first chunk laid out; the rest
    /// is an estimate until asked for.
    @Test func firstFrameLaysOutOnlyTheFirstScreen() throws {
        let page = InputFile(name: "long.html", bytes: Array(SampleContent.PageGenerator.page(bytes: 400_000, seed: 9).utf8))
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 80, height: 24, mode: .windowed, pageCacheBytes: 256 << 10))
        _ = view.frame(at: 0)
        #expect(!view.isLaidOut)
        // The page comes in chunks of 4 KB, then twice as much each up to 64 KB; the
        // first screen and its prefetch need the first few.
        let firstChunks = view.statistics.layoutUnitsLaidOut
        #expect(firstChunks <= 3)
        // A dump goes through every chunk, holding only a few at a time.
        let before = view.statistics.layoutLines
        var dump: [String] = []
        view.dump { dump.append($0) }
        #expect(dump.count > 5 * before)
        #expect(view.statistics.layoutUnits >= 8)
        #expect(view.statistics.layoutUnits > 2 * firstChunks)
        #expect(view.statistics.layoutLines < dump.count / 2)
        #expect(view.statistics.layoutBytes < 2 * (256 << 10))
        #expect(view.frame(at: 0).plainLines == Array(dump.prefix(24)).map { clip($0, to: 80) })
    }

    /// Windowed views lay pages out lazily; at every offset, asked in random order
    /// before anything else lays the pages out, their frames equal the expanded ones.
    @Test(arguments: 1...10)
    func lazyFramesEqualExpandedFrames(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &* 7_919)
        let (windowed, expanded) = try generatedViewsInBothModes(
            seed: seed &+ 1_000, widths: 20...120, heights: 1...40, pageBytes: 20_000...60_000, random: &random)
        var offsets = (0..<60).map { _ in Int.random(in: 0...expanded.maxScrollOffset, using: &random) }
        offsets.insert(expanded.maxScrollOffset, at: Int.random(in: 0..<offsets.count, using: &random))
        for offset in offsets {
            let frame = windowed.frame(at: offset)
            #expect(windowed.scrollOffset == offset, "seed \(seed): a frame request lands exactly")
            #expect(frame == expanded.frame(at: offset), "seed \(seed) offset \(offset)")
        }
    }

    /// Tables scrolled sideways (the first column frozen) show the same frames in
    /// both modes, at random vertical and horizontal offsets.
    @Test(arguments: 1...6)
    func sidewaysScrolledFramesEqualExpandedFrames(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &* 104_729)
        let (windowed, expanded) = try generatedViewsInBothModes(
            seed: seed &+ 2_000, widths: 20...70, heights: 3...30, pageBytes: 2_000...8_000, random: &random)
        for _ in 0..<30 {
            let columns = Int.random(in: 0...8, using: &random)
            let offset = Int.random(in: 0...expanded.maxScrollOffset, using: &random)
            windowed.scrollColumns(to: columns)
            expanded.scrollColumns(to: columns)
            #expect(windowed.scrolledColumns == expanded.scrolledColumns)
            #expect(windowed.frame(at: offset) == expanded.frame(at: offset), "seed \(seed) offset \(offset) columns \(columns)")
        }
    }

    /// Wrapped tables (rows of several lines, measured as they come into view) show
    /// the same frames in both modes, and every frame is its slice of the dump.
    @Test(arguments: 1...5)
    func wrappedTableFramesEqualExpandedFramesAndTheDump(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &* 15_485_863)
        let inputs = generatedInputs(seed: seed &+ 3_000, pageBytes: 1_000...4_000)
        let width = Int.random(in: 30...90, using: &random)
        let height = Int.random(in: 4...30, using: &random)
        func view(_ mode: RenderMode) throws -> DocScrollView {
            try DocScrollView(
                pages: inputs.pages, tables: inputs.tables + [try sample("items.json")],
                options: .init(width: width, height: height, mode: mode, tileRows: 16, wrapsTableCells: true))
        }
        let windowed = try view(.windowed)
        let expanded = try view(.expanded)
        let dump = dumpLines(try view(.windowed))
        let shown = shownLines(try view(.windowed))
        #expect(dump == dumpLines(expanded))
        for _ in 0..<25 {
            let offset = Int.random(in: 0...expanded.maxScrollOffset, using: &random)
            let frame = windowed.frame(at: offset)
            #expect(frame == expanded.frame(at: offset), "seed \(seed) offset \(offset)")
            #expect(frame.plainLines == expectedFrameLines(windowed, shown: shown), "seed \(seed) offset \(offset)")
        }
    }

    @Test func statisticsAreOneJSONObject() throws {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init())
        _ = view.frame(at: 10)
        let json = view.statistics.json
        for key in ["mode", "tilesBuilt", "tileBytesPeak", "rowsMaterialized", "documentNodes", "layoutLines", "peakRSSBytes"] {
            #expect(json.contains("\"\(key)\":"), "missing \(key)")
        }
        #expect(json.hasPrefix("{\"mode\":\"windowed\""))
        #expect(view.statistics.peakRSSBytes > 1_000_000)
        #expect(view.statistics.rowsMaterialized > 0)
    }
}

import SampleContent
typealias SeededRandom = SeededGenerator

/// A component of an embedder's own that grows (an image loading), between the table
/// and the page.
private final class Growing: StackComponent {
    private(set) var rowCount = 2
    private var invalidator: LayoutInvalidator?
    private var changedFrom: Double?
    var contentExtent: Double { Double(rowCount) }
    func attach(_ invalidator: LayoutInvalidator) { self.invalidator = invalidator }
    /// Grows to `rows` rows, marking itself as needing layout.
    func grow(to rows: Int) {
        changedFrom = Double(rowCount)
        rowCount = rows
        invalidator?.markNeedsLayout()
    }
    func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
        defer { changedFrom = nil }
        return changedFrom.map { geometry(changedFrom: $0) } ?? .unchanged
    }
    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        for index in rows.clamped(to: 0..<rowCount) {
            buffer.draw("grown \(index) of \(rowCount)", column: 0, row: row + index - rows.lowerBound)
        }
    }
}

@Suite("Components of one's own")
struct CustomComponentFrameTests {
    /// Inserted and grown the same way, windowed and expanded views draw the same
    /// frames at every offset, and expanded holds a tile for every row again.
    @Test func aGrowingComponentDrawsTheSameInBothModes() throws {
        let pages = [try sample("article.html")]
        let tables = [try sample("items.json")]
        var views: [(DocScrollView, Growing, ComponentID)] = []
        for mode in [RenderMode.windowed, .expanded] {
            let view = try DocScrollView(pages: pages, tables: tables, options: .init(width: 60, height: 10, mode: mode, tileRows: 4))
            let growing = Growing()
            let id = view.insert(growing, at: 1)
            _ = view.frame(at: 30)
            growing.grow(to: 13)
            _ = view.frame()
            if mode == .expanded {
                // Expanded builds every tile again once the change is taken in, not
                // only those the frame shows: 13 rows of 4 a tile is 4 tiles.
                #expect(view.renderer.liveTiles.filter { $0.component == id }.count == 4)
            }
            views.append((view, growing, id))
        }
        let (windowed, _, _) = views[0]
        let (expanded, _, id) = views[1]
        // Windowed lays the page out as it goes: its end is known once reached.
        var offset = 0
        while offset <= windowed.maxScrollOffset {
            #expect(windowed.frame(at: offset) == expanded.frame(at: offset), "offset \(offset)")
            offset += 1
        }
        #expect(windowed.stackRows == expanded.stackRows)
        let top = try #require(expanded.rootOffset(of: DocScrollView.Place(component: id, row: 0)))
        let frame = expanded.frame(at: Int(top))
        #expect(frame.plainText(row: 0) == "grown 0 of 13")
        #expect(frame.plainText(row: 9) == "grown 9 of 13")
    }
}

/// A windowed page whose rows above the viewport are estimates: laying out more of it
/// (its chunks come in as the index goes on, estimates become line counts) never moves
/// the text at the top of the viewport.
@Suite("Estimates corrected under the viewport")
struct AnchorTests {
    @Test(arguments: [UInt64(1), 2, 3])
    func theTextAtTheTopStaysWhileEstimatesAreCorrected(seed: UInt64) throws {
        let page = InputFile(name: "long.html", bytes: Array(SampleContent.PageGenerator.page(bytes: 600_000, seed: seed).utf8))
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 70, height: 20, mode: .windowed))
        view.scroll(toFraction: 0.6)
        let landed = view.frame()
        #expect(!view.isLaidOut, "the rows above are estimates")
        // More of the page laid out around the viewport: the screen stays.
        view.prefetch()
        #expect(view.frame() == landed)
        // Down a few screens and back up again: the same text at the top.
        for _ in 0..<5 { view.navigate(.pages(1)) ; _ = view.frame() }
        for _ in 0..<5 { view.navigate(.pages(-1)) ; _ = view.frame() }
        #expect(view.frame().plainLines == landed.plainLines)
        // What the screen shows is the page's text there: the same rows in a dump.
        // The screen's rows are found together in the dump (one row alone, such as a
        // table's border, may be on many places of the page).
        let dump = dumpLines(view)
        let shown = Array(landed.plainLines.drop { $0.isEmpty })
        #expect(shown.count > 5)
        // A row wider than the frame comes whole in the dump.
        func shows(_ shownRow: String, _ dumpRow: String) -> Bool {
            dumpRow == shownRow || (!shownRow.isEmpty && dumpRow.hasPrefix(shownRow))
        }
        let at = dump.indices.first { start in
            dump.count - start >= shown.count && zip(shown, dump[start...]).allSatisfy(shows)
        }
        #expect(at != nil, "\(shown)")
    }
}

extension AnchorTests {
    /// A page's rows are estimated from its bytes before they are laid out: once part
    /// of it is laid out (a jump to its middle), the rest is estimated again from
    /// what that part says a line takes, so the row total comes near the truth. A
    /// page of short paragraphs takes a line every few bytes, far from the guess of a
    /// line every 64 bytes made before anything was laid out.
    @Test func theRowTotalComesNearTheTruthOnceTheMiddleIsLaidOut() throws {
        let body = (0..<30_000).map { "<p>line \($0)</p>" }.joined()
        let page = InputFile(name: "short.html", bytes: Array("<html><body>\(body)</body></html>".utf8))
        let whole = try DocScrollView(pages: [page], tables: [], options: .init(width: 70, height: 20))
        let truth = dumpLines(whole).count
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 70, height: 20))
        let id = view.componentIDs[0]
        view.scroll(toFraction: 0.5)
        let landed = view.frame()
        #expect(view.isExtentEstimated(of: id), "only the middle is laid out")
        let estimate = view.rowCount(of: id)
        #expect(abs(Double(estimate - truth)) < 0.05 * Double(truth), "\(estimate) rows estimated, \(truth) true")
        // The jump lands halfway down the stack as it is estimated now (what the
        // status line says), and halfway down the page's text; the screen stays.
        #expect(abs(Double(view.scrollOffset) / Double(view.maxScrollOffset) - 0.5) < 0.005, "\(view.scrollOffset) of \(view.maxScrollOffset)")
        let number = landed.plainLines.lazy.compactMap { $0.hasPrefix("line ") ? Int($0.dropFirst(5)) : nil }.first
        #expect(number.map { abs($0 - 15_000) < 750 } == true, "\(landed.plainLines)")
        view.prefetch()
        #expect(view.frame() == landed)
    }

    /// A page whose first half takes a line every few bytes and whose second half a
    /// line every 70: a jump to 50% aimed from the first estimates lands where the
    /// estimates laid out there no longer say 50%; it is aimed again.
    @Test func aJumpToAPercentageLandsThereAsTheRowsAreEstimatedAgain() throws {
        let dense = (0..<20_000).map { "<p>line \($0)</p>" }.joined()
        let words = (0..<2_000).map { "<p>" + String(repeating: "words of a long paragraph \($0) ", count: 20) + "</p>" }.joined()
        let page = InputFile(name: "mixed.html", bytes: Array("<html><body>\(dense)\(words)</body></html>".utf8))
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 70, height: 20))
        view.scroll(toFraction: 0.5)
        #expect(abs(Double(view.scrollOffset) / Double(view.maxScrollOffset) - 0.5) < 0.005, "\(view.scrollOffset) of \(view.maxScrollOffset)")
    }
}

extension AnchorTests {
    /// A page whose start is long paragraphs and whose rest is short lines: estimated
    /// from its first chunks alone, its row total is far off. While the reader is idle,
    /// parts spread over the whole page are laid out, and the total comes near the
    /// truth; the text on screen stays where it is, wherever the reader is.
    @Test(arguments: [0.0, 0.6])
    func idleSamplesBringTheRowTotalNearTheTruth(fraction: Double) throws {
        let words = (0..<20).map { "<p>" + String(repeating: "words of a long paragraph \($0) ", count: 20) + "</p>" }.joined()
        let dense = (0..<8_000).map { "<p>line \($0)</p>" }.joined()
        let page = InputFile(name: "mixed.html", bytes: Array("<html><body>\(words)\(dense)</body></html>".utf8))
        let whole = try DocScrollView(pages: [page], tables: [], options: .init(width: 70, height: 20))
        let truth = dumpLines(whole).count
        // Chunks of about 1 KB: more than the samples.
        var options = DocScrollView.Options(width: 70, height: 20)
        options.pageChunkBytes = 1_000
        let view = try DocScrollView(pages: [page], tables: [], options: options)
        let id = view.componentIDs[0]
        view.scroll(toFraction: fraction)
        let landed = view.frame()
        func offBy() -> Double { abs(Double(view.rowCount(of: id) - truth)) / Double(truth) }
        if fraction == 0 { #expect(offBy() > 0.2, "\(view.rowCount(of: id)) rows estimated from the first chunk, \(truth) true") }
        var samples = 0
        while view.refineEstimates() {
            samples += 1
            #expect(view.frame() == landed, "after sample \(samples)")
        }
        #expect(samples > 8 && samples <= 48)
        #expect(view.isExtentEstimated(of: id), "samples, not the whole page")
        #expect(offBy() < 0.05, "\(view.rowCount(of: id)) rows estimated, \(truth) true")
        // Nothing is left to sample until the width changes.
        #expect(!view.refineEstimates())
        view.resize(width: 50, height: 20)
        #expect(view.refineEstimates())
    }
}

/// A search goes through a windowed page a chunk at a time, keeping no more of it
/// than the cache holds.
@Suite("Searching a windowed page")
struct WindowedSearchTests {
    @Test func aSearchThroughThePageKeepsOnlyAFewChunks() throws {
        let html = SampleContent.PageGenerator.page(bytes: 500_000, seed: 14) + "<p>needle at the very end</p>"
        let page = InputFile(name: "long.html", bytes: Array(html.utf8))
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 80, height: 24, pageCacheBytes: 128 << 10))
        _ = view.frame(at: 0)
        let result = view.find("needle at the very end", from: nil, forward: true)
        guard case .found(let place, wrapped: false) = result else {
            Issue.record("not found: \(result)")
            return
        }
        view.reveal(place)
        #expect(view.frame().plainLines.first == "needle at the very end")
        // Every chunk was laid out on the way; few are kept.
        #expect(view.statistics.layoutUnitsLaidOut == view.statistics.layoutUnits)
        #expect(view.statistics.layoutBytes < 2 * (128 << 10) + (1 << 20))
        #expect(view.statistics.layoutLines < 3_000)
    }
}

/// A reader moving through windowed pages by keys, not by absolute offsets: pages
/// come in chunks laid out on demand and dropped from a small cache, rows above the
/// viewport stay estimates, corrections move the root offset. Every frame is still a
/// window onto the true content: the expanded view's frame at some offset, row for row.
@Suite("Windowed pages read by keys")
struct WindowedNavigationTests {
    @Test(arguments: 1...6)
    func everyFrameIsAWindowOntoTheTrueContent(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let width = Int.random(in: 30...110, using: &random)
        let height = Int.random(in: 5...40, using: &random)
        let pages = (0..<Int.random(in: 1...2, using: &random)).map { index in
            InputFile(
                name: "p\(index).html",
                bytes: Array(SampleContent.PageGenerator.page(bytes: Int.random(in: 80_000...250_000, using: &random), seed: seed &* 7 &+ UInt64(index)).utf8))
        }
        let windowed = try DocScrollView(pages: pages, tables: [], options: .init(width: width, height: height, mode: .windowed, pageCacheBytes: 24 << 10))
        let expanded = try DocScrollView(pages: pages, tables: [], options: .init(width: width, height: height, mode: .expanded))
        let dump = dumpLines(expanded).map { clip($0, to: width) }
        // Where each line starts in the dump: frames are found by their first lines.
        var starts: [String: [Int]] = [:]
        for (index, line) in dump.enumerated() { starts[line, default: []].append(index) }
        for step in 0..<60 {
            switch Int.random(in: 0..<7, using: &random) {
            case 0: windowed.navigate(.pages(Int.random(in: 1...3, using: &random)))
            case 1: windowed.navigate(.pages(-Int.random(in: 1...3, using: &random)))
            case 2: windowed.navigate(.lines(Int.random(in: -5...5, using: &random)))
            case 3: windowed.scroll(toFraction: Double.random(in: 0...1, using: &random))
            case 4: windowed.navigate(Bool.random(using: &random) ? .stackBottom : .stackTop)
            case 5: windowed.prefetch()
            default: windowed.navigate(.halfPages(Int.random(in: -2...2, using: &random)))
            }
            let lines = windowed.frame().plainLines
            // A frame that shows any text is the dump at some offset, row for row.
            guard let first = lines.indices.first(where: { !lines[$0].isEmpty }) else { continue }
            let found = (starts[lines[first]] ?? []).contains { start in
                let top = start - first
                return top >= 0 && (0..<lines.count).allSatisfy { row in
                    lines[row] == (top + row < dump.count ? dump[top + row] : "")
                }
            }
            #expect(found, "seed \(seed) step \(step): \(lines.prefix(4))")
        }
    }
}
