import DocumentLayout
import HTMLParsing
import ComponentKit
import RenderCore
import ScrollCore
import SystemIO

/// A page in a stack that is only written out (`--dump`): it holds its source, not a
/// model or lines, and is parsed and laid out as it is written, a fragment at a time
/// (`PageStream`), so that memory holds a few fragments of it. Its extent is unknown
/// until then; it draws nothing.
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
    /// No rows until written (`writeText`): none to draw.
    var rowCount: Int { 0 }
    func drawRows(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {}

    /// Writes the page's rows at `width` as `PageStream.writeText` does.
    /// - Throws: `DocScrollError.badInput`, before any row.
    func writeText(width: Int, stop: () -> Bool, _ write: (UnsafeBufferPointer<UInt8>) -> Void) throws(DocScrollError) {
        let summary: PageStream.Summary
        do {
            summary = try PageStream.writeText(of: source, start: start, width: width, address: address, threads: SystemThreads(), stop: stop, write)
        } catch {
            throw .badInput(name: name, reason: error.description)
        }
        figures.documentNodes += summary.nodes
        figures.layoutUnits += summary.units
        figures.layoutUnitsLaidOut += summary.units
        figures.layoutLines += summary.lines
    }
}
