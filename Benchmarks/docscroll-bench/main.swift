import BenchmarkBudgets
import Foundation
import SampleContent

/// docscroll-bench: runs the benchmark suites, each data point in a fresh process, and
/// writes their CSV files, plots and a Markdown summary into `Benchmarks/results/`.
///
///     docscroll-bench [--quick] [--suite NAME] [--runs R] [--output DIR] [--check] [--budgets FILE]
///     docscroll-bench generate-page BYTES [--seed S]      an HTML page on stdout
///     docscroll-bench generate-table ROWS [--seed S]      a JSON table on stdout
///     docscroll-bench stages PAGE... [--repeats N]        each stage of a dump of PAGE, timed on one core
///     docscroll-bench first-frame-in-parts TABLE          (run by the table suite) the viewer's first frame
let usage = """
    Usage: docscroll-bench [--quick] [--suite NAME] [--runs R] [--output DIR] [--check] [--budgets FILE]
           docscroll-bench generate-page BYTES [--seed S]
           docscroll-bench generate-table ROWS [--seed S]
           docscroll-bench stages PAGE... [--repeats N]

    Suites: \(Suites.names.joined(separator: ", ")) (all by default; --suite may be given more than once).
    --quick     a reduced set in about a minute, written to .build/bench-quick unless --output says
    --runs R    fresh processes per data point (default 3, quick 1); medians with min and max
    --check     compare with Benchmarks/budgets.json (or --budgets FILE); exit 1 on a regression
    """

let arguments = Array(CommandLine.arguments.dropFirst())

func value(of name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("docscroll-bench: error: \(message)\n".utf8))
    exit(2)
}

func progress(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The docscroll executable built beside this one.
func docscrollExecutable() -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("docscroll")
}

/// What a command prints on standard output, or `nil` when it cannot be run.
func commandOutput(_ executable: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// The first line a command prints, or `nil`.
func firstLine(_ executable: String, _ arguments: [String]) -> String? {
    commandOutput(executable, arguments)?.split(separator: "\n").first.map(String.init)
}

/// The machine and the versions the figures were measured with.
func machineDescription() -> String {
    let info = ProcessInfo.processInfo
    let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    let swift = firstLine("/usr/bin/env", ["swift", "--version"]) ?? "Swift (version unknown)"
    let libxml2 = firstLine("/usr/bin/env", ["pkg-config", "--modversion", "libxml-2.0"]) ?? "unknown"
    return "\(info.activeProcessorCount) cores (\(cpu)), \(info.physicalMemory >> 30) GiB; \(swift); libxml2 \(libxml2)"
}

switch arguments.first {
case "generate-page":
    guard arguments.count > 1, let bytes = Int(arguments[1]) else { fail("generate-page needs a size in bytes") }
    FileHandle.standardOutput.write(Data(PageGenerator.page(bytes: bytes, seed: UInt64(value(of: "--seed").flatMap(Int.init) ?? 1)).utf8))
case "generate-table":
    guard arguments.count > 1, let rows = Int(arguments[1]) else { fail("generate-table needs a row count") }
    FileHandle.standardOutput.write(Data(TableGenerator.json(rows: rows, seed: UInt64(value(of: "--seed").flatMap(Int.init) ?? 1)).utf8))
case "stages":
    guard arguments.count > 1 else { fail("stages needs a page") }
    var pages = Array(arguments.dropFirst())
    var repeats = DumpStages.repeats
    if let index = pages.firstIndex(of: "--repeats"), index + 1 < pages.count, let count = Int(pages[index + 1]) {
        repeats = max(1, count)
        pages.removeSubrange(index...(index + 1))
    }
    for path in pages {
        do {
            let measurement = try DumpStages.run(page: path, path: path, repeats: repeats)
            print(DumpStages.describe(measurement))
        } catch {
            fail("\(path): \(error)")
        }
    }
case "first-frame-in-parts":
    guard arguments.count > 1 else { fail("first-frame-in-parts needs a table") }
    do {
        try TableInPartsBenchmark.measure(path: arguments[1])
    } catch {
        fail("\(arguments[1]): \(error)")
    }
case "--help", "-h", "help":
    print(usage)
default:
    let quick = arguments.contains("--quick")
    let output = URL(fileURLWithPath: value(of: "--output") ?? (quick ? ".build/bench-quick" : "Benchmarks/results"))
    var settings = Settings(quick: quick, output: output, docscroll: docscrollExecutable().path)
    settings.runs = value(of: "--runs").flatMap(Int.init).map { max(1, $0) }
    let chosen = arguments.indices.filter { arguments[$0] == "--suite" && $0 + 1 < arguments.count }.map { arguments[$0 + 1] }
    if !chosen.isEmpty { settings.suites = chosen }
    for name in settings.suites where !Suites.names.contains(name) { fail("no suite '\(name)' (suites: \(Suites.names.joined(separator: ", ")))") }
    guard FileManager.default.isExecutableFile(atPath: settings.docscroll) else { fail("no docscroll beside this program: build it first (swift build -c release)") }

    let started = Date()
    let machine = machineDescription()
    settings.machine = machine
    progress("docscroll-bench: \(settings.quick ? "quick" : "full") run of \(settings.suites.joined(separator: ", ")); \(machine)")
    var reports: [SuiteReport] = []
    for name in settings.suites {
        progress("== \(name)")
        do {
            reports.append(try Suites.run(name, settings, progress: progress))
        } catch {
            progress("\(name): could not run: \(error)")
            reports.append(SuiteReport(name: name, markdown: "Not run: \(error)\n"))
        }
    }
    let figures = reports.reduce(into: [String: Double]()) { $0.merge($1.figures) { $1 } }
    var verdicts: [BudgetCheck.Verdict] = []
    if arguments.contains("--check") {
        let path = value(of: "--budgets") ?? "Benchmarks/budgets.json"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
        do {
            verdicts = BudgetCheck.evaluate(figures, against: try BudgetCheck.budgets(fromJSON: text))
        } catch {
            fail("\(path): \(error)")
        }
        // A miss is measured once more before it fails: noise passes the second time,
        // a regression misses twice.
        let again = BudgetCheck.suitesToMeasureAgain(verdicts)
        if !again.isEmpty {
            var second: [String: Double] = [:]
            for name in settings.suites where again.contains(name) {
                progress("== \(name), again: a budget was missed")
                if let report = try? Suites.run(name, settings, progress: progress) { second.merge(report.figures) { $1 } }
            }
            verdicts = BudgetCheck.settle(verdicts, measuredAgain: second)
        }
    }
    let summary = Summary.markdown(
        reports: reports, figures: figures, verdicts: verdicts, machine: machine, settings: settings,
        minutes: Date().timeIntervalSince(started) / 60)
    do {
        try FileManager.default.createDirectory(at: settings.output, withIntermediateDirectories: true)
        try summary.write(to: settings.output.appendingPathComponent("summary.md"), atomically: true, encoding: .utf8)
        let figureLines = figures.sorted { $0.key < $1.key }.map { "\($0.key),\($0.value)" }
        try (["figure,value"] + figureLines).joined(separator: "\n").appending("\n")
            .write(to: settings.output.appendingPathComponent("figures.csv"), atomically: true, encoding: .utf8)
    } catch {
        fail("cannot write the summary: \(error)")
    }
    for report in reports { for line in report.targets { progress(line) } }
    for verdict in verdicts { progress(verdict.line) }
    progress("written to \(settings.output.path)")
    if verdicts.contains(where: { !$0.passed }) {
        FileHandle.standardError.write(Data("docscroll-bench: a budget in Benchmarks/budgets.json was missed\n".utf8))
        exit(1)
    }
}
