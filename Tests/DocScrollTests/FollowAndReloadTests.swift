import DocScroll
import Foundation
import TestSupport
import Testing

/// Following tables' files as they grow (`followFiles`) and reading every input again
/// (`reload`), the reader's place kept.
@Suite("Follow and reload")
struct FollowAndReloadTests {
    func lines(_ range: ClosedRange<Int>) -> String {
        range.map { #"{"name": "row-\#($0)", "n": \#($0)}"# + "\n" }.joined()
    }

    func view(_ folder: TemporaryFolder, tables: [String], pages: [String] = []) throws -> DocScrollView {
        try DocScrollView(
            pages: try pages.map { try InputFile.page(folder.path($0)) }, tables: try tables.map { try InputFile.mapped(folder.path($0)) },
            options: .init(width: 60, height: 10))
    }

    /// The first row under the pinned header, as the frame shows it.
    func topRow(_ view: DocScrollView) -> String { view.frame().plainText(row: 2) }
    func lastRow(_ view: DocScrollView) -> String { view.frame().plainText(row: 9) }

    @Test func rowsAppendedShowAtTheEndWhileTheViewIsThere() throws {
        let folder = try TemporaryFolder("follow")
        try folder.write("log.jsonl", lines(1...50))
        let view = try view(folder, tables: ["log.jsonl"])
        #expect(view.hasFollowableTables)
        #expect(!view.followFiles(), "nothing appended yet")
        view.navigate(.stackBottom)
        #expect(lastRow(view).hasPrefix("row-50 "))
        try folder.append("log.jsonl", lines(51...1_050))
        #expect(view.followFiles())
        #expect(lastRow(view).hasPrefix("row-1050 "), "at the end still")
        let id = try #require(view.componentIDs.first)
        #expect(view.rowCount(of: id) == 1_050 + 2)
        // Every row, in order.
        let dumped = dumpLines(view)
        #expect(dumped.count == 1_052)
        #expect((2..<1_052).allSatisfy { dumped[$0].hasPrefix("row-\($0 - 1) ") })
    }

    /// A fresh log, JSON Lines of no line yet or a CSV header alone, opens as a table
    /// of no rows (with a note), and shows its rows as they are written.
    @Test func anEmptyLogOpensAndIsFollowed() throws {
        let folder = try TemporaryFolder("follow")
        try folder.write("fresh.jsonl", "")
        try folder.write("fresh.csv", "name,n\n")
        #expect(throws: DocScrollError.self, "JSON that is not said to be a record a line is refused empty") {
            try folder.write("empty.json", "")
            _ = try InputFile.table(folder.path("empty.json"), format: nil)
        }
        let view = try DocScrollView(
            pages: [], tables: try ["fresh.jsonl", "fresh.csv"].map { try InputFile.table(folder.path($0), format: nil) },
            options: .init(width: 60, height: 10))
        #expect(view.takeNote() == "\(folder.path("fresh.jsonl")): no rows yet (F shows them as they are written)")
        #expect(view.hasFollowableTables)
        #expect(dumpLines(view) == ["", "name │ n", "─────┼──"], "no rows: the CSV's header alone, after the gap")
        try folder.append("fresh.jsonl", lines(1...3))
        try folder.append("fresh.csv", "x,1\n")
        #expect(view.followFiles())
        #expect(dumpLines(view) == [
            "name  │ n", "──────┼──", "row-1 │ 1", "row-2 │ 2", "row-3 │ 3", "", "name │ n", "─────┼──", "x    │ 1",
        ])
    }

    @Test func awayFromTheEndTheViewStaysPut() throws {
        let folder = try TemporaryFolder("follow")
        try folder.write("log.csv", "name,n\n" + (1...100).map { "row-\($0),\($0)\n" }.joined())
        let view = try view(folder, tables: ["log.csv"])
        view.scroll(to: 30)
        let top = topRow(view)
        try folder.append("log.csv", (101...200).map { "row-\($0),\($0)\n" }.joined())
        #expect(view.followFiles())
        #expect(topRow(view) == top)
        view.navigate(.stackBottom)
        #expect(lastRow(view).hasPrefix("row-200 "))
    }

    /// As `tail -F`: a file truncated is read anew (its old rows stay while it is
    /// empty), and one gone and made again at its path is read from its start, its
    /// first line alone a row; each is a note at once.
    @Test func aFileTruncatedOrGoneAndMadeAgainIsReadAnew() throws {
        let folder = try TemporaryFolder("follow")
        try folder.write("cut.jsonl", lines(1...40))
        try folder.write("gone.jsonl", lines(1...40))
        let view = try view(folder, tables: ["cut.jsonl", "gone.jsonl"])
        let ids = view.componentIDs
        // Emptied in place, then gone.
        try folder.write("cut.jsonl", "")
        try FileManager.default.removeItem(atPath: folder.path("gone.jsonl"))
        #expect(view.followFiles(), "the notes are news")
        let notes = [view.takeNote(), view.takeNote()].compactMap { $0 }
        #expect(notes.contains("\(folder.path("cut.jsonl")): file truncated (its rows stay until it has one)"), "\(notes)")
        #expect(notes.contains { $0.contains("gone.jsonl: the file is gone") })
        #expect(view.takeNote() == nil)
        #expect(!view.followFiles() && view.takeNote() == nil, "each said once")
        #expect(ids.map { view.rowCount(of: $0) } == [42, 42], "the rows stay")
        #expect(view.hasFollowableTables)
        // Rows written to the emptied file; the gone one made again with one line.
        try folder.append("cut.jsonl", lines(100...102))
        try folder.write("gone.jsonl", lines(7...7))
        #expect(view.followFiles())
        #expect(ids.map { view.rowCount(of: $0) } == [5, 3])
        #expect(view.takeNote() == "\(folder.path("cut.jsonl")): file truncated, read anew")
        #expect(view.takeNote() == "\(folder.path("gone.jsonl")): the file is back, read anew")
        // Both are followed on.
        try folder.append("cut.jsonl", lines(103...103))
        try folder.append("gone.jsonl", lines(8...9))
        #expect(view.followFiles())
        #expect(ids.map { view.rowCount(of: $0) } == [6, 5])
        // Cut short to fewer rows: read anew at once.
        try folder.write("cut.jsonl", lines(1...2))
        #expect(view.followFiles())
        #expect(view.rowCount(of: ids[0]) == 4)
    }

    /// `R` says what it did: notes not yet shown, of the content read before, go.
    @Test func reloadSaysWhatItDid() throws {
        let folder = try TemporaryFolder("follow")
        try folder.write("log.jsonl", lines(1...10))
        let view = try view(folder, tables: ["log.jsonl"])
        try FileManager.default.removeItem(atPath: folder.path("log.jsonl"))
        _ = view.followFiles()
        try folder.write("log.jsonl", lines(1...3))
        view.reload()
        #expect(view.takeNote() == nil, "the file is there: nothing is gone")
        #expect(view.rowCount(of: try #require(view.componentIDs.first)) == 5)
    }

    /// A page read again is new to `pagesProgressed`: a viewer draws it once more,
    /// however far its index got before the call (its title and the status line come
    /// with the index).
    @Test func aPageReadAgainCountsAsProgress() throws {
        let folder = try TemporaryFolder("follow")
        try folder.write("page.html", "<title>T</title>" + (1...50).map { "<p>Paragraph \($0).</p>" }.joined())
        let view = try view(folder, tables: [], pages: ["page.html"])
        view.waitsForPages = false
        _ = view.frame()
        for _ in 0..<2_000 where view.indexingProgress != nil { Thread.sleep(forTimeInterval: 0.005) }
        _ = view.pagesProgressed()
        #expect(!view.pagesProgressed(), "nothing new since")
        view.reload()
        for _ in 0..<2_000 where view.indexingProgress != nil { Thread.sleep(forTimeInterval: 0.005) }
        #expect(view.pagesProgressed())
    }

    /// A log rotated: the file renamed away and a new one renamed over its path.
    @Test func aFileRenamedOverThePathIsReadAnew() throws {
        let folder = try TemporaryFolder("follow")
        try folder.write("app.jsonl", lines(1...40))
        let view = try view(folder, tables: ["app.jsonl"])
        try FileManager.default.moveItem(atPath: folder.path("app.jsonl"), toPath: folder.path("app.jsonl.1"))
        try folder.write("next.jsonl", lines(100...110))
        _ = rename(folder.path("next.jsonl"), folder.path("app.jsonl"))
        #expect(view.followFiles())
        let id = try #require(view.componentIDs.first)
        #expect(view.rowCount(of: id) == 13)
        #expect(dumpLines(view)[2].hasPrefix("row-100 "))
        try folder.append("app.jsonl", lines(111...111))
        #expect(view.followFiles())
        #expect(view.rowCount(of: id) == 14)
    }

    @Test func aLineAppendedThatIsNotARecordStopsFollowingWithANote() throws {
        let folder = try TemporaryFolder("follow")
        try folder.write("bad.jsonl", lines(1...20))
        let view = try view(folder, tables: ["bad.jsonl"])
        try folder.append("bad.jsonl", lines(21...22) + "oops\n" + lines(23...24))
        #expect(view.followFiles())
        #expect(view.takeNote()?.contains("the 22 rows before it are shown; no longer followed") == true)
        let id = try #require(view.componentIDs.first)
        #expect(view.rowCount(of: id) == 24)
    }

    /// 100 rows inserted above the viewport: after `reload`, the same rows at the top.
    @Test func reloadKeepsTheTextAtTheTopWhenRowsWereInsertedAbove() throws {
        let folder = try TemporaryFolder("follow")
        try folder.write("items.jsonl", lines(1...300))
        try folder.write("page.html", (1...200).map { "<p>Paragraph \($0).</p>" }.joined())
        let view = try view(folder, tables: ["items.jsonl"], pages: ["page.html"])
        view.scroll(to: 150)
        let top = topRow(view)
        #expect(top.hasPrefix("row-"))
        try folder.write("items.jsonl", lines(1_001...1_100) + lines(1...300))
        view.reload()
        // (The columns are planned anew for what was read: the same row, its spacing
        // aside.)
        #expect(topRow(view).split(separator: " ") == top.split(separator: " "))
        #expect(view.rowCount(of: try #require(view.componentIDs.first)) == 402)
        // In the page: paragraphs inserted above, and removed.
        let page = try #require(view.componentIDs.last)
        view.reveal(.init(component: page, row: 240))
        let pageTop = view.frame().plainText(row: 0)
        #expect(pageTop.hasPrefix("Paragraph "))
        try folder.write("page.html", (1...30).map { "<p>New \($0).</p>" }.joined() + (51...200).map { "<p>Paragraph \($0).</p>" }.joined())
        view.reload()
        #expect(view.frame().plainText(row: 0) == pageTop)
    }
}
