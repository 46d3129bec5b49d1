/// Compares two viewports and names what changed between them.
enum ScrollEvents {
    static func between(_ before: ViewportLayout, _ after: ViewportLayout) -> [ScrollEvent] {
        var events: [ScrollEvent] = []
        if after.scrollOffset == 0, before.scrollOffset != 0 { events.append(.reachedTop) }
        if after.isAtBottom, !before.isAtBottom { events.append(.reachedBottom) }
        let old = Dictionary(before.placements.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if before.placements.map(\.id) != after.placements.map(\.id) {
            events.append(.visibleComponentsChanged(after.placements.map(\.id)))
        }
        for placement in after.placements {
            let previous = old[placement.id]
            if placement.contentOffset == 0, previous.map({ $0.contentOffset != 0 }) ?? true {
                events.append(.componentTopReached(placement.id))
            }
            let showsEnd = placement.contentOffset + placement.visibleExtent >= placement.extent
            let showedEnd = previous.map { $0.contentOffset + $0.visibleExtent >= $0.extent } ?? false
            if showsEnd, !showedEnd { events.append(.componentBottomReached(placement.id)) }
            if previous?.visibleContentRange != placement.visibleContentRange {
                events.append(.visibleRangeChanged(placement.id, placement.visibleContentRange))
            }
        }
        let pinnedBefore = Set(before.placements.filter(\.isPinned).map(\.id))
        let pinnedAfter = Set(after.placements.filter(\.isPinned).map(\.id))
        for placement in before.placements where pinnedBefore.contains(placement.id) && !pinnedAfter.contains(placement.id) {
            events.append(.unpinned(placement.id))
        }
        for placement in after.placements where pinnedAfter.contains(placement.id) && !pinnedBefore.contains(placement.id) {
            events.append(.pinned(placement.id))
        }
        let headersBefore = Set(before.headers.map(\.id))
        let headersAfter = Set(after.headers.map(\.id))
        for header in before.headers where !headersAfter.contains(header.id) { events.append(.headerUnpinned(header.id)) }
        for header in after.headers where !headersBefore.contains(header.id) { events.append(.headerPinned(header.id)) }
        return events
    }
}
