public import ComponentKit
public import RenderCore

/// The whole stack as text, top to bottom, the way frames show it: the one walk every
/// text dump of a stack takes (`--dump`, an embedder's export, the renderer's tests).
///
/// It walks the stack's segments rather than its offsets, so that a component whose
/// extent is still an estimate writes exactly the rows it has: gaps (insets and
/// spacing) are blank rows; a component that writes its own text (a page parsed as it
/// is written) does; every other writes its rows (`StackComponent.writePlainText`:
/// rows wider than the viewport come whole, where a frame cuts them). Text needs no
/// cells: no tile is built.
public enum StackText {
    /// Writes every row of `stack` as UTF-8 text, each row ending in a line feed,
    /// in pieces of whole rows gathered into large writes. When `stop` answers true
    /// (asked between components and pieces), no more rows come.
    /// - Parameters:
    ///   - width: the width rows are laid out and drawn at.
    ///   - ownText: writes a component's rows itself and answers true, or answers
    ///     false to have them written as above; what it throws ends the walk.
    ///   - write: receives the text.
    public static func write<Failure: Error>(
        _ stack: ComponentStack, width: Int, stop: () -> Bool = { false },
        ownText: (any StackComponent, _ write: (UnsafeBufferPointer<UInt8>) -> Void) throws(Failure) -> Bool,
        _ write: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(Failure) {
        var rows = TextRows(pieceBytes: flushBytes)
        func flush() { rows.flush(to: write) }
        func row(_ text: String) { rows.append(text, to: write) }
        for segment in stack.container.stackSegments where !stop() {
            switch segment {
            case .gap(let extent):
                for _ in 0..<Int(extent) { row("") }
            case .component(let id):
                guard let component = stack.component(id) else { continue }
                flush()
                let wroteItself = try withoutActuallyEscaping(write) { write throws(Failure) in try ownText(component, write) }
                if !wroteItself { component.writePlainText(width: width, write) }
            }
        }
        flush()
    }

    /// Writes every row of `stack` as `write(_:width:stop:ownText:_:)` does, with
    /// no component writing its own text.
    public static func write(
        _ stack: ComponentStack, width: Int, stop: () -> Bool = { false }, _ write: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        Self.write(stack, width: width, stop: stop, ownText: { _, _ in false }, write)
    }

    /// Every row of `stack`, in the order `write` writes them, drawn with its
    /// styles into a buffer of one row as wide as the row's text (a `pre` line wider
    /// than `width` whole, as the text has it; a gap's row empty). For output with
    /// styles (`--color always` with `--dump`).
    public static func forEachRow(_ stack: ComponentStack, width: Int, stop: () -> Bool = { false }, _ body: (FrameBuffer) -> Void) {
        for segment in stack.container.stackSegments where !stop() {
            switch segment {
            case .gap(let extent):
                for _ in 0..<Int(extent) { body(FrameBuffer(width: 0, height: 1)) }
            case .component(let id):
                guard let source = stack.component(id) else { continue }
                var row = 0
                source.forEachPlainText(width: width) { text in
                    var buffer = FrameBuffer(width: TextWidth.columns(of: text), height: 1)
                    source.drawRows(row..<(row + 1), into: &buffer, at: 0)
                    body(buffer)
                    row += 1
                }
            }
        }
    }

    /// Every row of `stack` as a line of text (no line feed), in order.
    public static func lines(of stack: ComponentStack, width: Int) -> [String] {
        var text: [UInt8] = []
        write(stack, width: width) { text += $0 }
        return text.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// Bytes gathered before a write.
    static let flushBytes = 1 << 16
}
