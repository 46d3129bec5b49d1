import Testing
@testable import Styles

/// Styling start tag by start tag gives what the whole tree gives, for what a start
/// tag can know.
@Suite("Element styler")
struct ElementStylerTests {
    /// Feeds `root`'s elements in document order; the styles of those with an id.
    static func styled(_ root: TestNode, _ sheet: String) -> [String: ComputedStyle] {
        let styler = ElementStyler(cascade: Cascade([(StyleSheet(sheet), .author)]))
        var styles: [String: ComputedStyle] = [:]
        func walk(_ node: TestNode) {
            let style = styler.start(name: node.name, attributes: node.attributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            if let id = node.attributes["id"] { styles[id] = style }
            for child in node.children { walk(child) }
            styler.end()
        }
        walk(root)
        return styles
    }

    @Test func matchesAsTheWholeTreeForWhatAStartTagKnows() {
        let sheet = """
            #main > p { display: none }
            h1 + p { visibility: hidden }
            li:nth-child(2n) { display: block }
            li:first-of-type { display: list-item }
            li.x ~ li { font-style: italic }
            :root > body .content [data-kind~=ref] { display: table }
            html p.intro { font-weight: bold }
            li:last-child { display: none }
            ul :not(:last-child) { text-transform: uppercase }
            """
        let tree = SelectorTests.tree
        let streamed = Self.styled(tree, sheet)
        let whole = CascadeTests.styles(tree, [(sheet, .author)])
        // What needs no look ahead is as the whole tree has it.
        for id in ["main", "title", "p1", "p2", "li1", "li2", "li3", "li4", "link", "p3"] {
            let a = streamed[id], b = whole[id]
            #expect(a?.display == b?.display && a?.visibility == b?.visibility && a?.italic == b?.italic && a?.bold == b?.bold, "\(id)")
        }
        #expect(streamed["p1"]?.display == ComputedStyle.Display.none && streamed["p1"]?.visibility == .hidden && streamed["p1"]?.bold == true)
        #expect(streamed["li2"]?.display == .block && streamed["li1"]?.display == .listItem && streamed["li3"]?.italic == true && streamed["li2"]?.italic == false)
        #expect(streamed["link"]?.display == .table)
        // What counts from the end is unknown at a start tag: it matches nothing (and
        // its negation everything).
        #expect(streamed["li5"]?.display == .inline && whole["li5"]?.display == ComputedStyle.Display.none)
        #expect(streamed["li5"]?.textTransform == .uppercase && whole["li5"]?.textTransform == ComputedStyle.TextTransform.none)
    }

    /// Start tags are read for what the sheets may read of them: elements whose ids no
    /// selector names are alike (and share a style); a named id, an attribute a
    /// selector reads or one `content` shows tells tags apart, whole; `href` makes a
    /// link whatever its value.
    @Test func startTagsAreReadForWhatTheSheetsRead() {
        let styler = ElementStyler(
            cascade: Cascade([(StyleSheet("#named { display: none } [data-k$=pdf] { font-weight: bold } a:link { font-style: italic } p::before { content: attr(title) }"), .author)]))
        func style(_ name: String, _ attributes: [(String, String)]) -> ComputedStyle {
            defer { styler.end() }
            return styler.start(name: name, attributes: attributes)
        }
        _ = styler.start(name: "body", attributes: [])
        #expect(style("p", [("id", "a1"), ("class", "x")]) == style("p", [("id", "a2"), ("class", "x")]))
        #expect(style("p", [("id", "named")]).display == ComputedStyle.Display.none)
        #expect(style("p", [("id", "namedx")]).display != ComputedStyle.Display.none)
        #expect(style("span", [("data-k", "a.pdf")]).bold && !style("span", [("data-k", "a.html")]).bold)
        #expect(style("a", [("href", "x")]).italic && style("a", [("href", "y")]).italic && !style("a", []).italic)
        _ = styler.start(name: "p", attributes: [("title", "one")])
        #expect(styler.generatedBefore?.text == "one")
        styler.end()
        _ = styler.start(name: "p", attributes: [("title", "two")])
        #expect(styler.generatedBefore?.text == "two")
    }

    /// A parent of many children keeps the last few: counts stay exact, and what
    /// looks back past them finds nothing.
    @Test func manySiblingsAreCountedNotKept() {
        let items = (1...1_000).map { TestNode("li", ["id": "i\($0)"] .merging($0 == 1 ? ["class": "first"] : [:]) { $1 }) }
        let list = TestNode("ul", [:])
        list.children = items
        for item in items { item.parent = list }
        let styles = Self.styled(TestNode("html", [:], TestNode("body", [:], list)), "li:nth-child(500) { display: none } li:nth-of-type(999) { display: block } .first ~ li { font-style: italic }")
        #expect(styles["i500"]?.display == ComputedStyle.Display.none && styles["i999"]?.display == .block && styles["i998"]?.display == .inline)
        #expect(styles["i20"]?.italic == true && styles["i900"]?.italic == false)
    }

    /// Elements alike share a style; those that only an ancestor, an attribute, a link,
    /// a `style` attribute or a sibling tells apart do not. (Ids the sheet does not name
    /// are not read, so that elements with ids share too.)
    @Test func elementsShareStylesOnlyWhereNoSelectorTellsThemApart() {
        let sheet = """
            .aside p { display: none }
            [lang=fr] span { font-style: italic }
            :link b { font-weight: bold }
            h2 + p { text-transform: uppercase }
            li:nth-child(2) i { display: block }
            #named { display: table }
            """
        func paragraph(_ id: String) -> TestNode { TestNode("p", ["id": id]) }
        let tree = TestNode("html", [:],
            TestNode("body", [:],
                TestNode("div", ["class": "aside"], TestNode("section", [:], paragraph("p-aside"))),
                TestNode("div", ["class": "main"], TestNode("section", [:], paragraph("p-main"))),
                TestNode("div", ["lang": "fr"], TestNode("span", ["id": "span-fr"])),
                TestNode("div", ["lang": "en"], TestNode("span", ["id": "span-en"])),
                TestNode("a", ["href": "x"], TestNode("b", ["id": "b-link"])),
                TestNode("a", [:], TestNode("b", ["id": "b-anchor"])),
                TestNode("span", ["style": "display: block", "id": "span-styled"]),
                TestNode("span", ["id": "span-plain"]),
                TestNode("h2", [:]), paragraph("p-after-h2"), paragraph("p-after-p"),
                TestNode("ul", [:],
                    TestNode("li", [:], TestNode("i", ["id": "i-1"])),
                    TestNode("li", [:], TestNode("i", ["id": "i-2"])),
                    TestNode("li", [:], TestNode("i", ["id": "i-3"]))),
                TestNode("p", ["id": "named"])))
        let streamed = Self.styled(tree, sheet)
        let whole = CascadeTests.styles(tree, [(sheet, .author)])
        for (id, style) in whole {
            #expect(streamed[id] == style, "\(id)")
        }
        #expect(streamed["p-aside"]?.display == ComputedStyle.Display.none && streamed["p-main"]?.display == .inline)
        #expect(streamed["span-fr"]?.italic == true && streamed["span-en"]?.italic == false)
        #expect(streamed["b-link"]?.bold == true && streamed["b-anchor"]?.bold == false)
        #expect(streamed["span-styled"]?.display == .block && streamed["span-plain"]?.display == .inline)
        #expect(streamed["p-after-h2"]?.textTransform == .uppercase && streamed["p-after-p"]?.textTransform == ComputedStyle.TextTransform.none)
        #expect(streamed["i-2"]?.display == .block && streamed["i-1"]?.display == .inline && streamed["i-3"]?.display == .inline)
        #expect(streamed["named"]?.display == .table)
    }

    /// The stylers of one cascade (a page's parts, parsed one after another and side by
    /// side) share what they make: a second styler, one resumed from another's state,
    /// and stylers on two threads at once give each element the style, and the number,
    /// the first gave it, and run the cascade for no element the first did not.
    @Test func stylersOfOneCascadeShareWhatTheyMake() async {
        let sheet = ".aside p { display: none } h2 + p { text-transform: uppercase } li:nth-child(2) i { display: block } p::before { content: 'x' }"
        @Sendable func tree() -> TestNode {
            TestNode("html", [:],
                TestNode("body", [:],
                    TestNode("div", ["class": "aside"], TestNode("section", [:], TestNode("p", ["id": "p-aside"]))),
                    TestNode("div", ["class": "main"], TestNode("section", [:], TestNode("p", ["id": "p-main"]))),
                    TestNode("h2", [:]), TestNode("p", ["id": "p-after-h2"]), TestNode("p", ["id": "p-after-p"]),
                    TestNode("ul", [:],
                        TestNode("li", [:], TestNode("i", ["id": "i-1"])),
                        TestNode("li", [:], TestNode("i", ["id": "i-2"])),
                        TestNode("li", [:], TestNode("i", ["id": "i-3"])))))
        }
        @Sendable func walk(_ styler: ElementStyler, _ node: TestNode) -> [String: (style: ComputedStyle, number: Int)] {
            var seen: [String: (style: ComputedStyle, number: Int)] = [:]
            func visit(_ node: TestNode) {
                let style = styler.start(name: node.name, attributes: node.attributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
                if let id = node.attributes["id"] { seen[id] = (style, styler.currentLikeness) }
                node.children.forEach(visit)
                styler.end()
            }
            visit(node)
            return seen
        }
        let cascade = Cascade([(StyleSheet(sheet), .author)])
        let first = walk(ElementStyler(cascade: cascade), tree())
        let made = cascade.sharing.stylesMade
        #expect(first.count == 7 && made > 0)
        #expect(first["p-aside"]?.style.display == ComputedStyle.Display.none && first["i-2"]?.style.display == .block)

        let second = walk(ElementStyler(cascade: cascade), tree())
        #expect(second.mapValues(\.number) == first.mapValues(\.number))
        #expect(second.keys.allSatisfy { second[$0]?.style == first[$0]?.style })
        #expect(cascade.sharing.stylesMade == made, "no cascade run again")

        // Resumed inside the aside, as a part of the page is.
        let opening = ElementStyler(cascade: cascade)
        _ = opening.start(name: "html", attributes: [])
        _ = opening.start(name: "body", attributes: [])
        _ = opening.start(name: "div", attributes: [("class", "aside")])
        let resumed = ElementStyler(cascade: cascade, from: opening.state)
        _ = resumed.start(name: "section", attributes: [])
        let paragraph = resumed.start(name: "p", attributes: [("id", "p-aside")])
        #expect(paragraph == first["p-aside"]?.style && resumed.currentLikeness == first["p-aside"]?.number)
        #expect(cascade.sharing.stylesMade == made)

        // Two threads at once, on a cascade of their own: the same styles, one number
        // for each between them.
        let together = Cascade([(StyleSheet(sheet), .author)])
        let walks = await withTaskGroup(of: [[String: (style: ComputedStyle, number: Int)]].self) { group in
            for _ in 0..<2 { group.addTask { (0..<50).map { _ in walk(ElementStyler(cascade: together), tree()) } } }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(walks.count == 100)
        #expect(walks.allSatisfy { $0.mapValues(\.number) == walks[0].mapValues(\.number) })
        #expect(walks.allSatisfy { walked in walked.keys.allSatisfy { walked[$0]?.style == first[$0]?.style } })
        #expect(together.sharing.stylesMade == made)
    }

    /// A child counted unstyled (`addUnstyledChild`) leaves the state a child styled
    /// and closed leaves, and its later siblings match as they would after it, where
    /// the sheets step no counter.
    @Test func childrenCountedUnstyledLeaveTheStateOfChildrenStyled() {
        let sheet = "h2 + p { font-style: italic } li:nth-of-type(3) { display: block } .x ~ span { font-weight: bold } p::before { content: 'x' }"
        let cascade = Cascade([(StyleSheet(sheet), .author)])
        #expect(!cascade.mayStepCounters)
        #expect(Cascade([(StyleSheet("li { counter-increment: n }"), .author)]).mayStepCounters)
        let children: [(String, [(name: String, value: String)])] = [
            ("h2", []), ("li", [("class", "x")]), ("li", []), ("span", [("id", "a"), ("style", "display: none")]),
        ]
        let styled = ElementStyler(cascade: cascade)
        let counted = ElementStyler(cascade: cascade)
        for styler in [styled, counted] { _ = styler.start(name: "body", attributes: []) }
        for (name, attributes) in children {
            _ = styled.start(name: name, attributes: attributes)
            styled.end()
            counted.addUnstyledChild(name: name, attributes: attributes)
        }
        #expect(styled.state == counted.state)
        for (name, attributes) in [("li", [(name: String, value: String)]()), ("span", []), ("p", [])] {
            let fromStyled = styled.start(name: name, attributes: attributes)
            let fromCounted = counted.start(name: name, attributes: attributes)
            #expect(fromStyled == fromCounted, "\(name)")
            styled.end()
            counted.end()
        }
        #expect(styled.state == counted.state)
        #expect(counted.start(name: "span", attributes: []).bold, "after a .x sibling")
    }

    /// Rules filed under a key their ancestors need (`.c7 > p`) match where an
    /// ancestor has it, and only there, whichever way the keys are looked up: a few
    /// rules filed and many ancestor keys, or many rules filed and few keys.
    @Test func rulesThatNeedAnAncestorMatchUnderItOnly() {
        for count in [3, 20_000] {
            let sheet = (0..<count).map { ".c\($0) > p { display: none } #i\($0) em { font-style: normal }" }.joined(separator: "\n")
                + " section.keep p.shown { display: block } :is(.c1, .none) span { font-weight: bold }"
            let tree = TestNode("html", [:],
                TestNode("body", ["class": "a b d e f g h"],
                    TestNode("div", ["class": "c1"], TestNode("p", ["id": "hidden"]), TestNode("span", ["id": "bold"])),
                    TestNode("div", ["class": "c\(count)"], TestNode("p", ["id": "past-the-rules"])),
                    TestNode("div", ["class": "x"], TestNode("div", ["class": "c2"]), TestNode("p", ["id": "sibling-not-parent"])),
                    TestNode("section", ["class": "keep"], TestNode("p", ["class": "shown", "id": "shown"]))))
            let streamed = Self.styled(tree, sheet)
            let whole = CascadeTests.styles(tree, [(sheet, .author)])
            for (id, style) in whole { #expect(streamed[id] == style, "\(id) among \(count)") }
            #expect(streamed["hidden"]?.display == ComputedStyle.Display.none && streamed["bold"]?.bold == true)
            #expect(streamed["past-the-rules"]?.display == .inline && streamed["sibling-not-parent"]?.display == .inline)
            #expect(streamed["shown"]?.display == .block)
        }
    }
}

/// Counters and ancestors' keys kept as elements open and close: a page nested
/// thousands deep costs each element what a shallow one does.
@Suite("Element styler, deep pages")
struct DeepPageStylerTests {
    /// The `::before` texts of `depth` nested `div`s under `sheet`, innermost last.
    static func befores(depth: Int, _ sheet: String) -> [String?] {
        let styler = ElementStyler(cascade: Cascade([(StyleSheet(sheet), .author)]))
        var texts: [String?] = []
        for _ in 0..<depth {
            _ = styler.start(name: "div", attributes: [("class", "x")])
            texts.append(styler.generatedBefore?.text)
        }
        for _ in 0..<depth { styler.end() }
        return texts
    }

    @Test func countersInDeepNesting() {
        // One counter, in the outermost scope, stepped by each.
        let stepped = Self.befores(depth: 5_000, "div { counter-increment: n } div::before { content: counters(n, '.') }")
        #expect(stepped.first == "1" && stepped.last == "5000")
        // A counter started at each: `counters()` shows the innermost hundred.
        let nested = Self.befores(depth: 5_000, "div { counter-reset: n 7 } div::before { content: counters(n, '.') }")
        #expect(nested[2] == "7.7.7")
        #expect(nested.last??.split(separator: ".").count == ElementStyler.shownCounterInstances)
    }

    @Test func ancestorsKeysAtDepth() {
        // A rule that needs an ancestor of a class only the outermost has.
        let styler = ElementStyler(cascade: Cascade([(StyleSheet(".top div { font-style: italic }"), .author)]))
        _ = styler.start(name: "div", attributes: [("class", "top")])
        var italic = 0
        for _ in 0..<1_000 where styler.start(name: "div", attributes: []).italic { italic += 1 }
        #expect(italic == 1_000)
        for _ in 0...1_000 { styler.end() }
        #expect(!styler.start(name: "div", attributes: []).italic, "the outermost closed, its class is no ancestor's")
    }

    /// Selectors see the ancestors a browser keeps, which nests elements 512 deep at
    /// most: past them, the outermost are still ancestors, and a sibling of the 512th
    /// is the subject's previous sibling.
    @Test func selectorsSeeTheAncestorsABrowserKeeps() {
        // (`display` is not inherited: each div is a block only if the rule matched it.)
        let styler = ElementStyler(cascade: Cascade([(StyleSheet(".top div { display: block } div + div { font-style: italic }"), .author)]))
        _ = styler.start(name: "div", attributes: [("class", "top")])
        let matched = (1...600).map { _ in styler.start(name: "div", attributes: []) }
        #expect(matched.allSatisfy { $0.display == .block })
        #expect(matched.indices.filter { matched[$0].italic } == Array(ElementStyler.keptLevels..<600))
    }

    /// Elements nested past the levels kept are styled as children of the deepest
    /// kept, as a browser puts them beside the 512th: alike, they share a style made
    /// once (not one a depth), close as they opened, and a state taken among them
    /// resumes where the styler stood, their `::before` and `::after` known.
    @Test func elementsPastTheKeptLevelsAreStyledAsTheDeepestKeptsChildren() {
        let cascade = Cascade([(StyleSheet("div div { text-transform: uppercase } div::before { content: 'x' } div::after { content: 'y' }"), .author)])
        let styler = ElementStyler(cascade: cascade)
        for _ in 0..<ElementStyler.keptLevels { _ = styler.start(name: "div", attributes: []) }
        let madeAtTheKeptDepth = cascade.sharing.stylesMade
        for _ in 0..<20_000 { #expect(styler.start(name: "div", attributes: []).textTransform == .uppercase && styler.hasGeneratedBefore) }
        #expect(styler.depth == ElementStyler.keptLevels + 20_000)
        #expect(cascade.sharing.stylesMade <= madeAtTheKeptDepth + 2, "one style for the elements past the kept levels (and one for the first)")
        let state = styler.state
        #expect(state.depth == styler.depth && state.before(ofOpen: state.depth - 1) && state.hasAfter(ofOpen: state.depth - 1))
        #expect(state.styled(ofOpen: 10_000)?.style.textTransform == .uppercase && state.styled(ofOpen: state.depth) == nil)
        let resumed = ElementStyler(cascade: cascade, from: state)
        #expect(resumed.depth == styler.depth && resumed.state == state)
        for depth in stride(from: styler.depth, to: 0, by: -1) {
            #expect(styler.hasGeneratedAfter)
            styler.end()
            if depth == ElementStyler.keptLevels + 1 { #expect(styler.depth == ElementStyler.keptLevels) }
        }
        #expect(styler.depth == 0 && styler.state != state)
    }
}
