import Testing
@testable import Styles

/// A rule whose block names no property docscroll reads is passed over unparsed
/// (`StyleSheet.mayKeep`): never one that parsed whole would keep a declaration.
@Suite("Rule prefilter")
struct RulePrefilterTests {
    static func mayKeep(_ rule: String, colors: Bool = false) -> Bool {
        let bytes = Array(rule.utf8)
        return StyleSheet.mayKeep(bytes, rule: 0..<bytes.count, readsColors: colors)
    }

    @Test func blocksOfPropertiesNotReadArePassedOver() {
        #expect(!Self.mayKeep("p.note { margin-right: auto; padding-inline-end: 1em; font-size: 90% }"))
        #expect(Self.mayKeep("p.note { margin: 0 auto }"), "margins above, below and on the left part and indent blocks")
        #expect(!Self.mayKeep(".highlight .o { color: #666666 }"), "colours not drawn")
        #expect(Self.mayKeep(".highlight .o { color: #666666 }", colors: true))
        #expect(Self.mayKeep("div { margin: 0; DISPLAY : none }"), "names in any case, blanks around them")
        #expect(Self.mayKeep("a { Background-Color: red }", colors: true) && !Self.mayKeep("a { Background-Color: red }"), "a colour's, where drawn")
        #expect(Self.mayKeep("a { LIST-STYLE-TYPE: none }") && !Self.mayKeep("a { displa: none; displayx: none; list-style-typ: none }"))
        #expect(Self.mayKeep("div { --gap: 1px }"), "custom properties")
        #expect(Self.mayKeep("a::after { width: 0 }"), "what pseudo-elements read")
        #expect(Self.mayKeep("a { background: url(x;y:z); display: block }"), "a `;` in a value starts no name that hides the next")
        #expect(Self.mayKeep(#"a { margin: 0; /* display: none */ }"#), "a comment: parsed")
        #expect(Self.mayKeep(#"a { font-family: "x;display:none" }"#), "a string: parsed")
        #expect(Self.mayKeep(#"a { marg\in: 0 }"#), "an escape: parsed")
        #expect(Self.mayKeep("a { & b { display: none } }"), "a nested rule: parsed")
        #expect(!Self.mayKeep("a { }"))
    }

    /// Blocks made of every kind of piece: whenever the prefilter passes one over,
    /// the whole parse keeps nothing of it.
    @Test func noRulePassedOverKeepsADeclaration() {
        let pieces = [
            "display", "DISPLAY", "margin", "color", "--x", "width", "content", "-webkit-box", "font", ":", ";", " ", "\n", "none", "0",
            "url(a;b)", "(", ")", "\"", "'", "/*", "*/", "\\", "{", "}", "!important", "-", "a", "é", "rgb(1,2,3)", "counter(x)",
        ]
        var state: UInt64 = 46
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var passedOver = 0
        for _ in 0..<20_000 {
            let block = (0..<(1 + next(12))).map { _ in pieces[next(pieces.count)] }.joined()
            for prelude in ["p", "a::before"] {
                let bytes = Array("\(prelude) { \(block) }".utf8)
                for colors in [false, true] where !StyleSheet.mayKeep(bytes, rule: 0..<bytes.count, readsColors: colors) {
                    passedOver += 1
                    #expect(StyleSheet.readWhole(bytes, rule: 0..<bytes.count, readsColors: colors) == nil, "\(prelude) { \(block) }")
                }
            }
        }
        #expect(passedOver > 10_000)
    }

    /// A plain rule's declarations of properties not read are never made into tokens
    /// (`StyleSheet.plainParts`): what it keeps is what the whole parse keeps, for
    /// blocks made of every kind of piece, under preludes plain and not.
    @Test func plainRulesKeepWhatTheirTokensWould() {
        let pieces = [
            "display", "DISPLAY", "margin-top", "color", "--x", "width", "content", "font", ":", ";", " ", "\n", "none", "0", "2em", "block",
            "url(a;b)", "(", ")", "[", "]", "\"", "'", "/*", "*/", "\\", "{", "}", "!important", "-", "a", "é", "rgb(1,2,3)", "var(--x)",
            "display:block;", " margin-top : 2em;", "color: red;", "font-weight: bold ;", "--x: 1px;", "text-transform:uppercase;",
            " DISPLAY : none !important;", "white-space: pre-wrap;", "font-family: serif;",
        ]
        let preludes = ["p", "  ul > li.x", "a::before", "/* c */ p", #"[title="a{b"] p"#, "p, q", "p:not(.a)", "\\61"]
        var state: UInt64 = 47
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var plain = 0
        var kept = 0
        for _ in 0..<20_000 {
            let block = (0..<(1 + next(12))).map { _ in pieces[next(pieces.count)] }.joined()
            let bytes = Array("\(preludes[next(preludes.count)]) { \(block) }".utf8)
            if StyleSheet.plainParts(bytes, rule: 0..<bytes.count) != nil { plain += 1 }
            for colors in [false, true] {
                let fast = StyleSheet.readWhole(bytes, rule: 0..<bytes.count, readsColors: colors)
                let whole = StyleSheet.readWhole(bytes, rule: 0..<bytes.count, readsColors: colors, byTokens: true)
                #expect(fast?.selectors == whole?.selectors && fast?.declarations == whole?.declarations, "\(String(decoding: bytes, as: UTF8.self))")
                if whole != nil { kept += 1 }
            }
        }
        #expect(plain > 3_000 && kept > 5_000, "\(plain) plain, \(kept) kept")
    }
}
