import Foundation
import Pictures

/// Pictures of Debian's documentation packages decoded, then drawn in cells two ways:
/// by libchafa (`SymbolArt`: spaces, blocks, halves and quadrants) and by hand (an
/// upper half block a cell, its foreground the average of the cell's top half, its
/// background of its bottom half, the way many viewers draw). Each drawing is timed and
/// drawn back into pixels (each symbol's shape at 8x8 a cell) to measure how far it is
/// from the picture scaled to the same grid: the mean difference per channel, 0 to 255.
enum PictureBenchmark {
    struct Result {
        var pictures = 0
        var decodeSeconds = 0.0
        var decodedBytes = 0
        var chafaSeconds = 0.0
        /// libchafa given the pixels scaled to its 8x8 a cell first, as docscroll does.
        var chafaSampledSeconds = 0.0
        var chafaSampledError = 0.0
        var byHandSeconds = 0.0
        var chafaError = 0.0
        var byHandError = 0.0
        var cells = 0
    }

    /// Cells each picture is drawn into, at most (its aspect kept, a cell twice as tall
    /// as wide).
    static let columns = 40
    static let rows = 20

    static func run(count: Int, progress: (String) -> Void) throws -> Result {
        var result = Result()
        let clock = ContinuousClock()
        let walker = FileManager.default.enumerator(atPath: "/usr/share/doc")
        while let path = walker?.nextObject() as? String, result.pictures < count {
            let name = path.lowercased()
            guard name.hasSuffix(".png") || name.hasSuffix(".jpg") || name.hasSuffix(".gif"),
                let data = FileManager.default.contents(atPath: "/usr/share/doc/" + path)
            else { continue }
            var decoded: Pixels?
            let decoding = clock.measure { decoded = try? ImageDecoder.decode(Array(data)) }
            guard let pixels = decoded, pixels.width >= 8, pixels.height >= 8 else { continue }
            let box = ImageBox.fitting(
                width: nil, height: nil, natural: (pixels.width, pixels.height), cell: ImageBox.CellSize(width: 8, height: 16),
                maxColumns: columns, maxRows: rows)!
            var chafa: SymbolArt?
            let chafaTime = clock.measure { chafa = SymbolArt.draw(pixels, columns: box.columns, rows: box.rows) }
            var chafaSampled: SymbolArt?
            let chafaSampledTime = clock.measure {
                let sampled = pixels.toShow(SymbolArt.sampledSize(columns: box.columns, rows: box.rows))
                chafaSampled = SymbolArt.draw(sampled, columns: box.columns, rows: box.rows)
            }
            var byHand: SymbolArt?
            let byHandTime = clock.measure { byHand = halfBlocks(pixels, columns: box.columns, rows: box.rows) }
            let reference = scaled(pixels, width: box.columns * 8, height: box.rows * 8)
            result.pictures += 1
            result.decodeSeconds += decoding.seconds
            result.decodedBytes += pixels.byteCount
            result.chafaSeconds += chafaTime.seconds
            result.chafaSampledSeconds += chafaSampledTime.seconds
            result.chafaSampledError += error(of: chafaSampled!, against: reference)
            result.byHandSeconds += byHandTime.seconds
            result.chafaError += error(of: chafa!, against: reference)
            result.byHandError += error(of: byHand!, against: reference)
            result.cells += box.columns * box.rows
        }
        guard result.pictures > 0 else { throw CocoaError(.fileNoSuchFile) }
        result.chafaError /= Double(result.pictures)
        result.chafaSampledError /= Double(result.pictures)
        result.byHandError /= Double(result.pictures)
        progress(String(
            format: "%d pictures (%@ decoded) in %.3f s; drawn in %d cells: libchafa %.3f s, error %.1f; scaled first %.3f s, error %.1f; half blocks by hand %.3f s, error %.1f",
            result.pictures, SVGPlot.bytes(Double(result.decodedBytes)), result.decodeSeconds, result.cells, result.chafaSeconds,
            result.chafaError, result.chafaSampledSeconds, result.chafaSampledError, result.byHandSeconds, result.byHandError))
        return result
    }

    /// The picture drawn by hand: an upper half block a cell, coloured by the averages
    /// of the cell's two halves.
    static func halfBlocks(_ pixels: Pixels, columns: Int, rows: Int) -> SymbolArt {
        let halves = scaled(pixels, width: columns, height: rows * 2)
        var cells: [SymbolArt.Cell] = []
        for row in 0..<rows {
            for column in 0..<columns {
                cells.append(SymbolArt.Cell(
                    symbol: "▀", foreground: halves.rgb(column, row * 2), background: halves.rgb(column, row * 2 + 1)))
            }
        }
        return SymbolArt(columns: columns, rows: rows, cells: cells)
    }

    /// `pixels` scaled to `width` by `height` (`Pixels.scaled`), over black, as the
    /// drawings put transparent pixels.
    static func scaled(_ pixels: Pixels, width: Int, height: Int) -> Pixels {
        var scaled = pixels.scaled(toWidth: width, height: height)
        for at in stride(from: 0, to: scaled.rgba.count, by: 4) {
            let alpha = Int(scaled.rgba[at + 3])
            for channel in at..<(at + 3) { scaled.rgba[channel] = UInt8(Int(scaled.rgba[channel]) * alpha / 255) }
            scaled.rgba[at + 3] = 255
        }
        return scaled
    }

    /// The mean difference per channel between `art` drawn at 8x8 pixels a cell and
    /// `reference`.
    static func error(of art: SymbolArt, against reference: Pixels) -> Double {
        var total = 0
        for row in 0..<art.rows {
            for column in 0..<art.columns {
                let cell = art.cells[row * art.columns + column]
                for y in 0..<8 {
                    for x in 0..<8 {
                        let colour = covers(cell.symbol, x, y) ? cell.foreground : cell.background
                        let at = ((row * 8 + y) * reference.width + column * 8 + x) * 4
                        for channel in 0..<3 {
                            let shown = Int(colour >> UInt32(16 - 8 * channel) & 0xFF)
                            total += abs(shown - Int(reference.rgba[at + channel]))
                        }
                    }
                }
            }
        }
        return Double(total) / Double(art.rows * art.columns * 64 * 3)
    }

    /// Whether `symbol` draws its foreground at (x, y) of an 8x8 cell: the block
    /// elements (U+2580 to U+259F) by their shapes; a space none; shades and anything
    /// else as a full block.
    static func covers(_ symbol: Unicode.Scalar, _ x: Int, _ y: Int) -> Bool {
        let (left, top) = (x < 4, y < 4)
        switch symbol.value {
        case 0x20: return false
        case 0x2580: return top
        case 0x2581...0x2587: return y >= 8 - Int(symbol.value - 0x2580)
        case 0x2588: return true
        case 0x2589...0x258F: return x < 8 - Int(symbol.value - 0x2588)
        case 0x2590: return !left
        case 0x2594: return y == 0
        case 0x2595: return x == 7
        case 0x2596: return left && !top
        case 0x2597: return !left && !top
        case 0x2598: return left && top
        case 0x2599: return !(!left && top)
        case 0x259A: return left == top
        case 0x259B: return !(!left && !top)
        case 0x259C: return !(left && !top)
        case 0x259D: return !left && top
        case 0x259E: return left != top
        case 0x259F: return !(left && top)
        default: return true
        }
    }
}

extension Pixels {
    /// Pixel (x, y) as `0xRRGGBB`.
    fileprivate func rgb(_ x: Int, _ y: Int) -> UInt32 {
        let at = (y * width + x) * 4
        return UInt32(rgba[at]) << 16 | UInt32(rgba[at + 1]) << 8 | UInt32(rgba[at + 2])
    }
}
