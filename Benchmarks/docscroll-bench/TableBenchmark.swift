import Foundation
import SampleContent

/// Time to the first frame and peak RSS of generated tables, windowed and expanded,
/// each run in a fresh process, beside `jq length` on the same file (the floor: a
/// parse of the whole file, nothing shown); and of the same records as CSV, windowed.
enum TableBenchmark {
    struct Measurement {
        let tool: String
        let rows: Int
        /// Bytes of the file read (the CSV file's for the CSV tool).
        let fileBytes: Int
        let seconds: Double
        let peakRSSBytes: Int
        /// Seconds over the runs: median, smallest, largest.
        let spread: Spread

        /// Peak RSS over the file's size.
        var memoryRatio: Double { Double(peakRSSBytes) / Double(fileBytes) }
    }

    static func run(rowCounts: [Int], runs: Int, docscroll: String, progress: (String) -> Void) throws -> [Measurement] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-table-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var results: [Measurement] = []
        for rows in rowCounts {
            let file = directory.appendingPathComponent("table-\(rows).json")
            let json = Data(TableGenerator.json(rows: rows, seed: 3).utf8)
            try json.write(to: file)
            let csvFile = directory.appendingPathComponent("table-\(rows).csv")
            let csv = Data(TableGenerator.csv(rows: rows, seed: 3).utf8)
            try csv.write(to: csvFile)
            let frame = ["--frame", "0", "--width", "100", "--height", "40"]
            var tools: [(String, String, [String], Int)] = [
                ("windowed", docscroll, ["--table", file.path, "--mode", "windowed"] + frame, json.count),
                ("expanded", docscroll, ["--table", file.path, "--mode", "expanded"] + frame, json.count),
                ("windowed CSV", docscroll, ["--table", csvFile.path, "--mode", "windowed"] + frame, csv.count),
            ]
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") { tools.append(("jq length", "/usr/bin/jq", ["length", file.path], json.count)) }
            for (tool, executable, arguments, fileBytes) in tools {
                var samples: [(Double, Int)] = []
                for _ in 0..<runs {
                    let sample = try TimedRun.run(executable, arguments, directory: directory)
                    samples.append((sample.seconds, sample.rss))
                }
                let measurement = Measurement(
                    tool: tool, rows: rows, fileBytes: fileBytes, seconds: samples.map(\.0).sorted()[runs / 2],
                    peakRSSBytes: samples.map(\.1).sorted()[runs / 2], spread: Spread(samples.map(\.0)))
                results.append(measurement)
                progress(String(
                    format: "%@, %d rows (%.1f MB): %.2f s, %d MiB (%.2fx the file)", tool, rows, Double(fileBytes) / 1e6,
                    measurement.seconds, measurement.peakRSSBytes >> 20, measurement.memoryRatio))
            }
        }
        return results
    }

    /// Seconds of `--dump` of a table of long text values, without and with `--wrap`
    /// (medians of `runs` fresh processes): wrapping must stay linear in the text, a
    /// small factor over the plain dump, as `rows` grows and as a value grows to
    /// megabytes.
    static func wrapping(rows: Int, runs: Int, docscroll: String) throws -> (plain: Double, wrapped: Double, oneLongValue: Double) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-wrap-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("text.json")
        let records = (0..<rows).map { row in #"{"id": \#(row), "text": "\#(String(repeating: "lorem ipsum dolor \(row) ", count: 50))"}"# }
        try Data(("[" + records.joined(separator: ",\n") + "]").utf8).write(to: file)
        let long = directory.appendingPathComponent("long.json")
        try Data(("[{\"text\": \"" + String(repeating: "word ", count: 800_000) + "\"}]").utf8).write(to: long)
        func median(_ arguments: [String]) throws -> Double {
            let seconds = try (0..<runs).map { _ in try TimedRun.run(docscroll, arguments, directory: directory).seconds }.sorted()
            return seconds[runs / 2]
        }
        return (
            try median(["--table", file.path, "--dump", "--width", "100"]),
            try median(["--table", file.path, "--dump", "--width", "100", "--wrap"]),
            try median(["--table", long.path, "--dump", "--width", "100", "--wrap"]))
    }

    /// `--dump` of a table of `rows` rows (each row measured for the column widths, then
    /// written), beside `jq -c '.[]'` on the same file (a parse and a line a record,
    /// nothing measured or aligned): seconds over `runs` fresh processes, and the
    /// median's peak RSS, each `nil` where its program is missing.
    static func dump(rows: Int, runs: Int, docscroll: String) throws -> (file: Int, docscroll: (Spread, Int), jq: (Spread, Int)?) {
        try withGeneratedTable(rows: rows, in: "docscroll-table-dump") { directory, file, bytes in
            func measure(_ executable: String, _ arguments: [String]) throws -> (Spread, Int) {
                let samples = try (0..<runs).map { _ in try TimedRun.run(executable, arguments, directory: directory) }.sorted { $0.seconds < $1.seconds }
                return (Spread(samples.map(\.seconds)), samples[runs / 2].rss)
            }
            let jq = FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") ? try measure("/usr/bin/jq", ["-c", ".[]", file.path]) : nil
            return (bytes, try measure(docscroll, ["--table", file.path, "--dump", "--width", "100"]), jq)
        }
    }

    /// Calls `body` with a directory of its own (`name` and the process id; removed
    /// after), a JSON table of `rows` generated rows in it, and that file's size.
    static func withGeneratedTable<Result>(rows: Int, in name: String, _ body: (URL, URL, Int) throws -> Result) throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("table-\(rows).json")
        let json = Data(TableGenerator.json(rows: rows, seed: 3).utf8)
        try json.write(to: file)
        return try body(directory, file, json.count)
    }

    /// The targets for the largest table: a windowed first frame in under a second,
    /// with peak RSS under half the file's size.
    static func check(_ results: [Measurement]) -> (report: [String], passed: Bool) {
        guard let rows = results.map(\.rows).max(),
            let windowed = results.first(where: { $0.tool == "windowed" && $0.rows == rows })
        else { return (["no windowed measurement"], false) }
        let fast = windowed.seconds < 1
        let small = windowed.memoryRatio < 0.5
        var report = [
            String(format: "%@ time: first frame of %d rows in %.2f s (target under 1 s)", fast ? "PASS" : "FAIL", rows, windowed.seconds),
            String(format: "%@ memory: peak RSS %.2fx the file (target under 0.5x)", small ? "PASS" : "FAIL", windowed.memoryRatio),
        ]
        var passed = fast && small
        if let csv = results.first(where: { $0.tool == "windowed CSV" && $0.rows == rows }) {
            let csvFast = csv.seconds < 1
            let csvSmall = csv.memoryRatio < 0.5
            passed = passed && csvFast && csvSmall
            report += [
                String(format: "%@ CSV time: first frame of %d rows in %.2f s (target under 1 s)", csvFast ? "PASS" : "FAIL", rows, csv.seconds),
                String(format: "%@ CSV memory: peak RSS %.2fx the file (target under 0.5x)", csvSmall ? "PASS" : "FAIL", csv.memoryRatio),
            ]
        }
        if let expanded = results.first(where: { $0.tool == "expanded" && $0.rows == rows }) {
            report.append(String(
                format: "expanded: %.2f s, peak RSS %.1fx the file, %.0fx windowed", expanded.seconds, expanded.memoryRatio,
                Double(expanded.peakRSSBytes) / Double(windowed.peakRSSBytes)))
        }
        return (report, passed)
    }
}
