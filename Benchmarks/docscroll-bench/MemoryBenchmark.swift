import Foundation
import SampleContent

/// The memory model, measured: generated pages of growing size under a 100,000-row
/// table, windowed against expanded, at 200x60. Each data point runs in fresh
/// processes: one that draws the first frame (timed from outside, as a user waits for
/// it), one that scrolls through everything a screen at a time (`--scroll-through`:
/// frame times, peak tile bytes, peak RSS).
enum MemoryBenchmark {
    struct Measurement {
        let mode: String
        let pageBytes: Int
        /// Wall time and peak RSS of a process that draws the first frame.
        let firstFrameSeconds: Double
        let firstFrameRSSBytes: Int
        /// Of the scroll-through process.
        let frames: Int
        let frameMedianMilliseconds: Double
        let frameP99Milliseconds: Double
        let frameMaxMilliseconds: Double
        let tileBytesPeak: Int
        let peakRSSBytes: Int
        /// What else the scroll-through held at its end: the pages' models, their
        /// laid-out lines, and table rows turned into cells.
        let documentBytes: Int
        let layoutBytes: Int
        let rowsMaterialized: Int
        /// First-frame seconds and median frame milliseconds over the runs.
        var firstFrameSpread = Spread([])
        var frameMedianSpread = Spread([])
    }

    static let width = 200
    static let height = 60

    static func run(sizes: [Int], tableRows: Int, runs: Int, docscroll: String, progress: (String) -> Void) throws -> [Measurement] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-memory-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let table = directory.appendingPathComponent("items.json")
        try Data(TableGenerator.json(rows: tableRows, seed: 4).utf8).write(to: table)
        var results: [Measurement] = []
        for size in sizes {
            let page = directory.appendingPathComponent("page-\(size).html")
            try Data(PageGenerator.page(bytes: size, seed: 4).utf8).write(to: page)
            for mode in ["windowed", "expanded"] {
                let common = [page.path, "--table", table.path, "--width", "\(width)", "--height", "\(height)", "--mode", mode]
                var samples: [Measurement] = []
                for _ in 0..<runs {
                    let first = try TimedRun.run(docscroll, common + ["--frame", "0"], directory: directory)
                    let (report, stats) = try scrollThrough(docscroll, common)
                    samples.append(Measurement(
                        mode: mode, pageBytes: size, firstFrameSeconds: first.seconds, firstFrameRSSBytes: first.rss,
                        frames: report["frames"] as? Int ?? 0,
                        frameMedianMilliseconds: report["frameMedianMs"] as? Double ?? 0,
                        frameP99Milliseconds: report["frameP99Ms"] as? Double ?? 0,
                        frameMaxMilliseconds: report["frameMaxMs"] as? Double ?? 0,
                        tileBytesPeak: stats["tileBytesPeak"] as? Int ?? 0, peakRSSBytes: stats["peakRSSBytes"] as? Int ?? 0,
                        documentBytes: stats["documentBytes"] as? Int ?? 0, layoutBytes: stats["layoutBytes"] as? Int ?? 0,
                        rowsMaterialized: stats["rowsMaterialized"] as? Int ?? 0))
                }
                let measurement = median(of: samples)
                results.append(measurement)
                progress(String(
                    format: "%@ %@: first frame %.2f s; %d frames, median %.3f ms, p99 %.3f ms; tiles %@ peak; RSS %@ peak",
                    SVGPlot.bytes(Double(size)), mode, measurement.firstFrameSeconds, measurement.frames,
                    measurement.frameMedianMilliseconds, measurement.frameP99Milliseconds,
                    SVGPlot.bytes(Double(measurement.tileBytesPeak)), SVGPlot.bytes(Double(measurement.peakRSSBytes))))
            }
        }
        return results
    }

    /// Runs `--scroll-through --stats`: the report from standard output, the figures
    /// from standard error.
    static func scrollThrough(_ docscroll: String, _ arguments: [String]) throws -> ([String: Any], [String: Any]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: docscroll)
        process.arguments = arguments + ["--scroll-through", "--stats"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let reportData = output.fileHandleForReading.readDataToEndOfFile()
        let statsData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        func object(_ data: Data) -> [String: Any]? {
            guard let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        guard process.terminationStatus == 0, let report = object(reportData), let stats = object(statsData) else {
            fail("docscroll --scroll-through failed: \(String(decoding: statsData, as: UTF8.self))")
        }
        return (report, stats)
    }

    /// Each figure's median over the runs.
    private static func median(of samples: [Measurement]) -> Measurement {
        func mid<T: Comparable>(_ value: (Measurement) -> T) -> T { samples.map(value).sorted()[samples.count / 2] }
        var measurement = Measurement(
            mode: samples[0].mode, pageBytes: samples[0].pageBytes, firstFrameSeconds: mid(\.firstFrameSeconds),
            firstFrameRSSBytes: mid(\.firstFrameRSSBytes), frames: mid(\.frames), frameMedianMilliseconds: mid(\.frameMedianMilliseconds),
            frameP99Milliseconds: mid(\.frameP99Milliseconds), frameMaxMilliseconds: mid(\.frameMaxMilliseconds),
            tileBytesPeak: mid(\.tileBytesPeak), peakRSSBytes: mid(\.peakRSSBytes), documentBytes: mid(\.documentBytes),
            layoutBytes: mid(\.layoutBytes), rowsMaterialized: mid(\.rowsMaterialized))
        measurement.firstFrameSpread = Spread(samples.map(\.firstFrameSeconds))
        measurement.frameMedianSpread = Spread(samples.map(\.frameMedianMilliseconds))
        return measurement
    }

    /// The targets: windowed peak tile bytes the same (within 10%) at every size and
    /// under 4 MB; expanded tile bytes at least 100x windowed at the largest size;
    /// windowed median frame time under 1 ms at every size, none over twice the
    /// smallest page's (frames do not grow with the page; they may get cheaper, as the
    /// scroll through a larger stack spends more of its frames in the page, whose
    /// frames cost less than the table's).
    static func check(_ results: [Measurement]) -> (report: [String], passed: Bool) {
        let windowed = results.filter { $0.mode == "windowed" }.sorted { $0.pageBytes < $1.pageBytes }
        guard let smallest = windowed.first, let largest = windowed.last,
              let expanded = results.first(where: { $0.mode == "expanded" && $0.pageBytes == largest.pageBytes })
        else { return (["no measurements"], false) }
        let tiles = windowed.map { Double($0.tileBytesPeak) }
        let flat = (tiles.max() ?? 0) <= (tiles.min() ?? 0) * 1.1
        let small = (tiles.max() ?? .infinity) < 4_000_000
        let ratio = Double(expanded.tileBytesPeak) / Double(max(1, largest.tileBytesPeak))
        let medians = windowed.map(\.frameMedianMilliseconds)
        let fast = (medians.max() ?? .infinity) < 1
        let steady = (medians.max() ?? .infinity) <= 2 * (medians.first ?? 0)
        let report = [
            String(
                format: "%@ flat: windowed peak tile bytes %@ to %@ from %@ to %@ pages (target within 10%%)", flat ? "PASS" : "FAIL",
                SVGPlot.bytes(tiles.min() ?? 0), SVGPlot.bytes(tiles.max() ?? 0), SVGPlot.bytes(Double(smallest.pageBytes)),
                SVGPlot.bytes(Double(largest.pageBytes))),
            String(format: "%@ small: windowed peak tile bytes at most %@ (target under 4 MB)", small ? "PASS" : "FAIL", SVGPlot.bytes(tiles.max() ?? 0)),
            String(
                format: "%@ ratio: expanded holds %.0fx the windowed tile bytes at %@ (target at least 100x)", ratio >= 100 ? "PASS" : "FAIL",
                ratio, SVGPlot.bytes(Double(largest.pageBytes))),
            String(
                format: "%@ frame time: windowed median %.3f to %.3f ms a frame, %.3f ms at %@ (target under 1 ms, none over 2x the smallest page's)",
                fast && steady ? "PASS" : "FAIL", medians.min() ?? 0, medians.max() ?? 0, medians.first ?? 0, SVGPlot.bytes(Double(smallest.pageBytes))),
        ]
        return (report, flat && small && ratio >= 100 && fast && steady)
    }

    /// Writes `memory.csv`, `memory.md` (the table and the verdict) and the plots
    /// `memory.svg` and `frame-time.svg` into `directory`.
    static func write(_ results: [Measurement], tableRows: Int, verdict: [String], machine: String, to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var csv = "mode,pageBytes,firstFrameSeconds,firstFrameRSSBytes,frames,frameMedianMs,frameP99Ms,frameMaxMs,tileBytesPeak,peakRSSBytes,"
        csv += "documentBytes,layoutBytes,rowsMaterialized\n"
        var markdown = """
            # Memory: windowed vs expanded

            Generated pages under a \(tableRows)-row table, viewport \(width)x\(height), tiles of 16 rows, the default
            budget (8 viewports). First frame: a fresh `docscroll --frame 0` process, wall time. The rest: a fresh
            `docscroll --scroll-through --stats` process that draws every frame a screen apart, top to bottom;
            model and layout are what it held at the end: the pages' node arrays and text (expanded) or their checkpoint index (windowed), and their laid-out lines.
            \(machine)

            | page | mode | first frame | frames | frame median | frame p99 | peak tile bytes | peak RSS | model | layout | rows drawn |
            | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |

            """
        for m in results {
            csv += "\(m.mode),\(m.pageBytes),\(String(format: "%.3f", m.firstFrameSeconds)),\(m.firstFrameRSSBytes),\(m.frames),"
            csv += "\(m.frameMedianMilliseconds),\(m.frameP99Milliseconds),\(m.frameMaxMilliseconds),\(m.tileBytesPeak),\(m.peakRSSBytes),"
            csv += "\(m.documentBytes),\(m.layoutBytes),\(m.rowsMaterialized)\n"
            markdown += String(
                format: "| %@ | %@ | %@ s | %d | %@ ms | %.3f ms | %@ | %@ | %@ | %@ | %d |\n", SVGPlot.bytes(Double(m.pageBytes)), m.mode,
                m.firstFrameSpread.text(2), m.frames, m.frameMedianSpread.text(3), m.frameP99Milliseconds, SVGPlot.bytes(Double(m.tileBytesPeak)),
                SVGPlot.bytes(Double(m.peakRSSBytes)), SVGPlot.bytes(Double(m.documentBytes)), SVGPlot.bytes(Double(m.layoutBytes)),
                m.rowsMaterialized)
        }
        markdown += "\n" + verdict.map { "- \($0)" }.joined(separator: "\n") + "\n\n![memory](memory.svg)\n\n![frame time](frame-time.svg)\n"
        func points(_ mode: String, _ value: (Measurement) -> Double) -> [(x: Double, y: Double)] {
            results.filter { $0.mode == mode }.map { (Double($0.pageBytes), value($0)) }
        }
        let memory = SVGPlot(
            title: "Peak memory vs page size (with a \(tableRows / 1000)k-row table, 200x60)", xLabel: "page size", yLabel: "bytes",
            series: [
                .init(name: "expanded: peak RSS", color: "#d62728", points: points("expanded") { Double($0.peakRSSBytes) }),
                .init(name: "expanded: peak tile bytes", color: "#d62728", dashed: true, points: points("expanded") { Double($0.tileBytesPeak) }),
                .init(name: "windowed: peak RSS", color: "#1f77b4", points: points("windowed") { Double($0.peakRSSBytes) }),
                .init(name: "windowed: peak tile bytes", color: "#1f77b4", dashed: true, points: points("windowed") { Double($0.tileBytesPeak) }),
            ])
        var time = SVGPlot(
            title: "Time per frame scrolling through, and to the first frame", xLabel: "page size", yLabel: "milliseconds",
            series: [
                .init(name: "expanded: first frame", color: "#d62728", dashed: true, points: points("expanded") { $0.firstFrameSeconds * 1000 }),
                .init(name: "windowed: first frame", color: "#1f77b4", dashed: true, points: points("windowed") { $0.firstFrameSeconds * 1000 }),
                .init(name: "expanded: median frame", color: "#d62728", points: points("expanded") { $0.frameMedianMilliseconds }),
                .init(name: "windowed: median frame", color: "#1f77b4", points: points("windowed") { $0.frameMedianMilliseconds }),
            ])
        time.yTick = { $0 >= 1 ? String(format: "%.0f ms", $0) : String(format: "%.2g ms", $0) }
        try csv.write(to: directory.appendingPathComponent("memory.csv"), atomically: true, encoding: .utf8)
        try markdown.write(to: directory.appendingPathComponent("memory.md"), atomically: true, encoding: .utf8)
        try memory.svg().write(to: directory.appendingPathComponent("memory.svg"), atomically: true, encoding: .utf8)
        try time.svg().write(to: directory.appendingPathComponent("frame-time.svg"), atomically: true, encoding: .utf8)
    }
}
