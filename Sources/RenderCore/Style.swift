/// How a cell is drawn: text attributes and an optional foreground colour.
///
/// Styles say what a piece of content is (emphasis, a link, a heading); how that
/// maps to escape sequences is the terminal layer's business.
public struct Style: Hashable, Sendable {
    /// Text attributes that combine freely.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Bold (SGR 1): headings, table headers.
        public static let bold = Attributes(rawValue: 1 << 0)
        /// Faint (SGR 2): link marks, rules, quote bars.
        public static let dim = Attributes(rawValue: 1 << 1)
        /// Italic (SGR 3): emphasis.
        public static let italic = Attributes(rawValue: 1 << 2)
        /// Underlined (SGR 4): links, some headings.
        public static let underline = Attributes(rawValue: 1 << 3)
        /// Struck through (SGR 9): deleted text.
        public static let strikethrough = Attributes(rawValue: 1 << 4)
        /// Reverse video (SGR 7): the status line, search matches, the focused link.
        public static let reverse = Attributes(rawValue: 1 << 5)
        /// A link's mark (`[n]` before its text): drawn as the rest of the style says
        /// (no escape sequence of its own), it says where the marks are, so that they
        /// are found as data of a line, not by reading its text.
        public static let linkMark = Attributes(rawValue: 1 << 6)
    }

    /// The attributes, any combination.
    public var attributes: Attributes
    /// Foreground colour, or `nil` for the terminal's default.
    public var foreground: Color?

    /// A style of `attributes` in `foreground` (the terminal's default colour when `nil`).
    public init(_ attributes: Attributes = [], foreground: Color? = nil) {
        self.attributes = attributes
        self.foreground = foreground
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// This style with `other`'s attributes added and its colour, if any, taking over.
    public func merging(_ other: Style) -> Style {
        Style(attributes.union(other.attributes), foreground: other.foreground ?? foreground)
    }
}

/// A colour of the 256-colour palette; 0 to 15 are the terminal's named colours.
public struct Color: Hashable, Sendable {
    /// The colour's index in the palette (SGR 30-37, 90-97, or 38;5;n).
    public var paletteIndex: UInt8
    /// Colour `paletteIndex` of the palette.
    public init(paletteIndex: UInt8) { self.paletteIndex = paletteIndex }

    /// The terminal's named colours 1 to 6 (their look is the terminal's choice).
    public static let red = Color(paletteIndex: 1)
    /// Named colour 2.
    public static let green = Color(paletteIndex: 2)
    /// Named colour 3.
    public static let yellow = Color(paletteIndex: 3)
    /// Named colour 4: links.
    public static let blue = Color(paletteIndex: 4)
    /// Named colour 5.
    public static let magenta = Color(paletteIndex: 5)
    /// Named colour 6.
    public static let cyan = Color(paletteIndex: 6)
}
