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
                text += shown.map { CounterStyle.text($0, style: counterStyle) }.joined(separator: separator ?? "")
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

    private static func isPrivateUse(_ scalar: Unicode.Scalar) -> Bool {
        (0xE000...0xF8FF).contains(scalar.value) || scalar.value >= 0xF0000
    }
}
