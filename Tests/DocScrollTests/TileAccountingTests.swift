import DocScroll
import Foundation
import ComponentKit
import RenderCore
import ScrollCore
import SystemIO
import Testing
import TileRenderer

/// Rows of Latin, CJK and emoji text, some of them graphemes too long to be stored in
/// a cell (they go to the tiles' side tables).
private final class MixedRows: StackComponent {
    let rowCount: Int
    init(rows: Int) { rowCount = rows }
    var contentExtent: Double { Double(rowCount) }
    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        for index in rows.clamped(to: 0..<rowCount) {
            let text = "row \(index) 中文 👨‍👩‍👧‍👦 text " + String(repeating: "ab 🏳️‍🌈 ", count: index % 20)
            buffer.draw(text, column: 0, row: row + index - rows.lowerBound)
        }
    }
}

/// The tile byte figure is measured, not estimated: it matches what the C allocator
/// counts as newly in use (`mallinfo2`) while the tiles are built, within 10%.
///
/// Each measure runs in a process of its own (an exit test), so that no other test
/// allocates while the heap is read; the child writes its figures, the test judges
/// them.
@Suite("Tile accounting", .enabled(if: ProcessMemory.isHeapCounted, "the C allocator's count of the heap is missing (a sanitizer's allocator)"))
struct TileAccountingTests {
    @Test func expandedTileBytesMatchTheLiveHeapDelta() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let stack = ComponentStack(container: ScrollContainer(viewportExtent: 60))
            stack.append(MixedRows(rows: 3_000))
            let before = ProcessMemory.heapInUseBytes()
            let renderer = TileRenderer(mode: .expanded, width: 200, tileRows: 16)
            renderer.prepare(stack)
            let delta = ProcessMemory.heapInUseBytes() - before
            print(renderer.statistics.tileBytesLive, delta, renderer.statistics.tilesEvicted)
            withExtendedLifetime(renderer) {}
        }
        let (counted, delta, _) = try #require(heapFigures(result))
        #expect(counted > 5_000_000)
        #expect(abs(delta - counted) * 10 <= counted, "counted \(counted) bytes of tiles, the heap grew by \(delta)")
    }

    /// A windowed renderer scrolled through, whose tiles come and go: what it says it
    /// holds at the end is what the heap holds.
    @Test func windowedTileBytesMatchTheLiveHeapDeltaAfterEvictions() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let stack = ComponentStack(container: ScrollContainer(viewportExtent: 60))
        let container = stack.container
            stack.append(MixedRows(rows: 3_000))
            let before = ProcessMemory.heapInUseBytes()
            let renderer = TileRenderer(mode: .windowed, width: 200, tileRows: 16, budget: .viewports(40))
            for offset in stride(from: 0, to: 2_940, by: 7) {
                container.scroll(to: Double(offset))
                _ = renderer.frame(of: stack)
            }
            let delta = ProcessMemory.heapInUseBytes() - before
            print(renderer.statistics.tileBytesLive, delta, renderer.statistics.tilesEvicted)
            withExtendedLifetime(renderer) {}
        }
        let (counted, delta, evicted) = try #require(heapFigures(result))
        #expect(evicted > 50)
        #expect(counted > 5_000_000)
        #expect(abs(delta - counted) * 10 <= counted, "counted \(counted) bytes of tiles, the heap grew by \(delta)")
    }
}
