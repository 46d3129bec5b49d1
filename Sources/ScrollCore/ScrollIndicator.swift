/// Where a scroll indicator (a scrollbar `length` cells long) shows the viewport over
/// the whole stack: the thumb's cells, and a tick where each component but the first
/// starts, as the container's offsets place them.
///
/// The thumb is as long as the viewport is a share of the content (a cell at the
/// least); it starts at the first cell at the top of the stack and ends at the last at
/// the bottom, and moves monotonically between, as a platform scroll indicator does.
public struct ScrollIndicator: Equatable, Sendable {
    /// The cells of the track the thumb covers.
    public let thumb: Range<Int>
    /// The cells where a component starts (the first component's, at 0, left out).
    public let ticks: [Int]
    /// Whether any extent in the stack is an estimate: the thumb is only as right as
    /// the estimates (a host draws it otherwise).
    public let isEstimated: Bool
    /// Cells of the track.
    public let length: Int

    /// The indicator for `offset` into `content` rows, `viewport` of which show, with
    /// components starting at `starts` (root offsets), on a track of `length` cells.
    public init(offset: Double, viewport: Double, content: Double, starts: [Double], isEstimated: Bool, length: Int) {
        self.length = max(0, length)
        self.isEstimated = isEstimated
        guard self.length > 0 else {
            thumb = 0..<0
            ticks = []
            return
        }
        let content = max(content, viewport, 1)
        let size = min(self.length, max(1, Int((Double(self.length) * viewport / content).rounded())))
        let maxOffset = content - viewport
        let fraction = maxOffset > 0 ? min(1, max(0, offset / maxOffset)) : 0
        let start = Int((Double(self.length - size) * fraction).rounded())
        thumb = start..<(start + size)
        var ticks: [Int] = []
        for rootOffset in starts where rootOffset > 0 {
            let cell = min(self.length - 1, Int(Double(self.length) * rootOffset / content))
            if ticks.last != cell { ticks.append(cell) }
        }
        self.ticks = ticks
    }

    /// The indicator of `container` as it stands, on a track of `length` cells.
    public init(_ container: ScrollContainer, length: Int) {
        let ids = container.componentIDs.filter { !container.isHidden($0) }
        self.init(
            offset: container.scrollOffset, viewport: container.viewportExtent, content: container.contentExtent,
            starts: ids.compactMap { container.rootOffset(of: $0) },
            isEstimated: ids.contains { container.component($0)?.isExtentEstimated == true }, length: length)
    }

    /// The root offset that puts the thumb's middle at cell `cell` (a click or a drag on
    /// the track), for `viewport` rows of `content`.
    public func offset(at cell: Int, viewport: Double, content: Double) -> Double {
        let content = max(content, viewport, 1)
        let maxOffset = content - viewport
        let free = length - thumb.count
        guard free > 0, maxOffset > 0 else { return 0 }
        let start = min(max(0, cell - thumb.count / 2), free)
        return (maxOffset * Double(start) / Double(free)).rounded()
    }
}
