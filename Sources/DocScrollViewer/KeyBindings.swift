import RenderCore

/// The viewer's keys in one table: the viewer looks keys up in it, the help screen is
/// drawn from it, and a test holds the README's table of keys to it.
struct KeyBinding: Sendable {
    /// What a key asks for.
    enum Effect: Sendable {
        /// A command, given the number typed before the key (if any).
        case command(@Sendable (_ repeats: Int?) -> ViewerCommand)
        /// Opens the search prompt, to search down the stack or up.
        case prompt(forward: Bool)
        /// Waits for a mark's name to go to, as `'` does in `less` (`''`: the last
        /// jump).
        case mark
        /// Waits for a mark's name to set at the top of the screen, as `m` does in
        /// `less`.
        case setMark
    }

    /// The keys the help screen and the README name, and what each does.
    let keys: [(key: TerminalKey, effect: Effect)]
    /// Keys that do the same as some of `keys`, as in `less`, named nowhere.
    var aliases: [(key: TerminalKey, effect: Effect)] = []
    /// What the keys do, in a few words.
    let meaning: String
    /// What must hold for the keys to act as this binding says (else they act as bound
    /// elsewhere).
    var condition = Condition.always

    enum Condition: Sendable {
        case always
        /// A link has the focus, and no number was typed.
        case linkFocused
        /// A table row has the cursor, and no number was typed.
        case rowCursor
    }

    /// The help screen's line for the binding: the keys' names, then the meaning.
    var helpLine: String {
        var names: [String] = []
        for (key, _) in keys where !names.contains(Self.name(of: key)) { names.append(Self.name(of: key)) }
        let column = names.joined(separator: " ")
        return "  " + column + String(repeating: " ", count: max(2, 24 - column.count)) + meaning
    }

    /// A key's name, as the help screen and the README give it.
    static func name(of key: TerminalKey) -> String {
        switch key {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .escape: "Esc"
        case .control(let letter): "Ctrl-" + letter.uppercased()
        case .function(let number): "F\(number)"
        case .wheelUp, .wheelDown: "mouse wheel"
        case .click: "mouse click"
        }
    }
}

extension KeyBinding {
    /// Rows down (negative: up), times the number typed first.
    private static func rows(_ rows: Int) -> Effect { .command { .scrollRows(rows * max(1, $0 ?? 1)) } }
    private static func pages(_ pages: Int) -> Effect { .command { .scrollPages(pages * max(1, $0 ?? 1)) } }
    private static func halfPages(_ halves: Int) -> Effect { .command { .scrollHalfPages(halves * max(1, $0 ?? 1)) } }
    private static func sideways(_ steps: Int) -> Effect { .command { .scrollSideways(steps * max(1, $0 ?? 1)) } }
    private static func always(_ command: ViewerCommand) -> Effect { .command { _ in command } }

    /// Every key of the viewer, in the help screen's order.
    static let table: [KeyBinding] = [
        KeyBinding(
            keys: [(.character("j"), rows(1)), (.character("k"), rows(-1)), (.down, rows(1)), (.up, rows(-1)), (.enter, rows(1))],
            aliases: [
                (.character("e"), rows(1)), (.control("n"), rows(1)), (.control("e"), rows(1)),
                (.character("y"), rows(-1)), (.control("p"), rows(-1)), (.control("y"), rows(-1)),
            ],
            meaning: "a row down, up (a numeric prefix repeats: 10j)"),
        KeyBinding(
            keys: [
                (.character(" "), pages(1)), (.character("f"), pages(1)), (.character("b"), pages(-1)), (.pageDown, pages(1)),
                (.pageUp, pages(-1)),
            ],
            aliases: [(.control("f"), pages(1)), (.control("v"), pages(1)), (.control("b"), pages(-1))],
            meaning: "a screen down, up"),
        KeyBinding(
            keys: [(.character("d"), halfPages(1)), (.character("u"), halfPages(-1))],
            aliases: [(.control("d"), halfPages(1)), (.control("u"), halfPages(-1))],
            meaning: "half a screen down, up"),
        KeyBinding(
            keys: [
                (.character("g"), .command { $0.map(ViewerCommand.goToRow) ?? .top }),
                (.character("G"), .command { $0.map(ViewerCommand.goToRow) ?? .bottom }),
                (.home, .command { $0.map(ViewerCommand.goToRow) ?? .top }), (.end, .command { $0.map(ViewerCommand.goToRow) ?? .bottom }),
                (.character("<"), .command { $0.map(ViewerCommand.goToRow) ?? .top }),
                (.character(">"), .command { $0.map(ViewerCommand.goToRow) ?? .bottom }),
            ],
            meaning: "the top, the end; with a number: that row (50g)"),
        KeyBinding(
            keys: [(.character("%"), .command { .goToPercent($0 ?? 0) }), (.character("p"), .command { .goToPercent($0 ?? 0) })],
            meaning: "that far into the content (50%)"),
        KeyBinding(
            keys: [(.left, sideways(-1)), (.right, sideways(1))],
            meaning: "sideways: a table by columns, a page by half a screen"),
        KeyBinding(
            keys: [(.character("/"), .prompt(forward: true)), (.character("?"), .prompt(forward: false))],
            meaning: "search down, up (lowercase matches any case)"),
        KeyBinding(
            keys: [(.character("n"), always(.repeatSearch(reversed: false))), (.character("N"), always(.repeatSearch(reversed: true)))],
            meaning: "the next match, the previous one"),
        KeyBinding(
            keys: [
                (.tab, .command { $0.map(ViewerCommand.focusLink) ?? .nextLink }), (.backTab, always(.previousLink)),
                (.character("L"), always(.linkList)),
            ],
            meaning: "next link, previous; 12 Tab: link [12]; L: all links"),
        KeyBinding(
            keys: [(.enter, always(.followLink))], meaning: "follow the focused link (to files, never the network)",
            condition: .linkFocused),
        KeyBinding(keys: [(.backspace, always(.back)), (.character("B"), always(.back))], meaning: "back to where the last link was followed from"),
        KeyBinding(keys: [(.character("m"), .setMark), (.character("'"), .mark)], meaning: "mx marks a place, 'x returns; '' undoes a jump"),
        KeyBinding(
            keys: [
                (.character("]"), always(.nextComponent)), (.character("["), always(.previousComponent)),
                (.character("t"), .command { .nextTab(count: $0 ?? 1) }), (.character("T"), .command { .previousTab(count: $0 ?? 1) }),
            ],
            meaning: "next component, top of this or the last; t T: tabs"),
        KeyBinding(
            keys: [(.character("="), always(.showPosition))], aliases: [(.control("g"), always(.showPosition))],
            meaning: "where you are"),
        KeyBinding(keys: [(.character("v"), always(.showRecord))], meaning: "the record of the cursor's row, or the highest, whole"),
        KeyBinding(keys: [(.character("c"), always(.toggleRowCursor))], meaning: "a row cursor (j k move it, Enter shows its record)"),
        // (Named on the line above.)
        KeyBinding(keys: [], aliases: [(.enter, always(.showRecord))], meaning: "", condition: .rowCursor),
        KeyBinding(
            keys: [(.character("s"), always(.toggleScrollbar)), (.character("i"), always(.togglePictures)), (.character("I"), always(.showPicture))],
            meaning: "a scrollbar; i: pictures or alt text; I: picture alone"),
        KeyBinding(
            keys: [(.wheelDown, rows(Viewer.wheelRows)), (.wheelUp, rows(-Viewer.wheelRows))],
            meaning: "three rows (--no-mouse keeps the terminal's own)"),
        KeyBinding(
            keys: [(.character("F"), always(.toggleFollow)), (.character("R"), always(.reload))],
            meaning: "follow tables as their files grow; reload all inputs"),
        KeyBinding(
            keys: [(.character("h"), always(.help)), (.character("H"), always(.help)), (.function(1), always(.help))],
            meaning: "this help (j/k, Space/b scroll it)"),
        KeyBinding(
            keys: [
                (.control("l"), always(.redraw)), (.control("z"), always(.suspend)), (.control("c"), always(.interrupt)),
                (.character("q"), always(.quit)),
            ],
            aliases: [(.character("Q"), always(.quit))],
            meaning: "redraw; suspend; stop (F, a search); quit"),
    ]

    /// What `key` does when `condition` holds: as bound for it, else as bound always;
    /// `nil` for a key bound to nothing.
    static func effect(of key: TerminalKey, when condition: Condition) -> Effect? {
        switch condition {
        case .always: break
        case .linkFocused: if let effect = focusedEffects[key] { return effect }
        case .rowCursor: if let effect = cursorEffects[key] { return effect }
        }
        return effects[key]
    }

    private static let effects = lookup(table.filter { $0.condition == .always })
    private static let focusedEffects = lookup(table.filter { $0.condition == .linkFocused })
    private static let cursorEffects = lookup(table.filter { $0.condition == .rowCursor })

    private static func lookup(_ bindings: [KeyBinding]) -> [TerminalKey: Effect] {
        var effects: [TerminalKey: Effect] = [:]
        for binding in bindings {
            for (key, effect) in binding.keys + binding.aliases {
                precondition(effects[key] == nil, "\(key) is bound twice")
                effects[key] = effect
            }
        }
        return effects
    }

    /// The help screen.
    static let helpLines = ["docscroll: tables and pages in one scroll", ""] + table.filter { !$0.keys.isEmpty }.map(\.helpLine)
}
