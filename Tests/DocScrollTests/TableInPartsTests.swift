import DocScroll
import DocScrollViewer
import Foundation
import SampleContent
import TestSupport
import Testing

/// A table shown as the viewer shows it, indexed in parts: its first rows at once, the
/// rest as the view is idle, the end estimated until then, and in the end the same
/// rows as a table indexed whole.
@Suite("Tables indexed in parts")
struct TableInPartsTests {
    /// A file of generated JSON Lines records, and `after` past them.
    func table(rows: Int, seed: UInt64, after: String = "") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-parts-\(UUID().uuidString).jsonl").path
        var text = ""
        TableGenerator.jsonLines(rows: rows, seed: seed) { text += $0 }
        try Data((text + after).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The table at `path` in an interactive viewer of 90x20, indexed in parts.
    func viewer(of path: String) throws -> (DocScrollView, Viewer) {
        let view = try DocScrollView(
            pages: [], tables: [try InputFile.mapped(path)], options: .init(width: 90, height: 20, indexesTablesInParts: true))
        view.waitsForPages = false
        let viewer = Viewer(view: view, width: 90, height: 20)
        _ = viewer.start()
        return (view, viewer)
    }

    @Test func theFirstRowsShowAtOnceAndTheRestJoinBelow() throws {
        let path = try table(rows: 100_000, seed: 5)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = DocScrollView.Options(width: 90, height: 20, indexesTablesInParts: true)
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try InputFile.mapped(path)], options: options)
        let first = view.frame(at: 0)
        #expect(view.indexesTables)
        #expect(!view.isLaidOut, "the end is an estimate")
        #expect(view.indexesTables, "only the first part is indexed")
        #expect(abs(view.stackRows - 100_002) < 5_000, "the rows past it are estimated: \(view.stackRows)")
        #expect(try #require(view.locatingProgress) < 1, "a jump to a fraction waits")
        #expect(view.pagesProgressed())
        var steps = 0
        while view.indexesTables {
            #expect(view.indexTables())
            #expect(view.pagesProgressed(), "each part adds rows")
            // (Once the last rows are in, the columns are planned from them too.)
            if view.indexesTables { #expect(view.frame(at: 0) == first, "what is on screen stays") }
            steps += 1
        }
        #expect(steps > 1)
        #expect(view.takeNote() == nil)
        #expect(view.locatingProgress == nil)
        let whole = try DocScrollView(pages: [try sample("article.html")], tables: [try InputFile.mapped(path)], options: .init(width: 90, height: 20))
        #expect(view.stackRows == whole.stackRows)
        for offset in [0, 1, 50_000, 99_990, whole.maxScrollOffset] {
            #expect(view.frame(at: offset) == whole.frame(at: offset), "offset \(offset)")
        }
    }

    /// A frame indexes a table only down to the rows it shows, and shows what a view
    /// of the table indexed whole shows there (its columns are planned from the
    /// table's first and last rows, read back from the end).
    @Test func aFrameIndexesOnlyTheRowsItShows() throws {
        let path = try table(rows: 100_000, seed: 11)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try DocScrollView(pages: [], tables: [try InputFile.mapped(path)], options: .init(width: 90, height: 20))
        for offset in [0, 30_000, 100_000 - 30] {
            let view = try DocScrollView(
                pages: [], tables: [try InputFile.mapped(path)], options: .init(width: 90, height: 20, indexesTablesInParts: true))
            #expect(view.frame(at: offset) == whole.frame(at: offset), "offset \(offset)")
            #expect(view.indexesTables == (offset < 90_000), "indexed as far as the frame's rows: \(offset)")
        }
    }

    /// A fault past the first part is a note, the rows before it shown; a fault in the
    /// first part is an error, as for a table indexed whole.
    @Test func aFaultFurtherInIsANote() throws {
        let path = try table(rows: 30_000, seed: 6, after: "{\"id\": nope}\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let view = try DocScrollView(
            pages: [], tables: [try InputFile.mapped(path)], options: .init(width: 90, height: 20, indexesTablesInParts: true))
        while view.indexesTables { view.indexTables() }
        let note = try #require(view.takeNote())
        #expect(note.contains("line 30001") && note.contains("the 30000 rows before it are shown"), "\(note)")
        #expect(view.stackRows == 30_002)
        #expect(throws: DocScrollError.self) {
            try DocScrollView(pages: [], tables: [try InputFile.mapped(path)], options: .init(width: 90, height: 20))
        }
        // CSV alike: a quoted field that never closes, far in.
        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-parts-\(UUID().uuidString).csv").path
        try Data((TableGenerator.csv(rows: 40_000, seed: 6) + "1,\"open\n").utf8).write(to: URL(fileURLWithPath: csv))
        defer { try? FileManager.default.removeItem(atPath: csv) }
        let delimited = try DocScrollView(
            pages: [], tables: [try InputFile.mapped(csv)], options: .init(width: 90, height: 20, indexesTablesInParts: true))
        #expect(delimited.indexesTables)
        while delimited.indexesTables { delimited.indexTables() }
        let csvNote = try #require(delimited.takeNote())
        #expect(csvNote.contains("a quoted field never closes") && csvNote.contains("the 40000 rows before it are shown"), "\(csvNote)")
    }

    /// In the viewer, `G` shows the last records at once, read back from the end, their
    /// numbers estimated; as the index arrives the rows on screen stay where they are
    /// (after any number of parts indexed first, and rows scrolled up from the end,
    /// past the records read back at first), and their numbers become exact.
    @Test(arguments: [(0, 3), (1, 700), (4, 40)])
    func theEndShowsAtOnceAndStaysAsTheIndexArrives(partsFirst: Int, rowsUp: Int) throws {
        let path = try table(rows: 100_000, seed: 7)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (view, viewer) = try viewer(of: path)
        for _ in 0..<partsFirst { view.indexTables() }
        _ = viewer.handle(key: .character("G"))
        #expect(viewer.pendingJump == nil, "no wait")
        #expect(view.indexesTables)
        #expect(view.scrollOffset == view.maxScrollOffset)
        #expect(viewer.screen().plainText(row: 18).hasPrefix("100000 "), "the last record")
        for _ in 0..<rowsUp { _ = viewer.handle(key: .character("k")) }
        let shown = (2..<19).map { viewer.screen().plainText(row: $0) }
        #expect(viewer.screen().plainText(row: 19).contains(" of ~"), "an estimated count")
        #expect(shown.last?.trimmingCharacters(in: .whitespaces).hasPrefix("\(100_000 - rowsUp) ") == true, "\(shown)")
        while view.indexesTables {
            view.indexTables()
            if view.pagesProgressed() { _ = viewer.handle(.pagesProgressed) }
            #expect((2..<19).map { viewer.screen().plainText(row: $0) } == shown, "the rows on screen stay")
        }
        #expect(view.stackRows == 100_002)
        #expect(view.scrollOffset == view.maxScrollOffset - rowsUp)
        #expect(viewer.screen().plainText(row: 19).contains(" of 100002 "), "the exact count")
    }

    /// In the viewer, `50%` shows the records in the middle at once, read from a byte
    /// estimated there, their numbers estimated; scrolled off either end of what was
    /// read, the rows go on record by record; as the index arrives the rows on screen
    /// stay where they are and their numbers become exact.
    @Test(arguments: [(0, 0), (1, 600), (2, -700), (0, 30)])
    func theMiddleShowsAtOnceAndStaysAsTheIndexArrives(partsFirst: Int, rowsDown: Int) throws {
        let path = try table(rows: 100_000, seed: 9)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (view, viewer) = try viewer(of: path)
        for _ in 0..<partsFirst { view.indexTables() }
        for key in "50%" { _ = viewer.handle(key: .character(key)) }
        #expect(viewer.pendingJump == nil, "no wait")
        #expect(view.indexesTables)
        let key: Character = rowsDown < 0 ? "k" : "j"
        for _ in 0..<abs(rowsDown) { _ = viewer.handle(key: .character(key)) }
        let shown = (2..<19).map { viewer.screen().plainText(row: $0) }
        let ids = shown.map { Int($0.drop { $0 == " " }.prefix { $0 != " " }) }
        let first = try #require(ids.first ?? nil, "a record at the top: \(shown)")
        #expect(ids == (0..<17).map { first + $0 }, "records one after another: \(shown)")
        #expect(abs(first - 50_000 - rowsDown) < 5_000, "near the middle: \(first)")
        #expect(viewer.screen().plainText(row: 19).contains(" of ~"), "an estimated count")
        while view.indexesTables {
            view.indexTables()
            if view.pagesProgressed() { _ = viewer.handle(.pagesProgressed) }
            #expect((2..<19).map { viewer.screen().plainText(row: $0) } == shown, "the rows on screen stay")
        }
        #expect(view.stackRows == 100_002)
        #expect(view.scrollOffset == first - 1, "the exact row of the record at the top")
        #expect(viewer.screen().plainText(row: 19).contains(" of 100002 "), "the exact count")
    }

    /// Where the last records cannot be read back (CSV whose last line holds a quote:
    /// a line feed before it may be inside a quoted field), `G` waits for the index
    /// with a note, and goes there once the last part is indexed.
    @Test func theEndOfAQuotedTableIsReachedOnceIndexed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-parts-\(UUID().uuidString).csv").path
        try Data((TableGenerator.csv(rows: 60_000, seed: 7) + "60001,\"quoted, last\"\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (view, viewer) = try viewer(of: path)
        _ = viewer.handle(key: .character("G"))
        #expect(viewer.pendingJump == .bottom)
        #expect(viewer.message?.hasPrefix("Going there once the end is known") == true)
        #expect(viewer.screen().plainText(row: 19).contains("indexing"), "the status line shows the progress")
        while view.indexesTables {
            view.indexTables()
            if view.pagesProgressed() { _ = viewer.handle(.pagesProgressed) }
        }
        #expect(viewer.pendingJump == nil)
        #expect(view.stackRows == 60_003)
        #expect(view.scrollOffset == view.maxScrollOffset)
    }

    /// A search goes on into the rows not yet indexed without waiting for the index,
    /// down and (from the end) up: it stops on the record that holds the query, read
    /// from the input's bytes, its number an estimate; in the viewer the record stays
    /// on screen as the index arrives.
    @Test func aSearchGoesOnIntoRowsNotYetIndexed() throws {
        let path = try table(rows: 100_000, seed: 8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = DocScrollView.Options(width: 90, height: 20, indexesTablesInParts: true)
        let down = try DocScrollView(pages: [], tables: [try InputFile.mapped(path)], options: options)
        guard case .found(let place, wrapped: false) = down.find("99987", from: nil, forward: true) else {
            Issue.record("not found going down")
            return
        }
        #expect(down.indexesTables, "the search did not wait for the index")
        #expect(recordText(down, place).contains("id: 99987"))
        #expect(try #require(down.recordNumber(at: place)).isEstimated)
        #expect(abs(place.row - (99_986 + 2)) < 5_000, "about where the record is: \(place.row)")
        let up = try DocScrollView(pages: [], tables: [try InputFile.mapped(path)], options: options)
        guard case .found(let found, wrapped: _) = up.find("99999", from: nil, forward: false) else {
            Issue.record("not found going up")
            return
        }
        #expect(up.indexesTables)
        #expect(recordText(up, found).contains("id: 100000"), "the last record, named with 99999")
        #expect(found.row == up.stackRows - 1)

        let (view, viewer) = try viewer(of: path)
        for key in "/99987" { _ = viewer.handle(key: .character(key)) }
        _ = viewer.handle(key: .enter)
        let shown = (2..<19).map { viewer.screen().plainText(row: $0) }
        #expect(shown.contains { $0.hasPrefix(" 99987 ") }, "the record found is on screen: \(shown)")
        #expect(view.indexesTables)
        while view.indexesTables {
            view.indexTables()
            if view.pagesProgressed() { _ = viewer.handle(.pagesProgressed) }
            #expect((2..<19).map { viewer.screen().plainText(row: $0) } == shown, "the rows on screen stay")
        }
    }

    /// A search through the rows read ahead of the index (records read in the middle
    /// and back from the end, bytes of rows estimated between) finds the records a
    /// search of the table indexed whole finds, one after another, down and up,
    /// wrapping round, from the top or from the middle: no record that holds the
    /// query is passed over, and none found twice in a round.
    @Test(arguments: [(UInt64(21), false, false), (22, true, false), (23, false, true), (24, true, true)])
    func aSearchAheadOfTheIndexFindsWhatTheWholeTableFinds(seed: UInt64, tabSeparated: Bool, fromMiddle: Bool) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-parts-\(UUID().uuidString).\(tabSeparated ? "tsv" : "jsonl")").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var text = ""
        if tabSeparated {
            var random = SeededGenerator(seed: seed)
            text = "id\tname\tnote\r\n"
            for row in 1...30_000 {
                let word = ["gizmo", "widget", "Gadget", "caf\u{E9}", "line\\none"].randomElement(using: &random)!
                let note = row % 7 == 0 ? "seven" : String(repeating: "a note ", count: row % 9)
                text += "\(row)\t\(word) \(Int.random(in: 0..<5_000, using: &random))\t\(note)\(row % 3 == 0 ? "\r\n" : "\n")"
            }
        } else {
            TableGenerator.jsonLines(rows: 30_000, seed: seed) { text += $0 }
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let whole = try DocScrollView(pages: [], tables: [try InputFile.mapped(path)], options: .init(width: 90, height: 20))
        let queries = ["29998", "7777", "15000", "seven", "line two", "Gadget", "zqxj"]
        for query in queries {
            for forward in [true, false] {
                let parts = try DocScrollView(
                    pages: [], tables: [try InputFile.mapped(path)], options: .init(width: 90, height: 20, indexesTablesInParts: true))
                #expect(parts.indexesTables)
                var start: DocScrollView.Place?
                var wholeStart: DocScrollView.Place?
                if fromMiddle {
                    // (As the viewer jumps: not waiting for the index.)
                    parts.waitsForPages = false
                    parts.scroll(toFraction: 0.5)
                    _ = parts.frame(at: parts.scrollOffset)
                    let top: DocScrollView.Place = try #require(parts.topPlace)
                    start = top
                    let id = try #require(Int(recordText(parts, start!).split(separator: "\n")[0].split(separator: " ").last ?? ""))
                    wholeStart = DocScrollView.Place(component: start!.component, row: id - 1 + 2)
                    #expect(recordText(whole, wholeStart!) == recordText(parts, start!))
                }
                let expected = hits(of: query, in: whole, from: wholeStart, forward: forward)
                let found = hits(of: query, in: parts, from: start, forward: forward)
                #expect(found == expected, "\(query), \(forward ? "down" : "up")")
                #expect(parts.indexesTables, "\(query): the index not waited for")
            }
        }
    }

    /// The records (as text) of the first six places a search for `query` stops at,
    /// one after another from `start`.
    private func hits(of query: String, in view: DocScrollView, from start: DocScrollView.Place?, forward: Bool) -> [String] {
        var place = start
        var found: [String] = []
        for _ in 0..<6 {
            guard case .found(let at, _) = view.find(query, from: place, forward: forward) else { break }
            found.append(recordText(view, at))
            place = at
        }
        return found
    }

    /// The record a table shows at `place`, whole, a line a column.
    private func recordText(_ view: DocScrollView, _ place: DocScrollView.Place) -> String {
        guard var lines = view.record(at: place)?.lines else { return "" }
        lines.layOutAll()
        return lines.laidOut.joined(separator: "\n")
    }
}
