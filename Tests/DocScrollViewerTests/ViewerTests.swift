import Foundation
import DocScroll
import DocScrollViewer
import RenderCore
import SampleContent
import TestSupport
import Testing
import TileRenderer

@Suite("Interactive viewer state machine")
struct ViewerTests {
    func makeViewer(height: Int = 10) throws -> Viewer {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init(width: 60, height: 24))
        return Viewer(view: view, width: 60, height: height)
    }

    /// The sample table's records, read with Foundation.
    static func sampleRecords() throws -> [[String: Any]] {
        let data = try Data(contentsOf: pagesDirectory.appendingPathComponent("items.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    func screen(_ actions: [ViewerAction]) -> FrameBuffer? {
        for case .draw(let screen) in actions { return screen }
        return nil
    }

    @Test func screensAreTheFrameAboveAStatusLine() throws {
        let viewer = try makeViewer()
        let first = try #require(screen(viewer.start()))
        #expect(first.height == 10)
        // The table's header, its rule, then its first records, each row's cells the
        // record's values (read here with Foundation, not docscroll's reader).
        let cells = first.plainLines.prefix(9).map { row in
            row.split(separator: "│", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(Array(cells[0].prefix(5)) == ["id", "name", "category", "price", "inStock"])
        // (The row goes on past the right edge: the viewer marks it `>`.)
        #expect(cells[1].allSatisfy { $0.allSatisfy { "─┼>".contains($0) } }, "the rule under the header: \(cells[1])")
        for (index, record) in try Self.sampleRecords().prefix(7).enumerated() {
            let expected = ["\(record["id"] ?? "")", "\(record["name"] ?? "")", "\(record["category"] ?? "")"]
            #expect(Array(cells[index + 2].prefix(3)) == expected, "row \(index + 2)")
            #expect(cells[index + 2][4] == ((record["inStock"] as? Bool) == true ? "true" : "false"))
        }
        let status = first.plainText(row: 9)
        // The status line names the component under the top: the table, then the page.
        #expect(status.hasPrefix(" items.json "))
        #expect(!viewer.view.isLaidOut, "the page below the first screen is not laid out yet")
        #expect(status.contains("rows 1-9 of ~\(viewer.view.stackRows)"))
        #expect(first[0, 9].style.attributes.contains(.reverse))
        let inPage = try #require(screen(viewer.handle(.scrollRows(40))))
        #expect(inPage.plainText(row: 9).hasPrefix(" One Scroll for Tables"))
    }

    /// A component with no rows says so, rather than "1/0".
    @Test func anEmptyPageIsCalledEmpty() throws {
        let view = try DocScrollView(pages: [InputFile(name: "pages/blank.html", bytes: Array("<p> </p>".utf8))], tables: [], options: .init(width: 80, height: 24))
        let viewer = Viewer(view: view, width: 80, height: 10)
        let first = try #require(screen(viewer.start()))
        #expect(first.plainText(row: 9).hasPrefix(" blank.html "))
        #expect(first.plainText(row: 9).contains("  empty  "))
        #expect(!first.plainText(row: 9).contains("1/0"))
    }

    /// The arrows scroll the table's columns sideways a column at a time, its first
    /// column staying put.
    @Test func columnKeysScrollTheTableSideways() throws {
        let viewer = try makeViewer()
        let first = try #require(screen(viewer.start()))
        let moved = try #require(screen(viewer.handle(.scrollSideways(1))))
        #expect(viewer.view.scrolledColumns == 1)
        #expect(moved.plainText(row: 0) != first.plainText(row: 0))
        #expect(moved.plainText(row: 0).hasPrefix("id   │"), "the frozen id column stays: \(moved.plainText(row: 0))")
        // (The content rows: the status line's estimate of the stack may move on as the
        // page is indexed meanwhile.)
        let back = try #require(screen(viewer.handle(.scrollSideways(-100))))
        #expect(Array(back.plainLines.prefix(9)) == Array(first.plainLines.prefix(9)))
        #expect(viewer.handle(.scrollSideways(-1)).isEmpty, "already at the left edge: nothing to draw")
    }

    @Test func keysScrollByRowsPagesAndToTheEnds() throws {
        let viewer = try makeViewer()
        _ = viewer.start()
        let down = try #require(screen(viewer.handle(.scrollRows(1))))
        #expect(viewer.view.scrollOffset == 1)
        // Under the pinned header, the second record first.
        let second = try #require(try Self.sampleRecords().dropFirst().first)
        #expect(down.plainText(row: 0).hasPrefix("id   │ name"))
        #expect(down.plainText(row: 2).hasPrefix("\(second["id"] ?? "") │ \(second["name"] ?? "")"), "\(down.plainText(row: 2))")
        // A page is the 9 content rows less the 2 of the pinned table header, less one
        // row kept from the page before.
        _ = viewer.handle(.scrollPages(1))
        #expect(viewer.view.scrollOffset == 7)
        _ = viewer.handle(.scrollHalfPages(-1))
        #expect(viewer.view.scrollOffset == 4)
        _ = viewer.handle(.bottom)
        #expect(viewer.view.scrollOffset == viewer.view.maxScrollOffset)
        let end = try #require(screen(viewer.start()))
        #expect(end.plainText(row: 9).contains("100%"))
        #expect(viewer.handle(.scrollRows(1)).isEmpty, "nothing to redraw at the end")
        _ = viewer.handle(.top)
        #expect(viewer.view.scrollOffset == 0)
        #expect(viewer.handle(.scrollRows(-1)).isEmpty)
        #expect(viewer.handle(.quit) == [.quit])
    }

    /// Row by row from top to bottom: each step reveals the next row of the stack at
    /// the bottom, and every screen shows the stack's rows under its pinned headers.
    @Test func scrollingCrossesFromTheTableIntoThePageWithoutASeam() throws {
        let viewer = try makeViewer(height: 6)
        let shown = shownLines(viewer.view)
        var revealed = try #require(screen(viewer.start())).plainLines.prefix(5).map { $0 }
        while let next = screen(viewer.handle(.scrollRows(1))) {
            #expect(Array(next.plainLines.prefix(5)) == expectedScreenLines(viewer.view, shown: shown), "offset \(viewer.view.scrollOffset)")
            revealed.append(next.plainText(row: 4))
        }
        #expect(revealed == shown.map { screenLine($0, width: 60) }, "every row is revealed exactly once, in order")
    }

    @Test func fragmentLinksJumpToTheirElement() throws {
        let viewer = try makeViewer(height: 12)
        #expect(viewer.view.scroll(toElementID: "#results"))
        #expect(viewer.view.frame().plainText(row: 0).hasPrefix("中文说明"))
        #expect(viewer.view.scroll(toElementID: "approaches"))
        #expect(viewer.view.frame().plainText(row: 0) == "Four approaches")
        #expect(!viewer.view.scroll(toElementID: "#nowhere"))
    }

    /// An element id is percent-decoded when it names no element as it is, as browsers do.
    @Test func percentEncodedFragmentsFindTheirElement() throws {
        let html = "<p id=top>top</p>" + String(repeating: "<p>filler</p>", count: 40) + "<h2 id=\"中文\">中文</h2><p id=\"a%20b\">literal</p><p id=\"a b\">spaced</p>"
            + String(repeating: "<p>filler</p>", count: 10)
        let view = try DocScrollView(pages: [InputFile(name: "f.html", bytes: Array(html.utf8))], tables: [], options: .init(width: 40, height: 5))
        #expect(view.scroll(toElementID: "#%E4%B8%AD%E6%96%87"))
        #expect(view.frame().plainText(row: 0) == "中文")
        #expect(view.scroll(toElementID: "#a%20b"))
        #expect(view.frame().plainText(row: 0) == "literal", "an id that matches as it is wins")
        #expect(!view.scroll(toElementID: "#%FF%FE"), "not UTF-8: nothing")
    }

    @Test func resizeKeepsTheSameTextAtTheTop() throws {
        let viewer = try makeViewer(height: 12)
        let document = try #require(viewer.view.componentIDs.last)
        let start = try #require(viewer.view.rootOffset(of: DocScrollView.Place(component: document, row: 0)))
        // Go to the Chinese section (its heading has the id "results").
        #expect(viewer.view.scroll(toElementID: "#results"))
        #expect(viewer.view.frame().plainText(row: 0).hasPrefix("中文说明"))
        #expect(viewer.view.topPlace?.component == document)
        _ = viewer.handle(.resize(width: 40, height: 12))
        let top = viewer.view.frame().plainLines
        #expect(viewer.view.topPlace?.component == document)
        #expect(top.prefix(4).contains { $0.hasPrefix("中文说明") }, "the section heading stays near the top: \(top.prefix(4))")
        #expect(Double(viewer.view.scrollOffset) > start, "still inside the page")
    }

    /// A row in the middle of a paragraph (of a page long enough for many chunks)
    /// stays on screen through a resize: the row at the top at the new width holds its
    /// first word (it went to the paragraph's next block), in both modes alike.
    @Test(arguments: RenderMode.allCases)
    func resizeKeepsARowInsideAParagraphAtTheTop(mode: RenderMode) throws {
        let paragraph = { (number: Int) in "<p>" + (0..<120).map { "p\(number)w\($0)" }.joined(separator: " ") + "</p>" }
        let html = "<h1>Long</h1>" + (0..<400).map(paragraph).joined() + "<pre>" + String(repeating: "pre line\n", count: 50) + "</pre>"
        let view = try DocScrollView(pages: [InputFile(name: "long.html", bytes: Array(html.utf8))], tables: [], options: .init(width: 120, height: 40, mode: mode))
        let viewer = Viewer(view: view, width: 120, height: 40)
        _ = viewer.start()
        for target in [2_411, 3_000, 1_234] {
            _ = viewer.handle(.goToRow(target))
            // Down to a row inside a paragraph (not its first, not a blank one).
            func isInside(_ row: String) -> Bool { row.hasPrefix("p") && !(row.split(separator: " ").first?.hasSuffix("w0") ?? true) }
            for _ in 0..<20 where !isInside(view.frame().plainText(row: 0)) { _ = viewer.handle(.scrollRows(1)) }
            let old = view.frame().plainText(row: 0)
            #expect(isInside(old), "\(old)")
            let firstWord = try #require(old.split(separator: " ").first.map(String.init))
            _ = viewer.handle(.resize(width: 60, height: 20))
            let narrow = view.frame().plainText(row: 0)
            #expect(narrow.split(separator: " ").contains { $0 == firstWord }, "\(firstWord) at the top: \(narrow)")
            _ = viewer.handle(.resize(width: 120, height: 40))
        }
    }

    @Test func resizeLaysOutAgainAndKeepsTheOffsetInRange() throws {
        let viewer = try makeViewer()
        _ = viewer.handle(.bottom)
        let resized = try #require(screen(viewer.handle(.resize(width: 100, height: 30))))
        #expect(resized.width == 100 && resized.height == 30)
        #expect(viewer.view.scrollOffset <= viewer.view.maxScrollOffset)
        #expect(Array(resized.plainLines.prefix(29)) == viewer.view.frame().plainLines)
    }
}

/// `Ng` goes to row n as a dump numbers it, even when the rows above the viewport were
/// estimates (after a jump into the middle of a windowed page).
@Suite("Going to a row of a windowed page")
struct GoToRowTests {
    @Test func aRowNumberIsTheDumpsRowAfterAJump() throws {
        let page = InputFile(name: "long.html", bytes: Array(PageGenerator.page(bytes: 400_000, seed: 3).utf8))
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 70, height: 20))
        let viewer = Viewer(view: view, width: 70, height: 20)
        _ = viewer.start()
        for key in ["5", "0", "%"] { _ = viewer.handle(key: .character(Character(key))) }
        #expect(!view.isLaidOut, "the rows above the middle are estimates")
        var screen: FrameBuffer?
        for key in ["4", "2", "0", "0", "g"] {
            for case .draw(let drawn) in viewer.handle(key: .character(Character(key))) { screen = drawn }
        }
        let dump = dumpLines(view)
        let shown = try #require(screen)
        #expect(shown.plainText(row: 0) == clip(dump[4_199], to: 70))
        #expect(shown.plainText(row: 5) == clip(dump[4_204], to: 70))
    }

    /// Interactive (pages not waited for), `Ng` deep in a long page does not lay out
    /// every row above: it goes by the estimates at once, `~` on the numbers, and the
    /// rows above laid out later (while the reader is idle) move the numbers, not the
    /// text at the top.
    @Test func anInteractiveJumpGoesByTheEstimatesAndKeepsItsText() throws {
        let page = InputFile(name: "long.html", bytes: Array(PageGenerator.page(bytes: 4_000_000, seed: 3).utf8))
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 120, height: 20))
        view.waitsForPages = false
        let viewer = Viewer(view: view, width: 120, height: 20)
        _ = viewer.start()
        for _ in 0..<2_000 where view.indexingProgress != nil { Thread.sleep(forTimeInterval: 0.01) }
        var screen: FrameBuffer?
        for key in "30000g" {
            for case .draw(let drawn) in viewer.handle(key: .character(key)) { screen = drawn }
        }
        let shown = try #require(screen)
        #expect(view.scrollOffset == 29_999)
        #expect(shown.plainText(row: 19).contains("~30000/"), "\(shown.plainText(row: 19))")
        let laidOut = view.statistics.layoutUnitsLaidOut
        #expect(laidOut * 4 < view.statistics.layoutUnits, "the rows above are estimates")
        let top = shown.plainText(row: 0)
        while view.refineEstimates() {}
        #expect(view.statistics.layoutUnitsLaidOut > laidOut, "parts laid out meanwhile")
        #expect(view.frame().plainText(row: 0) == top, "the text at the top stays")
    }
}

/// A total the viewer does not know yet shows `~`: a wrapped table's rows are measured
/// as they are shown, so its extent is an estimate until every one is.
@Suite("Estimated totals")
struct EstimatedTotalTests {
    @Test func aWrappedTableNotMeasuredShowsItsTotalAsAnEstimate() throws {
        let table = InputFile(name: "wide.json", bytes: Array(TableGenerator.json(rows: 5_000, seed: 5).utf8))
        let view = try DocScrollView(pages: [], tables: [table], options: .init(width: 40, height: 12, wrapsTableCells: true))
        let viewer = Viewer(view: view, width: 40, height: 12)
        _ = viewer.start()
        #expect(!view.isLaidOut)
        #expect(viewer.screen().plainText(row: viewer.contentRows).contains("of ~"))
        _ = viewer.handle(.bottom)
        #expect(view.isLaidOut, "going to the end measures every row")
        #expect(!viewer.screen().plainText(row: viewer.contentRows).contains("~"))
    }
}
