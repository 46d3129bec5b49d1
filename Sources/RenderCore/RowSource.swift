/// Content that can draw any band of its rows on demand: what a tile is built from.
///
/// Components (a laid-out document, a table) conform so that a renderer can
/// materialize only the rows a viewport needs.
public protocol RowSource: AnyObject {
    /// Number of rows the content has at its current width.
    var rowCount: Int { get }

    /// Draws content rows `rows` into `buffer`, content row `rows.lowerBound` going to
    /// buffer row `row`. Rows past the end of the content are left blank.
    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int)

    /// The whole text of `row` when it is wider than `width` columns (a `pre` line, an
    /// overflowing table), so that a text dump loses nothing a frame cuts off; `nil`
    /// when the row fits. Control characters come back replaced, as in cells.
    func overflowingText(row: Int, width: Int) -> String?
}

extension RowSource {
    public func overflowingText(row: Int, width: Int) -> String? { nil }
}
