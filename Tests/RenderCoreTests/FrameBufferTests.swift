import Testing
@testable import RenderCore

@Suite("Cells and frame buffers")
struct FrameBufferTests {
    @Test func drawsWideGraphemesWithContinuationCells() {
        var buffer = FrameBuffer(width: 6, height: 1)
        let end = buffer.draw("a中b", column: 0, row: 0)
        #expect(end == 4)
        #expect(buffer[1, 0].grapheme == "中")
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer.plainText(row: 0) == "a中b")
    }

    /// A wide grapheme cut by the right edge leaves its column blank, and text drawn
    /// after it (a line's next span: a table's border) does not land there: a `│`
    /// that is in no line of the page showed in the last column.
    @Test(arguments: ["abc中", "abc中x", "ab\u{1F600}c中"])
    func wideGraphemeStraddlingTheLimitIsNotDrawn(text: String) {
        var buffer = FrameBuffer(width: 4, height: 1)
        let end = buffer.draw(text, column: 0, row: 0)
        #expect(end == 4)
        buffer.draw("│", column: end, row: 0)
        #expect(buffer.plainText(row: 0) == (text.hasPrefix("abc") ? "abc" : "ab\u{1F600}"))
        // Inside a limit short of the buffer's width, the same.
        var wide = FrameBuffer(width: 8, height: 1)
        let cut = wide.draw(text, column: 0, row: 0, limit: 4)
        #expect(cut == 4)
        wide.draw("│", column: cut, row: 0, limit: 4)
        #expect(wide.plainText(row: 0) == (text.hasPrefix("abc") ? "abc" : "ab\u{1F600}"))
    }

    @Test func drawingOutsideTheBufferIsIgnored() {
        var buffer = FrameBuffer(width: 3, height: 2)
        buffer.draw("xyz", column: 0, row: 5)
        buffer.draw("abcdef", column: 1, row: 1)
        #expect(buffer.plainLines == ["", " ab"])
    }

    @Test func copiesRowsAndClipsToWidth() {
        var source = FrameBuffer(width: 5, height: 3)
        for row in 0..<3 { source.draw("row\(row)", column: 0, row: row) }
        var target = FrameBuffer(width: 3, height: 2)
        target.copyRows(1..<3, of: source, to: 0)
        #expect(target.plainLines == ["row", "row"])
        #expect(target[0, 1].grapheme == "r")
    }
}
