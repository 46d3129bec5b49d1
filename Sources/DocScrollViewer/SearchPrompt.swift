import RenderCore

/// The search prompt in the status line, opened by `/` (down the stack) or `?` (up):
/// the text typed so far, edited key by key.
public struct SearchPrompt: Hashable, Sendable {
    /// Whether the search goes down the stack.
    public let forward: Bool
    /// The text typed so far.
    public private(set) var text = ""

    /// Characters the prompt takes at most: a search is for words, and a query of
    /// thousands of characters (keys pasted or typed at random) only costs time.
    public static let maximumCharacters = 1_000

    /// An empty prompt for a search down the stack, or up.
    public init(forward: Bool) {
        self.forward = forward
    }

    /// What a key did to the prompt.
    enum Edit: Equatable {
        /// Enter: search for the text (empty: the last search again).
        case submitted(String)
        /// Escape, Ctrl-C or Ctrl-G, or Backspace with nothing typed: no search.
        case cancelled
        /// The text changed.
        case changed
        /// The key means nothing here.
        case ignored
        /// A character past `maximumCharacters`: not typed.
        case full
    }

    /// Edits the prompt with `key`: printable text is typed, Backspace takes the last
    /// character back.
    mutating func edit(with key: TerminalKey) -> Edit {
        switch key {
        case .enter:
            return .submitted(text)
        case .escape, .control("c"), .control("g"):
            return .cancelled
        case .backspace:
            if text.isEmpty { return .cancelled }
            text.removeLast()
            return .changed
        case .character(let character) where TextWidth.isPrintable(character):
            guard text.count < Self.maximumCharacters else { return .full }
            text.append(character)
            return .changed
        default:
            return .ignored
        }
    }

    /// The prompt as the status line shows it in `columns`: its sign, the text (its
    /// end, where it does not fit: what is being typed), a cursor.
    func shown(columns: Int) -> String {
        let sign = forward ? "/" : "?"
        let room = columns - 2
        guard TextWidth.columns(of: text) > room, room > 1 else { return sign + text + "█" }
        return sign + "…" + TextWidth.suffix(of: text, columns: room - 1) + "█"
    }
}
