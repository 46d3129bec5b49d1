/// A key press (or a turn of the mouse wheel) as a terminal reports it: what the
/// terminal layer decodes and the interactive viewer acts on.
public enum TerminalKey: Hashable, Sendable {
    /// A printable character, typed as it is (with Shift when it takes Shift).
    case character(Character)
    /// The arrow keys.
    case up, down, left, right
    /// The paging and ends keys.
    case pageUp, pageDown, home, end
    /// Enter (Return), Tab, Shift-Tab, Backspace (or Delete) and Escape.
    case enter, tab, backTab, backspace, escape
    /// A control chord, by its letter: Ctrl-C is `.control("c")`.
    case control(Character)
    /// F1 to F12.
    case function(Int)
    /// The mouse wheel turned one notch (SGR mouse reports).
    case wheelUp, wheelDown
    /// The first mouse button pressed, or moved while held, at a screen cell (from 0).
    case click(column: Int, row: Int)
}
