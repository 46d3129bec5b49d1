import Testing
@testable import Pictures

/// An image's box in cells: from its attributes, else its header, the missing side
/// following the header's aspect; shrunk whole to fit.
@Suite("Image boxes")
struct ImageBoxTests {
    let cell = ImageBox.CellSize(width: 10, height: 20)

    @Test func attributesGiveTheBoxWithoutTheHeader() {
        #expect(ImageBox.fitting(width: 200, height: 100, natural: nil, cell: cell, maxColumns: 80, maxRows: 24) == ImageBox(columns: 20, rows: 5))
        // Attributes win over the header.
        #expect(ImageBox.fitting(width: 200, height: 100, natural: (50, 50), cell: cell, maxColumns: 80, maxRows: 24) == ImageBox(columns: 20, rows: 5))
    }

    @Test func oneAttributeTakesTheOtherSideFromTheHeader() {
        #expect(ImageBox.fitting(width: 400, height: nil, natural: (800, 400), cell: cell, maxColumns: 80, maxRows: 24) == ImageBox(columns: 40, rows: 10))
        #expect(ImageBox.fitting(width: nil, height: 100, natural: (800, 400), cell: cell, maxColumns: 80, maxRows: 24) == ImageBox(columns: 20, rows: 5))
        #expect(ImageBox.fitting(width: 400, height: nil, natural: nil, cell: cell, maxColumns: 80, maxRows: 24) == nil, "one side only")
    }

    @Test func theHeaderAloneGivesTheBox() {
        #expect(ImageBox.fitting(width: nil, height: nil, natural: (160, 160), cell: cell, maxColumns: 80, maxRows: 24) == ImageBox(columns: 16, rows: 8))
        #expect(ImageBox.fitting(width: nil, height: nil, natural: nil, cell: cell, maxColumns: 80, maxRows: 24) == nil)
    }

    /// Too wide or too tall: shrunk whole (the aspect kept) into the room; tiny: a cell.
    @Test func aBoxIsClampedWithItsAspectKept() {
        let wide = ImageBox.fitting(width: 4000, height: 1000, natural: nil, cell: cell, maxColumns: 80, maxRows: 24)
        #expect(wide == ImageBox(columns: 80, rows: 10))
        let tall = ImageBox.fitting(width: 1000, height: 4000, natural: nil, cell: cell, maxColumns: 80, maxRows: 24)
        #expect(tall == ImageBox(columns: 12, rows: 24))
        let huge = ImageBox.fitting(width: nil, height: nil, natural: (Int(Int32.max), Int(Int32.max)), cell: cell, maxColumns: 80, maxRows: 24)
        #expect(huge == ImageBox(columns: 48, rows: 24))
        #expect(ImageBox.fitting(width: 1, height: 1, natural: nil, cell: cell, maxColumns: 80, maxRows: 24) == ImageBox(columns: 1, rows: 1))
    }

    @Test func attributesAreWholePixels() {
        #expect(ImageBox.pixels(ofAttribute: "200") == 200)
        #expect(ImageBox.pixels(ofAttribute: " 200px ") == 200)
        #expect(ImageBox.pixels(ofAttribute: "99.9") == 99)
        for value in [nil, "", "50%", "10em", "10.5em", "-3", "0", "px", "1e3", "٣"] as [String?] {
            #expect(ImageBox.pixels(ofAttribute: value) == nil, "\(value ?? "nil")")
        }
    }
}
