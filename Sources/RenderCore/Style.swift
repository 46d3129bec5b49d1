/// How a cell is drawn: text attributes and an optional foreground colour.
///
/// Styles say what a piece of content is (emphasis, a link, a heading); how that
/// maps to escape sequences is the terminal layer's business.
public struct Style: Hashable, Sendable {
    /// Text attributes that combine freely.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Bold (SGR 1): headings, table headers.
        @inlinable public static var bold: Attributes { Attributes(rawValue: 1 << 0) }
        /// Faint (SGR 2): link marks, rules, quote bars.
        @inlinable public static var dim: Attributes { Attributes(rawValue: 1 << 1) }
        /// Italic (SGR 3): emphasis.
        @inlinable public static var italic: Attributes { Attributes(rawValue: 1 << 2) }
        /// Underlined (SGR 4): links, some headings.
        @inlinable public static var underline: Attributes { Attributes(rawValue: 1 << 3) }
        /// Struck through (SGR 9): deleted text.
        @inlinable public static var strikethrough: Attributes { Attributes(rawValue: 1 << 4) }
        /// Reverse video (SGR 7): the status line, search matches, the focused link.
        @inlinable public static var reverse: Attributes { Attributes(rawValue: 1 << 5) }
        /// A link's mark (`[n]` before its text): drawn as the rest of the style says
        /// (no escape sequence of its own), it says where the marks are, so that they
        /// are found as data of a line, not by reading its text.
        @inlinable public static var linkMark: Attributes { Attributes(rawValue: 1 << 6) }
        /// The text of a link that has a mark: drawn as the rest of the style says
        /// (cells do not keep it), it says which columns of a line a link takes, so
        /// that the focused link's whole text is shown.
        @inlinable public static var linkText: Attributes { Attributes(rawValue: 1 << 7) }
    }

    /// The attributes, any combination.
    public var attributes: Attributes
    /// Foreground colour, or `nil` for the terminal's default.
    public var foreground: Color?

    /// A style of `attributes` in `foreground` (the terminal's default colour when `nil`).
    @inlinable public init(_ attributes: Attributes = [], foreground: Color? = nil) {
        self.attributes = attributes
        self.foreground = foreground
    }

    /// The terminal's default look.
    @inlinable public static var plain: Style { Style() }

    /// This style with `other`'s attributes added and its colour, if any, taking over.
    @inlinable public func merging(_ other: Style) -> Style {
        Style(attributes.union(other.attributes), foreground: other.foreground ?? foreground)
    }

    /// Styles are compared for every run laid out (whether it joins the run before):
    /// inlinable, where the synthesised comparison is a call into this module.
    @inlinable public static func == (left: Style, right: Style) -> Bool {
        left.attributes.rawValue == right.attributes.rawValue && left.foreground?.paletteIndex == right.foreground?.paletteIndex
    }
}

/// A colour of the 256-colour palette; 0 to 15 are the terminal's named colours.
public struct Color: Hashable, Sendable {
    /// The colour's index in the palette (SGR 30-37, 90-97, or 38;5;n).
    public var paletteIndex: UInt8
    /// Colour `paletteIndex` of the palette.
    @inlinable public init(paletteIndex: UInt8) { self.paletteIndex = paletteIndex }

    /// The terminal's named colours 1 to 6 (their look is the terminal's choice).
    @inlinable public static var red: Color { Color(paletteIndex: 1) }
    /// Named colour 2.
    @inlinable public static var green: Color { Color(paletteIndex: 2) }
    /// Named colour 3.
    @inlinable public static var yellow: Color { Color(paletteIndex: 3) }
    /// Named colour 4: links.
    @inlinable public static var blue: Color { Color(paletteIndex: 4) }
    /// Named colour 5.
    @inlinable public static var magenta: Color { Color(paletteIndex: 5) }
    /// Named colour 6.
    @inlinable public static var cyan: Color { Color(paletteIndex: 6) }
}
