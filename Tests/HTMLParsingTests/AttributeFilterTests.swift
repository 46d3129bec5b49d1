import SampleContent
import Testing
@testable import HTMLParsing

/// Attributes the model never keeps are blanked out before libxml2 reads them, and so
/// are those past the first `limit` of a tag (libxml2's duplicate check is
/// quadratic): in place, so that offsets stay, and never where libxml2 reads the bytes
/// as something other than attributes.
@Suite("Attribute filter")
struct AttributeFilterTests {
    /// `text` passed through a filter in pieces of `piece` bytes (windows of a page).
    func filtered(_ text: String, piece: Int, dropsUnused: Bool = true) -> String {
        var bytes = Array(text.utf8)
        var filter = AttributeFilter(dropsUnused: dropsUnused)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            bytes.withUnsafeMutableBufferPointer { filter.filter(UnsafeMutableBufferPointer(rebasing: $0[start..<end])) }
            start = end
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [1, 2, 3, 7, 64, 1 << 16])
    func attributesPastTheLimitAreBlankedWhateverTheWindows(piece: Int) {
        let first = (0..<AttributeFilter.limit).map { "a\($0)=\"v>\($0)\"" }.joined(separator: " ")
        let rest = " b=1 c='x y' d e = \"z\"  f"
        let page = "<p>text a<b</p><div " + first + rest + ">after <i x=1>it</i></div>"
        let result = filtered(page, piece: piece, dropsUnused: false)
        #expect(result.utf8.count == page.utf8.count, "offsets stay")
        #expect(result == "<p>text a<b</p><div " + first + String(repeating: " ", count: rest.utf8.count) + ">after <i x=1>it</i></div>")
    }

    /// In one window, an attribute the model drops is blanked, name, `=` and value;
    /// one it keeps stays, in any case.
    @Test func attributesTheModelDropsAreBlanked() {
        let page = ##"<p class="note" ID=intro data-x='1' Title="a b" hidden><a rel=nofollow href="#s">x</a><br clear=all/></p>"##
        #expect(filtered(page, piece: 1 << 16) == ##"<p              ID=intro            Title="a b" hidden><a              href="#s">x</a><br           ></p>"##)
    }

    /// Each attribute the model keeps passes, in any case, and no other of its length.
    @Test func everyKeptAttributePasses() {
        for name in DocumentBuilder.keptAttributes {
            let page = "<p \(name.uppercased())=\"v\" \(name)x=\"w\">"
            #expect(filtered(page, piece: 1 << 16) == "<p \(name.uppercased())=\"v\" " + String(repeating: " ", count: name.utf8.count + 5) + ">")
        }
    }

    /// Comments, doctypes, processing instructions, end tags and the raw text of
    /// scripts and styles hold no attributes; values holding `<` or `>` and attributes
    /// split by a window's end are left as they are.
    @Test(arguments: [1, 5, 1 << 16])
    func onlyAttributesOfStartTagsAreBlanked(piece: Int) {
        let page = #"<!DOCTYPE html PUBLIC "-//W3C" "x.dtd"><!-- <x class=a> --><?pi <y class=b>?><script>if (a<b && c>d) { s = '<i class=c>' }</script>"#
            + #"<style>p[class=d] {}</style></p class=e><p title='a > b' class="1 < 2">1 < 2 > 0</p><img src=a.png alt="">"#
        #expect(filtered(page, piece: piece) == page)
        let split = filtered("<p class=\"abc\" id=x>t</p>", piece: 6)
        #expect(split == "<p class=\"abc\" id=x>t</p>", "the value runs into the next window")
    }

    /// A `<` in text that is not a tag (a script's `a<b`) is never the start of
    /// attributes that swallow what follows: an end tag after it is kept.
    @Test func textThatLooksLikeATagKeepsTheEndTagAfterIt() throws {
        let script = "<script>if (a<b) { " + (0..<400).map { "x\($0) = y;" }.joined(separator: " ") + " }</script><p>after</p>"
        #expect(filtered(script, piece: 100).contains("</script><p>after</p>"))
        let document = try HTMLParser.parse(Array(script.utf8))
        #expect(document.nodes.indices.contains { document.nodes[$0].tag == .p })
    }

    @Test func aTagOfManyAttributesParsesFastAndKeepsItsFirst() throws {
        let attributes = (0..<200_000).map { "a\($0)=x" }.joined(separator: " ")
        let document = try HTMLParser.parse(Array(("<p id=\"first\" " + attributes + " id=\"late\">text</p>").utf8))
        let paragraph = try #require(document.nodes.indices.first { document.nodes[$0].tag == .p })
        #expect(document.attribute("id", of: HTMLDocument.NodeIndex(paragraph)) == "first")
    }

    /// The model of markup of every kind, well formed or not, is the same whether
    /// libxml2 reads the attributes the model drops or not.
    @Test func theModelIsTheSameWithTheDroppedAttributesRead() throws {
        var random = SeededGenerator(seed: 80)
        for _ in 0..<10_000 {
            let page = (0..<Int.random(in: 1...30, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let bytes = Array(page.utf8)
            let filtered = try HTMLParser.parse(bytes)
            let read = try HTMLParser.parse(bytes, readingAsIs: true)
            #expect(Self.picture(filtered) == Self.picture(read), "\(page.debugDescription)")
        }
    }

    /// Whatever the windows a page is read in (a tag cut anywhere goes on in the
    /// next), the page filtered parses as the page does.
    @Test func theModelIsTheSameInAnyWindows() throws {
        var random = SeededGenerator(seed: 81)
        for _ in 0..<10_000 {
            let page = (0..<Int.random(in: 1...30, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let piece = Int.random(in: 1...80, using: &random)
            let read = try HTMLParser.parse(Array(page.utf8), readingAsIs: true)
            let filtered = try HTMLParser.parse(Array(self.filtered(page, piece: piece).utf8), readingAsIs: true)
            #expect(Self.picture(filtered) == Self.picture(read), "\(page.debugDescription) in pieces of \(piece)")
        }
    }

    /// `text` passed through a filter that lifts classes, in pieces of `piece` bytes:
    /// what is left, and the classes lifted (their tags' names, where their tags end
    /// in the text, and their values).
    func lifted(_ text: String, piece: Int) -> (text: String, classes: [(name: String, end: Int, value: String)]) {
        var bytes = Array(text.utf8)
        var filter = AttributeFilter(alsoKeeping: ["class"], liftsClasses: true)
        var classes: [(name: String, end: Int, value: String)] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            var liftable: [Range<Int>]? = []
            bytes.withUnsafeMutableBufferPointer { filter.filter(UnsafeMutableBufferPointer(rebasing: $0[start..<end]), liftable: &liftable) }
            for lifted in filter.liftedClasses {
                let name = withUnsafeBytes(of: lifted.tagName.littleEndian) { String(decoding: $0.prefix(min(8, lifted.tagNameLength)), as: UTF8.self) }
                classes.append((name, start + lifted.end, String(decoding: filter.liftedClassBytes[lifted.value], as: UTF8.self)))
            }
            start = end
        }
        return (String(decoding: bytes, as: UTF8.self), classes)
    }

    /// A tag's first `class`, read whole in one window and holding no reference or
    /// `<`, `>`, is taken out (later ones, which libxml2 drops, with it), with where
    /// libxml2 stands as it gives the element: its `>`, or the `/` of its `/>`.
    @Test func classesAreLiftedWhereTheirTagsAreReadWhole() {
        let page = #"<p id=x class="a b">t</p><BR Class="c"/><i class='d' class="e">u</i><b class="x &amp; y">v</b><s class>w</s><u class=f/>"#
        let (text, classes) = lifted(page, piece: 1 << 16)
        func blanked(_ text: String, _ parts: [String]) -> String {
            parts.reduce(text) { $0.replacingOccurrences(of: $1, with: String(repeating: " ", count: $1.utf8.count)) }
        }
        #expect(text == blanked(page, [#"class="a b""#, #"Class="c""#, #"class='d'"#, #"class="e""#, "class=f/"]))
        #expect(classes.map(\.name) == ["p", "br", "i", "u"])
        #expect(classes.map(\.value) == ["a b", "c", "d", "f/"], "an unquoted value runs to a blank or `>`, as libxml2 reads it")
        let utf8 = Array(page.utf8)
        #expect(classes.map { utf8[$0.end] } == [UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: ">")])
        // A tag cut by a window's end keeps its class for libxml2.
        let splitPage = #"<p class="a">t</p><div class="bb" id=y>u</div>"#
        let split = lifted(splitPage, piece: 20)
        #expect(split.text == blanked(splitPage, [#"class="a""#]))
        #expect(split.classes.map(\.value) == ["a"])
    }

    /// Markup of every kind, well formed or not, to make pages of.
    static let pieces = [
        "<p", "<a", "<script", "<style", "<div", "<img", "</p>", "</a>", "</script>", "</scripts>", "</style>", "</", "<", ">", "/>", "/",
        " ", "\n", "class=", "id=", "href=", "title=", "alt=", "data-x=", "on-click", " x", "=", "\"", "'", "\"v\"", "'w'", "v>w", "\"a<b\"",
        "<!--", "-->", "--!>", "-", "!", "<!DOCTYPE", "<!doctype html>", "<?xml", "?>", "<?", "text", "&amp;", "é", "中",
        // Markup as pages have it, with text shown between.
        #"<p class="note">shown words</p>"#, ##"<a href="#x" rel=nofollow>link text</a>"##, " more words ", "<img alt='pic' class=i>",
        #"<span title="t" data-x='1'>span text</span>"#, #"<div class='a "b"'>text</div>"#,
    ]

    /// Every node of a model: its kind, tag, flags, kept attributes and whole text.
    static func picture(_ document: HTMLDocument) -> [String] {
        [document.title] + document.nodes.indices.map { index in
            let node = document.nodes[index]
            let attributes = document.attributes(of: HTMLDocument.NodeIndex(index)).map { "\($0.name)=\($0.value)" }
            return "\(node.kind) \(node.tag) \(node.isHidden) \(node.isLink) \(attributes) \(document.text(of: HTMLDocument.NodeIndex(index)).debugDescription)"
        }
    }
}
