import ComponentKit
import RenderCore
import TileRenderer

/// The stack written out: as plain text a row at a time (`dump`), as UTF-8 in large
/// pieces (`writeText`, `dumpStreaming`), or drawn with its styles (`forEachStyledRow`).
extension DocScrollView {
    /// Every row of the stack as plain text, top to bottom (`writeText`).
    public func dump(line: (String) -> Void) {
        // (A view built to be shown has no streamed page: nothing can fail.)
        _ = try? writeText { text in
            for row in text.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
                line(String(decoding: row, as: UTF8.self))
            }
        }
    }

    /// Writes every row of the stack as UTF-8 text, top to bottom, each row ending in a
    /// line feed, in pieces of whole rows (`StackText`, `PlainTextSink`): its gaps as
    /// blank rows, and each component's rows as it gives them (a table's and a page's
    /// as drawn, a windowed page laid out a chunk at a time and its lines dropped once
    /// written; a streamed page's as it is parsed and laid out, `StreamedPage`). When
    /// `stop` answers true, no more rows come.
    /// - Throws: `DocScrollError.badInput` for a streamed page that cannot be parsed,
    ///   before any of its rows (and none after them).
    package func writeText(stop: () -> Bool = { false }, _ write: (UnsafeBufferPointer<UInt8>) -> Void) throws(DocScrollError) {
        indexAllTables()
        func failure() -> DocScrollError? { streamedPages.lazy.compactMap(\.failure).first }
        PlainTextSink.writing(to: write, stop: { stop() || failure() != nil }) { sink in
            StackText.write(stack, width: options.width, to: sink)
        }
        if let failure = failure() { throw failure }
    }

    /// Every row of the stack, in the order `dump` gives them, drawn with its styles
    /// into a buffer of one row as wide as the row's text (`StyledRowSink`): for text
    /// with styles, such as SGR sequences for a pager that shows them.
    public func forEachStyledRow(_ body: (FrameBuffer) -> Void) {
        indexAllTables()
        StyledRowSink.drawing(each: body) { sink in StackText.write(stack, width: options.width, to: sink) }
    }

    /// Writes the rows `dump` would write for a view of these inputs, without building
    /// the view's pages: each page is parsed and laid out at once, a fragment at a
    /// time (`StreamedPage`), so that memory holds a few fragments of a page, not its
    /// model, and parsing overlaps layout. Every input is checked before any row is
    /// written.
    /// - Parameters:
    ///   - pages: the pages, written after the tables.
    ///   - tables: the tables, written first.
    ///   - options: the width, the encoding, how tables are read.
    ///   - stop: answers true when no more rows are wanted (a closed pipe).
    ///   - text: receives the rows' UTF-8 text in order: whole rows, each ending in a
    ///     line feed, many at a time (a page's come a fragment at a time, with no
    ///     `String` made for each).
    /// - Returns: the figures of what was built.
    /// - Throws: `DocScrollError.badInput` naming the first input that cannot be used.
    @discardableResult
    public static func dumpStreaming(
        pages: [InputFile], tables: [InputFile], options: Options, stop: () -> Bool = { false },
        text: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(DocScrollError) -> Statistics {
        let view = try DocScrollView(pages: pages, tables: tables, options: options, pagesMade: .toBeWritten)
        try view.writeText(stop: stop, text)
        return view.statistics
    }

    /// The viewport at root offset `offset` (as `frame(at:)` draws it) of a view of
    /// these inputs, made for that one frame: windowed, each page is streamed as a
    /// dump streams it down to the frame's last row (`FramedPage`), so that a frame
    /// deep in a page costs about a dump of the page above it, on every core, in the
    /// memory of a few fragments, its row numbers a dump's. Tables are indexed only as
    /// far as the frame's rows; `scrolledColumns` of their unfrozen columns are out at
    /// the left (`scrollColumns(to:)`).
    /// - Returns: the frame, and the figures of what was built.
    /// - Throws: `DocScrollError.badInput` naming the first input that cannot be used.
    public static func singleFrame(
        at offset: Int, scrolledColumns: Int = 0, pages: [InputFile], tables: [InputFile], options: Options
    ) throws(DocScrollError) -> (frame: FrameBuffer, statistics: Statistics) {
        var options = options
        options.indexesTablesInParts = true
        options.showsTablesArriving = false
        let view = try DocScrollView(
            pages: pages, tables: tables, options: options, pagesMade: options.mode == .windowed ? .forOneFrame : .toBeShown)
        // (Nothing is drawn ahead of a frame that is the only one.)
        view.defersPrefetch = true
        view.scrollColumns(to: scrolledColumns)
        let frame = view.frame(at: offset)
        if let failure = view.framedPages.lazy.compactMap(\.failure).first { throw failure }
        return (frame, view.statistics)
    }
}
