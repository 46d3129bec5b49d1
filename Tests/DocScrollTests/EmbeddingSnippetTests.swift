import DocScroll
import Foundation
import TestSupport
import Testing

/// The README's "Embedding" snippet, compiled and run as part of the tests; the second
/// test checks that the README still shows exactly this code.
@Suite("Embedding snippet")
struct EmbeddingSnippetTests {
    @Test func snippetRuns() throws {
        let pagePath = pagesDirectory.appendingPathComponent("article.html").path
        let tablePath = pagesDirectory.appendingPathComponent("items.json").path
        // Embedding snippet begins
        let view = try DocScrollView(
            pages: [try InputFile.read(pagePath)],
            tables: [try InputFile.mapped(tablePath)],
            options: .init(width: 80, height: 24))
        view.navigate(.pages(2))
        let frame = view.frame()  // a FrameBuffer of cells: draw it your way
        print(frame.plainText(row: 0), view.statistics.tiles.tileBytesLive)
        // Embedding snippet ends
        #expect(view.scrollOffset > 0)
        #expect(frame.height == 24)
        #expect(view.statistics.tiles.tilesLive > 0)
    }

    @Test func readmeShowsThisSnippet() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(readme.range(of: "```swift\nimport DocScroll\n\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let begin = try #require(source.range(of: "// Embedding snippet begins\n"))
        let finish = try #require(source.range(of: "        // Embedding snippet ends"))
        let compiled = source[begin.upperBound..<finish.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }
            .joined(separator: "\n")
        #expect(compiled == String(readme[start.upperBound..<end.lowerBound]))
    }
}
