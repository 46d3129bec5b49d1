import ComponentKit
import RenderCore
import ScrollCore
import SampleContent
import Testing
@testable import TileRenderer

/// A component whose row r reads "<name> r", and which counts the rows it drew.
final class NumberedRows: StackComponent {
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
func makeStack(seed: UInt64) -> (ComponentStack, [String]) {
    var random = SeededGenerator(seed: seed)
    let stack = ComponentStack(
        container: ScrollContainer(viewportExtent: Double(Int.random(in: 1...40, using: &random)), spacing: Double(Int.random(in: 0...2, using: &random))))
    let container = stack.container
    var expected: [String] = []
    for number in 0..<Int.random(in: 1...5, using: &random) {
        let rows = Int.random(in: 0...120, using: &random)
        if number > 0, !container.componentIDs.isEmpty {
            expected += Array(repeating: "", count: Int(container.spacing))
        }
        stack.append(NumberedRows("c\(number)", rows: rows))
        expected += (0..<rows).map { "c\(number) \($0)" }
    }
    return (stack, expected)
}

@Suite("Tile renderer")
struct TileRendererTests {
    @Test func aJumpBuildsOnlyTheTilesOfTheNewViewport() {
        let stack = ComponentStack(container: ScrollContainer(viewportExtent: 10))
        let container = stack.container
        let source = NumberedRows("row", rows: 1_000)
        let id = stack.append(source)
        let renderer = TileRenderer(mode: .windowed, width: 12)
        renderer.prepare(stack)
        #expect(renderer.statistics.tilesBuilt == 0)
        _ = renderer.frame(of: stack)
        let builtAtTop = renderer.statistics.tilesBuilt
        let drawnAtTop = source.rowsDrawn
        container.scroll(to: 500)
        let frame = renderer.frame(of: stack)
        #expect(frame.plainText(row: 0) == "row 500")
        #expect(frame.plainText(row: 9) == "row 509")
        // Rows 500..509 lie in tile 31 (496..511): the jump builds that one alone.
        #expect(renderer.statistics.tilesBuilt == builtAtTop + 1)
        #expect(source.rowsDrawn == drawnAtTop + 16)
        #expect(renderer.liveTiles.contains(TileRenderer.TileKey(component: id, index: 31)))
    }

    @Test func prefetchGoesFurtherInTheDirectionOfTheLastScroll() {
        let stack = ComponentStack(container: ScrollContainer(viewportExtent: 10))
        let container = stack.container
        let id = stack.append(NumberedRows("row", rows: 1_000))
        func key(_ index: Int) -> TileRenderer.TileKey { TileRenderer.TileKey(component: id, index: index) }
        let down = TileRenderer(mode: .windowed, width: 12, budget: .bytes(1 << 30))
        container.scroll(to: 100)
        _ = down.frame(of: stack)
        container.scroll(to: 105)
        _ = down.frame(of: stack)
        // Rows 105..114 need tiles 6 and 7; a tile beyond each edge is 5 and 8 (rows
        // 89..104 and 115..130), and a viewport further down (131..140) is 8 again.
        #expect(down.lastNeeded == [key(6), key(7)])
        #expect(down.lastProtected == [key(5), key(6), key(7), key(8)])
        container.scroll(to: 104)
        _ = down.frame(of: stack)
        // Moving up, the viewport further up is rows 78..87: tile 4.
        #expect(down.lastProtected == [key(4), key(5), key(6), key(7), key(8)])
    }

    @Test func expandedBuildsEveryTileUpFront() {
        let stack = ComponentStack(container: ScrollContainer(viewportExtent: 10))
        let container = stack.container
        let source = NumberedRows("row", rows: 100)
        stack.append(source)
        let renderer = TileRenderer(mode: .expanded, width: 12)
        renderer.prepare(stack)
        #expect(renderer.statistics.tilesBuilt == 7)
        #expect(source.rowsDrawn == 100)
        container.scroll(to: 50)
        _ = renderer.frame(of: stack)
        #expect(renderer.statistics.tilesBuilt == 7)
        #expect(renderer.statistics.tilesLive == 7)
    }

    @Test func tileBytesArePeakedAndReleased() {
        let stack = ComponentStack(container: ScrollContainer(viewportExtent: 4))
        let container = stack.container
        stack.append(NumberedRows("row", rows: 200))
        let tileBytes = FrameBuffer(width: 10, height: 4).storageBytes
        // Room for three tiles, whatever size of block the allocator gives each.
        let budget = 3 * (tileBytes + 32)
        let renderer = TileRenderer(mode: .windowed, width: 10, tileRows: 4, budget: .bytes(budget))
        for offset in stride(from: 0, through: 196, by: 4) {
            container.scroll(to: Double(offset))
            _ = renderer.frame(of: stack)
            #expect(renderer.heldTileBytes <= budget)
            // Counted as allocated: at least the cells, and a block the allocator
            // rounded up may hold a cell or two more than the one measured above (or
            // that one more than these).
            let live = renderer.statistics.tilesLive
            let cellBytes = 10 * 4 * FrameBuffer.bytesPerCell
            #expect(renderer.heldTileBytes >= live * cellBytes && renderer.heldTileBytes <= live * (tileBytes + 32))
        }
        let statistics = renderer.statistics
        // Every tile once, and a few again after the budget made them go.
        #expect(statistics.tilesBuilt >= 50 && statistics.tilesBuilt < 60)
        #expect(statistics.tilesEvicted == statistics.tilesBuilt - statistics.tilesLive)
        #expect(statistics.tileBytesLive > renderer.heldTileBytes, "the table holding the tiles is counted too")
        #expect(statistics.tileBytesPeak >= statistics.tileBytesLive)
    }

    @Test func dumpWalksTheStackWithSpacing() {
        let stack = ComponentStack(container: ScrollContainer(viewportExtent: 3, spacing: 1, insets: EdgeInsets(top: 1, bottom: 2)))
        stack.append(NumberedRows("a", rows: 2))
        stack.append(NumberedRows("b", rows: 3))
        let renderer = TileRenderer(mode: .windowed, width: 8, tileRows: 2)
        let lines = StackText.lines(of: stack, width: 8)
        #expect(lines == ["", "a 0", "a 1", "", "b 0", "b 1", "b 2", "", ""])
        #expect(renderer.statistics.tilesLive <= 1)
    }

    /// The properties the frames rest on, over random stacks: windowed frames equal
    /// expanded frames; frame(k) equals dump lines k..k+h-1. (The tile cache's own
    /// properties are in `TileCacheTests`.)
    @Test(arguments: 1...30)
    func framesAgreeAcrossModesAndWithTheDump(seed: UInt64) {
        let (windowedStack, expected) = makeStack(seed: seed)
        let (expandedStack, _) = makeStack(seed: seed)
        let tileRows = 1 + Int(seed % 17)
        let windowed = TileRenderer(mode: .windowed, width: 16, tileRows: tileRows)
        let expanded = TileRenderer(mode: .expanded, width: 16, tileRows: tileRows)
        expanded.prepare(expandedStack)
        let dump = StackText.lines(of: windowedStack, width: 16)
        #expect(dump == expected, "seed \(seed)")
        let height = Int(windowedStack.container.viewportExtent)
        var random = SeededGenerator(seed: seed ^ 0xABCD)
        var offsets = Array(0...Int(windowedStack.container.maxScrollOffset))
        offsets.shuffle(using: &random)
        for offset in offsets {
            windowedStack.container.scroll(to: Double(offset))
            expandedStack.container.scroll(to: Double(offset))
            let frame = windowed.frame(of: windowedStack)
            #expect(frame == expanded.frame(of: expandedStack), "seed \(seed) offset \(offset)")
            let slice = (offset..<(offset + height)).map { $0 < dump.count ? dump[$0] : "" }
            #expect(frame.plainLines == slice, "seed \(seed) offset \(offset)")
        }
    }

    @Test func invalidationDropsOnlyThatComponent() {
        let stack = ComponentStack(container: ScrollContainer(viewportExtent: 10))
        let a = stack.append(NumberedRows("a", rows: 5))
        let b = stack.append(NumberedRows("b", rows: 5))
        let renderer = TileRenderer(mode: .windowed, width: 8)
        _ = renderer.frame(of: stack)
        #expect(Set(renderer.liveTiles.map(\.component)) == [a, b])
        renderer.invalidate(a)
        #expect(Set(renderer.liveTiles.map(\.component)) == [b])
    }
}
