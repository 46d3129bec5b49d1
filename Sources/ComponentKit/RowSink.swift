public import RenderCore

/// Where a component's rows go when it is written out (`StackComponent.writeRows`):
/// the one producer of a component's text hands each row to a sink, which keeps its
/// text (a plain dump, a search's lines) or draws it with its styles. So every dump,
/// plain or styled, whole or streamed, page or table, takes the same rows.
public protocol RowSink: AnyObject {
    /// Whether the sink draws rows with their styles (it then calls the `draw` each
    /// row comes with); a sink of plain text never does.
    var drawsRows: Bool { get }

    /// Whether no more rows are wanted (the reader closed the pipe): a producer asks
    /// between rows, or pieces of rows, and stops.
    var isClosed: Bool { get }

    /// One row: its plain text (no line feed), and what draws it into a buffer one
    /// row high as wide as that text, at row 0.
    func row(_ text: String, draw: (inout FrameBuffer) -> Void)

    /// `row(_:draw:)` for a row that draws past its text (a picture's cells beside
    /// its alt text): drawn at least `columns` wide.
    func row(_ text: String, columns: Int, draw: (inout FrameBuffer) -> Void)

    /// Rows made as UTF-8 text without a `String` each (a page laid out as it is
    /// parsed, a row of megabytes): whole rows, each ending in a line feed, except
    /// that a long row may come in several pieces, its line feed in the last.
    func text(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension RowSink {
    /// Plain text is the text alone, whatever is drawn past it.
    public func row(_ text: String, columns: Int, draw: (inout FrameBuffer) -> Void) {
        row(text, draw: draw)
    }

    /// A row with no styles to draw (a gap's blank row, text made as text).
    public func row(_ text: String) {
        row(text) { buffer in buffer.draw(text, column: 0, row: 0) }
    }
}

/// Rows as UTF-8 text, each ending in a line feed, gathered into large writes: what
/// a plain dump writes.
public final class PlainTextSink: RowSink {
    private let write: (UnsafeBufferPointer<UInt8>) -> Void
    private let stop: () -> Bool
    private var pending: [UInt8] = []

    /// A sink handing its text to `write` in pieces of about 64 KB of whole rows
    /// (so a reader sees rows soon, and few writes are made), closed once `stop`
    /// answers true.
    public init(write: @escaping (UnsafeBufferPointer<UInt8>) -> Void, stop: @escaping () -> Bool = { false }) {
        self.write = write
        self.stop = stop
    }

    public var drawsRows: Bool { false }
    public var isClosed: Bool { stop() }

    public func row(_ text: String, draw: (inout FrameBuffer) -> Void) {
        pending += text.utf8
        pending.append(0x0A)
        if pending.count >= Self.pieceBytes { flush() }
    }

    /// Passed on as they come, after what is gathered (no copy of a large piece).
    public func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        flush()
        write(bytes)
    }

    /// Writes what is gathered: call it once the rows are written.
    public func flush() {
        guard !pending.isEmpty else { return }
        pending.withUnsafeBufferPointer(write)
        pending.removeAll(keepingCapacity: true)
    }

    /// Bytes gathered before a write.
    static let pieceBytes = 1 << 16

    /// Runs `body` with a sink writing to `write` and closed once `stop` answers
    /// true, flushed after.
    public static func writing<Failure: Error>(
        to write: (UnsafeBufferPointer<UInt8>) -> Void, stop: () -> Bool = { false }, _ body: (PlainTextSink) throws(Failure) -> Void
    ) throws(Failure) {
        try withoutActuallyEscaping(write) { write throws(Failure) in
            try withoutActuallyEscaping(stop) { stop throws(Failure) in
                let sink = PlainTextSink(write: write, stop: stop)
                try body(sink)
                sink.flush()
            }
        }
    }
}

/// Every row as a `String` (no line feed): for reading a component's rows in tests
/// and small tools.
public final class LineSink: RowSink {
    /// The rows written so far.
    public private(set) var lines: [String] = []
    private var split = LineSplitter()

    /// A sink holding no rows yet.
    public init() {}

    public var drawsRows: Bool { false }
    public var isClosed: Bool { false }

    public func row(_ text: String, draw: (inout FrameBuffer) -> Void) {
        lines.append(text)
    }

    public func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        split.add(bytes) { lines.append($0) }
    }
}

/// Every row drawn with its styles into a buffer one row high, as wide as the row's
/// text (a gap's row is empty): for output with styles, such as `--color always`
/// with `--dump`. A row that comes as text is drawn plain.
public final class StyledRowSink: RowSink {
    private let body: (FrameBuffer) -> Void
    private var split = LineSplitter()

    /// A sink handing each row to `body`.
    public init(_ body: @escaping (FrameBuffer) -> Void) {
        self.body = body
    }

    public var drawsRows: Bool { true }
    public var isClosed: Bool { false }

    public func row(_ text: String, draw: (inout FrameBuffer) -> Void) {
        row(text, columns: 0, draw: draw)
    }

    public func row(_ text: String, columns: Int, draw: (inout FrameBuffer) -> Void) {
        var buffer = FrameBuffer(width: max(columns, TextWidth.columns(of: text)), height: 1)
        draw(&buffer)
        body(buffer)
    }

    public func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        split.add(bytes) { row($0) }
    }

    /// Runs `body` with a sink handing each row to `each`.
    public static func drawing(each: (FrameBuffer) -> Void, _ body: (StyledRowSink) -> Void) {
        withoutActuallyEscaping(each) { each in body(StyledRowSink(each)) }
    }
}

/// Rows that come as UTF-8 text, in pieces that may split a row, made into one
/// `String` a row.
private struct LineSplitter {
    private var partial: [UInt8] = []

    /// Adds `bytes`, calling `line` with each row they end (without its line feed).
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, line: (String) -> Void) {
        var start = bytes.startIndex
        while let end = bytes[start...].firstIndex(of: 0x0A) {
            partial += bytes[start..<end]
            line(String(decoding: partial, as: UTF8.self))
            partial.removeAll(keepingCapacity: true)
            start = end + 1
        }
        partial += bytes[start...]
    }
}
