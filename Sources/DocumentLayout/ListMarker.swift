/// The text of a list item's marker: numbers in the list's `type` (HTML §4.4.5),
/// bullets by nesting depth for unordered lists.
enum ListMarker {
    /// A list's `start` or an item's `value`: an integer, held within the range
    /// browsers keep counters in (32 bits), so that counting on from it never
    /// overflows; junk counts as absent.
    static func number(_ attribute: String?) -> Int? {
        guard let attribute, let number = Int(attribute.trimmingSpaces) else { return nil }
        return min(max(number, Int(Int32.min)), Int(Int32.max))
    }

    /// The marker of an unordered list's items at nesting `depth` (from 0), and the
    /// space after it: two columns (a constant, read in place).
    static func bullet(depth: Int) -> StaticString {
        switch depth % 3 {
        case 0: "• "
        case 1: "◦ "
        default: "▪ "
        }
    }

    /// How an ordered list numbers its items: its `type`, "1", "a", "A", "i" or "I"
    /// (anything else counts as "1").
    enum Numbering: UInt8, Sendable {
        case decimal, lowerAlpha, upperAlpha, lowerRoman, upperRoman

        init(type: String?) {
            switch type {
            case "a": self = .lowerAlpha
            case "A": self = .upperAlpha
            case "i": self = .lowerRoman
            case "I": self = .upperRoman
            default: self = .decimal
            }
        }
    }

    /// The marker of item number `number` in an ordered list numbered so, with its
    /// full stop.
    static func ordered(_ number: Int, numbering: Numbering) -> String {
        switch numbering {
        case .lowerAlpha: alphabetic(number, uppercase: false) + "."
        case .upperAlpha: alphabetic(number, uppercase: true) + "."
        case .lowerRoman: roman(number).lowercased() + "."
        case .upperRoman: roman(number) + "."
        case .decimal: "\(number)."
        }
    }

    /// a, b, ... z, aa, ab, ... (numbers below 1 fall back to decimal, as browsers do).
    static func alphabetic(_ number: Int, uppercase: Bool) -> String {
        guard number >= 1 else { return String(number) }
        var value = number
        var letters: [Character] = []
        while value > 0 {
            value -= 1
            letters.append(Character(Unicode.Scalar(UInt8((uppercase ? 65 : 97) + value % 26))))
            value /= 26
        }
        return String(letters.reversed())
    }

    /// Roman numerals for 1 to 3999; other numbers in decimal.
    static func roman(_ number: Int) -> String {
        guard (1...3999).contains(number) else { return String(number) }
        let table: [(Int, String)] = [
            (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
            (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ]
        var value = number
        var result = ""
        for (amount, numeral) in table {
            while value >= amount {
                result += numeral
                value -= amount
            }
        }
        return result
    }
}
