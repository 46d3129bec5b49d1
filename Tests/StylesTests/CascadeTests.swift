import Testing
@testable import Styles

extension TestElement: StyledElement {
    var localName: String { node.name }
    var elementID: String? { node.attributes["id"] }
    var classNames: [String] { node.attributes["class"]?.split(separator: " ").map(String.init) ?? [] }
    var styleAttribute: String? { node.attributes["style"] }
}

@Suite("Cascade")
struct CascadeTests {
    /// The computed style of every element with an id, each from its parent's.
    static func styles(_ root: TestNode, _ sheets: [(String, CascadeOrigin)], width: Double = 1280, importing: [String: String] = [:]) -> [String: ComputedStyle] {
        let environment = MediaEnvironment(width: width)
        let cascade = Cascade(sheets.map { (StyleSheet($0.0, environment: environment, importing: { address, _ in importing[address].map { (Array($0.utf8), address) } }), $0.1) })
        var styles: [String: ComputedStyle] = [:]
        var stack: [(TestNode, ComputedStyle?)] = [(root, nil)]
        while let (node, parent) = stack.popLast() {
            let style = cascade.style(of: TestElement(node: node), parent: parent)
            if let id = node.attributes["id"] { styles[id] = style }
            stack += node.children.map { ($0, style) }
        }
        return styles
    }

    static func page(_ attributes: [String: String] = [:]) -> TestNode {
        TestNode(
            "html", [:],
            TestNode(
                "body", ["id": "body"],
                TestNode("div", ["id": "main", "class": "nav"].merging(attributes) { $1 }, TestNode("p", ["id": "p", "class": "a b"], text: "x")),
                TestNode("pre", ["id": "pre"], text: "code")))
    }

    @Test func specificityThenOrderDecide() {
        let styles = Self.styles(Self.page(), [("#main { display: block } div.nav { display: none } p.a.b { display: block } .a { display: none } p { display: list-item } p { display: table }", .author)])
        #expect(styles["main"]?.display == .block, "an id beats a type and a class")
        #expect(styles["p"]?.display == .block, "two classes and a type beat one class and a later type")
        let tie = Self.styles(Self.page(), [(".a { display: none } .b { display: block }", .author)])
        #expect(tie["p"]?.display == .block, "the later of equals")
    }

    @Test func importanceOriginsAndStyleAttributes() {
        let author = "#main { display: block; visibility: visible } div { display: table !important } p { visibility: hidden !important }"
        var styles = Self.styles(Self.page(["style": "display: none; visibility: collapse"]), [(author, .author)])
        #expect(styles["main"]?.display == .table, "important beats a style attribute")
        #expect(styles["main"]?.visibility == .collapse, "a style attribute beats selectors")
        styles = Self.styles(Self.page(["style": "display: none !important"]), [(author, .author)])
        #expect(styles["main"]?.display == Optional(ComputedStyle.Display.none), "an important attribute beats important rules")
        // The reader's sheet: weaker than the page's normal rules, stronger important.
        let user = "#main { display: list-item } p { visibility: visible !important }"
        styles = Self.styles(Self.page(), [("div { display: block }", .userAgent), (user, .user), ("div { display: table-cell }", .author), ("p { visibility: hidden !important }", .author)])
        #expect(styles["main"]?.display == .tableCell)
        #expect(styles["p"]?.visibility == .visible)
        styles = Self.styles(Self.page(), [("div { display: block !important }", .userAgent), ("div { display: table-cell !important }", .author)])
        #expect(styles["main"]?.display == .block, "the user agent's important beats all")
    }

    @Test func inheritanceAndItsKeywords() {
        let sheet = """
            #main { white-space: pre; font-weight: bold; display: block; text-transform: uppercase }
            p { display: inherit; font-weight: initial }
            #pre { text-transform: inherit; white-space: unset; display: unset }
            """
        let styles = Self.styles(Self.page(), [(sheet, .author)])
        #expect(styles["p"]?.whiteSpace == .pre, "inherited")
        #expect(styles["p"]?.display == .block, "not inherited, but asked for")
        #expect(styles["p"]?.bold == false)
        #expect(styles["p"]?.textTransform == .uppercase)
        #expect(styles["pre"]?.textTransform == ComputedStyle.TextTransform.none, "its parent, the body, has none")
        #expect(styles["pre"]?.display == .inline, "unset: initial for what is not inherited")
    }

    @Test func customProperties() {
        let sheet = """
            :root { --hide: none; --shown: block }
            #main { display: var(--shown) }
            p { display: var(--missing, var(--hide)) }
            #pre { --a: var(--b); --b: var(--a); display: block; display: var(--a) }
            body { --wide: a a a a a a a a a a; --w2: var(--wide) var(--wide) var(--wide) var(--wide) var(--wide) var(--wide) var(--wide) var(--wide) var(--wide) var(--wide) }
            """
        let styles = Self.styles(Self.page(), [(sheet, .author)])
        #expect(styles["main"]?.display == .block)
        #expect(styles["p"]?.display == Optional(ComputedStyle.Display.none), "a fallback, itself a var()")
        #expect(styles["pre"]?.display == .inline, "a cycle is invalid at computed-value time: unset")
    }

    @Test func mediaSupportsAndImports() {
        let sheet = """
            @import "wide.css" (min-width: 1000px);
            @import url(narrow.css) (max-width: 999px);
            p { display: block }
            @import "late.css";
            @media (max-width: 700px) { #main { display: none } }
            @supports (display: contents) { #pre { display: contents } }
            @supports (display: bogus) or (float: left) { #pre { display: none } }
            @supports not selector(p:bogus) { body { font-style: italic } }
            """
        let imports = ["wide.css": "div { text-transform: uppercase }", "narrow.css": "div { text-transform: lowercase }", "late.css": "p { display: none }"]
        let wide = Self.styles(Self.page(), [(sheet, .author)], width: 1280, importing: imports)
        let narrow = Self.styles(Self.page(), [(sheet, .author)], width: 600, importing: imports)
        #expect(wide["main"]?.display == .inline && narrow["main"]?.display == Optional(ComputedStyle.Display.none))
        #expect(wide["main"]?.textTransform == .uppercase && narrow["main"]?.textTransform == .lowercase)
        #expect(wide["p"]?.display == .block, "an @import after a rule is ignored")
        #expect(wide["pre"]?.display == .contents)
        #expect(wide["body"]?.italic == true)
    }

    @Test func invalidDeclarationsAndSelectorsAreIgnored() {
        let sheet = "p { display: block } p { display: bogus; display: ; font-weight: 5000 } #main, #main:bogus { display: none } div { display: inline flex }"
        let styles = Self.styles(Self.page(), [(sheet, .author)])
        #expect(styles["p"]?.display == .block && styles["p"]?.bold == false)
        #expect(styles["main"]?.display == .inlineBlock, "a list with one bad selector is dropped whole")
    }

    @Test func contentOfBeforeAndAfter() throws {
        let cascade = Cascade([(StyleSheet("p::before { content: '[' attr(class) ']' } p:after { content: counter(x) '.' } p::before { color: red }"), .author)])
        let element = TestElement(node: try #require(Self.page().find("p")))
        #expect(cascade.style(of: element, parent: nil, pseudo: .before).content == [.text("["), .attribute("class"), .text("]")])
        #expect(cascade.style(of: element, parent: nil, pseudo: .after).content == [.counter("x", separator: nil, style: "decimal"), .text(".")])
        #expect(cascade.style(of: element, parent: nil).content == nil)
    }

    /// Which sides of a table cell have a border: a line style draws one, `none`, a
    /// width of 0 or a later side's own value takes it away; a nonzero width leaves
    /// the style's border.
    @Test func bordersBySide() throws {
        func sides(_ sheet: String) throws -> UInt8 {
            // (Borders are read where a rule's subject may be a table's part: `*` may.)
            let cascade = Cascade([(StyleSheet(sheet), .author)])
            return cascade.style(of: TestElement(node: try #require(Self.page().find("p"))), parent: nil).borderSides
        }
        #expect(try sides("* { border: 1px solid red }") == 15)
        #expect(try sides("* { border: 1px solid; border-width: 2px }") == 15)
        #expect(try sides("* { border: 1px solid; border-width: 0 }") == 0)
        #expect(try sides("* { border: 1px #ccc }") == 0)
        #expect(try sides("* { border: 0; border-bottom: 1px solid #aaa }") == 4)
        #expect(try sides("* { border: solid; border-left: none }") == 7)
        #expect(try sides("* { border-style: solid none }") == 5)
        #expect(try sides("* { border-top-style: dashed }") == 1)
    }

    /// Margins and paddings above and below, in CSS px: shorthands of one to four
    /// values and the flow-relative ones, lengths of every unit (fonts' at 16 px to
    /// the em), nothing for percentages, `auto` and what grows with the window,
    /// negative ones none, large ones 255; a value of the wrong kind, or of too many
    /// parts, is ignored; `inherit` takes the parent's, `unset` the initial 0.
    @Test func marginsAndPaddingsAboveAndBelow() throws {
        func spacing(_ sheet: String) throws -> [Int] {
            let styles = Self.styles(Self.page(), [(sheet, .author)])
            let spacing = try #require(styles["main"]?.spacing)
            return [Int(spacing.margin.top), Int(spacing.padding.top), Int(spacing.margin.bottom), Int(spacing.padding.bottom)]
        }
        func left(_ sheet: String) throws -> [Int] {
            let spacing = try #require(Self.styles(Self.page(), [(sheet, .author)])["main"]?.spacing)
            return [Int(spacing.margin.left), Int(spacing.padding.left)]
        }
        #expect(try spacing("div { margin: 1em }") == [16, 0, 16, 0])
        #expect(try spacing("div { margin: 10px 0 }") == [10, 0, 10, 0])
        #expect(try spacing("div { margin: 1px 2px 3px }") == [1, 0, 3, 0])
        #expect(try spacing("div { padding: 1px 2px 3px 4px }") == [0, 1, 0, 3])
        #expect(try spacing("div { margin-block: 12pt 1in }") == [16, 0, 96, 0])
        #expect(try spacing("div { padding-block: 2rem }") == [0, 32, 0, 32])
        #expect(try spacing("div { margin-top: 1cm; margin-bottom: 2ex; padding-block-start: 1.5ch; padding-block-end: 3mm }") == [38, 12, 16, 11])
        #expect(try spacing("div { margin-block-start: 5px; margin-block-end: 6px; padding-top: 7px; padding-bottom: 8px }") == [5, 7, 6, 8])
        #expect(try spacing("div { margin: 10% auto 5vh }") == [0, 0, 0, 0])
        #expect(try spacing("div { margin: -2em 0 100em }") == [0, 0, 255, 0])
        #expect(try spacing("div { margin: 0 }") == [0, 0, 0, 0])
        // What takes all spacing away is not read (most are resets of first and last
        // children); nor what is set above and below blocks spaced by their tags.
        #expect(try spacing("div { margin: 1em } div { margin-top: 0 }") == [16, 0, 16, 0])
        #expect(try spacing("div { margin: 1em } div { margin: 0 auto }") == [16, 0, 16, 0])
        #expect(try spacing("div { margin: 1em } div { margin-top: 1px }") == [1, 0, 16, 0])
        #expect(Self.styles(Self.page(), [("p, pre { margin: 2em 0 }", .author)])["p"]?.spacing == ComputedStyle.Spacing())
        #expect(Self.styles(Self.page(), [("p, li { margin: 2em }", .author)])["p"]?.spacing.margin.top == 32)
        // Not one: kept as before it.
        #expect(try spacing("div { margin: 1em; margin: 5 }") == [16, 0, 16, 0])
        #expect(try spacing("div { margin: 1em; margin: 1px 2px 3px 4px 5px }") == [16, 0, 16, 0])
        #expect(try spacing("div { padding: 1em; padding: auto }") == [0, 16, 0, 16])
        #expect(try spacing("div { margin-top: 1em; margin-top: red }") == [16, 0, 0, 0])
        #expect(try spacing("div { margin-top: 1em; margin-top: 2furlongs }") == [16, 0, 0, 0])
        #expect(try spacing("div { margin-top: 1em; margin-top: calc(2em + 1px) }") == [16, 0, 0, 0])
        // Not inherited but by `inherit`.
        #expect(try spacing("body { margin: 2em; padding: 1em }") == [0, 0, 0, 0])
        #expect(try spacing("body { margin: 2em; padding: 1em } div { margin-top: inherit; padding: inherit }") == [32, 16, 0, 16])
        #expect(try spacing("body { margin: 2em } div { margin: 1em } div { margin-bottom: unset }") == [16, 0, 0, 0])
        #expect(try spacing("div { --gap: 24px; margin-top: var(--gap) }") == [24, 0, 0, 0])
        // The left: the fourth value, else the second, else the first; the inline
        // start; the right and the inline end not read.
        #expect(try left("div { margin: 1px 2px 3px 4px; padding: 5px 6px 7px }") == [4, 6])
        #expect(try left("div { margin: 9px; padding-inline: 3px 8px }") == [9, 3])
        #expect(try left("div { margin-left: 2em; padding-inline-start: 1em; margin-right: 5em; padding-inline-end: 7em }") == [32, 16])
        #expect(try left("div { margin-inline-start: 12px; padding-left: 10% }") == [12, 0])
        #expect(try spacing("div { margin-inline: 2em; padding-left: 1em }") == [0, 0, 0, 0])
        #expect(Self.styles(Self.page(), [("p, pre { margin: 2em 0 2em 3em }", .author)])["p"]?.spacing.margin == .init(top: 32, bottom: 32, left: 48))
        #expect(Self.styles(Self.page(), [("p { margin-top: 2em; margin-left: 1em }", .author)])["p"]?.spacing.margin == .init(left: 16))
    }

    /// Rules are filed by their subject's id, class or type: a sheet of many rules
    /// gives an element only those that may match it.
    @Test func candidatesAreFiledByTheSubject() {
        var text = ""
        for index in 0..<10_000 { text += ".c\(index) { display: none } #i\(index) { display: none } " }
        text += "p { display: block } * { font-style: italic }"
        // (Every rule read at once, as in a sheet of the usual size.)
        let sheet = StyleSheet(Array(text.utf8), unreadFrom: .max)
        #expect(sheet.ruleCount == 20_002)
        var found: [Int] = []
        sheet.candidates(id: "i5", classes: ["c7", "c7", "none"], type: "p", into: &found)
        #expect(found.count == 4)
    }
}
