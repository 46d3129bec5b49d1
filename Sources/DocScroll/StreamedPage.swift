import DocumentLayout
import HTMLParsing
import ComponentKit
import RenderCore
import ScrollCore
import SystemIO

/// A page in a stack that is only written out (`--dump`): it holds its source, not a
/// model or lines, and is parsed and laid out as it is written, a fragment at a time
/// (`PageStream`), so that memory holds a few fragments of it. Its extent is unknown
/// until then; it draws nothing, and writes its rows as text.
final class StreamedPage: StackComponent, ReportsFigures {
    let name: String
    private let source: any PageSource
    private let start: Int
    private let address: PageAddress?
    /// What writing the page built (nothing is held after).
    private(set) var figures = ComponentFigures()

    init(name: String, source: any PageSource, start: Int, address: PageAddress?) {
        self.name = name
        self.address = address
        self.source = source
        self.start = start
    }

    var contentExtent: Double { 0 }
    var isExtentEstimated: Bool { true }
    /// No rows until written (`writeRows`): none to draw.
    var rowCount: Int { 0 }
    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {}

    /// Why the page could not be written (`DocScrollError.badInput`, found before any
    /// of its rows), once it was tried.
    private(set) var failure: DocScrollError?

    /// Writes the page's rows at `width` as `PageStream.writeText` makes them, as text;
    /// a page that cannot be parsed writes none and keeps why (`failure`).
    func writeRows(width: Int, to sink: any RowSink) {
        let summary: PageStream.Summary
        do {
            summary = try PageStream.writeText(
                of: source, start: start, width: width, address: address, threads: SystemThreads(), spill: SpillFile(), stop: { sink.isClosed },
                sink.text)
        } catch {
            failure = .badInput(name: name, reason: error.description)
            return
        }
        figures.documentNodes += summary.nodes
        figures.layoutUnits += summary.units
        figures.layoutUnitsLaidOut += summary.units
        figures.layoutLines += summary.lines
    }
}

/// The links of a page streamed (`PageStream`) wait for its References list in a
/// temporary file.
extension SpillFile: SpillStore {}
