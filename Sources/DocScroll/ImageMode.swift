import DocumentLayout
import Pictures
import TileRenderer

/// How a page's pictures are shown.
public enum ImageMode: String, Sendable, CaseIterable {
    /// As their alt text, in the line's flow (`[alt]`, `[image]` without one).
    case none
    /// Drawn in character cells (blocks, halves and quadrants in 24-bit colours), each
    /// in a box of rows of its size, laid out before it is decoded.
    case symbols
    /// In real pixels over the same boxes, as sixel graphics (the frame keeps the
    /// boxes' alt text, drawn over).
    case sixel
    /// In real pixels over the same boxes, through the kitty graphics protocol.
    case kitty
}

extension DocScrollView.Options {
    /// How a page at `address` lays its pictures out, `nil` when they are alt text.
    func pictureLayout(address: PageAddress?) -> PictureLayout? {
        guard images != .none else { return nil }
        // Expanded holds every picture decoded whole, as a stretched web view does.
        let cellBudget = switch imageBudget {
        case .viewports(let count): Int(count * Double(max(1, width) * max(1, height)))
        case .bytes(let bytes): bytes / MemoryLayout<SymbolArt.Cell>.stride
        }
        let cell = cellPixelSize.map { ImageBox.CellSize(width: $0.width, height: $0.height) } ?? .standard
        // Pixels for a terminal that draws them: those of a screen, and as many bytes
        // of encodings (pictures on screen are encoded again as they scroll).
        let pixelBudget = max(1, width) * max(1, height) * cell.width * cell.height * 4
        let reader = PictureFiles(
            address: address, cell: cell, cellBudget: max(1, cellBudget), pixelBudget: pixelBudget, keepsPixels: mode == .expanded)
        return PictureLayout(reader: reader, cell: cell, maxRows: max(1, height - 1), drawsCells: images == .symbols)
    }
}
