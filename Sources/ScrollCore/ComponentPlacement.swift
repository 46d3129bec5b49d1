/// Where one component's content is for one root offset.
///
/// The host shows content rows `contentOffset ..< contentOffset + visibleExtent` at
/// viewport rows `viewportOffset ..< viewportOffset + visibleExtent`, then draws the
/// pinned headers (`HeaderPlacement`) over them.
///
/// Invariants (all in points): `0 <= viewportOffset`, `viewportOffset + visibleExtent
/// <= viewport extent`, `0 <= contentOffset`, `contentOffset + visibleExtent <= extent`,
/// and `stackOffset + contentOffset == rootOffset + viewportOffset`.
public struct ComponentPlacement: Hashable, Sendable {
    /// The component placed.
    public let id: ComponentID
    /// Position among the container's components (hidden ones included).
    public let index: Int
    /// Root offset of the top of the component's content.
    public let stackOffset: Double
    /// The component's content extent.
    public let extent: Double
    /// Whether `extent` is an estimate.
    public let isEstimated: Bool
    /// Whether the component's top has passed the viewport top, so that it is held at
    /// the top while its own content scrolls.
    public let isPinned: Bool
    /// Distance from the viewport top to the top of the visible part.
    public let viewportOffset: Double
    /// Height of the visible part; 0 when the component is outside the viewport.
    public let visibleExtent: Double
    /// The component's own scroll offset: how far its content is scrolled under the
    /// top of its visible part.
    public let contentOffset: Double

    /// Root offset at which the component pins (its top reaches the viewport top).
    public var pinOffset: Double { stackOffset }
    /// Root offset at which the component unpins (its end leaves the viewport top).
    public var unpinOffset: Double { stackOffset + extent }
    /// Whether any of the component is in the viewport.
    public var isVisible: Bool { visibleExtent > 0 }
    /// The content rows shown, `contentOffset ..< contentOffset + visibleExtent`.
    public var visibleContentRange: Range<Double> { contentOffset..<(contentOffset + visibleExtent) }
}

/// A component's header held at the viewport top, drawn over whatever is under it.
///
/// The host shows header content rows `contentOffset ..< contentOffset + visibleExtent`
/// at viewport rows `viewportOffset ..< viewportOffset + visibleExtent`. A header being
/// pushed out by its component's end shows only its lower rows.
public struct HeaderPlacement: Hashable, Sendable {
    /// The component whose header this is.
    public let id: ComponentID
    /// Distance from the viewport top to the top of the visible header rows, in points.
    public let viewportOffset: Double
    /// Height of the visible header rows, in points.
    public let visibleExtent: Double
    /// First header row shown (more than 0 while the header is pushed out).
    public let contentOffset: Double
    /// Whether this header stays pinned over later components.
    public let pinsAcrossLaterComponents: Bool
}

/// The root offset where a component pins and unpins, for host logic such as
/// "which section is current".
public struct ComponentBoundary: Hashable, Sendable {
    /// The component.
    public let id: ComponentID
    /// Root offset at which the component's top reaches the viewport top.
    public let pinOffset: Double
    /// Root offset at which the component's end leaves the viewport top.
    public let unpinOffset: Double
}

/// Everything a host needs to draw one viewport.
public struct ViewportLayout: Hashable, Sendable {
    /// The root offset laid out.
    public let scrollOffset: Double
    /// Height of the viewport.
    public let viewportExtent: Double
    /// The largest root offset at the time of the layout.
    public let maxScrollOffset: Double
    /// Visible components, in stack order.
    public let placements: [ComponentPlacement]
    /// Pinned headers, to be drawn over the placements in this order.
    public let headers: [HeaderPlacement]

    /// Whether the end of the stack is at the viewport bottom.
    public var isAtBottom: Bool { scrollOffset >= maxScrollOffset }

    /// Height at the viewport top covered by pinned headers.
    public var headerCoverage: Double {
        headers.reduce(0) { max($0, $1.viewportOffset + $1.visibleExtent) }
    }

    /// Checks the invariants documented on `ComponentPlacement` and `HeaderPlacement`.
    /// - Returns: a description of the first violation, or `nil`.
    public func invariantViolation() -> String? {
        let tolerance = 1e-9
        var lastEnd = 0.0
        for placement in placements {
            if placement.viewportOffset < lastEnd - tolerance { return "\(placement.id) overlaps the component before it" }
            if placement.viewportOffset < -tolerance { return "\(placement.id) starts above the viewport" }
            if placement.viewportOffset + placement.visibleExtent > viewportExtent + tolerance { return "\(placement.id) ends below the viewport" }
            if placement.contentOffset < -tolerance { return "\(placement.id) has a negative content offset" }
            if placement.contentOffset + placement.visibleExtent > placement.extent + tolerance { return "\(placement.id) shows past its content" }
            if abs(placement.stackOffset + placement.contentOffset - scrollOffset - placement.viewportOffset) > tolerance {
                return "\(placement.id) shows the wrong rows"
            }
            lastEnd = placement.viewportOffset + placement.visibleExtent
        }
        for header in headers {
            if header.viewportOffset < -tolerance || header.viewportOffset + header.visibleExtent > viewportExtent + tolerance {
                return "header of \(header.id) lies outside the viewport"
            }
            if header.contentOffset < -tolerance { return "header of \(header.id) has a negative content offset" }
        }
        return nil
    }
}

/// A piece of the stack, top to bottom: empty space or a component.
public enum StackSegment: Hashable, Sendable {
    /// Insets or spacing, in points.
    case gap(Double)
    /// A component's content.
    case component(ComponentID)
}
