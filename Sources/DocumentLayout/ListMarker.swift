import Styles

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
        case .lowerAlpha: CounterStyle.alphabetic(number, uppercase: false) + "."
        case .upperAlpha: CounterStyle.alphabetic(number, uppercase: true) + "."
        case .lowerRoman: CounterStyle.roman(number).lowercased() + "."
        case .upperRoman: CounterStyle.roman(number) + "."
        case .decimal: "\(number)."
        }
    }
}
