@testable import DataTable
import RenderCore
import SampleContent
import Testing

/// A record shown whole: every column and its full value, nested values indented,
/// long values wrapped.
@Suite("A record whole")
struct RecordTextTests {
    @Test func everyColumnWithItsWholeValueNestedValuesIndented() throws {
        let model = try TableModel(records: Array(#"[{"id": 7, "name": "A name far too long for any cell of a table at forty columns", "tags": ["new", {"k": null}], "missing": 1}, {"id": 8}]"#.utf8))
        #expect(RecordLines.all(columns: model.columns, values: model.row(0), width: 40) == [
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
        #expect(RecordLines.all(columns: model.columns, values: model.row(1), width: 40) == ["id: 8"])
    }

    @Test func controlsAreWrittenOutAndLongWordsCut() {
        let lines = RecordLines.all(columns: ["a\u{1B}"], values: [.string("x\ny" + String(repeating: "z", count: 30))], width: 20)
        // The long word goes to the next line, and is cut at the edge there.
        #expect(lines == ["a\\u{1B}:", "  x\\nyzzzzzzzzzzzzzz", "  zzzzzzzzzzzzzzzz"])
        #expect(lines.allSatisfy { $0.count <= 20 })
    }

    /// Nesting as deep as JSON allows is written without recursion; the indent stops
    /// at half the width.
    @Test func deepNesting() {
        var value = JSONValue.string("bottom")
        for _ in 0..<20_000 { value = .array([value]) }
        let lines = RecordLines.all(columns: ["deep"], values: [value], width: 40)
        #expect(lines.count == 20_001)
        #expect(lines.last == String(repeating: " ", count: 20) + "- bottom")
    }

    /// A record is laid out as far as its lines are asked for: a value of 4 MB
    /// shows its first lines without the rest being wrapped, its count an estimate
    /// until the end; laid out whole, it is the value, every character kept.
    @Test func aHugeValueIsLaidOutAsItsLinesAreAskedFor() {
        let huge = String(repeating: "中文 and words ", count: 250_000)
        var lines = RecordLines(columns: ["id", "text"], values: [.number("1"), .string(huge)], width: 80)
        lines.layOut(through: 30)
        #expect(lines.count <= 32 && !lines.isComplete)
        #expect(lines[0] == "id: 1" && lines[1].hasPrefix("text: 中文 and words"))
        let estimate = lines.estimatedCount
        lines.layOutAll()
        #expect(lines.isComplete && lines.estimatedCount == lines.count)
        #expect(abs(estimate - lines.count) < lines.count / 2, "estimated \(estimate), laid out \(lines.count)")
        let text = lines.laidOut.dropFirst().map { $0.hasPrefix("text: ") ? String($0.dropFirst(6)) : String($0.dropFirst(2)) }
        #expect(text.joined(separator: " ").split(separator: " ") == huge.split(separator: " "), "every word, in order")
    }

    /// Wrapped a line at a time, a value's lines fit the width, those after the first
    /// start with the continuation, and between them they hold the text: every
    /// character but the spaces the breaks took, in order. For words, CJK, long words,
    /// combining marks, runs of spaces and emoji, at every width from 8 to 40.
    @Test func linesWrappedOneAtATimeFitAndHoldTheText() {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["word", "中文字", "a", "averyveryverylongwordindeed", "e\u{301}", "  ", " ", "👩‍👩‍👧", "x,y"]
        var breaks = 0
        for _ in 0..<200 {
            let text = "label: " + (0..<Int(generator.next() % 40)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined(separator: " ")
            for width in 8...40 {
                var wrapped = WrappedLines(text, width: width, continuation: "  ")
                var lines: [String] = []
                while let line = wrapped.next() { lines.append(line) }
                #expect(lines.allSatisfy { TextWidth.columns(of: $0) <= width }, "\(text.debugDescription) at \(width)")
                #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
                let held = ([lines[0]] + lines.dropFirst().map { String($0.dropFirst(2)) }).joined()
                #expect(held.filter { $0 != " " } == text.filter { $0 != " " }, "\(text.debugDescription) at \(width)")
                breaks += lines.count - 1
            }
        }
        #expect(breaks > 10_000)
    }
}
