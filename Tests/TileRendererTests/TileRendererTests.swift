import RenderCore
import ScrollCore
import SampleContent
import Testing
@testable import TileRenderer

/// A component whose row r reads "<name> r", and which counts the rows it drew.
final class NumberedRows: ScrollComponent, RowSource {
    let name: String
    var rowCount: Int
    var rowsDrawn = 0
    init(_ name: String, rows: Int) {
        self.name = name
        self.rowCount = rows
    }
    var contentExtent: Double { Double(rowCount) }
    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        for index in rows.clamped(to: 0..<rowCount) {
            buffer.draw("\(name) \(index)", column: 0, row: row + index - rows.lowerBound)
            rowsDrawn += 1
        }
    }
}

/// A stack of numbered components for a seed, with the lines the stack should dump.
func makeStack(seed: UInt64) -> (ScrollContainer, [String]) {
    var random = SeededGenerator(seed: seed)
    let container = ScrollContainer(viewportExtent: Double(Int.random(in: 1...40, using: &random)), spacing: Double(Int.random(in: 0...2, using: &random)))
    var expected: [String] = []
    for number in 0..<Int.random(in: 1...5, using: &random) {
        let rows = Int.random(in: 0...120, using: &random)
        if number > 0, !container.componentIDs.isEmpty {
            expected += Array(repeating: "", count: Int(container.spacing))
        }
        container.append(NumberedRows("c\(number)", rows: rows))
        expected += (0..<rows).map { "c\(number) \($0)" }
    }
    return (container, expected)
}

@Suite("Tile renderer")
struct TileRendererTests {
    @Test func windowedBuildsOnlyTilesThatIntersectTheViewport() {
        let container = ScrollContainer(viewportExtent: 10)
        let source = NumberedRows("row", rows: 1_000)
        let id = container.append(source)
        let renderer = TileRenderer(mode: .windowed, width: 12)
        renderer.prepare(container)
        #expect(renderer.statistics.tilesBuilt == 0)
        container.scroll(to: 500)
        let frame = renderer.frame(of: container)
        #expect(frame.plainText(row: 0) == "row 500")
        #expect(frame.plainText(row: 9) == "row 509")
        // Rows 500..509 lie in tiles 31 (496..511).
        #expect(renderer.liveTiles == [TileRenderer.TileKey(component: id, index: 31)])
        #expect(source.rowsDrawn == 16)
    }

    @Test func expandedBuildsEveryTileUpFront() {
        let container = ScrollContainer(viewportExtent: 10)
        let source = NumberedRows("row", rows: 100)
        container.append(source)
        let renderer = TileRenderer(mode: .expanded, width: 12)
        renderer.prepare(container)
        #expect(renderer.statistics.tilesBuilt == 7)
        #expect(source.rowsDrawn == 100)
        container.scroll(to: 50)
        _ = renderer.frame(of: container)
        #expect(renderer.statistics.tilesBuilt == 7)
        #expect(renderer.statistics.tilesLive == 7)
    }

    @Test func tileBytesArePeakedAndReleased() {
        let container = ScrollContainer(viewportExtent: 4)
        container.append(NumberedRows("row", rows: 200))
        let renderer = TileRenderer(mode: .windowed, width: 10, tileRows: 4)
        for offset in stride(from: 0, through: 196, by: 4) {
            container.scroll(to: Double(offset))
            _ = renderer.frame(of: container)
        }
        let statistics = renderer.statistics
        let tileBytes = FrameBuffer(width: 10, height: 4).storageBytes
        #expect(statistics.tilesBuilt == 50)
        #expect(statistics.tileBytesPeak <= 3 * tileBytes)
        #expect(statistics.tileBytesLive == statistics.tilesLive * tileBytes)
        #expect(statistics.tilesEvicted == statistics.tilesBuilt - statistics.tilesLive)
    }

    @Test func dumpWalksTheStackWithSpacing() {
        let container = ScrollContainer(viewportExtent: 3, spacing: 1, insets: EdgeInsets(top: 1, bottom: 2))
        container.append(NumberedRows("a", rows: 2))
        container.append(NumberedRows("b", rows: 3))
        let renderer = TileRenderer(mode: .windowed, width: 8, tileRows: 2)
        var lines: [String] = []
        renderer.dump(container) { lines.append($0) }
        #expect(lines == ["", "a 0", "a 1", "", "b 0", "b 1", "b 2", "", ""])
        #expect(renderer.statistics.tilesLive <= 1)
    }

    /// The properties the memory model rests on, over random stacks: windowed frames
    /// equal expanded frames; frame(k) equals dump lines k..k+h-1; in windowed mode the
    /// live tiles lie within the viewport plus one tile.
    @Test(arguments: 1...30)
    func framesAgreeAcrossModesAndWithTheDump(seed: UInt64) {
        let (windowedStack, expected) = makeStack(seed: seed)
        let (expandedStack, _) = makeStack(seed: seed)
        let tileRows = 1 + Int(seed % 17)
        let windowed = TileRenderer(mode: .windowed, width: 16, tileRows: tileRows)
        let expanded = TileRenderer(mode: .expanded, width: 16, tileRows: tileRows)
        expanded.prepare(expandedStack)
        var dump: [String] = []
        windowed.dump(windowedStack) { dump.append($0) }
        #expect(dump == expected, "seed \(seed)")
        let height = Int(windowedStack.viewportExtent)
        var random = SeededGenerator(seed: seed ^ 0xABCD)
        var offsets = Array(0...Int(windowedStack.maxScrollOffset))
        offsets.shuffle(using: &random)
        for offset in offsets {
            windowedStack.scroll(to: Double(offset))
            expandedStack.scroll(to: Double(offset))
            let frame = windowed.frame(of: windowedStack)
            #expect(frame == expanded.frame(of: expandedStack), "seed \(seed) offset \(offset)")
            let slice = (offset..<(offset + height)).map { $0 < dump.count ? dump[$0] : "" }
            #expect(frame.plainLines == slice, "seed \(seed) offset \(offset)")
            for key in windowed.liveTiles {
                let placement = windowedStack.placement(of: key.component)
                let visible = placement.map { $0.isVisible } ?? false
                #expect(visible, "seed \(seed): a tile of an invisible component is live")
                if let placement, visible {
                    let first = Int(placement.contentOffset) / tileRows
                    let last = (Int(placement.contentOffset + placement.visibleExtent) - 1) / tileRows
                    #expect(key.index >= first - 1 && key.index <= last + 1, "seed \(seed) offset \(offset)")
                }
            }
        }
    }

    @Test func invalidationDropsOnlyThatComponent() {
        let container = ScrollContainer(viewportExtent: 10)
        let a = container.append(NumberedRows("a", rows: 5))
        let b = container.append(NumberedRows("b", rows: 5))
        let renderer = TileRenderer(mode: .windowed, width: 8)
        _ = renderer.frame(of: container)
        #expect(Set(renderer.liveTiles.map(\.component)) == [a, b])
        renderer.invalidate(a)
        #expect(Set(renderer.liveTiles.map(\.component)) == [b])
    }
}
