import HTMLParsing
import Testing
@testable import DocumentLayout

@Suite("Link targets")
struct LinkTargetsTests {
    @Test func targetsAreKeptInOrderAndReadBack() {
        var targets = LinkTargets()
        targets.append("https://example.org/a")
        targets.append("")
        targets.append("https://例え.jp/パス")
        #expect(targets.count == 3)
        #expect(Array(targets) == ["https://example.org/a", "", "https://例え.jp/パス"])
        #expect(targets.byteCount == "https://example.org/a".utf8.count + "https://例え.jp/パス".utf8.count)
        targets.withUTF8(of: 2) { #expect(Array($0) == Array("https://例え.jp/パス".utf8)) }
    }

    @Test func targetsJoinAndSplitAsTheirStringsWould() {
        var first: LinkTargets = ["#a", "b.html"]
        let second: LinkTargets = ["", "c.html#d", "e"]
        first.append(contentsOf: second)
        #expect(first == ["#a", "b.html", "", "c.html#d", "e"])
        #expect(first.targets(1..<4) == ["b.html", "", "c.html#d"])
        #expect(first.targets(2..<2).isEmpty)
        #expect(first != ["#a", "b.html", "", "c.html#d", "f"])
        #expect(first != ["#ab", ".html", "", "c.html#d", "e"])
        first.removeAll()
        #expect(first.isEmpty && first.byteCount == 0)
        first.append("x")
        #expect(first == ["x"])
    }

    /// A link's target loses the white space at either end, ASCII or not, and keeps
    /// what is inside; most targets have none and are copied as they are.
    @Test(arguments: [
        ("https://example.org/a", "https://example.org/a"), (" #a ", "#a"), ("\t\n x.html?q=1 2\r\n", "x.html?q=1 2"),
        ("\u{A0}\u{3000}y.html\u{2003}", "y.html"), ("https://例え.jp/パス", "https://例え.jp/パス"), ("é.html", "é.html"),
    ])
    func numberedLinkTargetsAreTrimmed(href: String, target: String) throws {
        let document = try HTMLParser.parse(Array("<a href=\"\(href)\">x</a>".utf8))
        let link = try #require(document.nodes.indices.first { document.nodes[$0].tag == .a })
        var targets = LinkTargets()
        #expect(DocumentLayoutEngine.appendNumberedLinkTarget(HTMLDocument.NodeIndex(link), in: document, to: &targets))
        #expect(targets == [target])
    }

    @Test func elementsThatAreNotLinksGetNoNumber() throws {
        let document = try HTMLParser.parse(Array("<a>x</a><a href=\" \">y</a><b>z</b>".utf8))
        var targets = LinkTargets()
        for node in document.nodes.indices where document.nodes[node].kind == .element {
            #expect(!DocumentLayoutEngine.appendNumberedLinkTarget(HTMLDocument.NodeIndex(node), in: document, to: &targets))
        }
        #expect(targets.isEmpty)
    }
}
