import Foundation
import SampleContent
import TestSupport
import Testing

/// Drives the interactive viewer in a real terminal: tmux runs docscroll in a pane,
/// keys are sent and the pane is read back.
@Suite("Interactive viewer in a real terminal", .serialized, .enabled(if: tmuxPath() != nil, "needs tmux"))
struct TerminalSessionTests {
    final class Session {
        let socket = "docscroll-test-\(getpid())-\(UUID().uuidString.prefix(8))"

        init(command: String) throws {
            // The tmux server forks from this call and keeps its descriptors: give it
            // no pipe, or reading the pipe to its end would wait for the server to exit.
            try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "80", "-y", "24", command], capture: false)
        }

        deinit { _ = try? tmux(["kill-server"], capture: false) }

        /// Runs tmux on this test's own server through the shell, returning what it
        /// printed. popen and pclose, because the tmux server forks from the first call
        /// and must not inherit a pipe that the test then waits on.
        @discardableResult
        func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
            let quoted = (["tmux", "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            let command = quoted.joined(separator: " ") + (capture ? " 2>/dev/null" : " >/dev/null 2>&1 </dev/null")
            guard let pipe = popen(command, "r") else { throw CocoaError(.fileReadUnknown) }
            var output = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = fread(&buffer, 1, buffer.count, pipe)
                if count <= 0 { break }
                output.append(contentsOf: buffer[0..<count])
            }
            pclose(pipe)
            return String(decoding: output, as: UTF8.self)
        }

        func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "t"]) }

        func send(_ key: String) throws { try tmux(["send-keys", "-t", "t", key]) }

        /// Sends each key in turn, each followed by the screen it must lead to.
        func steps(_ steps: [(key: String, leadsTo: String)]) throws {
            for step in steps {
                try send(step.key)
                _ = try waitFor("\(step.leadsTo) after \(step.key)") { $0.contains(step.leadsTo) }
            }
        }

        /// Polls the pane until `condition` holds, up to 20 seconds.
        func waitFor(_ description: String, _ condition: (String) -> Bool) throws -> String {
            var screen = ""
            for _ in 0..<200 {
                screen = try self.screen()
                if condition(screen) { return screen }
                Thread.sleep(forTimeInterval: 0.1)
            }
            Issue.record("timed out waiting for \(description); the pane shows:\n\(screen)")
            return screen
        }
    }

    var executable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("docscroll").path
    }

    func command() -> String {
        let article = pagesDirectory.appendingPathComponent("article.html").path
        let items = pagesDirectory.appendingPathComponent("items.json").path
        // After docscroll ends, show its status and the terminal modes, then wait.
        return "sh -c '\(executable) \(article) --table \(items); echo exit=$?; stty -a | tr \" \" \"\\n\" | grep -x -e icanon -e -icanon -e echo -e -echo | tr \"\\n\" \" \"; echo checked; sleep 60'"
    }

    @Test func scrollsWithKeysAndRestoresTheTerminalOnQuit() throws {
        let session = try Session(command: command())
        let first = try session.waitFor("the first screen") { $0.contains("rows 1-23 of") }
        #expect(first.hasPrefix("id "))
        #expect(first.contains("1001"))
        try session.send("j")
        _ = try session.waitFor("one row down") { $0.contains("rows 2-24 of") }
        // 23 rows less the 2 of the pinned table header, less one row of context.
        try session.send("Space")
        _ = try session.waitFor("one page down") { $0.contains("rows 22-44 of") }
        try session.send("G")
        let end = try session.waitFor("the end") { $0.contains("100%") }
        #expect(end.contains("line two after a break."))
        try session.send("g")
        _ = try session.waitFor("the top") { $0.contains("rows 1-23 of") }
        try session.send("q")
        let after = try session.waitFor("the exit status and terminal modes") { $0.contains("checked") }
        #expect(after.contains("exit=0"))
        #expect(after.contains("icanon") && !after.contains("-icanon"))
        #expect(after.contains("echo") && !after.contains("-echo"))
        #expect(!after.contains("rows 1-23 of"), "the alternate screen is gone")
    }

    /// With `--images symbols`, a picture shows in the terminal in its colours, true
    /// colours where `COLORTERM` says so and the palette's nearest otherwise; `i` shows
    /// its alt text instead. (`NO_COLOR` emptied: the test runner may set it.)
    @Test func picturesShowInTheirColours() throws {
        let folder = try TemporaryFolder("terminal-pictures")
        try Data(TestPNG.solid(width: 200, height: 100, rgb: 0xFF8000)).write(to: URL(fileURLWithPath: folder.path("orange.png")))
        try folder.write("page.html", "<p>Above.</p><p><img src=orange.png alt=\"an orange box\"></p><p>Below.</p>")
        // (`auto` in tmux: symbols, tmux passing no pixels on.)
        for (colorTerm, code, images) in [("truecolor", "2;255;128;0", "symbols"), ("", "5;208", "symbols"), ("truecolor", "2;255;128;0", "auto")] {
            let session = try Session(
                command: "sh -c 'NO_COLOR= COLORTERM=\(colorTerm) \(executable) --images \(images) \(folder.path("page.html")); sleep 60'")
            let styled = { try session.tmux(["capture-pane", "-p", "-e", "-t", "t"]) }
            var screen = ""
            for _ in 0..<200 where !screen.contains("8;\(code)m") {
                screen = try styled()
                Thread.sleep(forTimeInterval: 0.1)
            }
            #expect(screen.contains("8;\(code)m"), "the picture's colour (38 or 48, then \(code)) on screen")
            #expect(try session.screen().contains("Below."))
            try session.send("i")
            _ = try session.waitFor("the alt text") { $0.contains("an orange box") }
            #expect(!(try styled()).contains("8;\(code)m"))
        }
    }

    @Test func searchesHelpAndTheStatusLine() throws {
        let session = try Session(command: command())
        // The page is indexed in the background: the status line settles once it is.
        let first = try session.waitFor("the first screen") { $0.contains("rows 1-23 of") && !$0.contains("indexing") }
        let lines = first.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 24)
        let status = String(lines[23])
        #expect(status.hasPrefix(" items.json "), "the title of the component under the top, the table's file: \(status)")
        #expect(status.contains(" 1/32  "), "its row: \(status)")
        try session.send("/")
        _ = try session.waitFor("the prompt") { $0.split(separator: "\n").last?.hasPrefix("/") == true }
        try session.tmux(["send-keys", "-t", "t", "-l", "Four approaches"])
        try session.send("Enter")
        // (Waited for whole, down to the status line: a screen is written in parts.)
        let found = try session.waitFor("the match at the top, the page's status line below") { screen in
            screen.hasPrefix("Four approaches") && screen.split(separator: "\n").last?.hasPrefix(" One Scroll for Tables") == true
        }
        #expect(found.contains("article.html"))
        #expect(found.split(separator: "\n").last?.hasPrefix(" One Scroll for Tables") == true, "the page's own title: \(found)")
        // The match is drawn in reverse video (SGR 7) when colours are on.
        let styled = try session.tmux(["capture-pane", "-p", "-e", "-t", "t"])
        #expect(styled.contains("\u{1B}[7mFour approaches") || styled.contains(";7mFour approaches"), "\(styled.prefix(200))")
        try session.send("h")
        _ = try session.waitFor("the help screen") { $0.hasPrefix("docscroll: tables and pages") }
        try session.send("Space")
        _ = try session.waitFor("back from help") { $0.hasPrefix("Four approaches") }
        try session.send("q")
        let after = try session.waitFor("the exit status") { $0.contains("checked") }
        #expect(after.contains("exit=0"))
    }

    /// A narrower window lays the page out again at its width; the same text stays at
    /// the top and the status line follows.
    @Test func followsAResize() throws {
        let session = try Session(command: command())
        _ = try session.waitFor("the first screen") { $0.contains("rows 1-23 of") }
        try session.send("]")
        _ = try session.waitFor("the page at the top") { $0.contains("article.html 1/") }
        try session.tmux(["resize-window", "-t", "t", "-x", "50", "-y", "15"])
        // (The screen is drawn again as the page's estimates are refined: the status
        // line is waited for whole, up to its percentage.)
        let resized = try session.waitFor("the smaller screen, the status line on its last row") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 15 && lines[14].contains("of ") && lines[14].hasSuffix("%") && lines.prefix(15).allSatisfy { $0.count <= 50 }
        }
        let lines = resized.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(14).contains { $0.hasPrefix("[1]Intro") || $0.contains("One Scroll") }, "the page's top stays in view")
        try session.send("q")
        _ = try session.waitFor("the exit status") { $0.contains("exit=0") }
    }

    /// Right and Left move a page with a `pre` wider than the window by half a screen,
    /// its cut edges marked.
    @Test func arrowsScrollAWidePageSideways() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-wide-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let line = (0..<30).map { "col\($0 % 10)-----" }.joined() + "END"
        let page = directory.appendingPathComponent("wide.html")
        try Data("<title>Wide</title><pre>\(line)</pre><p>A paragraph.</p>".utf8).write(to: page)
        let session = try Session(command: "sh -c '\(executable) \(page.path); echo exit=$?; sleep 60'")
        // (The row goes on past the right edge: marked there.)
        _ = try session.waitFor("the first screen") { $0.hasPrefix(String(line.prefix(79)) + ">") }
        try session.send("Right")
        let right = try session.waitFor("half a screen to the right") { $0.hasPrefix("<" + line.dropFirst(41).prefix(78) + ">") }
        #expect(right.contains("\n<\n"), "the paragraph, cut on the left, is marked: \(right)")
        // A number repeats the step; the last one stops at the end of the widest row.
        try session.send("9")
        try session.send("Right")
        _ = try session.waitFor("the end of the line") { $0.split(separator: "\n").first?.hasSuffix("END") == true }
        try session.send("9")
        try session.send("Left")
        _ = try session.waitFor("back at the left edge") { $0.hasPrefix(String(line.prefix(79)) + ">") && $0.contains("A paragraph.") }
        try session.send("q")
        _ = try session.waitFor("the exit status") { $0.contains("exit=0") }
    }

    /// A value cut in its column is reachable: a step right scrolls a column out and
    /// shows the next one whole; a step left comes back.
    @Test func arrowsRevealACutColumnWhole() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-columns-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "Name that takes forty-seven columns, more or less"
        let official = "The official name of the place, which is seventy columns long, or so."
        let records = (1...30).map { #"{"code": "C\#($0)", "name": "\#(name)", "official": "\#(official)", "n": \#($0)}"# }
        let table = directory.appendingPathComponent("places.jsonl")
        try Data(records.joined(separator: "\n").utf8).write(to: table)
        let session = try Session(command: "sh -c '\(executable) --table \(table.path); echo exit=$?; sleep 60'")
        let first = try session.waitFor("the first screen") { $0.contains(name) }
        #expect(first.contains("The official na") && !first.contains(official), "official is cut: \(first)")
        try session.send("Right")
        let right = try session.waitFor("the official name whole") { $0.contains(official) }
        #expect(right.hasPrefix("code │ official"), "name scrolled out, code frozen: \(right)")
        try session.send("Left")
        _ = try session.waitFor("back a column") { $0.hasPrefix("code │ name") && $0.contains(name) }
        try session.send("q")
        _ = try session.waitFor("the exit status") { $0.contains("exit=0") }
    }

    /// With `--scrollbar`, the last column shows where the screen is in the stack: the
    /// thumb at the top, at the bottom after `G`, back at the top after `g`.
    @Test func theScrollbarsThumbMovesWithGAndg() throws {
        let article = pagesDirectory.appendingPathComponent("article.html").path
        let items = pagesDirectory.appendingPathComponent("items.json").path
        let session = try Session(command: "sh -c '\(executable) --scrollbar \(article) --table \(items); echo exit=$?; sleep 60'")
        func thumbRows(_ screen: String) -> [Int] {
            screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(23).enumerated()
                .filter { $0.element.hasSuffix("█") || $0.element.hasSuffix("▒") }.map(\.offset)
        }
        _ = try session.waitFor("the thumb at the top") { thumbRows($0).first == 0 }
        try session.send("G")
        _ = try session.waitFor("the thumb at the bottom") { thumbRows($0).last == 22 && thumbRows($0).first != 0 }
        try session.send("g")
        _ = try session.waitFor("the thumb at the top again") { thumbRows($0).first == 0 && thumbRows($0).last != 22 }
        try session.send("q")
        _ = try session.waitFor("the exit status") { $0.contains("exit=0") }
    }

    /// With `--tabs`, `t` shows the next table under the pinned tab bar and `T` the
    /// one before, each at the row it was left at.
    @Test func switchesTabsAndComesBackToTheSameRowInEach() throws {
        let directory = try TemporaryFolder("tabs")
        for (name, count) in [("first", 300), ("second", 200)] {
            let rows = (1...count).map { "{\"name\": \"\(name)-\($0)\", \"n\": \($0)}" }
            try directory.write("\(name).json", "[" + rows.joined(separator: ",\n") + "]")
        }
        let session = try Session(command: "sh -c 'cd \(directory.path) && \(executable) --tabs -t first.json -t second.json; echo exit=$?; sleep 60'")
        /// The first row under the pinned tab bar, column header and rule.
        func topRow(_ screen: String) -> String {
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return rows.count > 3 ? String(rows[3]) : ""
        }
        let first = try session.waitFor("the first tab") { $0.hasPrefix(" first.json │ second.json") && topRow($0).hasPrefix("first-1 ") }
        #expect(first.split(separator: "\n").dropFirst().first?.hasPrefix("name") == true, "the column header under the tab bar: \(first)")
        try session.send("40")
        try session.send("j")
        _ = try session.waitFor("the first tab scrolled") { topRow($0).hasPrefix("first-4") && topRow($0) != topRow(first) }
        let firstRow = topRow(try session.screen())
        try session.send("t")
        _ = try session.waitFor("the second tab from its top, the bar pinned") {
            $0.hasPrefix(" first.json │ second.json") && topRow($0).hasPrefix("second-1 ")
        }
        try session.send("25")
        try session.send("j")
        _ = try session.waitFor("the second tab scrolled") { topRow($0).hasPrefix("second-2") }
        let secondRow = topRow(try session.screen())
        try session.send("T")
        _ = try session.waitFor("the first tab at the row it was left at (\(firstRow))") { topRow($0) == firstRow }
        try session.send("t")
        _ = try session.waitFor("the second tab at the row it was left at (\(secondRow))") { topRow($0) == secondRow }
        try session.send("q")
        _ = try session.waitFor("the exit status") { $0.contains("exit=0") }
    }

    /// Lines of JSON Lines, named `row-N` for each N of `range`.
    func rows(_ range: ClosedRange<Int>) -> String { range.map { "{\"name\": \"row-\($0)\", \"n\": \($0)}\n" }.joined() }

    /// `F` follows a JSON Lines file: 1,000 rows appended show at the end, in order,
    /// the status line saying so; `F` again stops.
    @Test func followsRowsAppendedToAJSONLinesFile() throws {
        let directory = try TemporaryFolder("follow")
        try directory.write("log.jsonl", rows(1...30))
        let session = try Session(command: "sh -c 'cd \(directory.path) && \(executable) -t log.jsonl; echo exit=$?; sleep 60'")
        _ = try session.waitFor("the first screen") { $0.contains("row-1 ") }
        try session.send("F")
        _ = try session.waitFor("following, at the end") { $0.contains("row-30 ") && $0.contains("Following:") }
        try directory.append("log.jsonl", rows(31...1_030))
        let end = try session.waitFor("the rows appended at the end") { $0.contains("row-1030 ") }
        // The last rows on screen, in order, above the status line.
        let shown = end.split(separator: "\n").compactMap { line in line.hasPrefix("row-") ? Int(line.dropFirst(4).prefix { $0.isNumber }) : nil }
        #expect(shown.count > 10 && shown == Array((1_031 - shown.count)...1_030), "\(end)")
        #expect(end.contains("1032/1032") || end.contains("of 1032"), "every row counted: \(end)")
        try session.send("F")
        _ = try session.waitFor("following stopped") { $0.contains("Following stopped") }
        try session.send("q")
        _ = try session.waitFor("the exit status") { $0.contains("exit=0") }
    }

    /// `R` after 100 rows were written above the viewport: the same row stays at the
    /// top.
    @Test func reloadKeepsTheRowAtTheTop() throws {
        let directory = try TemporaryFolder("reload")
        try directory.write("items.jsonl", rows(1...300))
        let session = try Session(command: "sh -c 'cd \(directory.path) && \(executable) -t items.jsonl; echo exit=$?; sleep 60'")
        _ = try session.waitFor("the first screen") { $0.contains("row-1 ") }
        try session.send("150")
        try session.send("j")
        /// The first row under the pinned header.
        func topRow(_ screen: String) -> String {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count > 2 ? String(lines[2].prefix { $0 != " " }) : ""
        }
        let before = try session.waitFor("150 rows down") { topRow($0) == "row-151" }
        try directory.write("items.jsonl", rows(1_001...1_100) + rows(1...300))
        try session.send("R")
        let after = try session.waitFor("reloaded") { $0.contains("Reloaded") }
        #expect(topRow(after) == topRow(before), "\(after)")
        #expect(after.contains("/400"), "the records read again: \(after)")
        try session.send("q")
        _ = try session.waitFor("the exit status") { $0.contains("exit=0") }
    }

    /// Enter on a relative link opens the other local page at its fragment in place
    /// of the first; Backspace comes back to the same line of the first page.
    @Test func followsALinkToAnotherPageAndComesBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-links-\(getpid())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let paragraphs = (1...40).map { "<p>First page line \($0).</p>" }.joined()
        try Data("<title>First</title>\(paragraphs)<p>See <a href=\"../other.html#part2\">the other page</a>.</p>".utf8)
            .write(to: directory.appendingPathComponent("sub/first.html"))
        let other = (1...30).map { "<p>Other page line \($0).</p>" }.joined()
        try Data("<title>Other</title>\(other)<h2 id=\"part2\">Part two</h2><p>Below part two.</p>\(other)".utf8)
            .write(to: directory.appendingPathComponent("other.html"))
        let session = try Session(command: "sh -c 'cd \(directory.path)/sub && \(executable) first.html; echo exit=$?; sleep 60'")
        _ = try session.waitFor("the first screen") { $0.hasPrefix("First page line 1.") }
        try session.send("Tab")
        let before = try session.waitFor("the link's resolved target") { $0.contains("[1] file://") && $0.contains("the other page") }
        let top = try #require(before.split(separator: "\n").first)
        try session.send("Enter")
        // (The title comes with the index's parse, a moment after the first screen.)
        _ = try session.waitFor("the other page at its fragment, its title in the status line") { screen in
            screen.hasPrefix("Part two") && screen.split(separator: "\n").last?.hasPrefix(" Other") == true
        }
        try session.send("3")
        try session.send("j")
        _ = try session.waitFor("three rows down") { $0.hasPrefix("Below part two.") }
        try session.send("BSpace")
        let back = try session.waitFor("the first page at the same line") { $0.hasPrefix(String(top)) }
        #expect(back.split(separator: "\n").last?.hasPrefix(" First") == true, "\(back)")
        try session.send("q")
        _ = try session.waitFor("the exit status") { $0.contains("exit=0") }
    }

    /// `v` shows the record of the highest table row whole; `q` goes back to the table.
    @Test func showsATableRowsRecordWhole() throws {
        let session = try Session(command: command())
        _ = try session.waitFor("the first screen") { $0.contains("rows 1-23 of") }
        try session.send("4")
        try session.send("j")
        _ = try session.waitFor("row 5 under the header") { $0.split(separator: "\n").dropFirst(2).first?.hasPrefix("1005") == true }
        try session.send("v")
        let record = try session.waitFor("the record") { $0.hasPrefix("id: 1005\nname: Ember Space Heater\n") }
        #expect(record.contains("supplier:\n  name: Ember Co\n  country: NO"), "\(record)")
        #expect(record.split(separator: "\n").last?.hasPrefix(" items.json, row 5 of 32") == true)
        try session.send("q")
        _ = try session.waitFor("the table again") { $0.split(separator: "\n").dropFirst(2).first?.hasPrefix("1005") == true }
        try session.send("q")
        _ = try session.waitFor("the exit status") { $0.contains("exit=0") }
    }

    /// Ctrl-Z hands the terminal back to the shell (cooked mode, no alternate screen);
    /// fg brings the viewer back, drawn whole.
    @Test func suspendsAndResumes() throws {
        let session = try Session(command: "bash --norc --noprofile -i")
        let article = pagesDirectory.appendingPathComponent("article.html").path
        try session.tmux(["send-keys", "-t", "t", "-l", "\(executable) \(article); echo exit=$?"])
        try session.send("Enter")
        _ = try session.waitFor("the first screen") { $0.contains("rows 1-23 of") }
        try session.send("C-z")
        _ = try session.waitFor("the shell") { $0.contains("Stopped") }
        try session.tmux(["send-keys", "-t", "t", "-l", "stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon | sed s/^/mode:/; fg"])
        try session.send("Enter")
        let back = try session.waitFor("the viewer again") { $0.contains("rows 1-23 of") }
        #expect(back.hasPrefix("[1]Intro"), "drawn whole again")
        try session.send("j")
        _ = try session.waitFor("keys work after resuming") { $0.contains("rows 2-24 of") }
        try session.send("q")
        // Keys sent before the viewer has read the q would be read by the viewer:
        // wait for the shell's prompt under what it printed while the viewer was
        // stopped (the modes), then ask for the status fg gave.
        _ = try session.waitFor("the shell's prompt") { screen in
            let lines = screen.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
            return screen.contains("mode:icanon") && !screen.contains("rows 2-24 of") && lines.last?.hasPrefix("bash") == true
        }
        try session.tmux(["send-keys", "-t", "t", "-l", "echo status=$?"])
        try session.send("Enter")
        let after = try session.waitFor("the exit status") { $0.contains("status=0") }
        #expect(after.contains("mode:icanon"), "canonical mode while stopped")
    }

    /// `+G` and `+/pattern` on the command line, as less reads them: the viewer starts
    /// at the end, or at the first match.
    @Test(arguments: [("+G", "100%"), ("+/line two after", "line two after a break.")])
    func startUpCommands(command: String, shown: String) throws {
        let article = pagesDirectory.appendingPathComponent("article.html").path
        let session = try Session(command: "sh -c '\(executable) \"\(command)\" \(article); echo exit=$?; sleep 60'")
        let first = try session.waitFor("the start-up command's screen") { $0.contains(shown) && $0.contains("rows ") }
        #expect(!first.contains("rows 1-"), "the viewer moved: \(first)")
        try session.send("q")
        _ = try session.waitFor("the exit status") { $0.contains("exit=0") }
    }

    /// Inputs are read while `q` and Ctrl-C are live: here a table that is a named
    /// pipe no one writes to, whose reading never ends. The screen says what is read,
    /// keys typed are not echoed, and `q` (status 0) or Ctrl-C (130) ends docscroll
    /// with the terminal restored.
    @Test(arguments: [("q", 0), ("C-c", 130)])
    func keysAreLiveWhileTheInputsAreRead(key: String, status: Int) throws {
        let folder = try TemporaryFolder("reading")
        let fifo = folder.path("never.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let session = try Session(
            command: "sh -c '\(executable) --table \(fifo); echo exit=$?; stty -a | tr \" \" \"\\n\" | grep -x -e icanon -e -icanon -e echo -e -echo | tr \"\\n\" \" \"; echo checked; sleep 60'")
        let reading = try session.waitFor("the note of what is read") { $0.contains("Reading \(fifo)… (q quits)") }
        #expect(!reading.contains("jjj"))
        try session.tmux(["send-keys", "-t", "t", "-l", "jjj"])
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try !session.screen().contains("jjj"), "keys typed are not echoed")
        try session.send(key)
        let after = try session.waitFor("the exit status and terminal modes") { $0.contains("checked") }
        #expect(after.contains("exit=\(status)"))
        #expect(after.contains("icanon") && !after.contains("-icanon"))
        #expect(after.contains("echo") && !after.contains("-echo"))
    }

    /// The page a link leads to is opened while Ctrl-C and `q` are live: here a page
    /// of 25 MB read whole (expanded), given up with Ctrl-C, then quit while it is
    /// opened again.
    @Test func keysAreLiveWhileALinksPageIsOpened() throws {
        let folder = try TemporaryFolder("opening")
        try folder.write("index.html", "<p><a href=\"big.html\">the big page</a></p>")
        try folder.write("big.html", (0..<300_000).map { "<p>Paragraph \($0) with <b>bold</b> text and <a href=\"#x\($0)\">a link</a>.</p>\n" }.joined())
        let session = try Session(command: "sh -c '\(executable) --mode expanded \(folder.path("index.html")); echo exit=$?; sleep 60'")
        _ = try session.waitFor("the first screen") { $0.contains("the big page") }
        try session.steps([
            ("Tab", "big.html"), ("Enter", "Opening \(folder.path("big.html"))… (Ctrl-C stops, q quits)"),
            ("C-c", "Not followed (stopped while"),
        ])
        #expect(try session.screen().contains("the big page"), "the view stayed")
        try session.steps([("Enter", "Opening"), ("q", "exit=0")])
    }

    /// Ctrl-C stops a long search (here through 300,000 rows) at once, and the viewer
    /// goes on.
    @Test func ctrlCInterruptsALongSearch() throws {
        let table = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-search-\(getpid()).json")
        try Data(TableGenerator.json(rows: 300_000, seed: 2).utf8).write(to: table)
        defer { try? FileManager.default.removeItem(at: table) }
        let session = try Session(command: "sh -c '\(executable) --table \(table.path); echo exit=$?; sleep 60'")
        _ = try session.waitFor("the first screen") { $0.contains("rows 1-23 of") }
        try session.send("/")
        try session.tmux(["send-keys", "-t", "t", "-l", "no such value anywhere"])
        try session.send("Enter")
        Thread.sleep(forTimeInterval: 0.3)
        try session.send("C-c")
        let stopped = try session.waitFor("the search stopped") { $0.contains("Search interrupted") }
        #expect(stopped.contains("rows 1-23 of"), "the view stayed where it was")
        try session.send("j")
        _ = try session.waitFor("keys work after it") { $0.contains("rows 2-24 of") }
        try session.send("q")
        _ = try session.waitFor("the exit status") { $0.contains("exit=0") }
    }

    /// The mouse wheel scrolls (reports are on unless --no-mouse).
    @Test func theMouseWheelScrolls() throws {
        let session = try Session(command: command())
        func rows(_ screen: String) -> [Substring] { screen.split(separator: "\n", omittingEmptySubsequences: false) }
        let first = rows(try session.waitFor("the first screen") { $0.contains("rows 1-23 of") })
        try session.tmux(["send-keys", "-t", "t", "-l", "\u{1B}[<65;10;5M"])
        let down = rows(try session.waitFor("three rows down") { $0.contains("rows 4-26 of") })
        // Under the table's pinned header (its names and rule), the rows moved up by three.
        try #require(down.count > 20 && first.count > 20)
        #expect(down.prefix(2) == first.prefix(2), "the header stays")
        #expect(down[2...10].elementsEqual(first[5...13]), "\(down)")
        try session.tmux(["send-keys", "-t", "t", "-l", "\u{1B}[<64;10;5M"])
        let up = rows(try session.waitFor("back up") { $0.contains("rows 1-23 of") })
        #expect(up.prefix(20) == first.prefix(20))
        try session.send("q")
        _ = try session.waitFor("the exit status") { $0.contains("exit=0") }
    }

    /// A crash (here a SIGSEGV sent from outside) still gives the shell its terminal.
    @Test func restoresTheTerminalAfterACrashSignal() throws {
        let session = try Session(command: command())
        _ = try session.waitFor("the first screen") { $0.contains("rows 1-23 of") }
        let shell = try session.tmux(["list-panes", "-t", "t", "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(system("pkill -SEGV -P \(shell) -x docscroll") == 0)
        let after = try session.waitFor("the exit status and terminal modes") { $0.contains("checked") }
        #expect(after.contains("exit=139"))
        #expect(after.contains("icanon") && !after.contains("-icanon"))
        #expect(after.contains("echo") && !after.contains("-echo"))
    }

    /// SIGTERM and SIGINT sent from outside end docscroll as the signal does (status
    /// 143 and 130 in the shell), the terminal restored. (Ctrl-C typed in the viewer
    /// is a key that stops what goes on, not SIGINT.)
    @Test(arguments: [("TERM", 143), ("INT", 130)])
    func restoresTheTerminalOnASignalFromOutside(signal: String, status: Int) throws {
        let session = try Session(command: command())
        _ = try session.waitFor("the first screen") { $0.contains("rows 1-23 of") }
        // The pane's shell is docscroll's parent.
        let shell = try session.tmux(["list-panes", "-t", "t", "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(system("pkill -\(signal) -P \(shell) -x docscroll") == 0)
        let after = try session.waitFor("the exit status and terminal modes") { $0.contains("checked") }
        #expect(after.contains("exit=\(status)"))
        #expect(after.contains("icanon") && !after.contains("-icanon"))
        #expect(after.contains("echo") && !after.contains("-echo"))
    }

    /// A crash gives the shell back at once: the terminal restored, a line that says
    /// it is a bug, and no backtracer holding the terminal for half a minute.
    @Test func aCrashGivesTheShellBackAtOnce() throws {
        let viewer = try Session(command: command())
        _ = try viewer.waitFor("the first screen") { $0.contains("rows 1-23 of") }
        let shell = try viewer.tmux(["list-panes", "-t", "t", "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(system("pkill -ILL -P \(shell) -x docscroll") == 0)
        let after = try viewer.waitFor("the exit status and terminal modes") { $0.contains("checked") }
        #expect(after.contains("docscroll: crashed (Illegal instruction): this is a bug"))
        #expect(after.contains("exit=132"))
        #expect(after.contains("icanon") && !after.contains("-icanon"))
    }

    /// A dump waiting for standard input, its errors on the terminal, crashes: the
    /// shell comes back at once too.
    @Test func aCrashInADumpGivesTheShellBackAtOnce() throws {
        let page = pagesDirectory.appendingPathComponent("article.html").path
        // (The width tells this docscroll from those of other tests.)
        let session = try Session(command: "sh -c '(cat \(page); sleep 60) | { \(executable) - --dump --width 77 > /dev/null; echo exit=$?; }; sleep 60'")
        var killed = false
        for _ in 0..<200 where !killed {
            Thread.sleep(forTimeInterval: 0.1)
            killed = system("pkill -ILL -f '^[^ ]*/docscroll - --dump --width 77$'") == 0
        }
        #expect(killed)
        let ended = try session.waitFor("the exit status") { $0.contains("exit=") }
        #expect(ended.contains("docscroll: crashed (Illegal instruction): this is a bug"))
        #expect(ended.contains("exit=132"))
    }

    /// A page arriving on standard input is shown before it ends (the status line says
    /// how far it is read), and `q` quits at once while the rest has not come.
    @Test func showsStandardInputAsItArrivesAndQuitsAtOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-stdin-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("page.html")
        try PageGenerator.page(bytes: 300_000, seed: 5).write(to: page, atomically: true, encoding: .utf8)
        let marker = directory.appendingPathComponent("exited").path
        // The first 100 KB now, the rest in a minute; the group notes when docscroll ends.
        let producer = "(head -c 100000 \(page.path); sleep 60; cat \(page.path))"
        let session = try Session(command: "sh -c '\(producer) | { \(executable) -; echo $? > \(marker); }'")
        // Drawn at once, then again as the page comes in.
        let first = try session.waitFor("the first screen") { $0.contains("Section 1") }
        #expect(first.contains("indexing"))
        #expect(first.contains("rows 1-23 of ~"))
        try session.send("q")
        var exited = false
        for _ in 0..<100 where !exited {
            exited = FileManager.default.fileExists(atPath: marker)
            if !exited { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(exited, "docscroll quit while its input was still arriving")
    }
}

func tmuxPath() -> String? {
    ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
