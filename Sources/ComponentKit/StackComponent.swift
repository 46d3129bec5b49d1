public import RenderCore
public import ScrollCore

/// A component of the stack: laid out by the container's pass (`ScrollComponent`),
/// drawn a band of rows at a time (what a tile is built from), written out as text
/// and searched. Tables, pages and an embedder's own components conform, so that a
/// renderer materializes only the rows a viewport needs, and the one walk that writes
/// a stack out as text asks each component for its own.
public protocol StackComponent: ScrollComponent {
    /// Number of rows the content has at its current width.
    var rowCount: Int { get }

    /// Draws content rows `rows` into `buffer`, content row `rows.lowerBound` going to
    /// buffer row `row`. Rows past the end of the content are left blank.
    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int)

    /// Row `row` as plain text, as a frame `width` columns wide shows it (control
    /// characters replaced, trailing blanks dropped), except that a row wider than
    /// `width` (a `pre` line, an overflowing table) comes whole: a text dump loses
    /// nothing a frame cuts off.
    func plainText(row: Int, width: Int) -> String

    /// Writes every row to `sink`, in order: the component's one producer of text,
    /// for every dump, plain or styled. It loses nothing a frame cuts off (a row wider
    /// than `width` comes whole; a table widens each column to its widest value) and
    /// may make rows without keeping them; it stops once the sink is closed. By
    /// default each row's `plainText`, drawn by `drawRows`.
    func writeRows(width: Int, to sink: any RowSink)

    /// The text a search looks for matches in on row `row`: by default the row as a
    /// frame `width` columns wide shows it; a source may give something cheaper to
    /// make that holds the same words (a table row's values, uncut).
    func searchableText(row: Int, width: Int) -> String

    /// What a search for `query` going down (or up, when `forward` is false) does at
    /// row `row` before it reads the row's text: found more cheaply than the text (a
    /// table reads a record's bytes rather than decode it; a page reads its bytes for
    /// the query's letters). By default `.read`: every row's text is searched.
    func searchStep(for query: String, at row: Int, forward: Bool) -> SearchStep

    /// Row `row` in terms that outlive its number: a page's rows move when the
    /// estimates above them are laid out or its index corrects itself, and a place
    /// found (a search's hit) is to be found again after that (`row(of:)`). By
    /// default the row's number, for components whose rows stay.
    func mark(ofRow row: Int) -> RowMark

    /// The row `mark` is on now.
    func row(of mark: RowMark) -> Int

    /// The columns where `query` shows on row `row` as a frame `width` columns wide
    /// draws it (a query without capitals matching any case), left to right: where a
    /// viewer marks the matches on screen. By default read from the row drawn; a
    /// source may find them in the text it draws from.
    func matchColumns(of query: String, row: Int, width: Int) -> [Range<Int>]

    /// Keeps what the component keeps for each row it drew (a table's row views,
    /// taken from a pool and filled once) for rows `rows` only: after each frame the
    /// renderer tells it the rows of the tiles the frame used (empty when it shows
    /// none). By default nothing is kept.
    func keepRowViews(for rows: Range<Int>)
}

/// What a search does at a row before it reads the row's text
/// (`StackComponent.searchStep`).
public enum SearchStep: Equatable, Sendable {
    /// The row may hold the query: its text is read.
    case read
    /// This many rows from the row on (down, or up) cannot hold the query.
    case passOver(Int)
    /// The row's rows were estimated and are laid out now, which moved the rows below
    /// them by `shift`: the search goes on at `row` (where the row it was at went:
    /// going down, the first row laid out; going up, the last).
    case laidOut(row: Int, shift: Int)
    /// The component searched on past the row (down, or up) without settling it: the
    /// rows from the row on that this many stand for hold no match (a page's bytes
    /// scanned ahead of its index), so far. The search asks again at the same row;
    /// the count says how far it has gone, and it may be stopped meanwhile.
    case scanned(rows: Int)
}

/// A row in terms a component chooses, to find it again after its rows moved
/// (`StackComponent.mark(ofRow:)`): a unit that stays (a page's chunk, by where its
/// bytes start), the row inside it, and the row's place in the page's bytes should
/// the unit be gone.
public struct RowMark: Equatable, Sendable {
    /// The unit that holds the row, in the component's terms.
    public var unit: Int
    /// The row's place in its unit.
    public var rowInUnit: Int
    /// Where the row is in the component's bytes, should its unit be gone.
    public var byte: Int
    /// The row's number when the mark was made.
    public var row: Int

    /// A mark of row `row`, the `rowInUnit`th of `unit`, at about `byte`.
    public init(unit: Int, rowInUnit: Int, byte: Int, row: Int) {
        self.unit = unit
        self.rowInUnit = rowInUnit
        self.byte = byte
        self.row = row
    }
}

extension StackComponent {
    /// Draws the row into a one-row buffer: right for any source, if not the fastest.
    public func plainText(row: Int, width: Int) -> String {
        var buffer = FrameBuffer(width: width, height: 1)
        drawRows(row..<(row + 1), into: &buffer, at: 0)
        return buffer.plainText(row: 0)
    }

    public func searchableText(row: Int, width: Int) -> String {
        plainText(row: row, width: width)
    }

    public func searchStep(for query: String, at row: Int, forward: Bool) -> SearchStep { .read }

    public func mark(ofRow row: Int) -> RowMark { RowMark(unit: 0, rowInUnit: row, byte: 0, row: row) }

    public func row(of mark: RowMark) -> Int { mark.row }

    public func keepRowViews(for rows: Range<Int>) {}

    public func matchColumns(of query: String, row: Int, width: Int) -> [Range<Int>] {
        var buffer = FrameBuffer(width: width, height: 1)
        drawRows(row..<(row + 1), into: &buffer, at: 0)
        return TextSearch.matchColumns(of: query, inRow: 0, of: buffer)
    }

    public func writeRows(width: Int, to sink: any RowSink) {
        for row in 0..<rowCount {
            if sink.isClosed { return }
            sink.row(plainText(row: row, width: width)) { buffer in drawRows(row..<(row + 1), into: &buffer, at: 0) }
        }
    }

    /// Every row `writeRows` writes, as text.
    public func lines(width: Int) -> [String] {
        let sink = LineSink()
        writeRows(width: width, to: sink)
        return sink.lines
    }
}
