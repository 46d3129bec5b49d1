@testable import DataTable
import RenderCore
import SampleContent
import Testing

/// A search rules records out from their bytes (`RecordSearch`) and decodes only the
/// others: it must never rule out a row whose text holds the query.
@Suite("Searching a table's records")
struct RecordSearchTests {
    /// Values whose JSON shows otherwise than written: escapes of every kind, nested
    /// values with white space, capitals, the Kelvin sign, text beyond ASCII.
    static let values = [
        #""plain words""#, #""Line one\nline Two""#, #""tab\there""#, #""caf\u00e9 \u0041BC""#, #""a\/b\/c""#, #""back\\slash\\n""#,
        #""quote \"q\" end""#, #""bell\b form\f""#, #""\u001b[31mred""#, #""KELVIN \u212A and K""#, #""K-kelvin""#,
        #"[1, 2,  {"k": "v w"}]"#, #"{"nested": [true, null]}"#, "12.50", "-3e7", "true", "null", #""青瓷茶杯 12""#, #""Ünïcödé""#,
    ]

    /// `count` records of one to four of those values, at random.
    static func records(_ count: Int, _ random: inout SeededGenerator) -> [String] {
        (0..<count).map { _ in
            "{" + (0..<Int.random(in: 1...4, using: &random)).map { column in
                "\"c\(column)\": \(values.randomElement(using: &random)!)"
            }.joined(separator: ", ") + "}"
        }
    }

    /// Random records of those values, each searched for random pieces of every row's
    /// text and for pieces of the values' JSON: a row ruled out never holds the query.
    @Test func noRowThatHoldsTheQueryIsRuledOut() throws {
        var random = SeededGenerator(seed: 11)
        let records = Self.records(200, &random)
        let table = TableComponent(model: try TableModel(records: Array(("[" + records.joined(separator: ",\n") + "]").utf8)), width: 80)
        let rows = TableComponent.headerRows..<table.rowCount
        var queries = Set(["plain", "PLAIN", "line two", "é", "abc", "ABC", "a/b", "k", "kelvin", "u{1B}", "u{8}", "\\n", "1,2", "v w", "[true,null]"])
        for row in rows {
            let text = Array(table.searchableText(row: row, width: 80))
            for _ in 0..<6 where !text.isEmpty {
                let start = Int.random(in: 0..<text.count, using: &random)
                let piece = String(text[start..<min(text.count, start + Int.random(in: 1...8, using: &random))])
                queries.insert(piece)
                queries.insert(piece.lowercased())
            }
        }
        for query in queries {
            for row in rows {
                let holds = TextSearch.contains(query, in: table.searchableText(row: row, width: 80))
                #expect(table.mayContain(query, row: row) || !holds, "row \(row) holds '\(query)' but was ruled out")
            }
        }
        // A row is decoded only where its JSON has the query's longest run without
        // spaces (in any case, for a query without capitals) or an escape shown
        // otherwise than written.
        let escapes = ["\\u", "\\/", "\\b", "\\f"]
        for (query, run) in [("plain", "plain"), ("line Two", "line"), ("Ünïcödé", nil), ("12 5", "12")] {
            for row in rows {
                let json = records[row - TableComponent.headerRows]
                let hasEscape = escapes.contains { json.replacingOccurrences(of: "\\\\", with: "").contains($0) }
                let expected = run.map { json.lowercased().contains($0.lowercased()) || hasEscape } ?? true
                #expect(table.mayContain(query, row: row) == expected, "'\(query)' in \(json)")
            }
        }
    }

    /// A search passes over runs of rows read as bytes (`searchStep`), down and up:
    /// every row it passes over is one `mayContain` rules out, and it stops at each
    /// row that may hold the query.
    @Test func runsPassedOverHoldNoRowThatMayMatch() throws {
        var random = SeededGenerator(seed: 12)
        let records = Self.records(3_000, &random)
        let table = TableComponent(model: try TableModel(records: Array(("[" + records.joined(separator: ",\n") + "]").utf8)), width: 80)
        let rows = TableComponent.headerRows..<table.rowCount
        for query in ["plain", "PLAIN", "line two", "abc", "ABC", "k", "kelvin", "12", "12.5", "wor", "zq", "v w", "Two"] {
            for forward in [true, false] {
                var row = forward ? rows.lowerBound : rows.upperBound - 1
                var stoppedAt: [Int] = []
                while rows.contains(row) {
                    switch table.searchStep(for: query, at: row, forward: forward) {
                    case .read:
                        stoppedAt.append(row)
                        row += forward ? 1 : -1
                    case .passOver(let count):
                        #expect(count > 0)
                        row += forward ? count : -count
                    case .laidOut, .scanned:
                        Issue.record("rows of an indexed table are not laid out or scanned past")
                        row = -1
                    }
                }
                let mayMatch = rows.filter { table.mayContain(query, row: $0) }
                #expect(Set(stoppedAt) == Set(mayMatch), "'\(query)' \(forward ? "down" : "up")")
            }
        }
    }

    /// A search through many rows decodes only those that may match.
    @Test func aSearchDecodesOnlyTheCandidates() throws {
        let model = try TableModel(records: Array(TableGenerator.json(rows: 5_000, seed: 3).utf8))
        let table = TableComponent(model: model, width: 80)
        // Planning the columns decoded a sample of rows.
        let decodedBefore = model.rowsDecoded
        let matching = (TableComponent.headerRows..<table.rowCount).filter { row in
            table.mayContain("4321", row: row) && TextSearch.contains("4321", in: table.searchableText(row: row, width: 80))
        }
        // The id of one row, the number in the name of the next.
        #expect(matching == [4_320 + TableComponent.headerRows, 4_321 + TableComponent.headerRows])
        #expect(model.rowsDecoded - decodedBefore == 2)
    }
}
