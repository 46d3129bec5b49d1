/// How a cell is drawn: text attributes, and optional foreground and background
/// colours.
///
/// Styles say what a piece of content is (emphasis, a link, a heading, a picture's
/// cell); how that maps to escape sequences is the terminal layer's business.
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

    /// Attributes in bits 0-7, the foreground colour in bits 8-33 and the background
    /// in bits 34-59, each a `Color`'s bits with `Color.presence` set (`0` for none):
    /// one integer, so that a style takes 8 bytes in every run laid out and comparing
    /// two, done for every run, is comparing two integers.
    @usableFromInline var bits: UInt64

    @usableFromInline static let foregroundShift: UInt64 = 8
    @usableFromInline static let backgroundShift: UInt64 = 34
    @usableFromInline static let colorMask: UInt64 = (1 << 26) - 1

    /// A style of `attributes` in `foreground` on `background` (the terminal's
    /// default colours when `nil`).
    @inlinable public init(_ attributes: Attributes = [], foreground: Color? = nil, background: Color? = nil) {
        bits = UInt64(attributes.rawValue)
        if let foreground { bits |= UInt64(foreground.bits | Color.presence) << Self.foregroundShift }
        if let background { bits |= UInt64(background.bits | Color.presence) << Self.backgroundShift }
    }

    /// The attributes, any combination.
    @inlinable public var attributes: Attributes {
        get { Attributes(rawValue: UInt8(truncatingIfNeeded: bits)) }
        set { bits = bits & ~0xFF | UInt64(newValue.rawValue) }
    }

    /// Foreground colour, or `nil` for the terminal's default.
    @inlinable public var foreground: Color? {
        get { color(at: Self.foregroundShift) }
        set { setColor(newValue, at: Self.foregroundShift) }
    }

    /// Background colour, or `nil` for the terminal's default.
    @inlinable public var background: Color? {
        get { color(at: Self.backgroundShift) }
        set { setColor(newValue, at: Self.backgroundShift) }
    }

    @inlinable func color(at shift: UInt64) -> Color? {
        let field = UInt32(truncatingIfNeeded: bits >> shift & Self.colorMask)
        return field == 0 ? nil : Color(bits: field & ~Color.presence)
    }

    @inlinable mutating func setColor(_ color: Color?, at shift: UInt64) {
        bits &= ~(Self.colorMask << shift)
        if let color { bits |= UInt64(color.bits | Color.presence) << shift }
    }

    /// Whether the style has a background or a true colour: cells keep such a style
    /// in their buffer's table, not in themselves.
    @inlinable var hasRichColors: Bool {
        let trueColor = UInt64(Color.trueColorFlag)
        return bits >> Self.backgroundShift != 0 || bits & trueColor << Self.foregroundShift != 0
    }

    /// The terminal's default look.
    @inlinable public static var plain: Style { Style() }

    /// This style with `other`'s attributes added and its colours, where it has
    /// them, taking over.
    @inlinable public func merging(_ other: Style) -> Style {
        var bits = self.bits | other.bits & 0xFF
        let foreground = Self.colorMask << Self.foregroundShift
        let background = Self.colorMask << Self.backgroundShift
        if other.bits & foreground != 0 { bits = bits & ~foreground | other.bits & foreground }
        if other.bits & background != 0 { bits = bits & ~background | other.bits & background }
        var merged = self
        merged.bits = bits
        return merged
    }

    /// Styles are compared for every run laid out (whether it joins the run before):
    /// inlinable, where the synthesised comparison is a call into this module.
    @inlinable public static func == (left: Style, right: Style) -> Bool {
        left.bits == right.bits
    }
}

/// A colour: one of the 256-colour palette (0 to 15 are the terminal's named
/// colours, whose look is the terminal's choice) or a true colour of 24 bits.
public struct Color: Hashable, Sendable {
    /// A palette index (0 to 255), or `trueColorFlag` with red, green and blue in
    /// bits 16-23, 8-15 and 0-7.
    @usableFromInline let bits: UInt32

    @usableFromInline static let trueColorFlag: UInt32 = 1 << 24
    /// Set in a style's colour field when it has that colour.
    @usableFromInline static let presence: UInt32 = 1 << 25

    @inlinable init(bits: UInt32) { self.bits = bits }

    /// Colour `paletteIndex` of the palette.
    @inlinable public init(paletteIndex: UInt8) { self.bits = UInt32(paletteIndex) }

    /// The true colour of these components.
    @inlinable public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.bits = Self.trueColorFlag | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// The true colour `0xRRGGBB` (higher bits ignored).
    @inlinable public init(rgb: UInt32) { self.bits = Self.trueColorFlag | rgb & 0xFF_FFFF }

    /// `0xRRGGBB` for a true colour, `nil` for a palette colour.
    @inlinable public var rgb: UInt32? { bits & Self.trueColorFlag != 0 ? bits & 0xFF_FFFF : nil }

    /// The colour's index in the palette (SGR 30-37, 90-97, or 38;5;n): for a true
    /// colour the nearest of the palette's colour cube and grey ramp (16 to 255, whose
    /// values xterm fixes), what a terminal without true colours is sent.
    public var paletteIndex: UInt8 {
        guard let rgb else { return UInt8(bits) }
        return Self.nearestPaletteIndex(red: Int(rgb >> 16), green: Int(rgb >> 8 & 0xFF), blue: Int(rgb & 0xFF))
    }

    /// The red, green and blue (`0xRRGGBB`) of palette colour `index` as xterm draws
    /// it (16 to 231 the colour cube, 232 to 255 the grey ramp); `nil` for 0 to 15,
    /// whose look is the terminal's choice.
    package static func rgb(ofPaletteIndex index: UInt8) -> UInt32? {
        guard index >= 16 else { return nil }
        guard index < 232 else {
            let level = UInt32(8 + 10 * (Int(index) - 232))
            return level << 16 | level << 8 | level
        }
        let cube = Int(index) - 16
        return UInt32(cubeLevels[cube / 36]) << 16 | UInt32(cubeLevels[cube / 6 % 6]) << 8 | UInt32(cubeLevels[cube % 6])
    }

    /// The levels of the palette's 6x6x6 colour cube, indexes 16 to 231.
    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    private static func nearestPaletteIndex(red: Int, green: Int, blue: Int) -> UInt8 {
        func nearestLevel(_ value: Int) -> Int {
            value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
        }
        func distance(_ r: Int, _ g: Int, _ b: Int) -> Int {
            (r - red) * (r - red) + (g - green) * (g - green) + (b - blue) * (b - blue)
        }
        let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
        let cube = distance(cubeLevels[r], cubeLevels[g], cubeLevels[b])
        // The grey ramp, 232 to 255: 8, 18, ... 238.
        let grey = min(23, max(0, ((red + green + blue) / 3 - 3) / 10))
        let greyLevel = 8 + 10 * grey
        if distance(greyLevel, greyLevel, greyLevel) < cube { return UInt8(232 + grey) }
        return UInt8(16 + 36 * r + 6 * g + b)
    }

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
