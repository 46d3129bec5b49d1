import HTMLParsing
import RenderCore

extension WholePage {
    /// A stable text picture of the layout as a tree of boxes: each unit of layout
    /// (`LayoutUnits`), inside it the blocks that hold each line, outermost first,
    /// tables with their grid (size, planned column widths, each cell's place and
    /// spans), and each line quoted with the columns it takes. For tests and for
    /// reading a layout in review; it lays the page out again with the boxes recorded.
    package var boxTreeDump: String {
        var page = PageLayout(document, units: LayoutUnits(document), width: width, recordsBoxes: true)
        page.advance(toLines: .max)
        var unitStartLines: [Int: Int] = [:]
        for (unit, start) in page.unitStarts.enumerated() { unitStartLines[start.line] = unit }
        var output: [String] = []
        var open: [HTMLDocument.NodeIndex] = []
        for (row, line) in page.lines.enumerated() {
            if let unit = unitStartLines[row] {
                output.append("unit \(unit)")
                open = []
            }
            let path = page.linePaths[row]
            var shared = 0
            while shared < open.count, shared < path.count, open[shared] == path[shared] { shared += 1 }
            open.removeLast(open.count - shared)
            for node in path[shared...] {
                let indent = String(repeating: "  ", count: open.count + 1)
                output.append(indent + label(of: node))
                for box in page.tableBoxes[node] ?? [] { output.append(indent + "  " + box) }
                open.append(node)
            }
            let text = line.text
            output.append(String(repeating: "  ", count: open.count + 1) + "\"\(text)\" \(TextWidth.columns(of: text))")
        }
        return output.joined(separator: "\n") + "\n"
    }

    private func label(of node: HTMLDocument.NodeIndex) -> String {
        let name = document[node].tag == .unknown ? "?" : document[node].tag.rawValue
        guard let id = document.attribute("id", of: node), !id.isEmpty else { return name }
        return name + " #" + id
    }
}
