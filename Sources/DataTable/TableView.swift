public import RenderCore
public import ScrollCore

/// A table as a component of the container: a header row, a rule, then one row per
/// record. Rows become cells only when a tile that shows them is built.
public final class TableView: ScrollComponent, RowSource {
    public let model: TableModel
    /// Width the columns are planned for, in columns.
    public private(set) var width: Int
    private var plan: ColumnPlan
    /// Data rows turned into cells so far (a row drawn twice counts twice).
    public private(set) var rowsMaterialized = 0

    /// Rows above the first record: the header and the rule under it.
    public static let headerRows = 2

    public init(model: TableModel, width: Int) {
        self.model = model
        self.width = max(1, width)
        self.plan = ColumnPlan(model: model, availableWidth: self.width)
    }

    /// Plans the columns again for a new width.
    public func layout(width: Int) {
        let width = max(1, width)
        guard width != self.width else { return }
        self.width = width
        plan = ColumnPlan(model: model, availableWidth: width)
    }

    /// Columns each table column takes at the current width.
    public var columnWidths: [Int] { plan.widths }

    public var contentExtent: Double { Double(rowCount) }
    /// The header row and its rule stay at the viewport top while the rows scroll.
    public var headerExtent: Double { Double(Self.headerRows) }
    public var rowCount: Int { model.rowCount + Self.headerRows }

    public func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        for index in rows.clamped(to: 0..<rowCount) {
            let target = row + index - rows.lowerBound
            switch index {
            case 0:
                for (column, name) in model.columns.enumerated() where plan.start(of: column) < buffer.width {
                    drawCell(CellText.escaped(name), style: Style(.bold), rightAligned: false, column: column, into: &buffer, row: target)
                }
                drawSeparators("│", into: &buffer, row: target)
            case 1:
                buffer.draw(String(repeating: "─", count: plan.totalWidth), style: Style(.dim), column: 0, row: target)
                drawSeparators("┼", into: &buffer, row: target)
            default:
                let values = model.row(index - Self.headerRows)
                for column in model.columns.indices where plan.start(of: column) < buffer.width {
                    let value = column < values.count ? values[column] : nil
                    drawCell(
                        CellText.text(of: value), style: CellText.style(of: value),
                        rightAligned: CellText.isRightAligned(value), column: column, into: &buffer, row: target)
                }
                drawSeparators("│", into: &buffer, row: target)
                rowsMaterialized += 1
            }
        }
    }

    private func drawSeparators(_ mark: String, into buffer: inout FrameBuffer, row: Int) {
        for column in plan.widths.indices.dropFirst() where plan.start(of: column) - 2 < buffer.width {
            buffer.draw(mark, style: Style(.dim), column: plan.start(of: column) - 2, row: row)
        }
    }

    /// Draws one value in its column: padded, right-aligned for numbers, cut with `…`
    /// when it does not fit.
    private func drawCell(
        _ text: String, style: Style, rightAligned: Bool, column: Int, into buffer: inout FrameBuffer, row: Int
    ) {
        let width = plan.widths[column]
        let start = plan.start(of: column)
        let columns = TextWidth.columns(of: text)
        if columns <= width {
            let offset = rightAligned ? width - columns : 0
            buffer.draw(text, style: style, column: start + offset, row: row)
        } else {
            let end = buffer.draw(text, style: style, column: start, row: row, limit: min(buffer.width, start + width - 1))
            buffer.draw("…", style: style, column: end, row: row)
        }
    }
}
