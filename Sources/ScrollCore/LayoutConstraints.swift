/// What the container asks of a component in a layout pass (Flutter's
/// `SliverConstraints`): which part of its content the viewport shows, how much around
/// it to have ready, how wide it is, and how far the pass reaches. Main-axis figures
/// are in points (rows in a terminal), the cross axis in columns.
public struct LayoutConstraints: Hashable, Sendable {
    /// The component's content offset at the viewport top: how far its content has
    /// scrolled under the top, 0 while its top is in the viewport or below it.
    public var scrollOffset: Double
    /// Points of content from `scrollOffset` down to the viewport's bottom.
    public var remainingPaintExtent: Double
    /// Points beyond the visible part, above and below, to lay out before they are
    /// drawn (what a renderer may prefetch).
    public var cacheExtent: Double
    /// The width to lay out at (`ScrollContainer.crossAxisExtent`); `nil` when the
    /// host gives none: the component keeps its own. A component laid out at another
    /// width lays itself out again, and answers where the content at `scrollOffset`
    /// went as a correction.
    public var crossAxisExtent: Double?
    /// The viewport's height, in points (a component may pad itself to it).
    public var viewportMainAxisExtent: Double
    /// How far beyond the visible rows the pass needs the component exact.
    public var reach: LayoutReach

    /// Constraints for a component scrolled `scrollOffset` points under the top, with
    /// `remainingPaintExtent` points of viewport below that.
    public init(
        scrollOffset: Double, remainingPaintExtent: Double, cacheExtent: Double = 0, crossAxisExtent: Double? = nil,
        viewportMainAxisExtent: Double? = nil, reach: LayoutReach = .visible
    ) {
        self.scrollOffset = scrollOffset
        self.remainingPaintExtent = remainingPaintExtent
        self.cacheExtent = cacheExtent
        self.crossAxisExtent = crossAxisExtent
        self.viewportMainAxisExtent = viewportMainAxisExtent ?? remainingPaintExtent
        self.reach = reach
    }

    /// Whether the content above `scrollOffset` must be exact: the host asked for an
    /// absolute offset (`--frame`), which must mean what it means in a dump, or for
    /// everything. Else it may stay an estimate, and changes there come back as a
    /// correction.
    public var exactAbove: Bool { reach == .exactAbove || reach == .everything }

    /// Whether the content's end must be located (its extent final, though rows
    /// above the viewport may stay estimates): a jump to the end or to a fraction.
    public var locatesEnd: Bool { reach == .end || reach == .everything }

    /// The content rows the pass is about: the visible ones with the cache extent
    /// around them (from the top when `exactAbove`, to the end for `everything`).
    public var rows: Range<Int> {
        let first = exactAbove ? 0 : max(0, Int(scrollOffset - cacheExtent))
        if reach == .everything { return first..<Int.max }
        return first..<max(first, Int((scrollOffset + remainingPaintExtent + cacheExtent).rounded(.up)))
    }
}

/// How far a layout pass needs components exact, beyond the rows the viewport shows
/// and the cache extent around them (which every pass lays out).
public enum LayoutReach: Hashable, Sendable {
    /// The visible rows and their cache extent only: what a frame needs.
    case visible
    /// Everything above the viewport too: a root offset asked for (`--frame`).
    case exactAbove
    /// The end of every component located: a jump to the end or to a fraction of the
    /// stack. Rows above the viewport may stay estimates.
    case end
    /// Every row of every component exact: a dump, the expanded model.
    case everything
}

/// What a component answers to a layout pass (Flutter's `SliverGeometry`): its
/// extents, whether its content changed, where, and by how much above the viewport top.
public struct LayoutGeometry: Hashable, Sendable {
    /// Whether the extents or any row changed: the container takes the extents here.
    /// (The extents of an unchanged geometry are not read.)
    public var changed: Bool
    /// Height of the whole content, in points (`ScrollComponent.contentExtent`).
    public var scrollExtent: Double
    /// Whether `scrollExtent` is an estimate (`ScrollComponent.isExtentEstimated`).
    public var isEstimated: Bool
    /// Height of the header that pins at the viewport top
    /// (`ScrollComponent.headerExtent`).
    public var headerExtent: Double
    /// The first content offset whose content may differ from before (a renderer
    /// drops what it drew from there on), in points.
    public var firstChangedOffset: Double
    /// Points added (negative: removed) above the constraints' `scrollOffset`: the
    /// container moves by as much, so that the content at the top stays where it is
    /// (Flutter's `scrollOffsetCorrection`).
    public var scrollOffsetCorrection: Double

    /// A change from `firstChangedOffset` on, with a correction, to these extents.
    public init(
        scrollExtent: Double, isEstimated: Bool = false, headerExtent: Double = 0, firstChangedOffset: Double = 0,
        scrollOffsetCorrection: Double = 0
    ) {
        self.changed = true
        self.scrollExtent = scrollExtent
        self.isEstimated = isEstimated
        self.headerExtent = headerExtent
        self.firstChangedOffset = firstChangedOffset
        self.scrollOffsetCorrection = scrollOffsetCorrection
    }

    /// Nothing changed.
    public static let unchanged: LayoutGeometry = {
        var geometry = LayoutGeometry(scrollExtent: 0, firstChangedOffset: .infinity)
        geometry.changed = false
        return geometry
    }()
}
