import SampleContent
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

    /// Classes the reader takes out of start tags style as libxml2 would have given
    /// them: markup of every kind, well formed or not, styled by sheets that read
    /// classes (and siblings, and `attr(class)`), models the same read either way.
    @Test func liftedClassesStyleAsClassesRead() throws {
        let styles = Self.styles(
            ".h, p.a ~ .b, .a + i { display: none } .c::before { content: '[' attr(class) ']' } .d { font-weight: bold } [class=e] { font-style: italic }")
        let pieces: [String] = AttributeFilterTests.pieces + [
            "<p class=a>", "<i class='b c'>", #"<span class="h">hidden</span>"#, #"<b class="d" class="h">"#, "<br class=c/>", #"<em class="x &amp; c">"#,
            "<p class>", "class=e", "class='a' ", "<div id=i class=\"d\tc\">", "</i>", "</b>", "</div>", "</span>",
        ]
        var random = SeededGenerator(seed: 46)
        for _ in 0..<3_000 {
            let page: String = (0..<Int.random(in: 1...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let lifting = try HTMLParser.parse(Array(page.utf8), styles: styles)
            let read = try HTMLParser.parse(Array(page.utf8), readingAsIs: true, styles: styles)
            #expect(AttributeFilterTests.picture(lifting) == AttributeFilterTests.picture(read), "\(page.debugDescription)")
            #expect(Self.shownTexts(lifting) == Self.shownTexts(read), "\(page.debugDescription)")
            #expect(lifting.nodes.map { $0.look } == read.nodes.map { $0.look } && lifting.looks == read.looks, "\(page.debugDescription)")
        }
    }

    /// Classes of elements never styled (inside a `template`) wait for a later element
    /// to pass them over: past `SourceReader.mostLiftedClasses` waiting, libxml2 reads
    /// the classes again, and the elements after are styled by theirs either way.
    @Test func classesWaitingPastTheMostAreLeftToLibxml2() throws {
        let styles = Self.styles(".h { display: none } .s + .s { font-weight: bold }")
        let unstyled = String(repeating: "<b class=\"x y\">t</b>", count: SourceReader.mostLiftedClasses + 10_000)
        let html = "<p class=s>one</p><template>" + unstyled + "</template><p class=h>hidden</p><p class=s>shown</p><p class=s>bold</p>"
        let lifting = try HTMLParser.parse(Array(html.utf8), styles: styles)
        let read = try HTMLParser.parse(Array(html.utf8), readingAsIs: true, styles: styles)
        #expect(Self.shownTexts(lifting) == ["one", "shown", "bold"])
        #expect(AttributeFilterTests.picture(lifting) == AttributeFilterTests.picture(read))
        #expect(lifting.nodes.map { $0.look } == read.nodes.map { $0.look } && lifting.looks == read.looks)
    }

    /// Script, style and head elements count as siblings, though never shown.
    @Test func droppedElementsStillCountAsSiblings() throws {
        let styles = Self.styles("body > :nth-child(3) { display: none } script + p { font-style: italic; display: none }")
        let html = "<html><head><title>t</title></head><body><p>1</p><script>x</script><p>3</p><p>4</p></body></html>"
        #expect(Self.shownTexts(try HTMLParser.parse(Array(html.utf8), styles: styles)) == ["1", "4"])
    }
}

/// Where a page's sheets are, read from its head.
@Suite("Style sources")
struct StyleSourcesTests {
    /// The sheets of the head and of the start of the body, in order; none past the
    /// first `maximumBytes`.
    @Test func sheetsOfTheHeadAndTheBodyInOrder() {
        let page = """
            <!DOCTYPE html><HTML><head><Link REL="Stylesheet" href="a.css?v=1&amp;x=2"><link rel="alternate stylesheet" href=alt.css>
            <link rel=icon href=x.png><!-- <link rel=stylesheet href=commented.css> --><script>"<style>p{}</style>"</script>
            <style media="screen and (min-width: 10px)">p { color: red }</STYLE><link rel='preload stylesheet' href='b.css' media=print>
            </head><body><style>late {}</style><link rel=stylesheet href=late.css>
            """
        #expect(
            StyleSources.scan(Array(page.utf8)) == [
                .linked(href: "a.css?v=1&x=2", media: nil), .inline(text: Array("p { color: red }".utf8), media: "screen and (min-width: 10px)"),
                .linked(href: "b.css", media: "print"), .inline(text: Array("late {}".utf8), media: nil), .linked(href: "late.css", media: nil),
            ])
        let far = "<body><p>" + String(repeating: "x", count: StyleSources.maximumBytes) + "<style>too far {}</style>"
        #expect(StyleSources.scan(Array(far.utf8)).isEmpty)
        #expect(StyleSources.scan(Array("<style>never closed".utf8)) == [.inline(text: Array("never closed".utf8), media: nil)])
        #expect(StyleSources.scan(Array("<p>no head".utf8)).isEmpty)
    }

    /// A head's refresh at once is a redirect, its address however it is written; a
    /// refresh after a delay, one commented out, in a script or in the body is none.
    @Test func aRefreshAtOnceRedirects() {
        func redirect(_ head: String) -> String? { StyleSources.redirect(Array(head.utf8)) }
        #expect(redirect(#"<head><meta http-equiv="refresh" content="0;URL=../../std/x.html"></head>"#) == "../../std/x.html")
        #expect(redirect(#"<META HTTP-EQUIV=Refresh CONTENT=" 0 , url = 'a b.html' ">"#) == "a b.html")
        #expect(redirect(#"<meta http-equiv="refresh" content="0.0; next.html#part&amp;2">"#) == "next.html#part&2")
        #expect(redirect(#"<meta charset=utf-8><meta http-equiv="refresh" content="5; url=later.html">"#) == nil)
        #expect(redirect(#"<meta http-equiv="refresh" content="0">"#) == nil, "a reload")
        #expect(redirect(#"<!-- <meta http-equiv="refresh" content="0; url=a.html"> --><p>"#) == nil)
        #expect(redirect(#"<script>'<meta http-equiv="refresh" content="0; url=a.html">'</script>"#) == nil)
        #expect(redirect(#"<body><meta http-equiv="refresh" content="0; url=a.html">"#) == nil)
    }
}

@Suite("Node size")
struct NodeSizeTests {
    /// A node costs 24 bytes: the model of a page of millions of nodes is that many
    /// times it (a flag more must fit in what the fields leave).
    @Test func aNodeIs24Bytes() {
        #expect(MemoryLayout<HTMLDocument.Node>.stride == 24)
    }
}
