import DocScroll
import TerminalIO

/// The keys `less` users expect, as viewer commands.
enum KeyBindings {
    static func command(for key: TerminalKey) -> ViewerCommand? {
        switch key {
        case .character("j"), .character("e"), .down, .enter, .control("n"), .control("e"): .scrollRows(1)
        case .character("k"), .character("y"), .up, .control("p"), .control("y"): .scrollRows(-1)
        case .character(" "), .character("f"), .pageDown, .control("f"), .control("v"): .scrollPages(1)
        case .character("b"), .pageUp, .control("b"): .scrollPages(-1)
        case .character("d"), .control("d"): .scrollHalfPages(1)
        case .character("u"), .control("u"): .scrollHalfPages(-1)
        case .character("g"), .character("<"), .home: .top
        case .character("G"), .character(">"), .end: .bottom
        case .character("l"), .right: .scrollColumns(8)
        case .character("h"), .left: .scrollColumns(-8)
        case .character("q"), .character("Q"), .control("c"), .escape: .quit
        default: nil
        }
    }
}
