/// A piece of content stacked in a `ScrollContainer`: a table, a document, a banner.
///
/// The container knows a component only by its extents; the host draws it from the
/// placements the container computes (`ComponentPlacement`, `HeaderPlacement`).
public protocol ScrollComponent: AnyObject {
    /// Height of the component's whole content, in points (rows in a terminal), at
    /// least 0: read when the component joins a container, and answered again by
    /// every layout pass that changes it (`LayoutGeometry`).
    var contentExtent: Double { get }

    /// Whether `contentExtent` is an estimate (content not measured yet). The container
    /// lays out estimates like measured extents; when the measured value arrives, the
    /// anchor rule keeps the view still. Default: `false`.
    var isExtentEstimated: Bool { get }

    /// Height of a header at the top of the content that stays at the viewport top
    /// while the rest of the component scrolls under it, in points; 0 for none.
    /// Default: 0.
    var headerExtent: Double { get }

    /// Lays out lazily what `constraints` ask for (the rows the viewport shows, with
    /// the cache extent around them), called by the container's layout pass
    /// (`ScrollContainer.layOutComponents`) for the components the viewport meets,
    /// those marked as needing layout, and every one when the pass reaches the end.
    /// A component with estimated rows makes them exact here, one at a new width lays
    /// itself out again, and one that changed on its own reports it; each answers its
    /// extents and what changed. Default: nothing to lay out
    /// (`LayoutGeometry.unchanged`).
    func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry

    /// Called when the component joins a container: a component that changes on its
    /// own (a file grew, a part of an index arrived) keeps `invalidator` and marks
    /// itself as needing layout through it; the container's next pass asks it.
    /// Default: nothing kept.
    func attach(_ invalidator: LayoutInvalidator)
}

extension ScrollComponent {
    /// Extents are measured unless a component says otherwise.
    public var isExtentEstimated: Bool { false }
    /// No header unless a component declares one.
    public var headerExtent: Double { 0 }
    /// Nothing to lay out unless a component says otherwise.
    public func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry { .unchanged }
    /// Nothing changes on its own unless a component says otherwise.
    public func attach(_ invalidator: LayoutInvalidator) {}

    /// A change to the component's extents as they stand now, from
    /// `firstChangedOffset` on, with `correction` points added above the viewport top.
    public func geometry(changedFrom firstChangedOffset: Double = 0, correction: Double = 0) -> LayoutGeometry {
        LayoutGeometry(
            scrollExtent: contentExtent, isEstimated: isExtentEstimated, headerExtent: headerExtent,
            firstChangedOffset: firstChangedOffset, scrollOffsetCorrection: correction)
    }
}

/// What a component keeps to tell its container that it changed on its own
/// (Flutter's `markNeedsLayout`): the container lays it out in its next pass, wherever
/// it is in the stack, and takes its new extents in with the anchor rule.
public struct LayoutInvalidator {
    private weak var container: ScrollContainer?
    private let id: ComponentID

    init(container: ScrollContainer, id: ComponentID) {
        self.container = container
        self.id = id
    }

    /// Marks the component as needing layout.
    public func markNeedsLayout() {
        container?.markNeedsLayout(id)
    }
}

/// Identifies a component inside one container; stable while the component stays.
public struct ComponentID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number the container gave the component, in order of addition.
    public let rawValue: Int
    /// An id from its number (ids come from `ScrollContainer.append`; this is for
    /// restoring saved ones).
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Ids order by when their components were added.
    public static func < (a: ComponentID, b: ComponentID) -> Bool { a.rawValue < b.rawValue }
    /// `#` and the number.
    public var description: String { "#\(rawValue)" }
}

/// Space above and below something, in points.
public struct EdgeInsets: Hashable, Sendable {
    /// Space above, in points.
    public var top: Double
    /// Space below, in points.
    public var bottom: Double
    /// Insets of `top` and `bottom` points.
    public init(top: Double = 0, bottom: Double = 0) {
        self.top = top
        self.bottom = bottom
    }
    /// No space.
    public static let zero = EdgeInsets()
}

/// How one component sits in the stack.
public struct ComponentOptions: Hashable, Sendable {
    /// Space around this component, inside the spacing between components.
    public var insets: EdgeInsets
    /// Whether the component's header stays pinned after the component itself has
    /// scrolled away, over the components after it (a page title), until a later
    /// component's header of the same kind takes its place.
    public var pinsHeaderAcrossLaterComponents: Bool

    /// Options with `insets` around the component, and whether its header pins across.
    public init(insets: EdgeInsets = .zero, pinsHeaderAcrossLaterComponents: Bool = false) {
        self.insets = insets
        self.pinsHeaderAcrossLaterComponents = pinsHeaderAcrossLaterComponents
    }

    /// No insets; a header, if any, leaves with its component.
    public static let standard = ComponentOptions()
}
