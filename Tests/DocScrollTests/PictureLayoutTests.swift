import Foundation
import Testing
@testable import DocScroll
@testable import DocumentLayout
import Pictures
import RenderCore
import TestSupport
import TileRenderer

/// Pictures in a page (`--images symbols`): each in a box of rows whose size is known
/// before a pixel is decoded (from `width` and `height`, else the file's header), kept
/// within the screen; its alt text on the first row; its cells, drawn in 24-bit
/// colours, where the box is; the same frames windowed and expanded.
@Suite("Pictures in pages")
struct PictureLayoutTests {
    /// A folder with a page of pictures: `red.png` (200 by 100 pixels: 20 by 5 cells
    /// at 10 by 20), `blue.png` (100 by 1,000: taller than the screen), one missing,
    /// one from a `data:` URL, one given its size by attributes.
    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder("pictures")
        try Data(TestPNG.solid(width: 200, height: 100, rgb: 0xFF0000)).write(to: URL(fileURLWithPath: folder.path("red.png")))
        try Data(TestPNG.solid(width: 100, height: 1_000, rgb: 0x0000FF)).write(to: URL(fileURLWithPath: folder.path("blue.png")))
        let green = TestPNG.base64(TestPNG.solid(width: 40, height: 40, rgb: 0x00FF00))
        try folder.write("page.html", """
            <p>Before the red one.</p>
            <p><img src="red.png" alt="A red   box"></p>
            <p>Between.</p>
            <img src="blue.png" alt="tall">
            <p>After <img src="missing.png" alt="gone"> the missing one.</p>
            <p><img src="data:image/png;base64,\(green)" alt="green"></p>
            <p><img src="nowhere.png" width="300" height="60" alt="sized"></p>
            <p>The end.</p>
            """)
        return folder
    }

    static func view(_ folder: TemporaryFolder, mode: RenderMode = .windowed, images: ImageMode = .symbols) throws -> DocScrollView {
        try DocScrollView(
            pages: [InputFile.page(folder.path("page.html"))], tables: [],
            options: DocScrollView.Options(width: 40, height: 12, mode: mode, images: images))
    }

    /// Rows of the whole stack, as text (pictures' boxes as their alt text).
    static func rows(_ view: DocScrollView) -> [String] {
        shownLines(view)
    }

    /// Row `row` of the stack as a frame draws it, with its cells.
    static func frameRow(_ view: DocScrollView, _ row: Int) -> (frame: FrameBuffer, row: Int) {
        let frame = view.frame(at: row)
        // (Near the end, the offset is clamped: the row is further down the frame.)
        return (frame, row - Int(view.container.scrollOffset))
    }

    /// A view of the page whose boxes show their alt text, not their pictures.
    static func altTextView(_ folder: TemporaryFolder) throws -> DocScrollView {
        let view = try Self.view(folder)
        view.showsPictures = false
        return view
    }

    /// Whether every cell of `columns` by `rows` from (`column`, `row`) of the stack
    /// shows colour `rgb`, and the cell after each row does not.
    static func showsBox(_ view: DocScrollView, rgb: UInt32, column: Int = 0, columns: Int, rows: Range<Int>) -> Bool {
        rows.allSatisfy { row in
            let (frame, y) = frameRow(view, row)
            let shows = { (x: Int) in frame[x, y].style.foreground?.rgb == rgb || frame[x, y].style.background?.rgb == rgb }
            return (column..<(column + columns)).allSatisfy(shows) && !shows(column + columns)
        }
    }

    @Test func boxesComeFromTheHeaderOrTheAttributesAndStayOnScreen() throws {
        let folder = try Self.folder()
        let rows = Self.rows(try Self.altTextView(folder))
        // Red, 200 by 100 pixels: 20 by 5 cells from its header, its alt text (white
        // space collapsed) on its first row. Blue, 100 by 1,000: shrunk whole to the
        // screen's height but the status line, 11 rows (2 columns). A missing picture
        // with no size is its alt text in the line; green, 40 by 40 from a `data:`
        // URL, 4 by 2; `nowhere.png`, missing, takes the 30 by 3 its attributes say.
        let expected = [
            "Before the red one.", "", "A red box", "", "", "", "", "", "Between.", "", "ta",
        ] + Array(repeating: "", count: 10) + [
            "", "After [gone] the missing one.", "", "gree", "", "", "sized", "", "", "", "The end.",
        ]
        #expect(Array(rows.prefix(expected.count)) == expected, "alt text cut at the box's width")

        let drawn = try Self.view(folder)
        #expect(Self.showsBox(drawn, rgb: 0xFF0000, columns: 20, rows: 2..<7))
        #expect(Self.showsBox(drawn, rgb: 0x0000FF, columns: 2, rows: 10..<21))
        #expect(Self.showsBox(drawn, rgb: 0x00FF00, columns: 4, rows: 24..<26))
        // What cannot be drawn keeps its alt text.
        let sized = Self.frameRow(drawn, 27)
        #expect(sized.frame.plainText(row: sized.row) == "sized")
        #expect(Self.rows(drawn).contains("After [gone] the missing one."))
    }

    @Test func aBoxHoldsTheSameRowsWhetherItsPictureIsDrawnOrNot() throws {
        let folder = try Self.folder()
        let drawn = try Self.view(folder)
        let withAlt = try Self.altTextView(folder)
        var differing = 0
        for row in 0..<32 {
            let (a, y) = Self.frameRow(drawn, row)
            let (b, z) = Self.frameRow(withAlt, row)
            #expect(y == z)
            guard !a.rowEquals(y, in: b) else { continue }
            differing += 1
            // Rows that differ are rows of a picture's box, drawn in colour there.
            #expect((0..<a.width).contains { a[$0, y].style.background != nil || a[$0, y].style.foreground?.rgb != nil })
        }
        #expect(differing == 5 + 11 + 2)
        #expect(Self.rows(drawn).count == Self.rows(withAlt).count)
    }

    @Test func windowedFramesAreExpandedFramesAndTheLayoutWithoutPicturesKeepsAltText() throws {
        let folder = try Self.folder()
        let windowed = try Self.view(folder)
        let expanded = try Self.view(folder, mode: .expanded)
        for top in stride(from: 0, to: 60, by: 5) { #expect(windowed.frame(at: top) == expanded.frame(at: top), "at \(top)") }
        let none = Self.rows(try Self.view(folder, images: .none))
        #expect(none.contains("[A red box]") || none.contains("[A red   box]"))
        #expect(!none.joined().contains("▀"))
    }

    /// A viewer does not wait for pictures: a box shows its alt text until its
    /// picture, drawn on another thread, arrives; then the rows are drawn again, the
    /// picture in its box and every other row as it was.
    @Test func aViewerDrawsPicturesWhenTheyArriveWithoutMovingARow() throws {
        let folder = try Self.folder()
        let view = try Self.view(folder)
        view.waitsForPages = false
        view.picturesArriveLater = true
        // (The page itself is read on another thread too: its first screen is waited
        // for, as a viewer does.)
        let deadline = ContinuousClock.now + .seconds(30)
        view.waitForFirstScreen(seconds: 30)
        while view.frame(at: 0).plainText(row: 0).isEmpty, ContinuousClock.now < deadline {
            _ = view.pagesProgressed()
            Thread.sleep(forTimeInterval: 0.01)
        }
        let first = view.frame(at: 0)
        #expect(first.plainText(row: 2) == "A red box", "the alt text until the picture arrives")
        #expect(!Self.showsBox(view, rgb: 0xFF0000, columns: 20, rows: 2..<3))
        // (Both pictures on screen are drawn, the one asked for last first.)
        var arrivals = 0
        while !Self.showsBox(view, rgb: 0xFF0000, columns: 20, rows: 2..<7), ContinuousClock.now < deadline {
            if view.pagesProgressed() { arrivals += 1 } else { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(arrivals > 0)
        let later = view.frame(at: 0)
        #expect(Self.showsBox(view, rgb: 0xFF0000, columns: 20, rows: 2..<7))
        // (Red's box is rows 2 to 6, blue's from row 10.)
        for row in 0..<later.height where !(2..<7).contains(row) && row < 10 { #expect(later.rowEquals(row, in: first), "row \(row)") }
        while view.picturesDecoding, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(!view.picturesDecoding)
    }

    /// The figures: windowed decodes the pictures its tiles show, at the size they are
    /// drawn (a PNG read in rows into it), and keeps their cells; expanded decodes every picture whole up front and
    /// keeps its pixels, as a stretched web view does.
    @Test func windowedDecodesWhatItShowsAndExpandedEverythingWhole() throws {
        let folder = try Self.folder()
        // Red at the top, then 200 paragraphs, then blue: far past the tiles the first
        // screen builds.
        try folder.write("far.html", "<p><img src=red.png></p>" + String(repeating: "<p>Text.</p>", count: 200) + "<img src=blue.png>")
        let view = { (mode: RenderMode) in
            try DocScrollView(
                pages: [InputFile.page(folder.path("far.html"))], tables: [],
                options: DocScrollView.Options(width: 40, height: 12, mode: mode, images: .symbols))
        }
        let windowed = try view(.windowed)
        _ = windowed.frame(at: 0)
        let shown = windowed.statistics.pictures
        #expect(shown.decoded == 1)
        #expect(shown.bytesLive == 20 * 5 * 12, "red's cells, 12 bytes each")
        #expect(shown.bytesPeak == 20 * 8 * 5 * 8 * 4, "its pixels held while drawn, at 8x8 a cell: never its 200x100")
        #expect(shown.evictions == 0)

        let expanded = try view(.expanded)
        _ = expanded.frame(at: 0)
        let whole = expanded.statistics.pictures
        #expect(whole.decoded == 2)
        #expect(whole.bytesLive == (200 * 100 + 100 * 1_000) * 4 + (20 * 5 + 2 * 11) * 12)
        #expect(whole.bytesPeak >= whole.bytesLive)
        #expect(expanded.statistics.json.contains("\"picturesDecoded\":2,"))
    }

    /// Past its budget of cells, the reader drops the pictures farthest from the rows
    /// the viewport shows, however recently they were used (of two as far, the one
    /// used least recently), and draws one again when it is asked for again.
    @Test func picturesPastTheBudgetAreDroppedFarthestFromTheViewportFirst() throws {
        let folder = try Self.folder()
        let files = PictureFiles(address: nil, cellBudget: 300)
        let red = folder.path("red.png")
        // Boxes of 100 cells each, so three fit.
        let (above, onScreen, below, near, later) = (
            ImageBox(columns: 10, rows: 10), ImageBox(columns: 20, rows: 5), ImageBox(columns: 25, rows: 4),
            ImageBox(columns: 50, rows: 2), ImageBox(columns: 4, rows: 25)
        )
        files.show(rows: 100..<110)
        #expect(files.cells(of: red, box: above, at: 0) != nil)
        #expect(files.cells(of: red, box: onScreen, at: 104) != nil)
        #expect(files.cells(of: red, box: below, at: 300) != nil)
        #expect(files.cells(of: red, box: above, at: 0) != nil, "kept: not decoded again, and now the one used last")
        #expect(files.figures.decoded == 3)
        // A fourth near the viewport: 400 cells past the budget of 300. The one used
        // least recently is on screen, and stays; the one farthest from the viewport
        // (200 rows below it) goes.
        #expect(files.cells(of: red, box: near, at: 112) != nil)
        #expect(files.figures.evictions == 1)
        #expect(files.figures.bytesLive == 300 * 12)
        _ = files.cells(of: red, box: onScreen, at: 104)
        _ = files.cells(of: red, box: above, at: 0)
        #expect(files.figures.decoded == 4, "the two nearer kept")
        _ = files.cells(of: red, box: below, at: 300)
        #expect(files.figures.decoded == 5, "the farthest dropped, then decoded again (the top one dropped for it)")
        // The viewport moves down to the one below: the one it showed before, 182 rows
        // above it, is now the farthest (the one just under it, 177 rows).
        files.show(rows: 290..<320)
        _ = files.cells(of: red, box: later, at: 280)
        _ = files.cells(of: red, box: near, at: 112)
        #expect(files.figures.decoded == 6, "the nearer kept")
        _ = files.cells(of: red, box: onScreen, at: 104)
        #expect(files.figures.decoded == 7, "the farther dropped")
        #expect(files.cells(of: folder.path("missing.png"), box: onScreen, at: 0) == nil)
    }

    /// A view tells its page's pictures which rows it shows: scrolled to the middle
    /// picture, the one at the bottom, shown before the one at the top but nearer, is
    /// kept, and the top one dropped.
    @Test func aViewKeepsThePicturesNearestWhatItShows() throws {
        let folder = try Self.folder()
        for (name, rgb) in [("top", 0x112233), ("middle", 0x445566), ("bottom", 0x778899)] as [(String, UInt32)] {
            try Data(TestPNG.solid(width: 200, height: 100, rgb: rgb)).write(to: URL(fileURLWithPath: folder.path("\(name).png")))
        }
        let text = { (count: Int) in String(repeating: "<p>Text.</p>", count: count) }
        try folder.write("three.html", "<img src=top.png alt=top>" + text(400) + "<img src=middle.png alt=middle>" + text(60) + "<img src=bottom.png alt=bottom>")
        // Two pictures' cells (20 by 5 each, 12 bytes a cell).
        let view = try DocScrollView(
            pages: [InputFile.page(folder.path("three.html"))], tables: [],
            options: DocScrollView.Options(width: 40, height: 12, images: .symbols, imageBudget: .bytes(2 * 100 * 12)))
        let rows = Self.rows(view)
        let row = { (alt: String) in try #require(rows.firstIndex(of: alt)) }
        let (top, middle, bottom) = (try row("top"), try row("middle"), try row("bottom"))
        for shown in [bottom, top, middle] { _ = view.frame(at: shown) }
        let statistics = view.statistics.pictures
        #expect(statistics.decoded == 3 && statistics.evictions == 1)
        let reader = try #require(view.pages.first?.page.pictures?.reader)
        let box = ImageBox(columns: 20, rows: 5)
        #expect(reader.cells(of: "bottom.png", box: box, at: bottom) != nil)
        #expect(view.statistics.pictures.decoded == 3, "the bottom one kept")
        #expect(reader.cells(of: "top.png", box: box, at: top) != nil)
        #expect(view.statistics.pictures.decoded == 4, "the top one dropped")
    }

    /// Of pictures as far from the viewport, the one used least recently goes first.
    @Test func picturesAsFarAreDroppedLeastRecentlyUsedFirst() {
        var kept = KeptPictures<String, Int>()
        kept.viewport = 50..<60
        _ = kept.keep(1, for: "first above", cost: 1, shownAt: 10..<20, budget: 3)
        _ = kept.keep(2, for: "below, as far", cost: 1, shownAt: 90..<100, budget: 3)
        _ = kept.keep(3, for: "second above", cost: 1, shownAt: 10..<20, budget: 3)
        #expect(kept.value(for: "first above", shownAt: 10..<20) == 1)
        #expect(kept.keep(4, for: "on screen", cost: 1, shownAt: 55..<56, budget: 3).evicted == [2])
        #expect(kept.keep(5, for: "on screen too", cost: 1, shownAt: 50..<51, budget: 3).evicted == [3])
        #expect(kept.keep(6, for: "on screen", cost: 2, shownAt: 55..<57, budget: 3) == ([1], 4))
        #expect(kept.count == 2 && kept.cost == 3)
    }

    /// `--scroll-through` draws every screen as the viewer would, not waiting for a
    /// picture, then the screen again once its pictures arrive; every picture passed is
    /// decoded, and `--image-budget` holds what is kept.
    @Test func scrollingThroughDrawsEachScreenAgainWhenItsPicturesArrive() throws {
        let folder = try Self.folder()
        let run = { (budget: String) in
            try runDocScroll([
                folder.path("page.html"), "--images", "symbols", "--width", "40", "--height", "12", "--scroll-through", "--stats",
                "--image-budget", budget,
            ])
        }
        let result = try run("8x")
        #expect(result.status == 0)
        let stats = try #require(JSONSerialization.jsonObject(with: Data(result.standardError.utf8)) as? [String: Any])
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(stats["picturesDecoded"] as? Int == 3, "red, blue and green")
        #expect(stats["pictureEvictions"] as? Int == 0)
        // Screens at rows 0, 12, 24 (the last, clamped): each after its pictures came
        // is drawn again, so more frames than screens.
        #expect((report["frames"] as? Int ?? 0) > 3)
        // A budget of 100 cells cannot keep red (100 cells) and blue (22) together.
        let tight = try #require(JSONSerialization.jsonObject(with: Data(try run("1200").standardError.utf8)) as? [String: Any])
        #expect((tight["pictureEvictions"] as? Int ?? 0) >= 1)
    }

    /// The terminal's cell size, where it says, sizes the boxes: square cells of 20 by
    /// 20 pixels make red (200 by 100) 10 by 5.
    @Test func theCellSizeSizesTheBoxes() throws {
        let folder = try Self.folder()
        var options = DocScrollView.Options(width: 40, height: 12, images: .symbols)
        options.cellPixelSize = (20, 20)
        let view = try DocScrollView(pages: [InputFile.page(folder.path("page.html"))], tables: [], options: options)
        #expect(Self.showsBox(view, rgb: 0xFF0000, columns: 10, rows: 2..<7))
        #expect(view.frame(at: 0).plainText(row: 8) == "Between.")
    }

    /// A dump writes a picture as its alt text, in every mode, unless styles are asked
    /// for: then `--images symbols` draws it, in true colours where `COLORTERM` says.
    @Test func aDumpDrawsPicturesOnlyWithStyles() throws {
        let folder = try Self.folder()
        for mode in ["windowed", "expanded"] {
            let common = [folder.path("page.html"), "--images", "symbols", "--width", "40", "--dump", "--mode", mode]
            let plain = try runDocScroll(common)
            #expect(plain.status == 0 && plain.standardOutput.contains("[A red box]"), "\(mode)")
            #expect(!plain.standardOutput.contains("\u{1B}"))
            let styled = try runDocScroll(common + ["--color", "always"], environment: ["COLORTERM": "truecolor"])
            #expect(styled.standardOutput.contains("8;2;255;0;0m"), "\(mode): red's cells")
            #expect(!styled.standardOutput.contains("[A red box]"))
        }
    }

    /// A `<picture>` shows its first `<source>` of a format decoded here with no
    /// `media` condition (a terminal cannot weigh one), else its `<img>`'s own; an
    /// `<input type=image>` and an `<img>` inside `<pre>` are pictures as well.
    @Test func picturesFromSourcesInputsAndPreformattedText() throws {
        let folder = try TemporaryFolder("picture-sources")
        try Data(TestPNG.solid(width: 200, height: 100, rgb: 0xFF0000)).write(to: URL(fileURLWithPath: folder.path("red.png")))
        try Data(TestPNG.solid(width: 100, height: 60, rgb: 0x0000FF)).write(to: URL(fileURLWithPath: folder.path("blue.png")))
        try folder.write("page.html", """
            <picture>
            <source srcset="blue.png" type="image/avif">
            <source srcset="blue.png" media="(min-width: 800px)">
            <source srcset="red.png 1x, blue.png 2x" type="image/png; codecs=x">
            <img src="blue.png" alt="chosen">
            </picture>
            <picture><source srcset="red.png" media="(prefers-color-scheme: dark)"><img src="blue.png" alt="own"></picture>
            <form><input type="image" src="red.png" alt="go"></form>
            <pre>before
            <img src="blue.png" alt="in pre">
            after</pre>
            """)
        let view = try DocScrollView(
            pages: [InputFile.page(folder.path("page.html"))], tables: [], options: DocScrollView.Options(width: 40, height: 12, images: .symbols))
        let rows = Self.rows(view)
        // Red, 20 by 5 from its source; blue, 10 by 3 from the `<img>` (the only
        // source is for a dark scheme); red from the input; blue inside `pre`.
        let chosen = try #require(rows.firstIndex(of: "chosen"))
        #expect(Self.showsBox(view, rgb: 0xFF0000, columns: 20, rows: chosen..<(chosen + 5)))
        let own = try #require(rows.firstIndex(of: "own"))
        #expect(Self.showsBox(view, rgb: 0x0000FF, columns: 10, rows: own..<(own + 3)))
        let input = try #require(rows.firstIndex(of: "go"))
        #expect(Self.showsBox(view, rgb: 0xFF0000, columns: 20, rows: input..<(input + 5)))
        let pre = try #require(rows.firstIndex(of: "in pre"))
        #expect(rows[pre - 1] == "before" && rows[pre + 3] == "after")
        #expect(Self.showsBox(view, rgb: 0x0000FF, columns: 10, rows: pre..<(pre + 3)))
    }

    /// Pictures in table cells take boxes there: a column is as wide as its widest
    /// picture where the table fits, and a picture shrinks whole (to no less than a
    /// long word's 24 columns) where it does not; several on a row are each drawn,
    /// focused and placed in pixels; windowed frames are expanded frames.
    @Test(arguments: [41, 80])
    func picturesInTableCells(width: Int) throws {
        let folder = try TemporaryFolder("picture-table")
        // Wide: 400 by 100 pixels, 40 by 5 cells; blue: 100 by 60, 10 by 3.
        try Data(TestPNG.solid(width: 400, height: 100, rgb: 0xFF0000)).write(to: URL(fileURLWithPath: folder.path("wide.png")))
        try Data(TestPNG.solid(width: 100, height: 60, rgb: 0x0000FF)).write(to: URL(fileURLWithPath: folder.path("blue.png")))
        try folder.write("page.html", """
            <table>
            <tr><th>Wide</th><th>Blue</th></tr>
            <tr><td><img src="wide.png" alt="w"></td><td><img src="blue.png" alt="b"></td></tr>
            <tr><td>text</td><td>more</td></tr>
            </table>
            <p>After.</p>
            """)
        func view(_ mode: RenderMode, _ images: ImageMode = .symbols) throws -> DocScrollView {
            try DocScrollView(
                pages: [InputFile.page(folder.path("page.html"))], tables: [],
                options: DocScrollView.Options(width: width, height: 12, mode: mode, images: images))
        }
        let windowed = try view(.windowed)
        let rows = Self.rows(windowed)
        // At 80 columns the table fits at its pictures' widths; at 41 (34 for
        // content) wide shrinks to 24 by 3 and blue keeps its 10.
        let (wide, wideRows) = width == 80 ? (40, 5) : (24, 3)
        let first = try #require(rows.firstIndex { $0.hasPrefix("│ w") })
        #expect(rows[first] == "│ w" + String(repeating: " ", count: wide) + "│ b" + String(repeating: " ", count: 10) + "│")
        #expect(rows[first + wideRows].hasPrefix("├"), "the row is as tall as its tallest picture")
        #expect(Self.showsBox(windowed, rgb: 0xFF0000, column: 2, columns: wide, rows: first..<(first + wideRows)))
        #expect(Self.showsBox(windowed, rgb: 0x0000FF, column: wide + 5, columns: 10, rows: first..<(first + 3)))
        #expect(!Self.showsBox(windowed, rgb: 0x0000FF, column: wide + 5, columns: 10, rows: (first + 3)..<(first + 4)))
        let expanded = try view(.expanded)
        for top in 0..<rows.count { #expect(windowed.frame(at: top) == expanded.frame(at: top), "at \(top)") }
        // Without pictures, the table is as it was: alt text in the cells.
        #expect(Self.rows(try view(.windowed, .none)).contains { $0.hasPrefix("│ [w]") })

        // Tab goes to each picture in turn, and each is its own.
        let focus = try #require(windowed.nextLink(after: nil, forward: true))
        #expect(focus.isPicture && focus.columns == 2..<(2 + wide) && windowed.pictureSource(of: focus) == "wide.png")
        let next = try #require(windowed.nextLink(after: focus, forward: true))
        #expect(next.place == focus.place && next.columns.lowerBound == wide + 5 && windowed.pictureSource(of: next) == "blue.png")

        // In pixels, one placement a picture, each over its own rows and columns.
        let pixels = try view(.windowed, .sixel)
        _ = pixels.frame(at: 0)
        let placements = pixels.pixelPlacements()
        #expect(placements.map(\.source) == ["wide.png", "blue.png"])
        #expect(placements.map(\.column) == [2, wide + 5])
        #expect(placements.map(\.rows) == [0..<wideRows, 0..<3])
        #expect(placements.allSatisfy { $0.screenRow == first })
    }

    /// An SVG takes the box its root element sizes (60 by 40 CSS pixels: 6 by 2
    /// cells), from a file or a `data:` URL written out, and is drawn there.
    @Test(.enabled(if: ImageDecoder.drawsSVG, "librsvg is not installed (Debian's librsvg2-2)"))
    func svgPicturesAreSizedByTheirRootAndDrawn() throws {
        let folder = try TemporaryFolder("picture-svg")
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"><rect width="60" height="40" fill="#ff8000"/></svg>"##
        try folder.write("shape.svg", svg)
        let escaped = svg.replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E")
            .replacingOccurrences(of: "#", with: "%23").replacingOccurrences(of: "\"", with: "'")
        try folder.write("page.html", """
            <p>A file:</p><p><img src="shape.svg" alt="file"></p>
            <p>A data URL:</p><p><img src="data:image/svg+xml,\(escaped)" alt="inline"></p>
            """)
        let view = try DocScrollView(
            pages: [InputFile.page(folder.path("page.html"))], tables: [], options: DocScrollView.Options(width: 40, height: 12, images: .symbols))
        let rows = Self.rows(view)
        let file = try #require(rows.firstIndex(of: "file"))
        let inline = try #require(rows.firstIndex(of: "inline"))
        #expect(Self.showsBox(view, rgb: 0xFF8000, columns: 6, rows: file..<(file + 2)))
        #expect(Self.showsBox(view, rgb: 0xFF8000, columns: 6, rows: inline..<(inline + 2)))
    }

    @Test func dataURLsDecodeAsBase64() {
        #expect(PictureFiles.dataURLBytes("data:image/png;base64,AAEC/w==") == [0, 1, 2, 255])
        #expect(PictureFiles.dataURLBytes("DATA:image/gif;BASE64, AAEC\n/w") == [0, 1, 2, 255])
        #expect(PictureFiles.dataURLBytes("data:image/svg+xml,<svg/>") == Array("<svg/>".utf8))
        #expect(PictureFiles.dataURLBytes("data:image/svg+xml;utf8,%3Csvg%2f%3e") == Array("<svg/>".utf8))
        #expect(PictureFiles.dataURLBytes("data:image/svg+xml,%3Csvg%2") == Array("<svg%2".utf8), "a cut escape kept")
        #expect(PictureFiles.dataURLBytes("data:image/png;base64,AA*A") == nil)
        #expect(PictureFiles.dataURLBytes("red.png") == nil)
        let bytes = (0..<300).map { UInt8($0 % 256) }
        #expect(Base64.decode(Array(TestPNG.base64(bytes).utf8)) == bytes)
    }
}
