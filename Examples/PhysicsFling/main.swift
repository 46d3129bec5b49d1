import Foundation
import ScrollCore

// Scroll physics on their own: a drag, a release at speed, the fling's deceleration
// and the rubber band at the end, sampled every 16 ms (a 60 Hz display).
var physics = ScrollPhysics(position: 0, bounds: 0...2_000, viewportExtent: 600)
physics.beginDrag(at: 0)
for step in 1...6 {
    // A finger moving 30 points a frame: 1.875 points a millisecond.
    physics.drag(translation: Double(step) * 30, at: Double(step) * 16)
}
physics.endDrag(at: 96)
print("released at \(Int(physics.position)) points, \(String(format: "%.2f", physics.velocity)) points/ms")
var time = 96.0
while physics.isMoving, time < 20_000 {
    physics.advance(by: 16)
    time += 16
    if Int(time) % 160 == 0 { print("t=\(Int(time)) ms  offset \(String(format: "%.1f", physics.position))  velocity \(String(format: "%.3f", physics.velocity))") }
}
print("at rest at \(String(format: "%.1f", physics.position)) after \(Int(time)) ms (projected: \(String(format: "%.1f", ScrollPhysics.projectedDistance(velocity: 1.875, decelerationRate: physics.configuration.decelerationRate))) points from the release)")

// The same fling snapping to pages of 600 points: it comes to rest exactly on the page
// nearest where it would have stopped.
var paged = ScrollPhysics(position: 0, bounds: 0...2_000, viewportExtent: 600)
paged.snapping = .every(600)
paged.fling(velocity: 1.875)
while paged.isMoving { paged.advance(by: 16) }
print("snapping to pages: at rest at \(String(format: "%.1f", paged.position))")

// A scrollbar of 20 cells over 2,600 points, 600 of them shown, at the end.
let indicator = ScrollIndicator(offset: 2_000, viewport: 600, content: 2_600, starts: [0, 1_000], isEstimated: false, length: 20)
print("scrollbar: thumb on cells \(indicator.thumb.lowerBound)-\(indicator.thumb.upperBound - 1), a component starts at cell \(indicator.ticks[0])")

// Rows inserted: 40 rows open over 200 ms, in whole rows, quick at first.
var opening = ExtentTransition(from: 0, to: 40, duration: 200)
var frames: [Int] = []
while !opening.isFinished {
    opening.advance(by: 16)
    frames.append(Int(opening.extent))
}
print("rows opening: \(frames.map(String.init).joined(separator: " "))")
