/// A token of CSS, as CSS Syntax Level 3 (§4) defines them.
///
/// Names and strings are kept as the stylesheet wrote them, escapes resolved.
/// Numbers keep whether they were written as integers (`:nth-child(2n+1)` and
/// `z-index` care).
package enum CSSToken: Hashable, Sendable {
    case ident(String)
    /// A name followed by `(`: the name.
    case function(String)
    /// `@name`: the name.
    case atKeyword(String)
    /// `#name`: the name, and whether it would make an identifier (an id selector).
    case hash(String, isIdentifier: Bool)
    case string(String)
    /// A string cut by a newline.
    case badString
    /// `url(...)` written without quotes: the address.
    case url(String)
    case badURL
    /// Any other code point on its own.
    case delim(Unicode.Scalar)
    case number(Double, isInteger: Bool)
    case percentage(Double)
    case dimension(Double, isInteger: Bool, unit: String)
    case whitespace
    /// `<!--` and `-->`, which stylesheets inside HTML comments may carry.
    case cdo, cdc
    case colon, semicolon, comma
    case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly
}

/// What a token is, without its name, string or number: what skimming a sheet
/// (`CSSTokenizer.skim()`) tells, as a value nothing need count references to. A
/// hash that would make an identifier (an id selector's) is an `idHash`.
enum CSSTokenKind: UInt8 {
    case ident, function, atKeyword, hash, idHash, string, badString, url, badURL, delim, number, percentage, dimension, whitespace
    case cdo, cdc, colon, semicolon, comma
    case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly
}

extension CSSToken {
    /// The token that closes a block opened by this one.
    var closingToken: CSSToken? {
        switch self {
        case .openSquare: .closeSquare
        case .openParen, .function: .closeParen
        case .openCurly: .closeCurly
        default: nil
        }
    }

    /// The identifier's name in ASCII lower case (CSS keywords match so), or `nil`.
    var lowercasedIdentifier: String? {
        if case .ident(let name) = self { return name.asciiLowercased }
        return nil
    }
}

extension String {
    /// The string with ASCII letters in lower case only, as CSS compares keywords.
    var asciiLowercased: String {
        guard utf8.contains(where: { (0x41...0x5A).contains($0) }) else { return self }
        return String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
