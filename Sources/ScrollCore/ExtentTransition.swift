/// An extent that goes to a new value over a duration, driven by explicit time steps
/// as `ScrollPhysics` is: rows inserted into or removed from a component open or close
/// over a few frames, so that what is below them slides rather than jumps.
///
/// The component reports `extent` as its `contentExtent`; after each `advance(by:)`,
/// the host tells the container (`componentExtentDidChange`), whose anchor keeps the
/// row at the viewport top in place at every step. The extent moves monotonically, in
/// whole rows when `rows` (a terminal's), easing out, and is exactly the target at
/// the end.
public struct ExtentTransition: Sendable {
    /// The extent to report now.
    public private(set) var extent: Double
    /// Where it started.
    public let start: Double
    /// Where it goes.
    public let target: Double
    /// Milliseconds the change takes.
    public let duration: Double
    /// Whether the extent moves in whole rows.
    public let rows: Bool
    private var elapsed = 0.0

    /// A change from `start` to `target` over `duration` milliseconds (at once for
    /// none).
    public init(from start: Double, to target: Double, duration: Double, rows: Bool = true) {
        self.start = start
        self.target = target
        self.duration = max(0, duration)
        self.rows = rows
        extent = self.duration > 0 ? start : target
    }

    /// Whether the extent has reached its target.
    public var isFinished: Bool { extent == target }

    /// Moves time forward by `milliseconds`.
    /// - Returns: whether the extent changed (the container must be told).
    @discardableResult
    public mutating func advance(by milliseconds: Double) -> Bool {
        guard !isFinished, milliseconds > 0 else { return false }
        elapsed += milliseconds
        let before = extent
        guard elapsed < duration else {
            extent = target
            return extent != before
        }
        // Ease out (cubic): quick at first, settling at the end.
        let progress = 1 - pow3(1 - elapsed / duration)
        var next = start + (target - start) * progress
        if rows { next = target > start ? next.rounded(.down) : next.rounded(.up) }
        // (Never back, never past the target.)
        extent = target > start ? min(target, max(extent, next)) : max(target, min(extent, next))
        return extent != before
    }

    private func pow3(_ x: Double) -> Double { x * x * x }
}
