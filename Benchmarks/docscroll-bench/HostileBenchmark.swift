import Foundation
import SampleContent

/// Hostile and odd inputs, each run in a fresh process under GNU time: each must end
/// with a clear error (status 1, one line `docscroll: error: FILE: reason`) or with
/// output (status 0) that holds no control character (never a signal, a hang or a
/// stack trace), within 2 s and within twice its size in memory (or 48 MiB, what
/// docscroll may take for any page, for a small one).
enum HostileBenchmark {
    struct Case {
        let name: String
        /// The input file's bytes (written once), or `nil` for a path used as it is.
        let bytes: () -> [UInt8]
        /// A path to use instead of a written file (a device).
        var path: String?
        /// Arguments before the file (`--table`), after it (`--dump` is always added).
        var before: [String] = []
        var after: [String] = []
        /// A sparse file of this many bytes (its content the bytes, then holes).
        var sparseBytes: Int?
        /// Standard input: this text again and again without end (from `yes`), the
        /// page being `-`.
        var endlessInput: String?
    }

    struct Measurement {
        let name: String
        let inputBytes: Int
        let seconds: Double
        let peakRSSBytes: Int
        let status: Int32
        let problem: String?
        /// Whether it ended cleanly (status 0 or a one-line error, no control character).
        let endedCleanly: Bool
        /// Peak RSS over the bound for its size.
        let rssOverLimit: Double
    }

    static let secondsLimit = 2.0
    /// Peak RSS allowed whatever the input's size.
    static let memoryFloor = 48 << 20

    static var cases: [Case] {
        func repeated(_ text: String, _ count: Int) -> [UInt8] { Array(String(repeating: text, count: count).utf8) }
        return [
            Case(name: "40-byte ordered list starting at 2^63-1", bytes: { Array("<ol start=9223372036854775807><li>a</ol>".utf8) }),
            Case(name: "100,000 nested elements", bytes: { repeated("<div>", 100_000) + Array("deep".utf8) }),
            Case(name: "100,000 nested elements under a stylesheet", bytes: {
                Array("<style>div div { text-transform: uppercase } div:first-child::before { content: '> ' } .x div { color: red }</style>".utf8)
                    + repeated("<div>", 100_000) + Array("deep".utf8)
            }),
            Case(name: "a paragraph of 50 MB", bytes: { Array("<p>".utf8) + repeated("lorem ipsum dolor sit amet ", 50_000_000 / 27) }),
            Case(name: "a paragraph of 20 MB, a word in three bold", bytes: {
                Array("<p>".utf8) + repeated("lorem <b>ipsum</b> dolor sit amet ", 20_000_000 / 34)
            }),
            Case(name: "a pre of 50 MB", bytes: { Array("<pre>".utf8) + repeated("lorem ipsum dolor sit amet\n", 50_000_000 / 27) }),
            Case(name: "a line of 1,000,000 characters", bytes: { Array("<p>".utf8) + repeated("x", 1_000_000) }),
            Case(name: "a tag of 200,000 attributes", bytes: {
                Array(("<p " + (0..<200_000).map { "a\($0)=x" }.joined(separator: " ") + ">text</p>").utf8)
            }),
            Case(name: "control characters and C1 controls", bytes: {
                Array("<title>\u{1B}]0;x\u{7}</title><p>\u{1B}[2J\u{9B}31m \u{2028} text</p><pre>\u{1B}c</pre>".utf8)
            }),
            Case(name: "NUL bytes", bytes: { Array("<p>text".utf8) + [0, 0, 0] + Array("</p>".utf8) }),
            Case(name: "a binary file", bytes: { (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) } }),
            Case(name: "a page over the limit read whole (sparse 2 GiB, expanded)", bytes: { Array("<p>".utf8) },
                 after: ["--mode", "expanded"], sparseBytes: 2 << 30),
            Case(name: "/dev/zero as a page", bytes: { [] }, path: "/dev/zero"),
            Case(name: "/dev/urandom as a table", bytes: { [] }, path: "/dev/urandom", before: ["--table"]),
            Case(name: "JSON nested 100,000 deep", bytes: { repeated("[", 100_000) + repeated("]", 100_000) }, before: ["--table"]),
            Case(name: "one 4 MB JSON string, wrapped", bytes: { Array(("[{\"a\": \"" + String(repeating: "word ", count: 800_000) + "\"}]").utf8) },
                 before: ["--table"], after: ["--wrap"]),
            Case(name: "a JSON excerpt with a CSI", bytes: { Array("[{\"a\": 1},\n {\"b\": \u{9B}31m}]".utf8) }, before: ["--table"]),
            Case(name: "endless standard input, spool limit 8M", bytes: { [] }, after: ["--spool-limit", "8M"], endlessInput: "<p>again</p>"),
            Case(name: "a gzip bomb (1 GB of text in 1,000 members), spool limit 8M", bytes: { gzipBomb() }, after: ["--spool-limit", "8M"]),
            Case(name: "JSON Lines of one record", bytes: { Array("{\"id\": 1, \"tags\": [{\"t\": \"a\"}]}\n".utf8) }, before: ["--table"], after: ["--format", "jsonl"]),
            Case(name: "an empty JSON Lines file", bytes: { [] }, before: ["--table"], after: ["--format", "jsonl"]),
            Case(name: "a TSV with a lone quote", bytes: { Array("a\tb\n\"x\t1\n".utf8) }, before: ["--table"], after: ["--format", "tsv"]),
        ]
    }

    /// A gzip file of 1,000 members, each a megabyte of paragraphs: 1 GB of text in
    /// about a megabyte.
    static func gzipBomb() -> [UInt8] {
        let member = CompressedSample.compress(Array(String(repeating: "<p>x</p>\n", count: 1 << 20 / 9).utf8), with: "/bin/gzip")
        return Array((0..<1_000).map { _ in member }.joined())
    }

    static func run(docscroll: String, progress: (String) -> Void) throws -> (baselineRSS: Int, results: [Measurement]) {
        // (The baseline, a tiny page's peak RSS, is reported beside the bounds.)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-hostile-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tiny = directory.appendingPathComponent("tiny.html")
        try Data("<p>tiny</p>".utf8).write(to: tiny)
        let baseline = try runOnce(docscroll, [tiny.path, "--dump"], directory: directory).rss
        var results: [Measurement] = []
        for (index, hostile) in cases.enumerated() {
            var path = hostile.endlessInput == nil ? hostile.path ?? "" : "-"
            var size = 0
            if hostile.path == nil, hostile.endlessInput == nil {
                let file = directory.appendingPathComponent("case-\(index)")
                let bytes = hostile.bytes()
                try Data(bytes).write(to: file)
                size = bytes.count
                if let sparse = hostile.sparseBytes {
                    let handle = try FileHandle(forWritingTo: file)
                    try handle.truncate(atOffset: UInt64(sparse))
                    try handle.close()
                }
                path = file.path
            }
            let run = try runOnce(
                docscroll, hostile.before + [path] + hostile.after + ["--dump", "--width", "80"], directory: directory, endlessInput: hostile.endlessInput)
            if path == "-" { path = "stdin" }
            try? FileManager.default.removeItem(atPath: directory.appendingPathComponent("case-\(index)").path)
            var problem: String?
            let rssLimit = max(memoryFloor, 2 * size)
            if run.status != 0 && run.status != 1 {
                problem = "ended with status \(run.status)"
            } else if run.status == 1, !(run.errors.hasPrefix("docscroll: error: \(path): ") && run.errors.filter { $0 == "\n" }.count == 1) {
                problem = "not a one-line error: \(run.errors.prefix(200).debugDescription)"
            } else if run.status == 0, run.errors.contains("error") {
                problem = "status 0 with an error: \(run.errors.prefix(200))"
            } else if run.outputHasControls || run.errors.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) }) {
                problem = "a control character reached the output"
            } else if run.seconds > secondsLimit || run.rss > rssLimit {
                problem = [
                    run.seconds > secondsLimit ? String(format: "took %.2f s", run.seconds) : nil,
                    run.rss > rssLimit ? "peak RSS \(run.rss >> 20) MiB, over \(rssLimit >> 20) MiB" : nil,
                ].compactMap { $0 }.joined(separator: "; ")
            }
            let endedCleanly = problem == nil || run.seconds > secondsLimit || run.rss > rssLimit
            results.append(Measurement(
                name: hostile.name, inputBytes: size, seconds: run.seconds, peakRSSBytes: run.rss, status: run.status, problem: problem,
                endedCleanly: endedCleanly, rssOverLimit: Double(run.rss) / Double(rssLimit)))
            progress(String(format: "hostile: %@: status %d, %.2f s, %d MiB%@", hostile.name, run.status, run.seconds, run.rss >> 20, problem.map { " — " + $0 } ?? ""))
        }
        return (baseline, results)
    }

    /// One run under GNU time (`TimedRun`; a hang is stopped at 20 s): status,
    /// seconds, peak RSS, standard error, and whether standard output held a control
    /// character other than a line feed.
    private static func runOnce(
        _ docscroll: String, _ arguments: [String], directory: URL, endlessInput: String? = nil
    ) throws -> (status: Int32, seconds: Double, rss: Int, errors: String, outputHasControls: Bool) {
        // Endless input: `yes` writing into docscroll's standard input until it ends.
        var yes: Process?
        var input: FileHandle?
        if let endlessInput {
            let pipe = Pipe()
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: "/usr/bin/yes")
            writer.arguments = [endlessInput]
            writer.standardOutput = pipe
            writer.standardError = FileHandle.nullDevice
            try writer.run()
            yes = writer
            input = pipe.fileHandleForReading
            try pipe.fileHandleForWriting.close()
        }
        defer { yes?.terminate() }
        let run = try TimedRun.run(docscroll, arguments, timeLimit: 20, directory: directory, keepingOutput: true, standardInput: input)
        let text = try Data(contentsOf: directory.appendingPathComponent("output.txt"))
        let hasControls = text.contains { $0 < 0x20 && $0 != 0x0A } || String(decoding: text, as: UTF8.self).unicodeScalars.contains {
            (0x7F..<0xA0).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029
        }
        let errors = try String(contentsOf: directory.appendingPathComponent("errors.txt"), encoding: .utf8)
        return (run.status, run.seconds, run.rss, errors, hasControls)
    }
}
