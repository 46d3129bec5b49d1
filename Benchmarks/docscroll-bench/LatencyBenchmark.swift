import Foundation
import Glibc
import SampleContent

/// How fast a pager answers a reader, measured on a pseudo-terminal of 200x60 as a
/// reader's terminal would see it: time to the first screen (from starting the
/// program to its first screen: docscroll's last row drawn, the others' last byte
/// before a second of quiet) and from a key press (Space, `j`)
/// to the last byte of the redrawn screen (Space and `b`, then `j` and `k`, five times
/// each). Output counts as done after a quiet spell.
enum LatencyBenchmark {
    struct Measurement {
        let tool: String
        let input: String
        let firstScreenSeconds: Double
        let keyMedianMilliseconds: Double
        let keyMaxMilliseconds: Double
    }

    static let width: UInt16 = 200
    static let height: UInt16 = 60

    static func run(large: Bool, docscroll: String, progress: (String) -> Void) throws -> [Measurement] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-latency-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pages = URL(fileURLWithPath: "Pages")
        var inputs: [(name: String, page: String, table: String)] = [
            ("sample", pages.appendingPathComponent("article.html").path, pages.appendingPathComponent("items.json").path)
        ]
        if large {
            let page = directory.appendingPathComponent("page.html")
            let table = directory.appendingPathComponent("items.json")
            try Data(PageGenerator.page(bytes: 100_000_000, seed: 5).utf8).write(to: page)
            try Data(TableGenerator.json(rows: 1_000_000, seed: 5).utf8).write(to: table)
            inputs.append(("100 MB page + 1M rows", page.path, table.path))
        }
        var results: [Measurement] = []
        for input in inputs {
            var tools: [(String, String, [String])] = [
                ("docscroll", docscroll, [input.page, "--table", input.table]),
                ("docscroll (page only)", docscroll, [input.page]),
            ]
            for (name, path) in [("w3m", "/usr/bin/w3m"), ("less", "/usr/bin/less")] where FileManager.default.isExecutableFile(atPath: path) {
                tools.append((name, path, [input.page]))
            }
            for (tool, executable, arguments) in tools {
                guard let measurement = try measure(tool: tool, input: input.name, executable: executable, arguments: arguments) else {
                    progress("\(tool), \(input.name): no first screen within the time limit")
                    continue
                }
                results.append(measurement)
                progress(String(
                    format: "%@, %@: first screen %.3f s; key to screen median %.2f ms, max %.2f ms", tool, input.name,
                    measurement.firstScreenSeconds, measurement.keyMedianMilliseconds, measurement.keyMaxMilliseconds))
            }
        }
        return results
    }

    private static func measure(tool: String, input: String, executable: String, arguments: [String]) throws -> Measurement? {
        // docscroll's first screen is there when its last row is drawn (it goes on
        // drawing its status line while a page is indexed); the others' when their
        // output is followed by a second of quiet (loading may pause).
        let marker = tool.hasPrefix("docscroll")
            ? try PageBenchmark.marker(executable, arguments + ["--frame", "0", "--width", "\(width)", "--height", "\(height - 1)"], last: true)
            : nil
        let start = ContinuousClock.now
        let terminal = try PseudoTerminalProcess(executable, arguments, width: width, height: height)
        defer { terminal.stop() }
        let shown = marker.map { terminal.readUntilShown($0, limit: .seconds(300)) }
            ?? terminal.readUntilQuiet(milliseconds: 1_000, limit: .seconds(300))
        guard let first = shown else { return nil }
        if marker != nil { _ = terminal.readUntilQuiet(milliseconds: 300, limit: .seconds(30)) }
        // Down and back up, so that every key has something to redraw even on a short page.
        let keys: [String] = Array(repeating: [" ", "b"], count: 5).flatMap { $0 } + Array(repeating: ["j", "k"], count: 5).flatMap { $0 }
        var times: [Double] = []
        for key in keys {
            let pressed = ContinuousClock.now
            terminal.send(key)
            guard let last = terminal.readUntilQuiet(milliseconds: 150, limit: .seconds(5)) else { continue }
            times.append((last - pressed).seconds * 1000)
        }
        times.sort()
        return Measurement(
            tool: tool, input: input, firstScreenSeconds: (first - start).seconds,
            keyMedianMilliseconds: times.isEmpty ? 0 : times[times.count / 2], keyMaxMilliseconds: times.last ?? 0)
    }

    static func write(_ results: [Measurement], machine: String, to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var csv = "tool,input,firstScreenSeconds,keyMedianMs,keyMaxMs\n"
        var markdown = """
            # Latency: first screen and key to screen

            A pseudo-terminal of \(width)x\(height); time from starting the program to its first screen (docscroll: its last row
            drawn, as it goes on drawing its status line while a page is indexed; the others: the last byte before a second of quiet),
            and from a key (Space and `b`, then `j` and `k`, five times each) to the last byte of the screen it redraws. less shows the
            page's HTML source (it does not render); w3m renders the page. w3m, less and "docscroll (page only)" get the page
            alone. \(machine)

            | input | tool | first screen | key to screen, median | max |
            | --- | --- | ---: | ---: | ---: |

            """
        for m in results {
            csv += "\(m.tool),\(m.input),\(String(format: "%.4f", m.firstScreenSeconds)),\(String(format: "%.2f", m.keyMedianMilliseconds)),"
            csv += "\(String(format: "%.2f", m.keyMaxMilliseconds))\n"
            markdown += String(
                format: "| %@ | %@ | %.2f ms | %.2f ms | %.2f ms |\n", m.input, m.tool, m.firstScreenSeconds * 1000, m.keyMedianMilliseconds,
                m.keyMaxMilliseconds)
        }
        try csv.write(to: directory.appendingPathComponent("latency.csv"), atomically: true, encoding: .utf8)
        try markdown.write(to: directory.appendingPathComponent("latency.md"), atomically: true, encoding: .utf8)
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}

/// A program on a pseudo-terminal of its own, as its controlling terminal (a new
/// session, so that `/dev/tty` is the terminal).
final class PseudoTerminalProcess {
    private let master: Int32
    private(set) var pid: pid_t = 0

    /// Linux's TIOCSPTLCK and TIOCGPTN (`_IOW('T', 0x31, int)`, `_IOR('T', 0x30,
    /// unsigned int)`), and glibc's POSIX_SPAWN_SETSID, which Swift does not import.
    private static let unlockRequest: UInt = 0x4004_5431
    private static let numberRequest: UInt = 0x8004_5430
    private static let newSession: Int16 = 0x80

    /// - Parameters: pixelWidth, pixelHeight: the window's size in pixels, as the
    ///   terminal says it (0: unknown).
    init(_ executable: String, _ arguments: [String], width: UInt16, height: UInt16, pixelWidth: UInt16 = 0, pixelHeight: UInt16 = 0) throws {
        // posix_openpt, unlockpt and ptsname are not in Swift's Glibc module; what they
        // do on Linux is open /dev/ptmx, then two ioctls (TIOCSPTLCK, TIOCGPTN).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.unlockRequest, &unlock) == 0, ioctl(master, Self.numberRequest, &number) == 0 else {
            throw CocoaError(.fileReadUnknown)
        }
        let slave = "/dev/pts/\(number)"
        var size = winsize(ws_row: height, ws_col: width, ws_xpixel: pixelWidth, ws_ypixel: pixelHeight)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        posix_spawnattr_setflags(&attributes, Self.newSession)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        // Opened by the new session's leader, the terminal becomes its controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let variables = ["TERM=xterm-256color", "PATH=/usr/bin:/bin", "HOME=/tmp", "LANG=C.UTF-8"]
        let environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            environment.forEach { free($0) }
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        guard posix_spawn(&pid, executable, &actions, &attributes, argv, environment) == 0 else { throw CocoaError(.executableNotLoadable) }
    }

    /// Reads output until none comes for `milliseconds` and the program is waiting
    /// (not still working, as a browser loading a page between two progress
    /// reports); the time of the last byte read, or `nil` when nothing came before
    /// `limit`.
    func readUntilQuiet(milliseconds: Int32, limit: Duration, _ take: ([UInt8]) -> Void = { _ in }) -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now + limit
        var last: ContinuousClock.Instant?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, last == nil ? 200 : milliseconds)
            if ready <= 0 {
                if last != nil, isWaiting { return last }
                continue
            }
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { return last }
            last = ContinuousClock.now
            take(Array(buffer[..<count]))
        }
        return last
    }

    /// Whether the program sleeps (state S in /proc: waiting, for a key here).
    private var isWaiting: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("S")
    }

    /// The bytes that come within `timeoutMilliseconds` (empty when none did); `nil`
    /// once the program has closed the terminal.
    func readAvailable(timeoutMilliseconds: Int32) -> [UInt8]? {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeoutMilliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(master, &buffer, buffer.count)
        return count > 0 ? Array(buffer[0..<count]) : nil
    }

    /// Reads output, giving each read to `isDone`, until it says so; the time of that
    /// read, or `nil` when it did not before `limit` (or the program closed the
    /// terminal).
    func readUntil(limit: Duration, _ isDone: ([UInt8]) -> Bool) -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now + limit
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let left = max(1, Int32(min(200, (deadline - ContinuousClock.now).seconds * 1000)))
            guard poll(&descriptor, 1, left) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { return nil }
            let read = ContinuousClock.now
            if isDone(Array(buffer[0..<count])) { return read }
        }
        return nil
    }

    /// Gives the terminal a new size (the program gets SIGWINCH).
    func resize(width: UInt16, height: UInt16) {
        var size = winsize(ws_row: height, ws_col: width, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    func send(_ text: String) {
        _ = text.withCString { write(master, $0, strlen($0)) }
    }

    /// The program's peak resident set so far (VmHWM), in bytes.
    var peakResidentBytes: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
    }

    /// The program's exit status once it has ended (`nil` while it runs, or when a
    /// signal ended it).
    func exitStatus() -> Int32? {
        if let exited { return exited }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        // (WIFEXITED and WEXITSTATUS, which Swift does not import.)
        exited = status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
        return exited
    }

    private var exited: Int32?

    func stop() {
        if exited == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }
}
