import DocScroll
import Foundation
import RenderCore
import ScrollCore

// Components of one's own between a table and a page: a banner of fixed height, and
// an image placeholder that grows when its image "loads". The view keeps the text at
// the top of the viewport in place when the placeholder above it grows.
// Usage: custom-component TABLE.json PAGE.html

/// Three rows of framed text.
final class Banner: ScrollComponent, RowSource {
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

/// A caption row, pinned at the top while the image scrolls under it, then one row
/// ("loading") until loaded, then the image's height in rows.
final class ImagePlaceholder: ScrollComponent, RowSource {
    private(set) var loadedRows: Int?
    var rowCount: Int { 1 + (loadedRows ?? 1) }
    var contentExtent: Double { Double(rowCount) }
    var headerExtent: Double { 1 }
    func load(rows: Int) { loadedRows = rows }
    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        for index in rows.clamped(to: 0..<rowCount) {
            let text = index == 0 ? "Figure 1: the memory model" :
                loadedRows == nil ? "[image: loading…]" : "[image row \(index) of \(rowCount - 1)]"
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
    // The table is component 0; the banner and the image go between it and the page.
    view.insert(Banner("Below: the page"), at: 1)
    let image = ImagePlaceholder()
    let imageID = view.insert(image, at: 2)
    let page = view.container.componentIDs[3]
    view.reveal(DocScrollView.Place(component: page, row: 0))
    func show(_ title: String) {
        print("== \(title) (offset \(view.scrollOffset))")
        let frame = view.frame()
        for row in 0..<frame.height { print(frame.plainText(row: row)) }
    }
    show("the page at the top")
    image.load(rows: 8)
    view.componentDidChange(imageID)
    show("after the image above loaded: the same text at the top")
    view.scroll(to: view.scrollOffset - 14)
    show("scrolled back up over the image and the banner")
    // Row by row into the image: its caption pins at the top, and the events say so.
    for _ in 0..<6 {
        let events = view.navigate(.lines(1))
        if !events.isEmpty { print("events: \(events)") }
    }
    show("inside the image: its caption pinned over it")
} catch {
    FileHandle.standardError.write(Data("custom-component: \(error)\n".utf8))
    exit(1)
}
