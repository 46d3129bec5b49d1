/// What the container asks of a component in a layout pass (Flutter's
/// `SliverConstraints`): which part of its content the viewport shows, and how much
/// around it to have ready. All in points (rows in a terminal).
public struct LayoutConstraints: Hashable, Sendable {
    /// The component's content offset at the viewport top: how far its content has
    /// scrolled under the top, 0 while its top is in the viewport or below it.
    public var scrollOffset: Double
    /// Points of content from `scrollOffset` down to the viewport's bottom.
    public var remainingPaintExtent: Double
    /// Points beyond the visible part, above and below, to lay out before they are
    /// drawn (what a renderer may prefetch).
    public var cacheExtent: Double
    /// Whether the content above `scrollOffset` must be exact too: the host asked for
    /// an absolute offset (`--frame`), which must mean what it means in a dump. Else
    /// it may stay an estimate, and changes there come back as a correction.
    public var exactAbove: Bool

    /// Constraints for a component scrolled `scrollOffset` points under the top, with
    /// `remainingPaintExtent` points of viewport below that.
    public init(scrollOffset: Double, remainingPaintExtent: Double, cacheExtent: Double = 0, exactAbove: Bool = false) {
        self.scrollOffset = scrollOffset
        self.remainingPaintExtent = remainingPaintExtent
        self.cacheExtent = cacheExtent
        self.exactAbove = exactAbove
    }

    /// The content rows the pass is about: the visible ones with the cache extent
    /// around them (from the top when `exactAbove`).
    public var rows: Range<Int> {
        let first = exactAbove ? 0 : max(0, Int(scrollOffset - cacheExtent))
        return first..<max(first, Int((scrollOffset + remainingPaintExtent + cacheExtent).rounded(.up)))
    }
}

/// What a component answers to a layout pass (Flutter's `SliverGeometry`): whether its
/// extent or its rows changed, where, and by how much above the viewport top.
public struct LayoutGeometry: Hashable, Sendable {
    /// Whether the extent or any row changed: the container takes the new extent.
    public var changed: Bool
    /// The first content offset whose content may differ from before (a renderer
    /// drops what it drew from there on), in points.
    public var firstChangedOffset: Double
    /// Points added (negative: removed) above the constraints' `scrollOffset`: the
    /// container moves by as much, so that the content at the top stays where it is
    /// (Flutter's `scrollOffsetCorrection`).
    public var scrollOffsetCorrection: Double

    /// A change from `firstChangedOffset` on, with a correction.
    public init(changed: Bool = true, firstChangedOffset: Double = 0, scrollOffsetCorrection: Double = 0) {
        self.changed = changed
        self.firstChangedOffset = firstChangedOffset
        self.scrollOffsetCorrection = scrollOffsetCorrection
    }

    /// Nothing changed.
    public static let unchanged = LayoutGeometry(changed: false, firstChangedOffset: .infinity)
}
