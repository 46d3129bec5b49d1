import RenderCore

/// Column widths for a table at a width: each column as wide as its widest value in
/// a sample (header included) up to a cap, then the widest columns narrowed until the
/// row fits, none below a floor; room the row leaves goes to the columns the cap cut,
/// the least needy first, so that no value is cut while the screen has room.
struct ColumnPlan: Equatable {
    /// Columns each column takes, separators excluded.
    let widths: [Int]
    /// Where each column starts, in columns from the left edge.
    let starts: [Int]

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
        starts = Self.starts(of: widths)
    }

    private static func starts(of widths: [Int]) -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(widths.count)
        var column = 0
        for width in widths {
            starts.append(column)
            column += width + separatorColumns
        }
        return starts
    }

    init(model: TableModel, availableWidth: Int) {
        // Each column's widest value in the sample, and that width capped.
        var full = model.columns.map { max(1, TextWidth.columns(of: $0)) }
        for row in Self.sample(rowCount: model.rowCount, columnCount: model.columns.count) {
            let values = model.row(row)
            for column in full.indices where column < values.count {
                full[column] = max(full[column], TextWidth.columns(of: ValueText.text(of: values[column])))
            }
        }
        let natural = full.map { min(Self.maximumWidth, $0) }
        let floors = natural.map { min(Self.minimumWidth, $0) }
        let space = availableWidth - max(0, natural.count - 1) * Self.separatorColumns
        guard natural.reduce(0, +) > space else {
            self.init(widths: Self.sharing(space - natural.reduce(0, +), among: natural, upTo: full))
            return
        }
        // Narrow the widest columns first: cap every column at the largest cap that
        // fits (binary search, O(columns · log width)), never below its floor.
        func total(cap: Int) -> Int {
            zip(natural, floors).reduce(0) { $0 + max($1.1, min($1.0, cap)) }
        }
        var low = 0
        var high = natural.max() ?? 0
        while low < high {
            let middle = (low + high + 1) / 2
            if total(cap: middle) <= space { low = middle } else { high = middle - 1 }
        }
        var widths = zip(natural, floors).map { max($0.1, min($0.0, low)) }
        // What the cap leaves over goes a column at a time, from the left.
        var leftover = space - widths.reduce(0, +)
        for index in widths.indices where leftover > 0 && widths[index] < natural[index] {
            widths[index] += 1
            leftover -= 1
        }
        self.init(widths: widths)
    }

    /// `widths` with `room` more columns given to those narrower than `needed`, the
    /// smallest needs met first (so that as many values as can be are whole), the last
    /// column served taking what is left.
    private static func sharing(_ room: Int, among widths: [Int], upTo needed: [Int]) -> [Int] {
        var widths = widths
        var room = room
        for index in widths.indices.sorted(by: { needed[$0] - widths[$0] < needed[$1] - widths[$1] }) where room > 0 {
            let given = min(room, needed[index] - widths[index])
            widths[index] += given
            room -= given
        }
        return widths
    }

    /// Values measured at most: a table of very many columns samples fewer rows.
    static let sampleValues = 2_000_000

    /// The rows measured: every row of a small table; of a large one the first rows,
    /// the last ones (where counters are widest) and rows spread evenly between.
    static func sample(rowCount: Int, columnCount: Int = 1) -> [Int] {
        let size = max(20, min(sampleRows, sampleValues / max(1, columnCount)))
        guard rowCount > size else { return Array(0..<rowCount) }
        let ends = size / 4
        let spread = size - 2 * ends
        let middle = (0..<spread).map { ends + $0 * (rowCount - 2 * ends) / spread }
        return Array(0..<ends) + middle + Array((rowCount - ends)..<rowCount)
    }

    /// Columns a full row takes.
    var totalWidth: Int {
        widths.reduce(max(0, widths.count - 1) * Self.separatorColumns, +)
    }

    /// Column where column `index` starts.
    func start(of index: Int) -> Int {
        starts[index]
    }
}
