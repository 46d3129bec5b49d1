/// The screen stylesheets are read for: a desktop window by default, as a reader of a
/// manual in a terminal reads it at a desktop's density (its sidebar shown after the
/// content), with the terminal's light or dark background where it is known.
package struct MediaEnvironment: Equatable, Sendable {
    package enum ColorScheme: Equatable, Sendable {
        case light, dark
    }

    /// The viewport in CSS pixels.
    package var width: Double
    package var height: Double
    package var colorScheme: ColorScheme
    /// Whether colours are drawn: where not, the colour properties are not kept (each
    /// element would pay for them for nothing). Queries do not ask it: a page shows
    /// the same text with colours and without.
    package var drawsColors: Bool

    package init(width: Double = 1280, height: Double = 1024, colorScheme: ColorScheme = .light, drawsColors: Bool = true) {
        self.width = width
        self.height = height
        self.colorScheme = colorScheme
        self.drawsColors = drawsColors
    }
}

/// Media queries (Media Queries Level 4) evaluated for a `MediaEnvironment`: media
/// types, `not`/`only`, `and`/`or`/`not` conditions, features as `(name: value)`,
/// `(name)` and ranges (`(width >= 600px)`, `(400px < width <= 700px)`). What a
/// query cannot say of this screen (an unknown feature, a bad value) is false, as
/// the spec's "unknown" is, and a query that does not parse is `not all`.
package enum MediaQuery {
    /// Whether the comma-separated list `values` holds for `environment` (an empty
    /// list holds).
    package static func matches(_ values: some Collection<CSSComponentValue>, in environment: MediaEnvironment) -> Bool {
        let queries = Array(values).split(separator: .token(.comma), omittingEmptySubsequences: false)
        if queries.count == 1, Array(queries[0]).trimmed.isEmpty { return true }
        return queries.contains { query(Array($0).withoutWhitespace[...], environment) }
    }

    /// Whether the list written as `text` (a `media` attribute's) holds.
    package static func matches(_ text: String, in environment: MediaEnvironment) -> Bool {
        matches(CSSParser.componentValues(of: Array(text.utf8)), in: environment)
    }

    private static func query(_ values: ArraySlice<CSSComponentValue>, _ environment: MediaEnvironment) -> Bool {
        var rest = values
        guard !rest.isEmpty else { return false }
        // A condition alone: `(width > 600px) and (...)`.
        if case .block(.openParen, _) = rest.first { return condition(rest, environment) ?? false }
        if rest.first?.keyword == "not", case .block(.openParen, _)? = rest.dropFirst().first { return condition(rest, environment) ?? false }
        var negated = false
        if rest.first?.keyword == "not" {
            negated = true
            rest = rest.dropFirst()
        } else if rest.first?.keyword == "only" {
            rest = rest.dropFirst()
        }
        guard let type = rest.first?.keyword else { return false }
        rest = rest.dropFirst()
        var holds: Bool
        switch type {
        case "all", "screen": holds = true
        case "print", "speech", "tty", "tv", "projection", "handheld", "braille", "embossed", "aural": holds = false
        default: return false
        }
        if !rest.isEmpty {
            guard rest.first?.keyword == "and" else { return false }
            // (After a type only `and` conditions, no `or`.)
            guard let more = condition(rest.dropFirst(), environment, allowsOr: false) else { return false }
            holds = holds && more
        }
        return negated ? !holds : holds
    }

    /// `not C`, `C and C ...`, `C or C ...`; `nil` when it does not parse.
    private static func condition(_ values: ArraySlice<CSSComponentValue>, _ environment: MediaEnvironment, allowsOr: Bool = true) -> Bool? {
        var rest = values
        if rest.first?.keyword == "not" {
            guard rest.count == 2, let last = rest.last, let inner = inParens(last, environment) else { return nil }
            return !inner
        }
        guard let first = rest.first, let initial = inParens(first, environment) else { return nil }
        rest = rest.dropFirst()
        guard let joiner = rest.first?.keyword else { return initial }
        guard joiner == "and" || (joiner == "or" && allowsOr) else { return nil }
        var result = initial
        while let word = rest.first?.keyword, word == joiner, let next = rest.dropFirst().first {
            guard let value = inParens(next, environment) else { return nil }
            result = joiner == "and" ? result && value : result || value
            rest = rest.dropFirst(2)
        }
        return rest.isEmpty ? result : nil
    }

    /// `( condition )` or `( feature )`.
    private static func inParens(_ value: CSSComponentValue, _ environment: MediaEnvironment) -> Bool? {
        guard case .block(.openParen, let content) = value else { return nil }
        let inner = content.withoutWhitespace[...]
        if case .block(.openParen, _)? = inner.first { return condition(inner, environment) }
        if inner.first?.keyword == "not" { return condition(inner, environment) }
        return feature(inner, environment)
    }

    /// A feature: false where it is not known here.
    private static func feature(_ values: ArraySlice<CSSComponentValue>, _ environment: MediaEnvironment) -> Bool? {
        guard !values.isEmpty else { return nil }
        // `(name: value)`
        if values.count >= 3, let name = values.first?.keyword, values[values.startIndex + 1] == .token(.colon) {
            let value = values.dropFirst(2)
            if name.hasPrefix("min-") { return compare(String(name.dropFirst(4)), ">=", value, environment) }
            if name.hasPrefix("max-") { return compare(String(name.dropFirst(4)), "<=", value, environment) }
            return compare(name, "=", value, environment)
        }
        // `(name)`: true where the feature is not zero or none.
        if values.count == 1, let name = values.first?.keyword {
            switch name {
            case "width", "height", "color", "aspect-ratio", "orientation", "resolution", "prefers-color-scheme": return true
            case "monochrome", "grid", "hover", "any-hover", "pointer", "any-pointer", "scripting", "update": return false
            default: return false
            }
        }
        // Ranges: `name op value`, `value op name`, `value op name op value`.
        let parts = rangeParts(values)
        switch parts.count {
        case 3:
            if let name = parts[0].first?.keyword, parts[0].count == 1 { return compare(name, text(parts[1]), parts[2][...], environment) }
            if let name = parts[2].first?.keyword, parts[2].count == 1 { return compare(name, flipped(text(parts[1])), parts[0][...], environment) }
            return nil
        case 5:
            guard let name = parts[2].first?.keyword, parts[2].count == 1,
                let low = compare(name, flipped(text(parts[1])), parts[0][...], environment),
                let high = compare(name, text(parts[3]), parts[4][...], environment)
            else { return nil }
            return low && high
        default:
            return nil
        }
    }

    /// The values cut at comparison operators, the operators kept as parts.
    private static func rangeParts(_ values: ArraySlice<CSSComponentValue>) -> [[CSSComponentValue]] {
        var parts: [[CSSComponentValue]] = [[]]
        var index = values.startIndex
        while index < values.endIndex {
            if case .token(.delim(let mark)) = values[index], "<>=".unicodeScalars.contains(mark) {
                var op = String(Character(mark))
                if index + 1 < values.endIndex, values[index + 1] == .token(.delim("=")), mark != "=" {
                    op += "="
                    index += 1
                }
                parts.append([.token(.ident(op))])
                parts.append([])
            } else {
                parts[parts.count - 1].append(values[index])
            }
            index += 1
        }
        return parts
    }

    private static func text(_ part: [CSSComponentValue]) -> String {
        if case .token(.ident(let op))? = part.first { return op }
        return ""
    }

    private static func flipped(_ op: String) -> String {
        switch op {
        case "<": ">"
        case "<=": ">="
        case ">": "<"
        case ">=": "<="
        default: op
        }
    }

    /// Whether feature `name` of the environment stands in relation `op` to `value`.
    private static func compare(_ name: String, _ op: String, _ value: ArraySlice<CSSComponentValue>, _ environment: MediaEnvironment) -> Bool? {
        let actual: Double
        let wanted: Double
        switch name {
        case "width", "device-width":
            actual = environment.width
            guard let length = length(value) else { return nil }
            wanted = length
        case "height", "device-height":
            actual = environment.height
            guard let length = length(value) else { return nil }
            wanted = length
        case "aspect-ratio", "device-aspect-ratio":
            actual = environment.width / environment.height
            guard let ratio = ratio(value) else { return nil }
            wanted = ratio
        case "resolution":
            actual = 1
            guard case .token(.dimension(let number, _, let unit))? = value.first, value.count == 1 else { return nil }
            switch unit.asciiLowercased {
            case "dppx", "x": wanted = number
            case "dpi": wanted = number / 96
            case "dpcm": wanted = number * 2.54 / 96
            default: return nil
            }
        case "color":
            actual = 8
            guard case .token(.number(let number, _))? = value.first, value.count == 1 else { return nil }
            wanted = number
        case "monochrome", "grid", "color-index":
            actual = 0
            guard case .token(.number(let number, _))? = value.first, value.count == 1 else { return nil }
            wanted = number
        default:
            // Discrete features, `=` only.
            guard op == "=", let keyword = value.first?.keyword, value.count == 1 else { return nil }
            switch name {
            case "orientation": return keyword == (environment.height >= environment.width ? "portrait" : "landscape")
            case "prefers-color-scheme": return keyword == (environment.colorScheme == .dark ? "dark" : "light")
            case "prefers-reduced-motion", "prefers-reduced-transparency", "prefers-reduced-data": return keyword == "no-preference"
            case "prefers-contrast", "forced-colors", "inverted-colors": return keyword == "none" || keyword == "no-preference"
            case "hover", "any-hover", "pointer", "any-pointer", "scripting": return keyword == "none"
            case "display-mode": return keyword == "browser"
            case "update": return keyword == "none"
            default: return nil
            }
        }
        switch op {
        case "=": return actual == wanted
        case "<": return actual < wanted
        case "<=": return actual <= wanted
        case ">": return actual > wanted
        case ">=": return actual >= wanted
        default: return nil
        }
    }

    /// A length in CSS pixels (`em` and `rem` of 16 px, `ex` and `ch` of 8); 0 alone.
    static func length(_ value: ArraySlice<CSSComponentValue>) -> Double? {
        guard value.count == 1, case .token(let token)? = value.first else { return nil }
        switch token {
        case .number(0, _): return 0
        case .dimension(let number, _, let unit):
            let scale: Double? = switch unit.asciiLowercased {
            case "px": 1
            case "em", "rem": 16
            case "ex", "ch": 8
            case "in": 96
            case "cm": 96 / 2.54
            case "mm": 96 / 25.4
            case "q": 96 / 101.6
            case "pt": 96.0 / 72
            case "pc": 16
            default: nil
            }
            return scale.map { number * $0 }
        default: return nil
        }
    }

    /// `16/9`, `16 / 9` or `1.5`.
    private static func ratio(_ value: ArraySlice<CSSComponentValue>) -> Double? {
        let numbers = value.compactMap { value -> Double? in
            if case .token(.number(let number, _)) = value { return number }
            return nil
        }
        if value.count == 1, numbers.count == 1 { return numbers[0] }
        guard value.count == 3, numbers.count == 2, value[value.startIndex + 1] == .token(.delim("/")), numbers[1] > 0 else { return nil }
        return numbers[0] / numbers[1]
    }
}
