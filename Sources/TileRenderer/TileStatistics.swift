/// What a renderer has built and holds. Byte figures count the heap blocks of the
/// tiles' cells and side tables and of the table that holds them.
public struct TileStatistics: Hashable, Sendable {
    /// Tiles built so far, rebuilt ones included.
    public var tilesBuilt = 0
    /// Tiles built ahead of the viewport (included in `tilesBuilt`).
    public var tilesPrefetched = 0
    /// Tiles dropped so far.
    public var tilesEvicted = 0
    /// Tiles held now.
    public var tilesLive = 0
    /// Bytes of the tiles held now.
    public var tileBytesLive = 0
    /// Most bytes of tiles held at any one time.
    public var tileBytesPeak = 0
    /// Cells in all tiles built so far.
    public var cellsBuilt = 0

    /// Nothing built yet.
    public init() {}
}
