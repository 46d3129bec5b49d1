import ComponentKit
import DataTable
import DocScroll
import Foundation
import RenderCore
import TileRenderer

/// A file of the repository's `Pages/`, as an input held in memory.
package func sample(_ name: String) throws -> InputFile {
    let url = pagesDirectory.appendingPathComponent(name)
    return InputFile(name: url.path, bytes: [UInt8](try Data(contentsOf: url)))
}

/// What the frame at the view's current offset must show: the lines of the stack as
/// shown (`shownLines`) under the viewport, with each pinned header's rows replaced by
/// the lines of that header.
package func expectedFrameLines(_ view: DocScrollView, shown dump: [String]) -> [String] {
    fullLinesUnderViewport(view, shown: dump).map { clip($0, to: view.options.width) }
}

/// What the viewer's screen shows of the frame `expectedFrameLines` gives: each row
/// whose line goes on past the width ends in a `>` mark in its last column (as
/// `less -S` marks it), for a view not scrolled sideways.
package func expectedScreenLines(_ view: DocScrollView, shown dump: [String]) -> [String] {
    let width = view.options.width
    return fullLinesUnderViewport(view, shown: dump).map { screenLine($0, width: width) }
}

/// A whole line as a screen `width` columns wide shows it: cut at the width, and, where
/// it goes on past it, its last column a `>` mark.
package func screenLine(_ line: String, width: Int) -> String {
    guard TextWidth.columns(of: line) > width, width > 1 else { return clip(line, to: width) }
    let kept = TextWidth.prefix(of: line, columns: width - 1)
    return kept + String(repeating: " ", count: width - 1 - TextWidth.columns(of: kept)) + ">"
}

/// The whole lines under the viewport's rows (pinned headers' rows where they show),
/// not cut.
private func fullLinesUnderViewport(_ view: DocScrollView, shown dump: [String]) -> [String] {
    let layout = view.container.layout
    let offset = Int(layout.scrollOffset)
    var lines = (offset..<(offset + Int(layout.viewportExtent))).map { $0 < dump.count ? dump[$0] : "" }
    for header in layout.headers {
        let top = Int(view.container.rootOffset(of: header.id) ?? 0)
        for row in 0..<Int(header.visibleExtent) { lines[Int(header.viewportOffset) + row] = dump[top + Int(header.contentOffset) + row] }
    }
    return lines
}

/// A dump line as a frame `width` columns wide shows it: cut at the width (a wide
/// character that would straddle it left out), trailing blanks dropped.
package func clip(_ line: String, to width: Int) -> String {
    var result = TextWidth.prefix(of: line, columns: width)
    while result.last == " " { result.removeLast() }
    return result
}

/// Every row of the stack as frames show it before they cut it at the width: the
/// dump's rows, except that a table's are drawn with its columns as planned for the
/// screen (a dump widens each column to its widest value, so that every value is
/// whole).
package func shownLines(_ view: DocScrollView) -> [String] {
    view.locateEnds()
    let sink = LineSink()
    for segment in view.container.stackSegments {
        switch segment {
        case .gap(let extent):
            for _ in 0..<Int(extent) { sink.row("") }
        case .component(let id):
            guard let component = view.stack.component(id) else { continue }
            guard let table = component as? TableComponent else {
                component.writeRows(width: view.options.width, to: sink)
                continue
            }
            for row in 0..<table.rowCount { sink.row(table.plainText(row: row, width: view.options.width)) }
        }
    }
    return sink.lines
}

/// Every line of the view's dump.
package func dumpLines(_ view: DocScrollView) -> [String] {
    var lines: [String] = []
    view.dump { lines.append($0) }
    return lines
}
