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
