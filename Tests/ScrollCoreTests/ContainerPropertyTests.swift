import SampleContent
import ScrollCore
import Testing

/// Seeded properties over random stacks; a failure names its seed.
@Suite("Container properties")
struct ContainerPropertyTests {
    /// The container's indexed queries agree with the stack walked row by row.
    @Test(arguments: 1...40)
    func queriesMatchTheWalkedStack(seed: UInt64) {
        let stack = RandomStack.make(seed: seed)
        let container = stack.container
        let reference = stack.referenceRows()
        #expect(Double(reference.count) == container.stackExtent, "seed \(seed)")
        for (offset, row) in reference.enumerated() {
            let found = container.component(atRootOffset: Double(offset))
            switch row {
            case .gap: #expect(found == nil, "seed \(seed) offset \(offset)")
            case .content(let id, let inner):
                #expect(found?.id == id && found?.contentOffset == Double(inner), "seed \(seed) offset \(offset)")
                #expect(container.rootOffset(of: id, contentOffset: Double(inner)) == Double(offset), "seed \(seed)")
            }
        }
        for boundary in container.boundaries {
            let extent = stack.components[boundary.id]?.contentExtent ?? -1
            #expect(boundary.unpinOffset - boundary.pinOffset == extent, "seed \(seed)")
            #expect(container.boundary(of: boundary.id) == boundary, "seed \(seed)")
        }
    }

    /// Every offset: the layout keeps its invariants; the bodies show exactly the stack
    /// rows under the viewport; header rows show header content of a pinned header;
    /// clamping is idempotent.
    @Test(arguments: 1...40)
    func framesShowTheStackUnderTheViewport(seed: UInt64) {
        let stack = RandomStack.make(seed: seed)
        let container = stack.container
        let reference = stack.referenceRows()
        let height = Int(container.viewportExtent)
        for offset in 0...Int(container.maxScrollOffset) {
            container.scroll(to: Double(offset))
            #expect(container.scrollOffset == Double(offset))
            let layout = container.layout
            #expect(layout.invariantViolation() == nil, "seed \(seed) offset \(offset): \(layout.invariantViolation() ?? "")")
            let rows = stack.viewportRows()
            let covered = Int(layout.headerCoverage)
            for y in covered..<height {
                let expected = offset + y < reference.count ? reference[offset + y] : .gap
                #expect(rows[y] == expected, "seed \(seed) offset \(offset) row \(y)")
            }
            for header in layout.headers {
                let extent = stack.components[header.id].map { min($0.headerExtent, $0.contentExtent) } ?? 0
                for y in Int(header.viewportOffset)..<Int(header.viewportOffset + header.visibleExtent) {
                    guard case .content(let id, let row) = rows[y] else {
                        Issue.record("seed \(seed): header row \(y) shows a gap")
                        continue
                    }
                    #expect(id == header.id && Double(row) < extent, "seed \(seed) offset \(offset)")
                }
            }
            container.scroll(to: container.scrollOffset)
            #expect(container.scrollOffset == Double(offset), "clamping is idempotent, seed \(seed)")
        }
        container.scroll(to: -5)
        #expect(container.scrollOffset == 0)
        container.scroll(to: container.stackExtent + 100)
        #expect(container.scrollOffset == container.maxScrollOffset)
    }

    /// Scrolling row by row from the top: the row at the viewport top is each content
    /// row of each visible component exactly once, in order, and the last viewport
    /// shows the rest.
    @Test(arguments: 1...40)
    func rowByRowShowsEveryRowAtTheTopOnce(seed: UInt64) {
        let stack = RandomStack.make(seed: seed)
        let container = stack.container
        let reference = stack.referenceRows()
        var atTop: [StackRow] = []
        for offset in 0...Int(container.maxScrollOffset) {
            container.scroll(to: Double(offset))
            let top = container.layout.placements.first { $0.viewportOffset == 0 && $0.isVisible }
            if let top { atTop.append(.content(top.id, Int(top.contentOffset))) }
        }
        let lastViewport = stack.bodyRows()
        let contentRows = reference.filter { $0 != .gap }
        #expect(Set(atTop).count == atTop.count, "no row twice at the top, seed \(seed)")
        #expect(atTop == Array(contentRows.prefix(atTop.count)), "in stack order, seed \(seed)")
        let shown = Set(atTop).union(lastViewport.filter { $0 != .gap })
        let missing = Set(contentRows).subtracting(shown)
        #expect(missing.isEmpty && shown.count == contentRows.count, "every row shown, seed \(seed): \(missing.count) missing")
    }

    /// Random changes above, inside and below the viewport keep the row at the viewport
    /// top where it is (unless that row was removed or the stack became too short).
    @Test(arguments: 1...60)
    func anchorHoldsThroughExtentChanges(seed: UInt64) throws {
        var stack = RandomStack.make(seed: seed)
        let container = stack.container
        for _ in 0..<20 {
            container.scroll(to: Double(Int.random(in: 0...Int(container.maxScrollOffset), using: &stack.random)))
            guard let anchor = container.position else { return }  // every component hidden
            let visible = container.componentIDs.filter { !container.isHidden($0) }
            guard let changed = visible.randomElement(using: &stack.random), let component = stack.components[changed] else { continue }
            let estimateCorrected = component.isExtentEstimated
            component.contentExtent = Double(Int.random(in: 0...50, using: &stack.random))
            component.isExtentEstimated = false
            container.componentExtentDidChange(changed)
            let anchorComponent = try #require(stack.components[anchor.component])
            guard anchor.contentOffset <= anchorComponent.contentExtent else { continue }  // the row was removed
            let wanted = (container.rootOffset(of: anchor.component) ?? 0) + anchor.contentOffset + anchor.delta
            if wanted <= container.maxScrollOffset {
                #expect(container.position == anchor, "seed \(seed), estimate corrected: \(estimateCorrected), anchor \(anchor), now \(String(describing: container.position)), changed \(changed)")
            } else {
                #expect(container.scrollOffset == container.maxScrollOffset, "seed \(seed)")
            }
        }
    }

    /// Hiding, showing, inserting and removing components keep the anchor too; a removed
    /// anchor hands over to the next component.
    @Test(arguments: 1...30)
    func anchorHoldsThroughStructuralChanges(seed: UInt64) throws {
        var stack = RandomStack.make(seed: seed)
        let container = stack.container
        for _ in 0..<15 {
            container.scroll(to: Double(Int.random(in: 0...Int(container.maxScrollOffset), using: &stack.random)))
            guard let anchor = container.position else { break }
            let ids = container.componentIDs
            guard let target = ids.randomElement(using: &stack.random), target != anchor.component else { continue }
            switch Int.random(in: 0..<3, using: &stack.random) {
            case 0: container.setHidden(!container.isHidden(target), for: target)
            case 1: container.remove(target)
            default:
                let component = TestComponent(Double(Int.random(in: 0...30, using: &stack.random)))
                let id = container.insert(component, at: Int.random(in: 0...ids.count, using: &stack.random))
                stack.components[id] = component
            }
            let wanted = (container.rootOffset(of: anchor.component) ?? 0) + anchor.contentOffset + anchor.delta
            if wanted <= container.maxScrollOffset {
                #expect(container.position == anchor, "seed \(seed)")
            }
        }
    }

    /// Scroll-to with every alignment makes the target visible, not under a header.
    @Test(arguments: 1...40)
    func scrollToMakesTheTargetVisible(seed: UInt64) {
        var stack = RandomStack.make(seed: seed)
        let container = stack.container
        let alignments: [ScrollAlignment] = [.top, .center, .bottom, .nearest]
        for _ in 0..<40 {
            let candidates = container.componentIDs.filter { id in
                guard !container.isHidden(id), let component = stack.components[id] else { return false }
                return component.contentExtent > component.headerExtent + 3
            }
            guard let id = candidates.randomElement(using: &stack.random), let component = stack.components[id] else { return }
            let first = Int.random(in: Int(component.headerExtent)..<(Int(component.contentExtent) - 2), using: &stack.random)
            let range = Double(first)..<Double(first + Int.random(in: 1...2, using: &stack.random))
            let alignment = alignments.randomElement(using: &stack.random) ?? .top
            container.scroll(to: Double(Int.random(in: 0...Int(container.maxScrollOffset), using: &stack.random)))
            let wasVisible = container.isVisible(id, contentRange: range)
            let before = container.scrollOffset
            container.scroll(to: id, contentRange: range, alignment: alignment)
            #expect(container.isVisible(id, contentRange: range), "seed \(seed) \(alignment)")
            if alignment == .nearest, wasVisible { #expect(container.scrollOffset == before, "nearest does not move, seed \(seed)") }
            let rows = stack.viewportRows()
            let covered = Int(container.layout.headerCoverage)
            for row in Int(range.lowerBound)..<Int(range.upperBound) {
                #expect(rows[covered...].contains(.content(id, row)), "seed \(seed) \(alignment)")
            }
        }
    }

    /// Save, scroll elsewhere, restore: back at the same offset.
    @Test(arguments: 1...30)
    func saveAndRestoreRoundTrip(seed: UInt64) throws {
        var stack = RandomStack.make(seed: seed)
        let container = stack.container
        for _ in 0..<20 {
            let offset = Double(Int.random(in: 0...Int(container.maxScrollOffset), using: &stack.random))
            container.scroll(to: offset)
            guard let saved = container.position else { return }  // every component hidden
            container.scroll(to: Double(Int.random(in: 0...Int(container.maxScrollOffset), using: &stack.random)))
            container.restore(saved)
            #expect(container.scrollOffset == offset, "seed \(seed)")
        }
    }
}
