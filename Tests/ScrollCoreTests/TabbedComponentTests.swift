import SampleContent
import ScrollCore
import Testing

/// Tabs under a shared header (`TabbedComponent`, `ScrollContainer.selectTab`).
@Suite("Paged components")
struct PagedComponentTests {
    /// A banner above, a tabbed component of tabs with headers, a component below.
    private func stack(tabs extents: [Double], viewport: Double = 10, spacing: Double = 1) -> (ScrollContainer, TabStack, ComponentID) {
        let container = ScrollContainer(viewportExtent: viewport, spacing: spacing)
        container.append(TestComponent(25))
        let tabs = TabStack(tabs: extents.map { TestComponent($0, header: 2) }, sharedHeaderExtent: 1, minimumExtent: viewport)
        let id = container.append(tabs)
        container.append(TestComponent(7))
        return (container, tabs, id)
    }

    @Test func theSharedHeaderAndThePageHeaderPinTogether() throws {
        let (container, tabs, id) = stack(tabs: [100, 40])
        #expect(tabs.headerExtent == 3)
        #expect(tabs.contentExtent == 101)
        let top = try #require(container.rootOffset(of: id))
        container.scroll(to: top + 20)
        let header = try #require(container.layout.headers.first { $0.id == id })
        #expect(header.viewportOffset == 0 && header.visibleExtent == 3)
    }

    @Test func eachPageComesBackAtItsOwnOffsetUnderThePinnedHeader() throws {
        let (container, tabs, id) = stack(tabs: [100, 80, 60])
        let top = try #require(container.rootOffset(of: id))
        container.scroll(to: top + 30)
        let events = container.selectTab(1, of: id)
        #expect(events.first == .tabSelected(id, tab: 1))
        #expect(tabs.selectedTab == 1)
        #expect(container.scrollOffset == top, "a tab never shown starts at its top, the header at the viewport top")
        container.scroll(to: top + 12)
        container.selectTab(2, of: id)
        #expect(container.scrollOffset == top)
        container.selectTab(0, of: id)
        #expect(container.scrollOffset == top + 30)
        #expect(container.tabOffset(1, of: id) == 12)
        container.selectTab(1, of: id)
        #expect(container.scrollOffset == top + 12)
        #expect(container.tabOffset(0, of: id) == 30)
    }

    @Test func withTheHeaderNotPinnedTheStackStaysAndPagesShowFromTheirTop() throws {
        let (container, _, id) = stack(tabs: [100, 80])
        let top = try #require(container.rootOffset(of: id))
        container.scroll(to: top + 30)
        container.selectTab(1, of: id)
        container.scroll(to: top - 4)
        let before = container.layout.placements.first?.contentOffset
        container.selectTab(0, of: id)
        #expect(container.scrollOffset == top - 4)
        #expect(container.layout.placements.first?.contentOffset == before, "the content above stays where it was")
        #expect(container.tabOffset(1, of: id) == 0)
    }

    @Test func aShortPageKeepsThePinnedHeaderWithoutAJump() throws {
        let (container, tabs, id) = stack(tabs: [100, 2], viewport: 10)
        let top = try #require(container.rootOffset(of: id))
        container.scroll(to: top + 50)
        container.selectTab(1, of: id)
        #expect(tabs.contentExtent == 10, "padded to the viewport")
        #expect(container.scrollOffset == top)
        let placement = try #require(container.placement(of: id))
        #expect(placement.viewportOffset == 0 && placement.visibleExtent == 10, "the tab fills the viewport under its header")
        container.selectTab(0, of: id)
        #expect(container.scrollOffset == top + 50)
    }

    /// Inside a batch, a switch lands where it lands alone.
    @Test func aSwitchInABatchIsTheSwitchAlone() throws {
        let (alone, _, aloneID) = stack(tabs: [100, 80])
        let (batched, _, batchedID) = stack(tabs: [100, 80])
        for container in [alone, batched] { container.scroll(to: 50) }
        alone.selectTab(1, of: aloneID)
        alone.scroll(by: 7)
        alone.selectTab(0, of: aloneID)
        var events: [ScrollEvent] = []
        batched.performBatchUpdates {
            events += batched.selectTab(1, of: batchedID)
            events += batched.selectTab(0, of: batchedID)
        }
        #expect(events.filter { if case .tabSelected = $0 { true } else { false } }.count == 2)
        #expect(batched.scrollOffset == 50)
        #expect(alone.scrollOffset == 50)
        #expect(batched.tabOffset(1, of: batchedID) == 0 && alone.tabOffset(1, of: aloneID) == 7)
    }

    @Test func selectingWhatCannotBeSelectedChangesNothing() throws {
        let (container, tabs, id) = stack(tabs: [30, 30])
        container.scroll(to: 40)
        #expect(container.selectTab(0, of: id).isEmpty, "already shown")
        #expect(container.selectTab(5, of: id).isEmpty)
        #expect(container.selectTab(-1, of: id).isEmpty)
        #expect(container.selectTab(1, of: ComponentID(rawValue: 0)).isEmpty, "not tabbed")
        #expect(container.selectTab(1, of: ComponentID(rawValue: 99)).isEmpty, "unknown")
        #expect(container.scrollOffset == 40 && tabs.selectedTab == 0)
        #expect(container.tabOffset(2, of: id) == nil)
    }

    /// Random stacks, scrolls and switches: the layout keeps its invariants; with the
    /// header pinned it stays at the top and nothing above shows; else the stack does
    /// not move; each tab comes back at the offset it was left at (a short tab too,
    /// with what is below it showing, as far as the stack's end allows).
    @Test(arguments: 1...40)
    func randomSwitchesKeepTheStackAndEachPagesOffset(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let viewport = Double(Int.random(in: 5...30, using: &random))
        let container = ScrollContainer(viewportExtent: viewport, spacing: Double(Int.random(in: 0...2, using: &random)))
        for _ in 0..<Int.random(in: 0...3, using: &random) { container.append(TestComponent(Double(Int.random(in: 0...40, using: &random)))) }
        let tabCount = Int.random(in: 2...5, using: &random)
        let tabs = TabStack(
            tabs: (0..<tabCount).map { _ in TestComponent(Double(Int.random(in: 0...120, using: &random)), header: Double(Int.random(in: 0...2, using: &random))) },
            sharedHeaderExtent: Double(Int.random(in: 0...2, using: &random)), minimumExtent: viewport)
        let id = container.append(tabs)
        for _ in 0..<Int.random(in: 0...2, using: &random) { container.append(TestComponent(Double(Int.random(in: 0...40, using: &random)))) }
        var left: [Int: Double] = [:]
        for step in 0..<60 {
            container.scroll(to: Double(Int.random(in: 0...Int(container.maxScrollOffset), using: &random)))
            let top = try #require(container.rootOffset(of: id))
            let offset = container.scrollOffset
            let shown = tabs.selectedTab
            let tab = Int.random(in: 0..<tabCount, using: &random)
            guard tab != shown else { continue }
            let pinned = offset >= top
            container.selectTab(tab, of: id)
            #expect(container.layout.invariantViolation() == nil, "seed \(seed) step \(step)")
            #expect(tabs.selectedTab == tab)
            left[shown] = pinned ? offset - top : 0
            if pinned {
                #expect(container.scrollOffset >= top, "seed \(seed) step \(step): the header stays at the top")
                // Its own offset, within its extent (what is below shows under a short
                // tab, as when it was left), as far as the stack goes.
                let expected = min(top + min(left[tab] ?? 0, tabs.contentExtent), container.maxScrollOffset)
                #expect(container.scrollOffset == expected, "seed \(seed) step \(step): the tab's own offset")
            } else {
                #expect(container.scrollOffset == offset, "seed \(seed) step \(step): the stack stays")
            }
            #expect(container.tabOffset(shown, of: id) == left[shown], "seed \(seed) step \(step)")
        }
    }
}
