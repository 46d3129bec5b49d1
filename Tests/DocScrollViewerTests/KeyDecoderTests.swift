import Testing
@testable import DocScrollViewer

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

    /// Terminals' late answers to the graphics query give no keys: kitty's `OK`
    /// (whose `G` would jump to the end), however it is cut into reads, and the
    /// device attributes and cell size.
    @Test func answersToTheGraphicsQueryAreNotKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}_Gi=31;OK\u{1B}\\j".utf8)) == [.character("j")])
        #expect(decoder.feed(Array("\u{1B}_Gi=3".utf8)) == [])
        #expect(decoder.feed(Array("1;OK\u{1B}".utf8)) == [])
        #expect(decoder.feed(Array("\\\u{1B}[6;20;10t\u{1B}[?62;4;22ck".utf8)) == [.character("k")])
        // Ended by BEL, or by an ESC that starts the next key.
        #expect(decoder.feed(Array("\u{1B}_Gi=31;OK\u{7}\u{1B}_x\u{1B}[B".utf8)) == [.down])
    }
}

@Suite("Mouse reports")
struct MouseReportTests {
    /// SGR mouse reports: the wheel is buttons 64 and 65 (with modifier bits); the first
    /// button pressed, or moved while held (32), is a click at its cell (from 0);
    /// releases and the other buttons are read whole and dropped.
    @Test func wheelTurnsAndClicksAreKeysAndOtherReportsAreDropped() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[<64;10;5M".utf8)) == [.wheelUp])
        #expect(decoder.feed(Array("\u{1B}[<65;1;1M\u{1B}[<81;3;3M".utf8)) == [.wheelDown, .wheelDown])
        #expect(decoder.feed(Array("\u{1B}[<0;3;4M\u{1B}[<0;3;4mj".utf8)) == [.click(column: 2, row: 3), .character("j")])
        #expect(decoder.feed(Array("\u{1B}[<32;80;9M\u{1B}[<2;3;4M\u{1B}[<35;3;4M\u{1B}[<0;0;4Mk".utf8)) == [.click(column: 79, row: 8), .character("k")])
        // Split across reads.
        #expect(decoder.feed(Array("\u{1B}[<6".utf8)).isEmpty)
        #expect(decoder.feed(Array("4;2;2M".utf8)) == [.wheelUp])
    }
}
