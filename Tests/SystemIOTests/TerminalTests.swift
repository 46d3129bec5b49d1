import RenderCore
import Testing
@testable import SystemIO

@Suite("Key decoding")
struct KeyDecoderTests {
    @Test(arguments: [
        ("\u{1B}[A", TerminalKey.up), ("\u{1B}[B", .down), ("\u{1B}OA", .up), ("\u{1B}[5~", .pageUp),
        ("\u{1B}[6~", .pageDown), ("\u{1B}[H", .home), ("\u{1B}[4~", .end), ("\u{1B}[Z", .backTab),
        ("\u{1B}OP", .function(1)), ("\u{1B}[1;5A", .up), ("\r", .enter), ("\u{3}", .control("c")),
        ("j", .character("j")), ("é", .character("é")), ("中", .character("中")), (" ", .character(" ")),
    ])
    func decodes(input: String, key: TerminalKey) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array(input.utf8)) == [key])
    }

    @Test func holdsIncompleteSequencesUntilTheRestArrives() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.feed([UInt8(ascii: "6")]) == [])
        #expect(decoder.feed([UInt8(ascii: "~"), UInt8(ascii: "q")]) == [.pageDown, .character("q")])
        let bytes = Array("中".utf8)
        #expect(decoder.feed(bytes.prefix(2)) == [])
        #expect(decoder.feed(bytes.suffix(1)) == [.character("中")])
    }

    @Test func aLoneEscapeIsEscapeAfterFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush() == [])
    }

    @Test func unknownSequencesAreSkipped() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[99~k".utf8)) == [.character("k")])
    }
}

@Suite("Frame writing")
struct ANSIFrameWriterTests {
    func frame(_ lines: [String], style: Style = .plain) -> FrameBuffer {
        var buffer = FrameBuffer(width: 10, height: lines.count)
        for (row, line) in lines.enumerated() { buffer.draw(line, style: style, column: 0, row: row) }
        return buffer
    }

    @Test func firstFrameIsDrawnWholeThenOnlyChangedRows() {
        var writer = ANSIFrameWriter(colors: false)
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
        let row = ANSIFrameWriter.styledRow(frame(["ab"], style: Style(.bold)), row: 0, colors: true)
        #expect(row == "\u{1B}[0;1mab\u{1B}[0m        ")
        // Without colours, attributes stay (a plain terminal still shows reverse video).
        #expect(ANSIFrameWriter.styledRow(frame(["ab"], style: Style(.bold, foreground: .red)), row: 0, colors: false) == "\u{1B}[0;1mab\u{1B}[0m        ")
        #expect(ANSIFrameWriter.styledRow(frame(["ab"], style: Style(.bold, foreground: .red)), row: 0, colors: true) == "\u{1B}[0;1;31mab\u{1B}[0m        ")
    }

    @Test func contentNeverWritesEscapeBytes() {
        var writer = ANSIFrameWriter(colors: false)
        let output = writer.update(to: frame(["a\u{1B}[31mb", "\u{9B}2J"]))
        // Our own: a cursor move per row.
        #expect(output.utf8.filter { $0 == 0x1B }.count == 2)
        #expect(output.contains("a\u{FFFD}[31mb"))
        #expect(!output.unicodeScalars.contains("\u{9B}"))
    }
}

@Suite("Mouse reports")
struct MouseReportTests {
    /// SGR mouse reports: the wheel is buttons 64 and 65 (with modifier bits); presses,
    /// releases and motion of other buttons are read whole and dropped.
    @Test func wheelTurnsAreKeysAndOtherReportsAreDropped() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[<64;10;5M".utf8)) == [.wheelUp])
        #expect(decoder.feed(Array("\u{1B}[<65;1;1M\u{1B}[<81;3;3M".utf8)) == [.wheelDown, .wheelDown])
        #expect(decoder.feed(Array("\u{1B}[<0;3;4M\u{1B}[<0;3;4mj".utf8)) == [.character("j")])
        // Split across reads.
        #expect(decoder.feed(Array("\u{1B}[<6".utf8)).isEmpty)
        #expect(decoder.feed(Array("4;2;2M".utf8)) == [.wheelUp])
    }
}
