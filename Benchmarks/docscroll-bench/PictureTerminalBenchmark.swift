import Foundation

/// Pictures as a reader sees them: the page of pictures (`PicturePageBenchmark.page`)
/// read in a pseudo-terminal of 200x60 cells of 10x20 pixels (its size in pixels
/// given with its size in cells), by docscroll in sixel and in symbols, and by w3m
/// with its pictures in sixel (`w3m -sixel`, each drawn by an `img2sixel` process
/// it starts). Each run: the time from launch to the first picture written (a sixel
/// sequence; in symbols, the first screen with no box's alt text left), then Space
/// pressed a number of times, each screen timed to its last byte before quiet (its
/// pictures drawn), and the resident memory of the program and of every process it
/// started, sampled every 10 ms, at its peak: w3m's pictures are decoded in its
/// children, so its own figure alone would leave them out.
enum PictureTerminalBenchmark {
    struct Measurement {
        let tool: String
        let pictures: Int
        /// Seconds from launch to the first picture drawn; `nil` when none came.
        let firstPictureSeconds: Double?
        let screens: Int
        let screenMedianMilliseconds: Double
        let screenMaxMilliseconds: Double
        /// Pictures written in sixel over the run (0 in symbols).
        let sixels: Int
        let peakTreeRSSBytes: Int
    }

    static let width: UInt16 = 200
    static let height: UInt16 = 60
    static let cell = (width: UInt16(10), height: UInt16(20))
    /// A screen is quiet, its pictures drawn, once nothing comes for this long.
    static let quietMilliseconds: Int32 = 300

    /// The tools run: docscroll in both modes, and w3m where it and `img2sixel` are
    /// installed (packages w3m and libsixel-bin).
    static func tools(docscroll: String) -> [(name: String, executable: String, arguments: [String], sixel: Bool)] {
        var tools = [
            ("docscroll sixel", docscroll, ["--images", "sixel"], true),
            ("docscroll symbols", docscroll, ["--images", "symbols"], false),
        ]
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/w3m"), FileManager.default.isExecutableFile(atPath: "/usr/bin/img2sixel") {
            tools.append(("w3m -sixel", "/usr/bin/w3m", ["-sixel", "-o", "display_image=1", "-o", "auto_image=1", "-T", "text/html"], true))
        }
        return tools
    }

    static func run(counts: [Int], screens: Int, docscroll: String, progress: (String) -> Void) throws -> [Measurement] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-picture-terminal-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sources = PicturePageBenchmark.sourcePictures()
        guard !sources.isEmpty else { fail("no pictures under /usr/share/doc (python3.11-doc installs some)") }
        var results: [Measurement] = []
        for count in counts {
            let page = try PicturePageBenchmark.page(count: count, sources: sources, in: directory)
            for tool in tools(docscroll: docscroll) {
                let measurement = try measure(tool, page: page.path, pictures: count, screens: screens)
                results.append(measurement)
                progress(String(
                    format: "%d pictures, %@: first picture %@, %d screens, median %.0f ms, max %.0f ms to quiet, %d sixels; "
                        + "peak RSS with children %@",
                    count, tool.name, measurement.firstPictureSeconds.map { String(format: "%.3f s", $0) } ?? "none",
                    measurement.screens, measurement.screenMedianMilliseconds, measurement.screenMaxMilliseconds, measurement.sixels,
                    SVGPlot.bytes(Double(measurement.peakTreeRSSBytes))))
            }
        }
        return results
    }

    private static func measure(
        _ tool: (name: String, executable: String, arguments: [String], sixel: Bool), page: String, pictures: Int, screens: Int
    ) throws -> Measurement {
        let launched = ContinuousClock.now
        let terminal = try PseudoTerminalProcess(
            tool.executable, tool.arguments + [page], width: width, height: height,
            pixelWidth: width * cell.width, pixelHeight: height * cell.height)
        defer { terminal.stop() }
        let sampler = TreeMemorySampler(root: terminal.pid)
        defer { sampler.stop() }
        var screen = TerminalScreen(width: Int(width), height: Int(height))
        var sixels = 0
        var firstPicture: ContinuousClock.Instant?
        // A sixel sequence starts with DCS (ESC P); in symbols, a picture is drawn
        // when no box shows its alt text (`picture N`) and the page's text is there.
        let take = { (bytes: [UInt8]) in
            screen.take(bytes)
            let written = zip(bytes, bytes.dropFirst()).filter { $0 == 0x1B && $1 == UInt8(ascii: "P") }.count
            sixels += written
            if firstPicture == nil, tool.sixel ? written > 0 : screen.rows.contains(where: { $0.contains("Picture 1,") })
                && !screen.rows.contains(where: { $0.contains("picture 1") }) {
                firstPicture = ContinuousClock.now
            }
        }
        _ = terminal.readUntilQuiet(milliseconds: quietMilliseconds, limit: .seconds(30), take)
        var times: [Double] = []
        for _ in 0..<screens {
            let pressed = ContinuousClock.now
            terminal.send(" ")
            guard let quiet = terminal.readUntilQuiet(milliseconds: quietMilliseconds, limit: .seconds(30), take) else { break }
            times.append((quiet - pressed).seconds * 1000)
        }
        times.sort()
        return Measurement(
            tool: tool.name, pictures: pictures, firstPictureSeconds: firstPicture.map { ($0 - launched).seconds },
            screens: times.count, screenMedianMilliseconds: times.isEmpty ? 0 : times[times.count / 2],
            screenMaxMilliseconds: times.last ?? 0, sixels: sixels, peakTreeRSSBytes: sampler.stop())
    }
}

/// The resident memory of a process and of every process under it, summed, sampled
/// on a thread of its own every 10 ms; its peak.
final class TreeMemorySampler: @unchecked Sendable {
    private let root: pid_t
    private let lock = NSLock()
    private var peak = 0
    private var stopped = false
    private var thread: Thread?

    init(root: pid_t) {
        self.root = root
        let thread = Thread { [self] in
            while !lock.withLock({ stopped }) {
                let sum = Self.treeResidentBytes(root)
                lock.withLock { peak = max(peak, sum) }
                usleep(10_000)
            }
        }
        self.thread = thread
        thread.start()
    }

    /// Stops sampling (again: nothing more); the peak sampled.
    @discardableResult
    func stop() -> Int {
        lock.withLock {
            stopped = true
            return peak
        }
    }

    /// VmRSS of `root` and of its descendants, found through each process's parent in
    /// /proc.
    static func treeResidentBytes(_ root: pid_t) -> Int {
        var children: [pid_t: [pid_t]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the name: state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(pid) }
        }
        var total = 0
        var pending = [root]
        while let pid = pending.popLast() {
            pending += children[pid] ?? []
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
                let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) })
            else { continue }
            total += kilobytes * 1024
        }
        return total
    }
}
