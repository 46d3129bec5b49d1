/// One root scroll offset driving a stack of components.
///
/// Each component is placed in a vertical stack. For a root offset the container
/// computes, per component, whether it is pinned at the viewport top (its top has
/// scrolled past), its visible part (clipped at the viewport bottom) and its own
/// content offset, so that no component ever shows more than one viewport of content
/// (the OLEContainerScrollView model, with geometry in and placements out as in
/// Flutter's slivers):
///
/// 1. the viewport is a window onto the stack; the root offset moves the window;
/// 2. a component below the window top sits at its place with content offset 0; one
///    whose top has passed the window top is pinned there with content offset
///    `root - top`; hidden components take no space;
/// 3. the total extent is the sum of extents, spacing and insets, never less than the
///    viewport; after every change the root offset is clamped again.
///
/// Changes keep the content at the viewport top where it is (the anchor rule), so a
/// component above the viewport that grows, shrinks or corrects an estimate moves
/// nothing visible. Calls that move or change the stack return `ScrollEvent`s.
///
/// All geometry is in points (one point is one row in a terminal).
/// - Complexity: queries, extent changes and appends O(log n) for n components; a
///   layout of the viewport O(log n + k) for k visible components; inserting or
///   removing a component elsewhere than at the end O(n).
public final class ScrollContainer {
    struct Entry {
        let id: ComponentID
        var component: any ScrollComponent
        var extent: Double
        var isEstimated: Bool
        var headerExtent: Double
        var isHidden: Bool
        var options: ComponentOptions
        /// For a tabbed component: each tab's own offset (the content offset it had
        /// when another tab was selected), by tab.
        var tabOffsets: [Int: Double] = [:]

        /// The header's extent as drawn: never taller than the content.
        var pinnedHeaderExtent: Double { min(headerExtent, extent) }
        var pinsHeaderAcross: Bool { options.pinsHeaderAcrossLaterComponents && pinnedHeaderExtent > 0 && !isHidden }
    }

    var entries: [Entry] = []
    var indexByID: [ComponentID: Int] = [:]
    /// Per entry: its slot in the stack (insets, content and the spacing after it), 0
    /// when hidden.
    var slots = ExtentIndex()
    /// Indices of visible entries whose header pins across later components, ascending.
    var crossHeaderIndices: [Int] = []
    var visibleCount = 0
    private var nextID = 0
    /// Components marked as needing layout since the last pass, each with the first
    /// content offset the container knows changed (0 for one put in place of another,
    /// infinity for one that will say).
    var needingLayout: [ComponentID: Double] = [:]

    /// The update in progress: what was on screen before it, and the anchor to keep.
    struct PendingUpdate {
        var before: ViewportLayout
        var anchor: ScrollPosition?
    }
    var pendingUpdate: PendingUpdate?

    /// The root offset: the stack position at the viewport top, in points.
    public internal(set) var scrollOffset: Double = 0

    /// Height of the viewport, in points. Changing it keeps the content at the top.
    public var viewportExtent: Double {
        get { storedViewportExtent }
        set { setViewportExtent(newValue) }
    }
    var storedViewportExtent: Double

    /// The width components are laid out at (columns in a terminal), passed to them
    /// in every layout pass (`LayoutConstraints.crossAxisExtent`); `nil` when the host
    /// gives none. Changing it marks every component as needing layout.
    public var crossAxisExtent: Double? {
        didSet { if crossAxisExtent != oldValue { markEveryComponent() } }
    }

    /// Space between two consecutive visible components, in points.
    public var spacing: Double {
        get { storedSpacing }
        set { update { storedSpacing = Self.sanitized(newValue); rebuildSlots() } }
    }
    var storedSpacing: Double

    /// Space before the first and after the last component, in points.
    public var insets: EdgeInsets {
        get { storedInsets }
        set { update { storedInsets = EdgeInsets(top: Self.sanitized(newValue.top), bottom: Self.sanitized(newValue.bottom)) } }
    }
    var storedInsets: EdgeInsets

    /// What "scroll to top" does (`ScrollStep.scrollToTop`).
    public var scrollToTopPolicy = ScrollToTopPolicy.componentThenStack

    /// An empty container.
    /// - Parameters:
    ///   - viewportExtent: height of the viewport, in points.
    ///   - spacing: space between consecutive visible components, in points.
    ///   - insets: space before the first and after the last component, in points.
    ///   - crossAxisExtent: the width components are laid out at; `nil` for none.
    public init(viewportExtent: Double, spacing: Double = 0, insets: EdgeInsets = .zero, crossAxisExtent: Double? = nil) {
        self.crossAxisExtent = crossAxisExtent
        storedViewportExtent = Self.sanitized(viewportExtent)
        storedSpacing = Self.sanitized(spacing)
        storedInsets = EdgeInsets(top: Self.sanitized(insets.top), bottom: Self.sanitized(insets.bottom))
    }

    // MARK: Extents

    /// Height of the stack itself: insets, components and spacing.
    public var stackExtent: Double {
        storedInsets.top + slots.total - (visibleCount > 0 ? storedSpacing : 0) + storedInsets.bottom
    }

    /// Height the root offset scrolls over: the stack, and at least the viewport.
    public var contentExtent: Double { max(stackExtent, storedViewportExtent) }

    /// The largest root offset: the stack's end at the viewport bottom.
    public var maxScrollOffset: Double { max(0, stackExtent - storedViewportExtent) }

    // MARK: Components

    /// The components in stack order, hidden ones included.
    public var componentIDs: [ComponentID] { entries.map(\.id) }

    /// The component with this id, if it is in the container.
    public func component(_ id: ComponentID) -> (any ScrollComponent)? {
        indexByID[id].map { entries[$0].component }
    }

    /// Whether a component is hidden (unknown ones count as hidden).
    public func isHidden(_ id: ComponentID) -> Bool {
        indexByID[id].map { entries[$0].isHidden } ?? true
    }

    /// Adds `component` at the end of the stack.
    @discardableResult
    public func append(_ component: any ScrollComponent, options: ComponentOptions = .standard) -> ComponentID {
        insert(component, at: entries.count, options: options)
    }

    /// Adds `component` at position `index` of the stack (clamped to the valid range).
    /// To receive the events of the change, make it inside `performBatchUpdates`.
    @discardableResult
    public func insert(_ component: any ScrollComponent, at index: Int, options: ComponentOptions = .standard) -> ComponentID {
        let id = ComponentID(rawValue: nextID)
        nextID += 1
        update {
            let entry = Entry(
                id: id, component: component, extent: Self.sanitized(component.contentExtent),
                isEstimated: component.isExtentEstimated, headerExtent: Self.sanitized(component.headerExtent),
                isHidden: false,
                options: ComponentOptions(
                    insets: EdgeInsets(top: Self.sanitized(options.insets.top), bottom: Self.sanitized(options.insets.bottom)),
                    pinsHeaderAcrossLaterComponents: options.pinsHeaderAcrossLaterComponents))
            let position = min(max(0, index), entries.count)
            component.attach(LayoutInvalidator(container: self, id: id))
            // (Laid out by the next pass, at the container's width.)
            needingLayout[id] = .infinity
            if position == entries.count {
                // Appending shifts nothing: O(log n) instead of a rebuild.
                entries.append(entry)
                indexByID[id] = position
                slots.append(slotExtent(of: entry))
                visibleCount += 1
                if entry.pinsHeaderAcross { crossHeaderIndices.append(position) }
            } else {
                entries.insert(entry, at: position)
                rebuildSlots()
            }
        }
        return id
    }

    /// Removes a component; unknown ids are ignored. The content at the viewport top
    /// stays; if it was in the removed component, the next component takes its place.
    @discardableResult
    public func remove(_ id: ComponentID) -> [ScrollEvent] {
        guard indexByID[id] != nil else { return [] }
        return update {
            moveAnchor(awayFrom: id)
            guard let index = indexByID[id] else { return }
            entries.remove(at: index)
            needingLayout[id] = nil
            rebuildSlots()
        }
    }

    /// Hides or shows a component. A hidden component takes no space.
    @discardableResult
    public func setHidden(_ hidden: Bool, for id: ComponentID) -> [ScrollEvent] {
        guard let index = indexByID[id], entries[index].isHidden != hidden else { return [] }
        return update {
            if hidden { moveAnchor(awayFrom: id) }
            entries[index].isHidden = hidden
            // (A hidden component is not laid out; shown again, it is, at the width
            // then, with what changed meanwhile.)
            if hidden {
                needingLayout[id] = nil
            } else {
                needingLayout[id] = needingLayout[id] ?? .infinity
            }
            visibleCount += hidden ? -1 : 1
            refreshSlot(index)
            rebuildCrossHeaders()
        }
    }

    /// Changes how a component sits in the stack (its insets, its header's reach).
    @discardableResult
    public func setOptions(_ options: ComponentOptions, for id: ComponentID) -> [ScrollEvent] {
        guard let index = indexByID[id] else { return [] }
        return update {
            entries[index].options = ComponentOptions(
                insets: EdgeInsets(top: Self.sanitized(options.insets.top), bottom: Self.sanitized(options.insets.bottom)),
                pinsHeaderAcrossLaterComponents: options.pinsHeaderAcrossLaterComponents)
            refreshSlot(index)
            rebuildCrossHeaders()
        }
    }

    /// Re-reads a component's extent, estimate flag and header after its content
    /// changed, and keeps the content at the viewport top where it is.
    ///
    /// - Parameters:
    ///   - id: the component that changed.
    ///   - rowsInsertedAboveAnchor: when the row at the viewport top is inside this
    ///     component, how many points of content were added (negative: removed) above
    ///     that row, so that it stays put (Flutter's `scrollOffsetCorrection`). Changes
    ///     at the end of the content need none.
    /// - Complexity: O(log n).
    @discardableResult
    public func componentExtentDidChange(_ id: ComponentID, rowsInsertedAboveAnchor: Double = 0) -> [ScrollEvent] {
        guard let index = indexByID[id] else { return [] }
        return update {
            let component = entries[index].component
            entries[index].extent = Self.sanitized(component.contentExtent)
            entries[index].isEstimated = component.isExtentEstimated
            entries[index].headerExtent = Self.sanitized(component.headerExtent)
            if let anchor = pendingUpdate?.anchor, anchor.component == id, rowsInsertedAboveAnchor.isFinite {
                pendingUpdate?.anchor?.contentOffset = max(0, anchor.contentOffset + rowsInsertedAboveAnchor)
            }
            refreshSlot(index)
            if entries[index].options.pinsHeaderAcrossLaterComponents { rebuildCrossHeaders() }
        }
    }

    /// Puts `component` in place of component `id`, keeping its identity, its place
    /// in the stack and its options (content read again: a page reloaded); its
    /// extents are read as `componentExtentDidChange` reads them, and with
    /// `rowsInsertedAboveAnchor` the row at the viewport top, if in it, stays put.
    /// - Complexity: O(log n).
    @discardableResult
    public func replace(_ id: ComponentID, with component: any ScrollComponent, rowsInsertedAboveAnchor: Double = 0) -> [ScrollEvent] {
        guard let index = indexByID[id] else { return [] }
        return update {
            entries[index].component = component
            entries[index].tabOffsets = [:]
            component.attach(LayoutInvalidator(container: self, id: id))
            // (Its rows are new: all of them changed.)
            if !entries[index].isHidden { needingLayout[id] = 0 }
            componentExtentDidChange(id, rowsInsertedAboveAnchor: rowsInsertedAboveAnchor)
        }
    }

    /// Makes several changes as one: one anchor, one layout, one list of events.
    @discardableResult
    public func performBatchUpdates(_ updates: () -> Void) -> [ScrollEvent] {
        update(updates)
    }

    // MARK: Tabs

    /// Shows tab `tab` of tabbed component `id` (`TabbedComponent`), as tabs under a
    /// shared header switch: the tab left keeps its offset; if the component's top
    /// was at or above the viewport top (its header pinned), the tab shown comes back at
    /// its own offset, the header staying at the top; else the stack stays where it
    /// is and the tab shows from its top. Unknown ids, components that are not tabbed
    /// and tabs out of range change nothing.
    /// - Returns: the events of the change, `tabSelected` first.
    /// - Complexity: O(log n).
    @discardableResult
    public func selectTab(_ tab: Int, of id: ComponentID) -> [ScrollEvent] {
        guard let index = indexByID[id], let tabbed = entries[index].component as? any TabbedComponent,
              (0..<tabbed.tabCount).contains(tab), tab != tabbed.selectedTab
        else { return [] }
        let top = contentTop(index)
        // (Inside a batch, the offset is where its anchor will put it.)
        var offset = scrollOffset
        if let anchor = pendingUpdate?.anchor, let anchorIndex = indexByID[anchor.component], !entries[anchorIndex].isHidden {
            offset = contentTop(anchorIndex) + min(anchor.contentOffset, entries[anchorIndex].extent) + anchor.delta
        }
        let inner = offset - top
        let pinned = !entries[index].isHidden && inner >= 0
        let events = update {
            entries[index].tabOffsets[tabbed.selectedTab] = pinned ? inner : 0
            tabbed.showTab(tab)
            componentExtentDidChange(id)
            // With the header pinned, the tab comes back at its own offset (within its
            // extent: what is below it shows under a short tab, as when it was left,
            // and the stack's end clamps the rest); else the anchor, above it, stays.
            if pinned {
                let saved = entries[index].tabOffsets[tab] ?? 0
                pendingUpdate?.anchor = ScrollPosition(component: id, contentOffset: min(saved, entries[index].extent))
            }
        }
        return [.tabSelected(id, tab: tab)] + events
    }

    /// The offset tab `tab` of tabbed component `id` shows from: the content offset
    /// now for the tab shown, the offset it had when it was left for another.
    public func tabOffset(_ tab: Int, of id: ComponentID) -> Double? {
        guard let index = indexByID[id], let tabbed = entries[index].component as? any TabbedComponent,
              (0..<tabbed.tabCount).contains(tab)
        else { return nil }
        guard tab == tabbed.selectedTab else { return entries[index].tabOffsets[tab] ?? 0 }
        return entries[index].isHidden ? 0 : min(max(0, scrollOffset - contentTop(index)), entries[index].extent)
    }

    // MARK: Scrolling

    /// Moves the root offset to `offset`, clamped to `0...maxScrollOffset`.
    @discardableResult
    public func scroll(to offset: Double) -> [ScrollEvent] {
        let before = layout
        scrollOffset = offset.isFinite ? offset : 0
        clampScrollOffset()
        return ScrollEvents.between(before, layout)
    }

    /// Moves the root offset by `delta` points, clamped.
    @discardableResult
    public func scroll(by delta: Double) -> [ScrollEvent] {
        scroll(to: scrollOffset + delta)
    }

    /// Changes the viewport height, keeping the content at the viewport top.
    @discardableResult
    public func setViewportExtent(_ extent: Double) -> [ScrollEvent] {
        let extent = Self.sanitized(extent)
        // (Components may pad themselves to the viewport's height.)
        if extent != storedViewportExtent { markEveryComponent() }
        return update { storedViewportExtent = extent }
    }

    // MARK: Internals

    /// Root offset of the top of entry `index`'s content.
    func contentTop(_ index: Int) -> Double {
        storedInsets.top + slots.prefixSum(index) + entries[index].options.insets.top
    }

    /// Runs a change: remembers the viewport and its anchor before the first change of
    /// a batch, and afterwards puts the anchor back at the top, clamps, and reports
    /// what changed.
    @discardableResult
    func update(_ change: () -> Void) -> [ScrollEvent] {
        guard pendingUpdate == nil else {
            change()
            return []
        }
        pendingUpdate = PendingUpdate(before: layout, anchor: position)
        change()
        let anchor = pendingUpdate?.anchor
        let before = pendingUpdate?.before
        pendingUpdate = nil
        if let anchor, let index = indexByID[anchor.component], !entries[index].isHidden {
            let inner = min(anchor.contentOffset, entries[index].extent)
            scrollOffset = contentTop(index) + inner + (inner < anchor.contentOffset ? 0 : anchor.delta)
        }
        clampScrollOffset()
        guard let before else { return [] }
        return ScrollEvents.between(before, layout)
    }

    /// When the anchor's component goes away, the next visible component (or, at the
    /// end, the previous one's end) becomes the anchor.
    func moveAnchor(awayFrom id: ComponentID) {
        guard let anchor = pendingUpdate?.anchor, anchor.component == id, let index = indexByID[id] else { return }
        if let next = entries[(index + 1)...].first(where: { !$0.isHidden }) {
            pendingUpdate?.anchor = ScrollPosition(component: next.id, contentOffset: 0, delta: 0)
        } else if let previous = entries[..<index].last(where: { !$0.isHidden }) {
            pendingUpdate?.anchor = ScrollPosition(component: previous.id, contentOffset: previous.extent, delta: 0)
        } else {
            pendingUpdate?.anchor = nil
        }
    }

    func slotExtent(of entry: Entry) -> Double {
        entry.isHidden ? 0 : entry.options.insets.top + entry.extent + entry.options.insets.bottom + storedSpacing
    }

    func refreshSlot(_ index: Int) {
        slots.set(index, slotExtent(of: entries[index]))
    }

    /// Rebuilds every index after components were added, removed or respaced.
    func rebuildSlots() {
        indexByID = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.id, $0) })
        slots = ExtentIndex(entries.map(slotExtent(of:)))
        visibleCount = entries.reduce(0) { $0 + ($1.isHidden ? 0 : 1) }
        rebuildCrossHeaders()
    }

    func rebuildCrossHeaders() {
        crossHeaderIndices = entries.indices.filter { entries[$0].pinsHeaderAcross }
    }

    func clampScrollOffset() {
        scrollOffset = min(max(0, scrollOffset), maxScrollOffset)
    }

    static func sanitized(_ value: Double) -> Double {
        value.isFinite ? max(0, value) : 0
    }
}
