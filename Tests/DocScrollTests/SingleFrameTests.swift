import DocScroll
import RenderCore
import ScrollCore
import SampleContent
import SystemIO
import TestSupport
import Testing

/// `singleFrame` (what `--frame` runs) streams pages down to the frame rather than
/// index them: its frames are the view's, cell for cell and style for style,
/// wherever they are (the top, deep in a page, in its References list, past the
/// end), whatever stands above the page (tables, other pages, spacing).
@Suite("Single frames")
struct SingleFrameTests {
    /// Each row of `frame` with its styles.
    func styledRows(_ frame: FrameBuffer) -> [String] {
        (0..<frame.height).map { ANSIFrameWriter.styledRow(frame, row: $0, colors: .palette) }
    }

    /// Offsets over the whole stack: the top, a spread of places, the last screen,
    /// the last row, and past the end.
    func offsets(of view: DocScrollView, count: Int) -> [Int] {
        view.locateEnds()
        let rows = view.stackRows
        return [0, 1] + (1..<count).map { rows * $0 / count } + [view.maxScrollOffset, rows - 1, rows + 1_000]
    }

    func expectSameFrames(pages: [InputFile], tables: [InputFile], options: DocScrollView.Options, samples: Int, _ comment: String) throws {
        let view = try DocScrollView(pages: pages, tables: tables, options: options)
        for offset in offsets(of: view, count: samples) {
            let single = try DocScrollView.singleFrame(at: offset, pages: pages, tables: tables, options: options)
            let shown = try DocScrollView(pages: pages, tables: tables, options: options).frame(at: offset)
            #expect(styledRows(single.frame) == styledRows(shown), "\(comment), offset \(offset) of \(view.stackRows)")
        }
    }

    @Test(arguments: 1...8)
    func framesAreTheViewsFrames(seed: UInt64) throws {
        let inputs = generatedInputs(seed: seed, pageBytes: 2_000...120_000)
        var options = DocScrollView.Options(width: 30 + Int(seed) * 9, height: 7 + Int(seed))
        options.spacing = Int(seed % 3)
        try expectSameFrames(pages: inputs.pages, tables: inputs.tables, options: options, samples: 12, "seed \(seed)")
    }

    /// A page of many fragments, parsed by two parses at once (several segments):
    /// rows deep in it are where the view puts them.
    @Test func deepInAPageOfManyFragments() throws {
        let page = InputFile(name: "long.html", bytes: Array(PageGenerator.page(bytes: 3_000_000, seed: 11).utf8))
        try expectSameFrames(pages: [page], tables: [], options: .init(width: 100, height: 30), samples: 6, "3 MB page")
    }

    /// More pages than a layout pass has rounds (`ScrollContainer.maxLayoutRounds`),
    /// each placed only once those above it were streamed to their ends: a frame in
    /// the last of them is still where the view puts it.
    @Test func belowMorePagesThanALayoutPassHasRounds() throws {
        let pages = (0..<(ScrollContainer.maxLayoutRounds + 8)).map { index in
            InputFile(name: "page\(index).html", bytes: Array(PageGenerator.page(bytes: 1_500, seed: UInt64(index)).utf8))
        }
        var options = DocScrollView.Options(width: 50, height: 12)
        options.spacing = 1
        try expectSameFrames(pages: pages, tables: [], options: options, samples: 10, "many pages")
    }

    @Test func samplePagesBelowATable() throws {
        let pages = [try sample("article.html"), try sample("reference.html"), try sample("cjk.html")]
        try expectSameFrames(pages: pages, tables: [try sample("items.json")], options: .init(width: 72, height: 20), samples: 20, "samples")
    }

    /// A page that cannot be used is an error, as it is for a view.
    @Test func aBadPageIsAnError() throws {
        let pages = [try sample("article.html"), InputFile(name: "empty.html", bytes: [])]
        #expect(throws: DocScrollError.self) { try DocScrollView.singleFrame(at: 0, pages: pages, tables: [], options: .init()) }
    }
}
