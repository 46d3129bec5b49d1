import DocScroll
import SampleContent
import Testing
import TileRenderer

/// Table row views come from a pool, as a list view's cells do: made for the rows
/// near the viewport, then filled again for rows coming into view.
@Suite("Row view reuse")
struct RowViewPoolTests {
    func tableView(rows: Int, mode: RenderMode, width: Int = 100, height: Int = 20) throws -> DocScrollView {
        let table = InputFile(name: "t.json", bytes: Array(TableGenerator.json(rows: rows, seed: 5).utf8))
        return try DocScrollView(pages: [], tables: [table], options: .init(width: width, height: height, mode: mode, tileRows: 16))
    }

    @Test func windowedScrollingReusesAFewViews() throws {
        let view = try tableView(rows: 2_000, mode: .windowed)
        for offset in stride(from: 0, through: 2_000, by: 7) { _ = view.frame(at: offset) }
        let statistics = view.statistics
        // Views live for the rows of the tiles one frame builds: the viewport (20
        // rows) widened to whole tiles of 16 spans at most 48, and the prefetch adds
        // the tile below it and a viewport further (at most 16 + 32).
        #expect(statistics.rowViewsCreated <= 48 + 16 + 32, "\(statistics.rowViewsCreated) views made")
        #expect(statistics.rowViewsCreated + statistics.rowViewsReused >= 2_000)
        #expect(statistics.rowViewsReused > 1_900)
    }

    @Test func expandedMakesAViewForEveryRow() throws {
        let view = try tableView(rows: 500, mode: .expanded)
        _ = view.frame(at: 100)
        #expect(view.statistics.rowViewsCreated == 500)
        #expect(view.statistics.rowViewsReused == 0)
    }

    /// Scrolling sideways draws the rows again from the views they keep: no row is
    /// decoded again.
    @Test func sidewaysScrollingDecodesNoRowAgain() throws {
        let view = try tableView(rows: 300, mode: .windowed, width: 40, height: 10)
        _ = view.frame(at: 50)
        let decoded = view.statistics.rowsDecoded
        #expect(view.scrollColumns(to: 2))
        _ = view.frame(at: 50)
        #expect(view.statistics.rowsDecoded == decoded)
    }
}
