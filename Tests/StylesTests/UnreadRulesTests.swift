import Testing
@testable import Styles

/// Rules filed unread (`UnreadRules`) are read when an element may need them, and
/// style as rules read at once do.
@Suite("Unread rules")
struct UnreadRulesTests {
    /// Simple selector lists are filed unread; what the skim cannot file safely is
    /// read at once.
    @Test func simpleRulesAreFiledUnreadTheRestReadAtOnce() {
        let simple = [
            "p { display: none }", "div p { display: none }", "#a .b > span:hover, li { display: none }", "A.Cls { display: none }",
            "ul  >  li.x#y { display: none }", "a:link { color: red }", "p::before { content: 'x' }", ".fa-glass:before { content: \"\\f000\" }",
            "a.b::AFTER, i:before { content: '\\'\\\n' }",
        ]
        for text in simple {
            let sheet = StyleSheet(unread: text)
            #expect(sheet.unread.rules.count == 1 && sheet.rules.isEmpty, "\(text)")
        }
        let readAtOnce = [
            "* { display: none }", "a + b { display: none }", "a ~ b { display: none }", "[x] { display: none }", "p:first-child { display: none }",
            "p:not(.a) { display: none }", "\\61 { display: none }", ".a { content: attr(title) }", "::before { content: 'x' }",
            "p::before .a { content: 'x' }", "p::before:hover { content: 'x' }", "p::before > a { content: 'x' }", "p::selection { color: red }",
            "p::hover { display: none }", "p:before::after { content: 'x' }", "p { content: \\'x' }",
            "p:hover { display: none } :hover { display: none }", "li:first-of-type { display: none }", "é { display: none }",
            "a > { display: none }", "a, { display: none }", "ns|p { display: none }",
        ]
        for text in readAtOnce {
            let sheet = StyleSheet(unread: text)
            #expect(sheet.unread.rules.count == (text.hasPrefix("p:hover") ? 1 : 0), "\(text)")
        }
    }

    /// Rules for `::before` and `::after` filed unread (an icon font's sheet has
    /// hundreds, a page uses a few) give the content the same rules read at once do,
    /// escapes in their strings resolved.
    @Test func pseudoElementRulesFiledUnreadGiveWhatRulesReadAtOnceGive() {
        let rules = [
            (".next:before", #"content: "\2192  next""#), (".quote::after", #"content: " \"q\" " ; font-style: italic"#),
            ("p.note::before, .tip:after", #"content: "Note: ""#), ("li .mark:before", #"content: "\2022""#),
            (".icon:before", #"content: "\f000""#),
        ]
        let unread = StyleSheet(unread: rules.map { "\($0.0) { \($0.1) }" }.joined(separator: "\n"))
        let readAtOnce = StyleSheet(
            unread: rules.map { rule in
                // (`:is()` leaves a selector to the full reading, matching and weighing
                // as what it wraps.)
                let wrapped = rule.0.split(separator: ",").map { selector in
                    let parts = selector.split(separator: ":", maxSplits: 1)
                    return ":is(\(parts[0].drop { $0 == " " })):\(parts[1])"
                }
                return "\(wrapped.joined(separator: ", ")) { \(rule.1) }"
            }.joined(separator: "\n"))
        #expect(unread.unread.rules.count == rules.count && unread.rules.isEmpty && unread.stylesPseudoElements)
        #expect(readAtOnce.unread.isEmpty && readAtOnce.rules.count == rules.count + 1)
        func contents(_ sheet: StyleSheet) -> [String] {
            let styler = ElementStyler(cascade: Cascade([(sheet, .author)]))
            var texts: [String] = []
            func element(_ name: String, _ classes: String, _ inside: () -> Void = {}) {
                _ = styler.start(name: name, attributes: classes.isEmpty ? [] : [("class", classes)])
                texts.append("before: \(styler.generatedBefore?.text ?? "-") \(styler.generatedBefore?.style.italic == true)")
                inside()
                texts.append("after: \(styler.generatedAfter()?.text ?? "-")")
                styler.end()
            }
            element("html", "") {
                element("body", "") {
                    for name in ["a", "p", "span"] {
                        for classes in ["next", "quote", "note", "tip", "mark", "icon", "next quote", ""] { element(name, classes) }
                    }
                    element("li", "") { element("span", "mark") }
                }
            }
            return texts
        }
        let expected = contents(readAtOnce)
        #expect(contents(unread) == expected)
        #expect(expected.contains("before: → next false") && expected.contains(#"after:  "q" "#) && expected.contains("before: • false"))
    }

    /// The stylers of a page's parts read a rule filed unread once between them.
    @Test func stylersShareTheRulesTheyRead() {
        let sheet = ".a { font-weight: bold } .b p { font-style: italic } .c { display: block } .x0, .x1, .x2 { text-transform: uppercase }"
        let cascade = Cascade([(StyleSheet(unread: sheet), .author)])
        for index in 0..<3 {
            // (Elements unlike those the other stylers styled: each runs the cascade.)
            let styler = ElementStyler(cascade: cascade)
            _ = styler.start(name: "div", attributes: [("class", "b")])
            let style = styler.start(name: "p", attributes: [("class", "a x\(index)")])
            #expect(style.bold && style.italic && style.textTransform == .uppercase)
        }
        // `.a`, `.b p` and the `.xN` rule, each once; not `.c`.
        #expect(cascade.sharing.rulesRead == 3)
    }

    /// Pseudo-classes are told apart by their names' hashes: none the selector
    /// parser knows outside the plain ones has the hash of a plain one.
    @Test func plainPseudoClassesAreKnownByTheirHashes() {
        let others = [
            "first-child", "last-child", "only-child", "first-of-type", "last-of-type", "only-of-type", "empty", "root", "before", "after",
            "first-line", "first-letter", "marker", "placeholder", "selection", "backdrop", "not", "is", "where", "matches", "-webkit-any",
            "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type", "has", "host",
        ]
        for name in SimpleSelectorKeys.plainPseudoClasses { #expect(SimpleSelectorKeys.isPlainPseudoClass(hash: AncestorFilter.hash(name, kind: 3)), "\(name)") }
        for name in others where !SimpleSelectorKeys.plainPseudoClasses.contains(name) {
            #expect(!SimpleSelectorKeys.isPlainPseudoClass(hash: AncestorFilter.hash(name, kind: 3)), "\(name)")
        }
        #expect(!SimpleSelectorKeys.plainPseudoClasses.contains("first-child") && StyleSheet(unread: "p:FIRST-CHILD { display: none }").unread.isEmpty)
        #expect(!StyleSheet(unread: "p:HOVER { display: none }").unread.isEmpty)
    }

    /// A sheet cut into its rules by skimming gives the rules reading it whole gives,
    /// whatever strings, comments, escapes, addresses and brackets hold.
    @Test func cutsAreTheParsersOwn() {
        let sheet = """
            <!-- p { color: red } -->
            a[title="}{"] { display: none }
            /* } */ b { background: url(x{y}.png); content: "}" }
            c { background: url( a"b{ ) } d { x: 1 }
            e\\{ { display: block } f { a: (}) ; b: [}] } g { x: y
            @media screen { h { display: none } @media print { i { x: y } } }
            @font-face { src: url(data:x;y,{) } j { display: none }
            k { color: "unterminated
            } l { display: none }
            """
        #expect(Self.cut(sheet) == CSSParser.rules(of: Array(sheet.utf8)))
        // Random sheets of the pieces that can end a rule, or seem to.
        let pieces = [
            "a", " ", "{", "}", "(", ")", "[", "]", ";", ":", "\"", "'", "\\", "\\7B ", "\n", "/*", "*/", "url(", "URL( ", "attr(", "x", ".b",
            "#c", ">", ",", "@media screen", "@x", "<!--", "-->", "1e3", "-", "u\\72l(",
        ]
        var random = SplitMix(seed: 11)
        for _ in 0..<2_000 {
            let text = (0..<random.next(40)).map { _ in pieces[random.next(pieces.count)] }.joined()
            let whole = CSSParser.rules(of: Array(text.utf8))
            #expect(Self.cut(text) == whole, "\(text)")
        }
    }

    /// The rules of `sheet`, each read from where the splitter cut it.
    static func cut(_ sheet: String) -> [CSSParser.Rule] {
        var cut: [CSSParser.Rule] = []
        var splitter = RuleSplitter(Array(sheet.utf8), in: 0..<sheet.utf8.count, isTopLevel: true)
        while let piece = splitter.next() {
            switch piece {
            case .style(let range, _):
                var parser = CSSParser(CSSTokenizer(Array(sheet.utf8), in: range.lowerBound..<sheet.utf8.count))
                if let rule = parser.nextRule() { cut.append(rule) }
            case .at(let name, let prelude, let block):
                let bytes = Array(sheet.utf8)
                cut.append(.at(name: name, prelude: CSSParser.componentValues(of: bytes, in: prelude), block: block.map { CSSParser.componentValues(of: bytes, in: $0) }))
            }
        }
        return cut
    }

    /// Styles from rules filed unread are those of the same rules read at once (each
    /// selector wrapped in `:is()`, which the skim leaves to the full reading and
    /// which matches and weighs as what it wraps), under the ancestor filter too.
    @Test func unreadRulesStyleAsRulesReadAtOnce() {
        var random = SplitMix(seed: 7)
        let names = ["div", "p", "span", "li", "ul", "a"]
        let classes = ["a", "b", "c", "d"]
        let ids = ["x", "y", "z"]
        func compound() -> String {
            var text = random.next(4) == 0 ? "" : names[random.next(names.count)]
            if random.next(3) == 0 { text += "#" + ids[random.next(ids.count)] }
            for _ in 0..<random.next(3) { text += "." + classes[random.next(classes.count)] }
            if text.isEmpty { text = "." + classes[random.next(classes.count)] }
            if random.next(6) == 0 { text += ":link" }
            return text
        }
        func selector() -> String {
            (0...random.next(3)).map { _ in compound() }.joined(separator: random.next(2) == 0 ? " " : " > ")
        }
        let values = ["display: none", "display: block", "font-style: italic", "font-weight: bold", "visibility: hidden", "display: table !important"]
        for round in 0..<20 {
            var lists: [[String]] = []
            var blocks: [String] = []
            for _ in 0..<(5 + random.next(40)) {
                lists.append((0...random.next(2)).map { _ in selector() })
                blocks.append(values[random.next(values.count)] + "; " + values[random.next(values.count)])
            }
            let unreadSheet = zip(lists, blocks).map { "\($0.joined(separator: ", ")) { \($1) }" }.joined(separator: "\n")
            let readSheet = zip(lists, blocks).map { "\($0.map { ":is(\($0))" }.joined(separator: ", ")) { \($1) }" }.joined(separator: "\n")
            #expect(StyleSheet(unread: unreadSheet).rules.isEmpty && StyleSheet(unread: readSheet).unread.isEmpty)
            func tree(depth: Int) -> TestNode {
                var attributes: [String: String] = [:]
                if random.next(3) == 0 { attributes["id"] = ids[random.next(ids.count)] }
                let classList = classes.filter { _ in random.next(3) == 0 }
                if !classList.isEmpty { attributes["class"] = classList.joined(separator: " ") }
                let name = names[random.next(names.count)]
                if name == "a", random.next(2) == 0 { attributes["href"] = "#" }
                let node = TestNode(name, attributes)
                if depth < 4 {
                    node.children = (0..<random.next(4)).map { _ in tree(depth: depth + 1) }
                    for child in node.children { child.parent = node }
                }
                return node
            }
            let page = TestNode("html", [:], TestNode("body", ["class": "c"], tree(depth: 0), tree(depth: 0)))
            let read = Self.styles(page, readSheet, filtered: true)
            #expect(Self.styles(page, unreadSheet, filtered: true) == read, "round \(round):\n\(unreadSheet)")
            #expect(Self.styles(page, unreadSheet, filtered: false) == read, "round \(round), no ancestor filter:\n\(unreadSheet)")
        }
    }

    /// A large sheet read in two halves at once styles as read straight through,
    /// whether its second half starts where the first one's reading ends or inside a
    /// block (where the first reading goes on alone).
    @Test func halvesReadAtOnceStyleAsOneReading() {
        var rules: [String] = []
        for index in 0..<40_000 {
            let (selector, declaration) =
                switch index % 5 {
                case 0: (".c\(index % 7) > p.k\(index)", "display: none")
                case 1: ("#i\(index % 3) .c\(index % 5)", "font-style: italic")
                case 2: ("li + li.c\(index % 4)", "font-weight: bold")
                case 3: ("div.c\(index % 6) span", "display: block")
                default: ("span:not(.c\(index % 3))", "visibility: hidden")
                }
            rules.append(index % 5 == 3 ? "@media screen { \(selector) { \(declaration) } }" : "\(selector) { \(declaration) }")
        }
        let flat = rules.joined(separator: "\n")
        // (The middle inside one block of half the sheet.)
        let nested = rules[..<10_000].joined(separator: "\n") + "\n@media screen {\n" + rules[10_000..<30_000].filter { !$0.hasPrefix("@") }.joined(separator: "\n")
            + "\n}\n" + rules[30_000...].joined(separator: "\n")
        var random = SplitMix(seed: 3)
        func tree(depth: Int) -> TestNode {
            var attributes: [String: String] = [:]
            if random.next(4) == 0 { attributes["id"] = "i\(random.next(3))" }
            if random.next(2) == 0 { attributes["class"] = "c\(random.next(7)) k\(random.next(40_000))" }
            let node = TestNode(["div", "p", "span", "li"][random.next(4)], attributes)
            if depth < 4 {
                node.children = (0..<random.next(4)).map { _ in tree(depth: depth + 1) }
                for child in node.children { child.parent = node }
            }
            return node
        }
        let page = TestNode("html", [:], TestNode("body", [:], tree(depth: 0), tree(depth: 0), tree(depth: 0)))
        for text in [flat, nested] {
            #expect(text.utf8.count >= StyleSheet.halvedBytes)
            let halved = StyleSheet(Array(text.utf8), unreadFrom: 0)
            let straight = StyleSheet(Array(text.utf8), halvedFrom: .max, unreadFrom: 0)
            #expect(halved.ruleCount == straight.ruleCount && halved.rules.map(\.order) == straight.rules.map(\.order))
            #expect(Self.styles(page, halved, filtered: true) == Self.styles(page, straight, filtered: true))
        }
    }

    /// Rules enough for their buckets to be formed on two threads are all found.
    @Test func manyRulesAreAllFound() {
        let count = 2 * HashBuckets<Int>.halvedCount
        let unread = (0..<count).map { "#i\($0 % 3) .x\($0) { font-style: italic }" }.joined(separator: "\n")
        let classes = Array(stride(from: 0, to: count, by: 97))
        let body = TestNode("body", ["id": "i1"])
        body.children = classes.map { TestNode("p", ["class": "x\($0)"]) }
        for child in body.children { child.parent = body }
        #expect(StyleSheet(unread: unread).unread.rules.count == count)
        // (The html and body elements, then one a class: italic where its rule names `#i1`.)
        let italic = Self.styles(TestNode("html", [:], body), unread, filtered: true).map(\.italic)
        #expect(italic == [false, false] + classes.map { $0 % 3 == 1 })
    }

    /// The computed styles of `root`'s elements in document order: by a styler (its
    /// ancestor filter used) or element by element by the cascade alone.
    static func styles(_ root: TestNode, _ sheet: String, filtered: Bool) -> [ComputedStyle] {
        styles(root, StyleSheet(unread: sheet), filtered: filtered)
    }

    static func styles(_ root: TestNode, _ sheet: StyleSheet, filtered: Bool) -> [ComputedStyle] {
        let cascade = Cascade([(sheet, .author)])
        let styler = ElementStyler(cascade: cascade)
        var styles: [ComputedStyle] = []
        func walk(_ node: TestNode, parent: ComputedStyle?) {
            let style =
                filtered
                ? styler.start(name: node.name, attributes: node.attributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
                : cascade.style(of: TestElement(node: node), parent: parent)
            styles.append(style)
            for child in node.children { walk(child, parent: style) }
            if filtered { styler.end() }
        }
        walk(root, parent: nil)
        return styles
    }

    /// Many rules with one subject (`.cN > p`) are found by the ancestor they need, so
    /// that a `p` is not matched against them all.
    @Test func manyRulesOfOneSubjectAreFiledByTheirAncestor() {
        let text = (0..<5_000).map { ".c\($0) > p { display: none }" }.joined(separator: "\n") + "\np { font-style: italic }"
        let sheet = StyleSheet(unread: text)
        #expect(sheet.unread.rules.count == 5_001)
        var filter = AncestorFilter()
        let ancestorKeys = AncestorFilter.hashes(name: "div", id: nil, classes: ["c42"])
        filter.add(ancestorKeys)
        var found: [UnreadRules.Candidate] = []
        sheet.unread.candidates(keys: [AncestorFilter.hash("p", kind: 0)], ancestors: AncestorKeys(keys: ancestorKeys, filter: filter), into: &found)
        #expect(found.count == 2 && Set(found.map(\.rule)) == [42, 5_000], "\(found.count) found")
        // html, div.c42, its p, div.c5000, its p.
        let styles = Self.styles(
            TestNode("html", [:], TestNode("div", ["class": "c42"], TestNode("p", [:])), TestNode("div", ["class": "c5000"], TestNode("p", [:]))), sheet,
            filtered: true)
        #expect(styles[2].display == ComputedStyle.Display.none && styles[4].display == .inline && styles[4].italic == true)
    }
}

/// A small seeded generator (SplitMix64), so that failures repeat.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
