import ComponentKit
import RenderCore
import ScrollCore
import TileRenderer

// The tile renderer without the docscroll view: a million numbered rows, windowed,
// paged through; it builds only the tiles near the viewport and keeps them within
// a budget, and says what it holds.

/// Row n reads "row n" followed by a bar as long as n's last two digits.
final class NumberedRows: StackComponent {
    let rowCount = 1_000_000
    var contentExtent: Double { Double(rowCount) }
    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        for index in rows.clamped(to: 0..<rowCount) {
            buffer.draw("row \(index) " + String(repeating: "▇", count: index % 100 / 4), column: 0, row: row + index - rows.lowerBound)
        }
    }
}

let stack = ComponentStack(container: ScrollContainer(viewportExtent: 8))
stack.append(NumberedRows())
let renderer = TileRenderer(mode: .windowed, width: 40, tileRows: 16, budget: .viewports(16))
for offset in stride(from: 0, to: 400, by: 8) {
    stack.container.scroll(to: Double(offset))
    _ = renderer.frame(of: stack)
}
stack.container.scroll(to: 500_000)
let frame = renderer.frame(of: stack)
for row in 0..<frame.height { print(frame.plainText(row: row)) }
let statistics = renderer.statistics
print("tiles built \(statistics.tilesBuilt), prefetched \(statistics.tilesPrefetched), evicted \(statistics.tilesEvicted), live \(statistics.tilesLive)")
print("tile bytes live \(statistics.tileBytesLive), peak \(statistics.tileBytesPeak), budget \(renderer.budgetBytes(viewportExtent: 8))")
