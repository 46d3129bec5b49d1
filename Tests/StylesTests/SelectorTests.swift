import Testing
@testable import Styles

/// A small element tree for selectors to match.
final class TestNode {
    let name: String
    let attributes: [String: String]
    let text: String
    var children: [TestNode] = []
    weak var parent: TestNode?

    init(_ name: String, _ attributes: [String: String] = [:], text: String = "", _ children: TestNode...) {
        self.name = name
        self.attributes = attributes
        self.text = text
        self.children = children
        for child in children { child.parent = self }
    }

    /// The node with `id`, depth first.
    func find(_ id: String) -> TestNode? {
        if attributes["id"] == id { return self }
        for child in children { if let found = child.find(id) { return found } }
        return nil
    }
}

struct TestElement: SelectorElement {
    let node: TestNode

    var parentElement: TestElement? { node.parent.map(TestElement.init) }
    var previousSiblingElement: TestElement? { sibling(-1) }
    var nextSiblingElement: TestElement? { sibling(1) }

    private func sibling(_ step: Int) -> TestElement? {
        guard let siblings = node.parent?.children, let index = siblings.firstIndex(where: { $0 === node }) else { return nil }
        let other = index + step
        return siblings.indices.contains(other) ? TestElement(node: siblings[other]) : nil
    }

    func hasLocalName(_ name: String) -> Bool { node.name == name }
    func hasSameLocalName(as other: TestElement) -> Bool { node.name == other.node.name }
    func hasID(_ id: String) -> Bool { node.attributes["id"] == id }
    func hasClass(_ name: String) -> Bool { node.attributes["class"]?.split(separator: " ").contains { $0 == name } ?? false }
    func attributeValue(_ name: String) -> String? { node.attributes[name] }
    var isLink: Bool { (node.name == "a" || node.name == "area") && node.attributes["href"] != nil }
    var isEmpty: Bool { node.children.isEmpty && node.text.isEmpty }
    var isRoot: Bool { node.parent == nil }
}

@Suite("Selectors")
struct SelectorTests {
    /// <html><body>
    ///   <div id=main class="content wide" lang=en-GB>
    ///     <h1 id=title>  <p id=p1 class=intro>  <p id=p2>  <ul id=list> li1..li5 </ul>
    ///     <a id=link href=x.html data-kind="ext ref">  <a id=anchor name=top>  <span id=empty>
    ///   </div>
    ///   <div id=side><p id=p3></div>
    /// </body></html>
    static var tree: TestNode {
        TestNode(
        "html", [:],
        TestNode(
            "body", [:],
            TestNode(
                "div", ["id": "main", "class": "content wide", "lang": "en-GB"],
                TestNode("h1", ["id": "title"], text: "Title"),
                TestNode("p", ["id": "p1", "class": "intro"], text: "a"),
                TestNode("p", ["id": "p2"], text: "b"),
                TestNode("ul", ["id": "list"], TestNode("li", ["id": "li1"]), TestNode("li", ["id": "li2", "class": "x"]), TestNode("li", ["id": "li3"]), TestNode("li", ["id": "li4", "class": "x"]), TestNode("li", ["id": "li5"])),
                TestNode("a", ["id": "link", "href": "x.html", "data-kind": "ext ref"], text: "go"),
                TestNode("a", ["id": "anchor", "name": "top"], text: "here"),
                TestNode("span", ["id": "empty"])),
            TestNode("div", ["id": "side"], TestNode("p", ["id": "p3"], text: "c"))))
    }

    /// The ids of the elements `selector` matches, in document order.
    static func matched(_ selector: String) -> [String]? {
        guard let selectors = SelectorParser.selectors(selector) else { return nil }
        var ids: [String] = []
        let root = tree
        var stack = [root]
        while let node = stack.popLast() {
            if let id = node.attributes["id"], selectors.contains(where: { $0.matches(TestElement(node: node)) }) { ids.append(id) }
            stack += node.children.reversed()
        }
        return ids
    }

    @Test(arguments: [
        ("p", ["p1", "p2", "p3"]), ("*#title", ["title"]), (".intro", ["p1"]), ("div.content.wide > p", ["p1", "p2"]), ("DIV P", ["p1", "p2", "p3"]),
        ("body > p", []), ("h1 + p", ["p1"]), ("h1 ~ p", ["p1", "p2"]), ("#side p, #title", ["title", "p3"]), ("html div p", ["p1", "p2", "p3"]),
        ("[href]", ["link"]), ("[data-kind~=ref]", ["link"]), ("[data-kind~=\"ext ref\"]", []), ("[lang|=en]", ["main"]), ("[href^=x]", ["link"]),
        ("[href$='.html']", ["link"]), ("[href*=\"\"]", []), ("[class*=ten]", ["main"]), ("[href=\"X.HTML\" i]", ["link"]), ("[href=\"X.HTML\"]", []),
        ("li:nth-child(2n+1)", ["li1", "li3", "li5"]), ("li:nth-child(odd)", ["li1", "li3", "li5"]), ("li:nth-child(-n + 2)", ["li1", "li2"]),
        ("li:nth-last-child(1)", ["li5"]), ("li:nth-child(2 of .x)", ["li4"]), ("li:first-child, li:last-child", ["li1", "li5"]),
        ("p:first-of-type", ["p1", "p3"]), ("p:last-of-type", ["p2", "p3"]), ("p:only-of-type", ["p3"]), ("#side > :only-child", ["p3"]),
        ("a:nth-of-type(2)", ["anchor"]), ("li:nth-child(even)", ["li2", "li4"]), ("li:nth-child(3)", ["li3"]), ("li:nth-child(n+4)", ["li4", "li5"]),
        (":empty", ["li1", "li2", "li3", "li4", "li5", "empty"]), (":root", []), ("a:link", ["link"]), ("a:any-link", ["link"]), ("a:hover, p:visited", []),
        ("p:not(.intro)", ["p2", "p3"]), (":is(h1, .intro)", ["title", "p1"]), (":where(#side) p", ["p3"]), (":is(:bogus, h1)", ["title"]),
        ("#main > :not(p, ul, a, span)", ["title"]), ("li.x + li", ["li3", "li5"]), ("li.x ~ li.x", ["li4"]), ("ul li:not(:first-child):not(:last-child)", ["li2", "li3", "li4"]),
    ])
    func matches(selector: String, ids: [String]) {
        #expect(Self.matched(selector) == ids, "\(selector)")
    }

    @Test(arguments: ["p:bogus", "p::first-line", ":not(:bogus)", "p >", "> p", "p > > p", "#1a", "p..q", "[a=]", "[a=b c]", "[href=x.html]", "::before p", "li:nth-child(2n+)", ""])
    func invalidSelectorsAreRefused(selector: String) {
        #expect(SelectorParser.selectors(selector) == nil, "\(selector)")
    }

    /// Selectors Level 4 §17's examples, and the pseudo-classes that take the most
    /// specific argument or none.
    @Test(arguments: [
        ("*", Specificity()), ("li", Specificity(types: 1)), ("ul li", Specificity(types: 2)), ("ul ol+li", Specificity(types: 3)),
        ("h1 + *[rel=up]", Specificity(classes: 1, types: 1)), ("ul ol li.red", Specificity(classes: 1, types: 3)),
        ("li.red.level", Specificity(classes: 2, types: 1)), ("#x34y", Specificity(ids: 1)), ("#s12:not(FOO)", Specificity(ids: 1, types: 1)),
        (".foo :is(.bar, #baz)", Specificity(ids: 1, classes: 1)), (":where(#a) p", Specificity(types: 1)), ("p::before", Specificity(types: 2)),
        ("li:nth-child(2 of .x, #y)", Specificity(ids: 1, classes: 1, types: 1)), ("a:hover", Specificity(classes: 1, types: 1)),
    ])
    func specificity(selector: String, expected: Specificity) throws {
        let selectors = try #require(SelectorParser.selectors(selector))
        #expect(selectors.first?.specificity == expected, "\(selector)")
    }

    @Test func pseudoElements() throws {
        let before = try #require(SelectorParser.selectors("p.intro::before, h1:after"))
        #expect(before.map(\.pseudoElement) == [.before, .after])
        let tree = Self.tree
        #expect(before[0].matches(TestElement(node: try #require(tree.find("p1")))))
    }

    @Test(arguments: [
        ("odd", NthPattern(a: 2, b: 1)), ("EVEN", NthPattern(a: 2, b: 0)), ("5", NthPattern(a: 0, b: 5)), ("n", NthPattern(a: 1, b: 0)),
        ("-n+3", NthPattern(a: -1, b: 3)), ("+n - 1", NthPattern(a: 1, b: -1)), ("2n-1", NthPattern(a: 2, b: -1)), ("-2n + 4", NthPattern(a: -2, b: 4)),
        ("3n", NthPattern(a: 3, b: 0)), ("-5", NthPattern(a: 0, b: -5)),
    ])
    func nthPatterns(text: String, pattern: NthPattern) {
        var tokenizer = CSSTokenizer(text)
        var values: [CSSComponentValue] = []
        while let token = tokenizer.next() { values.append(.token(token)) }
        #expect(SelectorParser.nth(values) == pattern, "\(text)")
    }

    /// A selector of many descendant combinators against a deep tree fails once its
    /// leftmost part is found nowhere above, instead of trying every other choice of
    /// ancestors for the parts on its right (40 choose 16 of them).
    @Test func failingDescendantChainsDoNotBacktrackWithoutEnd() throws {
        var node = TestNode("p", ["id": "leaf"])
        for _ in 0..<40 { node = TestNode("div", [:], node) }
        let selector = try #require(SelectorParser.selectors("section " + String(repeating: "div ", count: 16) + "p")?.first)
        #expect(!selector.matches(TestElement(node: try #require(node.find("leaf")))))
    }
}
