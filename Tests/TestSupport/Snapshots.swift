import Foundation
import Testing

/// Compares `text` with the stored snapshot `Snapshots/<name>.txt` beside the test
/// file that asks. With `RECORD_SNAPSHOTS=1` the snapshot is written instead, and the
/// test fails so that a recording is never mistaken for a pass.
package func assertSnapshot(
    _ text: String, named name: String, filePath: StaticString = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let directory = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = directory.appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        Issue.record("recorded snapshot \(name); run again without RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
        return
    }
    guard let stored = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no snapshot \(name); record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
        return
    }
    #expect(text == stored, "snapshot \(name) differs", sourceLocation: sourceLocation)
}

/// The repository's `Pages/` folder.
package let pagesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Pages")
