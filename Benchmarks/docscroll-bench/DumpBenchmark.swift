import Foundation
import SampleContent

/// `--dump` of generated pages by docscroll and by the text-mode browsers installed
/// here, each run in a fresh process under `/usr/bin/time`: wall seconds and peak
/// resident memory.
enum DumpBenchmark {
    struct Tool {
        let name: String
        let executable: String
        let arguments: (String) -> [String]
    }

    struct Measurement {
        let tool: String
        let pageBytes: Int
        let seconds: Double
        let peakRSSBytes: Int
        /// Whether the run was stopped at the time limit (`seconds` is then the limit).
        let timedOut: Bool
        /// Seconds over the runs: median, smallest, largest.
        let spread: Spread
        /// A real page's file name; `nil` for a generated page.
        var realPage: String?

        /// Input megabytes (10^6 bytes) per second.
        var throughput: Double { Double(pageBytes) / 1e6 / seconds }
    }

    static func tools(docscroll: String) -> [Tool] {
        let candidates = [
            Tool(name: "docscroll", executable: docscroll) { [$0, "--dump", "--width", "80"] },
            Tool(name: "docscroll-expanded", executable: docscroll) { [$0, "--dump", "--width", "80", "--mode", "expanded"] },
            Tool(name: "w3m", executable: "/usr/bin/w3m") { ["-dump", "-T", "text/html", "-cols", "80", $0] },
            Tool(name: "links", executable: "/usr/bin/links") { ["-dump", "-width", "80", $0] },
            Tool(name: "lynx", executable: "/usr/bin/lynx") { ["-dump", "-width=80", "-force_html", $0] },
            Tool(name: "elinks", executable: "/usr/bin/elinks") { ["-dump", "-dump-width", "80", $0] },
            Tool(name: "html2text", executable: "/usr/bin/html2text") { ["-width", "80", $0] },
        ]
        return candidates.filter { FileManager.default.isExecutableFile(atPath: $0.executable) }
    }

    /// Real pages from Debian's documentation packages, where installed: the largest
    /// chapter of the Debian Reference, and w3m's manual in Japanese.
    static let realPages = ["/usr/share/debian-reference/ch09.en.html", "/usr/share/doc/w3m/ja/MANUAL.html"]

    /// The name of the real page of 100 MB: the Python manual's pages joined.
    static let joinedRealPage = "Python 3.11 manual, joined"

    /// Every tool on each real page installed, `runs` times (a run over 120 s is
    /// stopped, and not run again): the pages of `realPages`, and, where the Python
    /// manual is installed, 100 MB of its pages joined (as the page suite joins them).
    static func runRealPages(runs: Int, docscroll: String, progress: (String) -> Void) throws -> [Measurement] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-dump-real-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var pages = realPages.filter { FileManager.default.fileExists(atPath: $0) }.map { path in
            (path, URL(fileURLWithPath: path).pathComponents.suffix(2).joined(separator: "/"))
        }
        let bodies = PageBenchmark.realBodies()
        if !bodies.isEmpty {
            let joined = directory.appendingPathComponent("joined.html")
            try PageBenchmark.writePage(bytes: 100_000_000, bodies: bodies, to: joined)
            pages.append((joined.path, joinedRealPage))
        }
        var results: [Measurement] = []
        for (path, name) in pages {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            for tool in tools(docscroll: docscroll) {
                var samples: [(seconds: Double, rss: Int, timedOut: Bool)] = []
                for _ in 0..<runs {
                    samples.append(try TimedRun.run(tool.executable, tool.arguments(path), timeLimit: 120, directory: directory))
                    if samples.last!.timedOut { break }
                }
                var measurement = Measurement(
                    tool: tool.name, pageBytes: size, seconds: Spread(samples.map(\.seconds)).median,
                    peakRSSBytes: samples.map(\.rss).sorted()[samples.count / 2], timedOut: samples.contains { $0.timedOut },
                    spread: Spread(samples.map(\.seconds)))
                measurement.realPage = name
                results.append(measurement)
                progress(String(format: "%@ %@: %.3f s, %d MiB", tool.name, name, measurement.seconds, measurement.peakRSSBytes >> 20))
            }
        }
        return results
    }

    /// Runs every tool on a page of each size, `runs` times; medians are reported. A
    /// run longer than `timeLimit` seconds is stopped (lynx slows down more than
    /// linearly on large pages), and the tool is not run on larger pages.
    static func run(sizes: [Int], runs: Int, timeLimit: Int, docscroll: String, progress: (String) -> Void) throws -> [Measurement] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-dump-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var results: [Measurement] = []
        var tooSlow: Set<String> = []
        for size in sizes {
            let page = directory.appendingPathComponent("page-\(size).html")
            try Data(PageGenerator.page(bytes: size, seed: 7).utf8).write(to: page)
            for tool in tools(docscroll: docscroll) where !tooSlow.contains(tool.name) {
                var samples: [(seconds: Double, rss: Int, timedOut: Bool)] = []
                for _ in 0..<runs {
                    let sample = try TimedRun.run(tool.executable, tool.arguments(page.path), timeLimit: timeLimit, directory: directory)
                    samples.append(sample)
                    if sample.timedOut { break }
                }
                let timedOut = samples.contains { $0.timedOut }
                if timedOut { tooSlow.insert(tool.name) }
                let seconds = timedOut ? Double(timeLimit) : samples.map(\.seconds).sorted()[samples.count / 2]
                let rss = samples.map(\.rss).sorted()[samples.count / 2]
                let measurement = Measurement(
                    tool: tool.name, pageBytes: size, seconds: seconds, peakRSSBytes: rss, timedOut: timedOut,
                    spread: Spread(samples.map(\.seconds)))
                results.append(measurement)
                progress(String(
                    format: "%@ %d MB: %@%.2f s (%.1f MB/s), %d MiB", tool.name, size / 1_000_000, timedOut ? "over " : "", seconds,
                    measurement.throughput, rss >> 20))
            }
        }
        return results
    }

    /// The targets: docscroll at least twice as fast as the fastest peer on the
    /// generated pages of 10 MB and more and on the real page of 100 MB, each; its
    /// peak RSS at most twice the page's size on the pages of 100 MB.
    /// - Returns: one line a target, and whether all are met.
    static func check(_ results: [Measurement]) -> (report: [String], passed: Bool) {
        var report: [String] = []
        var passed = true
        let pages = Set(results.filter { $0.pageBytes >= 10_000_000 && ($0.realPage == nil || $0.realPage == joinedRealPage) }
            .map { PageKey(bytes: $0.pageBytes, realPage: $0.realPage) })
        for page in pages.sorted(by: { ($0.realPage ?? "", $0.bytes) < ($1.realPage ?? "", $1.bytes) }) {
            let onPage = results.filter { PageKey(bytes: $0.pageBytes, realPage: $0.realPage) == page }
            guard let ours = onPage.first(where: { $0.tool == "docscroll" }) else { continue }
            let name = (page.realPage ?? "generated") + ", " + SVGPlot.bytes(Double(page.bytes))
            let peers = onPage.filter { !$0.tool.hasPrefix("docscroll") && !$0.timedOut }
            if let fastest = peers.min(by: { $0.seconds < $1.seconds }) {
                let met = ours.seconds * 2 <= fastest.seconds
                passed = passed && met
                report.append(String(
                    format: "%@ speed, %@: docscroll %.2f s vs %@ %.2f s (%.2fx; target 2x)", met ? "PASS" : "FAIL", name, ours.seconds,
                    fastest.tool, fastest.seconds, fastest.seconds / ours.seconds))
            }
            guard page.bytes >= 100_000_000 else { continue }
            let ratio = Double(ours.peakRSSBytes) / Double(page.bytes)
            let met = ratio <= 2
            passed = passed && met
            report.append(String(
                format: "%@ memory, %@: docscroll peak RSS %d MiB (%.2fx the page; target at most 2x)", met ? "PASS" : "FAIL", name,
                ours.peakRSSBytes >> 20, ratio))
        }
        if report.isEmpty { return (["no docscroll measurement"], false) }
        return (report, passed)
    }

    /// A page measured: its size, and a real page's name.
    private struct PageKey: Hashable {
        let bytes: Int
        let realPage: String?
    }
}
