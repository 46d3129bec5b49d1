import DocumentLayout
import HTMLParsing
import TestSupport
import Testing

/// The tricky cases as three pictures: the model layout receives (tree dump), the
/// box tree layout makes of it (units, blocks, table grids), and the lines.
@Suite("Document model dumps")
struct TreeDumpTests {
    static let cases: [(String, String)] = [
        ("tree-table-spans", """
            <table><caption>C</caption><thead><tr><th rowspan=2>A</th><th colspan=2>B</th></tr></thead>
            <tr><td>1<td>2</table>
            """),
        ("tree-nested-lists", "<ol type=a><li>one<ul><li>inner</ul><li value=5>five</ol>"),
        ("tree-mixed-cjk", "<p>中文 and English<br>日本語<b>太字</b>한국어</p><p>unclosed <i>italic<p>next"),
    ]

    @Test(arguments: TreeDumpTests.cases.map(\.0))
    func dump(name: String) throws {
        let html = try #require(Self.cases.first { $0.0 == name }?.1)
        let document = try HTMLParser.parse(Array(html.utf8))
        let view = WholePage(document: document, width: 30)
        let lines = view.lines.map(\.text).joined(separator: "\n")
        try assertSnapshot(document.treeDump + "\n" + view.boxTreeDump + "\n" + lines + "\n", named: name)
    }

    /// Deep trees dump without recursion (the dump itself grows with depth squared, as
    /// each line carries its ancestors' guides, so the depth here is moderate).
    @Test func deepTreesDumpWithoutRecursion() throws {
        let html = String(repeating: "<div>", count: 3_000) + "x"
        let dump = try HTMLParser.parse(Array(html.utf8)).treeDump
        #expect(dump.hasSuffix("\"x\"\n"))
    }
}
