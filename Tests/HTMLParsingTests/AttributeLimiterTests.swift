import Testing
@testable import HTMLParsing

/// Tags of very many attributes reach libxml2 with the first `limit` only (its
/// duplicate check is quadratic), the others blanked out in place.
@Suite("Attribute limiter")
struct AttributeLimiterTests {
    /// `text` passed through a limiter in pieces of `piece` bytes (windows of a page).
    func limited(_ text: String, piece: Int) -> String {
        var bytes = Array(text.utf8)
        var limiter = AttributeLimiter()
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            bytes.withUnsafeMutableBufferPointer { limiter.limit(UnsafeMutableBufferPointer(rebasing: $0[start..<end])) }
            start = end
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [1, 2, 3, 7, 64, 1 << 16])
    func attributesPastTheLimitAreBlankedWhateverTheWindows(piece: Int) {
        let first = (0..<AttributeLimiter.limit).map { "a\($0)=\"v>\($0)\"" }.joined(separator: " ")
        let rest = " b=1 c='x y' d e = \"z\"  f"
        let page = "<p>text a<b</p><div " + first + rest + ">after <i x=1>it</i></div>"
        let result = limited(page, piece: piece)
        #expect(result.utf8.count == page.utf8.count, "offsets stay")
        #expect(result == "<p>text a<b</p><div " + first + String(repeating: " ", count: rest.utf8.count) + ">after <i x=1>it</i></div>")
    }

    @Test func ordinaryPagesPassAsTheyAre() {
        let page = #"<!DOCTYPE html><!-- <x a b> --><script>if (a<b && c>d) {}</script><p class="x" id=y title='a > b'>1 < 2 > 0</p><br/><img src=a.png alt="">"#
        #expect(limited(page, piece: 5) == page)
    }

    /// A `<` in text that is not a tag (a script's `a<b`) is never the start of
    /// attributes that swallow what follows: an end tag after it is kept.
    @Test func textThatLooksLikeATagKeepsTheEndTagAfterIt() throws {
        let script = "<script>if (a<b) { " + (0..<400).map { "x\($0) = y;" }.joined(separator: " ") + " }</script><p>after</p>"
        #expect(limited(script, piece: 100).contains("</script><p>after</p>"))
        let document = try HTMLParser.parse(Array(script.utf8))
        #expect(document.nodes.indices.contains { document.nodes[$0].tag == .p })
    }

    @Test func aTagOfManyAttributesParsesFastAndKeepsItsFirst() throws {
        let attributes = (0..<200_000).map { "a\($0)=x" }.joined(separator: " ")
        let document = try HTMLParser.parse(Array(("<p id=\"first\" " + attributes + " id=\"late\">text</p>").utf8))
        let paragraph = try #require(document.nodes.indices.first { document.nodes[$0].tag == .p })
        #expect(document.attribute("id", of: HTMLDocument.NodeIndex(paragraph)) == "first")
    }
}
