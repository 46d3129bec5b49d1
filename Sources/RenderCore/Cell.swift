/// One terminal cell: a grapheme cluster and its style.
///
/// A grapheme two columns wide occupies its cell and the next one; that next cell is
/// a continuation cell (empty `grapheme`) and is never drawn on its own.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here, `" "` for a blank cell, `""` for the right half of a
    /// wide grapheme. Never holds a control character (see `init(_:style:)`).
    public private(set) var grapheme: String
    /// How the grapheme is drawn.
    public var style: Style

    /// A cell showing `grapheme`.
    ///
    /// Control characters (C0, DEL, C1) would reach the terminal as commands, so any
    /// grapheme holding one is replaced by U+FFFD: input bytes never become escape
    /// sequences.
    public init(_ grapheme: Character, style: Style = .plain) {
        self.grapheme = TextWidth.isPrintable(grapheme) ? String(grapheme) : "\u{FFFD}"
        self.style = style
    }

    private init(raw: String, style: Style) {
        self.grapheme = raw
        self.style = style
    }

    /// A cell showing `grapheme`, already known to be printable (read back from a
    /// buffer).
    init(printable grapheme: String, style: Style) {
        self.init(raw: grapheme, style: style)
    }

    /// A blank cell.
    public static let blank = Cell(raw: " ", style: .plain)

    /// The right half of a wide grapheme.
    public static func continuation(style: Style) -> Cell {
        Cell(raw: "", style: style)
    }

    /// Whether this cell is the right half of a wide grapheme.
    public var isContinuation: Bool { grapheme.isEmpty }
}
