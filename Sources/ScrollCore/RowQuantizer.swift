/// Turns point offsets into whole terminal rows without drift: the fraction a step
/// leaves over is carried into the next one, so many small moves add up to exactly
/// the rows their sum makes.
public struct RowQuantizer: Hashable, Sendable {
    /// The fraction of a row carried, in `(-1, 1)`.
    public private(set) var remainder = 0.0

    /// A quantizer with nothing carried.
    public init() {}

    /// Whole rows to move for a move of `delta` points, the rest carried.
    public mutating func rows(for delta: Double) -> Int {
        guard delta.isFinite else { return 0 }
        let total = delta + remainder
        let rows = total.rounded(.towardZero)
        remainder = total - rows
        return Int(rows)
    }

    /// The row that shows root offset `offset`: the row it falls in.
    public static func row(for offset: Double) -> Int {
        offset.isFinite ? Int(offset.rounded(.down)) : 0
    }
}
