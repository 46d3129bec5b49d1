public import HTMLParsing
public import RenderCore
public import ScrollCore

/// A laid-out document as a component of the container: its rows are its lines.
public final class DocumentView: ScrollComponent, RowSource {
    /// The page this view shows; kept so that it can be laid out again at a new width.
    public let document: HTMLDocument
    /// Width the lines are laid out at, in columns.
    public private(set) var width: Int
    /// The laid-out lines.
    public private(set) var lines: [LayoutLine]
    /// Element ids (and `<a name>` targets) and the line each starts on, for jumps to
    /// `#fragment` links.
    public private(set) var anchors: [String: Int]
    /// Link targets in order: the link marked `[n]` in the text goes to `links[n - 1]`.
    /// The layout ends with this list under "References".
    public private(set) var links: [String]
    /// Lines turned into cells so far (a tile built twice counts twice).
    public private(set) var linesDrawn = 0

    /// Lays out `document` at `width` columns.
    public init(document: HTMLDocument, width: Int) {
        self.document = document
        self.width = max(1, width)
        let laidOut = DocumentLayoutEngine.layout(document, width: self.width)
        lines = laidOut.lines
        anchors = laidOut.anchors
        links = laidOut.links
    }

    /// Lays the document out again at a new width.
    public func layout(width: Int) {
        let width = max(1, width)
        guard width != self.width else { return }
        self.width = width
        let laidOut = DocumentLayoutEngine.layout(document, width: width)
        lines = laidOut.lines
        anchors = laidOut.anchors
        links = laidOut.links
    }

    public var contentExtent: Double { Double(lines.count) }
    public var rowCount: Int { lines.count }

    public func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        for lineIndex in rows.clamped(to: 0..<lines.count) {
            let target = row + lineIndex - rows.lowerBound
            var column = 0
            for span in lines[lineIndex].spans {
                column = buffer.draw(span.text, style: span.style, column: column, row: target)
            }
            linesDrawn += 1
        }
    }

    /// Bytes the laid-out lines hold.
    public var layoutBytes: Int {
        lines.capacity * MemoryLayout<LayoutLine>.stride + lines.reduce(0) { $0 + $1.storageBytes }
    }
}
