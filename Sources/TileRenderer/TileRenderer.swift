public import RenderCore
public import ScrollCore

/// Draws a container's viewport from tiles: bands of `tileRows` rows of one component,
/// as wide as the viewport.
///
/// Components that conform to `RowSource` are drawn; others stay blank. In windowed
/// mode only tiles that intersect the viewport are built, and tiles more than one tile
/// away from it are dropped after each frame; in expanded mode every tile is built by
/// `prepare(_:)` and kept. Both modes draw the same frames.
public final class TileRenderer {
    /// A tile's identity: which component, which band of its rows.
    public struct TileKey: Hashable, Sendable {
        public var component: ComponentID
        /// The band: rows `index * tileRows ..< (index + 1) * tileRows`.
        public var index: Int
    }

    public let mode: RenderMode
    /// Rows per tile.
    public let tileRows: Int
    /// Columns per tile: the viewport width.
    public private(set) var width: Int
    public private(set) var statistics = TileStatistics()
    private var tiles: [TileKey: FrameBuffer] = [:]

    /// Rows per tile unless asked otherwise.
    public static let defaultTileRows = 16

    public init(mode: RenderMode, width: Int, tileRows: Int = TileRenderer.defaultTileRows) {
        self.mode = mode
        self.width = max(1, width)
        self.tileRows = max(1, tileRows)
    }

    /// The tiles held now.
    public var liveTiles: Set<TileKey> { Set(tiles.keys) }

    /// In expanded mode, builds every tile of every visible component; in windowed
    /// mode, does nothing.
    public func prepare(_ container: ScrollContainer) {
        guard mode == .expanded else { return }
        for placement in container.placements {
            guard let source = container.component(placement.id) as? RowSource else { continue }
            for index in 0..<tileCount(rows: source.rowCount) {
                _ = tile(TileKey(component: placement.id, index: index), source: source)
            }
        }
    }

    /// Drops every tile and starts over at a new width (after a resize).
    public func reset(width: Int) {
        self.width = max(1, width)
        evict { _ in true }
    }

    /// Drops the tiles of one component (after its content changed).
    public func invalidate(_ component: ComponentID) {
        evict { $0.component == component }
    }

    /// The viewport of `container` at its current root offset, one terminal row per
    /// point (offsets and extents are taken as whole rows): each visible component's
    /// rows, then the pinned headers drawn over them.
    public func frame(of container: ScrollContainer) -> FrameBuffer {
        let layout = container.layout
        var frame = FrameBuffer(width: width, height: Int(layout.viewportExtent))
        var needed: [ComponentID: [ClosedRange<Int>]] = [:]
        func show(_ id: ComponentID, contentOffset: Double, extent: Double, at viewportOffset: Double) {
            guard extent > 0, let source = container.component(id) as? RowSource else { return }
            let firstRow = Int(contentOffset)
            let rows = firstRow..<(firstRow + Int(extent))
            draw(rows, of: id, source: source, into: &frame, at: Int(viewportOffset))
            needed[id, default: []].append((rows.lowerBound / tileRows)...((rows.upperBound - 1) / tileRows))
        }
        for placement in layout.placements {
            show(placement.id, contentOffset: placement.contentOffset, extent: placement.visibleExtent, at: placement.viewportOffset)
        }
        for header in layout.headers {
            show(header.id, contentOffset: header.contentOffset, extent: header.visibleExtent, at: header.viewportOffset)
        }
        if mode == .windowed {
            evict { key in
                guard let ranges = needed[key.component] else { return true }
                return !ranges.contains { key.index >= $0.lowerBound - 1 && key.index <= $0.upperBound + 1 }
            }
        }
        return frame
    }

    /// The whole stack from top to bottom as plain text lines, the way frames show it,
    /// insets and spacing included as blank lines. Rows wider than the viewport (`pre`,
    /// overflowing tables) come whole, where a frame cuts them at its width.
    ///
    /// Text needs no cells, so the dump reads rows from the components
    /// (`RowSource.plainText`) and builds no tiles.
    /// - Parameter line: receives each line in order.
    public func dump(_ container: ScrollContainer, line: (String) -> Void) {
        // Walk the stack's segments rather than its offsets: a component whose extent
        // is still an estimate writes exactly the rows it has.
        for segment in container.stackSegments {
            switch segment {
            case .gap(let extent):
                for _ in 0..<Int(extent) { line("") }
            case .component(let id):
                if let source = container.component(id) as? RowSource {
                    source.forEachPlainText(width: width, line)
                } else if let component = container.component(id) {
                    for _ in 0..<Int(component.contentExtent) { line("") }
                }
            }
        }
    }

    // MARK: Tiles

    private func draw(
        _ rows: Range<Int>, of component: ComponentID, source: RowSource, into frame: inout FrameBuffer, at y: Int
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

    private func tile(_ key: TileKey, source: RowSource) -> FrameBuffer {
        if let cached = tiles[key] { return cached }
        var buffer = FrameBuffer(width: width, height: tileRows)
        let first = key.index * tileRows
        source.drawRows(first..<min(first + tileRows, source.rowCount), into: &buffer, at: 0)
        tiles[key] = buffer
        statistics.tilesBuilt += 1
        statistics.tilesLive += 1
        statistics.cellsBuilt += buffer.cells.count
        statistics.tileBytesLive += buffer.storageBytes
        statistics.tileBytesPeak = max(statistics.tileBytesPeak, statistics.tileBytesLive)
        return buffer
    }

    private func evict(where shouldEvict: (TileKey) -> Bool) {
        for (key, buffer) in tiles where shouldEvict(key) {
            tiles[key] = nil
            statistics.tilesEvicted += 1
            statistics.tilesLive -= 1
            statistics.tileBytesLive -= buffer.storageBytes
        }
    }

    private func tileCount(rows: Int) -> Int {
        (max(0, rows) + tileRows - 1) / tileRows
    }
}
