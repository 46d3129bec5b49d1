import Testing
@testable import ScrollCore

/// A component that lays out lazily through the container's layout pass: items start
/// at an estimated height of 1 and are measured (odd items take 3) when a pass asks
/// for their rows.
private final class LazyItems: ScrollComponent {
    var heights: [Double]
    var measured: [Bool]
    var passes: [LayoutConstraints] = []

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
        return first.isFinite ? geometry(changedFrom: first, correction: correction) : .unchanged
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

    /// A held offset is kept after each component's answer: components estimated far
    /// longer than they are (a page streamed for one frame) shrink as they are laid
    /// out, and the one the offset falls in is asked only for the rows it shows there,
    /// never from its top (which it would have to keep).
    @Test func aHeldOffsetIsKeptAfterEachAnswer() {
        final class Overestimated: ScrollComponent {
            var isLaidOut = false
            var asked: [LayoutConstraints] = []
            var contentExtent: Double { isLaidOut ? 50 : 1_000 }
            var isExtentEstimated: Bool { !isLaidOut }
            func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
                asked.append(constraints)
                guard !isLaidOut else { return .unchanged }
                isLaidOut = true
                return geometry(changedFrom: 0)
            }
        }
        let container = ScrollContainer(viewportExtent: 10)
        let components = (0..<30).map { _ in Overestimated() }
        for component in components { container.append(component) }
        container.layOutComponents(cacheExtent: 0, holding: 20 * 50 + 5)
        #expect(container.scrollOffset == 20 * 50 + 5)
        let held = components[20].asked
        #expect(!held.isEmpty)
        #expect(held.allSatisfy { $0.scrollOffset == 5 && $0.remainingPaintExtent == 10 }, "\(held.map(\.scrollOffset))")
    }

    /// Components below the viewport, and above it beyond the cache, are not asked.
    @Test func onlyComponentsTheViewportMeetsAreAsked() {
        let container = ScrollContainer(viewportExtent: 10)
        let above = LazyItems(count: 50)
        let shown = LazyItems(count: 50)
        let below = LazyItems(count: 50)
        for component in [above, shown, below] { container.append(component) }
        // (A component added is laid out once, at the container's width.)
        container.layOutComponents(cacheExtent: 2)
        for component in [above, shown, below] { component.passes.removeAll() }
        container.scroll(to: 60)
        container.layOutComponents(cacheExtent: 2)
        #expect(above.passes.isEmpty)
        #expect(!shown.passes.isEmpty)
        #expect(below.passes.isEmpty)
    }
}

/// A component that changes on its own and tells its container, and that lays out
/// again at a new width, keeping the row at the top (as a page re-wraps its lines).
private final class Rewrapping: ScrollComponent {
    /// Rows of text of `textColumns` columns, wrapped at the width.
    let textColumns: Int
    private(set) var width: Int
    var passes: [LayoutConstraints] = []
    private var invalidator: LayoutInvalidator?
    private var changedFrom: Double?
    /// Rows added by `grow`, after the text.
    private var extraRows = 0

    init(textColumns: Int, width: Int) {
        self.textColumns = textColumns
        self.width = width
    }

    var rowCount: Int { (textColumns + width - 1) / width + extraRows }
    var contentExtent: Double { Double(rowCount) }

    func attach(_ invalidator: LayoutInvalidator) { self.invalidator = invalidator }

    /// Rows added at the end, as a file grows.
    func grow(by rows: Int) {
        changedFrom = min(changedFrom ?? .infinity, contentExtent)
        extraRows += rows
        invalidator?.markNeedsLayout()
    }

    func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
        passes.append(constraints)
        var correction = 0.0
        if let crossAxis = constraints.crossAxisExtent, Int(crossAxis) != width {
            // The column of text at the top stays at the top.
            let column = Int(constraints.scrollOffset) * width
            width = Int(crossAxis)
            correction = Double(column / width) - constraints.scrollOffset.rounded(.down)
            changedFrom = 0
        }
        defer { changedFrom = nil }
        guard let changedFrom else { return .unchanged }
        return geometry(changedFrom: changedFrom, correction: correction)
    }
}

@Suite("The layout contract")
struct LayoutContractTests {
    /// A component marked as needing layout is asked however far below the viewport
    /// it is, and its new extent is taken in without moving what is on screen.
    @Test func aComponentThatChangedOnItsOwnIsLaidOutWhereverItIs() {
        let container = ScrollContainer(viewportExtent: 10, crossAxisExtent: 40)
        let shown = Rewrapping(textColumns: 4_000, width: 40)
        let below = Rewrapping(textColumns: 400, width: 40)
        container.append(shown)
        let belowID = container.append(below)
        container.layOutComponents(cacheExtent: 0)
        container.scroll(to: 30)
        below.passes.removeAll()
        below.grow(by: 7)
        #expect(container.needsLayout)
        let changes = container.layOutComponents(cacheExtent: 0)
        #expect(below.passes.count == 1, "asked once, though far below")
        #expect(changes.map(\.component) == [belowID])
        #expect(changes.first?.from == 10, "from its old end")
        #expect(container.stackExtent == 100 + 17)
        #expect(container.scrollOffset == 30)
        #expect(!container.needsLayout)
    }

    /// A new width reaches every component through the pass; the one at the top
    /// answers where its row went, and the container keeps that text at the top.
    @Test func aNewWidthIsLaidOutWithTheTopTextKept() {
        let container = ScrollContainer(viewportExtent: 10, crossAxisExtent: 40)
        let above = Rewrapping(textColumns: 800, width: 40)
        let top = Rewrapping(textColumns: 4_000, width: 40)
        let topID = container.append(above)
        _ = topID
        let id = container.append(top)
        container.layOutComponents(cacheExtent: 0)
        container.scroll(to: 20 + 50)
        #expect(container.position?.component == id && container.position?.contentOffset == 50)
        container.crossAxisExtent = 80
        container.layOutComponents(cacheExtent: 0)
        #expect(above.width == 80 && top.width == 80, "every component, on screen or not")
        #expect(above.passes.last?.crossAxisExtent == 80)
        // Row 50 at 40 columns is column 2000 of the text: row 25 at 80 columns.
        #expect(container.position?.component == id && container.position?.contentOffset == 25)
        #expect(container.scrollOffset == 10 + 25)
    }

    /// A pass that reaches the end asks every component, on screen or not, with that
    /// reach; a visible pass asks only those the viewport meets.
    @Test func aPassToTheEndAsksEveryComponent() {
        let container = ScrollContainer(viewportExtent: 10)
        let items = (0..<3).map { _ in LazyItems(count: 50) }
        for item in items { container.append(item) }
        container.layOutComponents(cacheExtent: 0)
        for item in items { item.passes.removeAll() }
        container.layOutComponents(cacheExtent: 0, reach: .end)
        #expect(items.allSatisfy { $0.passes.first?.reach == .end && $0.passes.first?.locatesEnd == true })
        #expect(items.allSatisfy { !$0.passes.isEmpty })
    }

    /// A hidden component is not laid out, and holds no mark; shown again, it is laid
    /// out at the width then.
    @Test func aHiddenComponentIsLaidOutWhenShownAgain() {
        let container = ScrollContainer(viewportExtent: 10, crossAxisExtent: 40)
        let hidden = Rewrapping(textColumns: 400, width: 40)
        let id = container.append(hidden)
        container.append(Rewrapping(textColumns: 400, width: 40))
        container.layOutComponents(cacheExtent: 0)
        container.setHidden(true, for: id)
        container.crossAxisExtent = 20
        hidden.grow(by: 3)
        container.layOutComponents(cacheExtent: 0)
        #expect(hidden.width == 40 && !container.needsLayout)
        container.setHidden(false, for: id)
        #expect(container.needsLayout)
        container.layOutComponents(cacheExtent: 0)
        #expect(hidden.width == 20 && container.stackExtent == 20 + 3 + 20)
    }

    /// A component whose every answer is a change does not hold the pass for ever.
    @Test func aPassEndsAfterItsBoundedRounds() {
        final class Restless: ScrollComponent {
            var asked = 0
            var contentExtent: Double { 100 }
            func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
                asked += 1
                return geometry(changedFrom: 0, correction: 1)
            }
        }
        let container = ScrollContainer(viewportExtent: 10)
        let restless = Restless()
        container.append(restless)
        container.layOutComponents(cacheExtent: 0)
        #expect(restless.asked == ScrollContainer.maxLayoutRounds)
    }
}
