import CChafa

/// How a terminal is sent real pixels.
public enum PixelProtocol: String, Sendable, CaseIterable {
    /// DEC sixel graphics (xterm as a VT340, foot, WezTerm, mlterm, contour): the
    /// picture in six-pixel bands of palette colours.
    case sixel
    /// The kitty graphics protocol (kitty, WezTerm, Ghostty): the pixels themselves,
    /// base64 in chunks, placed at the cursor over a number of cells.
    case kitty
}

/// A picture as the escape sequence that draws it in real pixels from the cursor,
/// over `columns` by `rows` cells of `cell` pixels: encoded by libchafa (its sixel
/// encoder quantizes to a palette; its kitty encoder sends the pixels as they are).
/// A picture cut by the screen's edge is encoded cropped (`Pixels.rows(_:)`), so that
/// nothing is drawn past the rows shown.
public enum PixelPicture {
    public static func encode(
        _ pixels: Pixels, columns: Int, rows: Int, cell: ImageBox.CellSize, protocol kind: PixelProtocol
    ) -> [UInt8] {
        let (columns, rows) = (max(1, columns), max(1, rows))
        let config = chafa_canvas_config_new()
        chafa_canvas_config_set_geometry(config, gint(columns), gint(rows))
        chafa_canvas_config_set_cell_geometry(config, gint(cell.width), gint(cell.height))
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        chafa_canvas_config_set_pixel_mode(config, kind == .sixel ? CHAFA_PIXEL_MODE_SIXELS : CHAFA_PIXEL_MODE_KITTY)
        let canvas = chafa_canvas_new(config)
        // The sequences of a terminal that has them all (xterm's, with chafa's own
        // for sixels and kitty's protocol).
        let database = chafa_term_db_new()
        let terminal = chafa_term_db_get_fallback_info(database)
        defer {
            chafa_term_info_unref(terminal)
            chafa_term_db_unref(database)
            chafa_canvas_unref(canvas)
            chafa_canvas_config_unref(config)
        }
        pixels.rgba.withUnsafeBufferPointer {
            chafa_canvas_draw_all_pixels(
                canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, $0.baseAddress, gint(pixels.width), gint(pixels.height), gint(pixels.width * 4))
        }
        guard let printed = chafa_canvas_print(canvas, terminal) else { return [] }
        defer { g_string_free(printed, 1) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(printed.pointee.str).assumingMemoryBound(to: UInt8.self), count: Int(printed.pointee.len)))
    }
}

extension Pixels {
    /// Rows `range` of the pixels (clamped to them): a picture cropped to what shows.
    public func rows(_ range: Range<Int>) -> Pixels {
        let range = range.clamped(to: 0..<height)
        let start = range.lowerBound * width * 4
        return Pixels(width: width, height: range.count, rgba: Array(rgba[start..<(start + range.count * width * 4)]))
    }
}
