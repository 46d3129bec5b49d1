import DataTable
import DocumentLayout
import ComponentKit
import RenderCore
import ScrollCore
import SystemIO

/// Reading every input again, the reader's place kept.
extension DocScrollView {
    /// Reads every input that came from a file again (`R` in the viewer), whatever
    /// changed in it, and keeps the text at the top of the viewport at the top: the
    /// rows at the top are looked for in what was read, nearest where they were (rows
    /// inserted or removed above them move them), and the container's anchor takes
    /// the difference (`rowsInsertedAboveAnchor`). Inputs from standard input or
    /// memory stay as they are; an input that can no longer be read stays as it was,
    /// with a note (`takeNote`).
    public func reload() {
        let reloading = beginReloading()
        reloading.read()
        finishReloading(reloading)
    }

    /// The inputs to read again for `reload`, read apart from the view
    /// (`Reloading.read`, which may take long and touches no view: it may run on a
    /// thread of its own), then shown with `finishReloading`.
    public final class Reloading: @unchecked Sendable {
        fileprivate let pagePaths: [Int: String]
        fileprivate let tablePaths: [ObjectIdentifier: String]
        private let reading: InputReading
        fileprivate private(set) var pages: [Int: Result<(input: InputFile, page: any PageComponent), DocScrollError>] = [:]
        fileprivate private(set) var tables: [ObjectIdentifier: Result<(input: InputFile, model: TableModel), DocScrollError>] = [:]

        fileprivate init(pagePaths: [Int: String], tablePaths: [ObjectIdentifier: String], reading: InputReading) {
            self.pagePaths = pagePaths
            self.tablePaths = tablePaths
            self.reading = reading
        }

        /// Reads every input again (pages a window at a time stay so).
        public func read() {
            for (index, path) in pagePaths {
                pages[index] = Result { () throws(DocScrollError) in
                    let input = try reading.pageInput(path)
                    return (input, try reading.page(input))
                }
            }
            for (table, path) in tablePaths {
                tables[table] = Result { () throws(DocScrollError) in
                    let input = try InputFile.mapped(path)
                    return (input, try reading.tableModel(input))
                }
            }
        }
    }

    /// What `reload` reads: the pages and tables that came from files.
    public func beginReloading() -> Reloading {
        var pagePaths: [Int: String] = [:]
        for (index, stacked) in stackedInputs.enumerated() where stacked.page != nil {
            if let path = stacked.path { pagePaths[index] = path }
        }
        var tablePaths: [ObjectIdentifier: String] = [:]
        for followed in follower.tables { tablePaths[ObjectIdentifier(followed.table)] = followed.path }
        return Reloading(pagePaths: pagePaths, tablePaths: tablePaths, reading: reading)
    }

    /// Shows what `reloading` read (see `reload`).
    public func finishReloading(_ reloading: Reloading) {
        // Notes not yet shown speak of the content read before: the notes now are R's.
        notes.removeAll()
        let position = container.position
        let anchor = position.flatMap(anchorRows(at:))
        var reloaded: Set<ComponentID> = []
        container.performBatchUpdates {
            for index in stackedInputs.indices where reloadEntry(at: index, from: reloading) {
                reloaded.insert(stackedInputs[index].id)
                stack.replace(stackedInputs[index].id, with: stackedInputs[index].component)
            }
        }
        if let position, let anchor, reloaded.contains(anchor.component) {
            // Rows above exact, as a jump makes them (a page's are estimates until laid
            // out), so that a row's number says where its text is.
            layOut(.exactAbove)
            if let moved = shift(of: anchor) {
                container.restore(ScrollPosition(
                    component: position.component, contentOffset: position.contentOffset + Double(moved), delta: position.delta))
            }
        }
        layOut()
    }

    /// Rows at the top of the viewport to find again: the first with text at or below
    /// the top (rows of blanks are everywhere), a few more after it, and how far it is
    /// below the top.
    private struct AnchorRows {
        var component: ComponentID
        var row: Int
        var texts: [String]
    }

    /// Rows searched on each side of where the anchor was, at most.
    static let anchorSearchRows = 50_000
    /// Rows compared to tell the anchor from another row of the same text.
    static let anchorRowsCompared = 3

    private func anchorRows(at position: ScrollPosition) -> AnchorRows? {
        guard let source = stack.component(position.component) else { return nil }
        // (Past a component's rows, in its padding, there is nothing to find again.)
        let top = min(Int(position.contentOffset), source.rowCount)
        let end = min(source.rowCount, top + Int(container.viewportExtent))
        guard let first = (top..<end).first(where: { !source.searchableText(row: $0, width: options.width).isEmpty }) else { return nil }
        let texts = (first..<min(source.rowCount, first + Self.anchorRowsCompared)).map { source.searchableText(row: $0, width: options.width) }
        return AnchorRows(component: position.component, row: first, texts: texts)
    }

    /// How far the anchor's rows moved, their component read again: the nearest rows
    /// showing the same text (below first at the same distance); `nil` when they are
    /// not within `anchorSearchRows`.
    private func shift(of anchor: AnchorRows) -> Int? {
        guard let source = stack.component(anchor.component) else { return nil }
        func matches(_ row: Int) -> Bool {
            row >= 0 && row + anchor.texts.count <= source.rowCount
                && anchor.texts.indices.allSatisfy { source.searchableText(row: row + $0, width: options.width) == anchor.texts[$0] }
        }
        for distance in 0...Self.anchorSearchRows {
            if matches(anchor.row + distance) { return distance }
            if distance > 0, matches(anchor.row - distance) { return -distance }
            if anchor.row + distance >= source.rowCount, anchor.row - distance < 0 { break }
        }
        return nil
    }

    /// Reads stacked input `index`'s inputs again, if they came from files.
    /// - Returns: whether its content was read again.
    private func reloadEntry(at index: Int, from reloading: Reloading) -> Bool {
        if let tables = stackedInputs[index].showsTables?.tables {
            return tables.map { reloadTable($0, from: reloading) }.contains(true)
        }
        guard let old = stackedInputs[index].page, let read = reloading.pages[index] else { return false }
        do {
            let (input, page) = try read.get()
            // The old page's index, if still being built, is not needed any more.
            old.stopIndexing()
            adopt(page)
            stackedInputs[index] = Self.stackedPage(id: stackedInputs[index].id, page, input: input)
            return true
        } catch {
            notes.append("\(error.description) (shown as it was)")
            return false
        }
    }

    /// Shows a table's file as read again, when it came from one.
    private func reloadTable(_ table: TableComponent, from reloading: Reloading) -> Bool {
        guard let followed = follower.followed(table), let read = reloading.tables[ObjectIdentifier(table)] else {
            return false
        }
        do {
            let (input, model) = try read.get()
            table.show(model)
            if let file = input.mapping, input.path != nil {
                followed.file = file
                followed.isOver = false
                followed.isGone = false
            } else {
                // (Now compressed, or no longer a file that can be mapped.)
                followed.isOver = true
            }
            return true
        } catch {
            notes.append("\(error.description) (shown as it was)")
            return false
        }
    }
}
