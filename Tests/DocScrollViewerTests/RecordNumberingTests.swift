import DocScroll
@testable import DocScrollViewer
import RenderCore
import TestSupport
import Testing

/// One numbering of a table's rows, the records': the status line, `=`, the row
/// cursor and `v` count the same rows from 1, the header and its rule not among
/// them; and the row cursor and a link's focus exclude each other.
@Suite("Record numbering and focus")
struct RecordNumberingTests {
    func status(_ viewer: Viewer) -> String { viewer.screen().plainText(row: viewer.contentRows) }

    /// The status line's "row/count" part.
    func position(_ viewer: Viewer) throws -> (row: Int, count: Int) {
        let match = try #require(status(viewer).firstMatch(of: /(\d+)\/(\d+)/))
        return (try #require(Int(match.1)), try #require(Int(match.2)))
    }

    @Test(arguments: [false, true])
    func theStatusLineTheCursorAndEqualsCountRecords(wraps: Bool) throws {
        let view = try DocScrollView(
            pages: [], tables: [try sample("items.json")], options: .init(width: 100, height: 24, wrapsTableCells: wraps))
        let viewer = Viewer(view: view, width: 100, height: 10)
        _ = viewer.start()
        #expect(try position(viewer) == (1, 32), "\(status(viewer))")
        _ = viewer.handle(key: .character("G"))
        let (bottom, count) = try position(viewer)
        #expect(count == 32)
        // The top row at the end is a record, whatever the rows above it.
        _ = viewer.handle(key: .character("="))
        #expect(viewer.message?.hasPrefix("table items.json: row \(bottom) of 32;") == true, "\(viewer.message ?? "")")
        _ = viewer.handle(key: .character("c"))
        let cursor = try position(viewer)
        #expect(cursor == (bottom, 32), "the cursor on the top record says the same row")
        _ = viewer.handle(key: .character("v"))
        #expect(viewer.shownRecord != nil)
        #expect(status(viewer).contains("row \(bottom) of 32"), "\(status(viewer))")
    }

    /// Tab focuses a link and takes the cursor away; `c` puts the cursor on and takes
    /// the focus away: Enter then shows the cursor's record, never follows the link.
    @Test func theCursorAndALinksFocusExcludeEachOther() throws {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init(width: 80, height: 24))
        let viewer = Viewer(view: view, width: 80, height: 60)
        _ = viewer.start()
        _ = viewer.handle(key: .tab)
        #expect(viewer.linkFocus != nil)
        _ = viewer.handle(key: .character("c"))
        #expect(viewer.rowCursor != nil)
        #expect(viewer.linkFocus == nil)
        let offset = view.scrollOffset
        _ = viewer.handle(key: .character("3"))
        _ = viewer.handle(key: .character("j"))
        _ = viewer.handle(key: .enter)
        #expect(viewer.shownRecord != nil, "Enter shows the cursor's record")
        #expect(view.scrollOffset == offset, "no link was followed")
        _ = viewer.handle(key: .escape)
        _ = viewer.handle(key: .tab)
        #expect(viewer.linkFocus != nil)
        #expect(viewer.rowCursor == nil)
    }

    /// A page's row numbers are exact or marked `~`: while the page is not laid out
    /// to its end, its row count and the rows past its first are estimates, said so;
    /// laid out whole, they are plain.
    @Test func estimatedPageRowsAreMarked() throws {
        let html = (0..<3_000).map { "<p>paragraph \($0) with some words in it</p>" }.joined()
        let view = try DocScrollView(pages: [InputFile(name: "long.html", bytes: Array(html.utf8))], tables: [], options: .init(width: 60, height: 20))
        let viewer = Viewer(view: view, width: 100, height: 10)
        _ = viewer.start()
        #expect(view.isExtentEstimated(of: try #require(view.topPlace).component))
        #expect(status(viewer).contains(" 1/~"), "\(status(viewer))")
        // Three screens of 9 rows down, a row of each kept: row 25.
        _ = viewer.handle(.scrollPages(3))
        #expect(status(viewer).contains("~25/~"), "\(status(viewer))")
        _ = viewer.handle(key: .character("="))
        #expect(viewer.message?.hasPrefix("page long.html: row ~25 of ~") == true, "\(viewer.message ?? "")")
        // Row 5,999 as a dump numbers it: everything above laid out, the end found.
        _ = viewer.handle(keys: "5999g".map { .character($0) })
        #expect(!view.isExtentEstimated(of: try #require(view.topPlace).component))
        #expect(status(viewer).contains("/5999 "), "\(status(viewer))")
        #expect(!status(viewer).contains("~"), "\(status(viewer))")
    }
}
