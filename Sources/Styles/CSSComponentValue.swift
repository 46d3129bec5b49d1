/// A component value of CSS Syntax Level 3 (§5): a token, a block in brackets, or a
/// function with its arguments.
package indirect enum CSSComponentValue: Hashable, Sendable {
    case token(CSSToken)
    /// A block opened by `opening` (`[`, `(` or `{`), its content.
    case block(opening: CSSToken, [CSSComponentValue])
    /// A function: its name, its arguments.
    case function(String, [CSSComponentValue])

    /// Whether it is white space.
    var isWhitespace: Bool {
        if case .token(.whitespace) = self { return true }
        return false
    }

    /// The identifier's name in ASCII lower case, or `nil`.
    var keyword: String? {
        if case .token(let token) = self { return token.lowercasedIdentifier }
        return nil
    }
}

extension Array where Element == CSSComponentValue {
    /// The values without white space at either end.
    var trimmed: ArraySlice<CSSComponentValue> {
        var slice = self[...]
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return slice
    }

    /// The values without any white space.
    var withoutWhitespace: [CSSComponentValue] {
        filter { !$0.isWhitespace }
    }
}
