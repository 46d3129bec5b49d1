import ComponentKit
import DataTable
import RenderCore
import ScrollCore

/// A search of the stack's rows for a query, down or up, wrapping at the end
/// (`DocScrollView.find`): each component's rows are ruled out cheaply where they can
/// be (`StackComponent.searchStep`) and read as a search reads them
/// (`searchableText`); a table still indexed in parts has its rows past the index
/// searched in its bytes where it reads records ahead (`TableModel+Search`), else is
/// indexed further as the search reaches its last rows indexed (its last records, read
/// back from its end, are searched once indexed: their numbers are estimates before),
/// and a page's end is found before it is searched up from there.
struct StackSearch {
    typealias Result = DocScrollView.SearchResult
    typealias Place = DocScrollView.Place

    let stack: ComponentStack
    /// The width rows are searched at.
    let width: Int
    /// The table a component shows, if it is still indexed in parts.
    let growingTable: (ComponentID) -> TableComponent?
    /// Indexes a part more of a table (the table, the component that shows it).
    let indexPart: (TableComponent, ComponentID) -> Void
    /// Finds a component's end (a page's; nothing for others).
    let locateEnd: (ComponentID) -> Void

    /// The first row from `place` (excluded) on that holds `query` (see
    /// `DocScrollView.find`).
    func find(_ query: String, from place: Place?, forward: Bool, progress: (Double) -> Void, isCancelled: () -> Bool) -> Result {
        let ids = stack.container.componentIDs.filter { !stack.container.isHidden($0) && stack.component($0) != nil }
        guard !ids.isEmpty else { return .notFound }
        var checks = 0
        // How far the search went: rows gone past of the rows there were when it began
        // (estimates, for pages not laid out).
        let rowsToSearch = max(1, ids.reduce(0) { $0 + (stack.component($1)?.rowCount ?? 0) })
        var rowsSearched = 0
        // Rows from the row the search is at that a component has searched on past
        // without settling the row (a page's bytes scanned ahead of its index).
        var rowsScannedPast = 0
        let startIndex = place.flatMap { ids.firstIndex(of: $0.component) } ?? (forward ? 0 : ids.count - 1)
        var startRow = place?.row ?? (forward ? -1 : Int.max)
        // A start among a table's last records, read back while the index goes on, has
        // an estimated number: the table is indexed to its end first, and the start
        // keeps its distance from the end.
        if let place, let table = growingTable(place.component), !table.readsAhead, place.row >= table.indexedRowCount {
            let fromEnd = table.rowCount - place.row
            while !table.model.isIndexed {
                if isCancelled() { return .cancelled }
                indexPart(table, place.component)
            }
            startRow = table.rowCount - fromEnd
        }
        // Each component once from the start on, then the start's again on the far
        // side of the wrap, as far as the start row.
        for step in 0...ids.count {
            let index = forward ? (startIndex + step) % ids.count : ((startIndex - step) % ids.count + ids.count) % ids.count
            guard let source = stack.component(ids[index]) else { continue }
            let wrapped = step > 0 && (forward ? index <= startIndex : index >= startIndex)
            let isLast = step == ids.count
            /// What the search does at a row: stops there (a match) or goes on at a row
            /// (`shift`: how far reading laid out estimated rows moved the rows below
            /// them); `nil` when the search is to stop.
            func check(_ row: Int) -> Step? {
                let step = source.searchStep(for: query, at: row, forward: forward)
                // Rows passed over together cost a scan of their bytes, rows laid out
                // (or waited for) their layout: ask about stopping more often then, the
                // more rows passed over the sooner; after a scan past the row (a
                // stretch of bytes), every time.
                switch step {
                case .read: checks += 1
                case .passOver(let rows): checks += 256 + rows
                case .laidOut: checks += 1_024
                case .scanned: checks = 4_096
                }
                if case .scanned(let rows) = step { rowsScannedPast = rows } else { rowsScannedPast = 0 }
                if checks >= 4_096 {
                    checks = 0
                    progress(min(1, Double(rowsSearched + rowsScannedPast) / Double(rowsToSearch)))
                    if isCancelled() { return nil }
                }
                switch step {
                case .passOver(let rows):
                    rowsSearched += rows
                    return .goOn(row: forward ? row + rows : row - rows, shift: 0)
                case .laidOut(let resumed, let shift): return .goOn(row: resumed, shift: shift)
                case .scanned: return .goOn(row: row, shift: 0)
                case .read:
                    rowsSearched += 1
                    if TextSearch.contains(query, in: source.searchableText(row: row, width: width)) { return .match }
                    return .goOn(row: forward ? row + 1 : row - 1, shift: 0)
                }
            }
            // A table indexed in parts is indexed further as the search gets to its
            // last rows (a part at a time: a search can be stopped meanwhile), unless
            // its rows past the index are searched in its bytes.
            let growing = growingTable(ids[index])
            func indexedFurther() -> Bool? {
                guard let growing, !growing.model.isIndexed, !growing.readsAhead else { return false }
                if isCancelled() { return nil }
                indexPart(growing, ids[index])
                return true
            }
            if forward {
                // A page's row count grows as it is laid out: ask at every row.
                var row = step == 0 ? startRow + 1 : 0
                while true {
                    // (Of a table being indexed, the rows indexed: those past them wait.)
                    while row < (growing.map { $0.model.isIndexed || $0.readsAhead ? source.rowCount : $0.indexedRowCount } ?? source.rowCount),
                        !(isLast && row > startRow) {
                        switch check(row) {
                        case nil: return .cancelled
                        case .match?: return .found(Place(component: ids[index], row: row), wrapped: wrapped)
                        case .goOn(let next, let shift)?:
                            row = next
                            // The start, below the rows laid out, moved with them.
                            if isLast { startRow += shift }
                        }
                    }
                    if isLast && row > startRow { break }
                    guard let further = indexedFurther() else { return .cancelled }
                    if !further { break }
                }
            } else {
                // Going up from a component's end needs its end.
                if step > 0 || place == nil {
                    locateEnd(ids[index])
                    while let further = indexedFurther(), further {}
                    if let growing, !growing.model.isIndexed, !growing.readsAhead { return .cancelled }
                }
                var row = step == 0 ? min(startRow - 1, source.rowCount - 1) : source.rowCount - 1
                while row >= 0, !(isLast && row < startRow) {
                    switch check(row) {
                    case nil: return .cancelled
                    case .match?: return .found(Place(component: ids[index], row: row), wrapped: wrapped)
                    case .goOn(let next, _)?: row = next
                    }
                }
            }
        }
        return .notFound
    }

    /// What a search does at a row (see `find`'s `check`).
    private enum Step {
        case match
        case goOn(row: Int, shift: Int)
    }
}
