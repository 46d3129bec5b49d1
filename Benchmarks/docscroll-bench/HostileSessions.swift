import Foundation
import Glibc
import SampleContent

/// Hostile acts in the viewer, each run in a fresh docscroll on a pseudo-terminal: a
/// script of keys, then `q`, which must end docscroll with status 0 within the time
/// bound (never a hang: a key that waits on a file, a prompt that outlives its keys).
enum HostileSessions {
    struct Case {
        let name: String
        /// The command-line arguments, given the case's folder.
        let arguments: (URL) throws -> [String]
        /// What is done before `q`: keys sent (each string at once), with a pause
        /// after each; or something done to the files.
        let steps: [Step]
    }

    enum Step {
        case keys(String)
        case act((URL) throws -> Void)
    }

    static var cases: [Case] {
        [
            Case(name: "a link to a named pipe no one writes, followed", arguments: { folder in
                guard mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
                try Data(#"<p><a href="fifo">the pipe</a></p>"#.utf8).write(to: folder.appendingPathComponent("link.html"))
                return [folder.appendingPathComponent("link.html").path]
            }, steps: [.keys("\t"), .keys("\r")]),
            Case(name: "a link to the terminal device, followed", arguments: { folder in
                try Data(#"<p><a href="/dev/tty">the terminal</a></p>"#.utf8).write(to: folder.appendingPathComponent("tty.html"))
                return [folder.appendingPathComponent("tty.html").path]
            }, steps: [.keys("\t"), .keys("\r")]),
            Case(name: "a table that is a named pipe no one writes", arguments: { folder in
                guard mkfifo(folder.appendingPathComponent("table.json").path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
                return ["--table", folder.appendingPathComponent("table.json").path]
            }, steps: []),
            Case(name: "3,000 random keys into the prompt over 4,200 rows and a page", arguments: { folder in
                let table = folder.appendingPathComponent("rows.json")
                try Data(TableGenerator.json(rows: 4_200, seed: 3).utf8).write(to: table)
                return ["--table", table.path, "Pages/article.html"]
            }, steps: [.keys("/" + randomText(count: 3_000, seed: 11)), .keys("\r"), .keys("\u{1B}")]),
            Case(name: "a burst of 2,000 random keys, then q (nothing left on the screen)", arguments: { _ in
                ["--table", "Pages/items.json", "Pages/article.html"]
            }, steps: [.keys(randomKeys(count: 2_000, seed: 5))]),
            Case(name: "a followed file truncated and written again", arguments: { folder in
                let log = folder.appendingPathComponent("log.jsonl")
                try Data((0..<1_000).map { #"{"id": \#($0)}"# + "\n" }.joined().utf8).write(to: log)
                return ["--table", log.path]
            }, steps: [
                .keys("F"),
                .act { folder in try Data().write(to: folder.appendingPathComponent("log.jsonl")) },
                .act { folder in try Data(#"{"id": "again"}"#.utf8 + [0x0A]).write(to: folder.appendingPathComponent("log.jsonl")) },
            ]),
            Case(name: "an empty JSON Lines file, followed as it is written", arguments: { folder in
                let log = folder.appendingPathComponent("fresh.jsonl")
                try Data().write(to: log)
                return ["--table", log.path]
            }, steps: [
                .keys("F"),
                .act { folder in try Data(#"{"id": 1}"#.utf8 + [0x0A]).write(to: folder.appendingPathComponent("fresh.jsonl")) },
            ]),
        ]
    }

    /// Printable text of `count` characters, the same for a seed.
    static func randomText(count: Int, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789 .,;:-_中文é")
        return String((0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// Keys of the viewer that do not open a prompt or wait for a mark (so that the
    /// `q` after them quits), `count` of them, the same for a seed.
    static func randomKeys(count: Int, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        let keys = Array("jkdufbgGnNvcTt[]=sFRL \r\t0123456789%")
        return String((0..<count).map { _ in keys[Int(generator.next() % UInt64(keys.count))] })
    }

    /// Seconds after `q` within which docscroll must have ended.
    static let quitSeconds = 2.0

    /// Runs each case; `progress` gets a line each.
    /// - Returns: a measurement a case: the seconds from `q` to the end, the peak RSS
    ///   before it, and why it did not end cleanly, if it did not.
    static func run(docscroll: String, progress: (String) -> Void) throws -> [HostileBenchmark.Measurement] {
        var results: [HostileBenchmark.Measurement] = []
        for (index, hostile) in cases.enumerated() {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-sessions-\(getpid())-\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let session = try PseudoTerminalProcess(docscroll, try hostile.arguments(folder), width: 120, height: 40)
            _ = session.readUntilQuiet(milliseconds: 200, limit: .seconds(5))
            for step in hostile.steps {
                switch step {
                case .keys(let keys): session.send(keys)
                case .act(let act): try act(folder)
                }
                _ = session.readUntilQuiet(milliseconds: 100, limit: .seconds(3))
            }
            let rss = session.peakResidentBytes ?? 0
            let ranUntilQ = session.exitStatus() == nil
            let start = ContinuousClock.now
            session.send("q")
            let (status, output) = session.waitForExit(limit: .seconds(10))
            let seconds = (ContinuousClock.now - start).seconds
            session.stop()
            var problem: String?
            if !ranUntilQ {
                problem = "ended before q, with status \(status ?? -1)"
            } else if status == nil {
                problem = "still running 10 s after q"
            } else if status != 0 {
                problem = "ended with status \(status!)"
            } else if seconds > quitSeconds {
                problem = String(format: "took %.2f s to end after q", seconds)
            } else if let left = textAfterLeaving(output) {
                problem = "left on the screen after q: \(left.debugDescription)"
            }
            let limit = HostileBenchmark.memoryFloor * 2
            results.append(HostileBenchmark.Measurement(
                name: "viewer: " + hostile.name, inputBytes: 0, seconds: seconds, peakRSSBytes: rss, status: status ?? -1, problem: problem,
                endedCleanly: ranUntilQ && status == 0, rssOverLimit: Double(rss) / Double(limit)))
            progress(String(format: "hostile: viewer: %@: status %d, %.2f s after q, %d MiB%@", hostile.name, status ?? -1, seconds, rss >> 20,
                problem.map { " — " + $0 } ?? ""))
        }
        return results
    }
}

extension HostileSessions {
    /// Text written after the last leave of the alternate screen (`ESC[?1049l`), what
    /// would stay on the reader's screen once docscroll ended; `nil` for none.
    static func textAfterLeaving(_ output: [UInt8]) -> String? {
        let leave = Array("\u{1B}[?1049l".utf8)
        guard let start = output.indices.reversed().first(where: { output[$0...].starts(with: leave) }) else { return nil }
        let after = String(decoding: output[(start + leave.count)...], as: UTF8.self)
        // (Escape sequences and line ends move nothing onto the screen.)
        let text = after.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "").filter { !$0.isWhitespace }
        return text.isEmpty ? nil : text
    }
}

extension PseudoTerminalProcess {
    /// Waits up to `limit` for the program to end, reading what it writes meanwhile.
    /// - Returns: its exit status (`nil` when it did not end in time), and what it
    ///   wrote meanwhile.
    func waitForExit(limit: Duration) -> (status: Int32?, output: [UInt8]) {
        let deadline = ContinuousClock.now + limit
        var output: [UInt8] = []
        while ContinuousClock.now < deadline {
            output += readAvailable(timeoutMilliseconds: 20) ?? []
            if let status = exitStatus() {
                output += readAvailable(timeoutMilliseconds: 0) ?? []
                return (status, output)
            }
        }
        return (exitStatus(), output)
    }
}
