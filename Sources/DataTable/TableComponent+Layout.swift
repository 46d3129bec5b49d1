import ScrollCore

/// Rows of several lines (`--wrap`): a row is as tall as its tallest wrapped cell.
///
/// Heights are known only once a row is decoded and measured, so each row starts
/// with an estimate (the average height of the rows the column plan sampled, which
/// are measured at once); the container's layout pass measures the rows it is about
/// to show (`performLayout`), and its anchor rule keeps what is at the viewport top in
/// place.
extension TableComponent {
    /// The data row shown on component line `line`, and which of its lines it is.
    func record(atLine line: Int) -> (record: Int, line: Int)? {
        let offset = line - rowsAboveRecords
        guard offset >= 0 else { return nil }
        guard wrapsCells else { return offset < model.shownRowCount ? (offset, 0) : nil }
        guard let record = heights.index(containing: Double(offset)) else { return nil }
        return (record, offset - Int(heights.prefixSum(record)))
    }

    /// The data rows shown on component lines `lines`.
    func records(onLines lines: Range<Int>) -> Range<Int> {
        guard !lines.isEmpty, let first = record(atLine: max(lines.lowerBound, rowsAboveRecords))?.record else { return 0..<0 }
        let last = record(atLine: lines.upperBound - 1)?.record ?? model.shownRowCount - 1
        return first..<max(first, last + 1)
    }

    /// Gives every row the estimate and measures the rows the column plan sampled.
    func estimateHeights() {
        let sample = ColumnPlan.sample(rowCount: model.rowCount, columnCount: model.columns.count)
        let sampled = sample.map(height(of:))
        let estimate = Double(max(1, (sampled.reduce(0, +) + sampled.count / 2) / max(1, sampled.count)))
        heights = ExtentIndex([Double](repeating: estimate, count: model.rowCount))
        measured = [Bool](repeating: false, count: model.rowCount)
        measuredCount = 0
        measuredPrefix = 0
        for (record, height) in zip(sample, sampled) { setMeasured(record, height: height) }
    }

    /// Lines data row `record` takes at the current column widths.
    private func height(of record: Int) -> Int {
        let view = RowView()
        view.fill(values: model.row(record), columns: model.columns.count, wrapWidths: plan.widths)
        return view.height
    }

    private func setMeasured(_ record: Int, height: Int) {
        heights.set(record, Double(height))
        if !measured[record] {
            measured[record] = true
            measuredCount += 1
        }
        while measuredPrefix < measured.count, measured[measuredPrefix] { measuredPrefix += 1 }
    }

    /// Measures the rows shown on component lines `lines` that are not measured yet
    /// (laying rows out from the top: rows above are measured first, so that lines
    /// up to the viewport are exact).
    /// - Parameter anchor: the component line at the viewport top.
    /// - Returns: whether the extent changed, how many lines were added (negative:
    ///   removed) above `anchor`, for the container's anchor rule, and the first line
    ///   whose row changed height (from there on, lines show other content).
    @discardableResult
    package func measureRows(
        coveringLines lines: Range<Int>, anchor: Int
    ) -> (changed: Bool, linesAddedAboveAnchor: Int, firstChangedLine: Int?) {
        guard wrapsCells else { return (false, 0, nil) }
        var changed = false
        var addedAboveAnchor = 0
        // The anchor moves down with the rows above it that grow (new coordinates).
        var anchor = anchor
        var firstChangedLine: Int?
        // Rows before `measuredPrefix` are all measured: start after them.
        var record = max(records(onLines: lines).lowerBound, measuredPrefix)
        while record < model.rowCount {
            let start = Int(heights.prefixSum(record)) + rowsAboveRecords
            guard start < lines.upperBound else { break }
            if !measured[record] {
                let old = Int(heights.values[record])
                let new = height(of: record)
                setMeasured(record, height: new)
                if new != old {
                    changed = true
                    firstChangedLine = firstChangedLine ?? start
                    if start + old <= anchor {
                        addedAboveAnchor += new - old
                        anchor += new - old
                    }
                }
            }
            record += 1
        }
        return (changed, addedAboveAnchor, firstChangedLine)
    }

    /// The container's layout pass: at a new width the columns are planned again; the
    /// rows are measured down to the end of what the constraints ask for (from the
    /// top, so that the rows above the viewport are exact too), or all of them when
    /// the pass reaches the end; rows added above the viewport top come back as a
    /// correction. Changes made in between (rows indexed, a file followed, columns
    /// scrolled) are answered here too.
    package func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
        if let crossAxis = constraints.crossAxisExtent { layout(width: Int(crossAxis)) }
        let anchor = Int(constraints.scrollOffset)
        let measured = measureRows(coveringLines: 0..<constraints.rows.upperBound, anchor: anchor)
        if let line = measured.firstChangedLine { noteChange(from: line) }
        if constraints.locatesEnd { measureAllRows() }
        readAhead(forLines: constraints.rows)
        defer {
            changedFrom = nil
            recordMoves.removeAll()
        }
        guard let changedFrom else { return .unchanged }
        // Rows read ahead of the index moved with the estimates before them: the rows at
        // the top stay with them when they are among those.
        let movedRows = recordMoves.reduce(0) { $0 + ($1.lines.contains(anchor) ? $1.rows : 0) }
        return geometry(changedFrom: Double(changedFrom), correction: Double(measured.linesAddedAboveAnchor + movedRows))
    }

    /// Calls `change` (rows indexed, or read ahead of the index), noting the runs of
    /// rows read ahead that it moved, so that a view showing them keeps them in place.
    func keepingRowsReadAhead<Result, Failure: Error>(_ change: () throws(Failure) -> Result) throws(Failure) -> Result {
        let runs = model.unindexedRuns
        defer {
            for run in runs {
                guard let row = model.shownRow(ofRecordAt: run.firstByte), row != run.rows.lowerBound else { continue }
                let firstLine = rowCount(ofRecords: 0)
                let lines = (firstLine + run.rows.lowerBound)..<(run.rows.upperBound == .max ? .max : firstLine + run.rows.upperBound)
                recordMoves.append((lines, row - run.rows.lowerBound))
                noteChange(from: min(lines.lowerBound, firstLine + row))
                pool.reset()
            }
        }
        return try change()
    }

    /// Reads the records past the indexed ones that lines `lines` show, where they are
    /// not read yet (`TableModel.readAhead`).
    private func readAhead(forLines lines: Range<Int>) {
        let rows = (lines.lowerBound - rowsAboveRecords)..<(lines.upperBound - rowsAboveRecords)
        guard !wrapsCells, model.showsTail, rows.upperBound > model.rowCount else { return }
        notingRowsReadAhead { keepingRowsReadAhead { model.readAhead(forRows: rows) } }
    }

    /// Calls `change`, which may read records ahead of the index (an island): the
    /// rows past the indexed ones are noted as changed if they show others.
    func notingRowsReadAhead<Result>(_ change: () -> Result) -> Result {
        let before = model.unindexedRuns.map { ($0.rows.lowerBound, $0.firstByte) }
        defer {
            let after = model.unindexedRuns.map { ($0.rows.lowerBound, $0.firstByte) }
            if !before.elementsEqual(after, by: { $0 == $1 }) {
                noteChange(from: rowCount(ofRecords: model.rowCount))
                pool.reset()
            }
        }
        return change()
    }

    package func attach(_ invalidator: LayoutInvalidator) {
        self.invalidator = invalidator
    }

    /// Notes rows from `row` on as changed, for the container's next pass.
    func noteChange(from row: Int) {
        changedFrom = min(changedFrom ?? row, row)
        invalidator?.markNeedsLayout()
    }

    /// Lines the first `records` records take, with the rows above them.
    package func rowCount(ofRecords records: Int) -> Int {
        (wrapsCells ? Int(heights.prefixSum(min(records, heights.count))) : records) + rowsAboveRecords
    }

    /// Measures every row (a dump, the expanded model, a jump to the end).
    /// - Returns: whether the extent changed.
    @discardableResult
    package func measureAllRows() -> Bool {
        guard wrapsCells else { return false }
        let before = heights.total
        let first = measuredPrefix
        model.readingInOrder {
            for record in measuredPrefix..<model.rowCount where !measured[record] { setMeasured(record, height: height(of: record)) }
        }
        guard heights.total != before else { return false }
        noteChange(from: rowCount(ofRecords: first))
        return true
    }
}
