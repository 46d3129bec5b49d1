import ComponentKit
public import RenderCore
public import ScrollCore
public import TileRenderer
public import DataTable
import DocumentLayout
import HTMLParsing
import SystemIO

/// Tables and pages stacked in one scroll: the facade that builds the container, its
/// components and the tile renderer from inputs, and draws frames.
///
/// Tables stack first, in the order given, then pages. One terminal row is one point.
public final class DocScrollView {
    /// How the view is built.
    public struct Options: Sendable {
        /// Viewport width in columns.
        public var width: Int
        /// Viewport height in rows.
        public var height: Int
        /// Windowed (lay out and build only what the viewport needs) or expanded
        /// (everything up front).
        public var mode: RenderMode
        /// Rows per tile.
        public var tileRows: Int
        /// Bytes of tiles a windowed view keeps beyond those its viewport needs.
        public var tileBudget: TileBudget
        /// Blank rows between two components.
        public var spacing: Int
        /// The pages' encoding, overriding what they declare; `nil` to detect it.
        public var encoding: String?
        /// How tables are read (where their records are, which columns to show).
        public var table: RecordIndex.Options
        /// Table columns that stay at the left while the others scroll sideways.
        public var frozenColumns: Int
        /// Whether table cells wrap inside their columns, rows taking several lines.
        public var wrapsTableCells: Bool
        /// Bytes of laid-out page lines a windowed view keeps beyond those its viewport
        /// uses (the chunks of a page far from the viewport are laid out again if
        /// needed).
        public var pageCacheBytes: Int
        /// Whether a table is indexed a part at a time: its first part when the view is
        /// made, the rest as `indexTables()` is called (an interactive loop calls it
        /// while no key waits), so that a table of any size shows at once, its rows
        /// growing; an error further in is a note (`takeNote`), the rows before it
        /// staying. For windowed views whose cells do not wrap, of records that can be
        /// indexed in parts (`RecordIndex`); others are indexed whole, as by default.
        public var indexesTablesInParts: Bool
        /// The tables from this one on (counted in the order given, from 0) shown as
        /// tabs, one at a time under a tab bar pinned with the table's header
        /// (`selectTab`); `nil` for none.
        public var tabsFrom: Int?
        /// How a page's pictures are shown.
        public var images: ImageMode
        /// How much of the pictures drawn a windowed view keeps, in bytes of their
        /// cells or in viewports of cells (at the size the view is made); those used
        /// least recently are dropped past it.
        public var imageBudget: TileBudget
        /// A cell's size in pixels (the terminal's, where it says), which sizes the
        /// boxes of pictures; `nil` for 10 by 20.
        public var cellPixelSize: (width: Int, height: Int)?
        /// Whether pages are read with their stylesheets (`<style>`, `<link
        /// rel=stylesheet>` to files on this machine): what they hide is hidden, as a
        /// browser hides it. Off, a page is its markup alone (`--no-css`).
        public var readsStyles = true
        /// A reader's own stylesheet (`--css`), its rules over the pages' own normal
        /// ones (under their important ones, as a user's sheet is in CSS).
        public var userStyleSheet: [UInt8]?
        /// The screen the pages' `@media` queries are asked about (`--css-screen`,
        /// `--color-scheme`).
        public var styleScreen = StyleScreen()
        /// Bytes of a windowed page between its checkpoints at least (small values to
        /// test many chunks on small pages).
        package var pageChunkBytes = PageIndex.chunkBytes
        /// Whether a compressed table indexed in parts shows its rows as they arrive
        /// (`ArrivingTable`); else it is read whole first, as a frame reads it.
        package var showsTablesArriving = true

        /// Options for an 80x24 windowed view unless told otherwise.
        public init(
            width: Int = 80, height: Int = 24, mode: RenderMode = .windowed, tileRows: Int = TileRenderer.defaultTileRows,
            tileBudget: TileBudget = .standard, spacing: Int = 1, encoding: String? = nil,
            table: RecordIndex.Options = RecordIndex.Options(), frozenColumns: Int = 1, wrapsTableCells: Bool = false,
            pageCacheBytes: Int = 4 << 20, indexesTablesInParts: Bool = false, tabsFrom: Int? = nil, images: ImageMode = .none,
            imageBudget: TileBudget = .standard
        ) {
            self.width = width
            self.height = height
            self.mode = mode
            self.tileRows = tileRows
            self.tileBudget = tileBudget
            self.spacing = spacing
            self.encoding = encoding
            self.table = table
            self.frozenColumns = frozenColumns
            self.wrapsTableCells = wrapsTableCells
            self.pageCacheBytes = pageCacheBytes
            self.indexesTablesInParts = indexesTablesInParts
            self.tabsFrom = tabsFrom
            self.images = images
            self.imageBudget = imageBudget
        }
    }

    /// The components stacked, with the container core that places them.
    package let stack: ComponentStack
    /// The container core that places the tables and pages (the stack's).
    package var container: ScrollContainer { stack.container }
    /// The tile renderer that draws frames, and counts what it builds.
    package let renderer: TileRenderer
    /// The options in force (width and height follow `resize`).
    public private(set) var options: Options
    /// The threads a windowed page's index is built on.
    private let threads: any LayoutThreads
    /// How inputs are read into components, with the options in force.
    var reading: InputReading { InputReading(options: options, threads: threads) }
    /// The inputs in the stack, in its order (the tables, then the pages): each one's
    /// name, its component and the component's identity in the container.
    var stackedInputs: [StackedInput] = [] {
        // Pages put in place of others (a link followed, a reload, a place gone back
        // to) are new to `pagesProgressed`: the next call tells how they stand.
        didSet { lastProgress = [] }
    }

    struct StackedInput {
        let id: ComponentID
        let name: String
        /// A table, tables as tabs, a page, or a page only written out (`StreamedPage`):
        /// what it can do is asked of it (`ShowsTables`, `PageComponent`), never
        /// what it is.
        let component: any StackComponent
        /// Where a page read from a file is: its links to files are resolved against
        /// it (`nil` for a table, and for a page from standard input or memory).
        var address: PageAddress? = nil
        /// Which file a page shows, so that a link to it scrolls to it rather than
        /// opening it again.
        var file: FileSystem.FileIdentity? = nil
        /// The path a page was read from, as given, to read it again (`reload`); `nil`
        /// for a page from standard input or memory, and for a table.
        var path: String? = nil

        /// The tables it shows, if it shows any.
        var showsTables: (any ShowsTables)? { component as? any ShowsTables }
        /// The page it shows, if it is one shown (not only written out).
        var page: (any PageComponent)? { component as? any PageComponent }
    }

    /// The tables shown, each with its identity in the container, in stack order (of
    /// tabs, the tab shown).
    var tables: [(id: ComponentID, table: TableComponent)] {
        stackedInputs.compactMap { stacked in stacked.showsTables.map { (stacked.id, $0.shown) } }
    }

    /// Every table, each with the identity in the container of the component that
    /// shows it (of tabs, every tab: they are indexed, planned and measured alike).
    var everyTable: [(id: ComponentID, table: TableComponent)] {
        stackedInputs.flatMap { stacked in (stacked.showsTables?.tables ?? []).map { (id: stacked.id, table: $0) } }
    }

    /// The pages, each with its identity in the container, in stack order.
    var pages: [(id: ComponentID, page: any PageComponent)] {
        stackedInputs.compactMap { stacked in stacked.page.map { (stacked.id, $0) } }
    }

    /// Whether frames leave the work for what is below the viewport (laying out and
    /// building the tiles a reader is likely to scroll to next) to `prefetch()`: an
    /// interactive loop does it while waiting for keys, so a key is answered with only
    /// the work its own screen needs.
    public var defersPrefetch = false {
        didSet { renderer.prefetchesDuringFrame = !defersPrefetch }
    }

    /// Whether frames wait for pages still being read or indexed to reach the rows they
    /// show (the default); else those rows show blank until the page gets there, and
    /// `pagesProgressed()` says when to draw again: an interactive viewer keeps
    /// answering keys meanwhile.
    public var waitsForPages = true {
        didSet { for (_, page) in pages { adopt(page) } }
    }

    /// Whether frames of a windowed view show pictures as they arrive from another
    /// thread (their boxes holding their alt text till then), rather than wait for
    /// them: an interactive viewer sets it, so that no key waits on a picture. Frames
    /// and dumps wait (what they show does not depend on timing); expanded always
    /// decodes every picture up front.
    public var picturesArriveLater = false {
        didSet { for (_, page) in pages { adopt(page) } }
    }

    /// Whether pages show their pictures (`--images symbols`) or, in the same boxes,
    /// their alt text: toggled, nothing moves.
    public var showsPictures: Bool {
        get { pages.allSatisfy(\.page.showsPictures) }
        set {
            for (_, page) in pages { page.showsPictures = newValue }
            layOut()
        }
    }

    /// Whether the view has pictures to show (pages read with `--images symbols`).
    public var hasPictures: Bool { pages.contains { $0.page.pictures != nil } }

    /// Whether the pages' parses are held while their scans locate their ends (in a
    /// view that does not wait for pages): a viewer waiting to jump to the end sets
    /// it, so that the scans have the cores.
    public var locatesEndsFirst = false {
        didSet { for (_, page) in pages { adopt(page) } }
    }

    /// Sets a page to wait for its index as the view does; a view that does not wait
    /// (an interactive one) takes the index's guesses, before they are checked.
    func adopt(_ page: any PageComponent) {
        page.indexPace = waitsForPages ? .checked : .ahead
        page.indexHold = locatesEndsFirst && !waitsForPages ? .parse : .none
        page.pictures?.reader.decodesInBackground = picturesArriveLater && options.mode == .windowed
    }

    /// What `pagesProgressed` saw at its last call.
    var lastProgress: [Int] = []

    /// What went wrong further in a table indexed in parts, or in a file followed,
    /// or a page from standard input that stopped being read at its spool's capacity,
    /// not yet shown.
    var notes: [String] = []

    /// The inputs still arriving while they are shown: compressed tables, pages on a
    /// pipe.
    let arrivals = Arrivals()

    /// The pages only written out (`dumpStreaming`): one that cannot be parsed ends
    /// the dump (`writeText`).
    var streamedPages: [StreamedPage] = []
    /// The pages streamed for one frame (`singleFrame`): one that cannot be parsed
    /// fails the frame.
    var framedPages: [FramedPage] = []

    /// The tables read from files mapped, which `followFiles()` follows as they grow.
    let follower = FileFollower()

    /// Lays out and builds what the next frames are likely to need, ahead of them.
    public func prefetch() {
        layOut(ahead: true)
        renderer.prefetch(stack)
    }

    /// When building the view began, and how long until its first frame was drawn.
    private let creation = ContinuousClock.now
    private var firstFrameDuration: Duration?

    /// Reads every input and stacks the results.
    /// - Throws: `DocScrollError.badInput` naming the first input that could not be used.
    public convenience init(pages pageInputs: [InputFile], tables tableInputs: [InputFile], options: Options) throws(DocScrollError) {
        try self.init(pages: pageInputs, tables: tableInputs, options: options, pagesMade: .toBeShown)
    }

    /// How a view's pages are made: for what the view is for.
    package enum PagesMade {
        /// Windowed (`WindowedPage`) or expanded (`WholePage`), as the options say.
        case toBeShown
        /// Only written out: each page checked and kept as its source, to be parsed
        /// and laid out as it is written (`StreamedPage`).
        case toBeWritten
        /// For one frame: each page checked and kept as its source, to be streamed
        /// down to the frame's rows (`FramedPage`).
        case forOneFrame
    }

    /// With `threads`, the threads windowed pages' indexes are built on (the system's
    /// unless a test gives its own).
    package init(
        pages pageInputs: [InputFile], tables tableInputs: [InputFile], options: Options, pagesMade: PagesMade = .toBeShown,
        threads: any LayoutThreads = SystemThreads(yielding: true)
    ) throws(DocScrollError) {
        self.options = options
        self.threads = threads
        stack = ComponentStack(container: ScrollContainer(
            viewportExtent: Double(max(1, options.height)), spacing: Double(max(0, options.spacing)), crossAxisExtent: Double(options.width)))
        renderer = TileRenderer(mode: options.mode, width: options.width, tileRows: options.tileRows, budget: options.tileBudget)
        var tabs: [(table: TableComponent, name: String)] = []
        for (index, input) in tableInputs.enumerated() {
            let model = try reading.tableModel(input)
            let table = TableComponent(
                model: model, width: options.width, frozenColumns: options.frozenColumns, keepsEveryRowView: options.mode == .expanded,
                wrapsCells: options.wrapsTableCells)
            // Expanded measures every wrapped row up front; windowed only those shown.
            if options.mode == .expanded { table.measureAllRows() }
            if let spool = input.tableSpool, reading.showsArriving(input) {
                arrivals.add(ArrivingTable(name: input.name, spool: spool, table: table, options: reading.recordOptions(input)))
            }
            if let path = input.path, let file = input.mapping {
                follower.add(name: input.name, path: path, file: file, table: table)
                if model.rowCount == 0, model.canFollow { notes.append("\(input.name): no rows yet (F shows them as they are written)") }
            }
            if let first = options.tabsFrom, index >= first {
                tabs.append((table, input.name))
            } else {
                stackedInputs.append(StackedInput(id: stack.append(table), name: input.name, component: table))
            }
        }
        if !tabs.isEmpty {
            // Each tab named by its file's name, without its folders.
            let names = tabs.map { Self.fileName($0.name) }
            let component = TableTabs(tables: tabs.map(\.table), names: names, minimumExtent: container.viewportExtent)
            stackedInputs.append(StackedInput(id: stack.append(component), name: tabs[0].name, component: component))
        }
        for given in pageInputs {
            let input = reading.followingRedirects(given)
            switch pagesMade {
            case .toBeShown:
                let page = try reading.page(input)
                stackedInputs.append(Self.stackedPage(id: stack.append(page), page, input: input))
            case .toBeWritten:
                let utf8 = try reading.styledSource(input)
                let page = StreamedPage(name: input.name, source: utf8.source, start: utf8.start, address: input.address)
                streamedPages.append(page)
                stackedInputs.append(StackedInput(id: stack.append(page), name: input.name, component: page))
            case .forOneFrame:
                let utf8 = try reading.styledSource(input)
                let page = FramedPage(
                    name: input.name, source: utf8.source, start: utf8.start, address: input.address,
                    pictures: options.pictureLayout(address: input.address), width: options.width)
                framedPages.append(page)
                stackedInputs.append(StackedInput(id: stack.append(page), name: input.name, component: page))
            }
            if let spool = input.pageSource as? SpooledInput { arrivals.addPage(named: input.name, spool: spool) }
        }
        renderer.prepare(stack)
    }

    deinit {
        for (_, page) in pages { page.stopIndexing() }
    }

    /// The stacked input of a page shown from `input`.
    static func stackedPage(id: ComponentID, _ page: any PageComponent, input: InputFile) -> StackedInput {
        StackedInput(
            id: id, name: input.name, component: page, address: input.address, file: input.path.flatMap(FileSystem.identity),
            path: input.path)
    }

    /// Whether pages can be read in encoding `name` (for `--encoding`).
    public static func isSupportedEncoding(_ name: String) -> Bool {
        PageEncoding.isSupported(name)
    }

    /// Whether every component's extent is exact: every page laid out, every wrapped
    /// table row measured (else the stack's end is an estimate).
    public var isLaidOut: Bool { !stackedInputs.contains { $0.component.isExtentEstimated } }

    /// The root offset, in rows.
    public var scrollOffset: Int { Int(container.scrollOffset) }

    /// The largest root offset, in rows.
    public var maxScrollOffset: Int { Int(container.maxScrollOffset) }

    /// Rows of the whole stack (what `dump` prints).
    public var stackRows: Int { Int(container.stackExtent) }

    /// The components in stack order: the tables, then the pages, with any inserted
    /// among them (`insert(_:at:)`).
    public var componentIDs: [ComponentID] { container.componentIDs }

    /// Where a scrollbar `length` cells long shows the viewport over the stack: the
    /// thumb, a tick where each component starts, whether extents are estimates.
    public func scrollIndicator(length: Int) -> ScrollIndicator {
        ScrollIndicator(container, length: length)
    }

    /// Scrolls so that the thumb of a scrollbar `length` cells long is centred on
    /// cell `cell` (a click or a drag on the track).
    public func scroll(toIndicatorCell cell: Int, length: Int) {
        let offset = scrollIndicator(length: length).offset(at: cell, viewport: container.viewportExtent, content: container.contentExtent)
        scroll(to: Int(offset))
    }

    /// The title of the first page that has one, else an empty string.
    public var title: String {
        pages.lazy.map(\.page.title).first { !$0.isEmpty } ?? ""
    }

    /// Scrolls to root offset `offset` (clamped) and draws the viewport. Unless
    /// interactive (`waitsForPages` off: a key never waits on an index), tables indexed
    /// in parts are indexed down to the viewport's last row first: the rows it shows
    /// are numbered as in a dump.
    public func frame(at offset: Int) -> FrameBuffer {
        hold(offset)
        return drawFrame()
    }

    /// Scrolls to root offset `offset` (clamped) as a dump numbers it: every row above
    /// laid out, and tables indexed in parts indexed down to the viewport's last row
    /// unless interactive.
    func hold(_ offset: Int) {
        if waitsForPages { indexTables(throughRow: offset + Int(container.viewportExtent)) }
        container.scroll(to: Double(offset))
        layOut(holding: Double(offset))
    }

    /// The viewport at the current root offset.
    public func frame() -> FrameBuffer {
        layOut()
        return drawFrame()
    }

    /// Draws the viewport (the renderer tells the tables which row views to keep).
    private func drawFrame() -> FrameBuffer {
        notePicturesShown()
        let frame = renderer.frame(of: stack)
        if firstFrameDuration == nil { firstFrameDuration = ContinuousClock.now - creation }
        return frame
    }

    /// Runs the container's one layout pass (`ScrollContainer.layOutComponents`): the
    /// components the viewport meets lay out what they show, plus what the renderer
    /// may prefetch around them (so no tile is built from rows not laid out yet); the
    /// components that changed on their own since (rows indexed, a file followed,
    /// columns scrolled, the width changed) answer their new extents; the renderer
    /// drops the tiles of the rows that changed (expanded: builds them again).
    /// - Parameters:
    ///   - reach: how far beyond the viewport components are made exact.
    ///   - offset: the root offset to hold (a `--frame` request): everything above it
    ///     is laid out, so that the offset means what it means in a dump; `nil` keeps
    ///     the content at the top where it is (the container's anchor rule).
    ///   - ahead: whether to go as far as the prefetch may draw from (else to the end
    ///     of the last tile the viewport needs); by default, unless prefetch is
    ///     deferred.
    func layOut(_ reach: LayoutReach = .visible, holding offset: Double? = nil, ahead: Bool? = nil) {
        let prefetchRows = (ahead ?? !defersPrefetch) ? renderer.rowsAhead(viewportExtent: container.viewportExtent) : 0
        let cacheExtent = Double(renderer.tileRows + prefetchRows)
        let changes = container.layOutComponents(cacheExtent: cacheExtent, reach: reach, holding: offset)
        for change in changes {
            renderer.invalidate(change.component, rows: Int(min(Double(Int.max / 2), change.from))..<Int.max)
        }
        if !changes.isEmpty { renderer.prepare(stack) }
    }

    /// Takes a navigation step of the container (rows, pages keeping a line of
    /// context, half pages, the ends).
    @discardableResult
    public func navigate(_ step: ScrollStep) -> [ScrollEvent] {
        guard step == .stackBottom else { return container.navigate(step) }
        // The end of the stack is known once every page's end is; the rows laid out
        // at the bottom may then move it, so go there again until it stays.
        locateEnds()
        var events = container.navigate(step)
        for _ in 0..<8 {
            layOut()
            guard container.scrollOffset < container.maxScrollOffset else { break }
            events += container.navigate(step)
        }
        return events
    }

    /// Finds where every page ends, indexes the tables indexed in parts to their ends
    /// (interactive, those whose last records are not read back from their end) and
    /// measures every wrapped table row, so that the stack's end is known (the rows of
    /// a windowed page above it may be estimates).
    package func locateEnds() {
        // (Interactive, a table's last records read back are its end.)
        indexAllTables(keepingTails: !waitsForPages)
        layOut(.end)
    }

    /// Unfrozen columns the tables have scrolled out at the left (the most of any).
    public var scrolledColumns: Int { tables.map(\.table.scrolledColumns).max() ?? 0 }

    /// Scrolls every table so that `columns` of its unfrozen columns are out at the
    /// left (each table stops where every column left shows whole); their tiles are
    /// built again.
    /// - Returns: whether any table moved.
    @discardableResult
    public func scrollColumns(to columns: Int) -> Bool {
        scrollTables(everyTable) { _ in columns }
    }

    /// Scrolls `tables` sideways to the columns `columns` gives for each; the tiles of
    /// those that moved are built again (expanded: at once).
    /// - Returns: whether any moved.
    func scrollTables(_ tables: some Sequence<(id: ComponentID, table: TableComponent)>, to columns: (TableComponent) -> Int) -> Bool {
        var moved = false
        for (_, table) in tables where table.scrollColumns(to: columns(table)) { moved = true }
        if moved { layOut() }
        return moved
    }

    /// Scrolls to root offset `offset` (clamped).
    public func scroll(to offset: Int) {
        container.scroll(to: Double(offset))
    }

    /// Scrolls so that the element with id `elementID` (as a link's `#` part: with or
    /// without its `#`) is at the top, below any pinned header; page `preferred` is
    /// searched first, then the pages in order. An id that names no element as it is
    /// may name one percent-decoded (`#%E4%B8%AD` for `id="中"`), as browsers find it.
    /// - Returns: whether a page has such an element.
    @discardableResult
    public func scroll(toElementID elementID: String, preferring preferred: ComponentID? = nil) -> Bool {
        let id = elementID.hasPrefix("#") ? String(elementID.dropFirst()) : elementID
        if scroll(toID: id, preferring: preferred) { return true }
        guard let decoded = String(validating: LinkDestination.percentDecoded(Array(id.utf8)[...]), as: UTF8.self), decoded != id else {
            return false
        }
        return scroll(toID: decoded, preferring: preferred)
    }

    /// `scroll(toElementID:preferring:)` for an id as it is.
    private func scroll(toID id: String, preferring preferred: ComponentID?) -> Bool {
        let pages = pages.filter { $0.id == preferred } + pages.filter { $0.id != preferred }
        for (componentID, page) in pages {
            // Searching lays out as far as the id (a windowed page only the chunk that
            // holds it), so the jump lands on exact rows.
            guard let line = page.line(forAnchor: id) else { continue }
            reveal(Place(component: componentID, row: line))
            return true
        }
        return false
    }

    /// Lays everything out again for a new viewport size (the content at the top
    /// stays; a page finds the line that shows the same text at a new width). The
    /// root offset is clamped.
    public func resize(width: Int, height: Int) {
        options.height = max(1, height)
        if max(1, width) != options.width {
            options.width = max(1, width)
            renderer.reset(width: options.width)
        }
        container.crossAxisExtent = Double(options.width)
        container.viewportExtent = Double(options.height)
        layOut()
    }

    /// What has been built and held so far.
    public var statistics: Statistics {
        // What each component of the stack counts, summed (an embedder's own too).
        let figures = stack.components.compactMap { $0.component as? ReportsFigures }
            .reduce(ComponentFigures()) { $0 + $1.figures }
        return Statistics(
            mode: renderer.mode,
            tiles: renderer.statistics,
            rowsMaterialized: figures.rowsMaterialized,
            rowsDecoded: figures.rowsDecoded,
            rowsLost: figures.rowsLost,
            rowViewsCreated: figures.rowViewsCreated,
            rowViewsReused: figures.rowViewsReused,
            documentNodes: figures.documentNodes,
            documentBytes: figures.documentBytes,
            layoutUnits: figures.layoutUnits,
            layoutUnitsLaidOut: figures.layoutUnitsLaidOut,
            layoutLines: figures.layoutLines,
            layoutBytes: figures.layoutBytes,
            peakRSSBytes: ProcessMemory.peakResidentBytes(),
            liveHeapBytes: ProcessMemory.heapInUseBytes(),
            tileBudgetBytes: renderer.mode == .windowed ? renderer.budgetBytes(viewportExtent: container.viewportExtent) : 0,
            pictures: (pages.compactMap { $0.page.pictures?.reader.figures } + framedPages.compactMap { $0.pictures?.reader.figures })
                .reduce(PictureStatistics()) { $0 + PictureStatistics($1) },
            firstFrameSeconds: firstFrameDuration?.seconds)
    }
}
