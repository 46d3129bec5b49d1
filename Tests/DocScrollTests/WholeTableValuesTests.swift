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

    /// Records with short codes, middling names and long official names, as a
    /// country list has them (written for this test).
    static let places = #"""
        [{"code": "AL", "name": "Alderney Isles", "official_name": "The Federated Bailiwick of the Alderney Isles and Dependencies", "population": 2100},
         {"code": "BQ", "name": "Brecqhou", "official_name": "Seigneurie of Brecqhou", "population": 3},
         {"code": "CX", "name": "Christmas Island", "official_name": "Territory of Christmas Island", "population": 1692},
         {"code": "DG", "name": "Diego Garcia", "population": 3000},
         {"code": "EA", "name": "Ceuta and Melilla", "official_name": "Autonomous Cities of Ceuta and Melilla of the Kingdom of Spain", "population": 171278}]
        """#

    /// The frames of a table at 40, 80 and 200 columns, and at each step right until
    /// every column left shows whole: the columns planned to use the width, the first
    /// after the frozen one whole, each step revealing the next whole.
    @Test func columnPlansAt40And80And200Columns() throws {
        var text = ""
        for width in [40, 80, 200] {
            let view = try DocScrollView(
                pages: [], tables: [InputFile(name: "places.json", bytes: Array(Self.places.utf8))], options: .init(width: width, height: 7))
            var steps = 0
            repeat {
                text += "== \(width) columns, \(steps) scrolled out\n" + view.frame(at: 0).plainLines.joined(separator: "\n") + "\n"
                steps += 1
            } while view.scrollColumns(to: steps)
        }
        try assertSnapshot(text, named: "table-columns")
    }
}
