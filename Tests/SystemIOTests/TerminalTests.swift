import RenderCore
import Testing
@testable import SystemIO

@Suite("Frame writing")
struct ANSIFrameWriterTests {
    func frame(_ lines: [String], style: Style = .plain) -> FrameBuffer {
        var buffer = FrameBuffer(width: 10, height: lines.count)
        for (row, line) in lines.enumerated() { buffer.draw(line, style: style, column: 0, row: row) }
        return buffer
    }

    @Test func firstFrameIsDrawnWholeThenOnlyChangedRows() {
        var writer = ANSIFrameWriter(colors: .none)
        let first = writer.update(to: frame(["one", "two", "three"]))
        // Drawn whole, every cell over what was there, without clearing first.
        #expect(first.hasPrefix("\u{1B}[1;1Hone       "))
        #expect(!first.contains("\u{1B}[2J"))
        #expect(first.contains("one") && first.contains("two") && first.contains("three"))
        let second = writer.update(to: frame(["one", "TWO", "three"]))
        // Only the changed cells: columns 1 to 3 of row 2.
        #expect(second == "\u{1B}[2;1HTWO")
        #expect(writer.update(to: frame(["one", "TWO", "three"])) == "")
        #expect(writer.update(to: frame(["one", "TwO", "three"])) == "\u{1B}[2;2Hw")
        #expect(writer.update(to: frame(["one", "TWO", "three"])) == "\u{1B}[2;2HW")
        writer.invalidate()
        #expect(writer.update(to: frame(["one", "TWO", "three"])).contains("one"))
    }

    @Test func stylesBecomeSGRSequences() {
        #expect(ANSIFrameWriter.sgr(Style(.bold)) == "\u{1B}[0;1m")
        #expect(ANSIFrameWriter.sgr(Style([.underline, .italic], foreground: .blue)) == "\u{1B}[0;3;4;34m")
        #expect(ANSIFrameWriter.sgr(Style(foreground: Color(paletteIndex: 200))) == "\u{1B}[0;38;5;200m")
        let row = ANSIFrameWriter.styledRow(frame(["ab"], style: Style(.bold)), row: 0, colors: .palette)
        #expect(row == "\u{1B}[0;1mab\u{1B}[0m        ")
        // Without colours, attributes stay (a plain terminal still shows reverse video).
        #expect(ANSIFrameWriter.styledRow(frame(["ab"], style: Style(.bold, foreground: .red)), row: 0, colors: .none) == "\u{1B}[0;1mab\u{1B}[0m        ")
        #expect(ANSIFrameWriter.styledRow(frame(["ab"], style: Style(.bold, foreground: .red)), row: 0, colors: .palette) == "\u{1B}[0;1;31mab\u{1B}[0m        ")
    }

    /// True colours go as `38;2`/`48;2` to a terminal that has them and as the
    /// nearest palette colour to one that does not; backgrounds as 40-47, 100-107 or
    /// `48;5`; none at all without colours.
    @Test func trueColoursAndBackgroundsFollowTheColourDepth() {
        let style = Style(foreground: Color(rgb: 0xFF8000), background: Color(rgb: 0x000080))
        let cells = frame(["ab"], style: style)
        #expect(ANSIFrameWriter.styledRow(cells, row: 0, colors: .trueColor) == "\u{1B}[0;38;2;255;128;0;48;2;0;0;128mab\u{1B}[0m        ")
        #expect(ANSIFrameWriter.styledRow(cells, row: 0, colors: .palette) == "\u{1B}[0;38;5;208;48;5;18mab\u{1B}[0m        ")
        #expect(ANSIFrameWriter.styledRow(cells, row: 0, colors: .none) == "ab        ")
        #expect(ANSIFrameWriter.sgr(Style(background: .blue)) == "\u{1B}[0;44m")
        #expect(ANSIFrameWriter.sgr(Style(background: Color(paletteIndex: 9))) == "\u{1B}[0;101m")
        #expect(ColorDepth.of(environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorDepth.of(environment: ["COLORTERM": "24bit"]) == .trueColor)
        #expect(ColorDepth.of(environment: ["TERM": "xterm-256color"]) == .palette)
    }

    @Test func contentNeverWritesEscapeBytes() {
        var writer = ANSIFrameWriter(colors: .none)
        let output = writer.update(to: frame(["a\u{1B}[31mb", "\u{9B}2J"]))
        // Our own: a cursor move per row.
        #expect(output.utf8.filter { $0 == 0x1B }.count == 2)
        #expect(output.contains("a\u{FFFD}[31mb"))
        #expect(!output.unicodeScalars.contains("\u{9B}"))
    }

    /// A terminal's answer to the graphics query: kitty's `OK`, then the device
    /// attributes, 4 among them for sixel; nothing decided before the attributes.
    @Test func theGraphicsAnswerSaysWhatTheTerminalDraws() {
        let answer = { (text: String) in TerminalGraphics.support(answeredIn: Array(text.utf8)) }
        #expect(answer("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c") == TerminalGraphics.Support(kitty: true, sixel: false))
        #expect(answer("\u{1B}[?63;1;2;4;6;9;15;16;22;28c") == TerminalGraphics.Support(kitty: false, sixel: true))
        #expect(answer("\u{1B}[?1;2c") == TerminalGraphics.Support())
        #expect(answer("\u{1B}[?64;4") == nil, "the attributes not ended yet")
        #expect(answer("\u{1B}_Gi=31;OK\u{1B}\\") == nil)
        #expect(answer("\u{1B}[?62;44c")?.sixel == false, "44 is not 4")
    }

    /// The answer to `CSI 16 t`, before the device attributes: a cell's height, then
    /// its width; nothing taken from a malformed or implausible one.
    @Test func theGraphicsAnswerGivesTheCellSize() {
        let cell = { (text: String) in TerminalGraphics.support(answeredIn: Array(text.utf8))?.cellSize }
        #expect(cell("\u{1B}[6;13;6t\u{1B}[?63;4c") == TerminalGraphics.CellSize(width: 6, height: 13))
        #expect(cell("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62c") == TerminalGraphics.CellSize(width: 10, height: 20))
        #expect(cell("\u{1B}[?63;4c") == nil, "no answer")
        #expect(cell("\u{1B}[6;0;10t\u{1B}[?63c") == nil)
        #expect(cell("\u{1B}[6;20;99999t\u{1B}[?63c") == nil)
        #expect(cell("\u{1B}[6;20t\u{1B}[?63c") == nil)
        #expect(cell("\u{1B}[?63c\u{1B}[6;20;10t") == nil, "after the attributes: not asked by us")
    }
}
