import Foundation
import SampleContent

/// docscroll-bench: generates deterministic inputs and measures docscroll's two memory
/// models on them, each data point in a fresh process.
///
///     docscroll-bench generate-page BYTES [--seed S]      an HTML page on stdout
///     docscroll-bench generate-table ROWS [--seed S]      a JSON table on stdout
///     docscroll-bench memory [--bytes N] [--runs R]       expanded vs windowed, CSV on stdout
///     docscroll-bench container [--check]                 container core cost vs components
///     docscroll-bench table [--rows 1000,100000,1000000] [--runs R] [--check]
///                                                         first frame of large tables, vs jq
///     docscroll-bench dump [--mb 1,10,100] [--runs R] [--time-limit S] [--check]
///                                                         --dump against the text-mode browsers
///     docscroll-bench tiles [--kb 100,1000,10000,100000] [--runs R] [--output DIR] [--check]
///                                                         windowed vs expanded tiles, with plots
let usage = """
    Usage: docscroll-bench generate-page BYTES [--seed S]
           docscroll-bench generate-table ROWS [--seed S]
           docscroll-bench memory [--bytes N] [--runs R] [--check]
           docscroll-bench container [--check]
           docscroll-bench table [--rows 1000,100000,1000000] [--runs R] [--check]
           docscroll-bench dump [--mb 1,10,100] [--runs R] [--time-limit S] [--check]
           docscroll-bench tiles [--kb 100,1000,10000,100000] [--runs R] [--output DIR] [--check]
    """

let arguments = Array(CommandLine.arguments.dropFirst())

@MainActor func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]) else {
        return value
    }
    return number
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("docscroll-bench: error: \(message)\n".utf8))
    exit(2)
}

/// The docscroll executable built beside this one.
func docscrollExecutable() -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("docscroll")
}

/// Runs docscroll and returns its `--stats` object and the wall time.
func measure(_ arguments: [String]) -> (stats: [String: Any], seconds: Double) {
    let process = Process()
    process.executableURL = docscrollExecutable()
    process.arguments = arguments + ["--stats"]
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    let start = Date()
    do { try process.run() } catch { fail("cannot run \(process.executableURL?.path ?? "docscroll"): \(error)") }
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(start)
    guard process.terminationStatus == 0,
          let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last,
          let stats = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { fail("docscroll failed: \(String(decoding: data, as: UTF8.self))") }
    return (stats, seconds)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

switch arguments.first {
case "generate-page":
    guard arguments.count > 1, let bytes = Int(arguments[1]) else { fail("generate-page needs a size in bytes") }
    FileHandle.standardOutput.write(Data(PageGenerator.page(bytes: bytes, seed: UInt64(option("--seed", default: 1))).utf8))
case "generate-table":
    guard arguments.count > 1, let rows = Int(arguments[1]) else { fail("generate-table needs a row count") }
    FileHandle.standardOutput.write(Data(TableGenerator.json(rows: rows, seed: UInt64(option("--seed", default: 1))).utf8))
case "memory":
    let bytes = option("--bytes", default: 10_000_000)
    let runs = max(1, option("--runs", default: 3))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("page.html")
    let table = directory.appendingPathComponent("items.json")
    try Data(PageGenerator.page(bytes: bytes, seed: 1).utf8).write(to: page)
    try Data(TableGenerator.json(rows: 1_000, seed: 1).utf8).write(to: table)
    print("mode,pageBytes,run,seconds,peakRSSBytes,tileBytesPeak,tilesBuilt,layoutLines,rowsMaterialized")
    var peaks: [String: [Double]] = [:]
    var tileBytes: [String: Int] = [:]
    for mode in ["expanded", "windowed"] {
        for run in 1...runs {
            let (stats, seconds) = measure([page.path, "--table", table.path, "--frame", "5000", "--width", "80", "--height", "24", "--mode", mode])
            let rss = stats["peakRSSBytes"] as? Int ?? 0
            let tiles = stats["tileBytesPeak"] as? Int ?? 0
            print("\(mode),\(bytes),\(run),\(String(format: "%.3f", seconds)),\(rss),\(tiles),\(stats["tilesBuilt"] ?? 0),\(stats["layoutLines"] ?? 0),\(stats["rowsMaterialized"] ?? 0)")
            peaks[mode, default: []].append(Double(rss))
            tileBytes[mode] = tiles
            FileHandle.standardError.write(Data("\(mode) run \(run): \(rss / 1_048_576) MiB peak RSS, \(tiles / 1024) KiB tiles\n".utf8))
        }
    }
    let expanded = median(peaks["expanded"] ?? [])
    let windowed = median(peaks["windowed"] ?? [])
    let summary = String(
        format: "page %.1f MB: peak RSS expanded %.0f MiB, windowed %.0f MiB (%.1fx); tile bytes expanded %d KiB, windowed %d KiB\n",
        Double(bytes) / 1e6, expanded / 1_048_576, windowed / 1_048_576, windowed > 0 ? expanded / windowed : 0,
        (tileBytes["expanded"] ?? 0) / 1024, (tileBytes["windowed"] ?? 0) / 1024)
    FileHandle.standardError.write(Data(summary.utf8))
    if arguments.contains("--check"), !(windowed < expanded && (tileBytes["windowed"] ?? 0) * 10 < (tileBytes["expanded"] ?? 0)) {
        fail("windowed mode did not use less memory than expanded mode")
    }
case "container":
    print("components,buildMilliseconds,layoutNanoseconds,scrollStepNanoseconds,extentChangeNanoseconds")
    let results = ContainerBenchmark.run(componentCounts: [10, 1_000, 100_000])
    for result in results {
        print(String(format: "%d,%.2f,%.0f,%.0f,%.0f", result.components, result.buildMilliseconds, result.layoutNanoseconds, result.scrollStepNanoseconds, result.extentChangeNanoseconds))
    }
    if let small = results.first, let large = results.last {
        // log2(100,000) / log2(10) is about 5; allow twice that for cache effects.
        let bound = 2 * log2(Double(large.components)) / log2(Double(small.components))
        let stepRatio = large.scrollStepNanoseconds / small.scrollStepNanoseconds
        let layoutRatio = large.layoutNanoseconds / small.layoutNanoseconds
        FileHandle.standardError.write(Data(String(
            format: "scroll step x%.1f, layout x%.1f from %d to %d components (bound x%.1f)\n",
            stepRatio, layoutRatio, small.components, large.components, bound).utf8))
        if arguments.contains("--check"), stepRatio > bound || layoutRatio > bound {
            fail("container cost grows faster than log n")
        }
    }
case "table":
    var rowCounts = [1_000, 100_000, 1_000_000]
    if let index = arguments.firstIndex(of: "--rows"), index + 1 < arguments.count {
        rowCounts = arguments[index + 1].split(separator: ",").compactMap { Int($0) }
    }
    print("tool,rows,fileBytes,seconds,peakRSSBytes")
    let results = try TableBenchmark.run(rowCounts: rowCounts, runs: max(1, option("--runs", default: 3)), docscroll: docscrollExecutable().path) { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    for result in results {
        print("\(result.tool),\(result.rows),\(result.fileBytes),\(String(format: "%.3f", result.seconds)),\(result.peakRSSBytes)")
    }
    let verdict = TableBenchmark.check(results)
    FileHandle.standardError.write(Data((verdict.report.joined(separator: "\n") + "\n").utf8))
    if arguments.contains("--check"), !verdict.passed { fail("table targets not met") }
case "dump":
    var sizes = [1_000_000, 10_000_000, 100_000_000]
    if let index = arguments.firstIndex(of: "--mb"), index + 1 < arguments.count {
        sizes = arguments[index + 1].split(separator: ",").compactMap { Int($0) }.map { $0 * 1_000_000 }
    }
    let docscroll = docscrollExecutable().path
    print("tool,pageBytes,seconds,megabytesPerSecond,peakRSSBytes,timedOut")
    let results = try DumpBenchmark.run(
        sizes: sizes, runs: max(1, option("--runs", default: 3)), timeLimit: max(1, option("--time-limit", default: 120)),
        docscroll: docscroll
    ) { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    for result in results {
        print("\(result.tool),\(result.pageBytes),\(String(format: "%.3f", result.seconds)),\(String(format: "%.1f", result.throughput)),\(result.peakRSSBytes),\(result.timedOut)")
    }
    let verdict = DumpBenchmark.check(results)
    FileHandle.standardError.write(Data((verdict.report.joined(separator: "\n") + "\n").utf8))
    if arguments.contains("--check"), !verdict.passed { fail("dump targets not met") }
case "tiles":
    var sizes = [100_000, 1_000_000, 10_000_000, 100_000_000]
    if let index = arguments.firstIndex(of: "--kb"), index + 1 < arguments.count {
        sizes = arguments[index + 1].split(separator: ",").compactMap { Int($0) }.map { $0 * 1_000 }
    }
    var output = "Benchmarks/results"
    if let index = arguments.firstIndex(of: "--output"), index + 1 < arguments.count { output = arguments[index + 1] }
    let results = try TileBenchmark.run(sizes: sizes, runs: max(1, option("--runs", default: 1)), docscroll: docscrollExecutable().path) { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    let verdict = TileBenchmark.check(results)
    let machine = "Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory >> 30) GiB."
    try TileBenchmark.write(results, verdict: verdict.report, machine: machine, to: URL(fileURLWithPath: output))
    FileHandle.standardError.write(Data((verdict.report.joined(separator: "\n") + "\nwritten to \(output)\n").utf8))
    if arguments.contains("--check"), !verdict.passed { fail("tile targets not met") }
default:
    print(usage)
    exit(arguments.isEmpty ? 0 : 2)
}
