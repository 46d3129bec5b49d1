import CMath

/// Scroll physics driven by explicit time steps: drag with a rubber band past the
/// edges, fling with momentum decay, and a critically damped spring back to the edge;
/// with `snapping`, a fling comes to rest exactly on a row, a page or a component's
/// top.
///
/// It has no clock: the host calls `advance(by:)` with elapsed milliseconds and reads
/// `position`, which it gives to the container as the root offset. Components never
/// see the physics, so a fling crosses their boundaries with no jump and no change of
/// speed. Positions are in points, times in milliseconds, velocities in points per
/// millisecond (positive: towards the end of the stack).
public struct ScrollPhysics: Sendable {
    /// The constants of the motion.
    public struct Configuration: Hashable, Sendable {
        /// Fraction of velocity kept per millisecond of a fling (UIScrollView's
        /// `.normal` is 0.998, `.fast` 0.99).
        public var decelerationRate: Double
        /// The rubber band's stiffness: 0.55 as in UIScrollView.
        public var rubberBandCoefficient: Double
        /// Angular frequency of the critically damped spring back, per millisecond.
        public var springFrequency: Double
        /// A fling stops below this speed, in points per millisecond.
        public var minimumVelocity: Double
        /// A spring back ends when closer than this to the edge, in points.
        public var settleDistance: Double
        /// Drag samples older than this many milliseconds do not count for velocity.
        public var velocityWindow: Double

        /// UIScrollView's constants unless given.
        public init(
            decelerationRate: Double = 0.998, rubberBandCoefficient: Double = 0.55, springFrequency: Double = 0.02,
            minimumVelocity: Double = 0.005, settleDistance: Double = 0.01, velocityWindow: Double = 100
        ) {
            self.decelerationRate = decelerationRate
            self.rubberBandCoefficient = rubberBandCoefficient
            self.springFrequency = springFrequency
            self.minimumVelocity = minimumVelocity
            self.settleDistance = settleDistance
            self.velocityWindow = velocityWindow
        }

        /// UIScrollView's normal deceleration.
        public static let normal = Configuration()
        /// UIScrollView's fast deceleration.
        public static let fast = Configuration(decelerationRate: 0.99)
    }

    /// What the content is doing.
    public enum Phase: Hashable, Sendable {
        /// At rest, held by a finger, gliding after a fling, returning from overscroll.
        case idle, dragging, decelerating, springingBack
    }

    /// The constants in use.
    public let configuration: Configuration
    /// What the content is doing now.
    public private(set) var phase = Phase.idle
    /// The root offset to show; outside `bounds` only while dragging past an edge or
    /// springing back.
    public private(set) var position: Double
    /// Points per millisecond.
    public private(set) var velocity = 0.0
    /// The offsets the content can rest at: `0...maxScrollOffset`.
    public var bounds: ClosedRange<Double>
    /// Where a fling (or a release) may come to rest, besides the bounds; `nil` for
    /// anywhere.
    public var snapping: Snapping?

    /// Offsets a motion may come to rest at (see `snapTarget(from:velocity:)`).
    public enum Snapping: Hashable, Sendable {
        /// Multiples of a step: a row, a page.
        case every(Double)
        /// These offsets: components' tops.
        case offsets([Double])
    }
    /// The viewport extent, which scales the rubber band.
    public var viewportExtent: Double

    private var dragOrigin = 0.0
    private var samples: [(time: Double, position: Double)] = []
    private var spring: (edge: Double, displacement: Double, velocity: Double, elapsed: Double)?
    /// Where the current fling comes to rest, when it snaps.
    private var glideTarget: Double?

    /// Physics at rest at `position`.
    /// - Parameters:
    ///   - position: the offset to start at, in points.
    ///   - bounds: the offsets the content can rest at, in points.
    ///   - viewportExtent: the viewport height, which scales the rubber band, in points.
    ///   - configuration: deceleration, rubber band and spring constants.
    public init(position: Double = 0, bounds: ClosedRange<Double>, viewportExtent: Double, configuration: Configuration = .normal) {
        self.position = position
        self.bounds = bounds
        self.viewportExtent = viewportExtent
        self.configuration = configuration
    }

    /// Whether `advance(by:)` would still move the position.
    public var isMoving: Bool { phase == .decelerating || phase == .springingBack }

    // MARK: Formulas

    /// How far a rubber band lets the content go for a drag `overshoot` points past the
    /// edge: `(1 - 1 / (x·c / d + 1))·d`, never more than `d`.
    public static func rubberBand(overshoot: Double, dimension: Double, coefficient: Double = 0.55) -> Double {
        guard dimension > 0 else { return 0 }
        return (1 - 1 / (overshoot * coefficient / dimension + 1)) * dimension
    }

    /// How far a fling at `velocity` travels before it stops: `v·d / (1 - d)` for a
    /// rate `d` per millisecond.
    public static func projectedDistance(velocity: Double, decelerationRate: Double) -> Double {
        velocity * decelerationRate / (1 - decelerationRate)
    }

    /// Where a fling from `position` at `velocity` comes to rest with `snapping`: the
    /// snap offset (or bound) nearest the fling's projected end, among those on the
    /// side it goes (either side when it does not move), as `targetContentOffset` is
    /// chosen. Within `bounds`.
    public func snapTarget(from position: Double, velocity: Double) -> Double {
        let projected = position + Self.projectedDistance(velocity: velocity, decelerationRate: configuration.decelerationRate)
        var candidates = [bounds.lowerBound, bounds.upperBound]
        switch snapping {
        case .every(let step) where step > 0:
            let below = (projected / step).rounded(.down) * step
            candidates += [below, below + step]
        case .offsets(let offsets):
            candidates += offsets
        case .every, nil:
            return min(max(projected, bounds.lowerBound), bounds.upperBound)
        }
        let reachable = candidates.filter { bounds.contains($0) && (velocity > 0 ? $0 >= position : velocity < 0 ? $0 <= position : true) }
        return reachable.min { abs($0 - projected) < abs($1 - projected) } ?? min(max(position, bounds.lowerBound), bounds.upperBound)
    }

    // MARK: Input

    /// A finger touches: any motion stops.
    public mutating func beginDrag(at time: Double) {
        phase = .dragging
        velocity = 0
        spring = nil
        glideTarget = nil
        dragOrigin = unbandedPosition(position)
        samples = [(time, dragOrigin)]
    }

    /// The finger moved: `translation` points in total since `beginDrag` (positive:
    /// towards the end of the stack). Past an edge the content follows a rubber band.
    public mutating func drag(translation: Double, at time: Double) {
        guard phase == .dragging else { return }
        let raw = dragOrigin + translation
        samples.append((time, raw))
        samples.removeAll { time - $0.time > configuration.velocityWindow }
        position = banded(raw)
    }

    /// The finger lifts: a fling with the velocity of the last samples, or a spring
    /// back when past an edge.
    public mutating func endDrag(at time: Double) {
        guard phase == .dragging else { return }
        samples.removeAll { time - $0.time > configuration.velocityWindow }
        velocity = Self.slope(of: samples)
        samples = []
        if position < bounds.lowerBound || position > bounds.upperBound {
            startSpring(velocity: velocity)
        } else if snapping != nil {
            glide(to: snapTarget(from: position, velocity: velocity))
        } else {
            phase = abs(velocity) >= configuration.minimumVelocity ? .decelerating : .idle
            if phase == .idle { velocity = 0 }
        }
    }

    /// Starts a fling at `velocity` points per millisecond from the current position
    /// (with `snapping`, to the snap target it projects to).
    public mutating func fling(velocity: Double) {
        spring = nil
        glideTarget = nil
        guard snapping == nil || !bounds.contains(position) else {
            glide(to: snapTarget(from: position, velocity: velocity))
            return
        }
        self.velocity = velocity
        phase = abs(velocity) >= configuration.minimumVelocity ? .decelerating : .idle
    }

    /// Jumps to `position` and stops.
    public mutating func stop(at position: Double) {
        self.position = position
        velocity = 0
        spring = nil
        glideTarget = nil
        phase = .idle
    }

    /// Decelerates to rest exactly at `target`: the fling's speed is the one whose
    /// projected distance is the way there, so that it slows as a free fling does and
    /// never passes the target; the last fraction of a point is a step.
    private mutating func glide(to target: Double) {
        let rate = configuration.decelerationRate
        let distance = target - position
        velocity = distance * (1 - rate) / rate
        guard abs(distance) >= configuration.settleDistance, abs(velocity) >= configuration.minimumVelocity else {
            stop(at: target)
            return
        }
        glideTarget = target
        phase = .decelerating
    }

    // MARK: Time

    /// Moves time forward by `milliseconds`.
    public mutating func advance(by milliseconds: Double) {
        guard milliseconds > 0 else { return }
        switch phase {
        case .idle, .dragging:
            return
        case .decelerating:
            decelerate(for: milliseconds)
        case .springingBack:
            springBack(for: milliseconds)
        }
    }

    private mutating func decelerate(for milliseconds: Double) {
        // Exact for the per-millisecond rule v ← v·d, x ← x + v, at any step length.
        let rate = configuration.decelerationRate
        let decay = docscroll_pow(rate, milliseconds)
        let travel = velocity * rate * (1 - decay) / (1 - rate)
        let next = position + travel
        if let target = glideTarget {
            // (Rounding never carries it past the target.)
            position = velocity > 0 ? min(next, target) : max(next, target)
            velocity *= decay
            if abs(target - position) < configuration.settleDistance || abs(velocity) < configuration.minimumVelocity { stop(at: target) }
            return
        }
        if next < bounds.lowerBound || next > bounds.upperBound {
            // Reach the edge (solve for the time t with d^t = ratio), then carry on as
            // a spring with the speed the fling had there.
            let edge = next < bounds.lowerBound ? bounds.lowerBound : bounds.upperBound
            let ratio = 1 - (edge - position) * (1 - rate) / (velocity * rate)
            let reached = ratio > 0 && ratio < 1 ? docscroll_log(ratio) / docscroll_log(rate) : 0
            position = edge
            startSpring(velocity: velocity * max(0, ratio))
            springBack(for: max(0, milliseconds - reached))
            return
        }
        position = next
        velocity *= decay
        if abs(velocity) < configuration.minimumVelocity {
            velocity = 0
            phase = .idle
        }
    }

    private mutating func startSpring(velocity: Double) {
        let edge = min(max(position, bounds.lowerBound), bounds.upperBound)
        spring = (edge, position - edge, velocity, 0)
        phase = .springingBack
    }

    /// Critically damped: x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ω·t). It never crosses the
    /// edge; if the formula would (a fast inward release), the motion ends at the edge.
    private mutating func springBack(for milliseconds: Double) {
        guard var state = spring else { return }
        state.elapsed += milliseconds
        let omega = configuration.springFrequency
        let t = state.elapsed
        let damping = docscroll_exp(-omega * t)
        let x = (state.displacement + (state.velocity + omega * state.displacement) * t) * damping
        let v = (state.velocity - omega * (state.velocity + omega * state.displacement) * t) * damping
        let crossed = state.displacement != 0 ? (x * state.displacement < 0) : (x * state.velocity < 0)
        if crossed || (abs(x) < configuration.settleDistance && abs(v) < configuration.minimumVelocity) {
            stop(at: state.edge)
            return
        }
        position = state.edge + x
        velocity = v
        spring = state
    }

    // MARK: Helpers

    private func banded(_ raw: Double) -> Double {
        let c = configuration.rubberBandCoefficient
        if raw < bounds.lowerBound {
            return bounds.lowerBound - Self.rubberBand(overshoot: bounds.lowerBound - raw, dimension: viewportExtent, coefficient: c)
        }
        if raw > bounds.upperBound {
            return bounds.upperBound + Self.rubberBand(overshoot: raw - bounds.upperBound, dimension: viewportExtent, coefficient: c)
        }
        return raw
    }

    /// The raw drag position that the rubber band shows at `shown` (its inverse).
    private func unbandedPosition(_ shown: Double) -> Double {
        let c = configuration.rubberBandCoefficient
        let d = viewportExtent
        func inverse(_ y: Double) -> Double {
            guard d > 0, y < d else { return y }
            return (d / c) * (1 / (1 - y / d) - 1)
        }
        if shown < bounds.lowerBound { return bounds.lowerBound - inverse(bounds.lowerBound - shown) }
        if shown > bounds.upperBound { return bounds.upperBound + inverse(shown - bounds.upperBound) }
        return shown
    }

    /// Least-squares slope of position over time, in points per millisecond.
    static func slope(of samples: [(time: Double, position: Double)]) -> Double {
        guard samples.count >= 2 else { return 0 }
        let n = Double(samples.count)
        let meanTime = samples.reduce(0) { $0 + $1.time } / n
        let meanPosition = samples.reduce(0) { $0 + $1.position } / n
        var covariance = 0.0
        var variance = 0.0
        for sample in samples {
            covariance += (sample.time - meanTime) * (sample.position - meanPosition)
            variance += (sample.time - meanTime) * (sample.time - meanTime)
        }
        return variance > 0 ? covariance / variance : 0
    }
}
