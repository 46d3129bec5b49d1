/// The container's one layout pass: components marked as needing layout, and those
/// the viewport meets, asked for their geometry (`ScrollComponent.performLayout`).
extension ScrollContainer {
    /// Marks component `id` as needing layout: the next pass asks it, wherever it is
    /// (`LayoutInvalidator` calls this for a component that changed on its own).
    public func markNeedsLayout(_ id: ComponentID) {
        guard let index = indexByID[id], !entries[index].isHidden else { return }
        needingLayout[id] = needingLayout[id] ?? .infinity
    }

    /// Marks every component shown as needing layout (the width or the viewport
    /// changed).
    func markEveryComponent() {
        for entry in entries where !entry.isHidden { needingLayout[entry.id] = needingLayout[entry.id] ?? .infinity }
    }

    /// Whether a component is marked as needing layout (the next pass has work
    /// beyond the viewport).
    public var needsLayout: Bool { !needingLayout.isEmpty }

    /// Rounds of a layout pass at most: a round asks every component concerned, and
    /// another round follows only when a correction moved the viewport onto rows not
    /// laid out yet. Components converge in two or three; the bound keeps a component
    /// whose every answer is a change from holding the pass for ever.
    public static let maxLayoutRounds = 16

    /// The one layout pass (Flutter's `performLayout` of a viewport over slivers):
    /// each component concerned gets its constraints (`performLayout`): those the
    /// viewport meets, with the cache extent around it; those marked as needing layout
    /// (`markNeedsLayout`, every one after the width or the viewport's height
    /// changed); every one when `reach` is `.end` or `.everything`. Their extents and
    /// corrections are taken in (the content at the viewport top stays put), for at
    /// most `maxLayoutRounds` rounds, until no component changes.
    /// - Parameters:
    ///   - cacheExtent: points above and below the viewport to have laid out.
    ///   - reach: how far beyond the viewport components are to be exact.
    ///   - offset: a root offset to hold (a jump to it): components lay out everything
    ///     above it exactly (`.exactAbove` at least), and the offset is kept after each
    ///     answer (so one round reaches a component that the ones above it placed
    ///     only once they were laid out); `nil` keeps the content at the top.
    /// - Returns: for each component whose content changed, the first content offset
    ///   that changed (a renderer drops what it drew from there on), in the order
    ///   they changed.
    @discardableResult
    public func layOutComponents(
        cacheExtent: Double, reach: LayoutReach = .visible, holding offset: Double? = nil
    ) -> [(component: ComponentID, from: Double)] {
        let reach = offset != nil && reach == .visible ? .exactAbove : reach
        let wholeStack = reach == .end || reach == .everything
        var changes: [(component: ComponentID, from: Double)] = []
        for _ in 0..<Self.maxLayoutRounds {
            var changed = false
            var viewportEnd = scrollOffset + storedViewportExtent
            for index in entries.indices where !entries[index].isHidden {
                let id = entries[index].id
                let top = contentTop(index)
                let marked = needingLayout[id]
                let meetsViewport = top < viewportEnd
                    && (offset != nil || reach != .visible || top + entries[index].extent >= scrollOffset - cacheExtent)
                guard marked != nil || meetsViewport || wholeStack else {
                    if top >= viewportEnd, needingLayout.isEmpty { break }
                    continue
                }
                let inner = max(0, scrollOffset - top)
                let constraints = LayoutConstraints(
                    scrollOffset: inner, remainingPaintExtent: max(0, viewportEnd - (top + inner)),
                    cacheExtent: meetsViewport ? cacheExtent : 0, crossAxisExtent: crossAxisExtent,
                    viewportMainAxisExtent: storedViewportExtent, reach: reach)
                let geometry = entries[index].component.performLayout(constraints)
                // (After the pass: what the component marked while laying out, it answers.)
                needingLayout[id] = nil
                if let from = marked, from.isFinite, !geometry.changed { changes.append((id, from)) }
                guard geometry.changed else { continue }
                changes.append((id, min(geometry.firstChangedOffset, marked ?? .infinity)))
                take(geometry, for: index)
                changed = true
                if let offset {
                    // The offset held, at once: a component above it that changed moves
                    // those below, which are asked where it falls now, in this round.
                    scroll(to: offset)
                    viewportEnd = scrollOffset + storedViewportExtent
                }
            }
            guard changed else { break }
        }
        return changes
    }

    /// Takes in the extents a layout pass answered for entry `index`, keeping the
    /// content at the viewport top where it is.
    private func take(_ geometry: LayoutGeometry, for index: Int) {
        update {
            entries[index].extent = Self.sanitized(geometry.scrollExtent)
            entries[index].isEstimated = geometry.isEstimated
            entries[index].headerExtent = Self.sanitized(geometry.headerExtent)
            let correction = geometry.scrollOffsetCorrection
            if let anchor = pendingUpdate?.anchor, anchor.component == entries[index].id, correction.isFinite {
                pendingUpdate?.anchor?.contentOffset = max(0, anchor.contentOffset + correction)
            }
            refreshSlot(index)
            if entries[index].options.pinsHeaderAcrossLaterComponents { rebuildCrossHeaders() }
        }
    }
}
