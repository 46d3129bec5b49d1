import HTMLParsing
import RenderCore

/// Lays out part of an `HTMLDocument` (a unit of `LayoutUnits`, or a table cell) into
/// lines at a width: block flow with prefixes for list markers and quotes, vertical
/// margins collapsed to at most one blank line.
///
/// The walk over the document uses an explicit stack, so nesting depth is bounded by
/// memory, not by the call stack. Indentation stops growing at half the width, so
/// deeply nested content stays readable.
///
/// One long file (its tables apart, `DocumentLayoutEngine+Tables`), as one walk: the
/// elements entered and left and the lines they fill share the walk's stack, margins
/// and prefixes, and read best in the order the walk takes them.
struct DocumentLayoutEngine {
    let document: HTMLDocument
    private(set) var width: Int
    var lines = LineStore()
    /// Lines wrapped and not yet emitted (with prefixes, into `lines`), and the break
    /// opportunities of the paragraph being wrapped: kept to reuse their buffers from
    /// paragraph to paragraph. (Optional, so that they are taken out while in use,
    /// and put back, without an empty one made in their place.)
    private var staged: LineStore? = LineStore()
    private var breakScan: LineBreaks.Scan? = LineBreaks.Scan()
    /// For each line, the block element it came from (`-1` outside any block).
    var lineBlocks: [HTMLDocument.NodeIndex] = []
    private var blocks: BlockStack
    /// `ElementRole.byTag`, read for every element entered and left.
    private let roles = ElementRole.byTag
    var styles: [Style] = [.plain]
    private var inline = InlineRuns()
    /// The engine that lays out this part's table cells, one after another
    /// (`restart`), kept here when there is one (an array: a value cannot hold
    /// another of its type).
    var cellEngine: [DocumentLayoutEngine] = []
    private var preDepth = 0
    /// Block depth of the outermost block that asked for a blank line not yet
    /// emitted: margins of nested blocks collapse into it, so the blank line carries
    /// only the prefixes of the blocks around that one (CSS 2.2 §8.3.1).
    private var pendingBlankDepth: Int?
    private var lastLineBlank = true
    /// Open `<nobr>` elements: spaces inside do not break.
    private var noWrapDepth = 0
    /// Whether text collected since the last flush keeps its spaces by its element's
    /// look (`white-space: pre`): its lines are then laid out as `pre` content.
    private var keepsSpacesInline = false
    /// The numbered links open around the walk, innermost last: a picture inside one
    /// follows it when chosen.
    private var openLinks: [(node: HTMLDocument.NodeIndex, number: Int)] = []
    /// Links before this part of the page: the first link here is number
    /// `linkBase + 1`.
    private(set) var linkBase: Int
    /// Link targets of this part in order of appearance; link n is
    /// `links[n - linkBase - 1]`.
    var links = LinkTargets()
    /// Element ids and the line they start on, counted from this part's first line, in
    /// order (an id given twice is here twice: the page keeps the first).
    var anchors: [(id: String, line: Int)] = []
    /// Ids seen whose first line is not laid out yet.
    var pendingAnchors: [String] = []
    /// Lines laid out so far (in a page's lines: this unit's alone).
    private(set) var emittedLineCount = 0
    /// Lines wrapped straight into `lines` (as a `LineSink`) so far.
    private var wrappedLineCount = 0
    /// For a unit of a page, while `lines` are the page's (`attach`): how its first
    /// line joins the lines above it (a blank line between when either asked for a
    /// margin there), and where in `lines` that first line went.
    private var join: MarginJoin?
    private(set) var firstLineIndex: Int?
    /// Whether a blank line is asked for below the last line.
    var isBlankPending: Bool { pendingBlankDepth != nil }
    /// Whether the last line laid out shows nothing.
    var endsWithBlankLine: Bool { lastLineBlank }
    /// How many tables enclose this layout (cells are laid out by an engine of their
    /// own, `cellEngine`).
    private(set) var tableDepth: Int
    /// The walk's next step: entering `walkNode`, or (`walkLeaves`) leaving it, its
    /// content done; `none` once the walk is over. A layout can stop after enough lines
    /// and go on later from here. Nodes link to their parent, first child and next
    /// sibling, so the walk keeps no stack: after a node comes its next sibling, or
    /// after the last one, the end of its parent.
    private var walkNode = HTMLDocument.none
    private var walkLeaves = false
    /// Where the walk ends: after `walkLast` (`none`: after the last child of
    /// `walkParent`), never leaving `walkParent`.
    private var walkLast = HTMLDocument.none
    private var walkParent = HTMLDocument.none
    /// The furthest node reached; nodes are numbered in document order, so this says
    /// how much of the page is laid out.
    private(set) var furthestNode: HTMLDocument.NodeIndex = 0
    /// When set, each line's open blocks (`linePaths`) and each table's grid
    /// (`tableBoxes`) are recorded: the box tree, for dumps.
    var recordsBoxes = false
    /// Whether each line's block (`lineBlocks`: a viewer's page finds its rows again by
    /// them) and the ids that name lines (`anchors`) are kept: a dump's fragment reads
    /// neither. Without them (and the box tree), containers that add nothing to a line
    /// (`LayoutUnits.isTransparent`) are passed through, their edges ending the line,
    /// not put on the block stack: a fragment walked whole as one unit holds nothing
    /// for them, however deep they nest, as units do.
    var keepsLineBlocksAndAnchors = true
    /// With it, pictures big enough to be seen take boxes of their size (in table
    /// cells too, shrunk to the cell's width); without, an image is its alt text.
    var pictures: PictureLayout?
    private var passesThroughContainers: Bool { !keepsLineBlocksAndAnchors && !recordsBoxes }
    private(set) var linePaths: [[HTMLDocument.NodeIndex]] = []
    var tableBoxes: [HTMLDocument.NodeIndex: [String]] = [:]
    /// Whether the unit laid out lines in chunks before this one (`Carry.hasLines`).
    private var linesBefore = false
    /// Columns of the widest line prefix so far, counted before prefixes are clipped
    /// at half the width (where clipping starts, a layout depends on the width).
    private(set) var widestPrefix = 0
    /// With it, the paragraphs wrapped and the lines laid out otherwise are noted,
    /// to lay the same content out again at another width (a table cell measured).
    private var rewrap: TableCellRewrap?
    /// Buffers for laying out tables, kept from table to table (taken out while a
    /// table is laid out, as `staged` is).
    var tableScratch: TableScratch? = TableScratch()
    /// Whether every node of this part is laid out.
    private(set) var isFinished = false
    /// Elements still open where this part ends (the page goes on inside them in the
    /// next chunk): they are not closed here, so that the engine ends in the state the
    /// next chunk starts from (`carry`).
    var openAtEnd: Set<HTMLDocument.NodeIndex> = []
    /// Whether this part ends inside a paragraph's text, which the next chunk goes on
    /// with: the paragraph's last, unfinished line is not laid out here but carried
    /// (`Carry.unfinishedLine`).
    var endsInsideText = false

    /// Tables nested deeper than this are laid out as plain rows: nesting depth never
    /// turns into call depth, and since each level lays its cells out twice (to
    /// measure, then at their widths), the work stays within 2^4 of a flat table.
    static let maximumTableDepth = 4

    init(document: HTMLDocument, width: Int, linkBase: Int = 0, tableDepth: Int = 0) {
        self.document = document
        self.width = max(1, width)
        self.linkBase = linkBase
        self.tableDepth = tableDepth
        self.blocks = BlockStack(prefixLimit: self.width / 2)
    }

    /// An engine ready to lay out one unit of a page, a part at a time (`advance`):
    /// inside the containers that hold it, as if the page before it were laid out.
    static func unit(
        _ unit: LayoutUnits.Unit, of document: HTMLDocument, width: Int, linkBase: Int, recordsBoxes: Bool = false
    ) -> DocumentLayoutEngine {
        var engine = DocumentLayoutEngine(document: document, width: width, linkBase: linkBase)
        engine.recordsBoxes = recordsBoxes
        engine.begin(unit)
        return engine
    }

    /// Makes this engine, done with its unit, ready for `unit` of the same document:
    /// every field as `unit(_:of:...)` sets it, the buffers kept (`openAtEnd` and
    /// `endsInsideText` are set as for a new engine). A page lays out unit after unit
    /// with one engine, so that a unit, often a paragraph of a line or two, costs no
    /// engine to build and destroy.
    mutating func restart(_ unit: LayoutUnits.Unit, linkBase: Int) {
        precondition(tableDepth == 0, "a table cell's engine is restarted for cells")
        reset(width: width, linkBase: linkBase, tableDepth: 0)
        begin(unit)
    }

    /// Every field as `init` sets it, for the same document, the buffers kept.
    private mutating func reset(width: Int, linkBase: Int, tableDepth: Int) {
        self.width = max(1, width)
        self.tableDepth = tableDepth
        // (Most of these are empty already: emptying them is skipped.)
        // (`staged` is emptied when it is next used.)
        lines.removeAll()
        if !lineBlocks.isEmpty { lineBlocks.removeAll(keepingCapacity: true) }
        blocks.removeAll(prefixLimit: self.width / 2)
        if styles.count > 1 { styles.removeSubrange(1...) }
        styles[0] = .plain
        inline.removeAll()
        preDepth = 0
        pendingBlankDepth = nil
        lastLineBlank = true
        noWrapDepth = 0
        keepsSpacesInline = false
        if !openLinks.isEmpty { openLinks.removeAll() }
        self.linkBase = linkBase
        if !links.isEmpty { links.removeAll() }
        if !anchors.isEmpty { anchors.removeAll(keepingCapacity: true) }
        if !pendingAnchors.isEmpty { pendingAnchors.removeAll(keepingCapacity: true) }
        emittedLineCount = 0
        firstLineIndex = nil
        walkNode = HTMLDocument.none
        furthestNode = 0
        if !linePaths.isEmpty { linePaths.removeAll() }
        if !tableBoxes.isEmpty { tableBoxes.removeAll() }
        linesBefore = false
        widestPrefix = 0
        rewrap = nil
        isFinished = false
    }

    /// Opens the containers around `unit` and queues its nodes.
    private mutating func begin(_ unit: LayoutUnits.Unit) {
        // The containers add no prefix, style or margin: only the innermost is pushed,
        // so that lines name their block (all of them for a box tree), and a unit
        // deep in nested containers costs no more than one near the top.
        // (Their indents in one, `LayoutUnits.Unit.indent`.)
        let parent = document[unit.first].parent
        if parent != HTMLDocument.none, parent != document.root, !recordsBoxes {
            pushBlock(BlockContext(tag: document[parent].tag, node: parent), indent: unit.indent)
        } else if recordsBoxes {
            var containers: [HTMLDocument.NodeIndex] = []
            var container = parent
            while container != HTMLDocument.none, container != document.root {
                containers.append(container)
                container = document[container].parent
            }
            for container in containers.reversed() { pushBlock(BlockContext(tag: document[container].tag, node: container), indent: indent(of: container)) }
        }
        pendingAnchors = unit.anchors
        if unit.followsSpace { requestBlankLine() }
        startWalk(at: unit.first, last: unit.last)
    }

    /// Starts a walk over the nodes from `first` to `last`, siblings, and all they
    /// hold.
    private mutating func startWalk(at first: HTMLDocument.NodeIndex, last: HTMLDocument.NodeIndex) {
        walkNode = first
        walkLeaves = false
        walkLast = last
        walkParent = document[first].parent
    }

    /// Starts a walk over the children of `node` and all they hold.
    private mutating func startWalk(inside node: HTMLDocument.NodeIndex) {
        walkNode = document[node].firstChild
        walkLeaves = false
        walkLast = HTMLDocument.none
        walkParent = node
    }

    /// The state a layout stopped inside open lists, items and quotes goes on from:
    /// what those blocks add to each line and how far their counters got, the styles,
    /// and the margin asked for. It holds no node of the document (a chunk's nodes
    /// are its own), and nothing that depends on the width.
    struct Carry: Sendable {
        /// The open blocks, outermost first, with their prefixes: the container around
        /// the unit, then the elements left open.
        var blocks: [(block: BlockContext, prefixes: LinePrefixes)]
        var styles: [Style]
        var pendingBlankDepth: Int?
        var lastLineBlank: Bool
        var pendingAnchors: [String]
        /// Inside a paragraph's text: the text of its last line so far, to be filled
        /// with what follows.
        var unfinishedLine: InlineRuns?
        /// Open `pre` elements (one, when a chunk ends inside its text).
        var preDepth: Int
        /// Whether the unit has laid out lines already: the chunk going on follows
        /// them with no margin between. (A paragraph cut inside its first line has
        /// not: the chunk going on joins the lines before as a new unit would.)
        var hasLines: Bool
    }

    /// Where this layout stands, to go on from in the next chunk. Called once the
    /// walk is done, inside the elements of `openAtEnd`.
    func carry() -> Carry {
        var blocks = (0..<self.blocks.count).map { (block: self.blocks[$0], prefixes: self.blocks.prefixes(ofBlock: $0)) }
        for index in blocks.indices { blocks[index].block.node = HTMLDocument.none }
        return Carry(
            blocks: blocks, styles: styles, pendingBlankDepth: pendingBlankDepth, lastLineBlank: lastLineBlank, pendingAnchors: pendingAnchors,
            // (Empty, it is left out: its buffer may be large.)
            unfinishedLine: endsInsideText && !inline.isEmpty ? inline : nil, preDepth: preDepth,
            hasLines: linesBefore || emittedLineCount > 0)
    }

    /// An engine that goes on laying out `unit` from `carry`: the unit's element and
    /// the first child of each, as deep as the carry's blocks go, were opened by the
    /// chunk before (they are the elements a resumed parse was fed first), so they
    /// are not entered again; their content is walked, and each is closed where it
    /// ends unless it is still open at the end (`openAtEnd`).
    static func resumed(
        _ unit: LayoutUnits.Unit, of document: HTMLDocument, width: Int, linkBase: Int, carry: Carry,
        openAtEnd: Set<HTMLDocument.NodeIndex>
    ) -> DocumentLayoutEngine {
        var engine = DocumentLayoutEngine(document: document, width: width, linkBase: linkBase)
        engine.openAtEnd = openAtEnd
        var chain = [unit.first]
        while chain.count < carry.blocks.count - 1 {
            let child = document[chain[chain.count - 1]].firstChild
            guard child != HTMLDocument.none, document[child].kind == .element else { break }
            chain.append(child)
        }
        let container = document[unit.first].parent
        for (depth, (block, prefixes)) in carry.blocks.enumerated() {
            var context = block
            context.node = depth == 0 ? (container == document.root ? HTMLDocument.none : container) : chain[min(depth - 1, chain.count - 1)]
            engine.blocks.push(context, prefixes: prefixes)
        }
        engine.styles = carry.styles
        engine.pendingBlankDepth = carry.pendingBlankDepth
        engine.lastLineBlank = carry.lastLineBlank
        engine.pendingAnchors = carry.pendingAnchors
        if let line = carry.unfinishedLine { engine.inline = line }
        engine.preDepth = carry.preDepth
        engine.linesBefore = carry.hasLines
        // A run of inline content right inside a container goes on: its nodes are
        // walked as a unit's are.
        if document[unit.first].kind != .element {
            engine.startWalk(at: unit.first, last: unit.last)
            return engine
        }
        // The innermost element's content comes first, then its end, then what follows
        // it in the element around it, and so on out, to the unit's element's end.
        let innermost = chain[chain.count - 1]
        engine.startWalk(at: unit.first, last: unit.first)
        if document[innermost].firstChild != HTMLDocument.none {
            engine.walkNode = document[innermost].firstChild
        } else {
            engine.walkNode = innermost
            engine.walkLeaves = true
        }
        return engine
    }

    /// Makes `lines` (their blocks `blocks`, their paths `paths`) the lines this
    /// engine lays out after, its first line joined to them as `join` decides, until
    /// `detach`: a unit of a page writes its lines straight into the page's. The
    /// engine's own are empty.
    mutating func attach(
        lines: inout LineStore, blocks: inout [HTMLDocument.NodeIndex], paths: inout [[HTMLDocument.NodeIndex]], join: MarginJoin
    ) {
        swap(&self.lines, &lines)
        swap(&lineBlocks, &blocks)
        swap(&linePaths, &paths)
        self.join = join
    }

    /// Gives back what `attach` was given, with the lines laid out since; and the
    /// join, for the next part.
    mutating func detach(
        lines: inout LineStore, blocks: inout [HTMLDocument.NodeIndex], paths: inout [[HTMLDocument.NodeIndex]]
    ) -> MarginJoin {
        swap(&self.lines, &lines)
        swap(&lineBlocks, &blocks)
        swap(&linePaths, &paths)
        defer { join = nil }
        return join!
    }

    /// Lays out until there are at least `lineCount` lines or everything is laid out.
    mutating func advance(toLines lineCount: Int) {
        guard !isFinished else { return }
        walk(untilLines: lineCount)
        if walkNode == HTMLDocument.none {
            // A `pre` is cut right after a line feed: its lines so far are whole.
            if endsInsideText, preDepth == 0 { flushFinishedLines() } else { flushInline() }
            isFinished = true
        }
    }

    /// Lays out the content of a table cell at `width`, appending its lines to `store`
    /// as a cell; its links are numbered from `linkBase + 1` and appended to `links`.
    /// Gives the columns of the widest line prefix, before any clipping (see
    /// `MeasuredTableCell.fits`). With `notes`, the layout is noted there as paragraphs to
    /// wrap again at other widths (`TableCellRewrap`), as the next cell's. `itself`:
    /// the cell shows `cell` itself, not its content (`TableGrid.Placement.isStray`).
    @discardableResult
    static func layoutCell(
        _ cell: HTMLDocument.NodeIndex, itself: Bool = false, in document: HTMLDocument, width: Int, tableDepth: Int, style: Style,
        pictures: PictureLayout? = nil, linkBase: Int,
        links: inout LinkTargets, engines: inout [DocumentLayoutEngine], notes: inout TableCellRewrap?, into store: inout TableCellLines
    ) -> Int {
        if engines.isEmpty {
            engines.append(DocumentLayoutEngine(document: document, width: width, linkBase: linkBase, tableDepth: tableDepth))
        } else {
            engines[0].reset(width: width, linkBase: linkBase, tableDepth: tableDepth)
        }
        engines[0].styles[0] = style
        engines[0].pictures = pictures
        // Moved to the engine and back, not copied.
        engines[0].rewrap = notes.take()
        if itself {
            engines[0].startWalk(at: cell, last: cell)
        } else {
            engines[0].startWalk(inside: cell)
        }
        engines[0].walk(untilLines: .max)
        engines[0].flushInline()
        links.append(contentsOf: engines[0].links)
        notes = engines[0].rewrap.take()
        notes?.endCell(lineCount: engines[0].lines.count)
        store.appendCell(engines[0].lines)
        return engines[0].widestPrefix
    }

    /// Walks the document until there are `lineCount` lines or nothing is left.
    private mutating func walk(untilLines lineCount: Int) {
        while lines.count < lineCount, walkNode != HTMLDocument.none {
            let index = walkNode
            furthestNode = max(furthestNode, index)
            let node = document[index]
            if walkLeaves {
                // (An element left open at the end goes on in the next chunk.)
                if openAtEnd.isEmpty || !openAtEnd.contains(index) { exit(node.tag, index) }
                walk(past: index, node)
                continue
            }
            // (A block's margin before it: see `Node.followsSpace`.)
            if node.followsSpace, node.kind == .text || !node.isHidden {
                flushInline()
                requestBlankLine()
            }
            if node.kind == .text {
                // (Most text has no look: its element's tag says all.)
                if document[node.parent].look == 0 {
                    inline.appendText(of: node, in: document, style: styles[styles.count - 1], preserve: preDepth > 0, noWrap: noWrapDepth > 0)
                } else {
                    appendText(of: node, looking: document.looks[Int(document[node.parent].look)])
                }
            } else if !node.isHidden {
                if node.tag == .table, tableDepth < Self.maximumTableDepth {
                    rewrap?.dependsOnWidth()
                    layoutTable(index)
                } else {
                    enter(node.tag, index)
                    if !ReplacedContent.replaces(node.tag) {
                        // Its content next, then its end.
                        if node.firstChild != HTMLDocument.none {
                            walkNode = node.firstChild
                        } else {
                            walkLeaves = true
                        }
                        continue
                    }
                }
            }
            walk(past: index, node)
        }
    }

    /// Moves the walk on from node `index`, `node`, done with all it holds: to its
    /// next sibling, or to leaving its parent after its last child, or to the end.
    private mutating func walk(past index: HTMLDocument.NodeIndex, _ node: HTMLDocument.Node) {
        walkLeaves = false
        if index == walkLast || node.kind == .root {
            walkNode = HTMLDocument.none
        } else if node.nextSibling != HTMLDocument.none {
            walkNode = node.nextSibling
        } else if node.parent == walkParent || node.parent == HTMLDocument.none {
            walkNode = HTMLDocument.none
        } else {
            walkNode = node.parent
            walkLeaves = true
        }
    }

    /// Appends text node `node` as its element's `look` draws it: its style added to
    /// the tag's, its letters transformed, its spaces and line ends kept (the lines
    /// it is on then laid out as `pre` content: `keepsSpacesInline`).
    private mutating func appendText(of node: HTMLDocument.Node, looking look: ElementLook) {
        var style = styles[styles.count - 1].merging(look.style)
        // (The page's background takes the place of a highlight drawn in reverse video.)
        if look.background != nil { style.attributes.remove(.reverse) }
        // (Only where its block keeps its spaces: a `code` that keeps them inside a
        // paragraph that does not is wrapped with the paragraph.)
        let keepsSpaces = look.keepsSpaces && blockKeepsSpaces(around: node.parent)
        let preserve = preDepth > 0 || keepsSpaces
        if keepsSpaces { keepsSpacesInline = true }
        guard look.transform != .none else {
            inline.appendText(of: node, in: document, style: style, preserve: preserve, noWrap: noWrapDepth > 0)
            return
        }
        let text = document.withUTF8Text(of: node) { String(decoding: $0, as: UTF8.self) }
        inline.append(
            Array(look.transform.applied(to: text, atWordStart: inline.isAtWordStart).utf8), style: style, preserve: preserve,
            noWrap: noWrapDepth > 0)
    }

    /// Whether the nearest block around element `index` (itself included) keeps its
    /// spaces by its look.
    private func blockKeepsSpaces(around index: HTMLDocument.NodeIndex) -> Bool {
        var element = index
        while element != HTMLDocument.none, document[element].kind == .element {
            let role = roles[document[element].tag.ordinal]
            switch role {
            case .block, .listItem, .list, .tableCell: return document.look(of: document[element])?.keepsSpaces ?? false
            default:
                if showsAsBlock(element, role: role) { return document.look(of: document[element])?.keepsSpaces ?? false }
            }
            element = document[element].parent
        }
        return false
    }

    // MARK: Elements

    /// Whether element `index`'s look lays it out as a block though its role is
    /// inline (`display: block` on a `span`): the walk then breaks lines around it.
    private func showsAsBlock(_ index: HTMLDocument.NodeIndex, role: ElementRole) -> Bool {
        let node = document[index]
        guard node.look != 0, document.looks[Int(node.look)].showsAsBlock else { return false }
        switch role {
        case .inline, .unstyled, .marked: return true
        default: return false
        }
    }

    private mutating func enter(_ tag: HTMLTag, _ index: HTMLDocument.NodeIndex) {
        let role = roles[tag.ordinal]
        if showsAsBlock(index, role: role) { flushInline() }
        switch role {
        case .block(let margin):
            flushInline()
            let indent = indent(of: index)
            if !margin, indent == 0, passesThroughContainers, LayoutUnits.isTransparent(tag) { break }
            if margin { requestBlankLine() }
            if tag.isPreformatted { preDepth += 1 }
            switch tag {
            case .blockquote: push(BlockContext(tag: tag, node: index), prefix: "│ ", columns: 2)
            case .dd: push(BlockContext(tag: tag, node: index), prefix: "    ", columns: 4)
            default: pushBlock(BlockContext(tag: tag, node: index), indent: indent)
            }
            // (Most blocks style nothing: no style is pushed for them, nor popped.)
            let style = blockStyle(tag)
            if style != .plain { styles.append(styles[styles.count - 1].merging(style)) }
        case .list(let ordered):
            flushInline()
            let nested = blocks.listItemDepth > 0
            if !nested { requestBlankLine() }
            var context = BlockContext(tag: tag, node: index)
            context.ordered = ordered
            if ordered {
                let items = document.children(of: index).filter { document[$0].tag == .li }
                context.reversed = document.attribute("reversed", of: index) != nil
                context.numbering = ListMarker.Numbering(type: document.attribute("type", of: index))
                let start = ListMarker.number(document.attribute("start", of: index))
                    ?? (context.reversed ? items.count : 1)
                context.nextNumber = start
                // Number the items once to know the widest marker, so markers align.
                var number = start
                for item in items {
                    number = ListMarker.number(document.attribute("value", of: item)) ?? number
                    context.numberColumns = max(context.numberColumns, TextWidth.columns(of: ListMarker.ordered(number, numbering: context.numbering)))
                    number += context.reversed ? -1 : 1
                }
            }
            if nested { blocks.push(context) } else { push(context, prefix: "  ", columns: 2) }
            styles.append(styles[styles.count - 1])
        case .listItem:
            flushInline()
            var context = BlockContext(tag: tag, node: index)
            let value = document[index].attributeCount > 0 ? ListMarker.number(document.attribute("value", of: index)) : nil
            context.markerPending = true
            pushItem(context, value: value)
            styles.append(styles[styles.count - 1])
        case .lineBreak:
            inline.appendLineBreak(style: styles[styles.count - 1])
        case .horizontalRule:
            rewrap?.dependsOnWidth()
            flushInline()
            requestBlankLine()
            startLine()
            lines.appendMerging(repeating: "─", count: max(1, width - prefixColumns()), style: Style(.dim))
            endLine(hasContent: true)
            requestBlankLine()
        case .image:
            if let pictures, layOutPicture(index, pictures) { break }
            if let alt = document.attribute("alt", of: index) {
                if !alt.isEmpty { inline.append("[\(alt)]", style: styles[styles.count - 1], preserve: false) }
            } else {
                inline.append("[image]", style: styles[styles.count - 1], preserve: false)
            }
        case .replaced:
            if tag == .input, let pictures,
                document.attribute("type", of: index)?.lowercased() == "image", layOutPicture(index, pictures)
            {
                break
            }
            if let text = ReplacedContent.text(for: tag, index, in: document) {
                inline.append(text, style: styles[styles.count - 1].merging(Style(.dim)), preserve: true)
            }
        case .marked(let open, _):
            if !document[index].hasGeneratedStart { appendMark(open) }
            styles.append(styles[styles.count - 1])
        case .tableCell(let header):
            if let row = blocks.innermostRow {
                if blocks[row].cellCount > 0 {
                    inline.trimTrailingSpace()
                    inline.append(" │ ", style: Style(.dim), preserve: true)
                }
                blocks[row].cellCount += 1
            }
            styles.append(styles[styles.count - 1].merging(header ? Style(.bold) : .plain))
        case .unstyled:
            if tag == .nobr { noWrapDepth += 1 }
        case .inline(let style):
            if tag == .a, Self.appendNumberedLinkTarget(index, in: document, to: &links) {
                openLinks.append((index, linkBase + links.count))
                inline.appendLinkMark(linkBase + links.count, style: styles[styles.count - 1].merging(Style([.dim, .linkMark])))
                styles.append(styles[styles.count - 1].merging(style).merging(Style(.linkText)))
            } else {
                styles.append(styles[styles.count - 1].merging(style))
            }
        }
        if tag == .summary { inline.append("▸ ", style: styles[styles.count - 1], preserve: true) }
        guard keepsLineBlocksAndAnchors, document[index].mayNameAnchor else { return }
        if let id = document.attribute("id", of: index), !id.isEmpty { pendingAnchors.append(id) }
        if tag == .a, let name = document.attribute("name", of: index), !name.isEmpty { pendingAnchors.append(name) }
    }

    @inline(__always)
    private mutating func exit(_ tag: HTMLTag, _ index: HTMLDocument.NodeIndex) {
        let role = roles[tag.ordinal]
        // (After the role's own end. Inside a heading, what it held is the heading's
        // text, underlined so.)
        defer { if showsAsBlock(index, role: role) { flushInline(heading: blocks.last.flatMap { headingRule($0.tag) }) } }
        switch role {
        case .block(let margin):
            flushInline(heading: headingRule(tag))
            if !margin, indent(of: index) == 0, passesThroughContainers, LayoutUnits.isTransparent(tag) { break }
            if tag.isPreformatted { preDepth -= 1 }
            blocks.pop()
            if blockStyle(tag) != .plain { popStyle() }
            if margin { requestBlankLine() }
        case .list:
            flushInline()
            blocks.pop()
            popStyle()
            if blocks.listItemDepth == 0 { requestBlankLine() }
        case .listItem:
            flushInline()
            // An empty item still shows its marker.
            if blocks.last?.markerPending == true, !document[index].hidesListMarker { emit([]) }
            blocks.pop()
            popStyle()
        case .marked(_, let close):
            popStyle()
            if !document[index].hasGeneratedEnd { appendMark(close) }
        case .tableCell, .inline:
            popStyle()
            if tag == .a, openLinks.last?.node == index { openLinks.removeLast() }
        case .unstyled:
            if tag == .nobr { noWrapDepth -= 1 }
        case .lineBreak, .horizontalRule, .image, .replaced:
            break
        }
    }

    /// Closes the innermost style, never the base one: a chunk laid out from a guess
    /// of what is open at its start (taken before the parse checks it) may close
    /// elements the carry from the chunk before never opened; the correction that
    /// follows lays it out again.
    private mutating func popStyle() {
        if styles.count > 1 { styles.removeLast() }
    }

    /// Lays out picture element `index` as a box of rows of its size, its alt text on
    /// the first (dim, cut at the box's width), each row noted as the picture's.
    /// - Returns: whether it did: not for a picture of unknown size, nor one of a
    ///   single row (an icon, shown as its alt text in the line's flow).
    private mutating func layOutPicture(_ index: HTMLDocument.NodeIndex, _ pictures: PictureLayout) -> Bool {
        let source = PictureLayout.source(of: index, in: document)
        guard let source,
            let box = pictures.box(of: index, source: source, in: document, columns: max(1, width - prefixColumns())), box.rows > 1
        else { return false }
        rewrap?.dependsOnWidth()
        flushInline()
        let alt = (document.attribute("alt", of: index) ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for row in 0..<box.rows {
            startLine()
            let column = prefixColumns()
            lines.notePictureRow(PictureRow(source: source, box: box, row: row, column: column, link: openLinks.last?.number))
            if row == 0, !alt.isEmpty { lines.append(utf8Of: TextWidth.prefix(of: alt, columns: box.columns), style: Style(.dim)) }
            endLine(hasContent: true)
        }
        return true
    }

    /// Appends a mark that frames an element's content (`ElementRole.marked`), dim.
    private mutating func appendMark(_ mark: StaticString) {
        guard mark.utf8CodeUnitCount > 0 else { return }
        let style = styles[styles.count - 1].merging(Style(.dim))
        mark.withUTF8Buffer { inline.append($0, style: style, preserve: true) }
    }

    /// Headings get weaker by level: h1 and h2 are also underlined with a rule, h3
    /// underlined, h5 and h6 italic.
    private func blockStyle(_ tag: HTMLTag) -> Style {
        switch tag {
        case .h1, .h2, .h4, .dt, .caption, .summary: Style(.bold)
        case .h3: Style([.bold, .underline])
        case .h5, .h6: Style([.bold, .italic])
        case .figcaption: Style(.italic)
        default: .plain
        }
    }

    /// The character (UTF-8) that underlines a heading's text, for the top two levels.
    private func headingRule(_ tag: HTMLTag) -> StaticString? {
        switch tag {
        case .h1: "═"
        case .h2: "─"
        default: nil
        }
    }

    /// Appends the target of element `index` to `targets`, white space at either end
    /// trimmed, when it is a link that gets a number; gives whether it is.
    static func appendNumberedLinkTarget(_ index: HTMLDocument.NodeIndex, in document: HTMLDocument, to targets: inout LinkTargets) -> Bool {
        guard document[index].isLink else { return false }
        document.withUTF8(ofLinkTarget: index) { href in
            // (Most targets have no space to trim: their bytes as they are.)
            if String.hasNoSpaceToTrim(href) {
                targets.append(href)
            } else {
                targets.append(String(String(decoding: href, as: UTF8.self).trimmingSpaces))
            }
        }
        return true
    }

    /// Opens a block that adds `prefix` (a constant: its bytes are read in place) in
    /// front of each of its lines, `columns` wide.
    private mutating func push(_ block: BlockContext, prefix: StaticString, columns: Int) {
        prefix.withUTF8Buffer { blocks.push(block, first: $0, firstColumns: columns, rest: $0, restColumns: columns) }
    }

    /// Opens list item `item`: its first line starts with its marker and a space,
    /// every later one with as many spaces. `value` (an item's own number) resets the
    /// count. The marker is made on the stack and copied into the block stack's bytes.
    private mutating func pushItem(_ item: BlockContext, value: Int?) {
        if document[item.node].hidesListMarker {
            // (`list-style-type: none`: the item indented as its siblings, no marker;
            // it still counts in an ordered list.)
            var width = 2
            if let listIndex = blocks.innermostList, blocks[listIndex].ordered {
                blocks[listIndex].nextNumber = (value ?? blocks[listIndex].nextNumber) + (blocks[listIndex].reversed ? -1 : 1)
                width = blocks[listIndex].numberColumns + 1
            }
            Self.spaces(width) { blocks.push(item, first: $0, firstColumns: width, rest: $0, restColumns: width) }
            return
        }
        guard let listIndex = blocks.innermostList, blocks[listIndex].ordered else {
            let bullet = ListMarker.bullet(depth: blocks.innermostList == nil ? 0 : max(0, blocks.unorderedDepth - 1))
            bullet.withUTF8Buffer { first in
                Self.spaces(2) { blocks.push(item, first: first, firstColumns: 2, rest: $0, restColumns: 2) }
            }
            return
        }
        let number = value ?? blocks[listIndex].nextNumber
        blocks[listIndex].nextNumber = number + (blocks[listIndex].reversed ? -1 : 1)
        var text = ListMarker.ordered(number, numbering: blocks[listIndex].numbering)
        let columns = TextWidth.columns(of: text)
        let padding = max(0, blocks[listIndex].numberColumns - columns)
        let width = padding + columns + 1
        text.withUTF8 { digits in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: padding + digits.count + 1) { marker in
                marker.initialize(repeating: 0x20)
                _ = UnsafeMutableBufferPointer(rebasing: marker[padding...]).initialize(from: digits)
                Self.spaces(width) { blocks.push(item, first: UnsafeBufferPointer(marker), firstColumns: width, rest: $0, restColumns: width) }
            }
        }
    }

    /// Calls `body` with `count` spaces (UTF-8), in place: read from a constant when
    /// short (all but absurd list numbers).
    private static func spaces(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let constant: StaticString = "                                "
        guard count <= constant.utf8CodeUnitCount else {
            return [UInt8](repeating: 0x20, count: count).withUnsafeBufferPointer(body)
        }
        constant.withUTF8Buffer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    // MARK: Lines

    mutating func requestBlankLine() {
        pendingBlankDepth = min(pendingBlankDepth ?? blocks.count, blocks.count)
    }

    /// Lays out the collected inline content as lines, then forgets it.
    mutating func flushInline(heading rule: StaticString? = nil) {
        let keepsSpaces = keepsSpacesInline
        keepsSpacesInline = false
        // Most blocks start and end with nothing collected.
        guard !inline.isEmpty else {
            inline.removeAll()
            return
        }
        // The paragraph is moved out while it is laid out (into the engine itself, a
        // `LineSink`), not copied, and moved back emptied, its buffers kept.
        var paragraph = InlineRuns()
        swap(&paragraph, &inline)
        defer {
            paragraph.removeAll()
            swap(&paragraph, &inline)
        }
        var wrapped = takeStaged()
        defer { staged = wrapped }
        if preDepth > 0 || keepsSpaces {
            for line in LineWrapper.preformatted(paragraph.text, into: &wrapped) { emit(line: line, of: wrapped) }
            return
        }
        paragraph.trimTrailingSpace()
        guard paragraph.hasContent else { return }
        let prefixColumns = prefixColumns()
        let firstPrefix = rewrap?.isKept == true ? rewrap!.notePrefix(of: blocks) : TableCellRewrap.NotedPrefix(bytes: 0..<0, columns: 0)
        // Most paragraphs are wrapped straight into `lines`, each line after its
        // prefixes (`LineSink`). A heading's lines are staged, to find the widest for
        // its underline, and so are those of text the simple wrap does not take.
        let linesBefore = wrappedLineCount
        let alignment = innermostAlignment
        var scan = breakScan.take()!
        if rule != nil || alignment != .start {
            LineWrapper.wrap(paragraph.text, width: width - prefixColumns, scan: &scan, into: &wrapped)
        } else if !LineWrapper.wrapSimple(paragraph.text, width: max(1, width - prefixColumns), scan: &scan, into: &self) {
            LineWrapper.wrapSegments(paragraph.text, width: width - prefixColumns, into: &wrapped)
        }
        breakScan = consume scan
        var widest = 0
        for line in wrapped.indices {
            let columns = rule != nil || alignment != .start ? wrapped.columns(ofLine: line) : 0
            widest = max(widest, columns)
            emit(line: line, of: wrapped, indent: alignment.indent(columns: columns, width: width - prefixColumns))
        }
        if let rule, widest > 0 {
            startLine()
            lines.appendMerging(repeating: " ", count: alignment.indent(columns: widest, width: width - prefixColumns), style: Style())
            lines.appendMerging(repeating: rule, count: widest, style: Style(.bold))
            endLine(hasContent: true)
        }
        if rewrap?.isKept == true {
            let restPrefix = rewrap!.notePrefix(of: blocks)
            rewrap!.paragraph(
                paragraph.text, firstPrefix: firstPrefix, restPrefix: restPrefix, prefixColumns: prefixColumns, rule: rule,
                lineCount: wrappedLineCount - linesBefore + wrapped.count + (rule != nil && widest > 0 ? 1 : 0), totalLines: lines.count)
        }
    }

    /// Where the page's styles put the lines of the innermost open block (`text-align`).
    private var innermostAlignment: ElementLook.Alignment {
        let node = blocks.innermostNode
        guard node != HTMLDocument.none, let look = document.look(of: document[node]) else { return .start }
        return look.alignment
    }

    /// The staging store for wrapped lines, emptied (handed back by assigning
    /// `staged`), so that its buffers serve every paragraph.
    private mutating func takeStaged() -> LineStore {
        var store = staged.take()!
        store.removeAll()
        return store
    }

    /// Lays out the lines of the collected inline content but the last, which the
    /// paragraph's text in the next chunk goes on (`endsInsideText`): its text stays.
    private mutating func flushFinishedLines() {
        var wrapped = takeStaged()
        defer { staged = wrapped }
        let lineWidth = width - prefixColumns()
        let lastLineStart = LineWrapper.wrapUnfinished(inline.text, width: lineWidth, into: &wrapped)
        let alignment = innermostAlignment
        for line in wrapped.indices {
            emit(line: line, of: wrapped, indent: alignment == .start ? 0 : alignment.indent(columns: wrapped.columns(ofLine: line), width: lineWidth))
        }
        inline.removeFirst(lastLineStart)
    }

    /// Appends a content line of `spans` with the prefixes of the open blocks, after a
    /// blank line when a margin is pending.
    mutating func emit(_ spans: [LayoutLine.Span]) {
        startLine()
        lines.append(spans)
        endLine(hasContent: !spans.isEmpty)
    }

    /// `emit` for line `index` of `source`, after `indent` blank columns.
    mutating func emit(line index: Int, of source: LineStore, indent: Int = 0) {
        startLine()
        if indent > 0 { lines.appendMerging(repeating: " ", count: indent, style: Style()) }
        lines.append(line: index, of: source)
        endLine(hasContent: !source.isEmpty(line: index))
    }

    /// Opens a content line in `lines`, after a blank line when a margin is pending,
    /// with the prefixes of the open blocks.
    @inline(__always)
    mutating func startLine() {
        if emittedLineCount == 0 {
            // A margin asked for above the first line is left to the join (a blank
            // line of its own, below, is not one).
            if join?.blankLineBefore(partAskingAbove: pendingBlankDepth != nil && lastLineBlank) == true {
                lines.endLine()
                if keepsLineBlocksAndAnchors { lineBlocks.append(blocks.innermostNode) }
                if recordsBoxes { linePaths.append([]) }
            }
            firstLineIndex = lines.count
        }
        if let depth = pendingBlankDepth, !lastLineBlank {
            blocks.appendBlankLinePrefix(depth: depth, to: &lines)
            lines.endLine()
            if keepsLineBlocksAndAnchors { lineBlocks.append(blocks.innermostNode) }
            if recordsBoxes { linePaths.append(blocks.nodes) }
            emittedLineCount += 1
        }
        pendingBlankDepth = nil
        if !pendingAnchors.isEmpty {
            for id in pendingAnchors { anchors.append((id, emittedLineCount)) }
            pendingAnchors.removeAll(keepingCapacity: true)
        }
        let columns = blocks.appendLinePrefix(to: &lines)
        widestPrefix = max(widestPrefix, columns, blocks.restPrefixColumns(depth: blocks.count))
    }

    /// Closes the content line `startLine` opened.
    @inline(__always)
    mutating func endLine(hasContent: Bool) {
        blocks.markersShown()
        lines.endLine()
        lastLineBlank = !hasContent && lines.isBlank(line: lines.count - 1)
        if keepsLineBlocksAndAnchors { lineBlocks.append(blocks.innermostNode) }
        if recordsBoxes { linePaths.append(blocks.nodes) }
        emittedLineCount += 1
    }

    mutating func pushBlock(_ block: BlockContext) {
        blocks.push(block)
    }

    /// Opens `block`, its lines after `indent` blank columns (none: no prefix).
    private mutating func pushBlock(_ block: BlockContext, indent: Int) {
        guard indent > 0 else { return blocks.push(block) }
        Self.spaces(indent) { blocks.push(block, first: $0, firstColumns: indent, rest: $0, restColumns: indent) }
    }

    /// The columns the page's styles indent element `index` by (`ElementLook.indent`).
    private func indent(of index: HTMLDocument.NodeIndex) -> Int {
        let look = document[index].look
        return look == 0 ? 0 : Int(document.looks[Int(look)].indent)
    }

    mutating func popBlock() {
        blocks.pop()
    }

    /// The numbered list of link targets that ends a page, as `lynx -dump` writes it,
    /// so that a reader of the text can follow `[n]` marks; links to files are shown
    /// resolved against the page's `address`.
    mutating func appendReferences(_ links: LinkTargets, address: PageAddress?) {
        guard !links.isEmpty else { return }
        requestBlankLine()
        emit(Self.referencesHeading)
        requestBlankLine()
        let entries = Self.referenceEntries(links, firstNumber: 1, total: links.count, width: width, address: address)
        for line in entries.indices { emit(line: line, of: entries) }
    }

    /// The heading of the References list.
    static let referencesHeading = [LayoutLine.Span("References", style: Style(.bold))]

    /// The lines of References entries for `targets`, the first numbered `firstNumber`,
    /// numbers right-aligned for a list of `total` links; a link to a file is shown as
    /// the `file:` URL it resolves to against `address`.
    static func referenceEntries(_ targets: LinkTargets, firstNumber: Int, total: Int, width: Int, address: PageAddress?) -> LineStore {
        let numberColumns = String(total).utf8.count
        var lines = LineStore()
        // One buffer of each for every entry (a page may list millions of links).
        var marker: [UInt8] = []
        let indent = [UInt8](repeating: 0x20, count: numberColumns + 2)
        var text = StyledText()
        var wrapped = LineStore()
        var scan = LineBreaks.Scan()
        var resolved: [UInt8] = []
        let targetStyle = Style(foreground: .blue)
        for offset in targets.indices {
            let number = String(firstNumber + offset).utf8
            marker.removeAll(keepingCapacity: true)
            marker.append(contentsOf: repeatElement(0x20, count: max(0, numberColumns - number.count)))
            marker.append(contentsOf: number)
            marker.append(contentsOf: ". ".utf8)
            resolved.removeAll(keepingCapacity: true)
            let isResolved = address.map { address in targets.withUTF8(of: offset) { address.appendResolved($0, to: &resolved) } } ?? false
            func withTarget<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
                isResolved ? resolved.withUnsafeBufferPointer(body) : targets.withUTF8(of: offset, body)
            }
            // Most targets are printable ASCII that fits on the line: it is the line.
            let fits = withTarget { utf8 in
                guard let first = utf8.first, first != 0x20, utf8.last != 0x20, utf8.count <= width - marker.count,
                      TextWidth.simpleColumns(utf8) == utf8.count
                else { return false }
                lines.append(marker, style: .plain)
                lines.append(utf8, style: targetStyle)
                lines.endLine()
                return true
            }
            if fits { continue }
            text.removeAll()
            withTarget { text.append(contentsOf: $0, style: targetStyle) }
            wrapped.removeAll()
            LineWrapper.wrap(text, width: width - marker.count, scan: &scan, into: &wrapped)
            for row in wrapped.indices {
                lines.append(row == 0 ? marker[...] : indent[..<marker.count], style: .plain)
                lines.append(line: row, of: wrapped)
                lines.endLine()
            }
        }
        return lines
    }

    func prefixColumns() -> Int {
        blocks.linePrefixColumns()
    }
}

/// Lines wrapped straight into the layout's lines, each after the prefixes of its
/// blocks, as `emit` puts them.
extension DocumentLayoutEngine: LineSink {
    mutating func appendLine(_ text: StyledText, in range: Range<Int>, fromRun firstRun: Int) {
        startLine()
        lines.append(text, in: range, fromRun: firstRun)
        endLine(hasContent: !range.isEmpty)
        wrappedLineCount += 1
    }
}

extension String {
    /// Whether the string starts and ends with a printable ASCII character (most
    /// values do): nothing to trim, found without walking its indices.
    var hasNoSpaceToTrim: Bool {
        utf8.withContiguousStorageIfAvailable(Self.hasNoSpaceToTrim) ?? false
    }

    /// `hasNoSpaceToTrim` for UTF-8 `bytes`.
    static func hasNoSpaceToTrim(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        return first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
    }

    /// The string without white space (Unicode's, as `Character.isWhitespace` has it)
    /// at either end.
    var trimmingSpaces: Substring {
        if hasNoSpaceToTrim { return self[...] }
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
