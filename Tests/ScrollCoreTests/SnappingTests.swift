import SampleContent
import ScrollCore
import Testing

/// Snapping: a fling (or a release) comes to rest exactly on a snap offset or a bound,
/// chosen from where the fling would have ended, moving one way all along, never past
/// its target nor the bounds.
@Suite("Snapping")
struct SnappingTests {
    /// Advances `physics` in steps of random length until it rests; the positions on
    /// the way.
    func settle(_ physics: inout ScrollPhysics, random: inout SeededGenerator) -> [Double] {
        var positions = [physics.position]
        for _ in 0..<100_000 where physics.isMoving {
            physics.advance(by: Double.random(in: 0.5...40, using: &random))
            positions.append(physics.position)
        }
        return positions
    }

    @Test func aFlingRestsOnTheRowNearestItsProjectedEnd() {
        var physics = ScrollPhysics(position: 0, bounds: 0...10_000, viewportExtent: 500)
        physics.snapping = .every(40)
        // Free, this fling would go 1 × 0.998 / 0.002 = 499 points: the row at 480.
        #expect(physics.snapTarget(from: 0, velocity: 1) == 480)
        physics.fling(velocity: 1)
        var random = SeededGenerator(seed: 1)
        let positions = settle(&physics, random: &random)
        #expect(physics.position == 480)
        #expect(physics.phase == .idle)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 }, "monotonic")
        // Component tops: the one nearest the projected end, on the way the fling goes.
        physics.snapping = .offsets([100, 900, 2_000])
        #expect(physics.snapTarget(from: 480, velocity: 1) == 900)
        #expect(physics.snapTarget(from: 480, velocity: -0.1) == 100)
        #expect(physics.snapTarget(from: 480, velocity: 0) == 100 || physics.snapTarget(from: 480, velocity: 0) == 900)
        #expect(physics.snapTarget(from: 9_990, velocity: 5) == 10_000, "past the last top: the end")
    }

    @Test(arguments: 1...10)
    func randomFlingsRestExactlyOnASnapOffsetMonotonically(seed: UInt64) {
        var random = SeededGenerator(seed: seed &* 104_729)
        for _ in 0..<60 {
            let upper = Double(Int.random(in: 0...20_000, using: &random))
            let step = Double(Int.random(in: 1...600, using: &random))
            let offsets = (0..<Int.random(in: 0...8, using: &random)).map { _ in Double(Int.random(in: 0...Int(upper), using: &random)) }
            let snapping: ScrollPhysics.Snapping = Bool.random(using: &random) ? .every(step) : .offsets(offsets)
            var physics = ScrollPhysics(
                position: Double.random(in: 0...upper, using: &random), bounds: 0...upper, viewportExtent: 600,
                configuration: Bool.random(using: &random) ? .normal : .fast)
            physics.snapping = snapping
            let start = physics.position
            let velocity = Double.random(in: -8...8, using: &random)
            let target = physics.snapTarget(from: start, velocity: velocity)
            physics.fling(velocity: velocity)
            let positions = settle(&physics, random: &random)
            #expect(!physics.isMoving)
            #expect(physics.position == target, "rests exactly on its target")
            #expect((0...upper).contains(target))
            switch snapping {
            case .every(let step): #expect(target == upper || target.truncatingRemainder(dividingBy: step) == 0 || target == 0)
            case .offsets(let offsets): #expect(offsets.contains(target) || target == 0 || target == upper)
            }
            if velocity > 0 { #expect(target >= start) }
            if velocity < 0 { #expect(target <= start) }
            let ascending = target >= start
            #expect(zip(positions, positions.dropFirst()).allSatisfy { ascending ? $0 <= $1 : $0 >= $1 }, "monotonic")
            #expect(positions.allSatisfy { ascending ? $0 <= target : $0 >= target }, "never past the target")
        }
    }

    /// A drag released still on the content glides to the snap offset its release
    /// projects to; released past an edge, it springs back to the edge.
    @Test func aReleaseSnapsAndAnOverscrollSpringsBack() {
        var physics = ScrollPhysics(position: 200, bounds: 0...1_000, viewportExtent: 400)
        physics.snapping = .every(100)
        physics.beginDrag(at: 0)
        physics.drag(translation: 30, at: 100)
        physics.endDrag(at: 200)
        var random = SeededGenerator(seed: 3)
        _ = settle(&physics, random: &random)
        #expect(physics.position == 200 || physics.position == 300)
        physics.beginDrag(at: 1_000)
        physics.drag(translation: -400, at: 1_100)
        physics.endDrag(at: 1_150)
        #expect(physics.phase == .springingBack)
        _ = settle(&physics, random: &random)
        #expect(physics.position == 0)
    }
}
