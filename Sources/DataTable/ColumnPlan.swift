import RenderCore

/// Column widths for a table at a width: each column as wide as its widest value in
/// a sample (header included) up to a cap, then the widest columns narrowed until the
/// row fits, none below a floor.
struct ColumnPlan: Equatable {
    /// Columns each column takes, separators excluded.
    let widths: [Int]

    /// What stands between two columns.
    static let separator = " │ "
    static let separatorColumns = 3
    /// Rows measured to plan widths; the rest are assumed alike.
    static let sampleRows = 1_000
    /// No column is planned wider than this many columns.
    static let maximumWidth = 40
    /// Narrowing stops at this many columns (or the natural width, if smaller).
    static let minimumWidth = 6

    init(widths: [Int]) {
        self.widths = widths
    }

    init(model: TableModel, availableWidth: Int) {
        var natural = model.columns.map { min(Self.maximumWidth, max(1, TextWidth.columns(of: $0))) }
        for row in 0..<min(model.rows.count, Self.sampleRows) {
            for column in natural.indices {
                let columns = TextWidth.columns(of: CellText.text(of: model.value(row: row, column: column)))
                natural[column] = max(natural[column], min(Self.maximumWidth, columns))
            }
        }
        var widths = natural
        let separators = max(0, widths.count - 1) * Self.separatorColumns
        var excess = widths.reduce(separators, +) - availableWidth
        while excess > 0 {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
                  widths[widest] > min(Self.minimumWidth, natural[widest])
            else { break }
            widths[widest] -= 1
            excess -= 1
        }
        self.widths = widths
    }

    /// Columns a full row takes.
    var totalWidth: Int {
        widths.reduce(max(0, widths.count - 1) * Self.separatorColumns, +)
    }

    /// Column where column `index` starts.
    func start(of index: Int) -> Int {
        widths[..<index].reduce(index * Self.separatorColumns, +)
    }
}
