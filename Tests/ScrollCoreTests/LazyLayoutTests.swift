import Testing
@testable import ScrollCore

/// A component that lays out lazily through the container's layout pass: items start
/// at an estimated height of 1 and are measured (odd items take 3) when a pass asks
/// for their rows.
private final class LazyItems: ScrollComponent {
    var heights: [Double]
    var measured: [Bool]
    private(set) var passes: [LayoutConstraints] = []

    init(count: Int) {
        heights = Array(repeating: 1, count: count)
        measured = Array(repeating: false, count: count)
    }

    var contentExtent: Double { heights.reduce(0, +) }
    var isExtentEstimated: Bool { measured.contains(false) }

    /// The item on content row `row`, and the row it starts on.
    func item(atRow row: Double) -> (index: Int, start: Double) {
        var start = 0.0
        for (index, height) in heights.enumerated() {
            if row < start + height { return (index, start) }
            start += height
        }
        return (heights.count - 1, start - (heights.last ?? 0))
    }

    func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
        passes.append(constraints)
        var correction = 0.0
        var first = Double.infinity
        let rows = constraints.rows
        // Items before the one at the viewport top grow above it: the correction.
        let anchor = item(atRow: constraints.scrollOffset).index
        var index = item(atRow: Double(rows.lowerBound)).index
        var start = item(atRow: Double(rows.lowerBound)).start
        while index < heights.count, start < Double(rows.upperBound) {
            if !measured[index] {
                measured[index] = true
                let new = index % 2 == 1 ? 3.0 : 1.0
                if new != heights[index] {
                    first = min(first, start)
                    if index < anchor { correction += new - heights[index] }
                    heights[index] = new
                }
            }
            start += heights[index]
            index += 1
        }
        return first.isFinite ? LayoutGeometry(firstChangedOffset: first, scrollOffsetCorrection: correction) : .unchanged
    }
}

@Suite("Lazy layout through the container")
struct LazyLayoutTests {
    @Test func theFirstPassMeasuresOnlyWhatTheViewportShows() {
        let container = ScrollContainer(viewportExtent: 10)
        let items = LazyItems(count: 1_000)
        let id = container.append(items)
        let changes = container.layOutComponents(cacheExtent: 2)
        #expect(changes.count == 1 && changes[0].component == id)
        #expect(items.measured.prefix(while: { $0 }).count < 10, "only the first screen and the cache are measured")
        #expect(items.isExtentEstimated)
        #expect(container.stackExtent == items.contentExtent)
    }

    /// Items above the viewport measured by a later pass move nothing on screen: the
    /// item at the top stays the item at the top.
    @Test func correctionsKeepTheItemAtTheTop() {
        let container = ScrollContainer(viewportExtent: 10)
        let items = LazyItems(count: 1_000)
        container.append(items)
        container.scroll(to: 500)
        let before = items.item(atRow: container.scrollOffset)
        // A cache extent reaching above the viewport measures items there.
        container.layOutComponents(cacheExtent: 30)
        let after = items.item(atRow: container.scrollOffset)
        #expect(after.index == before.index)
        #expect(container.scrollOffset - after.start == 500 - before.start)
        #expect(container.scrollOffset > 500, "items above grew, so the offset moved down with them")
    }

    /// Holding an absolute offset asks for everything above it exactly, and keeps it.
    @Test func holdingAnOffsetMakesEverythingAboveExact() {
        let container = ScrollContainer(viewportExtent: 10)
        let items = LazyItems(count: 300)
        container.append(items)
        container.layOutComponents(cacheExtent: 0, holding: 200)
        #expect(container.scrollOffset == 200)
        let top = items.item(atRow: 200)
        #expect(items.measured[0...top.index].allSatisfy { $0 })
        #expect(items.passes.allSatisfy { $0.exactAbove })
    }

    /// Components below the viewport, and above it beyond the cache, are not asked.
    @Test func onlyComponentsTheViewportMeetsAreAsked() {
        let container = ScrollContainer(viewportExtent: 10)
        let above = LazyItems(count: 50)
        let shown = LazyItems(count: 50)
        let below = LazyItems(count: 50)
        for component in [above, shown, below] { container.append(component) }
        container.scroll(to: 60)
        container.layOutComponents(cacheExtent: 2)
        #expect(above.passes.isEmpty)
        #expect(!shown.passes.isEmpty)
        #expect(below.passes.isEmpty)
    }
}
