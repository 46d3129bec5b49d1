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
        // Scrolling keys scroll it; any other key leaves it, the view where it was.
        _ = viewer.handle(key: .character("j"))
        #expect(viewer.screen().plainText(row: 0) == "name: Ember Space Heater")
        _ = viewer.handle(key: .character("q"))
        #expect(viewer.shownRecord == nil)
        #expect(viewer.screen() == before)
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
