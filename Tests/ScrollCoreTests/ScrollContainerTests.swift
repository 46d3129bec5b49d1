import Testing
import ScrollCore

@Suite("Container layout")
struct ScrollContainerTests {
    @Test func componentsBelowTheTopSitAtTheirPlace() throws {
        let container = ScrollContainer(viewportExtent: 8, spacing: 1)
        let first = container.append(TestComponent(10))
        let second = container.append(TestComponent(20))
        let a = try #require(container.placement(of: first))
        let b = try #require(container.placement(of: second))
        #expect(!a.isPinned && a.viewportOffset == 0 && a.visibleExtent == 8 && a.contentOffset == 0)
        #expect(b.stackOffset == 11 && !b.isVisible)
        #expect(container.contentExtent == 31)
        #expect(container.maxScrollOffset == 23)
    }

    @Test func aComponentWhoseTopPassedIsPinnedAndScrollsInside() throws {
        let container = ScrollContainer(viewportExtent: 8, spacing: 1)
        let first = container.append(TestComponent(10))
        let second = container.append(TestComponent(20))
        container.scroll(to: 5)
        let a = try #require(container.placement(of: first))
        let b = try #require(container.placement(of: second))
        #expect(a.isPinned && a.viewportOffset == 0 && a.contentOffset == 5 && a.visibleExtent == 5)
        #expect(!b.isPinned && b.viewportOffset == 6 && b.visibleExtent == 2 && b.contentOffset == 0)
        container.scroll(to: 15)
        let later = try #require(container.placement(of: second))
        #expect(later.isPinned && later.contentOffset == 4 && later.visibleExtent == 8)
        #expect(container.placement(of: first)?.isVisible == false)
    }

    @Test func componentsClipAtTheViewportBottom() throws {
        let container = ScrollContainer(viewportExtent: 4)
        let id = container.append(TestComponent(100))
        container.scroll(to: 50)
        let placement = try #require(container.placement(of: id))
        #expect(placement.visibleExtent == 4 && placement.contentOffset == 50)
    }

    @Test func hiddenComponentsTakeNoSpace() throws {
        let container = ScrollContainer(viewportExtent: 5, spacing: 2)
        let first = container.append(TestComponent(10))
        let middle = container.append(TestComponent(7))
        let last = container.append(TestComponent(3))
        #expect(container.placement(of: last)?.stackOffset == 21)
        container.setHidden(true, for: middle)
        #expect(container.placement(of: middle) == nil)
        #expect(container.placement(of: last)?.stackOffset == 12)
        #expect(container.placements.map(\.id) == [first, last])
        container.setHidden(false, for: middle)
        #expect(container.placement(of: last)?.stackOffset == 21)
    }

    @Test func insetsAreHonoured() throws {
        let container = ScrollContainer(viewportExtent: 5, insets: EdgeInsets(top: 2, bottom: 3))
        let id = container.append(TestComponent(10))
        #expect(container.placement(of: id)?.viewportOffset == 2)
        #expect(container.stackExtent == 15)
        container.scroll(to: 100)
        #expect(container.scrollOffset == 10)
        #expect(container.placement(of: id)?.visibleExtent == 2)
    }

    @Test func extentChangesAreWrittenBackAndTheOffsetReclamped() throws {
        let container = ScrollContainer(viewportExtent: 10)
        let block = TestComponent(100)
        let id = container.append(block)
        container.scroll(to: 90)
        block.contentExtent = 30
        container.componentExtentDidChange(id)
        #expect(container.scrollOffset == 20)
        block.contentExtent = 4
        container.componentExtentDidChange(id)
        #expect(container.scrollOffset == 0)
        #expect(container.contentExtent == 10)
    }

    @Test func emptyContainerHasOnlyTheViewport() {
        let container = ScrollContainer(viewportExtent: 12)
        container.scroll(to: 40)
        #expect(container.scrollOffset == 0)
        #expect(container.contentExtent == 12)
        #expect(container.placements.isEmpty)
    }

    @Test func removingAndInsertingRestacks() throws {
        let container = ScrollContainer(viewportExtent: 5)
        let a = container.append(TestComponent(4))
        let b = container.append(TestComponent(6))
        let c = container.insert(TestComponent(2), at: 0)
        #expect(container.componentIDs == [c, a, b])
        #expect(container.placement(of: a)?.stackOffset == 2)
        container.remove(a)
        #expect(container.placement(of: b)?.stackOffset == 2)
        #expect(container.component(a) == nil)
    }

    @Test func nonFiniteInputIsTamed() {
        let container = ScrollContainer(viewportExtent: 5)
        container.append(TestComponent(.infinity))
        container.append(TestComponent(-3))
        container.scroll(to: .nan)
        #expect(container.scrollOffset == 0)
        #expect(container.stackExtent == 0)
    }

    @Test func viewportResizeReclamps() {
        let container = ScrollContainer(viewportExtent: 5)
        container.append(TestComponent(20))
        container.scroll(to: 15)
        container.viewportExtent = 10
        #expect(container.scrollOffset == 10)
        container.viewportExtent = 30
        #expect(container.scrollOffset == 0)
        #expect(container.contentExtent == 30)
    }
}
