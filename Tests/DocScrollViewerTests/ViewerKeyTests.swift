import DocScroll
@testable import DocScrollViewer
import RenderCore
import SampleContent
import TestSupport
import Testing
import TileRenderer

/// The viewer driven key by key, as the terminal loop drives it: every key of the
/// help screen, numeric prefixes, the search prompt, links, components.
@Suite("Viewer keys")
struct ViewerKeyTests {
    func makeViewer(height: Int = 12, width: Int = 80) throws -> Viewer {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init(width: width, height: 24))
        let viewer = Viewer(view: view, width: width, height: height)
        _ = viewer.start()
        return viewer
    }

    /// Sends keys; returns the last screen drawn, if any.
    @discardableResult
    func press(_ viewer: Viewer, _ keys: TerminalKey...) -> FrameBuffer? {
        press(viewer, keys)
    }

    @discardableResult
    func press(_ viewer: Viewer, _ keys: [TerminalKey]) -> FrameBuffer? {
        var last: FrameBuffer?
        for key in keys {
            for case .draw(let screen) in viewer.handle(key: key) { last = screen }
        }
        return last
    }

    func type(_ text: String) -> [TerminalKey] { text.map(TerminalKey.character) }

    func status(_ viewer: Viewer) -> String { viewer.screen().plainText(row: viewer.contentRows) }

    /// Cells of the screen's content rows drawn in reverse video, as text per row.
    func reversed(_ screen: FrameBuffer, rows: Int) -> [String] {
        (0..<rows).map { row in
            (0..<screen.width).filter { screen[$0, row].style.attributes.contains(.reverse) && !screen[$0, row].isContinuation }
                .map { screen[$0, row].grapheme }.joined()
        }
    }

    @Test func rowsPagesAndEndsWithNumericPrefixes() throws {
        let viewer = try makeViewer()
        press(viewer, .character("1"), .character("0"), .character("j"))
        #expect(viewer.view.scrollOffset == 10)
        press(viewer, .character("3"), .character("k"))
        #expect(viewer.view.scrollOffset == 7)
        press(viewer, .down, .enter, .control("e"))
        #expect(viewer.view.scrollOffset == 10)
        press(viewer, .up, .character("y"))
        #expect(viewer.view.scrollOffset == 8)
        press(viewer, .character("4"), .character("0"), .character("g"))
        #expect(viewer.view.scrollOffset == 39, "40g: row 40 at the top")
        press(viewer, .character("G"))
        #expect(viewer.view.scrollOffset == viewer.view.maxScrollOffset)
        press(viewer, .home)
        #expect(viewer.view.scrollOffset == 0)
        press(viewer, .character("5"), .character("0"), .character("%"))
        #expect(viewer.view.scrollOffset == (viewer.view.maxScrollOffset + 1) / 2 || viewer.view.scrollOffset == viewer.view.maxScrollOffset / 2)
        press(viewer, .character("p"))
        #expect(viewer.view.scrollOffset == 0, "p without a number: the top")
        // A screen down and back up, inside the page.
        press(viewer, .character("6"), .character("1"), .character("g"), .character(" "))
        let page = viewer.view.scrollOffset - 60
        #expect(page == viewer.contentRows - 1, "a screen keeps one row of the last")
        press(viewer, .character("b"))
        #expect(viewer.view.scrollOffset == 60)
        press(viewer, .character("2"), .pageDown)
        #expect(viewer.view.scrollOffset == 60 + 2 * page)
        press(viewer, .character("d"))
        #expect(viewer.view.scrollOffset == 60 + 2 * page + viewer.contentRows / 2)
        press(viewer, .character("d"), .character("u"), .character("u"))
        press(viewer, .end, .character("3"), .character("G"))
        #expect(viewer.view.scrollOffset == 2)
        press(viewer, .wheelDown, .wheelDown)
        #expect(viewer.view.scrollOffset == 2 + 2 * Viewer.wheelRows)
        press(viewer, .wheelUp)
        #expect(viewer.view.scrollOffset == 2 + Viewer.wheelRows)
    }

    @Test func searchFindsMatchesHighlightsThemAndWraps() throws {
        let viewer = try makeViewer()
        // The prompt shows in the status line as it is typed.
        press(viewer, .character("/"))
        #expect(status(viewer).hasPrefix("/"))
        press(viewer, .character("x"), .backspace)
        let found = try #require(press(viewer, .character("容"), .character("器"), .enter))
        #expect(viewer.prompt == nil)
        // The first row holding 容器 is the page's Chinese heading.
        #expect(found.plainText(row: 0).hasPrefix("中文说明：容器滚动"))
        #expect(reversed(found, rows: viewer.contentRows)[0] == "容器")
        // n: the next one, further down the same section.
        let next = try #require(press(viewer, .character("n")))
        let topAfterNext = viewer.view.scrollOffset
        #expect(next.plainText(row: 0).contains("容器"))
        #expect(topAfterNext > 0)
        // N goes back up to the heading.
        let back = try #require(press(viewer, .character("N")))
        #expect(back.plainText(row: 0).hasPrefix("中文说明：容器滚动"))
        // Lowercase matches any case; repeating past the last match wraps with a note.
        press(viewer, .character("/"))
        press(viewer, type("four approaches") + [.enter])
        #expect(viewer.screen().plainText(row: 0) == "Four approaches")
        press(viewer, .character("n"))
        #expect(status(viewer).contains("continued from the top"))
        #expect(viewer.screen().plainText(row: 0) == "Four approaches", "the only match, found again after wrapping")
        // ? searches up; nothing found is a note, and the view stays.
        let before = viewer.view.scrollOffset
        press(viewer, .character("?"))
        press(viewer, type("no such words anywhere") + [.enter])
        #expect(status(viewer).contains("Pattern not found"))
        #expect(viewer.view.scrollOffset == before)
        // Escape leaves the prompt without searching; the note goes with the next key.
        press(viewer, .character("/"), .character("q"), .escape)
        #expect(viewer.prompt == nil)
        #expect(viewer.view.scrollOffset == before)
        press(viewer, .character("j"))
        #expect(!status(viewer).contains("Pattern not found"))
    }

    @Test func searchReachesIntoTheTable() throws {
        let viewer = try makeViewer()
        press(viewer, .end)
        press(viewer, .character("?"))
        let screen = try #require(press(viewer, type("1003") + [.enter]))
        // The match is shown below the table's pinned header rows.
        #expect(screen.plainText(row: 0).hasPrefix("id "))
        #expect(screen.plainText(row: 2).hasPrefix("1003"))
        #expect(reversed(screen, rows: viewer.contentRows)[2] == "1003")
    }

    /// A search through many rows asks whether to stop every few thousand rows; when
    /// told to (Ctrl-C), it ends with a note and the view stays where it was.
    @Test func aLongSearchCanBeInterrupted() throws {
        let table = InputFile(name: "big.json", bytes: Array(TableGenerator.json(rows: 60_000, seed: 3).utf8))
        let view = try DocScrollView(pages: [], tables: [table], options: .init(width: 80, height: 24))
        let viewer = Viewer(view: view, width: 80, height: 12)
        _ = viewer.start()
        var asked = 0
        viewer.interruption = {
            asked += 1
            return asked == 2
        }
        press(viewer, .character("/"))
        press(viewer, type("no such value anywhere") + [.enter])
        #expect(asked == 2)
        #expect(status(viewer).contains("Search interrupted"))
        #expect(view.scrollOffset == 0)
        // Not interrupted, the same search goes through every row and says so.
        viewer.interruption = { false }
        press(viewer, .character("n"))
        #expect(status(viewer).contains("Pattern not found"))
    }

    /// A search tells how far it has gone as it goes: from 0, never back, and all the
    /// way through for a query that is nowhere.
    @Test func aLongSearchTellsHowFarItHasGone() throws {
        let table = InputFile(name: "big.json", bytes: Array(TableGenerator.json(rows: 60_000, seed: 3).utf8))
        let view = try DocScrollView(pages: [], tables: [table], options: .init(width: 80, height: 24))
        let viewer = Viewer(view: view, width: 80, height: 12)
        _ = viewer.start()
        var told: [Double] = []
        viewer.searchProgress = { told.append($0) }
        press(viewer, .character("/"))
        press(viewer, type("no such value anywhere") + [.enter])
        #expect(status(viewer).contains("Pattern not found"))
        #expect(told.first == 0)
        #expect(told.count > 10, "\(told.count) reports")
        #expect(zip(told, told.dropFirst()).allSatisfy { $0 <= $1 })
        #expect((told.last ?? 0) > 0.9 && (told.last ?? 0) <= 1, "\(told.last ?? 0)")
    }

    /// Going up from inside a long page finds what is above without laying out the
    /// rest of the page below (searching and moving between links alike).
    @Test func goingUpDoesNotLayOutThePageBelow() throws {
        let page = InputFile(name: "long.html", bytes: Array(PageGenerator.page(bytes: 400_000, seed: 9).utf8))
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 80, height: 24))
        let viewer = Viewer(view: view, width: 80, height: 24)
        _ = viewer.start()
        press(viewer, .character("2"), .character("0"), .character("0"), .character("g"))
        press(viewer, .character("?"))
        press(viewer, type("Section 1:") + [.enter])
        #expect(viewer.screen().plainText(row: 0).hasPrefix("Section 1:"))
        press(viewer, .character("2"), .character("0"), .character("0"), .character("g"), .backTab)
        #expect(viewer.linkFocus != nil)
        #expect(!view.isLaidOut, "the page below the screen is still an estimate")
    }

    @Test func tabMovesBetweenLinksAndEnterFollowsAFragmentLink() throws {
        let viewer = try makeViewer()
        let focused = try #require(press(viewer, .tab))
        let focus = try #require(viewer.linkFocus)
        #expect(focus.number == 1)
        #expect(status(viewer).contains("[1] #intro"))
        let row = try #require(viewer.view.rootOffset(of: focus.place)).rounded() - Double(viewer.view.scrollOffset)
        #expect(reversed(focused, rows: viewer.contentRows)[Int(row)] == "[1]Intro", "the mark and the link's text")
        press(viewer, .tab, .tab)
        #expect(viewer.linkFocus?.number == 3)
        #expect(status(viewer).contains("#results"))
        press(viewer, .backTab)
        #expect(viewer.linkFocus?.number == 2)
        // Enter follows it: #approaches is the heading "Four approaches".
        press(viewer, .enter)
        #expect(viewer.screen().plainText(row: 0) == "Four approaches")
        #expect(viewer.linkFocus == nil)
        // A link out of the page is not followed: a note says where it goes.
        for _ in 0..<8 where viewer.view.target(of: viewer.linkFocus ?? focus)?.hasPrefix("https") != true { press(viewer, .tab) }
        let before = viewer.view.scrollOffset
        press(viewer, .enter)
        #expect(status(viewer).contains("Not followed"))
        #expect(viewer.view.scrollOffset == before)
    }

    @Test func bracketsMoveBetweenComponents() throws {
        let viewer = try makeViewer()
        let page = try #require(viewer.view.componentIDs.last)
        press(viewer, .character("]"))
        #expect(viewer.view.topPlace == DocScrollView.Place(component: page, row: 0))
        press(viewer, .character("]"))
        #expect(status(viewer).contains("No more components"))
        press(viewer, .character("5"), .character("j"), .character("["))
        #expect(viewer.view.topPlace?.row == 0, "[ goes back to the top of this component first")
        press(viewer, .character("["))
        #expect(viewer.view.scrollOffset == 0)
    }

    @Test func positionHelpAndControlKeys() throws {
        let viewer = try makeViewer()
        press(viewer, .character("="))
        #expect(status(viewer).contains("table items.json: row 1 of 32"))
        let help = try #require(press(viewer, .character("h")))
        #expect(help.plainText(row: 0).hasPrefix("docscroll: tables and pages"))
        #expect(viewer.showsHelp)
        // Any key leaves the help, q included (it does not quit there).
        let back = try #require(press(viewer, .character("q")))
        #expect(!viewer.showsHelp)
        #expect(back.plainText(row: 0).hasPrefix("id "))
        press(viewer, .function(1))
        #expect(viewer.showsHelp)
        press(viewer, .escape)
        #expect(viewer.handle(key: .control("l")).count == 1)
        #expect(viewer.handle(key: .control("z")) == [.suspend])
        #expect(viewer.handle(key: .character("q")) == [.quit])
        // Ctrl-C stops what goes on, as in less, and never quits.
        #expect(viewer.handle(key: .control("c")).count == 1)
        #expect(viewer.message == "Nothing to stop (q quits)")
    }

    /// Keys read together draw one screen, after the last: a paste of thousands of
    /// characters into the search prompt drew a screen per key (and matched nothing
    /// more: the prompt stops at its limit, with a note).
    @Test func keysReadTogetherDrawOneScreen() throws {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init(width: 80, height: 24))
        let viewer = Viewer(view: view, width: 80, height: 12)
        _ = viewer.start()
        let pasted = [TerminalKey.character("/")] + Array(repeating: TerminalKey.character("x"), count: 5_000)
        let actions = viewer.handle(keys: pasted)
        #expect(actions.count == 1)
        guard case .draw(let screen) = actions.first else { throw TestFailure.noScreen }
        #expect(viewer.prompt?.text.count == SearchPrompt.maximumCharacters)
        #expect(screen.plainText(row: 11).contains("█  1000 characters at most"))
        #expect(screen == viewer.screen(), "the screen drawn is the one after the last key")
        // Quitting ends the batch: keys after q are not acted on.
        #expect(viewer.handle(keys: [.escape, .character("j"), .character("q"), .character("j")]) == [.quit])
        #expect(view.scrollOffset == 1)
        // Scrolling keys together move as far as each would.
        _ = viewer.handle(keys: Array(repeating: .character("j"), count: 5))
        #expect(view.scrollOffset == 6)
    }

    enum TestFailure: Error { case noScreen }

    /// Rows that go on past the right edge are marked `>` on screen, as less -S marks
    /// them: a table wider than the screen, a `pre` line wider than it (the frame,
    /// unscrolled, shows them cut, as a dump has them).
    @Test func rowsCutAtTheRightEdgeAreMarked() throws {
        let wide = InputFile(name: "wide.html", bytes: Array("<p>short</p><pre>\(String(repeating: "wide 中文 ", count: 20))</pre>".utf8))
        let view = try DocScrollView(pages: [wide], tables: [try sample("items.json")], options: .init(width: 60, height: 24))
        let viewer = Viewer(view: view, width: 60, height: 60)
        _ = viewer.start()
        let screen = viewer.screen()
        let frame = view.frame()
        let rows = (0..<viewer.contentRows).map { screen.plainText(row: $0) }
        let page = try #require(rows.firstIndex { $0.hasPrefix("short") })
        #expect(page > 30)
        for row in 0..<(page - 2) where !rows[row].isEmpty {
            #expect(rows[row].hasSuffix(">"), "table row \(row): \(rows[row])")
            #expect(screen[59, row].style == Style(.dim))
            #expect(!frame.plainText(row: row).hasSuffix(">"), "the frame is the dump's row, cut")
        }
        #expect(!rows[page].hasSuffix(">"), "a row that fits")
        let pre = try #require(rows.firstIndex { $0.hasPrefix("wide ") })
        #expect(rows[pre].hasSuffix(">") && TextWidth.columns(of: rows[pre]) == 60)
        #expect(rows.allSatisfy { TextWidth.columns(of: $0) <= 60 }, "no mark splits a wide character")
    }

    /// On a narrow screen, help lines cut at the edge end in `…` (they were cut
    /// silently, mid-word).
    @Test func helpLinesCutAtANarrowScreenSaySo() throws {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [], options: .init(width: 60, height: 24))
        let viewer = Viewer(view: view, width: 60, height: 20)
        _ = viewer.start()
        _ = viewer.handle(key: .character("h"))
        let screen = viewer.screen()
        let rows = (0..<viewer.contentRows).map { screen.plainText(row: $0) }
        let long = KeyBinding.helpLines.prefix(viewer.contentRows).filter { TextWidth.columns(of: $0) > 60 }
        #expect(!long.isEmpty)
        for line in long {
            let shown = try #require(rows.first { $0.hasPrefix(String(line.prefix(20))) })
            #expect(shown.hasSuffix("…") && TextWidth.columns(of: shown) == 60, "\(shown)")
        }
    }

    /// Marks as in less: `ma` marks the place, `'a` goes back there (and `''` back
    /// from that jump); an unset mark or a name that is not a letter says so.
    @Test func marksTakeTheReaderBack() throws {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init(width: 80, height: 24))
        let viewer = Viewer(view: view, width: 80, height: 12)
        _ = viewer.start()
        _ = viewer.handle(keys: [.character("5"), .character("j"), .character("m"), .character("a")])
        #expect(viewer.message == "Marked 'a")
        _ = viewer.handle(key: .character("G"))
        let end = view.scrollOffset
        #expect(end > 5)
        _ = viewer.handle(keys: [.character("'"), .character("a")])
        #expect(view.scrollOffset == 5)
        _ = viewer.handle(keys: [.character("'"), .character("'")])
        #expect(view.scrollOffset == end, "'' goes back from the jump to the mark")
        _ = viewer.handle(keys: [.character("'"), .character("b")])
        #expect(viewer.message == "No mark 'b (mb sets it)")
        #expect(view.scrollOffset == end)
        _ = viewer.handle(keys: [.character("m"), .character("1")])
        #expect(viewer.message?.hasPrefix("A mark is a letter") == true)
    }

    /// Ctrl-C while following stops following and stays where the view is (it quit,
    /// losing the place, with status 0).
    @Test func controlCStopsFollowingAndStays() throws {
        let folder = try TemporaryFolder("interrupt")
        try folder.write("log.jsonl", (1...40).map { "{\"n\": \($0)}\n" }.joined())
        let view = try DocScrollView(pages: [], tables: [InputFile.mapped(folder.path("log.jsonl"))], options: .init(width: 40, height: 10))
        let viewer = Viewer(view: view, width: 40, height: 10)
        _ = viewer.start()
        _ = viewer.handle(key: .character("F"))
        #expect(viewer.isFollowing)
        let offset = view.scrollOffset
        let actions = viewer.handle(key: .control("c"))
        #expect(!actions.contains(.quit) && actions.count == 1)
        #expect(!viewer.isFollowing)
        #expect(viewer.message == "Following stopped (q quits)")
        #expect(view.scrollOffset == offset)
    }

    /// On a short screen the help scrolls (its last line, `q`, can be reached), and
    /// any key that does not scroll it leaves it.
    @Test func theHelpScrollsOnASmallScreen() throws {
        let viewer = try makeViewer(height: 10, width: 50)
        let help = try #require(press(viewer, .character("h")))
        #expect(help.plainText(row: 0).hasPrefix("docscroll: tables and pages"))
        #expect(help.plainText(row: 9).hasPrefix(" Keys 1-9 of \(KeyBinding.helpLines.count)"))
        var pages = 0
        while pages < 20, !viewer.handle(key: .character(" ")).isEmpty { pages += 1 }
        #expect(pages >= 2)
        #expect(viewer.showsHelp)
        let end = viewer.screen()
        let last = try #require(KeyBinding.helpLines.last)
        #expect(end.plainText(row: 8) == TextWidth.prefix(of: last, columns: 49) + "…", "the help's last line is reached, cut with …")
        #expect(viewer.handle(key: .character(" ")).isEmpty, "at the end it scrolls no further")
        let up = try #require(press(viewer, .character("k")))
        #expect(up.plainText(row: 0) != end.plainText(row: 0))
        press(viewer, .character("q"))
        #expect(!viewer.showsHelp)
        // Where the help fits, Space leaves it as any key does.
        let tall = try makeViewer(height: 40, width: 50)
        press(tall, .character("h"))
        #expect(tall.showsHelp)
        press(tall, .character(" "))
        #expect(!tall.showsHelp)
    }

    @Test func arrowsScrollTheTableSidewaysAPrefixMultiplying() throws {
        let viewer = try makeViewer(width: 40)
        press(viewer, .character("2"), .right)
        #expect(viewer.view.scrolledColumns == 2)
        press(viewer, .left)
        #expect(viewer.view.scrolledColumns == 1)
    }

    /// The arrows move the table under the top of the viewport, not the others; on a
    /// page whose rows fit, they do nothing.
    @Test func arrowsMoveOnlyTheTableUnderTheTop() throws {
        let table = try sample("items.json")
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [table, table], options: .init(width: 40, height: 24))
        let viewer = Viewer(view: view, width: 40, height: 12)
        _ = viewer.start()
        press(viewer, .right)
        #expect(view.topTableScrolledColumns == 1)
        press(viewer, .character("]"))
        #expect(view.topTableScrolledColumns == 0, "the second table did not move")
        let first = try #require(view.componentIDs.first)
        press(viewer, .character("]"))
        #expect(viewer.handle(key: .right).isEmpty, "nothing to move on the page")
        press(viewer, .home)
        #expect(view.topPlace?.component == first)
        #expect(view.topTableScrolledColumns == 1, "the first table kept its place")
    }

    /// A page with a `pre` line wider than the screen, above a paragraph that fits.
    static let widePage = "<title>w</title><pre>" + (0..<20).map { "block\($0 % 10)xxxx" }.joined() + " find-me</pre><p>short paragraph</p>"

    /// Left and Right scroll a page by half a screen, as far as the widest row on
    /// screen goes: its cut edges marked `<` and `>`, dim; back at the left edge the
    /// screen is as it was, its right edge marked `>` as at the start (it was not
    /// marked before Right was pressed once).
    @Test(arguments: RenderMode.allCases)
    func arrowsScrollAWidePageByHalfScreens(mode: RenderMode) throws {
        let page = InputFile(name: "wide.html", bytes: Array(Self.widePage.utf8))
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 40, height: 24, mode: mode))
        let viewer = Viewer(view: view, width: 40, height: 8)
        let first = try #require(viewer.start().compactMap { if case .draw(let screen) = $0 { screen } else { nil } }.first)
        let pre = try #require((0..<7).first { first.plainText(row: $0).hasPrefix("block0") })
        let line = (0..<20).map { "block\($0 % 10)xxxx" }.joined() + " find-me"
        #expect(first.plainText(row: pre) == String(line.prefix(39)) + ">")
        #expect(first[39, pre].style == Style(.dim))

        let right = try #require(press(viewer, .right))
        #expect(view.horizontalOffset(ofPage: try #require(view.topPlace).component) == 20)
        let shown = Array(line.dropFirst(20).prefix(40))
        #expect(right.plainText(row: pre) == "<" + String(shown.dropFirst().dropLast()) + ">")
        #expect(right[0, pre].style == Style(.dim) && right[39, pre].style == Style(.dim))
        // The paragraph that fits shows nothing there, marked as cut on the left.
        let paragraph = try #require((pre + 1..<7).first { !right.plainText(row: $0).isEmpty })
        #expect(right.plainText(row: paragraph) == "<")

        // On to the end of the widest row, and no further; a number repeats the step.
        press(viewer, .character("9"), .right)
        let end = try #require(view.topPlace).component
        #expect(view.horizontalOffset(ofPage: end) == line.count - 40)
        #expect(viewer.handle(key: .right).isEmpty, "nothing further right")
        let last = viewer.screen()
        #expect(last.plainText(row: pre).hasSuffix("find-me"))
        #expect(last[39, pre].grapheme == "e", "the row ends at the edge, unmarked")

        // A search match and the focused link show where their text is.
        press(viewer, .character("/"))
        for character in "find" { press(viewer, .character(character)) }
        let found = try #require(press(viewer, .enter))
        let matchRow = try #require((0..<7).first { found.plainText(row: $0).hasSuffix("find-me") })
        let reversed = (0..<40).filter { found[$0, matchRow].style.attributes.contains(.reverse) }
        #expect(reversed == Array(33..<37))

        press(viewer, .character("9"), .left)
        #expect(view.horizontalOffset(ofPage: end) == 0)
        #expect(viewer.screen().plainText(row: pre) == String(line.prefix(39)) + ">")
        #expect(viewer.handle(key: .left).isEmpty, "nothing further left")
    }

    /// A page whose rows all fit does not move sideways.
    @Test func aPageThatFitsDoesNotMoveSideways() throws {
        let page = InputFile(name: "narrow.html", bytes: Array("<p>short</p><pre>also short</pre>".utf8))
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 40, height: 24))
        let viewer = Viewer(view: view, width: 40, height: 8)
        _ = viewer.start()
        #expect(viewer.handle(key: .right).isEmpty)
        #expect(viewer.handle(key: .left).isEmpty)
    }

    @Test func statisticsShowInTheStatusLine() throws {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init(width: 120, height: 24))
        let viewer = Viewer(view: view, width: 120, height: 20, showsStatistics: true)
        let screen = try #require({ () -> FrameBuffer? in
            for case .draw(let screen) in viewer.start() { return screen }
            return nil
        }())
        let line = screen.plainText(row: 19)
        #expect(line.contains("tiles "), "\(line)")
        #expect(line.contains("heap "), "\(line)")
    }
}

/// The viewer's keys are one table (`KeyBinding.table`): the help screen is drawn from
/// it, and the README's table of keys names exactly its keys.
@Suite("Key table")
struct KeyTableTests {
    /// The keys the README's table of keys names, as the help screen names them
    /// (a character is written in backquotes there).
    static func readmeKeys() throws -> Set<String> {
        let readme = try String(contentsOf: pagesDirectory.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "| keys | do |\n| --- | --- |\n"))
        var keys: Set<String> = []
        for row in readme[start.upperBound...].split(separator: "\n").prefix(while: { $0.hasPrefix("|") }) {
            let column = row.split(separator: "|")[0].replacingOccurrences(of: "mouse wheel", with: "mouse-wheel")
            for word in column.split(whereSeparator: { $0 == " " || $0 == "," }) where word != "then" {
                keys.insert(word.hasPrefix("`") ? String(word.dropFirst().dropLast()) : word.replacingOccurrences(of: "mouse-wheel", with: "mouse wheel"))
            }
        }
        return keys
    }

    @Test func theReadmeNamesEveryKeyOfTheTable() throws {
        let bound = Set(KeyBinding.table.flatMap { $0.keys.map { KeyBinding.name(of: $0.key) } })
        #expect(bound.count > 30)
        let named = try Self.readmeKeys()
        #expect(bound.subtracting(named).isEmpty, "bound, not in the README: \(bound.subtracting(named).sorted())")
        #expect(named.subtracting(bound).isEmpty, "in the README, not bound: \(named.subtracting(bound).sorted())")
    }

    @Test func theHelpScreenHasALineForEachBinding() {
        #expect(KeyBinding.helpLines.count == KeyBinding.table.filter { !$0.keys.isEmpty }.count + 2)
        #expect(KeyBinding.helpLines.count <= 23, "the help fits a 24-row terminal above its status line")
        #expect(KeyBinding.helpLines.contains("  j k Down Up Enter       a row down, up (a numeric prefix repeats: 10j)"))
        #expect(KeyBinding.helpLines.allSatisfy { $0.count <= 80 }, "the help fits 80 columns")
    }

    /// The aliases of `less` act as the keys they stand for.
    @Test func aliasesActAsTheirKeys() throws {
        let view = try DocScrollView(pages: [try sample("article.html")], tables: [try sample("items.json")], options: .init(width: 80, height: 24))
        let viewer = Viewer(view: view, width: 80, height: 12)
        _ = viewer.start()
        for (key, offset) in [(TerminalKey.control("n"), 1), (.control("e"), 2), (.character("e"), 3), (.character("y"), 2), (.control("p"), 1)] {
            _ = viewer.handle(key: key)
            #expect(view.scrollOffset == offset, "\(key)")
        }
    }
}
