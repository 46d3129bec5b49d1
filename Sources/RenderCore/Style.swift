/// How a cell is drawn: text attributes and an optional foreground colour.
///
/// Styles say what a piece of content is (emphasis, a link, a heading); how that
/// maps to escape sequences is the terminal layer's business.
public struct Style: Hashable, Sendable {
    /// Text attributes that combine freely.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Attributes(rawValue: 1 << 0)
        public static let dim = Attributes(rawValue: 1 << 1)
        public static let italic = Attributes(rawValue: 1 << 2)
        public static let underline = Attributes(rawValue: 1 << 3)
        public static let strikethrough = Attributes(rawValue: 1 << 4)
        public static let reverse = Attributes(rawValue: 1 << 5)
    }

    public var attributes: Attributes
    /// Foreground colour, or `nil` for the terminal's default.
    public var foreground: Color?

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
    public var paletteIndex: UInt8
    public init(paletteIndex: UInt8) { self.paletteIndex = paletteIndex }

    public static let red = Color(paletteIndex: 1)
    public static let green = Color(paletteIndex: 2)
    public static let yellow = Color(paletteIndex: 3)
    public static let blue = Color(paletteIndex: 4)
    public static let magenta = Color(paletteIndex: 5)
    public static let cyan = Color(paletteIndex: 6)
}
