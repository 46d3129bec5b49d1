import RenderCore

/// Column widths for a table at a width: each column as wide as its widest value in
/// a sample (header included) up to a cap, then the widest columns narrowed until the
/// row fits, none below a floor; room the row leaves goes to the columns the cap cut,
/// the least needy first, so that no value is cut while the screen has room.
///
/// Scrolled sideways, a plan shows the frozen columns, then the columns from a lead
/// column on, planned anew in the room the frozen ones leave, the lead column whole
/// (its cap lifted) where that room allows: each step right reveals one more column
/// whole, as a spreadsheet's columns scroll a column at a time.
struct ColumnPlan: Equatable {
    /// Columns each column takes, separators excluded (0 for a column scrolled out).
    let widths: [Int]
    /// Where each column starts, in columns from the left edge.
    let starts: [Int]
    /// The columns scrolled out at the left, between the frozen ones and the lead.
    let scrolledOut: Range<Int>

    /// What stands between two columns.
    static let separator = " │ "
    static let separatorColumns = 3
    /// Rows measured to plan widths; the rest are assumed alike.
    static let sampleRows = 1_000
    /// No column is planned wider than this many columns (the lead column aside).
    static let maximumWidth = 40
    /// Narrowing stops at this many columns (or the natural width, if smaller).
    static let minimumWidth = 6

    /// Every column shown, `widths` wide.
    init(widths: [Int]) {
        self.init(widths: widths, scrolledOut: 0..<0)
    }

    private init(widths: [Int], scrolledOut: Range<Int>) {
        self.widths = widths
        self.scrolledOut = scrolledOut
        var starts: [Int] = []
        starts.reserveCapacity(widths.count)
        var column = 0
        for (index, width) in widths.enumerated() {
            starts.append(column)
            if !scrolledOut.contains(index) { column += width + Self.separatorColumns }
        }
        self.starts = starts
    }

    /// Every column, its values measured in a sample, fitted to `availableWidth`.
    init(model: TableModel, availableWidth: Int) {
        self.init(widths: Self.fit(Self.widestValues(in: model), into: availableWidth))
    }

    /// The plan of `all` (every column at the same width) scrolled so that column
    /// `lead` is the first after the `frozen` ones: those keep their widths; from
    /// `lead` on the columns are fitted anew in the room left, `lead` whole where it
    /// fits (`widest`: each column's widest value), or with `keepingWidths` (wrapped
    /// cells, whose heights depend on their widths) as wide as in `all`.
    init(scrolling all: ColumnPlan, widest: [Int], frozen: Int, lead: Int, availableWidth: Int, keepingWidths: Bool) {
        let frozenWidths = Array(all.widths[..<frozen])
        let rest = keepingWidths
            ? Array(all.widths[lead...])
            : Self.fit(Array(widest[lead...]), into: availableWidth - all.start(after: frozen), wholeFirst: true)
        self.init(widths: frozenWidths + Array(repeating: 0, count: lead - frozen) + rest, scrolledOut: frozen..<lead)
    }

    /// Whether column `index` shows (it is not scrolled out).
    func shows(_ index: Int) -> Bool {
        !scrolledOut.contains(index)
    }

    /// Widths for columns whose widest values are `widest`, in `availableWidth`
    /// columns (separators included): capped, then narrowed to fit or widened to use
    /// the room, or, where even the floors overflow and cells do not wrap, left at
    /// their capped widths past the right edge. With `wholeFirst`, the first column
    /// is as wide as its widest value or the whole room, and is not narrowed.
    /// With `words` (wrapped cells: each column's widest word, its name included), a
    /// column is narrowed no further than its widest word, so that wrapping breaks
    /// lines between words, never inside one, and names show whole.
    static func fit(_ widest: [Int], into availableWidth: Int, wholeFirst: Bool = false, wrapping: Bool = false, words: [Int]? = nil) -> [Int] {
        let space = availableWidth - max(0, widest.count - 1) * Self.separatorColumns
        var natural = widest.map { min(Self.maximumWidth, $0) }
        if wholeFirst, !widest.isEmpty { natural[0] = min(widest[0], max(1, availableWidth)) }
        let floors = natural.indices.map { min(max(Self.minimumWidth, words?[$0] ?? 0), natural[$0]) }
        guard natural.reduce(0, +) > space else {
            return Self.sharing(space - natural.reduce(0, +), among: natural, upTo: widest)
        }
        // Narrow the widest columns first: cap every column at the largest cap that
        // fits (binary search, O(columns · log width)), never below its floor. A
        // whole first column is spared.
        let spared = wholeFirst && !natural.isEmpty ? 1 : 0
        func total(cap: Int) -> Int {
            natural.indices.reduce(0) { $0 + ($1 < spared ? natural[$1] : max(floors[$1], min(natural[$1], cap))) }
        }
        // A row that overflows even at the floors is not narrowed at all: the columns
        // that show are whole (as far as the cap), the rest past the right edge, for
        // a step right to reach. (Wrapped cells lose nothing narrowed: they take more
        // lines, and more columns show.)
        guard wrapping || total(cap: 0) <= space else { return natural }
        var low = 0
        var high = natural.max() ?? 0
        while low < high {
            let middle = (low + high + 1) / 2
            if total(cap: middle) <= space { low = middle } else { high = middle - 1 }
        }
        var widths = natural.indices.map { $0 < spared ? natural[$0] : max(floors[$0], min(natural[$0], low)) }
        // What the cap leaves over goes a column at a time, from the left.
        var leftover = space - widths.reduce(0, +)
        for index in widths.indices where leftover > 0 && widths[index] < natural[index] {
            widths[index] += 1
            leftover -= 1
        }
        return widths
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

    /// Each column's widest value among the sampled rows, header included, uncapped.
    static func widestValues(in model: TableModel) -> [Int] {
        widestValues(in: model, rows: sample(rowCount: model.shownRowCount, columnCount: model.columns.count))
    }

    /// Each column's widest value among `rows`, header included, uncapped: with every
    /// row, the widths at which no value is cut (a dump's).
    static func widestValues(in model: TableModel, rows: some Sequence<Int>) -> [Int] {
        var widest = model.columns.map { max(1, TextWidth.columns(of: ValueText.escaped($0))) }
        for row in rows {
            let values = model.row(row)
            for column in widest.indices where column < values.count {
                widest[column] = max(widest[column], TextWidth.columns(of: ValueText.text(of: values[column])))
            }
        }
        return widest
    }

    /// Each column's widest word among the sampled rows' values, and its name whole,
    /// up to `maximumWordFloor` columns: how narrow a wrapped column may be.
    static func widestWords(in model: TableModel) -> [Int] {
        var widest = model.columns.map { min(maximumWordFloor, TextWidth.columns(of: ValueText.escaped($0))) }
        for row in sample(rowCount: model.shownRowCount, columnCount: model.columns.count) {
            let values = model.row(row)
            for column in widest.indices where column < values.count && widest[column] < maximumWordFloor {
                widest[column] = max(widest[column], widestWord(in: ValueText.text(of: values[column])))
            }
        }
        return widest
    }

    /// The columns of `text`'s widest word, up to `maximumWordFloor`: a scan of its
    /// bytes, a word measured only where its bytes could make it wider (a value of
    /// megabytes is not split into words).
    private static func widestWord(in text: String) -> Int {
        var widest = 0
        var text = text
        return text.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x20 {
                // (A word takes no more columns than it has bytes.)
                if index - start > widest {
                    let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    widest = max(widest, min(maximumWordFloor, TextWidth.columns(of: word)))
                    if widest == maximumWordFloor { break }
                }
                start = index + 1
            }
            return widest
        }
    }

    /// The widest a word may make a wrapped column's floor (a longer one is broken).
    static let maximumWordFloor = 20

    /// Values measured at most: a table of very many columns samples fewer rows.
    static let sampleValues = 2_000_000

    /// The rows measured: every row of a small table; of a large one the first rows
    /// and the last ones (where counters are widest). Not rows between: the ends are
    /// known before the index has read the rest (the last records are read back from
    /// the end: `TableModel+Tail`), so that a table's columns are planned once, as it
    /// shows first, whatever the index has reached.
    static func sample(rowCount: Int, columnCount: Int = 1) -> [Int] {
        let size = max(20, min(sampleRows, sampleValues / max(1, columnCount)))
        guard rowCount > size else { return Array(0..<rowCount) }
        return Array(0..<(size / 2)) + Array((rowCount - (size - size / 2))..<rowCount)
    }

    /// Columns a full row takes: where the last column shown ends.
    var totalWidth: Int {
        guard let last = widths.indices.last(where: shows) else { return 0 }
        return starts[last] + widths[last]
    }

    /// Column where column `index` starts.
    func start(of index: Int) -> Int {
        starts[index]
    }

    /// Where a column after the first `count` starts: past them and the separator that
    /// follows them (0 for none).
    func start(after count: Int) -> Int {
        count == 0 ? 0 : starts[count - 1] + widths[count - 1] + Self.separatorColumns
    }
}
