/// A component that holds several tabs side by side and shows one at a time, under
/// a header shared by all of them (tabs of lists under a pinned tab bar).
///
/// The container treats it as any component while a tab is shown (its extent and
/// header are those of the tab shown); `ScrollContainer.selectTab(_:of:)` switches
/// tabs the way tabs under a shared header switch: the stack above stays where it
/// was, the header stays pinned if it was, and each tab comes back at its own offset.
public protocol TabbedComponent: ScrollComponent {
    /// How many tabs there are (at least 1).
    var tabCount: Int { get }
    /// The tab shown, `0..<tabCount`.
    var selectedTab: Int { get }
    /// Shows tab `tab` from now on: `contentExtent`, `isExtentEstimated` and
    /// `headerExtent` become that tab's. Called by the container
    /// (`selectTab(_:of:)`), which then reads them again.
    func showTab(_ tab: Int)
}

/// A tabbed component over any components: a shared header of `sharedHeaderExtent`
/// points on top, then the tab shown, whose own header pins under the shared one.
///
/// A tab shorter than `minimumExtent` is padded to it: with the viewport's height
/// there, a tab switched to while the header is pinned can keep it pinned, however
/// short the tab (the stack is not clamped back under the header).
public final class TabStack: TabbedComponent {
    /// The tabs, in order.
    public let tabs: [any ScrollComponent]
    /// Points of the header over every tab (a tab bar).
    public var sharedHeaderExtent: Double
    /// The least extent shown, in points (the viewport's height, for the reason above).
    public var minimumExtent: Double
    public private(set) var selectedTab = 0

    /// Tabs under a shared header of `sharedHeaderExtent` points, padded to
    /// `minimumExtent`; the first is shown.
    public init(tabs: [any ScrollComponent], sharedHeaderExtent: Double, minimumExtent: Double = 0) {
        precondition(!tabs.isEmpty, "a tabbed component has a tab")
        self.tabs = tabs
        self.sharedHeaderExtent = sharedHeaderExtent
        self.minimumExtent = minimumExtent
    }

    public var tabCount: Int { tabs.count }

    public func showTab(_ tab: Int) {
        selectedTab = min(max(0, tab), tabs.count - 1)
    }

    private var shown: any ScrollComponent { tabs[selectedTab] }

    public var contentExtent: Double { max(minimumExtent, sharedHeaderExtent + shown.contentExtent) }
    public var isExtentEstimated: Bool { shown.isExtentEstimated }
    public var headerExtent: Double { sharedHeaderExtent + shown.headerExtent }

    /// The tab shown lays out, below the shared header.
    public func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
        var inner = constraints
        inner.scrollOffset = max(0, constraints.scrollOffset - sharedHeaderExtent)
        let geometry = shown.performLayout(inner)
        guard geometry.changed else { return .unchanged }
        return self.geometry(
            changedFrom: geometry.firstChangedOffset + sharedHeaderExtent, correction: geometry.scrollOffsetCorrection)
    }

    /// Every tab marks the stack as needing layout (a tab not shown too: its
    /// extents are read when it is shown).
    public func attach(_ invalidator: LayoutInvalidator) {
        for tab in tabs { tab.attach(invalidator) }
    }
}
