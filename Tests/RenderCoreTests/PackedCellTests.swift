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
        // A style, kept in every run laid out, is one integer with its colours.
        #expect(MemoryLayout<Style>.size == 8)
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
                #expect(Style(packed: style.packed!) == style)
            }
        }
    }

    /// True colours and backgrounds (a picture's cells) are kept in the buffer's
    /// table of styles: read back as written, moved with copied rows, compared by
    /// what they show wherever they are kept, and counted in the storage.
    @Test func richStylesReadBackAsWrittenAndTravelWithTheirRows() {
        let orange = Style(foreground: Color(red: 255, green: 128, blue: 0))
        let onBlue = Style(.bold, foreground: .red, background: Color(paletteIndex: 17))
        let both = Style(foreground: Color(rgb: 0x102030), background: Color(rgb: 0xF0E0D0))
        #expect(orange.packed == nil && onBlue.packed == nil && both.packed == nil)
        var tile = FrameBuffer(width: 6, height: 1)
        let base = tile.storageBytes
        tile.draw("ab", style: orange, column: 0, row: 0)
        tile.draw("中", style: onBlue, column: 2, row: 0)
        tile[4, 0] = Cell("▀", style: both)
        tile.draw("c", style: Style(.linkText, foreground: Color(rgb: 0x102030), background: Color(rgb: 0xF0E0D0)), column: 5, row: 0)
        #expect(tile[0, 0].style == orange && tile[1, 0].style == orange)
        #expect(tile[2, 0].style == onBlue && tile[3, 0].isContinuation && tile[3, 0].style == onBlue)
        #expect(tile[4, 0] == Cell("▀", style: both))
        #expect(tile[5, 0].style == both, "linkText is data of a line, not of a cell")
        #expect(tile.storageBytes > base)

        var frame = FrameBuffer(width: 6, height: 2)
        frame.draw("x", style: Style(background: .green), column: 0, row: 0)
        frame.copyRows(0..<1, of: tile, to: 1)
        #expect(frame[0, 0].style.background == .green)
        for column in 0..<6 { #expect(frame[column, 1] == tile[column, 0]) }

        // The same cells drawn in another order keep their styles at other indexes.
        var other = FrameBuffer(width: 6, height: 1)
        other[4, 0] = Cell("▀", style: both)
        other.draw("中", style: onBlue, column: 2, row: 0)
        other.draw("ab", style: orange, column: 0, row: 0)
        other.draw("c", style: both, column: 5, row: 0)
        #expect(other == tile && other.hashValue == tile.hashValue)
        other.draw("b", style: Style(foreground: Color(red: 255, green: 128, blue: 1)), column: 1, row: 0)
        #expect(other != tile)
        #expect(other.differingColumns(inRow: 0, from: tile) == 1..<2)
    }

    /// Without true colours a terminal is sent the nearest of the palette's colour
    /// cube and grey ramp, whose values xterm fixes.
    @Test func trueColoursFallBackToTheNearestPaletteColour() {
        #expect(Color(rgb: 0x000000).paletteIndex == 16)
        #expect(Color(rgb: 0xFFFFFF).paletteIndex == 231)
        #expect(Color(rgb: 0xFF0000).paletteIndex == 196)
        #expect(Color(rgb: 0x5F87AF).paletteIndex == 16 + 36 * 1 + 6 * 2 + 3)
        #expect(Color(rgb: 0x808080).paletteIndex == 244, "grey 128 is nearer the ramp's 128 than the cube's 135")
        #expect(Color(rgb: 0x767676).paletteIndex == 243)
        #expect(Color(paletteIndex: 42).paletteIndex == 42 && Color(paletteIndex: 42).rgb == nil)
        #expect(Color(red: 1, green: 2, blue: 3).rgb == 0x010203)
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
