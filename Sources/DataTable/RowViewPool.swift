import RenderCore

/// One table row ready to draw: each value's text, style and alignment. Views are
/// taken from a `RowViewPool` and filled again for another row, as a list view
/// reuses its cells (`dequeueReusableCell`), rather than made for every row.
final class RowView {
    /// A value as its column shows it.
    struct ShownValue {
        var text: String
        var style: Style
        var isRightAligned: Bool
    }

    /// How a missing value shows.
    static let missingValue = ShownValue(text: "", style: ValueText.style(of: nil), isRightAligned: false)

    private(set) var values: [ShownValue] = []
    /// With wrapping: each value's lines inside its column.
    private(set) var lines: [[String]] = []

    /// Lines the row takes: its tallest value's.
    var height: Int { lines.reduce(1) { max($0, $1.count) } }

    /// Fills the view with a row's values; with `wrapWidths`, each value's text is
    /// wrapped inside its column's width.
    func fill(values row: [JSONValue?], columns: Int, wrapWidths: [Int]?) {
        values.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
        for column in 0..<columns {
            // Missing values (most of them, in a table of sparse keys) cost nothing.
            guard column < row.count, let value = row[column] else {
                values.append(Self.missingValue)
                if wrapWidths != nil { lines.append([""]) }
                continue
            }
            let shown = ShownValue(
                text: ValueText.text(of: value), style: ValueText.style(of: value), isRightAligned: ValueText.isRightAligned(value))
            values.append(shown)
            if let wrapWidths { lines.append(ValueWrapping.lines(of: shown.text, width: wrapWidths[column])) }
        }
    }
}

/// Row views for the rows near the viewport. A view stays with its row while the
/// row is in the window the host keeps (`recycle(outside:)`: the viewport and its
/// overscan), so redrawing those rows (the columns scrolled sideways) needs no
/// decoding; a row that comes into the window takes a view given back by one that
/// left it. The pool so never holds more views than the window has rows. Expanded
/// (`keepsEveryView`), every row gets a view of its own, never given back: the
/// up-front model this is compared with.
final class RowViewPool {
    let keepsEveryView: Bool
    private var free: [RowView] = []
    private var active: [Int: RowView] = [:]
    /// Views made, and views filled again for another row.
    private(set) var created = 0
    private(set) var reused = 0

    init(keepsEveryView: Bool) {
        self.keepsEveryView = keepsEveryView
    }

    /// The view of data row `row`; `values` gives the row's values when a view must
    /// be filled.
    func view(for row: Int, columns: Int, wrapWidths: [Int]?, values: () -> [JSONValue?]) -> RowView {
        if let view = active[row] { return view }
        let view: RowView
        if let recycled = free.popLast() {
            view = recycled
            reused += 1
        } else {
            view = RowView()
            created += 1
        }
        view.fill(values: values(), columns: columns, wrapWidths: wrapWidths)
        active[row] = view
        return view
    }

    /// Gives back the views of rows outside `rows` (none when every view is kept).
    func recycle(outside rows: Range<Int>) {
        guard !keepsEveryView else { return }
        for (row, view) in active where !rows.contains(row) {
            active[row] = nil
            free.append(view)
        }
    }

    /// Takes every view back, kept ones too (their rows must be filled again: the
    /// columns were planned anew).
    func reset() {
        free += active.values
        active.removeAll()
    }

    /// Views the pool holds, given to rows or free.
    var size: Int { free.count + active.count }
}
