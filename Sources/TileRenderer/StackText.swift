public import ComponentKit

/// The whole stack as text, top to bottom, the way frames show it: the one walk every
/// text dump of a stack takes (`--dump`, plain or with styles, an embedder's export,
/// the renderer's tests).
///
/// It walks the stack's segments rather than its offsets, so that a component whose
/// extent is still an estimate writes exactly the rows it has: gaps (insets and
/// spacing) are blank rows, and each component writes its own rows
/// (`StackComponent.writeRows`: rows wider than the viewport come whole, where a frame
/// cuts them). The sink makes them plain text or draws them with their styles. Text
/// needs no cells: no tile is built.
public enum StackText {
    /// Writes every row of `stack`, laid out at `width`, to `sink`, until the sink is
    /// closed (asked between segments, and by each component between its rows).
    public static func write(_ stack: ComponentStack, width: Int, to sink: any RowSink) {
        for segment in stack.container.stackSegments where !sink.isClosed {
            switch segment {
            case .gap(let extent):
                for _ in 0..<Int(extent) { sink.row("") }
            case .component(let id):
                stack.component(id)?.writeRows(width: width, to: sink)
            }
        }
    }

    /// Every row of `stack` as a line of text (no line feed), in order.
    public static func lines(of stack: ComponentStack, width: Int) -> [String] {
        let sink = LineSink()
        write(stack, width: width, to: sink)
        return sink.lines
    }
}
