import Foundation
import ScrollCore
import Testing

/// The README's ScrollCore snippet, compiled and run as part of the tests. The test
/// below checks that the README still shows exactly this code.
@Suite("README snippet")
struct ReadmeSnippetTests {
    @Test func snippetRuns() throws {
        // README snippet begins

        /// Any content with a height in rows; a header row pinned while it scrolls.
        final class Rows: ScrollComponent {
            let contentExtent: Double
            let headerExtent: Double
            init(_ rows: Double, header: Double = 0) {
                contentExtent = rows
                headerExtent = header
            }
        }

        let container = ScrollContainer(viewportExtent: 24, spacing: 1)
        let table = container.append(Rows(500, header: 2))
        let page = container.append(Rows(2_000))
        container.scroll(to: 480)
        for placement in container.layout.placements {
            // Draw these rows of the component from this row of the viewport down.
            print(placement.id, placement.visibleContentRange, placement.viewportOffset)
        }
        container.scroll(to: page, contentOffset: 100, alignment: .center)
        // README snippet ends
        #expect(container.boundary(of: table)?.unpinOffset == 500)
        #expect(container.isVisible(page, contentRange: 100..<101))
    }

    @Test func readmeShowsThisSnippet() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(readme.range(of: "```swift\nimport ScrollCore\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let snippet = readme[start.upperBound..<end.lowerBound]
        let begin = try #require(source.range(of: "// README snippet begins\n"))
        let finish = try #require(source.range(of: "        // README snippet ends"))
        let compiled = source[begin.upperBound..<finish.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }
            .joined(separator: "\n")
        #expect(compiled == String(snippet))
    }
}
