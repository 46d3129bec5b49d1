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
    /// For each line, the block element it came from: what a line means across widths.
    private var lineBlocks: [HTMLDocument.NodeIndex]
    /// Lines turned into cells so far (a tile built twice counts twice).
    public private(set) var linesDrawn = 0

    /// Lays out `document` at `width` columns.
    public init(document: HTMLDocument, width: Int) {
        self.document = document
        self.width = max(1, width)
        let laidOut = DocumentLayoutEngine.layout(document, width: self.width)
        lines = laidOut.lines
        lineBlocks = laidOut.lineBlocks
        anchors = laidOut.anchors
        links = laidOut.links
    }

    /// Lays the document out again at a new width (from the kept model: no reparse).
    /// - Parameter row: a line at the old width, such as the one at the viewport top.
    /// - Returns: the line at the new width that shows the same text: the same block,
    ///   the same fraction into it.
    @discardableResult
    public func layout(width: Int, keeping row: Int = 0) -> Int {
        let width = max(1, width)
        guard width != self.width else { return row }
        let old = lineBlocks
        self.width = width
        let laidOut = DocumentLayoutEngine.layout(document, width: width)
        lines = laidOut.lines
        lineBlocks = laidOut.lineBlocks
        anchors = laidOut.anchors
        links = laidOut.links
        return Self.relocate(row, from: old, to: lineBlocks)
    }

    /// Where line `row` of one layout is in another, by the block each line came from.
    static func relocate(_ row: Int, from old: [HTMLDocument.NodeIndex], to new: [HTMLDocument.NodeIndex]) -> Int {
        guard row >= 0, row < old.count, !new.isEmpty else { return 0 }
        let block = old[row]
        var oldStart = row
        while oldStart > 0, old[oldStart - 1] == block { oldStart -= 1 }
        var oldEnd = row + 1
        while oldEnd < old.count, old[oldEnd] == block { oldEnd += 1 }
        // The same block's run of lines in the new layout, the one with as many runs
        // of that block before it (a block may be split by its children).
        var runsBefore = 0
        var index = 0
        while index < oldStart {
            if old[index] == block, index == 0 || old[index - 1] != block { runsBefore += 1 }
            index += 1
        }
        var newStart: Int?
        var seen = 0
        for (line, candidate) in new.enumerated() where candidate == block && (line == 0 || new[line - 1] != block) {
            if seen == runsBefore {
                newStart = line
                break
            }
            seen += 1
        }
        guard let start = newStart else {
            return min(new.count - 1, row * new.count / max(1, old.count))
        }
        var end = start + 1
        while end < new.count, new[end] == block { end += 1 }
        return start + (row - oldStart) * (end - start) / (oldEnd - oldStart)
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

    /// The element the line at `row` came from (`pre`, `table`, `p`, ...), for checks
    /// such as "only preformatted text and tables may be wider than the width".
    package func sourceTag(ofRow row: Int) -> HTMLTag? {
        guard row >= 0, row < lineBlocks.count, lineBlocks[row] != HTMLDocument.none else { return nil }
        return document[lineBlocks[row]].tag
    }

    /// The line's text, as cells would show it; whole when wider than `width`.
    public func plainText(row: Int, width: Int) -> String {
        guard row >= 0, row < lines.count else { return "" }
        linesDrawn += 1
        var text = TextWidth.printable(lines[row].text)
        while text.last == " " { text.removeLast() }
        return text
    }

    /// Bytes the laid-out lines hold.
    public var layoutBytes: Int {
        lines.capacity * MemoryLayout<LayoutLine>.stride + lines.reduce(0) { $0 + $1.storageBytes }
    }
}
