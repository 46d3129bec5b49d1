import DocScroll
import Foundation
import TestSupport
import Testing

/// A table's dump loses nothing: every value of every record whole, at any width.
@Suite("Whole table values")
struct WholeTableValuesTests {
    /// Debian's iso-codes tables (installed with the `iso-codes` package): real records
    /// nobody here wrote, with names longer than any column cap.
    static let folder = URL(fileURLWithPath: "/usr/share/iso-codes/json")

    static var files: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.lastPathComponent.hasPrefix("iso_") && $0.pathExtension == "json" }
            .sorted { $0.path < $1.path }
    }

    /// The records of an iso-codes file as Foundation's JSON reader (the reference) has
    /// them: the array under the file's one key, each record's values as text.
    static func records(_ bytes: Data) throws -> [[String: String]] {
        let top = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        let array = try #require(top.values.first as? [[String: Any]])
        return array.map { $0.mapValues { "\($0)" } }
    }

    @Test(arguments: [40, 80, 200])
    func everyIsoCodesValueIsWholeInTheDump(width: Int) throws {
        try #require(Self.files.count >= 8, "the iso-codes package's JSON tables in \(Self.folder.path)")
        for file in Self.files {
            let bytes = try Data(contentsOf: file)
            let records = try Self.records(bytes)
            let view = try DocScrollView(pages: [], tables: [InputFile(name: file.path, bytes: [UInt8](bytes))], options: .init(width: width, height: 24))
            let lines = dumpLines(view)
            try #require(lines.count == records.count + 2, "\(file.lastPathComponent): a header, a rule and a row a record")
            let keys = Set(records.flatMap(\.keys))
            #expect(keys.allSatisfy { lines[0].contains($0) }, "\(file.lastPathComponent): every key is a column")
            var cut = 0
            for (index, record) in records.enumerated() {
                for value in record.values where !lines[index + 2].contains(value) {
                    cut += 1
                    if cut <= 3 { Issue.record("\(file.lastPathComponent) at \(width): '\(value)' not whole in \(lines[index + 2])") }
                }
            }
            #expect(cut == 0, "\(file.lastPathComponent) at \(width): \(cut) values cut")
            if !records.contains(where: { $0.values.contains { $0.contains("…") } }) {
                #expect(!lines.contains { $0.contains("…") }, "\(file.lastPathComponent) at \(width): nothing is cut with …")
            }
        }
    }
}
