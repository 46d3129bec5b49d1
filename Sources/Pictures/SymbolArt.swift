import CChafa

/// An image drawn in character cells: each cell a symbol (a block, a half, a quadrant,
/// a space) with a foreground and a background colour of 24 bits, chosen by libchafa
/// to look most like the pixels under the cell. Cells are ordinary terminal cells, so
/// that an image drawn so is tiled, diffed and dumped as text is.
public struct SymbolArt: Equatable, Sendable {
    public struct Cell: Equatable, Sendable {
        public var symbol: Unicode.Scalar
        /// Colours as `0xRRGGBB`.
        public var foreground: UInt32
        public var background: UInt32

        public init(symbol: Unicode.Scalar, foreground: UInt32, background: UInt32) {
            self.symbol = symbol
            self.foreground = foreground
            self.background = background
        }
    }

    public var columns: Int
    public var rows: Int
    /// Cells row by row.
    public var cells: [Cell]

    public init(columns: Int, rows: Int, cells: [Cell]) {
        precondition(cells.count == columns * rows, "a cell for each place")
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    /// The pixels libchafa looks at to draw `columns` by `rows` cells: 8 by 8 a cell,
    /// its symbols' own size. A picture larger is best scaled down to this once, first,
    /// rather than sampled by libchafa on every draw.
    public static func sampledSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
        (max(1, columns) * 8, max(1, rows) * 8)
    }

    /// `pixels` drawn into `columns` by `rows` cells, transparent pixels over
    /// `background` (`0xRRGGBB`).
    public static func draw(_ pixels: Pixels, columns: Int, rows: Int, background: UInt32 = 0) -> SymbolArt {
        let (columns, rows, backdrop) = (max(1, columns), max(1, rows), background & 0xFF_FFFF)
        let symbols = chafa_symbol_map_new()
        // Single-width symbols only: every cell is one column.
        chafa_symbol_map_add_by_tags(symbols, ChafaSymbolTags(rawValue: ChafaSymbolTags.RawValue(Self.tags)))
        let config = chafa_canvas_config_new()
        chafa_canvas_config_set_geometry(config, gint(columns), gint(rows))
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        chafa_canvas_config_set_symbol_map(config, symbols)
        chafa_canvas_config_set_bg_color(config, backdrop)
        let canvas = chafa_canvas_new(config)
        defer {
            chafa_canvas_unref(canvas)
            chafa_canvas_config_unref(config)
            chafa_symbol_map_unref(symbols)
        }
        pixels.rgba.withUnsafeBufferPointer {
            chafa_canvas_draw_all_pixels(
                canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, $0.baseAddress, gint(pixels.width), gint(pixels.height), gint(pixels.width * 4))
        }
        var cells: [Cell] = []
        cells.reserveCapacity(columns * rows)
        for y in 0..<rows {
            for x in 0..<columns {
                var foreground: gint = 0, background: gint = 0
                chafa_canvas_get_colors_at(canvas, gint(x), gint(y), &foreground, &background)
                let symbol = Unicode.Scalar(chafa_canvas_get_char_at(canvas, gint(x), gint(y))) ?? " "
                // (A colour of -1 is transparent: the background shows.)
                let colour = { (packed: gint) in packed < 0 ? backdrop : UInt32(bitPattern: packed) & 0xFF_FFFF }
                cells.append(Cell(symbol: symbol, foreground: colour(foreground), background: colour(background)))
            }
        }
        return SymbolArt(columns: columns, rows: rows, cells: cells)
    }

    /// The symbols chafa may choose: space, blocks, halves and quadrants.
    private static let tags = CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_HALF.rawValue
        | CHAFA_SYMBOL_TAG_QUAD.rawValue
}
