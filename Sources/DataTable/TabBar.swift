import RenderCore

/// The names of tables shown as tabs, one at a time under one header, and which one
/// a table is: the row a table in tabs draws above its column header
/// (`TableComponent.tabBar`).
package struct TabBar: Sendable {
    /// Each tab's name, in order.
    package var names: [String]
    /// The tab of the table that draws this bar.
    package var selected: Int

    package init(names: [String], selected: Int) {
        self.names = names
        self.selected = selected
    }

    /// Draws the bar into row `row` of `buffer`: each name between spaces, the
    /// selected one in reverse video, the others dim, `│` between them; when the names
    /// are wider than the buffer, they start where the selected one still shows whole
    /// (or from it, when it alone is wider).
    func draw(into buffer: inout FrameBuffer, row: Int) {
        let labels = names.map { " " + ValueText.escaped($0) + " " }
        let widths = labels.map { TextWidth.columns(of: $0) }
        var starts: [Int] = []
        var x = 0
        for width in widths {
            starts.append(x)
            x += width + 1
        }
        let selectedEnd = starts[selected] + widths[selected]
        let shift = selectedEnd > buffer.width ? min(starts[selected], selectedEnd - buffer.width) : 0
        for (index, label) in labels.enumerated() {
            let column = starts[index] - shift
            guard column + widths[index] > 0, column < buffer.width else { continue }
            let style = index == selected ? Style([.reverse, .bold]) : Style(.dim)
            buffer.draw(label, style: style, column: max(0, column), row: row, floor: 0)
            if index + 1 < labels.count, column + widths[index] >= 0 {
                buffer.draw("│", style: Style(.dim), column: column + widths[index], row: row)
            }
        }
    }
}
