import RenderCore
import ScrollCore
import SampleContent
import Testing
import ComponentKit
@testable import TileRenderer

/// The tile cache's priorities over random stacks, widths, tile sizes, budgets and
/// scrolls (steps, pages and jumps, both ways): tiles are built only within the viewport plus the prefetch
/// reach; the tiles held never exceed the budget, or the tiles needed now when those
/// alone are more; eviction takes the farthest tiles first; frames stay right.
@Suite("Tile cache")
struct TileCacheTests {
    @Test(arguments: 1...40)
    func priorities(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let (stack, _) = makeStack(seed: seed)
        let (reference, _) = makeStack(seed: seed)
        let tileRows = Int.random(in: 1...20, using: &random)
        let width = Int.random(in: 3...40, using: &random)
        let viewport = stack.container.viewportExtent
        let tileBytes = FrameBuffer(width: width, height: tileRows).storageBytes
        let budget = [TileBudget.bytes(0), .bytes(tileBytes * Int.random(in: 1...6, using: &random)), .viewports(Double.random(in: 0.5...8, using: &random))]
            .randomElement(using: &random)!
        let renderer = TileRenderer(mode: .windowed, width: width, tileRows: tileRows, budget: budget)
        let expanded = TileRenderer(mode: .expanded, width: width, tileRows: tileRows)
        expanded.prepare(reference)
        let limit = renderer.budgetBytes(viewportExtent: viewport)
        var offset = 0.0
        for step in 0..<120 {
            let move: Double = switch Int.random(in: 0..<4, using: &random) {
            case 0: Double(Int.random(in: -3...3, using: &random))
            case 1: viewport * (Bool.random(using: &random) ? 1 : -1)
            case 2: Double(Int.random(in: 0...Int(stack.container.maxScrollOffset), using: &random)) - offset
            default: Double(Int.random(in: 1...2, using: &random))
            }
            offset = min(max(0, offset + move), stack.container.maxScrollOffset)
            let before = renderer.liveTiles
            stack.container.scroll(to: offset)
            reference.container.scroll(to: offset)
            let frame = renderer.frame(of: stack)
            #expect(frame == expanded.frame(of: reference), "seed \(seed) step \(step)")
            let after = renderer.liveTiles
            let context = "seed \(seed) step \(step) offset \(offset)"

            // Built only within the viewport plus the prefetch reach.
            for key in after.subtracting(before) {
                let distance = renderer.distance(of: key, in: stack) ?? .infinity
                #expect(distance < Double(tileRows) + viewport, "\(context): tile \(key.index) built \(distance) rows away")
            }
            // Within the budget, or just the tiles needed now.
            #expect(renderer.lastNeeded.isSubset(of: after), "\(context)")
            #expect(renderer.heldTileBytes <= max(limit, renderer.bytes(of: renderer.lastNeeded)), "\(context)")
            if renderer.heldTileBytes > limit { #expect(after == renderer.lastNeeded, "\(context)") }
            // Farthest first: no tile kept without need is farther than one evicted.
            let evicted = before.subtracting(after)
            let keptCached = before.intersection(after).subtracting(renderer.lastProtected)
            let nearestEvicted = evicted.compactMap { renderer.distance(of: $0, in: stack) ?? .infinity }.min() ?? .infinity
            let farthestKept = keptCached.compactMap { renderer.distance(of: $0, in: stack) }.max() ?? -1
            #expect(farthestKept <= nearestEvicted, "\(context): kept a tile \(farthestKept) rows away, evicted one \(nearestEvicted) away")
        }
    }

    @Test func invalidatingRowsDropsExactlyTheirTiles() {
        let stack = ComponentStack(container: ScrollContainer(viewportExtent: 100))
        let source = NumberedRows("row", rows: 100)
        let id = stack.append(source)
        let renderer = TileRenderer(mode: .expanded, width: 12, tileRows: 10)
        renderer.prepare(stack)
        #expect(renderer.statistics.tilesLive == 10)
        renderer.invalidate(id, rows: 25..<31)
        #expect(Set(renderer.liveTiles.map(\.index)) == Set(0..<10).subtracting([2, 3]))
        renderer.invalidate(id, rows: 70..<Int.max)
        #expect(Set(renderer.liveTiles.map(\.index)) == [0, 1, 4, 5, 6])
        renderer.invalidate(id, rows: 40..<40)
        #expect(renderer.statistics.tilesLive == 5)
        // The next frame builds the dropped tiles again from the source.
        source.rowCount = 100
        let frame = renderer.frame(of: stack)
        #expect(frame.plainText(row: 99) == "row 99")
        #expect(renderer.statistics.tilesLive == 10)
    }

    /// A component that grows or shrinks (a resize) loses the tiles from its old end
    /// on, and only those; the next frame shows the new rows.
    @Test func aResizedComponentLosesTheTilesPastItsOldEnd() {
        let stack = ComponentStack(container: ScrollContainer(viewportExtent: 40))
        let container = stack.container
        let source = NumberedRows("row", rows: 20)
        let id = stack.append(source)
        let renderer = TileRenderer(mode: .windowed, width: 12, tileRows: 8)
        _ = renderer.frame(of: stack)
        #expect(Set(renderer.liveTiles.map(\.index)) == [0, 1, 2])
        source.rowCount = 30
        container.componentExtentDidChange(id)
        let drawn = source.rowsDrawn
        let grown = renderer.frame(of: stack)
        #expect(grown.plainText(row: 29) == "row 29")
        #expect(grown.plainText(row: 20) == "row 20")
        // Tile 2 (rows 16..23) held the old end: built again with tile 3; 0 and 1 kept.
        #expect(source.rowsDrawn - drawn == 8 + 6)
        source.rowCount = 5
        container.componentExtentDidChange(id)
        let shrunk = renderer.frame(of: stack)
        #expect(shrunk.plainText(row: 5) == "")
        #expect(Set(renderer.liveTiles.map(\.index)) == [0])
    }

    @Test func aWindowedBudgetIsEightViewportsOfCellsByDefault() {
        let renderer = TileRenderer(mode: .windowed, width: 200)
        #expect(renderer.budgetBytes(viewportExtent: 60) == 8 * 200 * 60 * 16)
        #expect(FrameBuffer.bytesPerCell <= 16)
    }
}
