import DocScroll
import Foundation

/// Seconds of a search through a large table in the viewer's way (`DocScrollView.find`,
/// from the top, in process, the table's file mapped): a query no row holds, and one
/// only the last row holds; beside `grep -c` on the same file (the floor: the bytes
/// read once). Each the fastest of `runs` (the machine is shared). Rows that may
/// match are decoded; the others are ruled out from their bytes.
enum TableSearchBenchmark {
    struct Measurement {
        let rows: Int
        let fileBytes: Int
        let miss: Double
        let hitAtEnd: Double
        let grep: Double?
    }

    /// A query no generated row holds, and one only the last two hold (the id of the
    /// one before last, the number in the last one's name).
    static let missQuery = "no such value"
    static func nearTheEndQuery(rows: Int) -> String { String(rows - 1) }

    struct SearchFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Seconds the searches may take, at most, on 1M rows.
    static let target = 0.5

    static func run(rows: Int, runs: Int) throws -> Measurement {
        try TableBenchmark.withGeneratedTable(rows: rows, in: "docscroll-search") { directory, file, bytes in
            let view = try DocScrollView(pages: [], tables: [InputFile.mapped(file.path)], options: .init(width: 100, height: 40))
            let clock = ContinuousClock()
            func fastest(_ query: String, expecting expected: Bool) throws -> Double {
                var best = Double.infinity
                for _ in 0..<runs {
                    var result = DocScrollView.SearchResult.notFound
                    let time = clock.measure { result = view.find(query, from: nil, forward: true) }
                    guard case .found = result else {
                        if expected { throw SearchFailed(description: "the search for '\(query)' found nothing") }
                        best = min(best, time.seconds)
                        continue
                    }
                    if !expected { throw SearchFailed(description: "the search for '\(query)' found a row") }
                    best = min(best, time.seconds)
                }
                return best
            }
            let miss = try fastest(missQuery, expecting: false)
            let hit = try fastest(nearTheEndQuery(rows: rows), expecting: true)
            var grep: Double?
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/grep") {
                grep = try (0..<runs).map { _ in try TimedRun.run("/usr/bin/grep", ["-c", missQuery, file.path], directory: directory).seconds }.min()
            }
            return Measurement(rows: rows, fileBytes: bytes, miss: miss, hitAtEnd: hit, grep: grep)
        }
    }

    static func check(_ measurement: Measurement) -> [String] {
        [("a miss", measurement.miss), ("a hit near the end", measurement.hitAtEnd)].map { name, seconds in
            String(
                format: "%@ search: %@ over %d rows in %.2f s (target under %.1f s)", seconds < target ? "PASS" : "FAIL", name,
                measurement.rows, seconds, target)
        }
    }
}
