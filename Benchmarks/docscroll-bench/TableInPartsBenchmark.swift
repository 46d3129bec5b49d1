import DocScroll
import Foundation
import SampleContent

/// The first frame of a very large JSON Lines table as the viewer shows it, indexed a
/// part at a time (`DocScrollView.Options.indexesTablesInParts`): its first part when
/// the view is made, the rest after the first frame. Run in a fresh process
/// (`docscroll-bench first-frame-in-parts FILE`) that then indexes every part, so that
/// its peak RSS is the whole index's.
enum TableInPartsBenchmark {
    struct Measurement {
        let rows: Int
        let fileBytes: Int
        /// Seconds from opening the file to the first frame drawn (the fastest run).
        let firstFrame: Double
        /// Seconds to index every part after it (the fastest run).
        let indexed: Double
        /// Peak RSS of the process once every row is indexed (the largest run).
        let peakRSSBytes: Int

        var memoryRatio: Double { Double(peakRSSBytes) / Double(fileBytes) }
    }

    /// The targets: the first frame within 50 ms, peak RSS under 0.1x the file.
    static let firstFrameTarget = 0.05
    static let memoryTarget = 0.1

    static func run(rows: Int, runs: Int, bench: String, progress: (String) -> Void) throws -> Measurement {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-parts-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("table-\(rows).jsonl")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        TableGenerator.jsonLines(rows: rows, seed: 3) { handle.write(Data($0.utf8)) }
        try handle.close()
        let fileBytes = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
        progress("wrote \(rows) rows of JSON Lines (\(fileBytes >> 20) MiB)")
        var firstFrames: [Double] = []
        var indexed: [Double] = []
        var rss: [Int] = []
        for _ in 0..<runs {
            let run = try TimedRun.run(bench, ["first-frame-in-parts", file.path], directory: directory, keepingOutput: true)
            let output = try String(contentsOf: directory.appendingPathComponent("output.txt"), encoding: .utf8)
            let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            guard run.status == 0, fields.count == 3, Int(fields[2]) == rows else { throw CocoaError(.fileReadCorruptFile) }
            firstFrames.append(fields[0])
            indexed.append(fields[1])
            rss.append(run.rss)
        }
        return Measurement(
            rows: rows, fileBytes: fileBytes, firstFrame: firstFrames.min() ?? .nan, indexed: indexed.min() ?? .nan, peakRSSBytes: rss.max() ?? 0)
    }

    /// In the process `run` starts: opens `path` as the viewer does, times the first
    /// frame, indexes every part, and prints the two times and the rows.
    static func measure(path: String) throws {
        let clock = ContinuousClock()
        let start = clock.now
        let view = try DocScrollView(
            pages: [], tables: [InputFile.mapped(path)], options: .init(width: 100, height: 40, indexesTablesInParts: true))
        _ = view.frame(at: 0)
        let firstFrame = clock.now - start
        let rest = clock.measure { while view.indexesTables { view.indexTables() } }
        print(firstFrame.seconds, rest.seconds, view.stackRows - 2)
    }

    static func check(_ measurement: Measurement) -> [String] {
        let fast = measurement.firstFrame <= firstFrameTarget
        let small = measurement.memoryRatio < memoryTarget
        return [
            String(
                format: "%@ time: first frame of %d rows of JSON Lines, indexed in parts, in %.3f s (target within 0.05 s)",
                fast ? "PASS" : "FAIL", measurement.rows, measurement.firstFrame),
            String(
                format: "%@ memory: peak RSS %.3fx the file once every row is indexed (target under 0.1x)", small ? "PASS" : "FAIL",
                measurement.memoryRatio),
        ]
    }
}
