import DocScroll
@testable import DocScrollViewer
import ComponentKit
import RenderCore
import TestSupport
import Testing
import TileRenderer

/// What the viewer draws over the frame comes from the components' data: the rows
/// the frame shows, and where a query shows on them, agree with the frame's cells.
@Suite("Screen layers")
struct ScreenLayerTests {
    /// A stack of the samples (a table with its pinned header above three pages, CJK
    /// and wide tables among them) at `width`.
    func makeView(width: Int, mode: RenderMode) throws -> DocScrollView {
        try DocScrollView(
            pages: [try sample("article.html"), try sample("cjk.html"), try sample("reference.html")],
            tables: [try sample("items.json")], options: .init(width: width, height: 20, mode: mode))
    }

    @Test(arguments: [RenderMode.windowed, .expanded])
    func shownPlacesAreTheRowsTheFrameDraws(mode: RenderMode) throws {
        let view = try makeView(width: 64, mode: mode)
        var checked = 0
        for offset in stride(from: 0, through: view.maxScrollOffset, by: 7) {
            view.scroll(to: offset)
            let frame = view.frame()
            let places = view.shownPlaces
            #expect(places.count == frame.height)
            for (row, place) in places.enumerated() {
                guard let place else {
                    #expect(frame.plainText(row: row).isEmpty, "a gap at offset \(offset), row \(row)")
                    continue
                }
                let source = try #require(view.stack.component(place.component))
                var alone = FrameBuffer(width: frame.width, height: 1)
                source.drawRows(place.row..<(place.row + 1), into: &alone, at: 0)
                #expect(alone.plainText(row: 0) == frame.plainText(row: row), "offset \(offset), row \(row)")
                checked += 1
            }
        }
        #expect(checked > 300)
    }

    @Test(arguments: [RenderMode.windowed, .expanded])
    func matchesFoundInTheComponentsTextAreWhereTheCellsShowThem(mode: RenderMode) throws {
        let view = try makeView(width: 50, mode: mode)
        let queries = ["the", "e", "scroll", "Table", "容器", "中", "│", "1"]
        var matches = 0
        for offset in stride(from: 0, through: view.maxScrollOffset, by: 13) {
            view.scroll(to: offset)
            let frame = view.frame()
            for (row, place) in view.shownPlaces.enumerated() {
                guard let place else { continue }
                for query in queries {
                    let fromData = view.matchColumns(of: query, at: place).map { $0.clamped(to: 0..<frame.width) }.filter { !$0.isEmpty }
                    let fromCells = TextSearch.matchColumns(of: query, inRow: row, of: frame)
                    // A match the right edge cuts shows in part; the cells hold only
                    // the whole ones.
                    #expect(fromData.filter { $0.upperBound < frame.width } == fromCells.filter { $0.upperBound < frame.width },
                            "query \(query) at offset \(offset), row \(row)")
                    matches += fromCells.count
                }
            }
        }
        #expect(matches > 200)
    }

    @Test func theSearchAndTheFocusedLinkAreDrawnOverTheFrame() throws {
        let view = try makeView(width: 60, mode: .windowed)
        let viewer = Viewer(view: view, width: 60, height: 21)
        _ = viewer.start()
        _ = viewer.handle(.search("scroll", forward: true))
        let screen = viewer.screen()
        let frame = view.frame()
        for row in 0..<viewer.contentRows {
            let marked = (0..<60).filter { screen[$0, row].style.attributes.contains(.reverse) != frame[$0, row].style.attributes.contains(.reverse) }
            let expected = TextSearch.matchColumns(of: "scroll", inRow: row, of: frame).flatMap { Array($0) }
            #expect(marked == expected, "row \(row)")
        }
        #expect((0..<viewer.contentRows).contains { !TextSearch.matchColumns(of: "scroll", inRow: $0, of: frame).isEmpty })
        _ = viewer.handle(.nextLink)
        let focus = try #require(viewer.linkFocus)
        let focused = viewer.screen()
        let row = try #require(view.shownPlaces.firstIndex(of: focus.place))
        let mark = String(focused.plainText(row: row).dropFirst(focus.columns.lowerBound).prefix(focus.columns.count))
        #expect(mark == "[\(focus.number)]")
    }

    @Test func thePromptIsEditedKeyByKey() {
        var prompt = SearchPrompt(forward: false)
        #expect(prompt.edit(with: .character("a")) == .changed)
        #expect(prompt.edit(with: .character("中")) == .changed)
        #expect(prompt.edit(with: .character("\u{1B}")) == .ignored, "a control character is not typed")
        #expect(prompt.shown(columns: 80) == "?a中█")
        #expect(prompt.edit(with: .backspace) == .changed)
        #expect(prompt.edit(with: .enter) == .submitted("a"))
        #expect(prompt.edit(with: .backspace) == .changed)
        #expect(prompt.edit(with: .backspace) == .cancelled, "Backspace with nothing typed leaves the prompt")
        #expect(prompt.edit(with: .control("g")) == .cancelled)
    }

    /// The prompt takes a thousand characters at most, and shows the end of what was
    /// typed when it does not fit.
    @Test func thePromptHasALimitAndShowsItsEnd() {
        var prompt = SearchPrompt(forward: true)
        for index in 0..<SearchPrompt.maximumCharacters { #expect(prompt.edit(with: .character(index % 7 == 0 ? "中" : "x")) == .changed) }
        #expect(prompt.edit(with: .character("y")) == .full)
        #expect(prompt.text.count == SearchPrompt.maximumCharacters)
        _ = prompt.edit(with: .backspace)
        _ = prompt.edit(with: .character("y"))
        let shown = prompt.shown(columns: 20)
        #expect(shown.hasPrefix("/…") && shown.hasSuffix("y█"))
        #expect(TextWidth.columns(of: shown) <= 20)
    }

    @Test func theStatusLineDropsTheLeastNeededPartsFirst() {
        let line = StatusLine(left: " A title", leftIsUrgent: false, parts: ["items.json 1/100", "h: help", "rows 1-10 of 100  10%"])
        func drawn(width: Int) -> String {
            var screen = FrameBuffer(width: width, height: 1)
            line.draw(into: &screen, row: 0)
            return screen.plainText(row: 0)
        }
        #expect(drawn(width: 80).hasPrefix(" A title  "))
        #expect(drawn(width: 80).hasSuffix("  items.json 1/100  h: help  rows 1-10 of 100  10%"))
        #expect(drawn(width: 60).hasSuffix("h: help  rows 1-10 of 100  10%"))
        #expect(!drawn(width: 60).contains("items.json"))
        #expect(drawn(width: 30).hasSuffix("rows 1-10 of 100  10%"), "the position always stays")
        let urgent = StatusLine(left: " Pattern not found: something long", leftIsUrgent: true, parts: ["h: help", "rows 1-10 of 100  10%"])
        var screen = FrameBuffer(width: 60, height: 1)
        urgent.draw(into: &screen, row: 0)
        #expect(screen.plainText(row: 0).hasPrefix(" Pattern not found: something long  "), "a note keeps its room whole")
        #expect(!screen.plainText(row: 0).contains("help"))
        // What does not fit ends with an ellipsis, never under the right side.
        let long = StatusLine(left: " Python 3.11 documentation, joined", leftIsUrgent: false, parts: ["rows 1-10 of 100  10%"])
        var narrow = FrameBuffer(width: 40, height: 1)
        long.draw(into: &narrow, row: 0)
        #expect(narrow.plainText(row: 0).hasPrefix(" Python 3.11 doc… rows 1-10 of 100  10%"))
        #expect(StatusLine.cut("中文标题", toColumns: 5) == "中文…")
        #expect(StatusLine.cut("abc", toColumns: 3) == "abc")
    }
}
