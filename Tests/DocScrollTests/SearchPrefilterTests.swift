import ComponentKit
import DocScroll
import Foundation
import RenderCore
import SampleContent
import TestSupport
import Testing

/// A search rules out a windowed page's chunks from their bytes (`LetterScan`): it
/// must find exactly what a search of every row finds, every hit in order, down and
/// up, on pages whose words are cut by tags, references, hidden content and the
/// words layout writes itself.
@Suite("Searching a page ruled out from its bytes")
struct SearchPrefilterTests {
    static let width = 72

    /// Small chunks, so that most of them hold one of the tricky snippets or none.
    static var options: DocScrollView.Options {
        var options = DocScrollView.Options(width: width, height: 20)
        options.pageChunkBytes = 2_000
        return options
    }

    /// Markup where a shown word and its bytes differ, each put into generated pages.
    static let tricky = [
        "<p>foo<b>bar</b>baz and <i>it</i>al<em>ic</em>s</p>",
        "<p>caf&eacute; cr&egrave;me, AT&amp;T, soft&shy;hyphen, zero&#8203;width, &#70;&#x6f;o&#X6F;l</p>",
        "<p>an &zork; unknown &zorkwise reference and &copyright without a semicolon</p>",
        "<p>the Kelvin \u{212A}elvin and &#8490;ilo</p>",
        "<p>wo<span hidden>xx</span>rd and hi<span style=\"display: none\">zz</span>dden and sv<svg><text>gtext</text></svg>g</p>",
        "<ol type=\"a\"><li>first<li>second<li>third</ol><ol type=\"I\" start=\"14\"><li>roman<li>numeral</ol>",
        "<p><img alt=\"Frobnicated picture\"> and <img src=\"pictures/unnamed.png\"> here</p>",
        "<form><input type=submit> <input type=reset> <input value=\"typed value\"> <input type=image alt=\"go button\"></form>",
        "<p><select><option>first choice<option selected>second choice</select></p>",
        "<pre>  pre\tformatted   text\n  keeps   spaces</pre>",
        "<p>中文 CJK 混合 text、日本語のテキスト</p>",
        "<p>before<!-- a comment with words -->after and <script>var scripted = 1</script>unscripted</p>",
        "<p><a href=\"linked/target-page.html#some-anchor\">link text</a> and <a href=\"https://example.org/Remote\">remote</a></p>",
        "<p><q>quoted</q> x<sup>2</sup> H<sub>2</sub>O <button>Press here</button> <textarea>text area</textarea></p>",
        "<table><tr><th>Head one<th>Head two<tr><td>cell one<td>cell two</table>",
        "<p>a <a href=\"x\">verylongwordthatwrapsacrossrowsbecauseitislongerthanthewidthofthescreenitselfisnotit</a></p>",
        "<p>iframe: <iframe src=\"frames/embedded.html\" title=\"Embedded frame\"></iframe> <video src=\"clip.mp4\"></video></p>",
        "<template><p>templated words</p></template><p>shown words</p>",
    ]

    static let fixedQueries = [
        "foobarbaz", "italics", "softhyphen", "zerowidth", "Fool", "kelvin", "ilo", "word", "hidden", "svgg", "gtext", "b.", "xiv",
        "image", "Submit", "Reset", "second choice", "first", "formatted", "CJK", "comment", "scripted", "linked", "target",
        "AT&T", "quoted", "cell", "References", "file", "zyxwvut", "zork", "copyright", "Frobnicated", "unnamed", "go button",
        "verylongword", "screenitself", "embedded", "Embedded frame", "clip", "templated", "2O",
    ]

    /// A generated page with the tricky markup spread through it, then edited at
    /// random (spans cut, doubled, and stray `<`, `&` and quotes put in).
    static func page(seed: UInt64, edits: Int) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var html = Array(SampleContent.PageGenerator.page(bytes: 60_000, seed: seed).utf8)
        for snippet in tricky + tricky {
            let at = Int.random(in: 0..<html.count, using: &random)
            // Into text or between tags, never inside one.
            guard let gap = html[at...].firstIndex(of: UInt8(ascii: ">")) else { continue }
            html.insert(contentsOf: snippet.utf8, at: gap + 1)
        }
        for _ in 0..<edits {
            let at = Int.random(in: 0..<html.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: html.removeSubrange(at..<min(html.count, at + Int.random(in: 1..<40, using: &random)))
            case 1: html.insert(contentsOf: html[at..<min(html.count, at + Int.random(in: 1..<200, using: &random))], at: at)
            case 2: html.insert(["<", "&", "\"", "'", "</", "<!--", "-->"].randomElement(using: &random)!.utf8.first!, at: at)
            default: html.insert(contentsOf: tricky.randomElement(using: &random)!.utf8, at: at)
            }
        }
        return html
    }

    @Test(arguments: [(UInt64(3), 40), (4, 120)])
    func findsWhatEveryRowFinds(seed: UInt64, edits: Int) throws {
        let bytes = Self.page(seed: seed, edits: edits)
        try expectAgreement(bytes, name: "seed \(seed), \(edits) edits", seed: seed, fixedQueries: Self.fixedQueries)
    }

    @Test(arguments: ["article.html", "reference.html", "cjk.html"])
    func findsWhatEveryRowFindsOnSamples(name: String) throws {
        let sample = try sample(name)
        // The sample several times over: a page of several chunks.
        let html = String(decoding: sample.bytes, as: UTF8.self)
        let body = html.range(of: "<body").map { String(html[$0.lowerBound...]) } ?? html
        let page = html + String(repeating: body, count: max(1, 60_000 / max(1, body.utf8.count)))
        // The tricky queries are for the generated pages; a sample's own words test it.
        try expectAgreement(Array(page.utf8), name: name, seed: 9, fixedQueries: ["References", "file", "zyxwvut", "hidden", "image"])
    }

    /// Each rule of the scan on its own: a snippet between paragraphs that lack the
    /// query's letters, so that only the rule keeps the snippet's chunk from being
    /// passed over (dropping any rule loses a hit here).
    @Test(arguments: [
        ("<p><img src=\"pictures/unnamed.png\"></p>", "image"),
        ("<p>foo<b>bar</b>baz</p>", "foobarbaz"),
        ("<p>soft&shy;hyphen</p>", "softhyphen"),
        ("<p>zero&#8203;width</p>", "zerowidth"),
        ("<p>&#70;&#x6f;o&#X6F;l</p>", "Foool"),
        ("<p>the \u{212A}elvin</p>", "kelvin"),
        ("<p>wo<span hidden>xx</span>rd</p>", "word"),
        // (A reference in a long run of text, passed over sixteen bytes at a time.)
        ("<p>a long run of text, before the &#70;oolish words</p>", "foolish"),
        ("<p>hi<span style=\"display: none\">zz</span>dden</p>", "hidden"),
        ("<ol type=\"a\"><li>x<li>y</ol>", "b."),
        ("<ol type=\"I\" start=\"14\"><li>x</ol>", "xiv"),
        ("<form><input type=submit></form>", "Submit"),
        ("<p><select><option>first choice<option selected>second choice</select></p>", "second choice"),
        ("<p>before<!-- a comment -->after</p>", "beforeafter"),
        ("<p><a href=\"linked/target-page.html\">go</a></p>", "target"),
        // (A letter of the needle only as a reference, in a tag's attribute.)
        ("<p><a href=\"linked/&#122;ebra-page.html\">go</a></p>", "zebra"),
        ("<p><q>quoted</q></p>", "quoted"),
        ("<table><tr><td>cell one</table>", "cell"),
        ("<p>an &zork; unknown and &copyright</p>", "zork"),
        ("<p>an &zork; unknown and &copyright</p>", "copyright"),
    ])
    func eachRuleKeepsItsChunk(snippet: String, query: String) throws {
        let filler = String(repeating: "<p>lorem ipsum dolor sit amet</p>\n", count: 200)
        let html = "<html><body>" + filler + snippet + filler + "</body></html>"
        try expectAgreement(Array(html.utf8), name: query, seed: 3, fixedQueries: [query], randomQueries: 0, everyQueryShown: true)
    }

    /// Every query's hits, down then up, are the rows (read one by one from a page
    /// laid out whole) that hold it, in order; each is brought to the top as the
    /// viewer does, and the search goes on from where it is then.
    func expectAgreement(_ bytes: [UInt8], name: String, seed: UInt64, fixedQueries: [String], randomQueries: Int = 10, everyQueryShown: Bool = false) throws {
        let whole = try DocScrollView(
            pages: [InputFile(name: "/pages/\(name).html", bytes: bytes)], tables: [], options: Self.options)
        whole.locateEnds()
        let wholePage = try #require(whole.stack.component(whole.componentIDs[0]))
        var rows: [String] = []
        var row = 0
        while row < wholePage.rowCount {
            rows.append(wholePage.searchableText(row: row, width: Self.width))
            row += 1
        }
        var random = SeededGenerator(seed: seed &* 7919)
        var queries = fixedQueries
        let texts = rows.filter { $0.count >= 4 }
        for _ in 0..<randomQueries {
            let text = Array(texts.randomElement(using: &random)!)
            let length = Int.random(in: 3...min(14, text.count), using: &random)
            let start = Int.random(in: 0...(text.count - length), using: &random)
            let query = String(text[start..<(start + length)]).trimmingCharacters(in: .whitespaces)
            guard !query.isEmpty else { continue }
            queries.append(Bool.random(using: &random) ? query.lowercased() : query)
        }
        for query in queries {
            let expected = rows.filter { TextSearch.contains(query, in: $0) }
            if everyQueryShown { #expect(!expected.isEmpty, "\(name): the page shows \(query.debugDescription)") }
            for forward in [true, false] {
                let view = try DocScrollView(
                    pages: [InputFile(name: "/pages/\(name).html", bytes: bytes)], tables: [], options: Self.options)
                let page = try #require(view.stack.component(view.componentIDs[0]))
                var found: [String] = []
                var place: DocScrollView.Place?
                while found.count <= expected.count {
                    let r = view.find(query, from: place, forward: forward)
                    guard case .found(let hit, let wrapped) = r else { break }
                    if wrapped && place != nil { break }
                    let text = page.searchableText(row: hit.row, width: Self.width)
                    found.append(text)
                    // As the viewer does: the hit brought to the top, the search going
                    // on from where it is then (rows above it may have been corrected).
                    place = view.reveal(hit)
                    let revealed = page.searchableText(row: place!.row, width: Self.width)
                    #expect(revealed == text, "\(name): \(query.debugDescription): row \(hit.row) revealed at \(place!.row)")
                }
                #expect(
                    found == (forward ? expected : expected.reversed()),
                    "\(name): \(query.debugDescription) \(forward ? "down" : "up"): \(found.count) hits, \(expected.count) rows hold it")
            }
            try expectAgreementFromTheMiddle(bytes, name: name, query: query, rows: rows)
        }
    }

    /// A search down from the middle of the page (its bytes scanned from there first,
    /// then from the top once it wraps) finds the rows after the middle that hold the
    /// query, then those from the top, in order.
    func expectAgreementFromTheMiddle(_ bytes: [UInt8], name: String, query: String, rows: [String]) throws {
        let view = try DocScrollView(pages: [InputFile(name: "/pages/\(name).html", bytes: bytes)], tables: [], options: Self.options)
        let id = view.componentIDs[0]
        let page = try #require(view.stack.component(id))
        // Every row laid out first: the rows are numbered as in the page laid out whole.
        view.dump { _ in }
        let middle = rows.count / 2
        let expected = (rows[(middle + 1)...] + rows[...middle]).filter { TextSearch.contains(query, in: $0) }
        var found: [String] = []
        var place = DocScrollView.Place(component: id, row: middle)
        while found.count < expected.count, case .found(let hit, _) = view.find(query, from: place, forward: true) {
            found.append(page.searchableText(row: hit.row, width: Self.width))
            place = hit
        }
        #expect(found == expected, "\(name): \(query.debugDescription) down from the middle: \(found.count) hits, \(expected.count) rows hold it")
    }
}
