import HTMLParsing

/// A page laid out at a width, one unit (`LayoutUnits`) after another, as far as asked.
///
/// Each unit is laid out by an engine of its own that knows only the unit, the number
/// of links before it and the ids waiting for a line; the page joins the units'
/// lines, putting one blank line between two units when either asked for a margin
/// there (margins collapse across units as they do within one), and ends with the
/// References list.
///
/// A fragment of a page (`HTMLParser.Cutting`) is laid out the same way, from the
/// number of links before it and without the References list (`PageStream`).
struct PageLayout {
    let document: HTMLDocument
    let units: LayoutUnits
    let width: Int
    /// Whether the layout ends with the References list (a whole page does).
    let endsWithReferences: Bool
    /// Where the page is, for the References list's targets (`nil`: shown as written).
    let address: PageAddress?
    /// How pictures are laid out (`nil`: as their alt text).
    let pictures: PictureLayout?
    /// Links before this layout's first unit (a fragment laid out on its own).
    let linkBase: Int
    /// For a chunk that starts inside open lists or quotes: where the layout before it
    /// stopped (its first unit goes on from there).
    let carryIn: DocumentLayoutEngine.Carry?
    /// Elements still open where a chunk ends; once the last unit is laid out, the
    /// state inside them is `carryOut`.
    let openAtEnd: Set<HTMLDocument.NodeIndex>
    /// Whether the chunk ends inside a paragraph's text (its last unit's last line is
    /// left to the next chunk: `DocumentLayoutEngine.endsInsideText`).
    let endsInsideText: Bool
    private(set) var carryOut: DocumentLayoutEngine.Carry?
    /// Lines laid out and not handed over by `takeLines`.
    private(set) var lines = LineStore()
    /// For each line in `lines`, the block element it came from (`-1` outside any).
    private(set) var lineBlocks: [HTMLDocument.NodeIndex] = []
    /// With `recordsBoxes`: for each line in `lines`, its open blocks, outermost
    /// first, and each table's grid (see `DocumentLayoutEngine.recordsBoxes`).
    let recordsBoxes: Bool
    /// Whether `lineBlocks` and the anchors are kept (see
    /// `DocumentLayoutEngine.keepsLineBlocksAndAnchors`).
    let keepsLineBlocksAndAnchors: Bool
    private(set) var linePaths: [[HTMLDocument.NodeIndex]] = []
    private(set) var tableBoxes: [HTMLDocument.NodeIndex: [String]] = [:]
    /// Element ids and the line they start on, in order (an id given twice is here
    /// twice, and its first line counts): kept as a list, as a dump needs none of them
    /// looked up.
    private(set) var anchorLines: [(id: String, line: Int)] = []
    /// Element ids and the line each starts on.
    var anchors: [String: Int] { Dictionary(anchorLines, uniquingKeysWith: { first, _ in first }) }
    /// The line element `id` starts on, if it is laid out.
    func line(forAnchor id: String) -> Int? {
        anchorLines.first { $0.id == id }?.line
    }

    /// Link targets of the units laid out; link n is `links[n - 1]`.
    private(set) var links = LinkTargets()
    private(set) var isFinished = false
    /// For each unit started: its first line (a blank line joining it to the unit
    /// above comes before) and the number of links before it. What a unit needs to
    /// be laid out again on its own. Kept for a whole page, not for one that comes
    /// in fragments (their units are dropped as they are laid out).
    private(set) var unitStarts: [(line: Int, linkBase: Int)] = []
    /// Lines handed over by `takeLines`.
    private var linesTaken = 0
    private var nextUnit = 0
    /// The engine of the unit being laid out (while `isUnitOpen`), or of the one laid
    /// out last, to lay out the next (`restart`); and where the unit's first line is
    /// in the page.
    private var current: DocumentLayoutEngine?
    private var isUnitOpen = false
    private var currentFirstLine = 0
    /// Whether `currentFirstLine` is where the unit's first line went (it has one).
    private var isFirstLineNoted = false
    /// The index of that unit (`nil` for the References list).
    private var currentUnit: Int?
    /// How the units so far ended (margins asked for, a blank last line), and ids
    /// that still wait for a line.
    private(set) var margins = MarginJoin()
    /// Ids that still wait for a line: at a fragment's end, they name the first line
    /// of the next.
    private(set) var pendingAnchors: [String] = []

    /// A layout of `document`: a whole page at `address`, or (without References,
    /// `linkBase` links before it) a fragment of one.
    init(
        _ document: HTMLDocument, units: LayoutUnits, width: Int, recordsBoxes: Bool = false, keepsLineBlocksAndAnchors: Bool = true,
        endsWithReferences: Bool = true,
        address: PageAddress? = nil, pictures: PictureLayout? = nil,
        linkBase: Int = 0, carryIn: DocumentLayoutEngine.Carry? = nil, openAtEnd: Set<HTMLDocument.NodeIndex> = [],
        endsInsideText: Bool = false
    ) {
        self.endsInsideText = endsInsideText
        self.document = document
        self.units = units
        self.width = max(1, width)
        self.recordsBoxes = recordsBoxes
        self.keepsLineBlocksAndAnchors = keepsLineBlocksAndAnchors
        self.endsWithReferences = endsWithReferences
        self.address = address
        self.pictures = pictures
        self.linkBase = linkBase
        self.carryIn = carryIn
        self.openAtEnd = openAtEnd
        // A chunk resumed inside a list or a paragraph follows lines laid out before it
        // (when the unit it goes on had any).
        if let carryIn, carryIn.hasLines { margins = MarginJoin(continuingAfterBlankLine: carryIn.lastLineBlank) }
    }

    /// Makes room in `lines` for the layout of the whole document, from its text: for
    /// a layout done at once (a fragment of a dump), not one kept and read a part at a
    /// time, whose room would count as held.
    mutating func reserveCapacityForAllLines() {
        let textBytes = document.textByteCount
        lines.reserveCapacity(bytes: textBytes + textBytes / 4, runs: document.textCount * 2, lines: textBytes / 40)
    }

    /// Lines laid out so far, those handed over included.
    var lineCount: Int { linesTaken + lines.count }

    /// The furthest node laid out; nodes are numbered in document order, so this says
    /// how much of the page is laid out.
    var furthestNode: HTMLDocument.NodeIndex {
        if isUnitOpen { return current!.furthestNode }
        if nextUnit < units.units.count { return units.units[nextUnit].first }
        return HTMLDocument.NodeIndex(document.nodes.count)
    }

    /// The elements still open at the end of a chunk's fragment (`openAtEnd`): the
    /// last element of each level, `count` levels down (the parse closed them at the
    /// chunk's end; the page closes them later).
    static func openElements(atEndOf fragment: HTMLDocument, count: Int) -> Set<HTMLDocument.NodeIndex> {
        var open: Set<HTMLDocument.NodeIndex> = []
        var node = fragment.root
        for _ in 0..<count {
            var last = HTMLDocument.none
            for child in fragment.children(of: node) where fragment[child].kind == .element { last = child }
            guard last != HTMLDocument.none else { break }
            open.insert(last)
            node = last
        }
        return open
    }

    /// Lays out until there are at least `lineCount` lines or the page is finished.
    mutating func advance(toLines target: Int) {
        while !isFinished, lineCount < target {
            if !isUnitOpen, !startNextUnit() {
                finish()
                return
            }
            let storeTarget = target - linesTaken
            layOutCurrent { $0.advance(toLines: storeTarget) }
            absorbCurrent()
        }
    }

    /// Hands over the lines laid out so far and forgets them, so that a layout written
    /// out as it goes holds only a chunk at a time. Line numbers (anchors) still
    /// count the lines handed over.
    mutating func takeLines() -> LineStore {
        defer {
            linesTaken += lines.count
            // Handed over, not copied: new arrays follow.
            lines = LineStore()
            lineBlocks = []
        }
        return lines
    }

    private mutating func startNextUnit() -> Bool {
        guard nextUnit < units.units.count else { return false }
        var unit = units.units[nextUnit]
        if !pendingAnchors.isEmpty {
            unit.anchors = pendingAnchors + unit.anchors
            pendingAnchors = []
        }
        if nextUnit == 0, let carryIn {
            current = .resumed(unit, of: document, width: width, linkBase: linkBase, carry: carryIn, openAtEnd: openAtEnd)
        } else {
            if current != nil {
                current!.restart(unit, linkBase: linkBase + links.count)
            } else {
                current = .unit(unit, of: document, width: width, linkBase: linkBase + links.count, recordsBoxes: recordsBoxes)
            }
            current?.openAtEnd = openAtEnd
        }
        current?.endsInsideText = endsInsideText && nextUnit == units.units.count - 1
        current?.keepsLineBlocksAndAnchors = keepsLineBlocksAndAnchors
        current?.pictures = pictures
        isUnitOpen = true
        currentFirstLine = lineCount
        isFirstLineNoted = false
        currentUnit = nil
        // Kept for a whole page only (see `unitStarts`).
        if endsWithReferences {
            currentUnit = unitStarts.count
            unitStarts.append((lineCount, links.count))
        }
        nextUnit += 1
        return true
    }

    /// Runs `body` on the current unit's engine with the page's lines attached, so
    /// that the lines it lays out go straight into them.
    /// (The engine is worked on in place: taken out of `current` and put back, it
    /// was copied twice a unit.)
    private mutating func layOutCurrent(_ body: (inout DocumentLayoutEngine) -> Void) {
        current!.attach(lines: &lines, blocks: &lineBlocks, paths: &linePaths, join: margins)
        body(&current!)
        margins = current!.detach(lines: &lines, blocks: &lineBlocks, paths: &linePaths)
    }

    /// Notes where the current unit's first line went, and takes its results once it
    /// is finished.
    private mutating func absorbCurrent() {
        if !isFirstLineNoted, let index = current!.firstLineIndex {
            currentFirstLine = linesTaken + index
            if let unit = currentUnit { unitStarts[unit].line = currentFirstLine }
            isFirstLineNoted = true
        }
        guard current!.isFinished else { return }
        // (Most units have no ids, links or tables: nothing to merge.)
        if !current!.anchors.isEmpty {
            for (id, line) in current!.anchors { anchorLines.append((id, currentFirstLine + line)) }
        }
        if !current!.links.isEmpty { links.append(contentsOf: current!.links) }
        if !current!.tableBoxes.isEmpty { tableBoxes.merge(current!.tableBoxes) { first, _ in first } }
        margins.partEnded(
            hadLines: current!.emittedLineCount > 0, endsWithBlankLine: current!.endsWithBlankLine, asksBelow: current!.isBlankPending)
        if !current!.pendingAnchors.isEmpty { pendingAnchors += current!.pendingAnchors }
        if !openAtEnd.isEmpty, nextUnit == units.units.count { carryOut = current!.carry() }
        isUnitOpen = false
    }

    /// Ends the page with its References list (a fragment just ends).
    private mutating func finish() {
        isFinished = true
        // (A block's margin below the last line asks for a blank line before what
        // follows: the next part's first line.)
        if units.endsWithSpace || document.endsWithSpace { margins.partEnded(hadLines: false, endsWithBlankLine: false, asksBelow: true) }
        guard endsWithReferences else { return }
        var references = DocumentLayoutEngine(document: document, width: width)
        references.recordsBoxes = recordsBoxes
        references.keepsLineBlocksAndAnchors = keepsLineBlocksAndAnchors
        references.pendingAnchors = pendingAnchors + units.trailingAnchors
        pendingAnchors = []
        current = references
        currentUnit = nil
        currentFirstLine = lineCount
        isFirstLineNoted = false
        let links = links
        let address = address
        layOutCurrent { engine in
            engine.appendReferences(links, address: address)
            engine.advance(toLines: .max)
        }
        absorbCurrent()
    }
}
