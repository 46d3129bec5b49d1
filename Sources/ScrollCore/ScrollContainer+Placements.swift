/// Where things are in the container: the viewport's placements and pinned headers,
/// the stack's segments, and the queries between root offsets and components.
extension ScrollContainer {
    // MARK: Layout

    /// The visible components and pinned headers at the current root offset.
    /// - Complexity: O(log n + k) for k visible components.
    public var layout: ViewportLayout {
        var placements: [ComponentPlacement] = []
        let viewportEnd = scrollOffset + storedViewportExtent
        var index = slots.index(containing: scrollOffset - storedInsets.top) ?? (scrollOffset < storedInsets.top ? 0 : entries.count)
        var slotStart = storedInsets.top + slots.prefixSum(index)
        while index < entries.count, slotStart < viewportEnd {
            let entry = entries[index]
            if !entry.isHidden {
                let placement = self.placement(of: entry, index: index, top: slotStart + entry.options.insets.top)
                if placement.isVisible { placements.append(placement) }
            }
            slotStart += slots.values[index]
            index += 1
        }
        let layout = ViewportLayout(
            scrollOffset: scrollOffset, viewportExtent: storedViewportExtent, maxScrollOffset: maxScrollOffset,
            placements: placements, headers: headers(over: placements))
        assert(layout.invariantViolation() == nil, "layout invariant: \(layout.invariantViolation() ?? "")")
        return layout
    }

    /// Placements of every visible (not hidden) component for the current root
    /// offset, in stack order, including those outside the viewport.
    /// - Complexity: O(n).
    public var placements: [ComponentPlacement] {
        var result: [ComponentPlacement] = []
        var slotStart = storedInsets.top
        for (index, entry) in entries.enumerated() {
            if !entry.isHidden {
                result.append(placement(of: entry, index: index, top: slotStart + entry.options.insets.top))
            }
            slotStart += slots.values[index]
        }
        return result
    }

    /// The stack from top to bottom as gaps (insets, spacing) and components, without
    /// their extents: what a host needs to write the stack out while its components'
    /// extents are still estimates.
    /// - Complexity: O(n).
    public var stackSegments: [StackSegment] {
        var segments: [StackSegment] = []
        func gap(_ extent: Double) {
            guard extent > 0 else { return }
            if case .gap(let previous)? = segments.last {
                segments[segments.count - 1] = .gap(previous + extent)
            } else {
                segments.append(.gap(extent))
            }
        }
        gap(storedInsets.top)
        var isFirst = true
        for entry in entries where !entry.isHidden {
            if !isFirst { gap(storedSpacing) }
            isFirst = false
            gap(entry.options.insets.top)
            segments.append(.component(entry.id))
            gap(entry.options.insets.bottom)
        }
        gap(storedInsets.bottom)
        return segments
    }

    /// Placement of one component, or `nil` when it is hidden or unknown.
    /// - Complexity: O(log n).
    public func placement(of id: ComponentID) -> ComponentPlacement? {
        guard let index = indexByID[id], !entries[index].isHidden else { return nil }
        return placement(of: entries[index], index: index, top: contentTop(index))
    }

    // MARK: Queries

    /// Where a component pins and unpins; `nil` when it is hidden or unknown.
    /// - Complexity: O(log n).
    public func boundary(of id: ComponentID) -> ComponentBoundary? {
        guard let index = indexByID[id], !entries[index].isHidden else { return nil }
        let top = contentTop(index)
        return ComponentBoundary(id: id, pinOffset: top, unpinOffset: top + entries[index].extent)
    }

    /// The boundary table: where each visible component pins and unpins, in stack order.
    /// - Complexity: O(n).
    public var boundaries: [ComponentBoundary] {
        placements.map { ComponentBoundary(id: $0.id, pinOffset: $0.pinOffset, unpinOffset: $0.unpinOffset) }
    }

    /// The component whose content holds root offset `offset`, and the content offset
    /// there; `nil` in insets, spacing, or outside the stack.
    /// - Complexity: O(log n).
    public func component(atRootOffset offset: Double) -> (id: ComponentID, contentOffset: Double)? {
        guard let index = slots.index(containing: offset - storedInsets.top) else { return nil }
        let inner = offset - contentTop(index)
        guard inner >= 0, inner < entries[index].extent else { return nil }
        return (entries[index].id, inner)
    }

    /// The root offset of content offset `contentOffset` of a component; `nil` when it
    /// is hidden or unknown.
    /// - Complexity: O(log n).
    public func rootOffset(of id: ComponentID, contentOffset: Double = 0) -> Double? {
        guard let index = indexByID[id], !entries[index].isHidden else { return nil }
        return contentTop(index) + contentOffset
    }

    /// The position at root offset `offset`: the component there and a content offset
    /// inside it. In insets and spacing it is the next component, with a negative
    /// `delta` (the gap belongs to what follows it); past the last component, that
    /// one's end with a positive `delta`. `nil` when no component is visible.
    /// - Complexity: O(log n).
    public func position(atRootOffset offset: Double) -> ScrollPosition? {
        guard visibleCount > 0 else { return nil }
        let index = slots.index(containing: offset - storedInsets.top)
            ?? (offset < storedInsets.top ? slots.index(containing: 0) : lastVisibleIndex())
        guard let index else { return nil }
        let top = contentTop(index)
        if offset < top + entries[index].extent {
            let inner = max(0, offset - top)
            return ScrollPosition(component: entries[index].id, contentOffset: inner, delta: offset - top - inner)
        }
        if let next = slots.index(containing: slots.prefixSum(index + 1)) {
            return ScrollPosition(component: entries[next].id, contentOffset: 0, delta: offset - contentTop(next))
        }
        return ScrollPosition(component: entries[index].id, contentOffset: entries[index].extent, delta: offset - top - entries[index].extent)
    }

    private func lastVisibleIndex() -> Int? {
        entries.lastIndex { !$0.isHidden }
    }

    /// The position at the viewport top, to be restored later with `restore(_:)`.
    public var position: ScrollPosition? {
        position(atRootOffset: scrollOffset)
    }

    /// Scrolls back to a saved position: the same content offset of the same
    /// component at the viewport top, however the stack changed since. A component
    /// no longer there leaves the offset as it is.
    @discardableResult
    public func restore(_ position: ScrollPosition) -> [ScrollEvent] {
        guard let top = rootOffset(of: position.component) else { return [] }
        let extent = entries[indexByID[position.component] ?? 0].extent
        return scroll(to: top + min(max(0, position.contentOffset), extent) + position.delta)
    }

    // MARK: Placing

    /// Where entry `index`, whose content starts at root offset `top`, shows for the
    /// current root offset.
    private func placement(of entry: Entry, index: Int, top: Double) -> ComponentPlacement {
        let isPinned = top < scrollOffset
        let viewportOffset = isPinned ? 0 : top - scrollOffset
        let contentOffset = isPinned ? min(scrollOffset - top, entry.extent) : 0
        let visible = min(storedViewportExtent - viewportOffset, entry.extent - contentOffset)
        return ComponentPlacement(
            id: entry.id, index: index, stackOffset: top, extent: entry.extent, isEstimated: entry.isEstimated,
            isPinned: isPinned && visible > 0,
            viewportOffset: min(viewportOffset, storedViewportExtent),
            visibleExtent: max(0, visible),
            contentOffset: contentOffset)
    }

    /// The headers held at the top: first the latest header that pins across later
    /// components (if its component's top has passed), then, below it, the header of
    /// any visible component whose top has passed the bottom of that one. A header
    /// leaves with its component's end, pushed up by it.
    private func headers(over placements: [ComponentPlacement]) -> [HeaderPlacement] {
        var headers: [HeaderPlacement] = []
        var covered = 0.0
        var crossIndex: Int?
        if let index = activeCrossHeaderIndex() {
            let extent = min(entries[index].pinnedHeaderExtent, storedViewportExtent)
            if extent > 0 {
                headers.append(HeaderPlacement(id: entries[index].id, viewportOffset: 0, visibleExtent: extent, contentOffset: 0, pinsAcrossLaterComponents: true))
                covered = extent
                crossIndex = index
            }
        }
        for placement in placements where placement.index != crossIndex {
            let header = entries[placement.index].pinnedHeaderExtent
            guard header > 0, placement.stackOffset < scrollOffset + covered else { continue }
            let bottom = min(covered + header, placement.stackOffset + placement.extent - scrollOffset)
            let top = bottom - header
            let visibleTop = max(covered, top)
            let visibleBottom = min(bottom, storedViewportExtent)
            guard visibleBottom > visibleTop else { continue }
            headers.append(HeaderPlacement(
                id: placement.id, viewportOffset: visibleTop, visibleExtent: visibleBottom - visibleTop,
                contentOffset: visibleTop - top, pinsAcrossLaterComponents: false))
        }
        return headers
    }

    /// The last entry whose header pins across later components and whose top has
    /// passed the viewport top.
    /// - Complexity: O(log m) for m such entries, by binary search.
    private func activeCrossHeaderIndex() -> Int? {
        var low = 0
        var high = crossHeaderIndices.count
        while low < high {
            let middle = (low + high) / 2
            if contentTop(crossHeaderIndices[middle]) < scrollOffset { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? crossHeaderIndices[low - 1] : nil
    }
}
