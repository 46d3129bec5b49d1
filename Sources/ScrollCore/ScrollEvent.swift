/// Something a host may want to act on, returned by every call that moves or changes
/// the stack: load more at an edge, update a status line, start or stop work for
/// components that came into or left the viewport.
///
/// Events compare the viewport before and after the call, so a jump reports only what
/// changed between the two viewports, not every component it passed.
public enum ScrollEvent: Hashable, Sendable {
    /// The root offset reached 0.
    case reachedTop
    /// The root offset reached its largest value: the end of the stack is visible.
    case reachedBottom
    /// The first row of a component came into view.
    case componentTopReached(ComponentID)
    /// The last row of a component came into view.
    case componentBottomReached(ComponentID)
    /// A component's top passed the viewport top.
    case pinned(ComponentID)
    /// A pinned component became unpinned (scrolled back below the top, or away).
    case unpinned(ComponentID)
    /// A component's header started to be held at the viewport top.
    case headerPinned(ComponentID)
    /// A component's header stopped being held at the viewport top.
    case headerUnpinned(ComponentID)
    /// The set of visible components changed; the new one, in stack order.
    case visibleComponentsChanged([ComponentID])
    /// The rows shown of a visible component changed.
    case visibleRangeChanged(ComponentID, Range<Double>)
    /// A tabbed component shows another tab (`ScrollContainer.selectTab`).
    case tabSelected(ComponentID, tab: Int)
}
