import DocScroll
@testable import DocScrollViewer
import Foundation
import RenderCore
import TestSupport
import Testing
import TileRenderer

/// Links followed as in a browser: to another page on this machine (opened in place of
/// the page the link is on, or scrolled to when it is in the stack), and back.
@Suite("Following links between pages")
struct LinkFollowingTests {
    /// A folder of pages: `guide/index.html` links to `../other.html#part2`, to
    /// itself, to a page that is not there, and to the network; `other.html` links back.
    final class Pages {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-follow-\(UUID().uuidString.prefix(8))")
        var index: String { folder.appendingPathComponent("guide/index.html").path }
        var other: String { folder.appendingPathComponent("other.html").path }

        init() throws {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("guide"), withIntermediateDirectories: true)
            let lines = (1...30).map { "<p>Index line \($0).</p>" }.joined()
            try Data(("<title>Index</title>\(lines)<p><a href=\"../other.html#part2\">other</a> <a href=\"index.html#end\">self</a> "
                + "<a href=\"missing.html\">missing</a> <a href=\"https://example.org/x\">web</a></p><h2 id=\"end\">The end</h2>\(lines)").utf8)
                .write(to: URL(fileURLWithPath: index))
            let otherLines = (1...30).map { "<p>Other line \($0).</p>" }.joined()
            try Data("<title>Other</title>\(otherLines)<h2 id=\"part2\">Part two</h2><p>Below part two.</p>\(otherLines)".utf8)
                .write(to: URL(fileURLWithPath: other))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    func press(_ viewer: Viewer, _ keys: TerminalKey...) {
        for key in keys { _ = viewer.handle(key: key) }
    }

    func status(_ viewer: Viewer) -> String { viewer.screen().plainText(row: viewer.contentRows) }

    /// The status line's note, whole (the status line cuts it to the screen).
    func note(_ viewer: Viewer) -> String { viewer.message ?? "" }

    /// Tab to the link whose status note contains `text`.
    func focusLink(_ viewer: Viewer, containing text: String) throws {
        for _ in 0..<20 {
            press(viewer, .tab)
            if note(viewer).contains(text) { return }
        }
        Issue.record("no link to \(text)")
    }

    /// The page a link leads to is opened through `runsLongWork` (the terminal loop
    /// runs it on a thread of its own): given up (Ctrl-C), the link is not followed
    /// and the view stays; the reader quitting meanwhile quits; done, it is followed.
    @Test func aPageBeingOpenedCanBeGivenUpOrQuit() throws {
        let pages = try Pages()
        let view = try DocScrollView(pages: [InputFile.page(pages.index)], tables: [], options: .init(width: 60, height: 24))
        let viewer = Viewer(view: view, width: 60, height: 12)
        _ = viewer.start()
        var asked: [String] = []
        var ending = Viewer.LongWorkEnd.interrupted
        viewer.runsLongWork = { what, work in
            asked.append(what)
            if ending == .done { work() }
            return ending
        }
        try focusLink(viewer, containing: "other.html#part2")
        let before = viewer.screen()
        press(viewer, .enter)
        #expect(asked == ["Opening \(pages.other)"])
        #expect(note(viewer) == "Not followed (stopped while \(pages.other) was opened)")
        #expect(viewer.screen().plainText(row: 0) == before.plainText(row: 0), "the view stays")
        ending = .quit
        #expect(viewer.handle(key: .enter) == [.quit])
        ending = .done
        press(viewer, .enter)
        #expect(viewer.screen().plainText(row: 0) == "Part two")
        // Back, and a link to an element of the page: nothing to open.
        press(viewer, .backspace)
        try focusLink(viewer, containing: "index.html#end")
        asked = []
        press(viewer, .enter)
        #expect(asked.isEmpty)
        #expect(viewer.screen().plainText(row: 0) == "The end")
    }

    /// `R` reads the inputs again through `runsLongWork` too: given up, the view is
    /// as it was; done, it shows what the files hold now.
    @Test(arguments: RenderMode.allCases)
    func readingAgainCanBeGivenUp(mode: RenderMode) throws {
        let pages = try Pages()
        let view = try DocScrollView(pages: [InputFile.page(pages.other)], tables: [], options: .init(width: 60, height: 24, mode: mode))
        let viewer = Viewer(view: view, width: 60, height: 12)
        _ = viewer.start()
        #expect(viewer.screen().plainText(row: 0) == "Other line 1.")
        try Data("<p>Changed.</p>".utf8).write(to: URL(fileURLWithPath: pages.other))
        var ending = Viewer.LongWorkEnd.interrupted
        var asked: [String] = []
        viewer.runsLongWork = { what, work in
            asked.append(what)
            if ending == .done { work() }
            return ending
        }
        press(viewer, .character("R"))
        #expect(asked == ["Reading the inputs again"])
        #expect(note(viewer) == "Not reloaded (stopped)")
        #expect(viewer.screen().plainText(row: 0) == "Other line 1.", "as it was")
        ending = .done
        press(viewer, .character("R"))
        #expect(viewer.screen().plainText(row: 0) == "Changed.")
        ending = .quit
        #expect(viewer.handle(key: .character("R")) == [.quit])
    }

    @Test(arguments: RenderMode.allCases)
    func followsToAnotherPageAndBackToTheSameRow(mode: RenderMode) throws {
        let pages = try Pages()
        let view = try DocScrollView(
            pages: [InputFile.page(pages.index)], tables: [try sample("items.json")], options: .init(width: 60, height: 24, mode: mode))
        let viewer = Viewer(view: view, width: 60, height: 12)
        _ = viewer.start()
        press(viewer, .character("5"), .character("j"))
        let table = try #require(view.componentIDs.first)

        try focusLink(viewer, containing: "other.html#part2")
        // The status line shows where the link leads, resolved.
        #expect(note(viewer).contains("file://\(pages.folder.path)/other.html#part2"))
        let before = viewer.screen()
        press(viewer, .enter)
        #expect(viewer.screen().plainText(row: 0) == "Part two")
        #expect(view.componentIDs.count == 2, "the other page in place of the first")
        #expect(view.componentIDs.first == table, "the table above stays")
        #expect(status(viewer).hasPrefix(" Other"))

        // Back to the same rows of the first page, the table above as it was.
        press(viewer, .character("3"), .character("j"))
        let below = viewer.screen().plainText(row: 0)
        #expect(below == "Below part two.")
        press(viewer, .backspace)
        #expect(viewer.screen().plainText(row: 0) == before.plainText(row: 0))
        #expect((0..<viewer.contentRows).map { viewer.screen().plainText(row: $0) } == (0..<viewer.contentRows).map { before.plainText(row: $0) })
        #expect(status(viewer).hasPrefix(" Index"))
        press(viewer, .backspace)
        #expect(note(viewer).contains("No link followed"))

        // '' goes to before the last jump (the Back: the other page, a row below its
        // part two) and again returns.
        press(viewer, .character("'"), .character("'"))
        #expect(viewer.screen().plainText(row: 0) == below)
        #expect(status(viewer).hasPrefix(" Other"))
        press(viewer, .character("'"), .character("'"))
        #expect(viewer.screen().plainText(row: 0) == before.plainText(row: 0))
        press(viewer, .character("'"), .character("x"))
        #expect(note(viewer) == "No mark 'x (mx sets it)")
    }

    @Test func aPageInTheStackIsScrolledToNotOpenedAgain() throws {
        let pages = try Pages()
        let view = try DocScrollView(pages: [InputFile.page(pages.index), InputFile.page(pages.other)], tables: [], options: .init(width: 60, height: 24))
        let viewer = Viewer(view: view, width: 60, height: 12)
        _ = viewer.start()
        let ids = view.componentIDs
        try focusLink(viewer, containing: "other.html#part2")
        press(viewer, .enter)
        #expect(viewer.screen().plainText(row: 0) == "Part two")
        #expect(view.componentIDs == ids, "the same two pages")
        // A link to its own page goes to the fragment.
        press(viewer, .backspace)
        try focusLink(viewer, containing: "index.html#end")
        press(viewer, .enter)
        #expect(viewer.screen().plainText(row: 0) == "The end")
        #expect(view.componentIDs == ids)
    }

    /// A link to a page that sends its reader elsewhere at once (a stub left where a
    /// page was) opens where it sends, at the link's fragment.
    @Test(arguments: RenderMode.allCases)
    func aLinkToARedirectOpensWhereItSends(mode: RenderMode) throws {
        let pages = try Pages()
        try Data(#"<head><meta http-equiv="refresh" content="0; url=../other.html"></head><body>Moved to other.html</body>"#.utf8)
            .write(to: pages.folder.appendingPathComponent("guide/moved.html"))
        try Data(#"<p>Start.</p><p><a href="moved.html#part2">moved</a></p>"#.utf8).write(to: pages.folder.appendingPathComponent("guide/start.html"))
        let start = pages.folder.appendingPathComponent("guide/start.html").path
        let view = try DocScrollView(pages: [InputFile.page(start)], tables: [], options: .init(width: 60, height: 24, mode: mode))
        let viewer = Viewer(view: view, width: 60, height: 12)
        _ = viewer.start()
        try focusLink(viewer, containing: "moved.html#part2")
        press(viewer, .enter)
        #expect(viewer.screen().plainText(row: 0) == "Part two")
        #expect(status(viewer).hasPrefix(" Other"))
    }

    @Test func missingPagesAndNetworkLinksSaySoAndStay() throws {
        let pages = try Pages()
        let view = try DocScrollView(pages: [InputFile.page(pages.index)], tables: [], options: .init(width: 60, height: 24))
        let viewer = Viewer(view: view, width: 60, height: 12)
        _ = viewer.start()
        // Each is a note; the view stays where it was.
        for (link, note) in [("missing.html", "Cannot open \(pages.folder.path)/guide/missing.html: no such file"),
                             ("https://example.org/x", "Not followed (docscroll reads files, never the network): https://example.org/x")] {
            try focusLink(viewer, containing: link)
            let offset = view.scrollOffset
            press(viewer, .enter)
            #expect(self.note(viewer) == note)
            #expect(view.scrollOffset == offset)
        }
    }

    /// A link to a named pipe with no writer, or to a pipe or device that never ends
    /// (what `/dev/stdin` and `/dev/tty` are), is refused at once with a note: opening
    /// the one waited for a writer, reading the other read the reader's keys.
    @Test(arguments: RenderMode.allCases)
    func linksToPipesAndDevicesAreRefusedWithoutWaiting(mode: RenderMode) throws {
        let folder = try TemporaryFolder("special-links")
        #expect(mkfifo(folder.path("fifo"), 0o600) == 0)
        // A pipe this process holds both ends of: nobody writes to it, nobody closes it
        // (left open: a reader that waits on it must not be woken by the test's end).
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let pipePath = "/proc/self/fd/\(ends[0])"
        try folder.write("index.html", "<p><a href=\"fifo\">fifo</a> <a href=\"\(pipePath)\">pipe</a></p>")
        let view = try DocScrollView(pages: [InputFile.page(folder.path("index.html"))], tables: [], options: .init(width: 60, height: 24, mode: mode))
        let viewer = Viewer(view: view, width: 60, height: 12)
        _ = viewer.start()
        for (link, what) in [("fifo", "a pipe"), (pipePath, "a pipe")] {
            try focusLink(viewer, containing: link)
            let answered = Answered()
            let follow = UncheckedBox(viewer)
            DispatchQueue.global().async {
                _ = follow.value.handle(key: .enter)
                answered.semaphore.signal()
            }
            let inTime = answered.semaphore.wait(timeout: .now() + 20) == .success
            #expect(inTime, "Enter on a link to \(link) still waits")
            // The thread still waiting is left to the process's end.
            guard inTime else { return }
            #expect(note(viewer).contains("\(what), not a file"), "\(note(viewer))")
            #expect(viewer.screen().plainText(row: 0).hasPrefix("[1]fifo [2]pipe"))
        }
    }

    /// A page from standard input has no address: its relative links cannot be
    /// followed, and say where they go as written.
    @Test func aPageWithoutAnAddressKeepsItsLinksAsWritten() throws {
        let page = InputFile(name: "stdin", bytes: Array("<p><a href=\"other.html\">x</a></p>".utf8))
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 60, height: 24))
        let viewer = Viewer(view: view, width: 60, height: 12)
        _ = viewer.start()
        try focusLink(viewer, containing: "other.html")
        #expect(note(viewer).contains("[1] other.html"))
        press(viewer, .enter)
        #expect(note(viewer).contains("Not followed (a relative link on a page read from no file): other.html"))
    }
}

/// A semaphore a test waits on while another thread answers.
private final class Answered: Sendable {
    let semaphore = DispatchSemaphore(value: 0)
}

/// A value handed to another thread by a test that waits for it there.
private final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
