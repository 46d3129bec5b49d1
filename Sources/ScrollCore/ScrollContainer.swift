/// One root scroll offset driving a stack of components.
///
/// Each component is placed in a vertical stack. For a root offset the container
/// computes, per component, whether it is pinned at the viewport top (its top has
/// scrolled past), its visible part (clipped at the viewport bottom) and its own
/// content offset, so that no component ever shows more than one viewport of content
/// (the OLEContainerScrollView model):
///
/// 1. the viewport is a window onto the stack; the root offset moves the window;
/// 2. a component below the window top sits at its place with content offset 0; one
///    whose top has passed the window top is pinned there with content offset
///    `root - top`; hidden components take no space;
/// 3. the total extent is the sum of extents, spacing and insets, never less than the
///    viewport; after every change the root offset is clamped again.
public final class ScrollContainer {
    private struct Entry {
        let id: ComponentID
        let component: any ScrollComponent
        var extent: Double
        var isHidden: Bool
        /// Root offset of the top, valid after `restack()`.
        var stackOffset: Double = 0
    }

    private var entries: [Entry] = []
    private var nextID = 0

    /// The root offset: the stack position at the viewport top, in points.
    public private(set) var scrollOffset: Double = 0

    /// Height of the viewport, in points.
    public var viewportExtent: Double {
        didSet { restack() }
    }

    /// Space between two consecutive visible components, in points.
    public var spacing: Double {
        didSet { restack() }
    }

    /// Space before the first and after the last component, in points.
    public var insets: EdgeInsets {
        didSet { restack() }
    }

    /// Height of the stack itself: insets, components and spacing.
    public private(set) var stackExtent: Double = 0

    /// Height the root offset scrolls over: the stack, and at least the viewport.
    public var contentExtent: Double { max(stackExtent, viewportExtent) }

    public init(viewportExtent: Double, spacing: Double = 0, insets: EdgeInsets = .zero) {
        self.viewportExtent = max(0, viewportExtent)
        self.spacing = max(0, spacing)
        self.insets = insets
        restack()
    }

    // MARK: Components

    /// The components in stack order, hidden ones included.
    public var componentIDs: [ComponentID] { entries.map(\.id) }

    /// Adds `component` at the end of the stack.
    @discardableResult
    public func append(_ component: any ScrollComponent) -> ComponentID {
        insert(component, at: entries.count)
    }

    /// Adds `component` at position `index` of the stack (clamped to the valid range).
    @discardableResult
    public func insert(_ component: any ScrollComponent, at index: Int) -> ComponentID {
        let id = ComponentID(rawValue: nextID)
        nextID += 1
        let entry = Entry(id: id, component: component, extent: Self.sanitized(component.contentExtent), isHidden: false)
        entries.insert(entry, at: min(max(0, index), entries.count))
        restack()
        return id
    }

    /// Removes a component; unknown ids are ignored.
    public func remove(_ id: ComponentID) {
        entries.removeAll { $0.id == id }
        restack()
    }

    /// Hides or shows a component. A hidden component takes no space.
    public func setHidden(_ hidden: Bool, for id: ComponentID) {
        guard let index = index(of: id), entries[index].isHidden != hidden else { return }
        entries[index].isHidden = hidden
        restack()
    }

    /// Whether a component is hidden.
    public func isHidden(_ id: ComponentID) -> Bool {
        index(of: id).map { entries[$0].isHidden } ?? true
    }

    /// The component with this id, if it is in the container.
    public func component(_ id: ComponentID) -> (any ScrollComponent)? {
        index(of: id).map { entries[$0].component }
    }

    /// Re-reads a component's extent after its content changed, lays out again and
    /// clamps the root offset.
    public func componentExtentDidChange(_ id: ComponentID) {
        guard let index = index(of: id) else { return }
        entries[index].extent = Self.sanitized(entries[index].component.contentExtent)
        restack()
    }

    // MARK: Scrolling

    /// The largest root offset: the stack's end at the viewport bottom.
    public var maxScrollOffset: Double { max(0, contentExtent - viewportExtent) }

    /// Moves the root offset to `offset`, clamped to `0...maxScrollOffset`.
    public func scroll(to offset: Double) {
        scrollOffset = offset.isFinite ? offset : 0
        clampScrollOffset()
    }

    /// Moves the root offset by `delta` points, clamped.
    public func scroll(by delta: Double) {
        scroll(to: scrollOffset + delta)
    }

    // MARK: Layout

    /// Placements of every visible (not hidden) component for the current root
    /// offset, in stack order, including those outside the viewport.
    public var placements: [ComponentPlacement] {
        entries.enumerated().compactMap { index, entry in
            entry.isHidden ? nil : placement(of: entry, index: index)
        }
    }

    /// Placement of one component, or `nil` when it is hidden or unknown.
    public func placement(of id: ComponentID) -> ComponentPlacement? {
        guard let index = index(of: id), !entries[index].isHidden else { return nil }
        return placement(of: entries[index], index: index)
    }

    private func placement(of entry: Entry, index: Int) -> ComponentPlacement {
        let top = entry.stackOffset
        let isPinned = top < scrollOffset
        let viewportOffset = isPinned ? 0 : top - scrollOffset
        let contentOffset = isPinned ? min(scrollOffset - top, entry.extent) : 0
        let visible = min(viewportExtent - viewportOffset, entry.extent - contentOffset)
        return ComponentPlacement(
            id: entry.id,
            index: index,
            stackOffset: top,
            extent: entry.extent,
            isPinned: isPinned,
            viewportOffset: min(viewportOffset, viewportExtent),
            visibleExtent: max(0, visible),
            contentOffset: contentOffset
        )
    }

    /// Recomputes every component's stack offset and the total extent, then clamps.
    private func restack() {
        var offset = insets.top
        var isFirst = true
        for index in entries.indices where !entries[index].isHidden {
            if !isFirst { offset += spacing }
            isFirst = false
            entries[index].stackOffset = offset
            offset += entries[index].extent
        }
        stackExtent = offset + insets.bottom
        clampScrollOffset()
    }

    private func clampScrollOffset() {
        scrollOffset = min(max(0, scrollOffset), maxScrollOffset)
    }

    private func index(of id: ComponentID) -> Int? {
        entries.firstIndex { $0.id == id }
    }

    private static func sanitized(_ extent: Double) -> Double {
        extent.isFinite ? max(0, extent) : 0
    }
}
