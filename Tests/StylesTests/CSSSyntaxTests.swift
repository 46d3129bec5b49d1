import Testing
@testable import Styles

/// Tokens and rules as CSS Syntax Level 3 reads them.
@Suite("CSS syntax")
struct CSSSyntaxTests {
    static func tokens(_ text: String) -> [CSSToken] {
        var tokenizer = CSSTokenizer(text)
        var tokens: [CSSToken] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return tokens
    }

    @Test func namesNumbersAndPunctuation() {
        #expect(
            Self.tokens("a.b#c > d:hover{color:red}")
                == [
                    .ident("a"), .delim("."), .ident("b"), .hash("c", isIdentifier: true), .whitespace, .delim(">"), .whitespace, .ident("d"), .colon,
                    .ident("hover"), .openCurly, .ident("color"), .colon, .ident("red"), .closeCurly,
                ])
        #expect(
            Self.tokens("12 -3.5 +.5e2 50% 1.5em 2n+1 #1a")
                == [
                    .number(12, isInteger: true), .whitespace, .number(-3.5, isInteger: false), .whitespace, .number(50, isInteger: false), .whitespace,
                    .percentage(50), .whitespace, .dimension(1.5, isInteger: false, unit: "em"), .whitespace,
                    .dimension(2, isInteger: true, unit: "n"), .number(1, isInteger: true), .whitespace, .hash("1a", isIdentifier: false),
                ])
        #expect(Self.tokens("--x -webkit-box -->") == [.ident("--x"), .whitespace, .ident("-webkit-box"), .whitespace, .cdc])
        #expect(Self.tokens("<!-- @media") == [.cdo, .whitespace, .atKeyword("media")])
    }

    @Test func commentsStringsAndEscapes() {
        #expect(Self.tokens("a/* x */b") == [.ident("a"), .ident("b")])
        #expect(Self.tokens("/* never closed") == [])
        #expect(Self.tokens(#""a\"b" 'c'"#) == [.string("a\"b"), .whitespace, .string("c")])
        #expect(Self.tokens("\"cut\nx") == [.badString, .whitespace, .ident("x")])
        // A hex escape ends at six digits or a space; code points past Unicode are U+FFFD.
        #expect(Self.tokens(#"\31 23 \41x \110000"#) == [.ident("123"), .whitespace, .ident("Ax"), .whitespace, .ident("\u{FFFD}")])
        #expect(Self.tokens(#".a\:b"#) == [.delim("."), .ident("a:b")])
        #expect(Self.tokens("é中") == [.ident("é中")], "non-ASCII is a name's")
        #expect(Self.tokens("\"a\\\nb\"") == [.string("ab")], "an escaped newline continues a string")
    }

    @Test func urlsAndFunctions() {
        #expect(Self.tokens("url( a.png )") == [.url("a.png")])
        #expect(Self.tokens("url(\"a.png\")") == [.function("url"), .string("a.png"), .closeParen])
        #expect(Self.tokens("url(a b) x") == [.badURL, .whitespace, .ident("x")])
        #expect(Self.tokens("calc(1px + 2%)") == [.function("calc"), .dimension(1, isInteger: true, unit: "px"), .whitespace, .delim("+"), .whitespace, .percentage(2), .closeParen])
    }

    @Test func rulesAndDeclarations() throws {
        let rules = CSSParser.rules(of: Array("<!-- p { color : red !important; bad; margin: 0 } @import 'x.css'; @media print { a {} } -->".utf8))
        #expect(rules.count == 3)
        guard case .qualified(let prelude, let block) = rules[0] else {
            Issue.record("a style rule first")
            return
        }
        #expect(prelude.trimmed.elementsEqual([.token(.ident("p"))]))
        let declarations = CSSParser.declarations(in: block)
        #expect(declarations.map(\.name) == ["color", "margin"])
        #expect(declarations[0].value == [.token(.ident("red"))] && declarations[0].isImportant)
        #expect(declarations[1].value == [.token(.number(0, isInteger: true))] && !declarations[1].isImportant)
        guard case .at("import", let importPrelude, nil) = rules[1], case .at("media", _, let media?) = rules[2] else {
            Issue.record("@import then @media")
            return
        }
        #expect(importPrelude.withoutWhitespace == [.token(.string("x.css"))])
        // (The block holds `a {}`: its prelude, then its own block.)
        #expect(media.filter { if case .block(.openCurly, _) = $0 { true } else { false } }.count == 1)
        let attribute = CSSParser.declarations(ofAttribute: "DISPLAY: None ! IMPORTANT; --Custom: 1")
        #expect(attribute.map(\.name) == ["display", "--Custom"] && attribute[0].isImportant)
    }

    /// Blocks nested past the limit are read through without recursion and dropped;
    /// the rules after them still read.
    @Test func deepNestingIsBounded() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let rules = CSSParser.rules(of: Array("a { x: \(deep) } b { color: red }".utf8))
        #expect(rules.count == 2)
        let unclosed = CSSParser.rules(of: Array(("a { x: " + String(repeating: "(", count: 100_000)).utf8))
        #expect(rules.count == 2 && unclosed.count == 1)
    }
}
