@testable import DocumentLayout
import HTMLParsing
import SampleContent
import Testing

/// Links resolved against the address of their page as browsers resolve them (RFC
/// 3986, section 5.4's examples where they apply to a `file:` page).
@Suite("Page addresses")
struct PageAddressTests {
    let page = PageAddress(absolutePath: "/doc/html/reference/index.html")!

    func resolved(_ target: String) -> String? {
        if case .file(_, _, let url) = page.destination(of: target) { return url }
        return nil
    }

    @Test func relativeLinksResolveAgainstThePagesFolder() {
        #expect(resolved("compound_stmts.html#if") == "file:///doc/html/reference/compound_stmts.html#if")
        #expect(resolved("./a.html") == "file:///doc/html/reference/a.html")
        #expect(resolved("../library/os.html") == "file:///doc/html/library/os.html")
        #expect(resolved("../../../../../x.html") == "file:///x.html")
        #expect(resolved("sub/../b/./c.html?q=1#f") == "file:///doc/html/reference/b/c.html?q=1#f")
        #expect(resolved("..") == "file:///doc/html/")
        #expect(resolved(".") == "file:///doc/html/reference/")
        #expect(resolved("a//b.html") == "file:///doc/html/reference/a//b.html")
        #expect(resolved("%2e%2E/x.html") == "file:///doc/html/x.html")
        #expect(resolved(".%2e/%2E/y") == "file:///doc/html/y")
        #expect(resolved("...") == "file:///doc/html/reference/...")
    }

    @Test func emptyAndQueryOnlyLinksAreThePageItself() {
        #expect(resolved("") == "file:///doc/html/reference/index.html")
        #expect(resolved("?x=1") == "file:///doc/html/reference/index.html?x=1")
    }

    @Test func absolutePathsAndFileURLsOnThisMachine() {
        #expect(resolved("/usr/share/doc/w3m/MANUAL.html") == "file:///usr/share/doc/w3m/MANUAL.html")
        #expect(resolved("/a/../b.html") == "file:///b.html")
        #expect(resolved("file:///tmp/x.html#top") == "file:///tmp/x.html#top")
        #expect(resolved("FILE://localhost/tmp/x.html") == "file:///tmp/x.html")
        #expect(resolved("file:/tmp/y.html") == "file:///tmp/y.html")
    }

    @Test func otherHostsAndSchemesAreLeftAsWritten() {
        for target in ["https://docs.python.org/3/", "mailto:someone@example.org", "//example.org/a.html", "file://server/share/a.html",
                       "javascript:void(0)", "ftp://ftp.debian.org/"] {
            #expect(page.destination(of: target) == .elsewhere(target), "\(target)")
        }
        // A colon after a slash is no scheme: a relative path.
        #expect(resolved("a/b:c.html") == "file:///doc/html/reference/a/b:c.html")
    }

    /// A page with no address (standard input) resolves only what needs no base.
    @Test func withoutAnAddressOnlyAbsoluteLinksLeadAnywhere() {
        #expect(LinkDestination("#x", on: nil) == .element(id: "x"))
        #expect(LinkDestination("other.html#x", on: nil) == .unresolved("other.html#x"))
        #expect(LinkDestination("?q", on: nil) == .unresolved("?q"))
        #expect(LinkDestination("/doc/a.html", on: nil) == .file(path: "/doc/a.html", elementID: nil, url: "file:///doc/a.html"))
        #expect(LinkDestination("FILE:///doc/b.html#y", on: nil) == .file(path: "/doc/b.html", elementID: "y", url: "file:///doc/b.html#y"))
        #expect(LinkDestination("https://example.org/", on: nil) == .elsewhere("https://example.org/"))
        #expect(LinkDestination("a.html", on: page) == page.destination(of: "a.html"))
    }

    @Test func fragmentsStayOnThePage() {
        #expect(page.destination(of: "#section-2") == .element(id: "section-2"))
        #expect(page.destination(of: "#") == .element(id: ""))
    }

    @Test func pathsAreEncodedInURLsAndDecodedForFiles() throws {
        let spaced = try #require(PageAddress(absolutePath: "/home/me/My Docs/a%b/中.html"))
        #expect(spaced.url == "file:///home/me/My%20Docs/a%25b/%E4%B8%AD.html")
        #expect(
            spaced.destination(of: "other%20page.html#%E4%B8%AD")
                == .file(
                    path: "/home/me/My Docs/a%b/other page.html", elementID: "%E4%B8%AD",
                    url: "file:///home/me/My%20Docs/a%25b/other%20page.html#%E4%B8%AD"))
        #expect(PageAddress(absolutePath: "relative/page.html") == nil)
        #expect(PageAddress(absolutePath: "/a/./b/../page.html")?.url == "file:///a/page.html")
    }

    /// Any target resolves to a path with no dot segments left, under the root, or is
    /// left as it is: random targets from the characters that matter.
    @Test func randomTargetsResolveToCleanPaths() {
        var generator = SeededGenerator(seed: 83)
        let alphabet = Array("/./..%2E#?:ab".utf8) + [0xE4, 0x20]
        for _ in 0..<20_000 {
            let target = (0..<Int.random(in: 0...14, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let text = String(decoding: target, as: UTF8.self)
            switch page.destination(of: text) {
            case .element(let id):
                #expect(text == "#" + id)
            case .elsewhere(let written):
                #expect(written == text)
            case .unresolved:
                Issue.record("a page with an address resolves every relative link: \(text)")
            case .file(let path, _, let url):
                #expect(url.hasPrefix("file:///"), "\(text)")
                let segments = path.split(separator: "/", omittingEmptySubsequences: false)
                #expect(path.hasPrefix("/") && !segments.contains(".") && !segments.contains(".."), "\(text) -> \(path)")
            }
        }
    }

    /// The References list shows where each link leads; an element of the page stays
    /// as written, as does a link on a page with no address.
    @Test func theReferencesListShowsResolvedTargets() throws {
        let html = ##"<p><a href="#top">a</a> <a href="../b.html#x">b</a> <a href="https://example.org/">c</a></p>"##
        func references(address: PageAddress?) throws -> [String] {
            let page = WholePage(document: try HTMLParser.parse(Array(html.utf8)), width: 80, address: address)
            let lines = page.lines
            return lines.indices.map { lines.plainText(ofLine: $0) }.drop { $0 != "References" }.filter { $0.contains(". ") }
        }
        #expect(try references(address: page) == ["1. #top", "2. file:///doc/html/b.html#x", "3. https://example.org/"])
        #expect(try references(address: nil) == ["1. #top", "2. ../b.html#x", "3. https://example.org/"])
    }
}
