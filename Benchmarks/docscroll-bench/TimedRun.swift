import Foundation

/// One run of a program in a fresh process under GNU time: its wall time and peak
/// resident memory. With a time limit, coreutils' `timeout` stops it there.
enum TimedRun {
    static func run(
        _ executable: String, _ arguments: [String], timeLimit: Int? = nil, directory: URL
    ) throws -> (seconds: Double, rss: Int, timedOut: Bool) {
        let result = try run(executable, arguments, timeLimit: timeLimit, directory: directory, keepingOutput: false)
        return (result.seconds, result.rss, result.timedOut)
    }

    /// As `run(_:_:timeLimit:directory:)`, with the exit status, and with
    /// `keepingOutput` the standard output and error written to `output.txt` and
    /// `errors.txt` in `directory` (else thrown away); standard input is
    /// `standardInput`, or nothing.
    static func run(
        _ executable: String, _ arguments: [String], timeLimit: Int? = nil, directory: URL, keepingOutput: Bool, standardInput: FileHandle? = nil
    ) throws -> (seconds: Double, rss: Int, timedOut: Bool, status: Int32) {
        let report = directory.appendingPathComponent("time.txt")
        let limit = timeLimit.map { ["/usr/bin/timeout", String($0)] } ?? []
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "%e %M", "-o", report.path] + limit + [executable] + arguments
        if keepingOutput {
            for name in ["output.txt", "errors.txt"] { _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: nil) }
            process.standardOutput = try FileHandle(forWritingTo: directory.appendingPathComponent("output.txt"))
            process.standardError = try FileHandle(forWritingTo: directory.appendingPathComponent("errors.txt"))
        } else {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        process.standardInput = standardInput ?? FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        // timeout(1) exits with 124 when it stopped the command.
        let timedOut = timeLimit != nil && process.terminationStatus == 124
        let fields = try String(contentsOf: report, encoding: .utf8).split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, let seconds = Double(fields[fields.count - 2]), let kilobytes = Int(fields[fields.count - 1]) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return (seconds, kilobytes * 1024, timedOut, process.terminationStatus)
    }
}

/// The median of several runs, with the smallest and largest.
struct Spread {
    let median: Double
    let min: Double
    let max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        min = sorted.first ?? 0
        max = sorted.last ?? 0
    }

    /// "0.220 (0.210-0.250)" with `digits` decimals; the median alone for one run.
    func text(_ digits: Int) -> String {
        let format = "%.\(digits)f"
        let median = String(format: format, self.median)
        return min == max ? median : "\(median) (\(String(format: format, min))-\(String(format: format, max)))"
    }
}
