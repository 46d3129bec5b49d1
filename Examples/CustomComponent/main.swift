import DocScroll
import Foundation
import ComponentKit
import RenderCore
import ScrollCore

// Components of one's own between a table and a page: a banner of fixed height, and
// a figure whose image is asked for when the viewport nears it and grows when it
// arrives. The view keeps the text at the top of the viewport in place when the
// figure above it grows.
// Usage: custom-component TABLE.json PAGE.html

/// Three rows of framed text.
final class Banner: StackComponent {
    let text: String
    init(_ text: String) { self.text = text }
    var contentExtent: Double { 3 }
    var rowCount: Int { 3 }
    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        for index in rows.clamped(to: 0..<3) {
            let line = index == 1 ? "│ \(text)" : String(repeating: "─", count: buffer.width)
            buffer.draw(line, style: Style(.bold), column: 0, row: row + index - rows.lowerBound)
        }
    }
}

/// A figure: a caption row, pinned at the top while the image scrolls under it, then
/// one row ("loading") until the image is decoded, then the image's height in rows.
///
/// All it does, it does through the container's contract: it asks for its image only
/// when a layout pass first reaches its rows (laziness), it marks itself as needing
/// layout when the image arrives (invalidation: the next frame takes its new extent,
/// the text at the top of the viewport staying put), and its rows are written out
/// with the stack's text (`StackComponent`).
final class Figure: StackComponent {
    private var invalidator: LayoutInvalidator?
    /// Whether a layout pass reached the figure's rows: its image is wanted.
    private(set) var isRequested = false
    private(set) var imageRows: Int?
    /// The rows changed since the last pass, from this one on.
    private var changedFrom: Double?

    var rowCount: Int { 1 + (imageRows ?? 1) }
    var contentExtent: Double { Double(rowCount) }
    var isExtentEstimated: Bool { imageRows == nil }
    var headerExtent: Double { 1 }

    func attach(_ invalidator: LayoutInvalidator) { self.invalidator = invalidator }

    func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
        if !constraints.rows.isEmpty, constraints.rows.lowerBound < rowCount { isRequested = true }
        defer { changedFrom = nil }
        guard let changedFrom else { return .unchanged }
        return geometry(changedFrom: changedFrom)
    }

    /// The decoded image arrives (here, from the caller; in an application, from a
    /// decoder's thread, handed over on the main one).
    func imageDidDecode(rows: Int) {
        imageRows = rows
        changedFrom = 1
        invalidator?.markNeedsLayout()
    }

    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        for index in rows.clamped(to: 0..<rowCount) {
            let text = index == 0 ? "Figure 1: the memory model" :
                imageRows == nil ? "[image: loading…]" : "[image row \(index) of \(rowCount - 1)]"
            buffer.draw(text, style: Style(index == 0 ? .bold : .dim), column: 0, row: row + index - rows.lowerBound)
        }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: custom-component TABLE.json PAGE.html\n".utf8))
    exit(2)
}
do {
    let view = try DocScrollView(
        pages: [try InputFile.read(arguments[1])], tables: [try InputFile.read(arguments[0])], options: .init(width: 60, height: 10))
    // The table is component 0; the banner and the figure go between it and the page.
    view.insert(Banner("Below: the page"), at: 1)
    let figure = Figure()
    view.insert(figure, at: 2)
    print("figure requested with the table at the top: \(figure.isRequested)")
    let page = view.componentIDs[3]
    view.reveal(DocScrollView.Place(component: page, row: 0))
    func show(_ title: String) {
        let frame = view.frame()
        print("== \(title) (offset \(view.scrollOffset))")
        for row in 0..<frame.height { print(frame.plainText(row: row)) }
    }
    show("the page at the top")
    print("figure requested with the page at the top: \(figure.isRequested)")
    figure.imageDidDecode(rows: 8)
    show("after the image above loaded: the same text at the top")
    view.scroll(to: view.scrollOffset - 14)
    show("scrolled back up over the image and the banner")
    // Row by row into the image: its caption pins at the top, and the events say so.
    for _ in 0..<6 {
        let events = view.navigate(.lines(1))
        if !events.isEmpty { print("events: \(events)") }
    }
    show("inside the image: its caption pinned over it")
    // The stack's text has the figure's rows, as drawn.
    view.dump { line in if line.hasPrefix("[image row 8") { print("dump: \(line)") } }
} catch {
    FileHandle.standardError.write(Data("custom-component: \(error)\n".utf8))
    exit(1)
}
