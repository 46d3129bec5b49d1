/// Where one component is for one root offset: the result of a layout pass.
///
/// Invariants (all in points): `0 <= viewportOffset`, `viewportOffset + visibleExtent
/// <= viewport extent`, `0 <= contentOffset`, `contentOffset + visibleExtent <= extent`.
/// The host shows content rows `contentOffset ..< contentOffset + visibleExtent` of the
/// component at viewport rows `viewportOffset ..< viewportOffset + visibleExtent`.
public struct ComponentPlacement: Hashable, Sendable {
    public let id: ComponentID
    /// Position among the container's components (hidden ones included).
    public let index: Int
    /// Root offset of the component's top in the stack.
    public let stackOffset: Double
    /// The component's content extent.
    public let extent: Double
    /// Whether the component's top has passed the viewport top, so that it is held
    /// at the top while its own content scrolls.
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
}
