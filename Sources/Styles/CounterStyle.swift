/// Numbers written as list markers and CSS counters write them (CSS Counter Styles
/// Level 3's predefined styles that a terminal shows as text).
package enum CounterStyle {
    /// `value` in counter style `name`: `decimal`, `decimal-leading-zero`,
    /// `lower-roman`, `upper-roman`, `lower-alpha`/`lower-latin`,
    /// `upper-alpha`/`upper-latin`; `none` writes nothing; other styles are decimal.
    package static func text(_ value: Int, style name: String) -> String {
        switch name {
        case "none": ""
        case "decimal-leading-zero": value >= 0 && value < 10 ? "0\(value)" : String(value)
        case "lower-roman": roman(value).lowercased()
        case "upper-roman": roman(value)
        case "lower-alpha", "lower-latin": alphabetic(value, uppercase: false)
        case "upper-alpha", "upper-latin": alphabetic(value, uppercase: true)
        default: String(value)
        }
    }

    /// a, b, ... z, aa, ab, ... (numbers below 1 fall back to decimal, as browsers do).
    package static func alphabetic(_ number: Int, uppercase: Bool) -> String {
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
    package static func roman(_ number: Int) -> String {
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
