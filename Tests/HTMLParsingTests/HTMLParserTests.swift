import Testing
@testable import HTMLParsing

@Suite("HTML parsing")
struct HTMLParserTests {
    func parse(_ html: String) throws -> HTMLDocument {
        try HTMLParser.parse(Array(html.utf8))
    }

    /// Every text of the document, in document order.
    func texts(_ document: HTMLDocument) -> [String] {
        var result: [String] = []
        var stack: [HTMLDocument.NodeIndex] = [document.root]
        while let index = stack.popLast() {
            if document[index].kind == .text { result.append(document.text(of: index)) }
            stack.append(contentsOf: document.children(of: index).reversed())
        }
        return result
    }

    @Test func copiesElementsTextsAndAttributes() throws {
        let document = try parse(#"<html><head><title> My  Page </title></head><body><p id="x" onclick="evil()">Hello <a href="/a">link</a></p></body></html>"#)
        #expect(document.title == "My Page")
        let paragraph = try #require(document.nodes.indices.first { document.nodes[$0].tag == .p })
        let index = HTMLDocument.NodeIndex(paragraph)
        #expect(document.attribute("id", of: index) == "x")
        #expect(document.attribute("onclick", of: index) == nil)
        #expect(document[index].mayNameAnchor, "an id names it")
        #expect(texts(document) == ["Hello ", "link"])
        let link = try #require(document.nodes.indices.first { document.nodes[$0].tag == .a })
        #expect(document.attribute("href", of: HTMLDocument.NodeIndex(link)) == "/a")
        #expect(!document[HTMLDocument.NodeIndex(link)].mayNameAnchor, "no id or name")
    }

    /// Inline elements with nothing of their own (`HTMLTag.isPlainInline`) and no
    /// attribute the model keeps are left out: their content goes to their parent,
    /// and the text around their tags is one text node. With a kept attribute (an id,
    /// `hidden`, a title) they stay.
    @Test func plainInlineElementsWithNothingKeptAreLeftOut() throws {
        let document = try parse(
            #"<p>a <span class="x">b <font color="red">c</font></span> d<span id="k">e</span><span hidden>f</span><label title="t">g</label><b>h</b></p>"#)
        let paragraph = try #require(document.nodes.indices.first { document.nodes[$0].tag == .p })
        let children = document.children(of: HTMLDocument.NodeIndex(paragraph)).map { document[$0] }
        #expect(children.map(\.tag) == [.unknown, .span, .span, .label, .b])
        #expect(children.first?.kind == .text)
        #expect(texts(document) == ["a b c d", "e", "f", "g", "h"])
        #expect(children[2].isHidden)
        #expect(!document.nodes.contains { $0.tag == .font }, "a font with only a colour is left out")
        // A block inside one: its content goes to the element around, in order.
        let nested = try parse(#"<div><span class="c">i<div>j</div>k</span></div>"#)
        let outer = try #require(nested.nodes.indices.first { nested.nodes[$0].tag == .div })
        #expect(nested.children(of: HTMLDocument.NodeIndex(outer)).map { nested[$0].tag } == [.unknown, .div, .unknown])
        #expect(texts(nested) == ["i", "j", "k"])
    }

    /// White space right after a block's start or end tag (where layout has no line
    /// for it) is not kept, but in preformatted text; between inline elements it is.
    @Test func whiteSpaceAtBlockBoundariesIsNotKept() throws {
        let document = try parse("<div>\n <p>a</p>\n <p hidden>h</p> \n<ul>\n<li>\n i\n</li></ul><pre>\n x\n<b>y</b>\n</pre> <b>c</b> <i>d</i></div>")
        #expect(texts(document) == ["a", "h", " \n", "\n i\n", "\n x\n", "y", "\n", "c", " ", "d"])
    }

    @Test func dropsHeadScriptStyleTemplateAndComments() throws {
        let document = try parse("""
            <head><meta name="x"><style>p{}</style><script>var a</script></head>
            <body><!-- note --><script>alert(1)</script><template><p>t</p></template><p>shown</p></body>
            """)
        #expect(texts(document).filter { !$0.allSatisfy(\.isWhitespace) } == ["shown"])
        #expect(!document.nodes.contains { $0.tag == .unknown && $0.kind == .element })
    }

    @Test func repairsMalformedMarkup() throws {
        let document = try parse("<p>one<p>two<b>bold<i>both</b>end")
        #expect(texts(document) == ["one", "two", "bold", "both", "end"])
        #expect(document.nodes.filter { $0.tag == .p }.count == 2)
    }

    @Test func decodesEntitiesAndDeclaredEncodings() throws {
        let utf8 = try parse("<p>&lt;a&gt; &amp; caf\u{E9} &nbsp;中文</p>")
        #expect(texts(utf8) == ["<a> & café \u{A0}中文"])
        let latin1: [UInt8] = Array(#"<meta charset="iso-8859-1"><p>caf"#.utf8) + [0xE9] + Array("</p>".utf8)
        let document = try HTMLParser.parse(latin1)
        #expect(texts(document) == ["café"])
    }

    @Test func deepNestingDoesNotOverflowTheStack() throws {
        let depth = 20_000
        let html = String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
        let document = try parse(html)
        #expect(texts(document) == ["deep"])
        #expect(document.nodes.count > 200)
    }

    @Test func childrenAreLinkedInOrder() throws {
        let document = try parse("<ul><li>a</li><li>b</li><li>c</li></ul>")
        let list = try #require(document.nodes.indices.first { document.nodes[$0].tag == .ul })
        let items = Array(document.children(of: HTMLDocument.NodeIndex(list)))
        #expect(items.count == 3)
        #expect(items.map { document[$0].parent } == Array(repeating: HTMLDocument.NodeIndex(list), count: 3))
    }

    /// A link's element says where its `href` is among its attributes, so that layout
    /// reads the target without looking for it; past what that can say, it is found by
    /// name. A target of white space alone makes no link.
    @Test func linksSayWhereTheirTargetIs() throws {
        let document = try parse(#"<p><a id="i" title="t" href=" /x ">x</a> <a href="  ">blank</a> <b href="/b">b</b></p>"#)
        let elements = document.nodes.indices.map { HTMLDocument.NodeIndex($0) }.filter { document[$0].kind == .element }
        let link = try #require(elements.first { document[$0].isLink })
        #expect(elements.filter { document[$0].isLink } == [link])
        var target = ""
        document.withUTF8(ofLinkTarget: link) { target = String(decoding: $0, as: UTF8.self) }
        #expect(target == document.attribute("href", of: link))
        #expect(target == " /x ")

        let many = (0..<300).map { HTMLDocument.Attribute(name: "id\($0)", value: "v") } + [HTMLDocument.Attribute(name: "href", value: "/far")]
        #expect(HTMLDocument.linkAttribute(.a, many[...]) == HTMLDocument.linkAttributeUnknown)
        #expect(HTMLDocument.linkAttribute(.a, many[250...]) == 51)
        #expect(HTMLDocument.linkAttribute(.b, many[250...]) == 0)
        #expect(HTMLDocument.linkAttribute(.a, [HTMLDocument.Attribute(name: "href", value: " \u{3000}\n")][...]) == 0)
    }

    @Test func textWithoutMarkupIsAPage() throws {
        let document = try parse("just text")
        #expect(texts(document) == ["just text"])
        #expect(document.modelBytes > 0)
    }
}

/// Tags and node kinds are compared by their stored case index (`HTMLTag.==`): the
/// comparison must say what comparing the cases' names says, for every pair.
@Suite("Tag comparison")
struct TagComparisonTests {
    @Test func tagsAreEqualExactlyWhenTheirNamesAre() {
        #expect(MemoryLayout<HTMLTag>.size == 1)
        for left in HTMLTag.allCases {
            for right in HTMLTag.allCases {
                #expect((left == right) == (left.rawValue == right.rawValue), "\(left) and \(right)")
            }
        }
    }

    /// Layout finds each tag's role in a table by `ordinal`.
    @Test func ordinalsAreThePlacesInAllCases() {
        for (place, tag) in HTMLTag.allCases.enumerated() { #expect(tag.ordinal == place, "\(tag)") }
    }

    @Test func nodeKindsAreEqualExactlyWhenTheirValuesAre() {
        let kinds: [HTMLDocument.Node.Kind] = [.root, .element, .text]
        for left in kinds {
            for right in kinds { #expect((left == right) == (left.rawValue == right.rawValue)) }
        }
    }
}
