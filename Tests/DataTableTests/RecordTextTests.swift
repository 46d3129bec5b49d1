@testable import DataTable
import Testing

/// A record shown whole: every column and its full value, nested values indented,
/// long values wrapped.
@Suite("A record whole")
struct RecordTextTests {
    @Test func everyColumnWithItsWholeValueNestedValuesIndented() throws {
        let model = try TableModel(records: Array(#"[{"id": 7, "name": "A name far too long for any cell of a table at forty columns", "tags": ["new", {"k": null}], "missing": 1}, {"id": 8}]"#.utf8))
        #expect(RecordText.lines(columns: model.columns, values: model.row(0), width: 40) == [
            "id: 7",
            "name: A name far too long for any cell",
            "  of a table at forty columns",
            "tags:",
            "  - new",
            "  -",
            "    k: null",
            "missing: 1",
        ])
        // A column the record lacks is left out.
        #expect(RecordText.lines(columns: model.columns, values: model.row(1), width: 40) == ["id: 8"])
    }

    @Test func controlsAreWrittenOutAndLongWordsCut() {
        let lines = RecordText.lines(columns: ["a\u{1B}"], values: [.string("x\ny" + String(repeating: "z", count: 30))], width: 20)
        // The long word goes to the next line, and is cut at the edge there.
        #expect(lines == ["a\\u{1B}:", "  x\\nyzzzzzzzzzzzzzz", "  zzzzzzzzzzzzzzzz"])
        #expect(lines.allSatisfy { $0.count <= 20 })
    }

    /// Nesting as deep as JSON allows is written without recursion; the indent stops
    /// at half the width.
    @Test func deepNesting() {
        var value = JSONValue.string("bottom")
        for _ in 0..<20_000 { value = .array([value]) }
        let lines = RecordText.lines(columns: ["deep"], values: [value], width: 40)
        #expect(lines.count == 20_001)
        #expect(lines.last == String(repeating: " ", count: 20) + "- bottom")
    }

    /// A value past 1 MiB is shown cut there, with how much more there is (a value of
    /// 100 MB froze the viewer while it was laid out whole); a multi-byte character
    /// at the cut is kept whole or left out, never split.
    @Test func aHugeValueIsShownCutWithANote() {
        let huge = String(repeating: "中", count: 2_000_000)
        let lines = RecordText.lines(columns: ["id", "text"], values: [.number("1"), .string(huge)], width: 80)
        let shown = lines.dropFirst().joined()
        #expect(shown.utf8.count < RecordText.maximumValueBytes + 200_000)
        let words = lines.suffix(3).joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.hasSuffix("bytes more: the record view shows 1 MiB of a value; --dump writes it whole)"), "\(words.suffix(120))")
        #expect(!shown.unicodeScalars.contains("\u{FFFD}"))
        #expect(lines.count < 30_000)
    }
}
