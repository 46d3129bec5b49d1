import SampleContent
import ScrollCore
import Testing

@Suite("Pinned headers")
struct PinnedHeaderTests {
    @Test func headerStaysAtTheTopAndLeavesWithItsComponent() throws {
        let container = ScrollContainer(viewportExtent: 5)
        let table = container.append(TestComponent(10, header: 2))
        container.append(TestComponent(20))
        #expect(container.layout.headers.isEmpty, "not pinned at its natural place")
        container.scroll(to: 3)
        let pinned = try #require(container.layout.headers.first)
        #expect(pinned.id == table && pinned.viewportOffset == 0 && pinned.visibleExtent == 2 && pinned.contentOffset == 0)
        #expect(!pinned.pinsAcrossLaterComponents)
        container.scroll(to: 9)  // one row of the table left: the header is pushed up by one
        let pushed = try #require(container.layout.headers.first)
        #expect(pushed.viewportOffset == 0 && pushed.visibleExtent == 1 && pushed.contentOffset == 1)
        container.scroll(to: 10)
        #expect(container.layout.headers.isEmpty)
    }

    @Test func crossHeaderStaysOverLaterComponentsUntilReplaced() throws {
        let container = ScrollContainer(viewportExtent: 6)
        let title = container.append(TestComponent(4, header: 1), options: ComponentOptions(pinsHeaderAcrossLaterComponents: true))
        let table = container.append(TestComponent(10, header: 2))
        let second = container.append(TestComponent(8, header: 1), options: ComponentOptions(pinsHeaderAcrossLaterComponents: true))
        container.append(TestComponent(30))
        container.scroll(to: 2)
        #expect(container.layout.headers.map(\.id) == [title])
        container.scroll(to: 7)  // the table's top (4) passed the bottom of the title header
        let headers = container.layout.headers
        #expect(headers.map(\.id) == [title, table])
        #expect(headers[1].viewportOffset == 1 && headers[1].visibleExtent == 2)
        #expect(container.layout.headerCoverage == 3)
        container.scroll(to: 20)  // the second title took over; the table is gone
        #expect(container.layout.headers.map(\.id) == [second])
        container.scroll(to: 40)
        #expect(container.layout.headers.map(\.id) == [second], "still pinned over later components")
    }

    @Test func headerTallerThanItsComponentIsClipped() throws {
        let container = ScrollContainer(viewportExtent: 5)
        container.append(TestComponent(1, header: 3))
        container.append(TestComponent(20))
        container.scroll(to: 0.5)
        let header = try #require(container.layout.headers.first)
        #expect(header.visibleExtent == 0.5 && header.contentOffset == 0.5)
    }
}

@Suite("Events")
struct EventTests {
    @Test func scrollingReportsEdgesPinsAndVisibleChanges() {
        let container = ScrollContainer(viewportExtent: 4)
        let a = container.append(TestComponent(6, header: 1))
        let b = container.append(TestComponent(6))
        var events = container.scroll(to: 1)
        #expect(events.contains(.pinned(a)))
        #expect(events.contains(.headerPinned(a)))
        #expect(events.contains(.visibleRangeChanged(a, 1..<5)))
        #expect(!events.contains(.reachedTop))
        events = container.scroll(to: 3)
        #expect(events.contains(.componentBottomReached(a)))
        #expect(events.contains(.componentTopReached(b)))
        #expect(events.contains(.visibleComponentsChanged([a, b])))
        events = container.scroll(to: 8)
        #expect(events.contains(.reachedBottom))
        #expect(events.contains(.unpinned(a)))
        #expect(events.contains(.headerUnpinned(a)))
        #expect(events.contains(.componentBottomReached(b)))
        #expect(events.contains(.visibleComponentsChanged([b])))
        #expect(container.scroll(to: 8).isEmpty, "no change, no events")
        events = container.scroll(to: 0)
        #expect(events.contains(.reachedTop))
        #expect(events.contains(.componentTopReached(a)))
    }

    @Test func changesReportEventsOnceForABatch() {
        let container = ScrollContainer(viewportExtent: 10)
        let a = TestComponent(3)
        let id = container.append(a)
        let events = container.performBatchUpdates {
            a.contentExtent = 5
            container.componentExtentDidChange(id)
            container.append(TestComponent(20))
        }
        #expect(events.filter { if case .visibleComponentsChanged = $0 { true } else { false } }.count == 1)
        #expect(events.contains(.visibleRangeChanged(id, 0..<5)))
    }
}

@Suite("Anchors and estimates")
struct AnchorTests {
    @Test func correctingAnEstimateAboveTheViewportMovesNothingVisible() {
        let container = ScrollContainer(viewportExtent: 10)
        let estimated = TestComponent(1_000, estimated: true)
        let above = container.append(estimated)
        let below = container.append(TestComponent(100))
        #expect(container.placement(of: above)?.isEstimated == true)
        container.scroll(to: 1_040)
        let before = container.position
        #expect(before == ScrollPosition(component: below, contentOffset: 40))
        estimated.contentExtent = 640
        estimated.isExtentEstimated = false
        let events = container.componentExtentDidChange(above)
        #expect(container.scrollOffset == 680)
        #expect(container.position == before)
        #expect(!events.contains { if case .visibleRangeChanged = $0 { true } else { false } }, "nothing visible moved")
    }

    @Test func growthInsideTheAnchorComponentAboveTheAnchorRowIsCorrected() {
        let container = ScrollContainer(viewportExtent: 10)
        let page = TestComponent(100)
        let id = container.append(page)
        container.scroll(to: 50)
        page.contentExtent = 130  // 30 rows loaded above row 50
        container.componentExtentDidChange(id, rowsInsertedAboveAnchor: 30)
        #expect(container.scrollOffset == 80)
    }

    @Test func changingAComponentsInsetsKeepsTheAnchor() throws {
        let container = ScrollContainer(viewportExtent: 10)
        let first = container.append(TestComponent(20))
        let second = container.append(TestComponent(50))
        container.scroll(to: 30)
        let before = container.position
        container.setOptions(ComponentOptions(insets: EdgeInsets(top: 3, bottom: 2)), for: first)
        #expect(container.rootOffset(of: second) == 25)
        #expect(container.position == before)
        #expect(container.scrollOffset == 35)
    }

    @Test func changesBelowTheViewportMoveNothing() {
        let container = ScrollContainer(viewportExtent: 10)
        container.append(TestComponent(50))
        let last = TestComponent(50)
        let id = container.append(last)
        container.scroll(to: 20)
        last.contentExtent = 5
        container.componentExtentDidChange(id)
        #expect(container.scrollOffset == 20)
    }

    @Test func shrinkingBelowTheViewportReclamps() {
        let container = ScrollContainer(viewportExtent: 10)
        let only = TestComponent(100)
        let id = container.append(only)
        container.scroll(to: 90)
        only.contentExtent = 4
        container.componentExtentDidChange(id)
        #expect(container.scrollOffset == 0)
        #expect(container.contentExtent == 10)
    }
}

@Suite("Navigation and scroll-to")
struct NavigationTests {
    func makeContainer() -> (ScrollContainer, ComponentID, ComponentID) {
        let container = ScrollContainer(viewportExtent: 10, spacing: 1)
        let a = container.append(TestComponent(30, header: 2))
        let b = container.append(TestComponent(40))
        return (container, a, b)
    }

    @Test func linesHalfPagesAndPagesKeepOneLineOfContext() {
        let (container, _, _) = makeContainer()
        container.navigate(.lines(3))
        #expect(container.scrollOffset == 3)
        container.navigate(.pages(1))  // 10 rows, 2 under the pinned header, 1 kept
        #expect(container.scrollOffset == 10)
        container.navigate(.halfPages(-1))
        #expect(container.scrollOffset == 6)
        container.navigate(.stackBottom)
        #expect(container.scrollOffset == container.maxScrollOffset)
        container.navigate(.stackTop)
        #expect(container.scrollOffset == 0)
    }

    @Test func scrollToTopGoesToTheComponentFirst() throws {
        let (container, _, b) = makeContainer()
        container.scroll(to: 50)
        container.navigate(.scrollToTop)
        #expect(container.scrollOffset == container.rootOffset(of: b))
        container.navigate(.scrollToTop)
        #expect(container.scrollOffset == 0)
        container.scrollToTopPolicy = .stack
        container.scroll(to: 50)
        container.navigate(.scrollToTop)
        #expect(container.scrollOffset == 0)
    }

    @Test(arguments: [
        (ScrollAlignment.top, 13.0), (.center, 9.5), (.bottom, 6.0), (.nearest, 6.0),
    ])
    func alignments(alignment: ScrollAlignment, offset: Double) {
        let (container, a, _) = makeContainer()
        // Row 15 of a; with the header pinned, 8 rows remain below it.
        container.scroll(to: a, contentOffset: 15, alignment: alignment)
        #expect(container.scrollOffset == offset)
        #expect(container.isVisible(a, contentRange: 15..<16))
    }

    @Test func nearestDoesNotMoveWhatIsVisible() {
        let (container, a, _) = makeContainer()
        container.scroll(to: 5)
        #expect(container.scroll(to: a, contentOffset: 9, alignment: .nearest).isEmpty)
        #expect(container.scrollOffset == 5)
    }

    @Test func savedPositionsSurviveChangesAbove() throws {
        let (container, _, b) = makeContainer()
        container.scroll(to: 40)
        let saved = try #require(container.position)
        container.insert(TestComponent(25), at: 0)
        container.scroll(to: 0)
        container.restore(saved)
        #expect(container.position == saved)
        #expect(container.component(atRootOffset: container.scrollOffset)?.id == b)
    }
}

@Suite("Scroll physics")
struct ScrollPhysicsTests {
    @Test(arguments: [(0.998, 2.0), (0.998, -1.5), (0.99, 4.0)])
    func flingTravelsTheProjectedDistance(rate: Double, velocity: Double) {
        var physics = ScrollPhysics(position: 50_000, bounds: 0...100_000, viewportExtent: 24, configuration: .init(decelerationRate: rate))
        physics.fling(velocity: velocity)
        var steps = 0
        while physics.isMoving, steps < 100_000 {
            physics.advance(by: 1)
            steps += 1
        }
        let travelled = physics.position - 50_000
        let projected = ScrollPhysics.projectedDistance(velocity: velocity, decelerationRate: rate)
        #expect(abs(travelled - projected) <= abs(projected) * 0.01, "travelled \(travelled), projected \(projected)")
        #expect(physics.velocity == 0 && physics.phase == .idle)
    }

    @Test func stepLengthDoesNotChangeTheDistance() {
        var fine = ScrollPhysics(position: 0, bounds: 0...100_000, viewportExtent: 24)
        var coarse = fine
        fine.fling(velocity: 3)
        coarse.fling(velocity: 3)
        for _ in 0..<1_600 { fine.advance(by: 1) }
        for _ in 0..<100 { coarse.advance(by: 16) }
        #expect(abs(fine.position - coarse.position) < 1e-6)
    }

    /// A fling through a stack of components: the root offset moves continuously and
    /// monotonically, and each component's content offset follows it with no jump.
    @Test func flingCrossesComponentsWithoutASeam() throws {
        let container = ScrollContainer(viewportExtent: 24, spacing: 1)
        var ids: [ComponentID] = []
        for extent in [30.0, 5, 80, 12, 200, 40] { ids.append(container.append(TestComponent(extent))) }
        var physics = ScrollPhysics(position: 0, bounds: 0...container.maxScrollOffset, viewportExtent: 24)
        physics.fling(velocity: 0.6)  // travels about 300 of the 348 rows
        var previous = 0.0
        var crossed = Set<ComponentID>()
        while physics.isMoving {
            physics.advance(by: 1)
            let step = physics.position - previous
            #expect(step >= 0 && step <= 0.6, "monotonic and continuous")
            container.scroll(to: physics.position)
            #expect(container.scrollOffset == physics.position)
            for placement in container.layout.placements {
                #expect(placement.stackOffset + placement.contentOffset == physics.position + placement.viewportOffset)
                if placement.isPinned { crossed.insert(placement.id) }
            }
            previous = physics.position
        }
        #expect(crossed.count >= 4, "the fling pinned several components in turn")
    }

    @Test(arguments: [1.0, 10, 50, 200])
    func rubberBandFollowsTheFormula(overshoot: Double) {
        var physics = ScrollPhysics(position: 0, bounds: 0...500, viewportExtent: 40)
        physics.beginDrag(at: 0)
        physics.drag(translation: -overshoot, at: 16)
        let expected = -(1 - 1 / (overshoot * 0.55 / 40 + 1)) * 40
        #expect(abs(physics.position - expected) < 1e-9)
        #expect(physics.position > -40)
        physics.drag(translation: 500 + overshoot, at: 32)
        #expect(abs(physics.position - (500 - expected)) < 1e-9)
    }

    @Test func springBackSettlesAtTheEdgeWithoutOvershoot() {
        var physics = ScrollPhysics(position: 0, bounds: 0...500, viewportExtent: 40)
        physics.beginDrag(at: 0)
        physics.drag(translation: -120, at: 100)
        physics.endDrag(at: 300)  // the finger rested: no velocity
        #expect(physics.phase == .springingBack)
        var time = 0.0
        var previous = physics.position
        while physics.isMoving, time < 5_000 {
            physics.advance(by: 1)
            time += 1
            #expect(physics.position <= 0, "never crosses the edge")
            #expect(physics.position >= previous - 1e-9, "moves only towards the edge")
            previous = physics.position
        }
        #expect(physics.position == 0 && physics.phase == .idle)
        #expect(time < 1_000, "settles within a second")
    }

    @Test func aFlingIntoTheEdgeBouncesBackToIt() {
        var physics = ScrollPhysics(position: 480, bounds: 0...500, viewportExtent: 40)
        physics.fling(velocity: 2)
        var furthest = 0.0
        for _ in 0..<5_000 where physics.isMoving {
            physics.advance(by: 1)
            furthest = max(furthest, physics.position)
        }
        #expect(furthest > 500, "it overshoots the edge, as a bounce")
        #expect(furthest < 540)
        #expect(physics.position == 500 && !physics.isMoving)
    }

    @Test func releaseVelocityIsEstimatedFromRecentSamples() {
        var physics = ScrollPhysics(position: 100, bounds: 0...10_000, viewportExtent: 40)
        physics.beginDrag(at: 0)
        // Slow at first, then 2 points per millisecond over the last 100 ms.
        for time in stride(from: 0.0, through: 300, by: 10) {
            let translation = time <= 200 ? time * 0.1 : 20 + (time - 200) * 2
            physics.drag(translation: translation, at: time)
        }
        physics.endDrag(at: 300)
        #expect(abs(physics.velocity - 2) < 0.01)
        #expect(physics.phase == .decelerating)
    }
}

@Suite("Row quantizer")
struct RowQuantizerTests {
    @Test func fractionalStepsAddUpWithoutDrift() {
        var quantizer = RowQuantizer()
        var rows = 0
        var total = 0.0
        for step in 0..<10_000 {
            let delta = [0.3, 0.45, -0.2, 1.75, 0.01][step % 5]
            rows += quantizer.rows(for: delta)
            total += delta
        }
        #expect(rows == Int(total.rounded(.towardZero)))
        #expect(abs(quantizer.remainder - (total - Double(rows))) < 1e-9)
    }

    @Test func rowOfAnOffsetIsTheRowItFallsIn() {
        #expect(RowQuantizer.row(for: 3.99) == 3)
        #expect(RowQuantizer.row(for: 4) == 4)
        #expect(RowQuantizer.row(for: .nan) == 0)
    }
}

@Suite("Extent index")
struct ExtentIndexTests {
    /// Appending one by one builds the same sums as building at once, and as adding up.
    @Test(arguments: 1...10)
    func appendMatchesBuildAndPlainSums(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let container = ScrollContainer(viewportExtent: 10, spacing: 1)
        var extents: [Double] = []
        for _ in 0..<Int.random(in: 1...300, using: &random) {
            let extent = Double(Int.random(in: 0...9, using: &random))
            extents.append(extent)
            container.append(TestComponent(extent))
        }
        var top = 0.0
        for (id, extent) in zip(container.componentIDs, extents) {
            #expect(container.rootOffset(of: id) == top, "seed \(seed)")
            top += extent + 1
        }
        #expect(container.stackExtent == top - 1)
    }
}
