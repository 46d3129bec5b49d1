public import ScrollCore
public import DataTable
import DocumentLayout
import Pictures
public import ComponentKit
import RenderCore

/// What a reader does besides scrolling: search, follow links, move between
/// components, ask where they are.
extension DocScrollView {
    /// A row of one component.
    public struct Place: Hashable, Sendable {
        /// The component.
        public var component: ComponentID
        /// The row, from 0 at the component's top.
        public var row: Int

        /// Row `row` of `component`.
        public init(component: ComponentID, row: Int) {
            self.component = component
            self.row = row
        }
    }

    /// A link mark (`[n]`) on a row of a page, or a picture, focused as links are.
    public struct LinkFocus: Hashable, Sendable {
        /// The row the mark is on (a picture's first row).
        public var place: Place
        /// The columns the mark takes (a picture's box).
        public var columns: Range<Int>
        /// The link's number on its page (for a picture, of the link it is inside;
        /// 0 when it is in none).
        public var number: Int
        /// Whether it is a picture (`--images symbols`): Enter follows its link, or
        /// shows it alone where it has none.
        public var isPicture = false
    }

    /// The row at the top of the viewport (under any pinned header, the row the
    /// content has scrolled to; in a component's padding past its rows, its last).
    public var topPlace: Place? {
        container.position.map { position in
            let rows = stack.component(position.component)?.rowCount ?? Int.max
            return Place(component: position.component, row: min(Int(max(0, position.contentOffset)), max(0, rows - 1)))
        }
    }

    /// The input a component shows: its name as given (a path, or `stdin`), that name
    /// without its folders, and whether it is a table.
    public func input(of id: ComponentID) -> (name: String, fileName: String, isTable: Bool)? {
        stackedInputs.first { $0.id == id }.map { stacked in
            if let (names, selected) = stacked.showsTables?.tabs { return (names[selected], names[selected], true) }
            return (stacked.name, Self.fileName(stacked.name), stacked.showsTables != nil)
        }
    }

    /// A name as given without its folders.
    static func fileName(_ name: String) -> String {
        name.split(separator: "/").last.map(String.init) ?? name
    }

    /// The names of the tabs component `id` shows, in order, and the one shown; `nil`
    /// for a component that is not tabs.
    public func tabs(of id: ComponentID) -> (names: [String], selected: Int)? {
        stackedInputs.first { $0.id == id }?.showsTables?.tabs
    }

    /// Shows tab `tab` of tabs `id` (`ScrollContainer.selectTab`): the stack above
    /// stays, the tab bar stays pinned if it was, and each tab comes back where it was
    /// left.
    /// - Returns: whether another tab is shown.
    @discardableResult
    public func selectTab(_ tab: Int, of id: ComponentID) -> Bool {
        guard !container.selectTab(tab, of: id).isEmpty else { return false }
        layOut()
        return true
    }

    /// Shows the tab `steps` after the one shown (before, when negative; round from
    /// the last to the first) of the tabs on screen, or of the first tabs when none
    /// shows.
    /// - Returns: whether another tab is shown.
    @discardableResult
    public func switchTab(by steps: Int) -> Bool {
        let shown = Set(container.layout.placements.map(\.id))
        let ids = stackedInputs.filter { $0.showsTables?.tabs != nil }.map(\.id)
        guard let id = ids.first(where: shown.contains) ?? ids.first, let (names, selected) = tabs(of: id) else { return false }
        return selectTab(((selected + steps) % names.count + names.count) % names.count, of: id)
    }

    /// What a component is called: a page's `<title>`, else the name of the file it
    /// shows, without its folders (a table's, a page's without a title).
    public func title(of id: ComponentID) -> String {
        if let page = pages.first(where: { $0.id == id })?.page, !page.title.isEmpty { return page.title }
        return input(of: id)?.fileName ?? ""
    }

    /// Whether component `id`'s extent, and so its row numbers, are estimates (a page
    /// not laid out to its end, a table still being indexed or measured).
    public func isExtentEstimated(of id: ComponentID) -> Bool {
        // (A compressed table still arriving has more rows to come.)
        stack.component(id)?.isExtentEstimated ?? false || isArriving(id)
    }

    /// Rows a component has (an estimate for a page not laid out to its end).
    public func rowCount(of id: ComponentID) -> Int {
        stack.component(id)?.rowCount ?? 0
    }

    /// Scrolls so that `place` is the top row, below any pinned header.
    /// - Returns: where the place's row is now: laying out the rows around it can
    ///   move the rows of a page still estimated, and a search goes on from here.
    @discardableResult
    public func reveal(_ place: Place) -> Place {
        guard let component = stack.component(place.component) else { return place }
        let mark = component.mark(ofRow: place.row)
        // What finding the place laid out is taken in first, there: the place is where
        // the component's extent now says. (Laid out where the view was, the rows
        // there could read the page ahead of its index again, in place of the rows
        // the search read ahead to find the place.)
        container.scroll(to: place.component, contentOffset: Double(place.row), alignment: .top)
        layOut()
        container.scroll(to: place.component, contentOffset: Double(component.row(of: mark)), alignment: .top)
        layOut()
        return Place(component: place.component, row: component.row(of: mark))
    }

    /// Scrolls to a fraction of the stack (0 the top, 1 the end). Every page's end is
    /// found first; what is not laid out above the target counts as estimated.
    public func scroll(toFraction fraction: Double) {
        locateEnds()
        let fraction = min(1, max(0, fraction))
        // (What the status line's percentage says, near enough.)
        aim(rounds: 3, within: max(1, maxScrollOffset / 500)) { Int((Double(maxScrollOffset) * fraction).rounded()) }
    }

    /// Scrolls to `target()` and lays out there, then again while the offset is more
    /// than `tolerance` from the target (both as the stack stands now), `rounds` times at
    /// most: the rows laid out there estimate a page's other rows again.
    private func aim(rounds: Int, within tolerance: @autoclosure () -> Int, at target: () -> Int) {
        for round in 0..<rounds {
            let offset = target()
            guard round == 0 || abs(offset - scrollOffset) > tolerance() else { break }
            scroll(to: offset)
            layOut()
        }
    }

    /// Scrolls so that root row `row` is at the top: the row a dump numbers so (every
    /// row above laid out) where frames wait for pages, or where the pages' parts not
    /// laid out are few (`exactRowParts`). Else a key does not wait for that: the row
    /// is the one the rows as they stand now number so (the estimates above it marked
    /// `~` by a viewer), aimed again as the rows there are laid out, as
    /// `scroll(toFraction:)` does.
    public func scroll(toRow row: Int) {
        guard !waitsForPages, pages.reduce(0, { $0 + $1.page.partsNotLaidOut }) > Self.exactRowParts else { return hold(max(0, row)) }
        aim(rounds: 8, within: 0) { min(max(0, row), maxScrollOffset) }
    }

    /// Parts of pages not laid out that a jump to a row lays out at most to number it
    /// as a dump does (about 2 MB of page, some 100 ms): past them, it goes by the
    /// estimates.
    static let exactRowParts = 32

    /// Scrolls the table under the top of the viewport sideways by `steps` of its
    /// unfrozen columns (its frozen columns stay; each step right shows the next
    /// column whole where the screen has room); its tiles are built again.
    /// - Returns: whether it moved (`false` also when a page is under the top: pages
    ///   scroll by screen columns).
    @discardableResult
    public func scrollTopTableColumns(by steps: Int) -> Bool {
        guard let top = topPlace, let table = tables.first(where: { $0.id == top.component }) else { return false }
        return scrollTables(CollectionOfOne(table)) { $0.scrolledColumns + steps }
    }

    /// Scrolls the page under the top of the viewport sideways by `columns` screen
    /// columns, to read a `pre` line or a table wider than the screen: left as far as
    /// the page's left edge, right as far as the widest row on screen goes; its tiles
    /// are built again.
    /// - Returns: whether it moved (`false` also when a table is under the top).
    @discardableResult
    public func scrollTopPageHorizontally(by columns: Int) -> Bool {
        guard let top = topPlace, let page = pages.first(where: { $0.id == top.component })?.page else { return false }
        var offset = max(0, page.horizontalOffset + columns)
        if columns > 0 {
            let widest = shownPlaces.lazy.compactMap { $0 }.filter { $0.component == top.component }.map { page.columns(ofRow: $0.row) }.max() ?? 0
            offset = min(offset, max(page.horizontalOffset, widest - options.width))
        }
        guard page.scrollHorizontally(to: offset) else { return false }
        layOut()
        return true
    }

    /// Whether the row at `place` goes on past the right edge of the viewport where
    /// its frame does not say so: a table whose columns go on beyond it, a page's row
    /// (a `pre` line, a wide table) wider than the viewport while the page is not
    /// scrolled sideways (scrolled, its frame marks its edges). Frames show rows cut
    /// at the width, as a dump has them; the viewer marks these edges over them.
    public func continuesPastRightEdge(_ place: Place) -> Bool {
        if let table = tables.first(where: { $0.id == place.component })?.table {
            return table.continuesPastRightEdge(width: options.width)
        }
        guard let page = pages.first(where: { $0.id == place.component })?.page, page.horizontalOffset == 0 else { return false }
        return page.columns(ofRow: place.row) > options.width
    }

    /// Screen columns a page is scrolled sideways (0 for other components): where the
    /// columns of its rows' text show on screen.
    public func horizontalOffset(ofPage id: ComponentID) -> Int {
        pages.first { $0.id == id }?.page.horizontalOffset ?? 0
    }

    /// Unfrozen columns the table under the top of the viewport has scrolled out.
    public var topTableScrolledColumns: Int {
        guard let top = topPlace, let table = tables.first(where: { $0.id == top.component }) else { return 0 }
        return table.table.scrolledColumns
    }

    /// Scrolls to the top of the next component (`forward`) or back to the top of this
    /// one, or of the one before when this one's top is showing.
    /// - Returns: whether the view moved.
    @discardableResult
    public func moveToComponent(forward: Bool) -> Bool {
        let ids = container.componentIDs.filter { !container.isHidden($0) }
        guard let top = topPlace, let index = ids.firstIndex(of: top.component) else { return false }
        let target: ComponentID
        if forward {
            guard index + 1 < ids.count else { return false }
            target = ids[index + 1]
        } else {
            target = top.row > 0 || index == 0 ? ids[index] : ids[index - 1]
        }
        let before = scrollOffset
        reveal(Place(component: target, row: 0))
        return scrollOffset != before
    }

    /// What a search found.
    public enum SearchResult: Hashable, Sendable {
        /// The row, and whether the search wrapped around the end to find it.
        case found(Place, wrapped: Bool)
        /// No row holds the query.
        case notFound
        /// The search was stopped before it found anything.
        case cancelled
    }

    /// The first row from `place` (excluded) on that holds `query`, going down the
    /// stack (`forward`) or up, wrapping around at the end; with no place, from the
    /// top (or the end). Lowercase queries match any case (smart case). Pages are
    /// laid out as far as the search goes.
    /// - Parameters:
    ///   - query: the text to find.
    ///   - place: where to start (the row after it, going down).
    ///   - forward: down the stack, or up.
    ///   - progress: told, as often as `isCancelled` is asked, how far the search has
    ///     gone (0 to 1, of the rows there were when it began), for a long search to
    ///     show it.
    ///   - isCancelled: asked every few thousand rows (a reader pressing Ctrl-C); the
    ///     search stops when it answers true.
    public func find(
        _ query: String, from place: Place?, forward: Bool, progress: (Double) -> Void = { _ in }, isCancelled: () -> Bool = { false }
    ) -> SearchResult {
        guard !query.isEmpty else { return .notFound }
        // A search goes through pages still being read or indexed as they come: an
        // interactive view's at the pace of the index's scan (its guesses are taken),
        // the parse held meanwhile so that the scan and the search have the cores, or
        // ahead of the scan, where the page reads ahead.
        let searched = pages.map(\.page)
        for page in searched {
            if page.readsAhead {
                page.indexHold = .parseAndScan
            } else {
                if page.indexPace == .ahead { page.indexPace = .guessed }
                page.indexHold = page.indexPace.takesGuesses ? .parse : .none
            }
        }
        defer { for page in searched { adopt(page) } }
        let search = StackSearch(
            stack: stack, width: options.width,
            growingTable: { id in self.tables.first { $0.id == id }.flatMap { $0.table.model.isIndexed ? nil : $0.table } },
            indexPart: { table, id in _ = self.indexPart(of: table, id: id) },
            locateEnd: { id in self.pages.first { $0.id == id }?.page.locateEnd() })
        return search.find(query, from: place, forward: forward, progress: progress, isCancelled: isCancelled)
    }

    /// The next link mark after `focus` (going down, or up when not `forward`); with
    /// no focus, the first one from the top of the viewport down (or from its bottom
    /// up). Tables come before pages, so a search from a table down starts at the
    /// first page.
    public func nextLink(after focus: LinkFocus?, forward: Bool) -> LinkFocus? {
        let shown = pages.filter { !container.isHidden($0.id) }
        var place: Place
        var column: Int
        if let focus {
            place = focus.place
            column = focus.columns.lowerBound
        } else {
            let offset = container.scrollOffset + (forward ? 0 : container.viewportExtent - 1)
            guard let found = container.component(atRootOffset: offset) ?? container.position.map({ ($0.component, $0.contentOffset) }) else {
                return nil
            }
            place = Place(component: found.0, row: Int(max(0, found.1)))
            column = forward ? -1 : Int.max
        }
        var pageIndex: Int
        if let index = shown.firstIndex(where: { $0.id == place.component }) {
            pageIndex = index
        } else {
            guard forward, let first = shown.first else { return nil }
            pageIndex = 0
            place = Place(component: first.id, row: 0)
            column = -1
        }
        var row = place.row
        while pageIndex >= 0, pageIndex < shown.count {
            let page = shown[pageIndex].page
            // Going up, every row is laid out already: the start is on screen, and the
            // pages above the screen are laid out to their end.
            row = min(row, page.rowCount - 1)
            // A page's row count grows as it is laid out: ask at every row.
            while row >= 0, row < page.rowCount {
                let place = Place(component: shown[pageIndex].id, row: row)
                let marks = page.linkMarks(inRow: row).map { LinkFocus(place: place, columns: $0.column..<($0.column + $0.width), number: $0.number) }
                    + pictureFocus(on: page, at: place)
                if let mark = forward
                    ? marks.filter({ $0.columns.lowerBound > column }).min(by: { $0.columns.lowerBound < $1.columns.lowerBound })
                    : marks.filter({ $0.columns.lowerBound < column }).max(by: { $0.columns.lowerBound < $1.columns.lowerBound }) {
                    return mark
                }
                row += forward ? 1 : -1
                column = forward ? -1 : Int.max
            }
            pageIndex += forward ? 1 : -1
            row = forward ? 0 : Int.max
        }
        return nil
    }

    /// The mark of link `number` (`[number]`) on the page the focus is on, or else
    /// on the page at the top of the viewport (or the first page below it), laying
    /// out only as far as the link; `nil` when that page has no such link.
    public func link(numbered number: Int, near focus: LinkFocus?) -> LinkFocus? {
        guard let stacked = page(near: focus) else { return nil }
        guard let row = stacked.page.row(ofLink: number),
              let mark = stacked.page.linkMarks(inRow: row).first(where: { $0.number == number })
        else { return nil }
        return LinkFocus(place: Place(component: stacked.id, row: row), columns: mark.column..<(mark.column + mark.width), number: number)
    }

    /// Scrolls the References list (the page's links, numbered) of the page the
    /// focus is on, or else of the page at the top of the viewport (or the first page
    /// below it), to the top; the page's end is found first.
    /// - Returns: whether that page has links.
    public func scrollToLinkList(near focus: LinkFocus?) -> Bool {
        guard let stacked = page(near: focus) else { return false }
        guard let row = stacked.page.referencesRow() else { return false }
        reveal(Place(component: stacked.id, row: row))
        return true
    }

    /// The page the focus is on, or else the page at the top of the viewport, or the
    /// first page below it.
    private func page(near focus: LinkFocus?) -> (id: ComponentID, page: any PageComponent)? {
        let shown = pages.filter { !container.isHidden($0.id) }
        let top = topPlace?.component
        return shown.first { $0.id == focus?.place.component } ?? shown.first { $0.id == top }
            ?? shown.first { page in (rootOffset(of: Place(component: page.id, row: 0)) ?? -1) >= Double(scrollOffset) }
    }

    /// The columns of the focused link on the rows of its page from its mark's row
    /// through row `last` (at most `linkRowsShown` rows): the mark and the link's
    /// text, which may go on over several rows.
    public func linkColumns(of focus: LinkFocus, throughRow last: Int) -> [Int: [Range<Int>]] {
        guard let page = pages.first(where: { $0.id == focus.place.component })?.page else { return [:] }
        guard !focus.isPicture else { return [focus.place.row: [focus.columns]] }
        var columns: [Int: [Range<Int>]] = [:]
        let texts = page.linkTexts(inRow: focus.place.row)
        columns[focus.place.row] = [focus.columns] + texts.filter { $0.number == focus.number }.map(\.columns)
        // The text goes on at the start of the rows below while no other link's
        // mark comes after it.
        var goesOn = page.linkMarks(inRow: focus.place.row).last?.number == focus.number
        var row = focus.place.row + 1
        while goesOn, row <= min(last, focus.place.row + Self.linkRowsShown) {
            let texts = page.linkTexts(inRow: row)
            let rest = texts.filter { $0.number == nil }.map(\.columns)
            guard !rest.isEmpty else { break }
            columns[row] = rest
            goesOn = texts.allSatisfy { $0.number == nil } && page.linkMarks(inRow: row).isEmpty
            row += 1
        }
        return columns
    }

    /// Rows below its mark a focused link's text is looked for on.
    static let linkRowsShown = 50

    /// The table record shown highest in the viewport (below its pinned header), whole:
    /// its title ("items.json, row 12 of 1000") and every column with its full value
    /// as lines of the view's width, nested values indented, laid out as they are
    /// asked for; `nil` when no table row shows.
    public func topRecord() -> (title: String, lines: RecordLines)? {
        shownPlaces.lazy.compactMap { $0.flatMap(self.record(at:)) }.first
    }

    /// The record a table shows at `place`, whole, as `topRecord` gives it; `nil` for
    /// a place that is not a table's record.
    public func record(at place: Place) -> (title: String, lines: RecordLines)? {
        guard let table = tables.first(where: { $0.id == place.component })?.table,
              let row = table.dataRow(atRow: place.row), let lines = table.recordLines(atRow: place.row, width: options.width)
        else { return nil }
        let estimate = row >= table.model.rowCount ? "~" : ""
        return ("\(input(of: place.component)?.fileName ?? ""), row \(estimate)\(row + 1) of \(table.model.isIndexed ? "" : "~")\(table.model.shownRowCount)", lines)
    }

    /// The record a table shows at `place` (from 0; the first for a row above them,
    /// its header or rule), how many records it has, and whether the number is an
    /// estimate (a record past those indexed: the last ones, read back from the end
    /// while the index goes on); `nil` for a place that is not a table's. A record of
    /// wrapped cells takes several rows: each is the record's.
    public func recordNumber(at place: Place) -> (record: Int, count: Int, isEstimated: Bool)? {
        guard let table = tables.first(where: { $0.id == place.component })?.table else { return nil }
        let count = table.model.shownRowCount
        let record = table.dataRow(atRow: place.row) ?? (place.row < table.rowsAboveRecords ? 0 : max(0, count - 1))
        return (record, count, record >= table.model.rowCount)
    }

    /// The rows of component `id` that show records (below a table's header and its
    /// rule); `nil` for a component that is not a table.
    public func recordRows(of id: ComponentID) -> Range<Int>? {
        guard let table = tables.first(where: { $0.id == id })?.table else { return nil }
        return table.rowsAboveRecords..<max(table.rowsAboveRecords, table.rowCount)
    }

    /// Where a focused link goes.
    public func target(of focus: LinkFocus) -> String? {
        guard let page = pages.first(where: { $0.id == focus.place.component })?.page else { return nil }
        return page.linkTarget(focus.number)
    }

    /// What each row of the viewport shows, top to bottom, as `frame()` draws it: a
    /// row of a component (a pinned header's where one is drawn over the content), or
    /// `nil` (a gap between components).
    public var shownPlaces: [Place?] {
        renderer.shownRows(of: stack).map { $0.map { Place(component: $0.component, row: $0.row) } }
    }

    /// The columns where `query` shows on the row at `place` (the search's rules),
    /// found in the component's own text where it has it (a page's lines), for
    /// marking matches on screen.
    public func matchColumns(of query: String, at place: Place) -> [Range<Int>] {
        guard !query.isEmpty, let source = stack.component(place.component) else { return [] }
        // A page finds them in its text: where the page is scrolled sideways, they
        // show further left.
        let shift = horizontalOffset(ofPage: place.component)
        return source.matchColumns(of: query, row: place.row, width: options.width).map { ($0.lowerBound - shift)..<($0.upperBound - shift) }
    }

    /// The root offset of a place.
    public func rootOffset(of place: Place) -> Double? {
        container.rootOffset(of: place.component, contentOffset: Double(place.row))
    }
}

/// An embedder's own components, stacked with the tables and pages.
extension DocScrollView {
    /// Puts `component` in the stack at `index` (0 is the top; the tables come first,
    /// then the pages, in the order given). A component that conforms to `StackComponent`
    /// is drawn; anchors, pinned headers and events work for it as for the built-in
    /// ones. A component whose content changes keeps the invalidator the container
    /// gives it (`ScrollComponent.attach`) and marks itself as needing layout: the
    /// next frame lays it out and draws its changed rows again.
    /// - Returns: its identity in the container.
    @discardableResult
    public func insert(_ component: any StackComponent, at index: Int) -> ComponentID {
        let id = stack.insert(component, at: min(max(0, index), container.componentIDs.count))
        layOut()
        // (Expanded builds every tile up front, the newcomer's too.)
        renderer.prepare(stack)
        return id
    }
}

extension DocScrollView {
    /// The focuses of the pictures whose boxes start on row `place` of `page` (each
    /// a picture shown: with `--images symbols`, of a known size).
    func pictureFocus(on page: any PageComponent, at place: Place) -> [LinkFocus] {
        guard page.pictures != nil else { return [] }
        return page.pictureRows(inRow: place.row).filter { $0.row == 0 }.map { picture in
            LinkFocus(place: place, columns: picture.column..<(picture.column + picture.box.columns), number: picture.link ?? 0, isPicture: true)
        }
    }

    /// The source of the focused picture, as the page names it.
    public func pictureSource(of focus: LinkFocus) -> String? {
        guard focus.isPicture, let page = pages.first(where: { $0.id == focus.place.component })?.page else { return nil }
        return page.pictureRows(inRow: focus.place.row).first { $0.column == focus.columns.lowerBound }?.source
    }

    /// Why the focused picture could not be drawn (a missing file, a broken one, one
    /// over the pixel limit), once it was tried; `nil` otherwise.
    public func pictureFailure(of focus: LinkFocus) -> String? {
        guard let source = pictureSource(of: focus), let page = pages.first(where: { $0.id == focus.place.component })?.page else {
            return nil
        }
        return page.pictures?.reader.failure(of: source)
    }

    /// The focused picture alone, as large as `width` by `height` cells allow, drawn
    /// now (a picture asked for is waited for); `nil` when it cannot be drawn.
    public func pictureFrame(of focus: LinkFocus, width: Int, height: Int) -> FrameBuffer? {
        guard focus.isPicture, let page = pages.first(where: { $0.id == focus.place.component })?.page,
            let pictures = page.pictures, let source = pictureSource(of: focus),
            let natural = pictures.reader.naturalSize(of: source), width > 0, height > 0
        else { return nil }
        // As large as the screen allows, larger than the picture if need be, its
        // aspect kept.
        let columns = Double(natural.width) / Double(pictures.cell.width)
        let rows = Double(natural.height) / Double(pictures.cell.height)
        let scale = min(Double(width) / columns, Double(height) / rows)
        let box = ImageBox(
            columns: max(1, min(width, Int((columns * scale).rounded()))), rows: max(1, min(height, Int((rows * scale).rounded()))))
        guard let art = pictures.reader.cellsNow(of: source, box: box) else { return nil }
        var frame = FrameBuffer(width: width, height: height)
        // Centred across the screen, from its top.
        let left = (width - art.columns) / 2
        for row in 0..<art.rows {
            for column in 0..<art.columns {
                frame[left + column, row] = art.cells[row * art.columns + column].shown
            }
        }
        return frame
    }
}
