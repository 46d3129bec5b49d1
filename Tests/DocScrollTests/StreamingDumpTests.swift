import DocScroll
import RenderCore
import TileRenderer
import TestSupport
import Testing

/// `dumpStreaming` (what `--dump` runs) writes exactly the rows of the view's dump,
/// without building the view's pages.
@Suite("Streamed dumps")
struct StreamingDumpTests {
    @Test(arguments: 1...12)
    func streamedDumpEqualsTheViewDump(seed: UInt64) throws {
        let inputs = generatedInputs(seed: seed, pageBytes: 500...60_000)
        let options = DocScrollView.Options(width: 40 + Int(seed) * 5, height: 20)
        let view = try DocScrollView(pages: inputs.pages, tables: inputs.tables, options: options)
        var streamed: [String] = []
        let statistics = try DocScrollView.dumpStreaming(pages: inputs.pages, tables: inputs.tables, options: options) { streamed += rows($0) }
        #expect(streamed == dumpLines(view), "seed \(seed)")
        #expect(statistics.tiles.tilesBuilt == 0, "a streamed dump builds no tile")
    }

    @Test func sampleWithItsTable() throws {
        let pages = [try sample("article.html"), try sample("cjk.html")]
        let tables = [try sample("items.json")]
        let options = DocScrollView.Options(width: 80, height: 24)
        var streamed: [String] = []
        let statistics = try DocScrollView.dumpStreaming(pages: pages, tables: tables, options: options) { streamed += rows($0) }
        let view = try DocScrollView(pages: pages, tables: tables, options: options)
        #expect(streamed == dumpLines(view))
        #expect(statistics.layoutLines == streamed.count - (32 + 2) - 2, "every line but the table's 34 and the two gaps")
    }

    @Test func everyInputIsCheckedBeforeAnyRow() throws {
        let pages = [try sample("article.html"), InputFile(name: "empty.html", bytes: [])]
        var streamed: [String] = []
        #expect(throws: DocScrollError.self) {
            try DocScrollView.dumpStreaming(pages: pages, tables: [], options: .init()) { streamed += rows($0) }
        }
        #expect(streamed.isEmpty)
    }
}

/// Every dump takes the same rows from each component's one producer: drawn with
/// styles (`--color always`), a styled row's text is the plain dump's row, for pages
/// windowed and expanded, tables and tables as tabs.
@Suite("One text path")
struct OneTextPathTests {
    @Test(arguments: [RenderMode.windowed, .expanded], [nil, 0])
    func styledRowsAreThePlainRows(mode: RenderMode, tabsFrom: Int?) throws {
        let view = try DocScrollView(
            pages: [try sample("article.html"), try sample("cjk.html")], tables: [try sample("items.json"), try sample("items.csv")],
            options: .init(width: 60, height: 20, mode: mode, tabsFrom: tabsFrom))
        var styled: [String] = []
        var bold = 0
        view.forEachStyledRow { row in
            #expect(row.height == 1)
            styled.append(row.plainText(row: 0))
            bold += (0..<row.width).contains { row[$0, 0].style.attributes.contains(.bold) } ? 1 : 0
        }
        let plain = dumpLines(view)
        #expect(plain.count > 100)
        #expect(styled == plain)
        #expect(bold >= 3, "headings and header rows are drawn with their styles")
        if tabsFrom != nil { #expect(plain.contains("items.csv"), "each tab is written under its name") }
    }
}

/// The rows of a piece of a streamed dump: whole rows, each ending in a line feed.
private func rows(_ text: UnsafeBufferPointer<UInt8>) -> [String] {
    #expect(text.last == 0x0A, "a piece of a dump ends with a whole row")
    return text.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
}
