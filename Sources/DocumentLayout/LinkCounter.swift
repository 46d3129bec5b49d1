import HTMLParsing

/// How many links a unit of layout numbers, found without laying it out, so that
/// units can be laid out at once on several threads, each knowing the number of its
/// first link.
///
/// It counts as the layout engine walks: hidden elements and the content of replaced
/// ones (form controls, media) skipped, of a table only its caption and its cells
/// (`TableGrid` leaves out what is not in a cell), tables nested deeper than the
/// engine lays out as grids counted as plain content. A test checks it against the
/// engine's numbering unit by unit.
///
/// Nodes are numbered in document order, so a subtree is a run of indices: the count
/// is a scan of the unit's nodes (the parser marks links, `Node.isLink`), jumping
/// over the subtrees left out.
struct LinkCounter {
    /// A grid for each depth of tables being counted, kept from table to table.
    private var grids: [TableGrid] = []

    /// Links in `unit`.
    static func count(_ unit: LayoutUnits.Unit, in document: HTMLDocument) -> Int {
        var counter = LinkCounter()
        return counter.count(unit, in: document)
    }

    /// Links in the whole of `document`: in every unit of its `LayoutUnits`, which
    /// cover every node the layout walks (the containers around them are not links),
    /// counted without cutting the page into units.
    static func count(in document: HTMLDocument) -> Int {
        var counter = LinkCounter()
        return counter.count((document.root + 1)..<HTMLDocument.NodeIndex(document.nodes.count), tableDepth: 0, in: document)
    }

    private mutating func count(_ unit: LayoutUnits.Unit, in document: HTMLDocument) -> Int {
        count(unit.first..<Self.end(of: unit.last, in: document), tableDepth: 0, in: document)
    }

    /// Links in `nodes`, a run of whole subtrees.
    private mutating func count(_ nodes: Range<HTMLDocument.NodeIndex>, tableDepth: Int, in document: HTMLDocument) -> Int {
        var count = 0
        var index = nodes.lowerBound
        while index < nodes.upperBound {
            let node = document[index]
            guard node.kind == .element else {
                index += 1
                continue
            }
            if node.isHidden {
                index = Self.end(of: index, in: document)
                continue
            }
            if node.isLink { count += 1 }
            if node.tag == .table, tableDepth < DocumentLayoutEngine.maximumTableDepth {
                if grids.count == tableDepth { grids.append(TableGrid()) }
                grids[tableDepth].place(index, in: document)
                // (Copies, so that counting inside a cell can place the grids deeper.)
                let cells = grids[tableDepth].cells
                let caption = grids[tableDepth].caption
                for cell in cells {
                    count += cell.isStray
                        ? self.count(cell.node..<Self.end(of: cell.node, in: document), tableDepth: tableDepth + 1, in: document)
                        : countInside(cell.node, tableDepth: tableDepth, in: document)
                }
                if let caption { count += countInside(caption, tableDepth: tableDepth, in: document) }
                index = Self.end(of: index, in: document)
            } else if ReplacedContent.replaces(node.tag) {
                index = Self.end(of: index, in: document)
            } else {
                index += 1
            }
        }
        return count
    }

    /// Links inside `part` (a cell or a caption) of a table at depth `tableDepth`.
    private mutating func countInside(_ part: HTMLDocument.NodeIndex, tableDepth: Int, in document: HTMLDocument) -> Int {
        count((part + 1)..<Self.end(of: part, in: document), tableDepth: tableDepth + 1, in: document)
    }

    /// The index past the last node of `node`'s subtree.
    private static func end(of node: HTMLDocument.NodeIndex, in document: HTMLDocument) -> HTMLDocument.NodeIndex {
        var node = node
        while true {
            if document[node].nextSibling != HTMLDocument.none { return document[node].nextSibling }
            let parent = document[node].parent
            if parent == HTMLDocument.none { return HTMLDocument.NodeIndex(document.nodes.count) }
            node = parent
        }
    }
}
