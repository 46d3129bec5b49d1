import Foundation
import Glibc
import SampleContent

/// How long the keys a reader presses take to their redrawn screen, from 1 MB to 2 GB:
/// the real viewer on a pseudo-terminal of 200x60, pressed in the order a reader might
/// (the first screen, `G`, `''` back, `50%`, a search that finds a word near the end, a
/// search that finds nothing, the terminal resized), each key as soon as the screen
/// before it is there, while the index goes on, in fresh processes (medians of the
/// runs). docscroll's screen is known done when it shows what the key asks for (read
/// off a model of the terminal: the status line's rows, the word found, "Pattern not
/// found"); less's when its output is followed by quiet. less gets the same text
/// (the page's dump) or the same JSON Lines; w3m, the page itself, where it can read it
/// (not the 2 GB page: it holds a page whole, some times its size) and with the keys
/// it has (`g` for `''`; it has no `N%`).
enum KeyLatencyBenchmark {
    struct Measurement {
        let tool: String
        let input: String
        let inputBytes: Int
        let key: Key
        /// Milliseconds: the median of the runs, the fastest and the slowest; `nil`
        /// when a run saw no screen within the limit (or the tool has no such key).
        let median: Double?
        let fastest: Double?
        let slowest: Double?
        /// Whether the tool has the key.
        var isSupported = true
    }

    /// The programs timed, each with its keys and how its screen is known done.
    enum Tool: String, CaseIterable {
        case docscroll, less, w3m

        /// What the tool presses for `key` (`nil`: it has no such key).
        func keys(for key: Key) -> String? {
            switch (self, key) {
            case (.w3m, .back): "g"
            case (.w3m, .half): nil
            default: key.keys
            }
        }
    }

    enum Key: String, CaseIterable {
        case firstScreen = "first screen"
        case end = "G"
        case back = "''"
        case half = "50%"
        case searchHit = "search hit near the end"
        case searchMiss = "search miss"
        case resize = "resize"

        /// What a reader types for the key (the search's word apart).
        var keys: String {
            switch self {
            case .firstScreen, .resize, .searchHit, .searchMiss: ""
            case .end: "G"
            case .back: "''"
            case .half: "50%"
            }
        }
    }

    /// A `--frame` deep in a page (nine tenths of its rows down), as a script asks for
    /// one: its time and peak resident memory over fresh processes.
    struct DeepFrame {
        let input: String
        let inputBytes: Int
        let offset: Int
        let seconds: Spread
        let peakRSS: Int
    }

    static let width: UInt16 = 200
    static let height: UInt16 = 60
    /// The word the pages' last paragraph holds (`searchHit`) and one no input holds.
    static let farWord = "farawaymarkerword"
    static let missingWord = "zqxjvkwzqxj"
    /// How long a key may take before its run counts as timed out.
    static let limit = Duration.seconds(120)

    /// An input: what docscroll is given, what less is given, and the word a search
    /// finds near its end.
    struct Input {
        let name: String
        let bytes: Int
        let docscrollArguments: [String]
        let lessFile: String
        /// The page w3m reads (`nil`: w3m is not run).
        let w3mFile: String?
        let farWord: String
    }

    /// The largest page w3m is given.
    static let w3mBytes = 100_000_000

    static func run(
        quick: Bool, runs: Int, docscroll: String, progress: (String) -> Void
    ) throws -> (keys: [Measurement], deepFrames: [DeepFrame]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-keys-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var results: [Measurement] = []
        var deepFrames: [DeepFrame] = []
        let bodies = PageBenchmark.realBodies()
        for bytes in quick ? [1_000_000] : [1_000_000, 100_000_000, 2_000_000_000] {
            let page = directory.appendingPathComponent("page-\(bytes).html")
            try PageBenchmark.writePage(bytes: bytes, bodies: bodies, to: page)
            let handle = try FileHandle(forWritingTo: page)
            try handle.seekToEnd()
            handle.write(Data("<p>\(farWord)</p>\n".utf8))
            try handle.close()
            let text = directory.appendingPathComponent("page-\(bytes).txt")
            try dump(docscroll, page.path, to: text)
            let input = Input(
                name: "\(SVGPlot.bytes(Double(bytes))) page", bytes: bytes, docscrollArguments: [page.path], lessFile: text.path,
                w3mFile: bytes <= w3mBytes ? page.path : nil, farWord: farWord)
            results += try measure(input, runs: runs, docscroll: docscroll, progress: progress)
            let frame = try deepFrame(input, rows: try lineCount(of: text), runs: runs, docscroll: docscroll, directory: directory)
            progress("docscroll, \(input.name), --frame \(frame.offset): \(frame.seconds.text(3)) s, \(frame.peakRSS >> 20) MB")
            deepFrames.append(frame)
            try? FileManager.default.removeItem(at: page)
            try? FileManager.default.removeItem(at: text)
        }
        for rows in quick ? [100_000] : [1_000_000, 10_000_000] {
            let table = directory.appendingPathComponent("rows-\(rows).jsonl")
            _ = FileManager.default.createFile(atPath: table.path, contents: nil)
            let handle = try FileHandle(forWritingTo: table)
            TableGenerator.jsonLines(rows: rows, seed: 5) { handle.write(Data($0.utf8)) }
            try handle.close()
            let bytes = (try FileManager.default.attributesOfItem(atPath: table.path)[.size] as? Int) ?? 0
            // (The id before the last, and the last record's name: near the end only.)
            let input = Input(
                name: "\(rows / 1_000_000 > 0 ? "\(rows / 1_000_000)M" : "\(rows / 1_000)k") rows", bytes: bytes,
                docscrollArguments: ["--table", table.path], lessFile: table.path, w3mFile: nil, farWord: "\(rows - 1)")
            results += try measure(input, runs: runs, docscroll: docscroll, progress: progress)
            try? FileManager.default.removeItem(at: table)
        }
        return (results, deepFrames)
    }

    /// `--frame` nine tenths of `rows` down `input`'s page, `runs` times.
    private static func deepFrame(_ input: Input, rows: Int, runs: Int, docscroll: String, directory: URL) throws -> DeepFrame {
        let offset = rows * 9 / 10
        let arguments = input.docscrollArguments + ["--frame", "\(offset)", "--width", "\(width)", "--height", "\(height)"]
        let timed = try (0..<runs).map { _ in try TimedRun.run(docscroll, arguments, directory: directory) }
        return DeepFrame(
            input: input.name, inputBytes: input.bytes, offset: offset, seconds: Spread(timed.map(\.seconds)),
            peakRSS: timed.map(\.rss).max() ?? 0)
    }

    /// Lines of the file at `url`, read a megabyte at a time.
    private static func lineCount(of url: URL) throws -> Int {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var lines = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            lines += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        return lines
    }

    /// `page`'s text as docscroll dumps it at the terminal's width.
    private static func dump(_ docscroll: String, _ page: String, to text: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: docscroll)
        process.arguments = [page, "--dump", "--width", "\(width)"]
        _ = FileManager.default.createFile(atPath: text.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: text)
        try process.run()
        process.waitUntilExit()
    }

    /// Each key's times on `input`, docscroll's, less's and w3m's, over `runs` sessions
    /// each.
    private static func measure(_ input: Input, runs: Int, docscroll: String, progress: (String) -> Void) throws -> [Measurement] {
        var results: [Measurement] = []
        var tools: [(Tool, String, [String])] = [(.docscroll, docscroll, input.docscrollArguments)]
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/less") { tools.append((.less, "/usr/bin/less", [input.lessFile])) }
        if let page = input.w3mFile, FileManager.default.isExecutableFile(atPath: "/usr/bin/w3m") {
            tools.append((.w3m, "/usr/bin/w3m", ["-T", "text/html", page]))
        }
        for (tool, executable, arguments) in tools {
            var times: [Key: [Double?]] = [:]
            for _ in 0..<runs {
                for (key, time) in try session(tool: tool, executable, arguments, farWord: input.farWord) { times[key, default: []].append(time) }
            }
            for key in Key.allCases {
                let all = times[key] ?? []
                let done = all.compactMap { $0 }.sorted()
                let timedOut = done.count < all.count || done.isEmpty
                var measurement = Measurement(
                    tool: tool.rawValue, input: input.name, inputBytes: input.bytes, key: key, median: timedOut ? nil : done[done.count / 2],
                    fastest: done.first, slowest: timedOut ? nil : done.last)
                measurement.isSupported = tool.keys(for: key) != nil
                results.append(measurement)
                progress("\(tool), \(input.name), \(key.rawValue): \(describe(measurement))")
            }
        }
        return results
    }

    static func describe(_ m: Measurement) -> String {
        guard m.isSupported else { return "no such key" }
        guard let median = m.median, let fastest = m.fastest, let slowest = m.slowest else {
            return "over \(Int(limit.seconds)) s in a run"
        }
        return String(format: "%.1f ms (%.1f to %.1f)", median, fastest, slowest)
    }

    /// One session: the program started, each key pressed once the screen before it
    /// is there; each key's milliseconds to its screen (`nil`: not within the limit,
    /// and the keys after it are not pressed).
    private static func session(tool: Tool, _ executable: String, _ arguments: [String], farWord: String) throws -> [(Key, Double?)] {
        let start = ContinuousClock.now
        let terminal = try PseudoTerminalProcess(executable, arguments, width: width, height: height)
        defer { terminal.stop() }
        var screen = TerminalScreen(width: Int(width), height: Int(height))
        /// The time from `from` to the screen after `key`, known done as `tool.done`
        /// says.
        func timeToScreen(from: ContinuousClock.Instant, after key: Key) -> Double? {
            var said: [UInt8] = []
            let done: ContinuousClock.Instant?
            switch tool.done(after: key, farWord: farWord, rows: screen.cells.count - 1) {
            case .quiet:
                // (What is drawn is taken in: the next key's screen is known from it.)
                done = terminal.readUntilQuiet(milliseconds: 200, limit: limit) { screen.take($0) }
            case .said(let words):
                done = terminal.readUntil(limit: limit) { bytes in
                    said += bytes
                    return String(decoding: said, as: UTF8.self).contains(words)
                }
            case .shown(let isDone):
                done = terminal.readUntil(limit: limit) { bytes in
                    screen.take(bytes)
                    return isDone(screen)
                }
            }
            return done.map { ($0 - from).seconds * 1000 }
        }
        var times: [(Key, Double?)] = []
        guard let first = timeToScreen(from: start, after: .firstScreen) else { return [(.firstScreen, nil)] }
        times.append((.firstScreen, first))
        for key in [Key.end, .back, .half, .searchHit, .searchMiss] {
            guard let keys = key == .searchHit ? "/" + farWord : key == .searchMiss ? "/" + missingWord : tool.keys(for: key) else { continue }
            // A reader's pause (what is drawn meanwhile taken in); a search's query is
            // typed first, its Enter timed.
            _ = terminal.readUntil(limit: .milliseconds(200)) { bytes in
                screen.take(bytes)
                return false
            }
            if keys.hasPrefix("/") {
                terminal.send(keys)
                var echoed: [UInt8] = []
                _ = terminal.readUntil(limit: .seconds(5)) { bytes in
                    screen.take(bytes)
                    echoed += bytes
                    return String(decoding: echoed, as: UTF8.self).contains(String(keys.dropFirst()))
                }
            }
            let pressed = ContinuousClock.now
            terminal.send(keys.hasPrefix("/") ? "\r" : keys)
            let time = timeToScreen(from: pressed, after: key)
            times.append((key, time))
            if time == nil { return times }
        }
        let narrower = (width: UInt16(160), height: UInt16(50))
        let resized = ContinuousClock.now
        terminal.resize(width: narrower.width, height: narrower.height)
        screen = TerminalScreen(width: Int(narrower.width), height: Int(narrower.height))
        times.append((.resize, timeToScreen(from: resized, after: .resize)))
        return times
    }
}

extension KeyLatencyBenchmark.Tool {
    /// How a tool's screen is known done.
    enum Done {
        /// When the model of the terminal shows what the key asked for.
        case shown((TerminalScreen) -> Bool)
        /// When its output since the key holds these words: less redraws by scrolling,
        /// which the model of the terminal does not follow.
        case said(String)
        /// At its last byte before quiet.
        case quiet
    }

    /// How the screen after `key` is known done, `rows` rows above the status line,
    /// `farWord` in the last paragraph.
    func done(after key: KeyLatencyBenchmark.Key, farWord: String, rows: Int) -> Done {
        let showsFarWord = Done.shown { screen in screen.rows.dropLast().contains { $0.contains(farWord) } }
        switch (self, key) {
        case (.docscroll, .firstScreen): return .shown { $0.position?.first == 1 && $0.position?.last == rows }
        case (.docscroll, .end): return .shown { screen in screen.position.map { $0.last == $0.total } ?? false }
        case (.docscroll, .back): return .shown { $0.position?.first == 1 }
        case (.docscroll, .half): return .shown { screen in screen.position.map { abs($0.last * 100 / max(1, $0.total) - 50) <= 1 } ?? false }
        case (.docscroll, .searchHit), (.w3m, .searchHit), (.w3m, .end): return showsFarWord
        case (.docscroll, .searchMiss): return .shown { $0.rows.last?.contains("Pattern not found") == true }
        case (.docscroll, .resize): return .shown { screen in screen.position.map { $0.last - $0.first + 1 == rows } ?? false }
        case (.less, .end): return .said("(END)")
        case (.less, .searchHit): return .said(farWord)
        case (.less, .searchMiss): return .said("Pattern not found")
        // (w3m says what it shows on its last row once a page is read.)
        case (.w3m, .firstScreen): return .shown { $0.rows.last?.contains("Viewing <") == true }
        case (.w3m, .searchMiss): return .shown { $0.rows.last?.contains("Not found") == true }
        default: return .quiet
        }
    }
}

extension KeyLatencyBenchmark {
    /// Writes keys.csv, keys.md and keys.svg (docscroll's median per key against the
    /// input's size, pages and tables apart) to `directory`.
    static func write(_ results: [Measurement], deepFrames: [DeepFrame], machine: String, to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func milliseconds(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "" }
        var csv = "tool,input,inputBytes,key,medianMs,fastestMs,slowestMs\n"
        for m in results {
            csv += "\(m.tool),\(m.input),\(m.inputBytes),\(m.key.rawValue),\(milliseconds(m.median)),\(milliseconds(m.fastest)),\(milliseconds(m.slowest))\n"
        }
        let inputs = results.reduce(into: [String]()) { if !$0.contains($1.input) { $0.append($1.input) } }
        var markdown = """
            # Keys: from a key to its redrawn screen

            The viewer on a pseudo-terminal of \(width)x\(height), keys pressed in a reader's order as soon as the screen before
            is there (the index still going on in the background): the first screen (from launch), `G`, `''` back to the top,
            `50%`, a search for a word in the page's last paragraph (in a table: the id before the last), a search for a word
            that is nowhere, and the terminal resized to 160x50. Median of the runs (fresh processes), fastest and slowest in
            brackets, in milliseconds; "-" where a run got no screen within \(Int(limit.seconds)) s, "n/a" where the tool has
            no such key. docscroll's screen counts as there when it shows what the key asked for; less's when it writes
            "(END)", the word or "Pattern not found", else at its last byte before quiet; w3m's when its status line says it
            is viewing the page or found nothing, or the word is shown, else at its last byte before quiet. less gets the
            page's dump (the same text) or the same JSON Lines; its search goes from its place to the end without wrapping
            (its miss, after the hit near the end, reads little), where docscroll's wraps round the whole input. w3m gets the
            page up to \(SVGPlot.bytes(Double(w3mBytes))) (it holds a page whole, some times its size: not the 2 GB page,
            nor tables); it goes back to the top with `g` and has no `N%`; it holds its "Not found" message (the miss before the
            resize) for up to 10 s, and redraws for the resize only then. Pages: the bodies of Debian's Python 3.11 manual
            joined (generated pages without python3.11-doc); tables: generated JSON Lines records. \(machine)

            | input | tool | \(Key.allCases.map(\.rawValue).joined(separator: " | ")) |
            | --- | --- | \(Key.allCases.map { _ in "---:" }.joined(separator: " | ")) |

            """
        for input in inputs {
            for tool in Tool.allCases.map(\.rawValue) {
                let row = Key.allCases.map { key in
                    results.first { $0.input == input && $0.tool == tool && $0.key == key }.map { m in
                        guard m.isSupported else { return "n/a" }
                        return m.median.map { String(format: "%.1f (%.1f–%.1f)", $0, m.fastest ?? 0, m.slowest ?? 0) } ?? "-"
                    } ?? ""
                }
                guard row.contains(where: { !$0.isEmpty }) else { continue }
                markdown += "| \(input) | \(tool) | \(row.joined(separator: " | ")) |\n"
            }
        }
        markdown += """

            `--frame` nine tenths of the way down each page (a script's frame: rows numbered as in a dump), in fresh processes
            under GNU time: seconds, median (fastest–slowest), and the largest peak resident memory of the runs.

            | input | offset | seconds | peak RSS |
            | --- | ---: | ---: | ---: |

            """
        for frame in deepFrames {
            markdown += "| \(frame.input) | \(frame.offset) | \(frame.seconds.text(3)) | \(frame.peakRSS >> 20) MB |\n"
        }
        markdown += "\n![docscroll's keys against the input's size](keys.svg)\n"
        let colors = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2"]
        var plot = SVGPlot(
            title: "docscroll: key to redrawn screen (median)", xLabel: "input size", yLabel: "milliseconds (solid: pages, dashed: tables)")
        plot.yTick = { String(format: "%g", $0) }
        for (number, key) in Key.allCases.enumerated() {
            for isTable in [false, true] {
                let points = results.filter { $0.tool == "docscroll" && $0.key == key && $0.input.hasSuffix("rows") == isTable }
                    .compactMap { m in m.median.map { (x: Double(m.inputBytes), y: max(0.1, $0)) } }
                guard !points.isEmpty else { continue }
                plot.series.append(SVGPlot.Series(
                    name: key.rawValue + (isTable ? " (table)" : ""), color: colors[number % colors.count], dashed: isTable, points: points))
            }
        }
        try csv.write(to: directory.appendingPathComponent("keys.csv"), atomically: true, encoding: .utf8)
        try markdown.write(to: directory.appendingPathComponent("keys.md"), atomically: true, encoding: .utf8)
        try plot.svg().write(to: directory.appendingPathComponent("keys.svg"), atomically: true, encoding: .utf8)
    }
}
