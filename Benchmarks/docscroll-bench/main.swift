import Foundation
import SampleContent

/// docscroll-bench: generates deterministic inputs and measures docscroll's two memory
/// models on them, each data point in a fresh process.
///
///     docscroll-bench generate-page BYTES [--seed S]      an HTML page on stdout
///     docscroll-bench generate-table ROWS [--seed S]      a JSON table on stdout
///     docscroll-bench container [--check]                 container core cost vs components
///     docscroll-bench table [--rows 1000,100000,1000000] [--runs R] [--check]
///                                                         first frame of large tables, vs jq
///     docscroll-bench dump [--mb 1,10,100] [--runs R] [--time-limit S] [--check]
///                                                         --dump against the text-mode browsers
///     docscroll-bench memory [--kb 100,1000,10000,100000] [--runs R] [--output DIR] [--check]
///                                                         windowed vs expanded, with plots
///     docscroll-bench latency [--large] [--output DIR]   first screen and key to screen, vs w3m and less
let usage = """
    Usage: docscroll-bench generate-page BYTES [--seed S]
           docscroll-bench generate-table ROWS [--seed S]
           docscroll-bench container [--check]
           docscroll-bench table [--rows 1000,100000,1000000] [--runs R] [--check]
           docscroll-bench dump [--mb 1,10,100] [--runs R] [--time-limit S] [--check]
           docscroll-bench memory [--kb 100,1000,10000,100000] [--runs R] [--output DIR] [--check]
           docscroll-bench latency [--large] [--output DIR]
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

switch arguments.first {
case "generate-page":
    guard arguments.count > 1, let bytes = Int(arguments[1]) else { fail("generate-page needs a size in bytes") }
    FileHandle.standardOutput.write(Data(PageGenerator.page(bytes: bytes, seed: UInt64(option("--seed", default: 1))).utf8))
case "generate-table":
    guard arguments.count > 1, let rows = Int(arguments[1]) else { fail("generate-table needs a row count") }
    FileHandle.standardOutput.write(Data(TableGenerator.json(rows: rows, seed: UInt64(option("--seed", default: 1))).utf8))
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
case "memory":
    var sizes = [100_000, 1_000_000, 10_000_000, 100_000_000]
    if let index = arguments.firstIndex(of: "--kb"), index + 1 < arguments.count {
        sizes = arguments[index + 1].split(separator: ",").compactMap { Int($0) }.map { $0 * 1_000 }
    }
    var output = "Benchmarks/results"
    if let index = arguments.firstIndex(of: "--output"), index + 1 < arguments.count { output = arguments[index + 1] }
    let results = try MemoryBenchmark.run(sizes: sizes, runs: max(1, option("--runs", default: 1)), docscroll: docscrollExecutable().path) { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    let verdict = MemoryBenchmark.check(results)
    let machine = "Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory >> 30) GiB."
    try MemoryBenchmark.write(results, verdict: verdict.report, machine: machine, to: URL(fileURLWithPath: output))
    FileHandle.standardError.write(Data((verdict.report.joined(separator: "\n") + "\nwritten to \(output)\n").utf8))
    if arguments.contains("--check"), !verdict.passed { fail("memory targets not met") }
case "latency":
    var output = "Benchmarks/results"
    if let index = arguments.firstIndex(of: "--output"), index + 1 < arguments.count { output = arguments[index + 1] }
    let results = try LatencyBenchmark.run(large: arguments.contains("--large"), docscroll: docscrollExecutable().path) { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    let machine = "Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory >> 30) GiB."
    try LatencyBenchmark.write(results, machine: machine, to: URL(fileURLWithPath: output))
default:
    print(usage)
    exit(arguments.isEmpty ? 0 : 2)
}
