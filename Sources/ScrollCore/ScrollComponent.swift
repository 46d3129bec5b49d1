/// A piece of content stacked in a `ScrollContainer`: a table, a document, a banner.
///
/// The container knows a component only by its extents; the host draws it from the
/// placements the container computes (`ComponentPlacement`, `HeaderPlacement`).
public protocol ScrollComponent: AnyObject {
    /// Height of the component's whole content, in points (rows in a terminal), at
    /// least 0. When it changes, tell the container (`componentExtentDidChange`).
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
    /// (`ScrollContainer.layOutComponents`) for the components the viewport meets.
    /// A component with estimated rows makes them exact here and answers how its
    /// extent changed. Default: nothing to lay out (`LayoutGeometry.unchanged`).
    func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry
}

extension ScrollComponent {
    /// Extents are measured unless a component says otherwise.
    public var isExtentEstimated: Bool { false }
    /// No header unless a component declares one.
    public var headerExtent: Double { 0 }
    /// Nothing to lay out unless a component says otherwise.
    public func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry { .unchanged }
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
