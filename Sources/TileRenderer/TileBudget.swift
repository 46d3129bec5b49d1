import RenderCore

/// How many bytes of tiles a windowed renderer keeps beyond those the viewport needs
/// now.
public enum TileBudget: Hashable, Sendable {
    /// As many bytes as this many viewports of cells (at the viewport's current size).
    case viewports(Double)
    /// A fixed number of bytes.
    case bytes(Int)

    /// Eight viewports, as a browser compositor keeps a few screens around.
    public static let standard = TileBudget.viewports(8)

    /// The budget in bytes for a viewport of `width` by `height` cells.
    public func bytes(width: Int, height: Int) -> Int {
        switch self {
        case .viewports(let count): Int(count * Double(max(0, width) * max(0, height) * FrameBuffer.bytesPerCell))
        case .bytes(let bytes): max(0, bytes)
        }
    }
}

