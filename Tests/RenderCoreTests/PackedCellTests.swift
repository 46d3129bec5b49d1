import Testing
@testable import RenderCore

/// Cells as buffers store them: 16 bytes, graphemes inline up to 12 UTF-8 bytes and
/// in the side table beyond, styles in two bytes, every grapheme read back as written.
@Suite("Packed cells")
struct PackedCellTests {
    @Test func aCellTakesSixteenBytes() {
        #expect(MemoryLayout<PackedCell>.size == 16)
        #expect(MemoryLayout<PackedCell>.stride == 16)
        #expect(FrameBuffer.bytesPerCell == 16)
    }

    /// Graphemes of 1 to 25 UTF-8 bytes: ASCII, Latin with marks, CJK, emoji, a flag,
    /// keycaps, skin tones and ZWJ families (the last ones past the inline capacity).
    static let graphemes: [Character] = [
        "a", "é", "e\u{301}", "中", "😀", "🇫🇷", "1\u{FE0F}\u{20E3}", "👍🏽", "👩‍💻", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "🏳️‍🌈", "각",
    ]

    @Test(arguments: graphemes)
    func graphemesReadBackAsWritten(_ grapheme: Character) {
        var buffer = FrameBuffer(width: 4, height: 1)
        let style = Style([.bold, .underline], foreground: .cyan)
        buffer.draw(String(grapheme), style: style, column: 0, row: 0)
        #expect(buffer[0, 0].grapheme == String(grapheme))
        #expect(buffer[0, 0].style == style)
        #expect(buffer.plainText(row: 0) == String(grapheme))
        let long = String(grapheme).utf8.count > PackedCell.inlineCapacity
        let base = FrameBuffer(width: 4, height: 1).storageBytes
        #expect(long == (buffer.storageBytes > base), "the side table is counted for long graphemes only")
    }

    @Test func everyStyleSurvivesPacking() {
        for attributes in 0..<64 {
            for color in [nil] + (0...255).map({ Color(paletteIndex: UInt8($0)) }) {
                let style = Style(Style.Attributes(rawValue: UInt8(attributes)), foreground: color)
                #expect(Style(packed: style.packed) == style)
            }
        }
    }

    @Test func copiedRowsTakeTheirLongGraphemesAlong() {
        var tile = FrameBuffer(width: 6, height: 2)
        tile.draw("a👨‍👩‍👧‍👦b", column: 0, row: 0)
        tile.draw("🏳️‍🌈🏳️‍🌈", column: 0, row: 1)
        var frame = FrameBuffer(width: 6, height: 3)
        frame.draw("x👩‍💻", column: 0, row: 0)
        frame.copyRows(0..<2, of: tile, to: 1)
        #expect(frame.plainLines == ["x👩‍💻", "a👨‍👩‍👧‍👦b", "🏳️‍🌈🏳️‍🌈"])
        #expect(frame[1, 1].grapheme == "👨‍👩‍👧‍👦")
        #expect(frame[2, 1].isContinuation)
    }

    @Test func equalityComparesWhatIsShownNotWhereLongGraphemesAreKept() {
        var a = FrameBuffer(width: 4, height: 1)
        var b = FrameBuffer(width: 4, height: 1)
        a.draw("👨‍👩‍👧‍👦", column: 0, row: 0)
        a.draw("🏳️‍🌈", column: 2, row: 0)
        b.draw("x", column: 0, row: 0)
        b.draw("🏳️‍🌈", column: 2, row: 0)
        b.draw("👨‍👩‍👧‍👦", column: 0, row: 0)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        b.draw("🏳️‍⚧️", column: 2, row: 0)
        #expect(a != b)
        #expect(!a.rowEquals(0, in: b))
    }

    /// A control character never reaches a cell: drawn in text, set in a cell, or
    /// made a cell (ESC, BEL, CSI, NUL, DEL).
    @Test func controlCharactersNeverReachACell() {
        var buffer = FrameBuffer(width: 8, height: 1)
        buffer.draw("a\u{1B}[2Jb", column: 0, row: 0)
        #expect(!buffer.plainText(row: 0).unicodeScalars.contains { $0.value < 0x20 })
        buffer[5, 0] = Cell("\u{7}")
        #expect(buffer[5, 0].grapheme == "\u{FFFD}")
        for scalar in [0x1B, 0x07, 0x9B, 0x00, 0x7F] as [UInt32] {
            #expect(Cell(Character(Unicode.Scalar(scalar)!)).grapheme == "\u{FFFD}")
        }
    }

    /// Text drawn at once (printable ASCII a byte a cell, simple text a scalar a
    /// grapheme, other text a grapheme at a time) gives the cells that its characters
    /// give one by one, measured as characters, wherever it starts and is clipped.
    @Test(arguments: ["plain ascii", "中文字 and kana かな", "│ box ┼ rules ─ • bullets …", "e\u{301}cole", "a👩‍💻b🇫🇷", "tab\there\u{7}", "", "한국어 ㄱ"])
    func textDrawnAtOnceMatchesItsCharactersDrawnOneByOne(_ text: String) {
        let style = Style(.bold)
        for column in [-3, -1, 0, 1, 4] {
            for (limit, floor) in [(nil, 0), (9, 0), (12, 3), (5, 5), (20, 2)] as [(Int?, Int)] {
                var atOnce = FrameBuffer(width: 16, height: 1)
                let end = atOnce.draw(text, style: style, column: column, row: 0, limit: limit, floor: floor)
                var oneByOne = FrameBuffer(width: 16, height: 1)
                var x = column
                for character in text {
                    let columns = TextWidth.columns(of: character)
                    if columns == 0 { continue }
                    // (Cut at the edge, the text ends there: what follows starts past it.)
                    if x + columns > min(limit ?? 16, 16) {
                        x = max(x, min(limit ?? 16, 16))
                        break
                    }
                    if x >= floor, x >= 0 {
                        oneByOne[x, 0] = Cell(character, style: style)
                        if columns == 2 { oneByOne[x + 1, 0] = .continuation(style: style) }
                    }
                    x += columns
                }
                #expect(atOnce == oneByOne && end == x, "\(text) from \(column), limit \(limit ?? 16), floor \(floor)")
            }
        }
    }

    @Test func storageCountsTheCellArrayAsAllocated() {
        let buffer = FrameBuffer(width: 200, height: 16)
        #expect(buffer.storageBytes >= 32 + 200 * 16 * 16)
        #expect(buffer.storageBytes <= 32 + 200 * 16 * 16 + 64)
    }
}
