/// A component that holds several pages side by side and shows one at a time, under
/// a header shared by all of them (tabs of lists under a pinned tab bar).
///
/// The container treats it as any component while a page is shown (its extent and
/// header are those of the page shown); `ScrollContainer.selectPage(_:of:)` switches
/// pages the way tabs under a shared header switch: the stack above stays where it
/// was, the header stays pinned if it was, and each page comes back at its own offset.
public protocol PagedComponent: ScrollComponent {
    /// How many pages there are (at least 1).
    var pageCount: Int { get }
    /// The page shown, `0..<pageCount`.
    var selectedPage: Int { get }
    /// Shows page `page` from now on: `contentExtent`, `isExtentEstimated` and
    /// `headerExtent` become that page's. Called by the container
    /// (`selectPage(_:of:)`), which then reads them again.
    func showPage(_ page: Int)
}

/// A paged component over any components: a shared header of `sharedHeaderExtent`
/// points on top, then the page shown, whose own header pins under the shared one.
///
/// A page shorter than `minimumExtent` is padded to it: with the viewport's height
/// there, a page switched to while the header is pinned can keep it pinned, however
/// short the page (the stack is not clamped back under the header).
public final class PageStack: PagedComponent {
    /// The pages, in order.
    public let pages: [any ScrollComponent]
    /// Points of the header over every page (a tab bar).
    public var sharedHeaderExtent: Double
    /// The least extent shown, in points (the viewport's height, for the reason above).
    public var minimumExtent: Double
    public private(set) var selectedPage = 0

    /// Pages under a shared header of `sharedHeaderExtent` points, padded to
    /// `minimumExtent`; the first is shown.
    public init(pages: [any ScrollComponent], sharedHeaderExtent: Double, minimumExtent: Double = 0) {
        precondition(!pages.isEmpty, "a paged component has a page")
        self.pages = pages
        self.sharedHeaderExtent = sharedHeaderExtent
        self.minimumExtent = minimumExtent
    }

    public var pageCount: Int { pages.count }

    public func showPage(_ page: Int) {
        selectedPage = min(max(0, page), pages.count - 1)
    }

    private var shown: any ScrollComponent { pages[selectedPage] }

    public var contentExtent: Double { max(minimumExtent, sharedHeaderExtent + shown.contentExtent) }
    public var isExtentEstimated: Bool { shown.isExtentEstimated }
    public var headerExtent: Double { sharedHeaderExtent + shown.headerExtent }

    /// The page shown lays out, below the shared header.
    public func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
        var inner = constraints
        inner.scrollOffset = max(0, constraints.scrollOffset - sharedHeaderExtent)
        let geometry = shown.performLayout(inner)
        guard geometry.changed else { return .unchanged }
        return self.geometry(
            changedFrom: geometry.firstChangedOffset + sharedHeaderExtent, correction: geometry.scrollOffsetCorrection)
    }

    /// Every page marks the stack as needing layout (a page not shown too: its
    /// extents are read when it is shown).
    public func attach(_ invalidator: LayoutInvalidator) {
        for page in pages { page.attach(invalidator) }
    }
}
