import RenderCore

/// The search prompt in the status line, opened by `/` (down the stack) or `?` (up):
/// the text typed so far, edited key by key.
public struct SearchPrompt: Hashable, Sendable {
    /// Whether the search goes down the stack.
    public let forward: Bool
    /// The text typed so far.
    public private(set) var text = ""

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
            text.append(character)
            return .changed
        default:
            return .ignored
        }
    }

    /// The prompt as the status line shows it: its sign, the text, a cursor.
    var shown: String {
        (forward ? "/" : "?") + text + "█"
    }
}
