/// Reads selector lists from a rule's prelude, as Selectors Level 4 writes them.
///
/// A list with anything it does not know is invalid whole (§4.1: its rule is
/// dropped), except inside `:is()` and `:where()`, whose lists forgive (§4.2: the bad
/// selectors alone are dropped). Pseudo-classes of states a document at rest is never
/// in (`:hover`, `:focus`, `:visited`, ...) are known and match nothing.
package enum SelectorParser {
    /// Selectors joined by more combinators than this are refused (matching works
    /// through them one by one).
    static let maximumCompounds = 32
    /// `:is(:not(:is(...)))` nested deeper than this is refused.
    static let maximumNesting = 8

    /// The selectors of `prelude`; `nil` when the list is invalid.
    package static func selectors(_ prelude: some Collection<CSSComponentValue>) -> [Selector]? {
        list(Array(prelude), forgiving: false, nesting: 0)
    }

    /// The selectors of `text` (`"ul > li.a"`), for tests and `--css` rules.
    package static func selectors(_ text: String) -> [Selector]? {
        guard case .qualified(let prelude, _)? = CSSParser.rules(of: Array((text + "{}").utf8)).first else { return nil }
        return selectors(prelude)
    }

    private static func list(_ values: [CSSComponentValue], forgiving: Bool, nesting: Int) -> [Selector]? {
        guard nesting <= maximumNesting else { return nil }
        var selectors: [Selector] = []
        for part in values.split(separator: .token(.comma), omittingEmptySubsequences: false) {
            if let selector = complex(Array(part).trimmed, nesting: nesting) {
                selectors.append(selector)
            } else if !forgiving {
                return nil
            }
        }
        return selectors
    }

    /// One complex selector; `nil` when invalid.
    private static func complex(_ values: ArraySlice<CSSComponentValue>, nesting: Int) -> Selector? {
        guard !values.isEmpty else { return nil }
        // Left to right first, then turned around.
        var compounds: [CompoundSelector] = []
        var combinators: [Selector.Combinator] = []
        var pseudoElement: PseudoElement?
        var index = values.startIndex
        var pendingCombinator: Selector.Combinator?
        while index < values.endIndex {
            var sawSpace = false
            while index < values.endIndex, values[index].isWhitespace {
                sawSpace = true
                index += 1
            }
            guard index < values.endIndex else { break }
            if case .token(.delim(let mark)) = values[index], let combinator = combinator(mark) {
                guard !compounds.isEmpty, pendingCombinator == nil else { return nil }
                pendingCombinator = combinator
                index += 1
                continue
            }
            if !compounds.isEmpty {
                // A compound after the last with nothing between is not possible here
                // (a compound reads all it can), so this one follows a combinator.
                guard pseudoElement == nil else { return nil }
                guard let combinator = pendingCombinator ?? (sawSpace ? .descendant : nil) else { return nil }
                combinators.append(combinator)
                pendingCombinator = nil
            }
            guard let (compound, element) = compound(values, from: &index, nesting: nesting) else { return nil }
            compounds.append(compound)
            if element != nil { pseudoElement = element }
        }
        guard pendingCombinator == nil, !compounds.isEmpty, compounds.count <= maximumCompounds else { return nil }
        var parts: [(compound: CompoundSelector, combinator: Selector.Combinator?)] = []
        for (offset, compound) in compounds.enumerated().reversed() {
            parts.append((compound, offset > 0 ? combinators[offset - 1] : nil))
        }
        return Selector(compounds: parts, pseudoElement: pseudoElement)
    }

    private static func combinator(_ mark: Unicode.Scalar) -> Selector.Combinator? {
        switch mark {
        case ">": .child
        case "+": .nextSibling
        case "~": .subsequentSibling
        default: nil
        }
    }

    /// A compound selector from `index` on, and the pseudo-element that ends it.
    private static func compound(
        _ values: ArraySlice<CSSComponentValue>, from index: inout Int, nesting: Int
    ) -> (CompoundSelector, PseudoElement?)? {
        var compound = CompoundSelector()
        var pseudoElement: PseudoElement?
        var isFirst = true
        while index < values.endIndex {
            let value = values[index]
            if value.isWhitespace { break }
            if case .token(.delim(let mark)) = value, combinator(mark) != nil { break }
            // After a pseudo-element, nothing this reads may follow.
            guard pseudoElement == nil else { return nil }
            switch value {
            case .token(.ident(let name)) where isFirst:
                compound.type = name.asciiLowercased
                // `ns|name`: namespaces are HTML's alone here.
                if index + 2 < values.endIndex, values[index + 1] == .token(.delim("|")) {
                    guard case .token(.ident(let local)) = values[index + 2] else { return nil }
                    compound.type = local.asciiLowercased
                    index += 2
                }
            case .token(.delim("*")) where isFirst:
                if index + 2 < values.endIndex, values[index + 1] == .token(.delim("|")) {
                    if case .token(.ident(let local)) = values[index + 2] { compound.type = local.asciiLowercased }
                    index += 2
                }
            case .token(.hash(let name, let isIdentifier)):
                guard isIdentifier else { return nil }
                compound.conditions.append(.id(name))
            case .token(.delim(".")):
                guard index + 1 < values.endIndex, case .token(.ident(let name)) = values[index + 1] else { return nil }
                compound.conditions.append(.class(name))
                index += 1
            case .block(.openSquare, let content):
                guard let attribute = attribute(content) else { return nil }
                compound.conditions.append(attribute)
            case .token(.colon):
                guard index + 1 < values.endIndex else { return nil }
                index += 1
                if values[index] == .token(.colon) {
                    guard index + 1 < values.endIndex, let element = Self.pseudoElement(values[index + 1]) else { return nil }
                    pseudoElement = element
                    index += 1
                } else if let element = Self.legacyPseudoElement(values[index]) {
                    pseudoElement = element
                } else {
                    guard let pseudo = pseudoClass(values[index], nesting: nesting) else { return nil }
                    compound.conditions.append(.pseudoClass(pseudo))
                }
            default:
                return nil
            }
            isFirst = false
            index += 1
        }
        return isFirst ? nil : (compound, pseudoElement)
    }

    private static func pseudoElement(_ value: CSSComponentValue) -> PseudoElement? {
        switch value.keyword {
        case "before": .before
        case "after": .after
        default: nil
        }
    }

    /// `:before` and `:after`, written with one colon as CSS 2 did.
    private static func legacyPseudoElement(_ value: CSSComponentValue) -> PseudoElement? {
        pseudoElement(value)
    }

    /// `[name]`, `[name op "value" i]`.
    private static func attribute(_ content: [CSSComponentValue]) -> SimpleSelector? {
        var values = content.withoutWhitespace[...]
        // (`[ns|name]`: namespaces are HTML's alone here.)
        if values.count >= 3, values[values.startIndex + 1] == .token(.delim("|")), values[values.startIndex + 2].keyword != nil,
            values.first?.keyword != nil || values.first == .token(.delim("*"))
        {
            values = values.dropFirst(2)
        } else if values.first == .token(.delim("|")) {
            values = values.dropFirst()
        }
        guard case .token(.ident(let name)) = values.first else { return nil }
        values = values.dropFirst()
        guard !values.isEmpty else { return .attribute(name: name.asciiLowercased, match: nil, ignoresCase: false) }
        guard case .token(.delim(let mark)) = values.first else { return nil }
        values = values.dropFirst()
        if mark != "=" {
            guard values.first == .token(.delim("=")) else { return nil }
            values = values.dropFirst()
        }
        let text: String
        switch values.first {
        case .token(.ident(let word)): text = word
        case .token(.string(let string)): text = string
        default: return nil
        }
        values = values.dropFirst()
        var ignoresCase = false
        if let flag = values.first?.keyword {
            guard flag == "i" || flag == "s" else { return nil }
            ignoresCase = flag == "i"
            values = values.dropFirst()
        }
        guard values.isEmpty else { return nil }
        let match: AttributeMatch
        switch mark {
        case "=": match = .equals(text)
        case "~": match = .includesWord(text)
        case "|": match = .dashPrefix(text)
        case "^": match = .prefix(text)
        case "$": match = .suffix(text)
        case "*": match = .substring(text)
        default: return nil
        }
        return .attribute(name: name.asciiLowercased, match: match, ignoresCase: ignoresCase)
    }

    /// States a document at rest is never in: valid, matching nothing.
    static let states: Set<String> = [
        "hover", "active", "focus", "focus-visible", "focus-within", "visited", "target", "target-within", "checked", "indeterminate",
        "disabled", "enabled", "default", "valid", "invalid", "required", "optional", "read-only", "read-write", "placeholder-shown",
        "autofill", "fullscreen", "modal", "popover-open", "playing", "paused", "user-invalid", "user-valid", "in-range", "out-of-range",
        "scope", "defined", "local-link", "current", "past", "future", "open", "closed", "dir", "lang", "has", "host",
    ]

    /// The pseudo-class written `:name` (`name` in lower case), without arguments.
    static func pseudoClass(named name: String) -> PseudoClass? {
        switch name {
        case "first-child": return .nth(NthPattern(a: 0, b: 1), last: false, ofType: false, of: nil)
        case "last-child": return .nth(NthPattern(a: 0, b: 1), last: true, ofType: false, of: nil)
        case "only-child": return .is([onlySelector(ofType: false)])
        case "first-of-type": return .nth(NthPattern(a: 0, b: 1), last: false, ofType: true, of: nil)
        case "last-of-type": return .nth(NthPattern(a: 0, b: 1), last: true, ofType: true, of: nil)
        case "only-of-type": return .is([onlySelector(ofType: true)])
        case "empty": return .empty
        case "root": return .root
        case "link", "any-link": return .link
        case let state where states.contains(state): return .never
        default: return nil
        }
    }

    private static func pseudoClass(_ value: CSSComponentValue, nesting: Int) -> PseudoClass? {
        switch value {
        case .token(.ident(let name)):
            return pseudoClass(named: name.asciiLowercased)
        case .function(let name, let arguments):
            let lower = name.asciiLowercased
            switch lower {
            case "not": return list(arguments, forgiving: false, nesting: nesting + 1).map(PseudoClass.not)
            case "is", "matches", "-webkit-any": return list(arguments, forgiving: true, nesting: nesting + 1).map(PseudoClass.is)
            case "where": return list(arguments, forgiving: true, nesting: nesting + 1).map(PseudoClass.where)
            case "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type":
                let last = lower.hasPrefix("nth-last")
                let ofType = lower.hasSuffix("of-type")
                // `an+b of S` (only for the -child ones).
                let parts = arguments.split(whereSeparator: { $0.keyword == "of" })
                guard let pattern = nth(Array(parts.first ?? [])) else { return nil }
                var of: [Selector]?
                if parts.count == 2, !ofType {
                    guard let list = list(Array(parts[1]), forgiving: false, nesting: nesting + 1) else { return nil }
                    of = list
                } else if parts.count > 1 {
                    return nil
                }
                return .nth(pattern, last: last, ofType: ofType, of: of)
            case let state where states.contains(state): return .never
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `:only-child` as first and last child (`:only-of-type` by type).
    private static func onlySelector(ofType: Bool) -> Selector {
        let first = SimpleSelector.pseudoClass(.nth(NthPattern(a: 0, b: 1), last: false, ofType: ofType, of: nil))
        let last = SimpleSelector.pseudoClass(.nth(NthPattern(a: 0, b: 1), last: true, ofType: ofType, of: nil))
        return Selector(compounds: [(CompoundSelector(type: nil, conditions: [first, last]), nil)], pseudoElement: nil)
    }

    /// `an+b`, `odd`, `even` (CSS Syntax Level 3 §6), from the tokens written.
    static func nth(_ values: [CSSComponentValue]) -> NthPattern? {
        var text = ""
        var afterSign = false
        for value in values where !value.isWhitespace {
            guard case .token(let token) = value else { return nil }
            switch token {
            case .ident(let name): text += name.asciiLowercased
            case .dimension(let number, true, let unit): text += (afterSign || text.isEmpty ? "" : number < 0 ? "" : "+") + "\(Int(number))" + unit.asciiLowercased
            case .number(let number, true): text += (afterSign || text.isEmpty || number < 0 ? "" : "+") + "\(Int(number))"
            case .delim("+"): text += "+"
            case .delim("-"): text += "-"
            default: return nil
            }
            afterSign = token == .delim("+") || token == .delim("-")
        }
        switch text {
        case "odd": return NthPattern(a: 2, b: 1)
        case "even": return NthPattern(a: 2, b: 0)
        default: break
        }
        guard let n = text.firstIndex(of: "n") else { return Int(text).map { NthPattern(a: 0, b: $0) } }
        let before = text[..<n]
        let a: Int? = switch before {
        case "", "+": 1
        case "-": -1
        default: Int(before)
        }
        let after = text[text.index(after: n)...]
        let b: Int? = after.isEmpty ? 0 : (after.first == "+" || after.first == "-") ? Int(after) : nil
        guard let a, let b else { return nil }
        return NthPattern(a: a, b: b)
    }
}
