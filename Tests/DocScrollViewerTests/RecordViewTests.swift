import DocScroll
@testable import DocScrollViewer
import RenderCore
import TestSupport
import Testing

/// `v` shows the record of the highest table row on screen whole, in place of the
/// content, until a key other than a scrolling one.
@Suite("The record view")
struct RecordViewTests {
    @Test func theHighestRowsRecordWholeAndBackToTheSamePlace() throws {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init(width: 100, height: 24))
        let viewer = Viewer(view: view, width: 100, height: 8)
        _ = viewer.start()
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
}
