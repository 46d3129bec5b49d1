import Styles
import Testing
@testable import HTMLParsing

/// A parse with the page's styles hides what they hide.
@Suite("Styled parse")
struct StyledParseTests {
    /// The texts shown, in order: hidden elements' texts left out.
    static func shownTexts(_ document: HTMLDocument) -> [String] {
        var texts: [String] = []
        var stack = [document.root]
        while let index = stack.popLast() {
            let node = document[index]
            if node.kind == .element, document.isHidden(index) { continue }
            if node.kind == .text { texts.append(document.text(of: index)) }
            stack += document.children(of: index).reversed()
        }
        return texts
    }

    static func styles(_ sheet: String) -> PageStyles {
        PageStyles(cascade: Cascade([(StyleSheet(sheet), .author)]))
    }

    @Test func sheetsHideByClassIdAttributeAndSibling() throws {
        let styles = Self.styles(".nav, #menu > li + li, [aria-hidden=true], span.a.x { display: none } .faded { visibility: hidden } p:first-child em { display: none }")
        let html = """
            <div class=nav><p>gone</p></div><ul id=menu><li>one<li>two</ul><p aria-hidden=true>aria</p><span class=faded>faded</span>
            <span class="a x">both</span><span class=a>one class</span><div><p>first <em>em</em></p><p>second <em>em2</em></p></div>
            """
        let styled = try HTMLParser.parse(Array(html.utf8), styles: styles)
        #expect(Self.shownTexts(styled).filter { !$0.allSatisfy(\.isWhitespace) } == ["one", "one class", "first ", "second ", "em2"])
        let plain = try HTMLParser.parse(Array(html.utf8))
        #expect(Self.shownTexts(plain).count > Self.shownTexts(styled).count)
        // The model keeps no attribute it did not keep before: the selectors' are read, not stored.
        #expect(styled.attributes.map(\.name).sorted() == plain.attributes.map(\.name).sorted())
    }

    /// Script, style and head elements count as siblings, though never shown.
    @Test func droppedElementsStillCountAsSiblings() throws {
        let styles = Self.styles("body > :nth-child(3) { display: none } script + p { font-style: italic; display: none }")
        let html = "<html><head><title>t</title></head><body><p>1</p><script>x</script><p>3</p><p>4</p></body></html>"
        #expect(Self.shownTexts(try HTMLParser.parse(Array(html.utf8), styles: styles)) == ["1", "4"])
    }
}
