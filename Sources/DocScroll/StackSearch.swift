import ComponentKit
import DataTable
import RenderCore
import ScrollCore

/// A search of the stack's rows for a query, down or up, wrapping at the end
/// (`DocScrollView.find`): each component's rows are ruled out cheaply where they can
/// be (`StackComponent.mayContain`) and read as a search reads them
/// (`searchableText`); a table still indexed in parts is indexed further as the search
/// reaches its last rows, and a page is laid out to its end before it is searched up
/// from there.
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
    /// Lays a component out to its end (a page; nothing for others).
    let layOutAll: (ComponentID) -> Void

    /// The first row from `place` (excluded) on that holds `query` (see
    /// `DocScrollView.find`).
    func find(_ query: String, from place: Place?, forward: Bool, isCancelled: () -> Bool) -> Result {
        let ids = stack.container.componentIDs.filter { !stack.container.isHidden($0) && stack.component($0) != nil }
        guard !ids.isEmpty else { return .notFound }
        var rowsSearched = 0
        let startIndex = place.flatMap { ids.firstIndex(of: $0.component) } ?? (forward ? 0 : ids.count - 1)
        let startRow = place?.row ?? (forward ? -1 : Int.max)
        // Each component once from the start on, then the start's again on the far
        // side of the wrap, as far as the start row.
        for step in 0...ids.count {
            let index = forward ? (startIndex + step) % ids.count : ((startIndex - step) % ids.count + ids.count) % ids.count
            guard let source = stack.component(ids[index]) else { continue }
            let wrapped = step > 0 && (forward ? index <= startIndex : index >= startIndex)
            let isLast = step == ids.count
            /// Whether the row matches; `nil` when the search is to stop.
            func matches(_ row: Int) -> Bool? {
                rowsSearched += 1
                if rowsSearched % 4_096 == 0, isCancelled() { return nil }
                return source.mayContain(query, row: row) && TextSearch.contains(query, in: source.searchableText(row: row, width: width))
            }
            // A table indexed in parts is indexed further as the search gets to its
            // last rows (a part at a time: a search can be stopped meanwhile).
            let growing = growingTable(ids[index])
            func indexedFurther() -> Bool? {
                guard let growing, !growing.model.isIndexed else { return false }
                if isCancelled() { return nil }
                indexPart(growing, ids[index])
                return true
            }
            if forward {
                // A page's row count grows as it is laid out: ask at every row.
                var row = step == 0 ? startRow + 1 : 0
                while true {
                    while row < source.rowCount, !(isLast && row > startRow) {
                        guard let match = matches(row) else { return .cancelled }
                        if match { return .found(Place(component: ids[index], row: row), wrapped: wrapped) }
                        row += 1
                    }
                    if isLast && row > startRow { break }
                    guard let further = indexedFurther() else { return .cancelled }
                    if !further { break }
                }
            } else {
                // Going up from a component's end needs its end: lay it all out. From a
                // row inside it, the rows above are laid out already.
                if step > 0 || place == nil {
                    layOutAll(ids[index])
                    while let further = indexedFurther(), further {}
                    if growing?.model.isIndexed == false { return .cancelled }
                }
                var row = step == 0 ? min(startRow - 1, source.rowCount - 1) : source.rowCount - 1
                while row >= 0, !(isLast && row < startRow) {
                    guard let match = matches(row) else { return .cancelled }
                    if match { return .found(Place(component: ids[index], row: row), wrapped: wrapped) }
                    row -= 1
                }
            }
        }
        return .notFound
    }
}
