import DocScroll
import Foundation
import RenderCore
import SampleContent
@testable import DocScrollCLI
import TestSupport
import Testing

/// The interactive loop (`InteractiveSession`) driven by a scripted terminal: keys in,
/// frames written as a terminal shows them, deterministically and without tmux (the
/// tmux tests stay for the real terminal).
@Suite("The interactive loop, scripted")
struct InteractiveSessionTests {
    /// Runs the loop over the sample article and table, typing `steps`.
    /// - Returns: the screen before each step, then the last one, rows without their
    ///   trailing blanks; and the terminal.
    static func session(
        _ steps: [ScriptedTerminal.Step], width: Int = 80, height: Int = 24,
        pages: [InputFile]? = nil, tables: [InputFile]? = nil
    ) throws -> (screens: [[String]], terminal: ScriptedTerminal) {
        let view = try DocScrollView(
            pages: try pages ?? [sample("article.html")], tables: try tables ?? [sample("items.json")],
            options: .init(width: width, height: height, indexesTablesInParts: true))
        let terminal = ScriptedTerminal(width: width, height: height, steps: steps) {
            view.indexingProgress == nil && !view.indexesTables
        }
        let ran = InteractiveSession.run(view: view, terminal: terminal, colors: .none, mouse: false, showsStatistics: false, showsScrollbar: false)
        #expect(ran)
        let screens = terminal.screens.map { screen in
            screen.map { row in String(row.reversed().drop { $0 == " " }.reversed()) }
        }
        return (screens, terminal)
    }

    /// `--images sixel` and `kitty`: each picture drawn in pixels from its box's first
    /// cell on screen after the frame, cropped to the rows that show, drawn again
    /// where it moved, and gone (its rows written again, or kitty's placement deleted)
    /// once scrolled away; the frame itself keeps the box's alt text.
    @Test(arguments: [ImageMode.sixel, .kitty])
    func picturesInPixelsFollowTheScroll(_ mode: ImageMode) throws {
        let folder = try TemporaryFolder("pixels")
        try Data(TestPNG.solid(width: 200, height: 100, rgb: 0xFF0000)).write(to: URL(fileURLWithPath: folder.path("red.png")))
        try folder.write("page.html", "<p>Above.</p><p><img src=red.png alt=red></p>" + String(repeating: "<p>More.</p>", count: 30))
        let view = try DocScrollView(
            pages: [InputFile.page(folder.path("page.html"))], tables: [], options: .init(width: 40, height: 12, images: mode))
        let terminal = ScriptedTerminal(width: 40, height: 12, steps: [.keys("j"), .keys("jjjjj"), .keys("G")]) { !view.picturesDecoding }
        #expect(InteractiveSession.run(view: view, terminal: terminal, colors: .none, mouse: false, showsStatistics: false, showsScrollbar: false))
        let start = mode == .sixel ? "\u{1B}P" : "\u{1B}_Ga=T"
        /// Where a write drew pictures: the screen row of each (1-based), its rows shown.
        func placements(_ text: String) -> [(row: Int, rows: Int)] {
            var found: [(row: Int, rows: Int)] = []
            var rest = text[...]
            while let picture = rest.range(of: start) {
                let before = rest[..<picture.lowerBound]
                guard let move = before.range(of: "\u{1B}[", options: .backwards) else { break }
                let row = Int(before[move.upperBound...].prefix { $0.isNumber }) ?? 0
                let body = rest[picture.lowerBound...]
                let rows: Int
                if mode == .kitty, let r = body.range(of: ",r=") {
                    rows = Int(body[r.upperBound...].prefix { $0.isNumber }) ?? 0
                } else if let raster = body.range(of: "\"") {
                    // Sixel raster attributes: 1;1;width;height, in pixels (20 a row).
                    let height = body[raster.upperBound...].prefix { $0 != "#" }.split(separator: ";").last.flatMap { Int($0) } ?? 0
                    rows = (height + 19) / 20
                } else {
                    rows = 0
                }
                found.append((row, rows))
                rest = rest[picture.upperBound...]
            }
            return found
        }
        let writes = terminal.written.filter { $0.contains("\u{1B}[") }
        let pictures = writes.map(placements)
        // The first screen: the box's five rows from screen row 3 (1-based).
        let first = try #require(pictures.first { !$0.isEmpty })
        #expect(first.count == 1 && first[0].row == 3 && first[0].rows == 5, "\(first)")
        // One row down: from row 2. Five more: only its last row shows, at the top.
        #expect(pictures.contains { $0.count == 1 && $0[0].row == 2 && $0[0].rows == 5 })
        #expect(pictures.contains { $0.count == 1 && $0[0].row == 1 && $0[0].rows == 1 })
        // At the end, none; and it was taken off: kitty deletes its placements, sixel
        // has the rows written again.
        let last = try #require(writes.last)
        #expect(placements(last).isEmpty)
        if mode == .kitty { #expect(terminal.written.contains { $0.contains("\u{1B}_Ga=d") }) }
        #expect(terminal.screens.last?.contains { $0.hasPrefix("More.") } == true)
        #expect(terminal.screens.allSatisfy { screen in screen.allSatisfy { !$0.contains("#0;2") && !$0.contains("a=T") } }, "no picture bytes as text")
    }

    @Test func keysMoveTheScreenAndQuitGivesTheTerminalBack() throws {
        let (screens, terminal) = try Self.session([.keys("G"), .keys("g"), .keys("/compares\r")])
        #expect(terminal.entered && terminal.restored)
        #expect(screens.count == 4, "one screen before each key, and the last")
        // The table of items first (Pages/items.json: its first record is 1001, the
        // Aurora Desk Lamp), its header at the top.
        let first = try #require(screens.first)
        #expect(first[0].hasPrefix("id   │ name "), "\(first[0])")
        #expect(first[2].hasPrefix("1001 │ Aurora Desk Lamp "), "\(first[2])")
        // G: the end of the stack, the page's References (its seventh link goes back
        // to #intro) just above the status line, which says so.
        let end = screens[1]
        #expect(end.contains("line two after a break."), "the page's footer")
        #expect(end[end.count - 2] == "7. #intro")
        #expect(end.last?.contains("article.html") == true && end.last?.hasSuffix("100%") == true, "\(end.last ?? "")")
        // g: the top again, as first shown (the status line now knows the length).
        #expect(screens[2].dropLast() == first.dropLast())
        // A search: the row with the word at the top (the article's first paragraph
        // after the heading, wrapped at 80 columns).
        #expect(screens[3][0] == "This article compares the common ways of building such a screen, measures what")
    }

    /// A long search says on the status line how far it has gone, and the screen
    /// drawn after it has the status line back.
    @Test func aLongSearchShowsItsProgress() throws {
        let page = InputFile(name: "long.html", bytes: Array(PageGenerator.page(bytes: 6_000_000, seed: 4).utf8))
        let (screens, terminal) = try Self.session([.keys("/zyxwvutq\r")], pages: [page], tables: [])
        let progress = terminal.written.filter { $0.contains("Searching… ") }
        #expect(!progress.isEmpty, "no progress among \(terminal.written.count) writes")
        #expect(progress.allSatisfy { $0.contains("% (Ctrl-C stops)") })
        #expect(screens.last?.last?.contains("Pattern not found: zyxwvutq") == true, "\(screens.last?.last ?? "")")
    }

    /// A narrower terminal: the page is laid out again at its width, the same text
    /// at the top, and every row fits.
    @Test func aResizeLaysThePageOutAgainWithTheTopTextKept() throws {
        let (screens, _) = try Self.session([.keys("/compares\r"), .resize(width: 50, height: 20)])
        #expect(screens.count == 3)
        let narrow = screens[2]
        #expect(narrow.count == 20)
        #expect(narrow.allSatisfy { TextWidth.columns(of: $0) <= 50 })
        // "This article compares the common ways of building such a screen, …"
        // wrapped at 50 columns.
        #expect(narrow[0] == "This article compares the common ways of building", "\(narrow)")
        #expect(narrow[1] == "such a screen, measures what each costs, and")
    }
}
