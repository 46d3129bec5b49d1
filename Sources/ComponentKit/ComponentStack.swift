public import ScrollCore

/// The components of a stack with the container that places them: what a renderer
/// draws and a text walk writes, each component known as what it is (a
/// `StackComponent`), never looked up and cast.
///
/// Components join and leave through the stack, which keeps the container's order and
/// identities; the container (`container`) answers where things are and scrolls. A
/// component added to the container directly is placed but not drawn.
public final class ComponentStack {
    /// The container core that places the components.
    public let container: ScrollContainer
    private var componentsByID: [ComponentID: any StackComponent] = [:]

    /// A stack over `container` (an empty one, or one whose components the stack
    /// will not draw).
    public init(container: ScrollContainer) {
        self.container = container
    }

    /// The component with this id, if it is in the stack.
    public func component(_ id: ComponentID) -> (any StackComponent)? {
        componentsByID[id]
    }

    /// The components, hidden ones included, in stack order, with their ids.
    public var components: [(id: ComponentID, component: any StackComponent)] {
        container.componentIDs.compactMap { id in componentsByID[id].map { (id, $0) } }
    }

    /// Adds `component` at the end of the stack.
    @discardableResult
    public func append(_ component: any StackComponent, options: ComponentOptions = .standard) -> ComponentID {
        insert(component, at: container.componentIDs.count, options: options)
    }

    /// Adds `component` at position `index` of the stack (clamped).
    @discardableResult
    public func insert(_ component: any StackComponent, at index: Int, options: ComponentOptions = .standard) -> ComponentID {
        let id = container.insert(component, at: index, options: options)
        componentsByID[id] = component
        return id
    }

    /// Takes component `id` out of the stack; the content at the viewport top stays.
    @discardableResult
    public func remove(_ id: ComponentID) -> [ScrollEvent] {
        componentsByID[id] = nil
        return container.remove(id)
    }

    /// Puts `component` in place of component `id`, keeping its identity, its place
    /// and its options (`ScrollContainer.replace`).
    @discardableResult
    public func replace(_ id: ComponentID, with component: any StackComponent) -> [ScrollEvent] {
        guard componentsByID[id] != nil else { return [] }
        componentsByID[id] = component
        return container.replace(id, with: component)
    }
}
