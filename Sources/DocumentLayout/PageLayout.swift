import HTMLParsing

/// A page laid out at a width, one unit (`LayoutUnits`) after another, as far as asked.
///
/// Each unit is laid out by an engine of its own that knows only the unit, the number
/// of links before it and the ids waiting for a line; the page joins the units'
/// lines, putting one blank line between two units when either asked for a margin
/// there (margins collapse across units as they do within one), and ends with the
/// References list.
///
/// A page can also come in fragments as it is parsed (`HTMLParser.Cutting`): each
/// fragment is laid out once the one before it is done, then dropped.
struct PageLayout {
    /// The page, or the fragment being laid out, and its units.
    private(set) var document: HTMLDocument
    private(set) var units: LayoutUnits
    let width: Int
    /// Fragments parsed and not laid out yet; whether more may come.
    private var queuedFragments: [HTMLDocument] = []
    private(set) var isInputComplete: Bool
    /// Lines laid out and not handed over by `takeLines`.
    private(set) var lines: [LayoutLine] = []
    /// For each line in `lines`, the block element it came from (`-1` outside any).
    private(set) var lineBlocks: [HTMLDocument.NodeIndex] = []
    /// With `recordsBoxes`: for each line in `lines`, its open blocks, outermost
    /// first, and each table's grid (see `DocumentLayoutEngine.recordsBoxes`).
    let recordsBoxes: Bool
    private(set) var linePaths: [[HTMLDocument.NodeIndex]] = []
    private(set) var tableBoxes: [HTMLDocument.NodeIndex: [String]] = [:]
    /// Element ids and the line they start on.
    private(set) var anchors: [String: Int] = [:]
    /// Link targets of the units laid out; link n is `links[n - 1]`.
    private(set) var links: [String] = []
    private(set) var isFinished = false
    /// For each unit started: its first line (a blank line joining it to the unit
    /// above comes before) and the number of links before it. What a unit needs to
    /// be laid out again on its own. Kept for a whole page, not for one that comes
    /// in fragments (their units are dropped as they are laid out).
    private let recordsUnitStarts: Bool
    private(set) var unitStarts: [(line: Int, linkBase: Int)] = []
    /// Lines handed over by `takeLines`.
    private var linesTaken = 0
    private var nextUnit = 0
    /// The unit being laid out, and where its first line is in the page.
    private var current: DocumentLayoutEngine?
    private var currentFirstLine = 0
    /// The index of that unit (`nil` for the References list).
    private var currentUnit: Int?
    /// How the units so far ended: a margin asked for, a blank last line, ids that
    /// still wait for a line.
    private var blankPending = false
    private var lastLineBlank = true
    private var pendingAnchors: [String] = []

    /// A layout of `document`, whole or (with `isInputComplete` false) the first
    /// fragment of a page still being parsed.
    init(_ document: HTMLDocument, units: LayoutUnits, width: Int, recordsBoxes: Bool = false, isInputComplete: Bool = true) {
        self.document = document
        self.units = units
        self.width = max(1, width)
        self.recordsBoxes = recordsBoxes
        self.isInputComplete = isInputComplete
        recordsUnitStarts = isInputComplete
    }

    /// Queues the next fragment of the page.
    mutating func append(_ fragment: HTMLDocument) {
        queuedFragments.append(fragment)
    }

    /// Notes that the page has no more fragments: it can be finished.
    mutating func endInput() {
        isInputComplete = true
    }

    /// Lines laid out so far, those handed over included.
    var lineCount: Int { linesTaken + lines.count }

    /// The furthest node laid out; nodes are numbered in document order, so this says
    /// how much of the page is laid out.
    var furthestNode: HTMLDocument.NodeIndex {
        if let current { return current.furthestNode }
        if nextUnit < units.units.count { return units.units[nextUnit].first }
        return HTMLDocument.NodeIndex(document.nodes.count)
    }

    /// Lays out until there are at least `lineCount` lines, or the page is finished,
    /// or every fragment given is laid out.
    mutating func advance(toLines target: Int) {
        while !isFinished, lineCount < target {
            if current == nil, !startNextUnit() {
                if isInputComplete { finish() }
                return
            }
            current!.advance(toLines: target - lineCount)
            absorbCurrent()
        }
    }

    /// Hands over the lines laid out so far and forgets them, so that a layout written
    /// out as it goes holds only a chunk at a time. Line numbers (anchors) still
    /// count the lines handed over.
    mutating func takeLines() -> [LayoutLine] {
        defer {
            linesTaken += lines.count
            lines.removeAll(keepingCapacity: true)
            lineBlocks.removeAll(keepingCapacity: true)
        }
        return lines
    }

    private mutating func startNextUnit() -> Bool {
        while nextUnit == units.units.count, !queuedFragments.isEmpty {
            pendingAnchors += units.trailingAnchors
            document = queuedFragments.removeFirst()
            units = LayoutUnits(document)
            nextUnit = 0
        }
        guard nextUnit < units.units.count else { return false }
        var unit = units.units[nextUnit]
        unit.anchors = pendingAnchors + unit.anchors
        pendingAnchors = []
        current = .unit(unit, of: document, width: width, linkBase: links.count)
        current!.recordsBoxes = recordsBoxes
        currentFirstLine = lineCount
        currentUnit = nil
        if recordsUnitStarts {
            currentUnit = unitStarts.count
            unitStarts.append((lineCount, links.count))
        }
        nextUnit += 1
        return true
    }

    /// Takes the current unit's new lines, and its results once it is finished.
    private mutating func absorbCurrent() {
        let isFirstBatch = current!.emittedLineCount == current!.lines.count
        let taken = current!.takeLines()
        if isFirstBatch, !taken.lines.isEmpty {
            if blankPending || current!.blankBeforeFirstLine, !lastLineBlank {
                lines.append(LayoutLine())
                lineBlocks.append(taken.blocks[0])
                if recordsBoxes { linePaths.append([]) }
            }
            currentFirstLine = lineCount
            if let unit = currentUnit { unitStarts[unit].line = lineCount }
        }
        lines += taken.lines
        lineBlocks += taken.blocks
        linePaths += taken.paths
        guard let unit = current, unit.isFinished else { return }
        for (id, line) in unit.anchors where anchors[id] == nil { anchors[id] = currentFirstLine + line }
        links += unit.links
        tableBoxes.merge(unit.tableBoxes) { first, _ in first }
        if unit.emittedLineCount > 0 {
            lastLineBlank = unit.endsWithBlankLine
            blankPending = unit.isBlankPending
        } else {
            blankPending = blankPending || unit.isBlankPending
        }
        pendingAnchors += unit.pendingAnchors
        current = nil
    }

    /// Ends the page with its References list.
    private mutating func finish() {
        var references = DocumentLayoutEngine(document: document, width: width)
        references.recordsBoxes = recordsBoxes
        references.pendingAnchors = pendingAnchors + units.trailingAnchors
        pendingAnchors = []
        references.appendReferences(links)
        references.advance(toLines: .max)
        current = references
        currentUnit = nil
        currentFirstLine = lineCount
        absorbCurrent()
        isFinished = true
    }
}
