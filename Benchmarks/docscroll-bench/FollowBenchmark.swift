import DocScroll
import Foundation
import SampleContent
import ScrollCore
import SystemIO

/// Following a JSON Lines file while another thread appends to it at a steady rate,
/// as the viewer follows one (`F`): the loop waits on the file's changes (inotify),
/// takes in the rows appended (`DocScrollView.followFiles`) and draws a frame at the
/// end. It measures the rows drawn a second, how long a written row takes to be
/// drawn, and what following adds to each frame (the follow call) beside the frame.
enum FollowBenchmark {
    struct Measurement {
        let rowsPerSecondWritten: Int
        let seconds: Double
        /// Rows of the table before the writes.
        let startRows: Int
        let rowsAppended: Int
        /// Rows the last frame counted: every row appended, when all were taken in.
        let rowsShown: Int
        let frames: Int
        /// Milliseconds of the follow call (the cost following adds to a frame).
        let followMedian: Double
        let followP99: Double
        /// Milliseconds of drawing the frame after it.
        let frameMedian: Double
        /// Seconds from a write to the frame that first showed its rows.
        let latencyMedian: Double
        let latencyMax: Double

        var rowsDrawnPerSecond: Double { Double(rowsShown - startRows) / seconds }
    }

    /// The targets: every row drawn as written (at 10,000 a second), within 0.5 s of
    /// its write, and under 1 ms added to a frame (median).
    static let addedCostTarget = 1.0
    static let latencyTarget = 0.5

    static func run(rowsPerSecond: Int = 10_000, seconds: Double, startRows: Int = 100_000, progress: (String) -> Void) throws -> Measurement {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-follow-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.jsonl").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        TableGenerator.jsonLines(rows: startRows, seed: 5) { handle.write(Data($0.utf8)) }

        let view = try DocScrollView(pages: [], tables: [InputFile.mapped(path)], options: .init(width: 200, height: 60))
        view.navigate(.stackBottom)
        _ = view.frame()
        let id = view.componentIDs[0]
        let watch = FileChangeWatch(paths: [path])

        // The writer: a batch every 10 ms, each stamped with when its last row went out.
        let batches = Int(seconds * 100)
        let batchRows = rowsPerSecond / 100
        let written = Written(count: batches)
        let clock = ContinuousClock()
        let start = clock.now
        let writer = Thread {
            for batch in 0..<batches {
                let first = startRows + batch * batchRows
                let lines = (first..<(first + batchRows)).map { Self.record($0) }.joined()
                // On time: the batch's moment, whatever the last write took.
                let due = start + .milliseconds(10 * batch)
                if clock.now < due { Thread.sleep(forTimeInterval: (due - clock.now).seconds) }
                handle.write(Data(lines.utf8))
                written.stamp(batch, at: clock.now)
            }
            written.finish()
        }
        writer.start()

        var follow: [Double] = []
        var frames: [Double] = []
        var latencies: [Double] = []
        var shownBatches = 0
        while true {
            var descriptor = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 100)
            watch.drain()
            let before = clock.now
            let changed = view.followFiles()
            let followed = clock.now
            if changed {
                _ = view.frame()
                let drawn = clock.now
                follow.append((followed - before).seconds * 1_000)
                frames.append((drawn - followed).seconds * 1_000)
                let dataRows = view.rowCount(of: id) - 2
                while shownBatches < batches, dataRows >= startRows + (shownBatches + 1) * batchRows, let at = written.time(of: shownBatches) {
                    latencies.append((drawn - at).seconds)
                    shownBatches += 1
                }
            }
            if written.isFinished, shownBatches == batches { break }
            if written.isFinished, clock.now - start > .seconds(seconds + 5) { break }
        }
        let elapsed = (clock.now - start).seconds
        try handle.close()
        let measurement = Measurement(
            rowsPerSecondWritten: rowsPerSecond, seconds: elapsed, startRows: startRows, rowsAppended: batches * batchRows,
            rowsShown: view.rowCount(of: id) - 2, frames: frames.count,
            followMedian: percentile(follow, 0.5), followP99: percentile(follow, 0.99), frameMedian: percentile(frames, 0.5),
            latencyMedian: percentile(latencies, 0.5), latencyMax: latencies.max() ?? .nan)
        progress(String(
            format: "follow: %d rows appended at %d a second, %d shown, %d frames; follow call %.3f ms median (p99 %.3f), frame %.3f ms; write to screen %.3f s median, %.3f s at most",
            measurement.rowsAppended, rowsPerSecond, measurement.rowsShown - startRows, measurement.frames, measurement.followMedian,
            measurement.followP99, measurement.frameMedian, measurement.latencyMedian, measurement.latencyMax))
        return measurement
    }

    /// One appended row: a record like the table's own.
    static func record(_ index: Int) -> String {
        #"{"id": \#(index), "name": "appended row \#(index)", "category": "log", "value": \#(index % 997), "ok": true}"# + "\n"
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
    }

    static func check(_ m: Measurement) -> [String] {
        let all = m.rowsShown - m.startRows == m.rowsAppended
        return [
            String(
                format: "%@ rows: %d of %d rows appended at %d a second drawn, %.0f a second (target: all, as written)",
                all ? "PASS" : "FAIL", m.rowsShown - m.startRows, m.rowsAppended, m.rowsPerSecondWritten, m.rowsDrawnPerSecond),
            String(
                format: "%@ cost: following adds %.3f ms to a frame (median; p99 %.3f; target under 1 ms)",
                m.followMedian < addedCostTarget ? "PASS" : "FAIL", m.followMedian, m.followP99),
            String(
                format: "%@ latency: a row written is drawn within %.3f s (median %.3f; target within 0.5 s)",
                m.latencyMax <= latencyTarget ? "PASS" : "FAIL", m.latencyMax, m.latencyMedian),
        ]
    }
}

/// When each batch of the writer went out, shared with the loop that follows.
private final class Written: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [ContinuousClock.Instant?]
    private var finished = false

    init(count: Int) { times = Array(repeating: nil, count: count) }

    func stamp(_ batch: Int, at time: ContinuousClock.Instant) {
        lock.withLock { times[batch] = time }
    }

    func time(of batch: Int) -> ContinuousClock.Instant? {
        lock.withLock { times[batch] }
    }

    func finish() { lock.withLock { finished = true } }

    var isFinished: Bool { lock.withLock { finished } }
}
