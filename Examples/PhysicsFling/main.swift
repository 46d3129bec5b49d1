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
