import Foundation
import DocScroll
@testable import DocScrollViewer
import RenderCore
import TestSupport
import Testing

/// `v` shows the record of the highest table row on screen whole, in place of the
/// content, until a key other than a scrolling one.
@Suite("The record view")
struct RecordViewTests {
    /// A record holding a value of megabytes shows at once, laid out as it is
    /// scrolled (its count an estimate until then); a search lays it out as it goes,
    /// and Ctrl-C stops it.
    @Test func aRecordOfMegabytesIsLaidOutAsItIsScrolled() throws {
        let words = (0..<200_000).map { "word\($0)" }.joined(separator: " ")
        let json = #"[{"id": 1, "text": "\#(words)"}]"#
        let view = try DocScrollView(pages: [], tables: [InputFile(name: "huge.json", bytes: Array(json.utf8))], options: .init(width: 80, height: 24))
        let viewer = Viewer(view: view, width: 80, height: 24)
        _ = viewer.start()
        _ = viewer.handle(key: .character("v"))
        #expect(viewer.screen().plainText(row: 0) == "id: 1")
        #expect(viewer.screen().plainText(row: 1).hasPrefix("text: word0 word1 "))
        let status = viewer.screen().plainText(row: viewer.contentRows)
        #expect(status.hasPrefix(" huge.json, row 1 of 1 1-23 of ~"), "\(status)")
        _ = viewer.handle(key: .character(" "))
        #expect(viewer.screen().plainText(row: viewer.contentRows).hasPrefix(" huge.json, row 1 of 1 23-45 of ~"))
        var interrupted = true
        viewer.interruption = { interrupted }
        for key in "/word199999" { _ = viewer.handle(key: .character(key)) }
        _ = viewer.handle(key: .enter)
        #expect(viewer.message == "Search interrupted")
        interrupted = false
        _ = viewer.handle(key: .character("n"))
        let found = viewer.screen()
        #expect((0..<viewer.contentRows).contains { found.plainText(row: $0).contains("word199999") }, "found at the end")
        let end = found.plainText(row: viewer.contentRows)
        #expect(end.hasPrefix(" huge.json, row 1 of 1 ") && !end.contains("~"), "laid out to its end: its count exact: \(end)")
    }

    @Test func theHighestRowsRecordWholeAndBackToTheSamePlace() throws {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init(width: 100, height: 24))
        let viewer = Viewer(view: view, width: 100, height: 8)
        _ = viewer.start()
        // (The status line is read below: the page's index done, it says no more of it.)
        for _ in 0..<2_000 where view.indexingProgress != nil { Thread.sleep(forTimeInterval: 0.01) }
        // Row 5 of the table at the top, under its pinned header.
        for key in "4j" { _ = viewer.handle(key: .character(key)) }
        let before = viewer.screen()
        #expect(before.plainText(row: 2).hasPrefix("1005"))
        _ = viewer.handle(key: .character("v"))
        let record = try #require(viewer.shownRecord)
        #expect(record == [
            "id: 1005", "name: Ember Space Heater", "category: stationery", "price: 202.27", "inStock: true", "rating: 3.9",
            "supplier:", "  name: Ember Co", "  country: NO",
        ])
        // Shown in place of the content, the status line says which and how to leave.
        let shown = viewer.screen()
        #expect((0..<viewer.contentRows).map { shown.plainText(row: $0) } == Array(record.prefix(viewer.contentRows)))
        #expect(shown.plainText(row: viewer.contentRows).hasPrefix(" items.json, row 5 of 32 1-7 of 9: "))
        // It is searched as the stack is: the match's line brought up, the match marked.
        for key in "/NO" { _ = viewer.handle(key: .character(key)) }
        _ = viewer.handle(key: .enter)
        let found = viewer.screen()
        #expect(found.plainText(row: 0) == "category: stationery", "as far up as the record goes")
        let matchRow = try #require((0..<viewer.contentRows).first { found.plainText(row: $0) == "  country: NO" })
        #expect((0..<100).filter { found[$0, matchRow].style.attributes.contains(.reverse) } == [11, 12])
        for key in "/absent" { _ = viewer.handle(key: .character(key)) }
        _ = viewer.handle(key: .enter)
        #expect(viewer.screen().plainText(row: viewer.contentRows).hasPrefix(" Pattern not found: absent"))
        #expect(viewer.shownRecord != nil, "a search does not leave the record")
        // Scrolling keys scroll it; any other key leaves it, the view where it was.
        for key in "kkkkkkj" { _ = viewer.handle(key: .character(key)) }
        #expect(viewer.screen().plainText(row: 0) == "name: Ember Space Heater")
        _ = viewer.handle(key: .character("q"))
        #expect(viewer.shownRecord == nil)
        // (The last search's matches are marked on the table now: none on this screen.
        // The status line may have lost its note of the page's indexing meanwhile.)
        let after = viewer.screen()
        #expect((0..<viewer.contentRows).allSatisfy { row in (0..<100).allSatisfy { after[$0, row] == before[$0, row] } })
    }

    @Test func withNoTableRowOnScreenANoteSaysSo() throws {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [], options: .init(width: 60, height: 24))
        let viewer = Viewer(view: view, width: 60, height: 10)
        _ = viewer.start()
        _ = viewer.handle(key: .character("v"))
        #expect(viewer.shownRecord == nil)
        #expect(viewer.message == "No table row on screen (v shows the record of the highest one)")
    }

    /// `c` puts a cursor on the highest table row on screen; the row keys move it
    /// through the table, the view scrolling as little as keeps it shown; Enter and `v`
    /// show its record; `c` again takes it away, and the row keys scroll again.
    @Test func aRowCursorMovesThroughTheTableAndOpensItsRecord() throws {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init(width: 80, height: 24))
        let viewer = Viewer(view: view, width: 80, height: 12)
        _ = viewer.start()
        func press(_ keys: String) { for key in keys { _ = viewer.handle(key: .character(key)) } }
        press("c")
        let first = try #require(viewer.rowCursor)
        #expect(first.row == 2, "the first record, under the header and its rule")
        var screen = viewer.screen()
        #expect((0..<80).allSatisfy { screen[$0, 2].style.attributes.contains(.reverse) }, "its row in reverse video")
        #expect(!screen[0, 3].style.attributes.contains(.reverse))
        #expect(screen.plainText(row: viewer.contentRows).contains(" row 1/32 "))
        press("3j")
        #expect(viewer.rowCursor?.row == 5)
        #expect(view.scrollOffset == 0, "the cursor moved, not the view")
        press("20j")
        #expect(viewer.rowCursor?.row == 25)
        #expect(view.shownPlaces.last == viewer.rowCursor, "the view scrolled as little as keeps it shown, at the bottom")
        screen = viewer.screen()
        #expect(screen.plainText(row: viewer.contentRows - 1).hasPrefix("1024"))
        #expect(screen[0, viewer.contentRows - 1].style.attributes.contains(.reverse))
        _ = viewer.handle(key: .enter)
        #expect(viewer.shownRecord?.first == "id: 1024", "Enter shows the cursor's record")
        press("q")
        #expect(viewer.shownRecord == nil)
        #expect(viewer.rowCursor?.row == 25, "the cursor stays where it was")
        press("100j")
        #expect(viewer.rowCursor?.row == 33, "it stops at the last record")
        press("v")
        #expect(viewer.shownRecord?.first == "id: 1032")
        press("q")
        press("5k")
        #expect(viewer.rowCursor?.row == 28)
        // A jump takes the view elsewhere: the cursor goes with the table out of sight.
        press("G")
        _ = viewer.screen()
        #expect(viewer.rowCursor == nil)
        press("g")
        press("c")
        #expect(viewer.rowCursor?.row == 2)
        press("c")
        #expect(viewer.rowCursor == nil)
        press("j")
        #expect(view.scrollOffset == 1, "without a cursor, j scrolls")
    }
}

/// `s` shows a scrollbar for the whole stack in the last column (the content a column
/// narrower); the thumb follows the view; a click on it goes there.
@Suite("The scrollbar")
struct ScrollbarTests {
    @Test func theThumbFollowsTheViewAndAClickGoesThere() throws {
        // Windowed, the page's rows below the screen are an estimate: the thumb shaded.
        let windowed = Viewer(view: try DocScrollView(pages: [try sample("article.html")], tables: [], options: .init(width: 60, height: 24)), width: 60, height: 12, showsScrollbar: true)
        _ = windowed.start()
        #expect(windowed.screen()[59, 0].grapheme == "▒")
        // Expanded, every extent is known.
        let view = try DocScrollView(
            pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init(width: 60, height: 24, mode: .expanded))
        let viewer = Viewer(view: view, width: 60, height: 12)
        _ = viewer.start()
        _ = viewer.handle(key: .character("s"))
        #expect(viewer.showsScrollbar)
        #expect(view.options.width == 59, "the content is laid out a column narrower")
        func bar(_ screen: FrameBuffer) -> [Character] { (0..<viewer.contentRows).map { screen[59, $0].grapheme.first ?? " " } }
        let top = bar(viewer.screen())
        // About 150 rows, 11 shown: a thumb of a cell at the top, a tick where the page
        // starts (some 35 rows in), the track.
        #expect(top.first == "█" && top.filter { $0 == "█" }.count == 1, "\(top)")
        #expect(top.filter { $0 == "┤" }.count == 1)
        #expect(top.filter { $0 == "│" }.count == viewer.contentRows - 2)
        _ = viewer.handle(key: .character("G"))
        let bottom = bar(viewer.screen())
        #expect(bottom.last == "█" && bottom.first == "│", "\(bottom)")
        _ = viewer.handle(.scrollbarAt(5))
        #expect(bar(viewer.screen())[5] == "█")
        #expect(view.scrollOffset > 0 && view.scrollOffset < view.maxScrollOffset)
        _ = viewer.handle(key: .click(column: 59, row: 0))
        #expect(view.scrollOffset == 0)
        #expect(viewer.handle(key: .click(column: 10, row: 3)).isEmpty, "a click elsewhere does nothing")
        _ = viewer.handle(key: .character("s"))
        #expect(!viewer.showsScrollbar)
        #expect(view.options.width == 60)
    }
}
