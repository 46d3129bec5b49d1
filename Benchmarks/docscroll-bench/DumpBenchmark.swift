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

    /// Runs every tool on a page of each size, `runs` times; medians are reported.
    static func run(sizes: [Int], runs: Int, docscroll: String, progress: (String) -> Void) throws -> [Measurement] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-dump-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var results: [Measurement] = []
        for size in sizes {
            let page = directory.appendingPathComponent("page-\(size).html")
            try Data(PageGenerator.page(bytes: size, seed: 7).utf8).write(to: page)
            for tool in tools(docscroll: docscroll) {
                var samples: [(Double, Int)] = []
                for _ in 0..<runs {
                    samples.append(try timed(tool.executable, tool.arguments(page.path), directory: directory))
                }
                let seconds = samples.map(\.0).sorted()[runs / 2]
                let rss = samples.map(\.1).sorted()[runs / 2]
                results.append(Measurement(tool: tool.name, pageBytes: size, seconds: seconds, peakRSSBytes: rss))
                progress(String(format: "%@ %d MB: %.2f s, %d MiB", tool.name, size / 1_000_000, seconds, rss >> 20))
            }
        }
        return results
    }

    /// Wall time and peak RSS of one run, from GNU time.
    private static func timed(_ executable: String, _ arguments: [String], directory: URL) throws -> (Double, Int) {
        let report = directory.appendingPathComponent("time.txt")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%e %M", "-o", report.path, executable] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let fields = try String(contentsOf: report, encoding: .utf8).split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let seconds = Double(fields[fields.count - 2]), let kilobytes = Int(fields[fields.count - 1]) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return (seconds, kilobytes * 1024)
    }
}
