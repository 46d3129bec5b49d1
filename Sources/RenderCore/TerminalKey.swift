/// A key press (or a turn of the mouse wheel) as a terminal reports it: what the
/// terminal layer decodes and the interactive viewer acts on.
public enum TerminalKey: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, tab, backTab, backspace, escape
    /// A control chord, by its letter: Ctrl-C is `.control("c")`.
    case control(Character)
    /// F1 to F12.
    case function(Int)
    /// The mouse wheel turned one notch (SGR mouse reports).
    case wheelUp, wheelDown
}
