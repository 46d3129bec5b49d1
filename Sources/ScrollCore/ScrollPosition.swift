/// A scroll position that survives changes to the stack: a component, a content
/// offset inside it, and a remainder (in insets and spacing, or past a shrunk end).
public struct ScrollPosition: Hashable, Sendable {
    /// The component the position is in (or, in a gap, the one after it).
    public var component: ComponentID
    /// Points from the top of the component's content, `0...extent`.
    public var contentOffset: Double
    /// Points beyond that, to the actual root offset.
    public var delta: Double

    /// A position `contentOffset + delta` points below the top of a component's content.
    public init(component: ComponentID, contentOffset: Double, delta: Double = 0) {
        self.component = component
        self.contentOffset = contentOffset
        self.delta = delta
    }
}
