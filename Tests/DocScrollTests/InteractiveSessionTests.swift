import DocScroll
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
