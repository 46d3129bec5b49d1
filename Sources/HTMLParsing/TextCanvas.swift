import Glibc
import RenderCore
import Styles

/// The terminal's background, which a page's colours are drawn on: a page written
/// for black on white asks for dark greys that a dark terminal would not show.
package enum TextCanvas: Sendable {
    case dark, light
    /// Not known: colours are kept readable on either.
    case unknown

    /// The colour a page's text of `color` is drawn in here, on `background` (the
    /// canvas where `nil`): `nil` for the terminal's own, where the page's is a grey
    /// (body text, rules: the reader's terminal knows its greys best); else the
    /// colour with its lightness moved until it reads against the background. Read in
    /// true colour and as a terminal of 256 colours draws it (the palette's nearest,
    /// the background's too): a colour moved just far enough could come back nearer
    /// in the palette.
    func textColor(_ color: CSSColor?, on background: CSSColor?) -> UInt32? {
        let backgrounds = background.map { [$0, $0.inPalette] }
        guard let color, color.alpha > 0, !color.isGrey else {
            // The terminal's text on a page's background could be any colour: the
            // one of black and white that reads best.
            guard let backgrounds else { return nil }
            let onBlack = backgrounds.map { $0.contrast(with: .black) }.min()!
            let onWhite = backgrounds.map { $0.contrast(with: .white) }.min()!
            return onBlack >= onWhite ? 0x00_0000 : 0xFF_FFFF
        }
        if let backgrounds { return color.reaching(contrast: Self.textContrast, against: backgrounds).rgb }
        switch self {
        case .dark: return color.reaching(contrast: Self.textContrast, against: [Self.darkCanvas]).rgb
        case .light: return color.reaching(contrast: Self.textContrast, against: [Self.lightCanvas]).rgb
        case .unknown: return color.reaching(contrast: Self.eitherContrast, against: [Self.darkCanvas, Self.lightCanvas]).rgb
        }
    }

    /// The background a page's inline element of `color` is drawn on: `nil` where
    /// it is none, mostly see-through or a grey (a code span's light grey would be a
    /// bright box on a dark terminal).
    func backgroundColor(_ color: CSSColor?) -> CSSColor? {
        guard let color, color.alpha >= 64, !color.isGrey else { return nil }
        return color
    }

    /// Contrast text is given against a background (WCAG's AA for text).
    static let textContrast = 4.5
    /// Contrast against both of a dark and a light terminal: a colour of middle
    /// lightness cannot have more with both.
    static let eitherContrast = 3.0
    /// A dark terminal's background (most are near black, few quite black) and a
    /// light one's.
    static let darkCanvas = CSSColor(rgb: 0x1C_1C1C)
    static let lightCanvas = CSSColor(rgb: 0xFA_FAFA)
}

/// The colours a page's elements are drawn in on a canvas, each worked out once (a
/// page has few, and each of its elements has one).
struct PageColors {
    let canvas: TextCanvas
    /// Text colours drawn, by the page's colour (`rgba`, 0 for none) and the
    /// background (`0x1RRGGBB`, 0 for the canvas).
    private var textColors: [UInt64: UInt32?] = [:]

    init(on canvas: TextCanvas) { self.canvas = canvas }

    /// What an element of `style` is drawn in: its text colour, and its background,
    /// or the background of the inline element it is in (`inherited`), where it is
    /// not a box (`isBox`: a block, a table or a part of one).
    mutating func drawn(_ style: ComputedStyle, isBox: Bool, inherited: UInt32?) -> (foreground: UInt32?, background: UInt32?) {
        let background = isBox ? nil : canvas.backgroundColor(style.backgroundColor)?.rgb ?? inherited
        let color = style.color.map { UInt64($0.rgb) << 8 | UInt64($0.alpha) } ?? 0
        let key = color << 32 | (background.map { UInt64($0) | 1 << 24 } ?? 0)
        if let known = textColors[key] { return (known, background) }
        let foreground = canvas.textColor(style.color, on: background.map { CSSColor(rgb: $0) })
        textColors[key] = foreground
        return (foreground, background)
    }
}

extension CSSColor {
    static let black = CSSColor(rgb: 0)
    static let white = CSSColor(rgb: 0xFF_FFFF)

    /// Whether it is a grey: its channels close together.
    var isGrey: Bool {
        let channels = [Int(red), Int(green), Int(blue)]
        return channels.max()! - channels.min()! < 40
    }

    /// Relative luminance (WCAG 2).
    var luminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The contrast ratio of two colours (WCAG 2): 1 to 21.
    func contrast(with other: CSSColor) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The colour as a terminal of 256 colours draws it: the palette's nearest
    /// (`Color.paletteIndex`), as a terminal without true colour is sent it.
    var inPalette: CSSColor {
        Color.rgb(ofPaletteIndex: Color(rgb: rgb).paletteIndex).map { CSSColor(rgb: $0, alpha: alpha) } ?? self
    }

    /// This colour, lighter or darker, its hue kept, with at least `contrast` against
    /// each of `backgrounds` where any lightness has it (else the lightness of the
    /// most), in true colour and in the palette (`inPalette`): moved from its own
    /// lightness as little as it takes.
    func reaching(contrast: Double, against backgrounds: [CSSColor]) -> CSSColor {
        func worst(_ color: CSSColor) -> Double {
            let drawn = color.inPalette
            return backgrounds.map { min(color.contrast(with: $0), drawn.contrast(with: $0)) }.min()!
        }
        if worst(self) >= contrast { return self }
        let (hue, saturation, lightness) = hsl
        // Lightness in steps of 1/64 on either side, the nearest that reaches it.
        var best = self
        var bestContrast = worst(self)
        for step in 1...64 {
            for sign in [1.0, -1.0] {
                let moved = lightness + sign * Double(step) / 64
                guard (0...1).contains(moved) else { continue }
                let candidate = CSSColor(hue: hue, saturation: saturation, lightness: moved, alpha: alpha)
                let reached = worst(candidate)
                if reached >= contrast { return candidate }
                if reached > bestContrast { (best, bestContrast) = (candidate, reached) }
            }
        }
        return best
    }

    /// Hue in degrees, saturation and lightness from 0 to 1.
    var hsl: (hue: Double, saturation: Double, lightness: Double) {
        let (r, g, b) = (Double(red) / 255, Double(green) / 255, Double(blue) / 255)
        let (high, low) = (max(r, g, b), min(r, g, b))
        let lightness = (high + low) / 2
        guard high > low else { return (0, 0, lightness) }
        let spread = high - low
        let saturation = spread / (1 - abs(2 * lightness - 1))
        var hue: Double
        if high == r {
            hue = (g - b) / spread
        } else if high == g {
            hue = (b - r) / spread + 2
        } else {
            hue = (r - g) / spread + 4
        }
        hue *= 60
        return (hue < 0 ? hue + 360 : hue, min(1, saturation), lightness)
    }
}
