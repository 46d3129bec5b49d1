import ComponentKit
import DocumentLayout
import HTMLParsing
import RenderCore
import ScrollCore
import SystemIO

/// A page in a stack made for one frame (`--frame`): it holds its source, and when a
/// layout pass asks for rows of it (`performLayout`) streams the page as a dump does
/// (`PageStream.rows`) down to the last of them, keeping only those. Row numbers are
/// a dump's, exact; memory holds a few fragments, not the page; and the page above
/// the frame is parsed and laid out once, on every core, rather than indexed first
/// and laid out after.
final class FramedPage: StackComponent, ReportsFigures {
    let name: String
    private let source: any PageSource
    private let start: Int
    private let address: PageAddress?
    /// How its pictures are laid out and drawn (`nil`: as their alt text).
    let pictures: PictureLayout?
    private let width: Int
    /// The rows streamed for the frame (none before it).
    private var window = PageStream.RowWindow()
    private var hasStreamed = false
    private(set) var figures = ComponentFigures()
    /// Why the page could not be streamed (`DocScrollError.badInput`), once tried.
    private(set) var failure: DocScrollError?

    init(name: String, source: any PageSource, start: Int, address: PageAddress?, pictures: PictureLayout?, width: Int) {
        self.name = name
        self.source = source
        self.start = start
        self.address = address
        self.pictures = pictures
        self.width = width
    }

    /// Rows streamed so far: the page's own once it was streamed to its end, else as
    /// many as the frame needed (what follows is below it). Before any, a bound the
    /// page's rows stay under (two per byte: a row takes a byte at least, blank rows
    /// aside), so that an offset held anywhere in the page reaches it; a page still
    /// arriving has no bound yet.
    var contentExtent: Double {
        if hasStreamed { return Double(window.rowCount) }
        return source.isComplete ? Double(2 * source.byteCount) : Double(Int32.max)
    }

    var isExtentEstimated: Bool { !window.summary.reachedEnd }
    var rowCount: Int { Int(contentExtent) }

    /// Streams the page down to the last row the viewport shows of it (or its end),
    /// unless the rows streamed already hold them; a page that cannot be parsed
    /// keeps why (`failure`) and shows nothing.
    func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
        guard failure == nil, constraints.remainingPaintExtent > 0 else { return .unchanged }
        let top = Int(constraints.scrollOffset)
        var shown = top..<(top + Int(constraints.remainingPaintExtent.rounded(.up)))
        if window.summary.reachedEnd { shown = shown.clamped(to: 0..<window.rowCount) }
        if hasStreamed, shown.isEmpty || window.heldRows.clamped(to: shown) == shown { return .unchanged }
        do {
            window = try PageStream.rows(
                shown, of: source, start: start, width: width, address: address, pictures: pictures, threads: SystemThreads(),
                spill: SpillFile())
        } catch {
            failure = .badInput(name: name, reason: error.description)
            return .unchanged
        }
        hasStreamed = true
        figures.documentNodes = window.summary.nodes
        figures.layoutUnits = window.summary.units
        figures.layoutUnitsLaidOut = window.summary.units
        figures.layoutLines = window.summary.lines
        return geometry(changedFrom: 0)
    }

    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        window.draw(rows, into: &buffer, at: row)
    }

    func plainText(row: Int, width: Int) -> String {
        window.plainText(row: row)
    }
}
