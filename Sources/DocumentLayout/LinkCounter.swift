import HTMLParsing

/// How many links a unit of layout numbers, found without laying it out, so that
/// units can be laid out at once on several threads, each knowing the number of its
/// first link.
///
/// It walks the unit as the layout engine does: hidden elements and the content of
/// replaced ones (form controls, media) skipped, of a table only its caption and its
/// cells (`TableGrid` leaves out what is not in a cell), tables nested deeper than the
/// engine lays out as grids walked as plain content. A test checks it
/// against the engine's numbering unit by unit.
enum LinkCounter {
    static func count(_ unit: LayoutUnits.Unit, in document: HTMLDocument) -> Int {
        var pending: [(node: HTMLDocument.NodeIndex, tableDepth: Int)] = []
        var node = unit.first
        while true {
            pending.append((node, 0))
            guard node != unit.last else { break }
            node = document[node].nextSibling
        }
        var count = 0
        while let (index, tableDepth) = pending.popLast() {
            let element = document[index]
            guard element.kind == .element, !document.isHidden(index) else { continue }
            if element.tag == .table, tableDepth < DocumentLayoutEngine.maximumTableDepth {
                let grid = TableGrid(table: index, in: document)
                for part in grid.cells.map(\.node) + (grid.caption.map { [$0] } ?? []) {
                    pushChildren(of: part, depth: tableDepth + 1, onto: &pending, in: document)
                }
                continue
            }
            if DocumentLayoutEngine.isNumberedLink(index, in: document) { count += 1 }
            if !ReplacedContent.replaces(element.tag) { pushChildren(of: index, depth: tableDepth, onto: &pending, in: document) }
        }
        return count
    }

    private static func pushChildren(
        of node: HTMLDocument.NodeIndex, depth: Int, onto pending: inout [(node: HTMLDocument.NodeIndex, tableDepth: Int)],
        in document: HTMLDocument
    ) {
        for child in document.children(of: node) { pending.append((child, depth)) }
    }
}
