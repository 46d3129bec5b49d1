import Foundation
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

    @Test func restoresTheTerminalOnSIGTERM() throws {
        let session = try Session(command: command())
        _ = try session.waitFor("the first screen") { $0.contains("rows 1-23 of") }
        // The pane's shell is docscroll's parent.
        let shell = try session.tmux(["list-panes", "-t", "t", "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(system("pkill -TERM -P \(shell) -x docscroll") == 0)
        let after = try session.waitFor("the exit status and terminal modes") { $0.contains("checked") }
        #expect(after.contains("exit=143"))
        #expect(after.contains("icanon") && !after.contains("-icanon"))
        #expect(after.contains("echo") && !after.contains("-echo"))
    }
}

func tmuxPath() -> String? {
    ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
