import DocScroll
@testable import DocScrollViewer
import RenderCore
import Testing
import TileRenderer

/// Links as w3m and lynx show them: the focused link's whole text marked, a link
/// reached by its number, and the list of a page's links.
@Suite("Link navigation")
struct LinkNavigationTests {
    /// A page whose second link's text goes on over three rows at 40 columns, with
    /// `filler` paragraphs before the links.
    func makeViewer(mode: RenderMode, filler: Int = 0) throws -> Viewer {
        let before = (0..<filler).map { "<p>Filler paragraph \($0) of the page.</p>" }.joined()
        let html = before + "<p>Start <a href=\"a.html\">a short link</a> and then <a href=\"#x\">a much longer link whose text goes on "
            + "over the end of the line and onto the next one for sure</a> done.</p><p id=x>Target <a href=\"b.html\"><b>bold</b> "
            + "text</a>.</p>" + before
        let view = try DocScrollView(pages: [InputFile(name: "links.html", bytes: Array(html.utf8))], tables: [], options: .init(width: 40, height: 12, mode: mode))
        let viewer = Viewer(view: view, width: 40, height: 13)
        _ = viewer.start()
        return viewer
    }

    /// The text of each screen row that the viewer shows in reverse video and the
    /// frame does not.
    func marked(_ viewer: Viewer) -> [String] {
        let screen = viewer.screen()
        let frame = viewer.view.frame()
        return (0..<viewer.contentRows).compactMap { row in
            let columns = (0..<frame.width).filter {
                screen[$0, row].style.attributes.contains(.reverse) != frame[$0, row].style.attributes.contains(.reverse)
            }
            guard !columns.isEmpty else { return nil }
            let text = Array(frame.plainText(row: row).padding(toLength: frame.width, withPad: " ", startingAt: 0))
            // (One run a row: the mark and the text after it touch.)
            #expect(columns == Array(columns.first!...columns.last!), "row \(row): one run")
            return String(text[columns.first!...columns.last!])
        }
    }

    @Test(arguments: [RenderMode.windowed, .expanded])
    func theFocusedLinksWholeTextIsMarked(mode: RenderMode) throws {
        let viewer = try makeViewer(mode: mode)
        _ = viewer.handle(key: .tab)
        #expect(marked(viewer) == ["[1]a short link"])
        _ = viewer.handle(key: .tab)
        #expect(marked(viewer) == ["[2]a much", "longer link whose text goes on over the", "end of the line and onto the next one", "for sure"])
        _ = viewer.handle(key: .tab)
        #expect(marked(viewer) == ["[3]bold text"], "a link's text in several styles is one run")
        _ = viewer.handle(key: .backTab)
        #expect(marked(viewer).count == 4)
    }

    @Test(arguments: [RenderMode.windowed, .expanded])
    func aNumberThenTabFocusesThatLink(mode: RenderMode) throws {
        let viewer = try makeViewer(mode: mode, filler: 30)
        for key in "3" { _ = viewer.handle(key: .character(key)) }
        _ = viewer.handle(key: .tab)
        let focus = try #require(viewer.linkFocus)
        #expect(focus.number == 3)
        #expect(viewer.message == "[3] b.html")
        #expect(marked(viewer) == ["[3]bold text"], "scrolled onto the screen")
        _ = viewer.handle(key: .enter)
        #expect(viewer.message == "Not followed (a relative link on a page read from no file): b.html", "Enter follows it")
        for key in "99" { _ = viewer.handle(key: .character(key)) }
        _ = viewer.handle(key: .tab)
        #expect(viewer.message == "No link [99] on this page")
        #expect(viewer.linkFocus?.number == 3, "the focus stays")
    }

    @Test(arguments: [RenderMode.windowed, .expanded])
    func lGoesToThePagesListOfLinksAndBack(mode: RenderMode) throws {
        let viewer = try makeViewer(mode: mode, filler: 30)
        let top = viewer.screen().plainText(row: 0)
        _ = viewer.handle(key: .character("L"))
        // (The list ends the page: it is shown as far up as the end lets it.)
        let shown = (0..<viewer.contentRows).map { viewer.screen().plainText(row: $0) }
        let heading = try #require(shown.firstIndex(of: "References"), "\(shown)")
        #expect(shown[heading...].dropFirst(2).prefix(3) == ["1. a.html", "2. #x", "3. b.html"])
        #expect(shown[(heading + 5)...].allSatisfy { $0.isEmpty }, "nothing under the list")
        _ = viewer.handle(key: .character("'"))
        _ = viewer.handle(key: .character("'"))
        #expect(viewer.screen().plainText(row: 0) == top, "'' comes back")
    }

    @Test func aPageWithoutLinksSaysSo() throws {
        let view = try DocScrollView(pages: [InputFile(name: "plain.html", bytes: Array("<p>No links.</p>".utf8))], tables: [], options: .init(width: 40, height: 12))
        let viewer = Viewer(view: view, width: 40, height: 13)
        _ = viewer.start()
        _ = viewer.handle(key: .character("L"))
        #expect(viewer.message == "No links on this page")
    }
}
