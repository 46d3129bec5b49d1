import DocumentLayout
import Foundation
import HTMLParsing

/// What each stage of a dump costs, run one after another on one core, in process:
/// libxml2 alone (no SAX callback, on the page as a parse reads it: `AttributeFilter`),
/// the parse with the model built and each fragment's links counted (a dump's parse
/// counts them, so that the fragments after number theirs), the layout (units,
/// lines), the lines made text, and writing them (to `/dev/null`), each the fastest of
/// `repeats` runs. The dump itself runs these at once on every core; this shows which
/// one bounds it.
enum DumpStages {
    struct Measurement {
        let page: String
        let pageBytes: Int
        /// Seconds of each stage, in order.
        let stages: [(name: String, seconds: Double)]
    }

    static let width = 80

    /// Runs of each stage, the fastest taken (the machine is shared).
    static let repeats = 3

    /// MB of the real page the layout stage is to get through a second, at least.
    static let layoutTarget = 200.0

    static func run(page: String, path: String, repeats: Int = repeats) throws -> Measurement {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let clock = ContinuousClock()
        var libxml2 = Duration.seconds(Int64.max)
        for _ in 0..<repeats { libxml2 = min(libxml2, try clock.measure { try HTMLParser.parseWithoutEvents(bytes) }) }
        let sink = FileHandle(forWritingAtPath: "/dev/null")
        defer { try? sink?.close() }
        let times = try PageStream.stageTimes(of: bytes, width: width, repeats: repeats) { text in sink?.write(Data(buffer: text)) }
        return Measurement(page: page, pageBytes: bytes.count, stages: [
            ("libxml2 alone", libxml2.seconds), ("parse and model", times.parse.seconds), ("layout", times.layout.seconds),
            ("lines to text", times.text.seconds), ("writing", times.write.seconds),
        ])
    }

    /// A line for the progress output and `docscroll-bench stages`: each stage's
    /// seconds and MB/s of page.
    static func describe(_ measurement: Measurement) -> String {
        let megabytes = Double(measurement.pageBytes) / 1e6
        return "\(measurement.page): " + measurement.stages
            .map { String(format: "%@ %.3f s (%.0f MB/s)", $0.name, $0.seconds, megabytes / $0.seconds) }.joined(separator: ", ")
    }
}
