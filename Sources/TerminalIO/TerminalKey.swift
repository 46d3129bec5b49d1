/// A key press as decoded from terminal input bytes.
public enum TerminalKey: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, tab, backTab, backspace, escape
    /// A control chord, by its letter: Ctrl-C is `.control("c")`.
    case control(Character)
    /// F1 to F12.
    case function(Int)
}
