/// Reads a stylesheet's rules from its tokens, as CSS Syntax Level 3 (§5) says:
/// qualified rules (a prelude, then a block of declarations), at-rules (a prelude,
/// then a block or `;`), and the declarations of a block (`name: value !important`).
///
/// Nothing the stylesheet holds makes it recurse without bound: blocks nested deeper
/// than `maximumDepth` are read through and dropped (and `StyleSheet` reads at-rules
/// nested `maximumBlockDepth` deep at most).
package struct CSSParser {
    /// A rule of a stylesheet or of an at-rule's block.
    package enum Rule: Equatable, Sendable {
        /// A style rule: its prelude (a selector list), its block.
        case qualified(prelude: [CSSComponentValue], block: [CSSComponentValue])
        /// `@name prelude { block }` (`block` nil when it ended with `;`).
        case at(name: String, prelude: [CSSComponentValue], block: [CSSComponentValue]?)
    }

    /// A declaration: its name, lower-cased where it is not a custom property; its
    /// value without white space at either end and without `!important`.
    package struct Declaration: Equatable, Sendable {
        package var name: String
        package var value: [CSSComponentValue] {
            didSet { hasVariable = Cascade.containsVariable(value) }
        }
        package var isImportant: Bool
        /// Whether it sets a custom property (`--name`).
        package let isCustom: Bool
        /// Whether its value holds a `var()` (found once, when it is read).
        package private(set) var hasVariable: Bool

        package init(name: String, value: [CSSComponentValue], isImportant: Bool) {
            self.name = name
            self.value = value
            self.isImportant = isImportant
            isCustom = name.hasPrefix("--")
            hasVariable = Cascade.containsVariable(value)
        }
    }

    /// How deep blocks and functions may nest inside a rule.
    static let maximumDepth = 64

    private var tokens: CSSTokenizer
    private var peeked: CSSToken??

    package init(_ tokens: CSSTokenizer) {
        self.tokens = tokens
    }

    private mutating func peek() -> CSSToken? {
        if let peeked { return peeked }
        let token = tokens.next()
        peeked = .some(token)
        return token
    }

    private mutating func take() -> CSSToken? {
        defer { peeked = nil }
        return peek()
    }

    /// The next rule of a stylesheet's top level (§5.4.1, CDO and CDC skipped), or
    /// `nil` at its end.
    package mutating func nextRule() -> Rule? {
        while let token = peek() {
            switch token {
            case .whitespace, .cdo, .cdc:
                _ = take()
            case .atKeyword(let name):
                _ = take()
                return consumeAtRule(name: name)
            default:
                if let rule = consumeQualifiedRule() { return rule }
            }
        }
        return nil
    }

    /// §5.4.2
    private mutating func consumeAtRule(name: String) -> Rule {
        var prelude: [CSSComponentValue] = []
        while let token = take() {
            switch token {
            case .semicolon:
                return .at(name: name, prelude: prelude, block: nil)
            case .openCurly:
                return .at(name: name, prelude: prelude, block: consumeBlockContent(closing: .closeCurly, depth: 1))
            default:
                if let value = consumeComponentValue(token, depth: 1) { prelude.append(value) }
            }
        }
        return .at(name: name, prelude: prelude, block: nil)
    }

    /// §5.4.3: `nil` when the stylesheet ends before the block.
    private mutating func consumeQualifiedRule() -> Rule? {
        var prelude: [CSSComponentValue] = []
        while let token = take() {
            if token == .openCurly { return .qualified(prelude: prelude, block: consumeBlockContent(closing: .closeCurly, depth: 1)) }
            if let value = consumeComponentValue(token, depth: 1) { prelude.append(value) }
        }
        return nil
    }

    /// The content of a block up to `closing` (consumed), or to the end. Past
    /// `maximumDepth` the content is read and dropped.
    private mutating func consumeBlockContent(closing: CSSToken, depth: Int) -> [CSSComponentValue] {
        guard depth <= Self.maximumDepth else {
            skipBlock(closing: closing)
            return []
        }
        var content: [CSSComponentValue] = []
        while let token = take() {
            if token == closing { break }
            if let value = consumeComponentValue(token, depth: depth + 1) { content.append(value) }
        }
        return content
    }

    /// §5.4.7; `nil` for a stray closing bracket's token kept as a token.
    private mutating func consumeComponentValue(_ token: CSSToken, depth: Int) -> CSSComponentValue? {
        switch token {
        case .openCurly, .openSquare, .openParen:
            return .block(opening: token, consumeBlockContent(closing: token.closingToken ?? .closeParen, depth: depth))
        case .function(let name):
            return .function(name, consumeBlockContent(closing: .closeParen, depth: depth))
        default:
            return .token(token)
        }
    }

    /// Reads through a block nested too deep, counting brackets without recursion.
    private mutating func skipBlock(closing: CSSToken) {
        var open = [closing]
        while let token = take(), let last = open.last {
            if token == last {
                open.removeLast()
                if open.isEmpty { return }
            } else if let inner = token.closingToken {
                open.append(inner)
            }
        }
    }

    // MARK: - Lists

    /// The rules of a stylesheet's bytes, in order.
    package static func rules(of bytes: [UInt8]) -> [Rule] {
        Array(RuleSequence(bytes))
    }

    /// A stylesheet's rules read one at a time, so that only the rule being read is
    /// held whole (a sheet of 10 MB is not held as values).
    package struct RuleSequence: Sequence, IteratorProtocol {
        private var parser: CSSParser

        package init(_ bytes: [UInt8]) {
            parser = CSSParser(CSSTokenizer(bytes))
        }

        package mutating func next() -> Rule? {
            parser.nextRule()
        }
    }

    /// The declarations of a style rule's block or a `style` attribute (§5.4.5):
    /// each up to its `;`, a bad one dropped alone; nested rules and at-rules skipped.
    package static func declarations(in block: [CSSComponentValue]) -> [Declaration] {
        var declarations: [Declaration] = []
        var index = block.startIndex
        while index < block.endIndex {
            let start = index
            while index < block.endIndex, block[index] != .token(.semicolon) { index += 1 }
            if let declaration = declaration(from: block[start..<index]) { declarations.append(declaration) }
            index += 1
        }
        return declarations
    }

    /// The declarations of a `style` attribute's text.
    package static func declarations(ofAttribute text: String) -> [Declaration] {
        declarations(in: componentValues(of: Array(text.utf8)))
    }

    /// All of `bytes` as component values (a `media` attribute's, a `style`
    /// attribute's).
    package static func componentValues(of bytes: [UInt8]) -> [CSSComponentValue] {
        componentValues(of: bytes, in: 0..<bytes.count)
    }

    /// `bytes[range]` as component values (an at-rule's prelude).
    static func componentValues(of bytes: [UInt8], in range: Range<Int>) -> [CSSComponentValue] {
        var parser = CSSParser(CSSTokenizer(bytes, in: range))
        var values: [CSSComponentValue] = []
        while let token = parser.take() {
            if let value = parser.consumeComponentValue(token, depth: 1) { values.append(value) }
        }
        return values
    }

    /// §5.4.6: `name : value [!important]`; `nil` when it is not one.
    private static func declaration(from values: ArraySlice<CSSComponentValue>) -> Declaration? {
        var rest = values.drop { $0.isWhitespace }
        guard case .token(.ident(let name)) = rest.first else { return nil }
        rest = rest.dropFirst().drop { $0.isWhitespace }
        guard rest.first == .token(.colon) else { return nil }
        var value = Array(rest.dropFirst()).trimmed
        var isImportant = false
        // `! important`, any case, white space allowed between.
        if value.last?.keyword == "important" {
            var before = value.dropLast()
            while before.last?.isWhitespace == true { before.removeLast() }
            if before.last == .token(.delim("!")) {
                isImportant = true
                value = Array(before.dropLast()).trimmed
            }
        }
        return Declaration(name: name.hasPrefix("--") ? name : name.asciiLowercased, value: Array(value), isImportant: isImportant)
    }
}
