/// A piece of content stacked in a `ScrollContainer`: a table, a document, a banner.
///
/// The container knows a component only by its extent; the host draws it from the
/// placement the container computes (`ComponentPlacement`).
public protocol ScrollComponent: AnyObject {
    /// Height of the component's whole content, in points (rows in a terminal).
    /// When it changes, tell the container with `componentExtentDidChange(_:)`.
    var contentExtent: Double { get }
}

/// Identifies a component inside one container; stable while the component stays.
public struct ComponentID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: ComponentID, b: ComponentID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// Space around the whole stack, in points.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var bottom: Double
    public init(top: Double = 0, bottom: Double = 0) {
        self.top = top
        self.bottom = bottom
    }
    public static let zero = EdgeInsets()
}
