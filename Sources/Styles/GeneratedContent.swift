/// What `::before` or `::after` puts in an element: its text (the `content` of the
/// pseudo-element, `attr()` read from the element, counters as they stand) and the
/// style it is drawn in.
package struct GeneratedContent: Hashable, Sendable {
    package var text: String
    package var style: ComputedStyle

    /// The content `style`, a pseudo-element's, gives `element`; `nil` where it makes
    /// no text. Characters of the private use areas are left out: they are icon
    /// fonts' pictures (a menu's bars, a clipboard), which a terminal's font draws as
    /// boxes or not at all; control characters are read as spaces, and content of
    /// white space only as one space.
    init?(_ style: ComputedStyle, attributeValue: (String) -> String?, counters: (String) -> [Int]) {
        var text = ""
        for part in style.content ?? [] {
            switch part {
            case .text(let string): text += string
            case .attribute(let name): text += attributeValue(name) ?? ""
            case .counter(let name, let separator, let counterStyle):
                let values = counters(name)
                // (A counter not in scope reads 0.)
                let shown = separator == nil ? [values.last ?? 0] : values.isEmpty ? [0] : values
                text += shown.map { Self.number($0, style: counterStyle) }.joined(separator: separator ?? "")
            }
        }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !Self.isPrivateUse(scalar) {
            scalars.append(scalar.properties.generalCategory == .control ? " " : scalar)
        }
        guard !scalars.isEmpty else { return nil }
        // Only white space (no-break spaces put there for room): a space.
        self.text = scalars.allSatisfy(\.properties.isWhitespace) ? " " : String(scalars)
        self.style = style
    }

    /// `value` written in counter style `style`: decimal, `decimal-leading-zero`,
    /// roman and latin letters; `none` writes nothing; other styles are decimal.
    static func number(_ value: Int, style: String) -> String {
        switch style {
        case "none": return ""
        case "decimal-leading-zero": return value >= 0 && value < 10 ? "0\(value)" : String(value)
        case "lower-roman", "upper-roman":
            guard value > 0, value < 4000 else { return String(value) }
            let roman = romanNumeral(value)
            return style == "lower-roman" ? roman.lowercased() : roman
        case "lower-alpha", "lower-latin", "upper-alpha", "upper-latin":
            guard value > 0 else { return String(value) }
            var letters = ""
            var rest = value
            let first = style.hasPrefix("lower") ? UInt8(ascii: "a") : UInt8(ascii: "A")
            while rest > 0 {
                rest -= 1
                letters = String(UnicodeScalar(first + UInt8(rest % 26))) + letters
                rest /= 26
            }
            return letters
        default: return String(value)
        }
    }

    private static func romanNumeral(_ value: Int) -> String {
        let numerals: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var rest = value
        var text = ""
        for (amount, numeral) in numerals {
            while rest >= amount {
                text += numeral
                rest -= amount
            }
        }
        return text
    }

    private static func isPrivateUse(_ scalar: Unicode.Scalar) -> Bool {
        (0xE000...0xF8FF).contains(scalar.value) || scalar.value >= 0xF0000
    }
}
