import Foundation
import SampleContent

/// The page windowed all the way down, against the page's size: real documentation
/// pages joined into one (the bodies of Debian's Python 3.11 HTML manual, where
/// `python3.11-doc` is installed; else generated pages), on a pseudo-terminal of
/// 200x60. Each point runs in fresh processes:
/// - the first screen: from starting the program to the moment its first screen is
///   on the terminal (docscroll: its last row is drawn; lynx, links and w3m, which
///   draw otherwise: their output then a second of quiet, an upper bound);
/// - `G` pressed once the first screen is there: from the start to the moment the
///   page's last line is on the terminal;
/// - `--scroll-through` a screen at a time: peak RSS, frame times.
enum PageBenchmark {
    struct Measurement {
        let tool: String
        let pageBytes: Int
        var firstScreenSeconds: Double?
        /// The process's peak RSS once its first screen is there.
        var firstScreenRSSBytes: Int?
        var endSeconds: Double?
        var scrollPeakRSSBytes: Int?
        var frameMedianMilliseconds: Double?
        var frameMaxMilliseconds: Double?
        var timedOut = false
    }

    static let width: UInt16 = 200
    static let height: UInt16 = 60

    static func run(sizes: [Int], runs: Int, docscroll: String, progress: (String) -> Void) throws -> (results: [Measurement], source: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-page-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bodies = realBodies()
        let source = bodies.isEmpty ? "generated pages (python3.11-doc is not installed)" : "the bodies of Debian's Python 3.11 manual (\(bodies.count) pages) joined"
        var results: [Measurement] = []
        var slowPeers: Set<String> = []
        for size in sizes {
            let page = directory.appendingPathComponent("page-\(size).html")
            try writePage(bytes: size, bodies: bodies, to: page)
            let firstMarker = try marker(docscroll, [page.path, "--frame", "0", "--width", "\(width)", "--height", "\(height - 1)"], last: true)
            // The end is looked up in a dump (pages up to 100 MB: G's target is there).
            let endMarker = size <= 100_000_000 ? try endLine(docscroll, page.path, directory: directory) : nil
            var tools: [(String, String, [String])] = [("docscroll", docscroll, [page.path])]
            if size <= 100_000_000 { tools.append(("docscroll expanded", docscroll, [page.path, "--mode", "expanded"])) }
            for (name, path) in [("lynx", "/usr/bin/lynx"), ("links", "/usr/bin/links"), ("w3m", "/usr/bin/w3m")]
            where size <= 100_000_000 && FileManager.default.isExecutableFile(atPath: path) && !slowPeers.contains(name) {
                tools.append((name, path, [page.path]))
            }
            for (tool, executable, arguments) in tools {
                var measurement = Measurement(tool: tool, pageBytes: size)
                var firsts: [Double] = []
                var rss: [Double] = []
                var ends: [Double] = []
                for _ in 0..<runs {
                    let limit: Duration = .seconds(tool.hasPrefix("docscroll") ? 300 : 120)
                    guard let first = try firstScreen(executable, arguments, marker: tool.hasPrefix("docscroll") ? firstMarker : nil, limit: limit) else {
                        measurement.timedOut = true
                        slowPeers.insert(tool)
                        break
                    }
                    firsts.append(first.seconds)
                    if let bytes = first.peakRSSBytes { rss.append(Double(bytes)) }
                    if tool == "docscroll", let endMarker, let end = try endOfPage(executable, arguments, first: firstMarker, marker: endMarker) { ends.append(end) }
                }
                measurement.firstScreenSeconds = firsts.isEmpty ? nil : Spread(firsts).median
                measurement.firstScreenRSSBytes = rss.isEmpty ? nil : Int(Spread(rss).median)
                measurement.endSeconds = ends.isEmpty ? nil : Spread(ends).median
                if tool == "docscroll" || (tool == "docscroll expanded" && size <= 10_000_000), size <= 1_000_000_000 {
                    let (report, stats) = try MemoryBenchmark.scrollThrough(
                        executable, arguments + ["--width", "\(width)", "--height", "\(height)"])
                    measurement.scrollPeakRSSBytes = stats["peakRSSBytes"] as? Int
                    measurement.frameMedianMilliseconds = report["frameMedianMs"] as? Double
                    measurement.frameMaxMilliseconds = report["frameMaxMs"] as? Double
                }
                results.append(measurement)
                progress(describe(measurement))
            }
            try? FileManager.default.removeItem(at: page)
        }
        return (results, source)
    }

    static func describe(_ m: Measurement) -> String {
        var parts = ["\(m.tool), \(SVGPlot.bytes(Double(m.pageBytes)))"]
        parts.append(m.firstScreenSeconds.map { String(format: "first screen %.3f s", $0) } ?? "no first screen in time")
        if let rss = m.firstScreenRSSBytes { parts.append("RSS then \(SVGPlot.bytes(Double(rss)))") }
        if let end = m.endSeconds { parts.append(String(format: "G at %.2f s", end)) }
        if let rss = m.scrollPeakRSSBytes { parts.append("scroll-through peak RSS \(SVGPlot.bytes(Double(rss)))") }
        if let median = m.frameMedianMilliseconds, let max = m.frameMaxMilliseconds { parts.append(String(format: "frames median %.3f ms, max %.1f ms", median, max)) }
        return parts.joined(separator: "; ")
    }

    /// The bodies of the Python manual's pages, in a fixed order.
    static func realBodies() -> [String] {
        let root = "/usr/share/doc/python3.11/html"
        guard let files = FileManager.default.enumerator(atPath: root)?.compactMap({ $0 as? String }).filter({ $0.hasSuffix(".html") }).sorted()
        else { return [] }
        return files.compactMap { file in
            guard let data = FileManager.default.contents(atPath: root + "/" + file) else { return nil }
            let text = String(decoding: data, as: UTF8.self)
            guard let open = text.range(of: "<body"), let start = text[open.upperBound...].firstIndex(of: ">"),
                  let end = text.range(of: "</body>", options: .backwards)
            else { return nil }
            return String(text[text.index(after: start)..<end.lowerBound])
        }
    }

    /// A page of `bytes` bytes or a little more: the bodies one after another (again
    /// from the first when they run out) in one `<body>`, or a generated page.
    static func writePage(bytes: Int, bodies: [String], to url: URL) throws {
        guard !bodies.isEmpty else {
            try Data(PageGenerator.page(bytes: bytes, seed: 7).utf8).write(to: url)
            return
        }
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        file.write(Data("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Python 3.11 documentation, joined</title></head><body>\n".utf8))
        var written = 0
        var index = 0
        while written < bytes {
            let body = Data(bodies[index % bodies.count].utf8)
            file.write(body)
            written += body.count
            index += 1
        }
        file.write(Data("</body></html>\n".utf8))
    }

    /// A line of a command's output to look for on the terminal: the last (or first)
    /// line with text, its first 30 characters.
    static func marker(_ executable: String, _ arguments: [String], last: Bool) throws -> String {
        guard let output = commandOutput(executable, arguments) else { throw CocoaError(.executableNotLoadable) }
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return String((last ? lines.last : lines.first)?.prefix(30) ?? "")
    }

    /// The last line of the page's dump at the terminal's width, its first 30 characters.
    static func endLine(_ docscroll: String, _ page: String, directory: URL) throws -> String {
        let dump = directory.appendingPathComponent("dump.txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: docscroll)
        process.arguments = [page, "--dump", "--width", "\(width)"]
        _ = FileManager.default.createFile(atPath: dump.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: dump)
        try process.run()
        process.waitUntilExit()
        let handle = try FileHandle(forReadingFrom: dump)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size > 4_096 ? size - 4_096 : 0)
        let tail = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        return String(tail.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.last { !$0.isEmpty }?.prefix(30) ?? "")
    }

    /// Seconds from starting the program to its first screen: until `marker` is on the
    /// terminal, or (without one) until output is followed by a second of quiet.
    /// Also the program's peak RSS then.
    static func firstScreen(_ executable: String, _ arguments: [String], marker: String?, limit: Duration) throws -> (seconds: Double, peakRSSBytes: Int?)? {
        let start = ContinuousClock.now
        let terminal = try PseudoTerminalProcess(executable, arguments, width: width, height: height)
        defer { terminal.stop() }
        let shown = marker.map { terminal.readUntilShown($0, limit: limit) } ?? terminal.readUntilQuiet(milliseconds: 1_000, limit: limit)
        guard let shown else { return nil }
        return ((shown - start).seconds, terminal.peakResidentBytes)
    }

    /// Seconds from starting docscroll, with `G` pressed as soon as its first screen
    /// is there (keys typed before it takes the terminal are dropped), to the page's
    /// last line on the terminal.
    static func endOfPage(_ executable: String, _ arguments: [String], first: String, marker: String) throws -> Double? {
        let start = ContinuousClock.now
        let terminal = try PseudoTerminalProcess(executable, arguments, width: width, height: height)
        defer { terminal.stop() }
        guard terminal.readUntilShown(first, limit: .seconds(60)) != nil else { return nil }
        terminal.send("G")
        guard let shown = terminal.readUntilShown(marker, limit: .seconds(120)) else { return nil }
        return (shown - start).seconds
    }

    /// A page where a parse finds few places to cut: what fills it.
    enum OddPage: String, CaseIterable {
        case comment = "a 100 MB comment"
        case script = "a 100 MB script"
        case attribute = "a 50 MB attribute"
        case paragraph = "one 100 MB paragraph"
        case text = "100 MB of text, no tag"
        case preformatted = "a 100 MB pre"

        /// The page's markup before and after its filler, and the filler's bytes.
        var parts: (before: String, after: String, bytes: Int) {
            switch self {
            case .comment: ("<p>before</p><!-- ", " --><p>after</p>", 100_000_000)
            case .script: ("<p>before</p><script>", "</script><p>after</p>", 100_000_000)
            case .attribute: ("<p>before</p><p title=\"", "\">after</p>", 50_000_000)
            case .paragraph: ("<p>", "</p>", 100_000_000)
            case .text: ("", "", 100_000_000)
            case .preformatted: ("<p>before</p><pre>", "</pre><p>after</p>", 100_000_000)
            }
        }
    }

    struct OddMeasurement {
        let page: OddPage
        var firstScreenSeconds: Double?
        var firstScreenRSSBytes: Int?
        var scrollPeakRSSBytes: Int?
    }

    /// The first screen of pages where safe cuts are rare: its time and the peak RSS
    /// then; and the peak RSS of a scroll through all of the page.
    static func runOddPages(docscroll: String, progress: (String) -> Void) throws -> [OddMeasurement] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-odd-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var results: [OddMeasurement] = []
        for odd in OddPage.allCases {
            let url = directory.appendingPathComponent("odd.html")
            try writeOddPage(odd, to: url)
            let marker = try marker(docscroll, [url.path, "--frame", "0", "--width", "\(width)", "--height", "\(height - 1)"], last: true)
            var measurement = OddMeasurement(page: odd)
            if let first = try firstScreen(docscroll, [url.path], marker: marker, limit: .seconds(120)) {
                measurement.firstScreenSeconds = first.seconds
                measurement.firstScreenRSSBytes = first.peakRSSBytes
            }
            let (_, stats) = try MemoryBenchmark.scrollThrough(docscroll, [url.path, "--width", "\(width)", "--height", "\(height)"])
            measurement.scrollPeakRSSBytes = stats["peakRSSBytes"] as? Int
            results.append(measurement)
            progress("\(odd.rawValue): " + (measurement.firstScreenSeconds.map { String(format: "first screen %.3f s", $0) } ?? "no first screen in time")
                + (measurement.firstScreenRSSBytes.map { ", RSS then \(SVGPlot.bytes(Double($0)))" } ?? "")
                + (measurement.scrollPeakRSSBytes.map { ", scroll-through peak RSS \(SVGPlot.bytes(Double($0)))" } ?? ""))
            try? FileManager.default.removeItem(at: url)
        }
        return results
    }

    /// Words in lines of about 80 bytes, a megabyte at a time.
    static func writeOddPage(_ odd: OddPage, to url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        let (before, after, bytes) = odd.parts
        file.write(Data(before.utf8))
        var generator = SeededGenerator(seed: 5)
        let words = ["scroll", "window", "page", "text", "layout", "line", "tile", "memory", "viewport", "cell"]
        var piece = ""
        var written = 0
        while written < bytes {
            piece.removeAll(keepingCapacity: true)
            while piece.utf8.count < 1 << 20 { piece += words.randomElement(using: &generator)! + (piece.utf8.count % 80 < 8 ? "\n" : " ") }
            file.write(Data(piece.utf8))
            written += piece.utf8.count
        }
        file.write(Data(after.utf8))
    }

    /// The targets of pages where safe cuts are rare: a first screen as fast, and a
    /// memory as bounded, as on any page, scrolled through too.
    static func checkOddPages(_ results: [OddMeasurement]) -> [String] {
        results.map { m in
            guard let first = m.firstScreenSeconds, let rss = m.firstScreenRSSBytes, let scroll = m.scrollPeakRSSBytes else {
                return "FAIL \(m.page.rawValue): no first screen within 2 minutes"
            }
            let pass = first <= 0.05 && rss <= 64 << 20 && scroll <= 64 << 20
            return String(
                format: "%@ %@: first screen %.0f ms, RSS then %@, scroll-through peak RSS %@ (targets at most 50 ms, at most 64 MB)",
                pass ? "PASS" : "FAIL", m.page.rawValue, first * 1000, SVGPlot.bytes(Double(rss)), SVGPlot.bytes(Double(scroll)))
        }
    }

    /// The targets of the windowed page (100 MB and larger pages).
    static func check(_ results: [Measurement]) -> [String] {
        var report: [String] = []
        let ours = results.filter { $0.tool == "docscroll" }
        for m in ours where m.pageBytes >= 100_000_000 {
            if let first = m.firstScreenSeconds {
                report.append(String(format: "%@ first screen of %@: %.0f ms (target at most 50 ms)", first <= 0.05 ? "PASS" : "FAIL", SVGPlot.bytes(Double(m.pageBytes)), first * 1000))
            }
            if let end = m.endSeconds {
                report.append(String(format: "%@ G on %@: last screen at %.2f s (target within 1 s of launch)", end <= 1 ? "PASS" : "FAIL", SVGPlot.bytes(Double(m.pageBytes)), end))
            }
            if let rss = m.scrollPeakRSSBytes {
                report.append(String(format: "%@ scroll-through of %@: peak RSS %@ (target at most 64 MB)", rss <= 64 << 20 ? "PASS" : "FAIL", SVGPlot.bytes(Double(m.pageBytes)), SVGPlot.bytes(Double(rss))))
            }
            if let median = m.frameMedianMilliseconds, let max = m.frameMaxMilliseconds {
                report.append(String(format: "%@ frames over %@: median %.3f ms (target under 1 ms), slowest %.1f ms (target at most 50 ms)", median < 1 && max <= 50 ? "PASS" : "FAIL", SVGPlot.bytes(Double(m.pageBytes)), median, max))
            }
        }
        return report
    }
}

extension PseudoTerminalProcess {
    /// Reads output until `text` shows in it (escape sequences left out); the time it
    /// showed, or `nil` when it did not before `limit`.
    func readUntilShown(_ text: String, limit: Duration) -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now + limit
        let wanted = Array(text.utf8)
        var plain: [UInt8] = []
        var inEscape = false
        while ContinuousClock.now < deadline {
            guard let bytes = readAvailable(timeoutMilliseconds: 100) else { return nil }
            for byte in bytes {
                if inEscape {
                    // A CSI sequence ends with a byte from @ to ~; others after one byte.
                    if byte >= 0x40 && byte <= 0x7E && byte != UInt8(ascii: "[") { inEscape = false }
                    continue
                }
                if byte == 0x1B { inEscape = true; continue }
                plain.append(byte)
            }
            if plain.count >= wanted.count, plain.suffix(wanted.count + 70_000).firstRange(of: wanted) != nil { return ContinuousClock.now }
            if plain.count > 1 << 20 { plain.removeFirst(plain.count - 100_000) }
        }
        return nil
    }
}
