import DocumentLayout
public import TileRenderer

/// What a `DocScrollView` built and holds: the figures `--stats` prints.
public struct Statistics: Sendable {
    /// The view's memory model.
    public var mode: RenderMode
    /// What the tile renderer built and holds.
    public var tiles: TileStatistics
    /// Table rows turned into cells.
    public var rowsMaterialized: Int
    /// Table rows decoded from their JSON (the rest are only indexed).
    public var rowsDecoded: Int
    /// Table rows found gone from their file (it changed after it was read).
    public var rowsLost: Int = 0
    /// Table row views made.
    public var rowViewsCreated: Int
    /// Table row views filled again for another row.
    public var rowViewsReused: Int
    /// Nodes in the documents' models (expanded: every page whole; windowed keeps no
    /// model, only a checkpoint index).
    public var documentNodes: Int
    /// Bytes of the documents' models, or of windowed pages' checkpoint indexes.
    public var documentBytes: Int
    /// Units of layout in the documents (expanded: top-level blocks; windowed: the
    /// chunks between checkpoints found so far).
    public var layoutUnits: Int
    /// Units of layout laid out so far.
    public var layoutUnitsLaidOut: Int
    /// Lines the documents hold laid out (windowed: those of the chunks in its cache).
    public var layoutLines: Int
    /// Bytes the laid-out lines hold.
    public var layoutBytes: Int
    /// The process's peak resident set (VmHWM), in bytes.
    public var peakRSSBytes: Int
    /// Heap in use as the C allocator counts it (`mallinfo2`), in bytes.
    public var liveHeapBytes: Int = 0
    /// The windowed tile budget in bytes at the current viewport (0 when expanded).
    public var tileBudgetBytes: Int = 0
    /// What the pages' pictures cost (`--images symbols`).
    public var pictures = PictureStatistics()
    /// Seconds from the start of building the view to the end of its first frame;
    /// `nil` before the first frame.
    public var firstFrameSeconds: Double?

    /// The figures as one JSON object on one line, keys in a fixed order.
    public var json: String {
        let fields: [(String, String)] = [
            ("mode", "\"\(mode.rawValue)\""),
            ("tilesBuilt", "\(tiles.tilesBuilt)"),
            ("tilesPrefetched", "\(tiles.tilesPrefetched)"),
            ("tilesEvicted", "\(tiles.tilesEvicted)"),
            ("tilesLive", "\(tiles.tilesLive)"),
            ("tileBytesLive", "\(tiles.tileBytesLive)"),
            ("tileBytesPeak", "\(tiles.tileBytesPeak)"),
            ("cellsBuilt", "\(tiles.cellsBuilt)"),
            ("rowsMaterialized", "\(rowsMaterialized)"),
            ("rowsDecoded", "\(rowsDecoded)"),
            ("rowsLost", "\(rowsLost)"),
            ("rowViewsCreated", "\(rowViewsCreated)"),
            ("rowViewsReused", "\(rowViewsReused)"),
            ("documentNodes", "\(documentNodes)"),
            ("documentBytes", "\(documentBytes)"),
            ("layoutUnits", "\(layoutUnits)"),
            ("layoutUnitsLaidOut", "\(layoutUnitsLaidOut)"),
            ("layoutLines", "\(layoutLines)"),
            ("layoutBytes", "\(layoutBytes)"),
            ("tileBudgetBytes", "\(tileBudgetBytes)"),
            ("peakRSSBytes", "\(peakRSSBytes)"),
            ("liveHeapBytes", "\(liveHeapBytes)"),
            ("picturesDecoded", "\(pictures.decoded)"),
            ("pictureBytesLive", "\(pictures.bytesLive)"),
            ("pictureBytesPeak", "\(pictures.bytesPeak)"),
            ("pictureEvictions", "\(pictures.evictions)"),
            ("firstFrameSeconds", firstFrameSeconds.map(fixedPoint) ?? "null"),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}


/// What the pictures of pages cost: how many were decoded, the bytes held for them
/// (cells drawn, and pixels kept where the mode keeps them) now and at most, and how
/// many were dropped to stay within the budget.
public struct PictureStatistics: Sendable, Equatable {
    /// Pictures decoded (one dropped and shown again is decoded again).
    public var decoded = 0
    /// Bytes held for pictures now.
    public var bytesLive = 0
    /// The most bytes held at once, pixels being decoded included.
    public var bytesPeak = 0
    /// Pictures dropped to stay within the budget.
    public var evictions = 0

    /// No picture decoded yet.
    public init() {}

    /// A page's figures.
    init(_ figures: PictureFigures) {
        (decoded, bytesLive, bytesPeak, evictions) = (figures.decoded, figures.bytesLive, figures.bytesPeak, figures.evictions)
    }

    /// Two pages' figures summed (peaks too: pages decode on one thread each).
    static func + (left: PictureStatistics, right: PictureStatistics) -> PictureStatistics {
        var sum = left
        sum.decoded += right.decoded
        sum.bytesLive += right.bytesLive
        sum.bytesPeak += right.bytesPeak
        sum.evictions += right.evictions
        return sum
    }
}
