import ComponentKit
import DocumentLayout
import HTMLParsing
import RenderCore
import ScrollCore
import SystemIO

/// A page in a stack made for one frame (`--frame`): it holds its source, and when
/// told which of its rows the frame shows (`frame(rows:)`) streams the page as a dump
/// does (`PageStream.rows`) down to the last of them, keeping only those. Row
/// numbers are a dump's, exact; memory holds a few fragments, not the page; and the
/// page above the frame is parsed and laid out once, on every core, rather than
/// indexed first and laid out after.
final class FramedPage: StackComponent, ReportsFigures {
    let name: String
    private let source: any PageSource
    private let start: Int
    private let address: PageAddress?
    private let width: Int
    /// The rows streamed for the frame (none before it).
    private var window = PageStream.RowWindow()
    private(set) var figures = ComponentFigures()
    /// Why the page could not be streamed (`DocScrollError.badInput`), once tried.
    private(set) var failure: DocScrollError?
    /// Tells the container the page's rows came; whether they did since its last pass.
    private var invalidator: LayoutInvalidator?
    private var hasNewRows = false

    init(name: String, source: any PageSource, start: Int, address: PageAddress?, width: Int) {
        self.name = name
        self.source = source
        self.start = start
        self.address = address
        self.width = width
    }

    /// Rows streamed so far: the page's own once it was streamed to its end, else as
    /// many as the frame needed (what follows is below it).
    var contentExtent: Double { Double(window.rowCount) }
    var isExtentEstimated: Bool { !window.summary.reachedEnd }
    var rowCount: Int { window.rowCount }

    /// Streams the page down to row `rows.upperBound - 1` (or its end), keeping rows
    /// `rows` to be drawn; a page that cannot be parsed keeps why (`failure`).
    func frame(rows: Range<Int>) {
        do {
            window = try PageStream.rows(
                rows, of: source, start: start, width: width, address: address, threads: SystemThreads(), spill: SpillFile())
        } catch {
            failure = .badInput(name: name, reason: error.description)
            return
        }
        hasNewRows = true
        invalidator?.markNeedsLayout()
        figures.documentNodes = window.summary.nodes
        figures.layoutUnits = window.summary.units
        figures.layoutUnitsLaidOut = window.summary.units
        figures.layoutLines = window.summary.lines
    }

    func attach(_ invalidator: LayoutInvalidator) {
        self.invalidator = invalidator
    }

    func performLayout(_ constraints: LayoutConstraints) -> LayoutGeometry {
        guard hasNewRows else { return .unchanged }
        hasNewRows = false
        return geometry(changedFrom: 0)
    }

    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
        window.draw(rows, into: &buffer, at: row)
    }

    func plainText(row: Int, width: Int) -> String {
        window.plainText(row: row)
    }
}
