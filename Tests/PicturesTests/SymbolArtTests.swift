import Testing
@testable import Pictures

/// An image drawn in cells shows, in each cell, the colours of the pixels under it.
@Suite("Symbol art")
struct SymbolArtTests {
    /// The colours a cell shows: its foreground where its symbol draws, its
    /// background where it leaves the cell clear.
    static func shownColours(_ cell: SymbolArt.Cell) -> Set<UInt32> {
        switch cell.symbol {
        case " ": [cell.background]
        case "█": [cell.foreground]
        default: [cell.foreground, cell.background]
        }
    }

    /// Left half red, right half blue; top half of the blue side green instead.
    @Test func eachCellShowsThePixelsUnderIt() {
        let (width, height) = (80, 40)
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { rgba += x < 40 ? [255, 0, 0, 255] : y < 20 ? [0, 255, 0, 255] : [0, 0, 255, 255] }
        }
        let art = SymbolArt.draw(Pixels(width: width, height: height, rgba: rgba), columns: 8, rows: 4)
        #expect(art.columns == 8 && art.rows == 4 && art.cells.count == 32)
        for row in 0..<4 {
            for column in 0..<8 {
                let expected: UInt32 = column < 4 ? 0xFF0000 : row < 2 ? 0x00FF00 : 0x0000FF
                let cell = art.cells[row * 8 + column]
                #expect(Self.shownColours(cell) == [expected], "cell \(column), \(row): \(cell)")
            }
        }
    }

    /// A cell whose pixels are half one colour, half another, shows both, split by a
    /// half or quadrant symbol; every symbol is one column wide.
    @Test func aCellSplitBetweenTwoColoursShowsBoth() {
        var rgba: [UInt8] = []
        for y in 0..<20 {
            for _ in 0..<10 { rgba += y < 10 ? [255, 255, 255, 255] : [0, 0, 0, 255] }
        }
        let art = SymbolArt.draw(Pixels(width: 10, height: 20, rgba: rgba), columns: 1, rows: 1)
        let cell = art.cells[0]
        #expect(Self.shownColours(cell) == [0xFFFFFF, 0x000000], "\(cell)")
        #expect(cell.symbol == "▀" || cell.symbol == "▄", "\(cell)")
    }

    /// Transparent pixels show the background given.
    @Test func transparentPixelsShowTheBackground() {
        let clear = Pixels(width: 16, height: 16, rgba: Array(repeating: 0, count: 16 * 16 * 4))
        let art = SymbolArt.draw(clear, columns: 2, rows: 1, background: 0x123456)
        #expect(art.cells.allSatisfy { Self.shownColours($0) == [0x123456] }, "\(art.cells)")
    }
}
