public import ComponentKit
public import RenderCore
public import ScrollCore

/// Draws a container's viewport from tiles: bands of `tileRows` rows of one component,
/// as wide as the viewport.
///
/// The stack's components (`ComponentStack`) are drawn; a component put in its
/// container directly stays blank.
///
/// Windowed, tiles are kept by priority, as a browser compositor keeps them: the tiles
/// that intersect the viewport are needed now; the tile beyond each edge, and a
/// viewport further in the direction of the last scroll, are prefetched; others stay
/// cached while the budget (`TileBudget`) allows, the farthest from the viewport
/// evicted first. A jump (a move of more than a viewport) builds only what the new
/// viewport needs. Expanded, every tile is built by `prepare(_:)` and kept. Both
/// modes draw the same frames.
public final class TileRenderer {
    /// A tile's identity: which component, which band of its rows.
    public struct TileKey: Hashable, Sendable {
        /// The component the tile shows rows of.
        public var component: ComponentID
        /// The band: rows `index * tileRows ..< (index + 1) * tileRows`.
        public var index: Int
    }

    /// A built tile and what it costs.
    private struct Tile {
        var buffer: FrameBuffer
        var bytes: Int
        /// The frame that last drew from it (ties in eviction go to the oldest).
        var lastUsed: Int
    }

    /// Windowed or expanded.
    public let mode: RenderMode
    /// Rows per tile.
    public let tileRows: Int
    /// Columns per tile: the viewport width.
    public private(set) var width: Int
    /// Bytes of tiles kept (windowed) beyond those the viewport needs now.
    public var budget: TileBudget
    /// What the renderer has built and holds.
    public private(set) var statistics = TileStatistics()
    private var tiles: [TileKey: Tile] = [:]
    /// Each component's row count when its tiles were built: a component that grew or
    /// shrank since has its tiles from the old end on dropped.
    private var rowCounts: [ComponentID: Int] = [:]
    /// Bytes of the tiles held, without the table that holds them.
    private var tileBytes = 0
    private var frameNumber = 0
    /// The tiles the last frame needed, and those it needed or prefetched.
    private(set) var lastNeeded = Set<TileKey>()
    private(set) var lastProtected = Set<TileKey>()
    /// The root offset of the last frame, and which way the view last moved (+1 down,
    /// -1 up).
    private var lastOffset: Double?
    private var direction = 1.0
    /// Whether the last frame came after a jump (then nothing is prefetched for it).
    private var lastFrameJumped = false
    /// Whether `frame(of:)` prefetches; a host that has time between frames (an
    /// interactive loop waiting for keys) turns this off and calls `prefetch(_:)`
    /// when idle, so that a frame does only the work its own viewport needs.
    public var prefetchesDuringFrame = true

    /// Rows per tile unless asked otherwise.
    public static let defaultTileRows = 16

    /// A renderer of tiles `width` columns wide and `tileRows` rows high.
    public init(mode: RenderMode, width: Int, tileRows: Int = TileRenderer.defaultTileRows, budget: TileBudget = .standard) {
        self.mode = mode
        self.width = max(1, width)
        self.tileRows = max(1, tileRows)
        self.budget = budget
    }

    /// The tiles held now.
    public var liveTiles: Set<TileKey> { Set(tiles.keys) }

    /// Rows past the viewport's end that the next frame may draw from (the tile at
    /// the edge and the prefetch in the scroll direction): a host that lays content
    /// out lazily lays it out this far.
    public func rowsAhead(viewportExtent: Double) -> Int {
        mode == .expanded ? 0 : tileRows + Int(viewportExtent.rounded(.up))
    }

    /// In expanded mode, builds every tile of every visible component; in windowed
    /// mode, does nothing.
    public func prepare(_ stack: ComponentStack) {
        guard mode == .expanded else { return }
        for id in stack.container.componentIDs where !stack.container.isHidden(id) {
            guard let source = stack.component(id) else { continue }
            for index in 0..<tileCount(rows: source.rowCount) {
                _ = tile(TileKey(component: id, index: index), source: source)
            }
        }
    }

    /// Drops every tile and starts over at a new width (after a resize).
    public func reset(width: Int) {
        self.width = max(1, width)
        evict { _ in true }
        rowCounts = [:]
    }

    /// Drops the tiles of one component (after its content changed).
    public func invalidate(_ component: ComponentID) {
        evict { $0.component == component }
    }

    /// Drops the tiles of `component` that show any of `rows` (rows that changed, or
    /// `from..<Int.max` after rows were inserted or resized at `from`); the others stay.
    public func invalidate(_ component: ComponentID, rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        let first = rows.lowerBound / tileRows
        let last = (rows.upperBound - 1) / tileRows
        evict { $0.component == component && $0.index >= first && $0.index <= last }
    }

    /// The viewport of `container` at its current root offset, one terminal row per
    /// point (offsets and extents are taken as whole rows): each visible component's
    /// rows, then the pinned headers drawn over them.
    public func frame(of stack: ComponentStack) -> FrameBuffer {
        frameNumber += 1
        dropTilesPastChangedEnds(in: stack)
        let layout = stack.container.layout
        var frame = FrameBuffer(width: width, height: Int(layout.viewportExtent))
        let bands = Self.bands(of: layout)
        var needed = Set<TileKey>()
        for band in bands where !band.rows.isEmpty {
            for index in (band.rows.lowerBound / tileRows)...((band.rows.upperBound - 1) / tileRows) {
                needed.insert(TileKey(component: band.id, index: index))
            }
        }
        lastNeeded = needed
        lastProtected = needed
        if mode == .windowed {
            let missing = needed.filter { tiles[$0] == nil }.count
            makeRoom(for: missing * estimatedTileBytes, protecting: needed, in: stack)
        }
        for band in bands where !band.rows.isEmpty {
            guard let source = stack.component(band.id) else { continue }
            draw(band.rows, of: band.id, source: source, into: &frame, at: band.at)
        }
        if mode == .windowed {
            // Room was made by estimate; a block the allocator rounded up can tip over.
            enforceBudget(protecting: needed, in: stack)
            let moved = stack.container.scrollOffset - (lastOffset ?? stack.container.scrollOffset)
            lastFrameJumped = abs(moved) > stack.container.viewportExtent
            if moved != 0, !lastFrameJumped { direction = moved > 0 ? 1 : -1 }
            lastOffset = stack.container.scrollOffset
            if prefetchesDuringFrame { prefetch(stack) }
        }
        releaseRowViews(outside: layout.placements, in: stack)
        return frame
    }

    /// A band of the viewport: rows of one component, from viewport row `at` down.
    private typealias Band = (id: ComponentID, rows: Range<Int>, at: Int)

    /// The bands a frame draws, in order: each visible component's rows, then the
    /// pinned headers, drawn over them.
    private static func bands(of layout: ViewportLayout) -> [Band] {
        layout.placements.map { ($0.id, rows($0.contentOffset, $0.visibleExtent), Int($0.viewportOffset)) }
            + layout.headers.map { ($0.id, rows($0.contentOffset, $0.visibleExtent), Int($0.viewportOffset)) }
    }

    /// What each row of the viewport shows, top to bottom, as `frame(of:)` draws it:
    /// a component's row (a pinned header's where one is drawn over the content), or
    /// nothing (a gap, or padding past a component's rows). For marking things on a
    /// frame from the components' data.
    public func shownRows(of stack: ComponentStack) -> [(component: ComponentID, row: Int)?] {
        let layout = stack.container.layout
        var shown = [(component: ComponentID, row: Int)?](repeating: nil, count: Int(layout.viewportExtent))
        for band in Self.bands(of: layout) {
            guard let source = stack.component(band.id) else { continue }
            // (Past a component's rows, in its padding, nothing is shown.)
            for row in band.rows where row < source.rowCount {
                let target = band.at + row - band.rows.lowerBound
                if shown.indices.contains(target) { shown[target] = (band.id, row) }
            }
        }
        return shown
    }

    /// Drops the tiles that show rows at or past the end of a component whose row
    /// count changed (a resize): they show rows that were not there, or no longer are;
    /// a component no longer in the container has none.
    /// Changes inside a component are the host's to report (`invalidate(_:rows:)`).
    private func dropTilesPastChangedEnds(in stack: ComponentStack) {
        for (id, built) in rowCounts {
            let now = stack.component(id)?.rowCount ?? 0
            guard now != built else { continue }
            invalidate(id, rows: min(now, built)..<Int.max)
            rowCounts[id] = now
        }
    }

    /// Content rows `offset ..< offset + extent`, as whole rows.
    private static func rows(_ offset: Double, _ extent: Double) -> Range<Int> {
        guard extent > 0 else { return 0..<0 }
        let first = Int(offset)
        return first..<(first + Int(extent))
    }

    /// Tells each component that keeps row views the rows of the tiles this frame used
    /// of it (its band under the viewport, widened to whole tiles; none when it is not
    /// shown), so that it keeps views for those rows only.
    private func releaseRowViews(outside placements: [ComponentPlacement], in stack: ComponentStack) {
        for id in stack.container.componentIDs {
            guard let holder = stack.component(id) else { continue }
            guard let placement = placements.first(where: { $0.id == id }), placement.isVisible else {
                holder.keepRowViews(for: 0..<0)
                continue
            }
            let first = Int(placement.contentOffset) / tileRows * tileRows
            let end = (Int((placement.contentOffset + placement.visibleExtent).rounded(.up)) + tileRows - 1) / tileRows * tileRows
            holder.keepRowViews(for: first..<end)
        }
    }

    // MARK: Priorities

    /// How far tile `key` is from the viewport, in rows (0 when they meet); `nil` when
    /// its component is no longer shown.
    func distance(of key: TileKey, in stack: ComponentStack) -> Double? {
        guard let top = stack.container.rootOffset(of: key.component) else { return nil }
        let start = top + Double(key.index * tileRows)
        let end = start + Double(tileRows)
        let viewportStart = stack.container.scrollOffset
        let viewportEnd = viewportStart + stack.container.viewportExtent
        if end <= viewportStart { return viewportStart - end }
        if start >= viewportEnd { return start - viewportEnd }
        return 0
    }

    /// Builds the tiles beyond each edge of the last frame's viewport, then a viewport
    /// further in the direction of the last scroll, nearest first, while the budget
    /// has room for them beside the tiles needed now. Nothing after a jump, or in
    /// expanded mode (everything is built already).
    public func prefetch(_ stack: ComponentStack) {
        guard mode == .windowed, !lastFrameJumped, lastOffset == stack.container.scrollOffset else { return }
        let needed = lastNeeded
        let top = stack.container.scrollOffset
        let bottom = top + stack.container.viewportExtent
        let reach = Double(tileRows)
        let further = stack.container.viewportExtent
        var bands = [(bottom, bottom + reach), (top - reach, top)]
        if direction < 0 { bands.swapAt(0, 1) }
        bands.append(direction > 0 ? (bottom + reach, bottom + reach + further) : (top - reach - further, top - reach))
        var protected = needed
        bands: for (start, end) in bands {
            for key in tileKeys(inRootRows: start, end, of: stack) where !protected.contains(key) {
                protected.insert(key)
                if var tile = tiles[key] {
                    tile.lastUsed = frameNumber
                    tiles[key] = tile
                    continue
                }
                guard makeRoom(for: estimatedTileBytes, protecting: protected, in: stack),
                      let source = stack.component(key.component)
                else { break bands }
                _ = tile(key, source: source)
                statistics.tilesPrefetched += 1
            }
        }
        lastProtected = protected
        enforceBudget(protecting: needed, in: stack)
    }

    /// The tiles that show root rows `start ..< end`, in order.
    private func tileKeys(inRootRows start: Double, _ end: Double, of stack: ComponentStack) -> [TileKey] {
        var keys: [TileKey] = []
        var offset = max(0, start.rounded(.down))
        while offset < end {
            guard let (id, contentOffset) = stack.container.component(atRootOffset: offset) else {
                offset += 1
                continue
            }
            let index = Int(contentOffset) / tileRows
            if let source = stack.component(id), index < tileCount(rows: source.rowCount) {
                keys.append(TileKey(component: id, index: index))
            }
            offset += Double((index + 1) * tileRows) - contentOffset.rounded(.down)
        }
        return keys
    }

    /// Evicts tiles, farthest from the viewport first, until `bytes` more fit in the
    /// budget; tiles in `protected` stay.
    /// - Returns: whether the room was made.
    @discardableResult
    private func makeRoom(for bytes: Int, protecting protected: Set<TileKey>, in stack: ComponentStack) -> Bool {
        let limit = budgetBytes(viewportExtent: stack.container.viewportExtent)
        guard tileBytes + bytes > limit else { return true }
        let candidates = tiles.keys.filter { !protected.contains($0) }.map { key in
            (key: key, distance: distance(of: key, in: stack) ?? .infinity, lastUsed: tiles[key]?.lastUsed ?? 0)
        }.sorted { ($0.distance, -$0.lastUsed) > ($1.distance, -$1.lastUsed) }
        for candidate in candidates {
            guard tileBytes + bytes > limit else { break }
            evict(candidate.key)
        }
        return tileBytes + bytes <= limit
    }

    /// Brings the tiles held within the budget, keeping `needed`.
    private func enforceBudget(protecting needed: Set<TileKey>, in stack: ComponentStack) {
        makeRoom(for: 0, protecting: needed, in: stack)
    }

    // MARK: Tiles

    private func draw(
        _ rows: Range<Int>, of component: ComponentID, source: StackComponent, into frame: inout FrameBuffer, at y: Int
    ) {
        var row = rows.lowerBound
        while row < rows.upperBound {
            let index = row / tileRows
            let tileEnd = min((index + 1) * tileRows, rows.upperBound)
            let built = tile(TileKey(component: component, index: index), source: source)
            frame.copyRows((row - index * tileRows)..<(tileEnd - index * tileRows), of: built, to: y + row - rows.lowerBound)
            row = tileEnd
        }
    }

    private func tile(_ key: TileKey, source: StackComponent) -> FrameBuffer {
        if var cached = tiles[key] {
            cached.lastUsed = frameNumber
            tiles[key] = cached
            return cached.buffer
        }
        var buffer = FrameBuffer(width: width, height: tileRows)
        let first = key.index * tileRows
        // (A component's extent may run past its rows: tabs padded to the viewport.)
        source.drawRows(first..<max(first, min(first + tileRows, source.rowCount)), into: &buffer, at: 0)
        rowCounts[key.component] = source.rowCount
        let bytes = buffer.storageBytes
        tiles[key] = Tile(buffer: buffer, bytes: bytes, lastUsed: frameNumber)
        tileBytes += bytes
        statistics.tilesBuilt += 1
        statistics.cellsBuilt += buffer.cellCount
        updateLiveFigures()
        return buffer
    }

    private func evict(_ key: TileKey) {
        guard let tile = tiles.removeValue(forKey: key) else { return }
        tileBytes -= tile.bytes
        statistics.tilesEvicted += 1
        updateLiveFigures()
    }

    private func evict(where shouldEvict: (TileKey) -> Bool) {
        for key in tiles.keys.filter(shouldEvict) { evict(key) }
    }

    /// Live and peak figures: the tiles' bytes and the table's storage.
    private func updateLiveFigures() {
        statistics.tilesLive = tiles.count
        statistics.tileBytesLive = tileBytes + tableBytes
        statistics.tileBytesPeak = max(statistics.tileBytesPeak, statistics.tileBytesLive)
    }

    /// Bytes of the dictionary that holds the tiles: its buckets (key and value each)
    /// and their occupancy bitmap.
    private var tableBytes: Int {
        let capacity = tiles.capacity
        guard capacity > 0 else { return 0 }
        // Buckets are a power of two at most 4/3 of the capacity.
        var buckets = 1
        while buckets * 3 < capacity * 4 { buckets *= 2 }
        return 64 + buckets * (MemoryLayout<TileKey>.stride + MemoryLayout<Tile>.stride) + (buckets + 63) / 64 * 8
    }

    /// The budget in bytes for a viewport `viewportExtent` rows high.
    public func budgetBytes(viewportExtent: Double) -> Int {
        budget.bytes(width: width, height: Int(viewportExtent))
    }

    /// Bytes of the tiles held (without the table that holds them).
    var heldTileBytes: Int { tileBytes }

    /// Bytes of the held tiles among `keys`.
    func bytes(of keys: Set<TileKey>) -> Int {
        keys.reduce(0) { $0 + (tiles[$1]?.bytes ?? 0) }
    }

    /// A new tile's bytes, before it is built (long graphemes aside).
    private var estimatedTileBytes: Int {
        32 + width * tileRows * FrameBuffer.bytesPerCell
    }

    private func tileCount(rows: Int) -> Int {
        (max(0, rows) + tileRows - 1) / tileRows
    }
}
