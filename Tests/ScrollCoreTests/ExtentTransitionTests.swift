import SampleContent
import ScrollCore
import Testing

/// Rows inserted or removed over a duration: the extent moves one way, in whole rows,
/// to exactly its target, and at every step the container keeps the row at the
/// viewport top where it is.
@Suite("Extent transitions")
struct ExtentTransitionTests {
    @Test func theExtentEasesToItsTargetInWholeRows() {
        var growing = ExtentTransition(from: 10, to: 110, duration: 200)
        var extents = [growing.extent]
        while !growing.isFinished {
            growing.advance(by: 16)
            extents.append(growing.extent)
        }
        #expect(extents.first == 10 && extents.last == 110)
        #expect(extents.count == 14, "200 ms in steps of 16: 13 steps after the start")
        #expect(zip(extents, extents.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(extents.allSatisfy { $0 == $0.rounded() })
        #expect(extents[1] - extents[0] > extents[12] - extents[11], "quick at first, slow at the end")
        var shrinking = ExtentTransition(from: 50, to: 0, duration: 100)
        while !shrinking.isFinished { shrinking.advance(by: 7) }
        #expect(shrinking.extent == 0)
        #expect(ExtentTransition(from: 3, to: 9, duration: 0).extent == 9, "no duration: at once")
    }

    @Test(arguments: 1...20)
    func theAnchorHoldsAtEveryStep(seed: UInt64) throws {
        var stack = RandomStack.make(seed: seed)
        let container = stack.container
        for _ in 0..<10 {
            container.scroll(to: Double(Int.random(in: 0...Int(container.maxScrollOffset), using: &stack.random)))
            guard let anchor = container.position else { return }
            let visible = container.componentIDs.filter { !container.isHidden($0) }
            guard let changed = visible.randomElement(using: &stack.random), changed != anchor.component,
                  let component = stack.components[changed]
            else { continue }
            component.isExtentEstimated = false
            var transition = ExtentTransition(
                from: component.contentExtent, to: Double(Int.random(in: 0...60, using: &stack.random)),
                duration: Double(Int.random(in: 0...300, using: &stack.random)))
            component.contentExtent = transition.extent
            container.componentExtentDidChange(changed)
            var steps = 0
            while !transition.isFinished {
                steps += 1
                if transition.advance(by: Double.random(in: 1...40, using: &stack.random)) {
                    component.contentExtent = transition.extent
                    container.componentExtentDidChange(changed)
                }
                let wanted = (container.rootOffset(of: anchor.component) ?? 0) + anchor.contentOffset + anchor.delta
                if wanted >= 0, wanted <= container.maxScrollOffset {
                    #expect(container.position == anchor, "seed \(seed) step \(steps)")
                }
            }
            #expect(component.contentExtent == transition.target)
        }
    }
}
