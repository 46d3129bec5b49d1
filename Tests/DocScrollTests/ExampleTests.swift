import Foundation
import TestSupport
import Testing

/// The examples under `Examples/` build with the package; each runs and shows what it
/// is there to show.
@Suite("Examples")
struct ExampleTests {
    var article: String { pagesDirectory.appendingPathComponent("article.html").path }
    var items: String { pagesDirectory.appendingPathComponent("items.json").path }

    func lines(_ result: ProcessResult) -> [String] {
        result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func minimalEmbeddingPrintsOneFrame() throws {
        let result = try runBuiltProgram("minimal-embedding", [article])
        #expect(result.status == 0, "\(result.standardError)")
        let output = lines(result)
        #expect(output.count == 12 + 2, "twelve rows, the summary, the last newline")
        #expect(output.contains("One Scroll for Tables and Pages"))
        #expect(output[12].hasPrefix("-- One Scroll for Tables and Pages: rows 1-12 of ~"))
        #expect(try runBuiltProgram("minimal-embedding", []).status == 2)
        #expect(try runBuiltProgram("minimal-embedding", ["/nonexistent.html"]).status == 1)
    }

    /// The placeholder grows by 7 rows above the viewport; the view moves by as much,
    /// so the same text stays at the top.
    /// Each list comes back at the row it was left at while the bar is pinned; a short
    /// one keeps the bar pinned; with the banner in view nothing above moves.
    @Test func pagedTabsKeepEachListsPlace() throws {
        let result = try runBuiltProgram("paged-tabs", [])
        #expect(result.status == 0, "\(result.standardError)")
        let output = lines(result)
        func screen(_ title: String) -> [String] {
            guard let start = output.firstIndex(where: { $0.hasPrefix("== \(title)") }) else { return [] }
            return Array(output[(start + 1)...].prefix { !$0.hasPrefix("== ") })
        }
        let posts = screen("scrolled into posts")
        #expect(posts.first == "<posts>| replies | likes ")
        #expect(posts.dropFirst().first == "[posts: 40 rows]")
        #expect(screen("replies: from its top").dropFirst(2).first == "replies 1")
        #expect(screen("likes").prefix(5) == [" posts | replies |<likes>", "[likes: 3 rows]", "likes 1", "likes 2", "likes 3"])
        #expect(screen("posts again") == posts)
        #expect(screen("replies again") == screen("replies scrolled"))
        #expect(output.contains { $0.hasPrefix("== replies again") && $0.hasSuffix("tabSelected(1)") })
        let refreshed = screen("replies refreshed above")
        #expect(refreshed.dropFirst(2) == screen("replies again").dropFirst(2), "the same rows under the header")
        #expect(refreshed.dropFirst().first == "[replies: 30 rows]")
        let last = screen("the banner in view")
        #expect(last.contains("banner 8") && last.contains("<posts>| replies | likes ") && last.filter { !$0.isEmpty }.last == "posts 1")
    }

    @Test func customComponentsStackAndKeepTheViewSteady() throws {
        let result = try runBuiltProgram("custom-component", [items, article])
        #expect(result.status == 0, "\(result.standardError)")
        let output = lines(result)
        let headings = output.enumerated().filter { $0.element.hasPrefix("== ") }
        #expect(headings.count == 4)
        let first = try #require(headings.first)
        let second = try #require(headings.dropFirst().first)
        #expect(output[first.offset + 1] == output[second.offset + 1], "the same first row before and after the image loaded")
        let offsets = headings.compactMap { heading in heading.element.split(separator: "offset ").last.flatMap { Int($0.dropLast()) } }
        #expect(offsets.count == 4 && offsets[1] == offsets[0] + 7)
        #expect(output.contains("│ Below: the page"))
        #expect(output.contains("[image row 1 of 8]"))
        // Its caption is a header: it pins, the container says so, and it stays on top.
        #expect(output.contains { $0.hasPrefix("events: ") && $0.contains("headerPinned") })
        let last = try #require(headings.last)
        #expect(output[last.offset + 1] == "Figure 1: the memory model")
        #expect(output[last.offset + 2].hasPrefix("[image row "))
        // Laziness, invalidation and text from the contract alone: the image is asked
        // for once a pass reaches the figure, its arrival moved nothing on screen, and
        // the dump writes its rows.
        #expect(output.contains("figure requested with the table at the top: false"))
        #expect(output.contains("figure requested with the page at the top: true"))
        #expect(output.contains("dump: [image row 8 of 8]"))
    }

    @Test func aFlingDeceleratesToRestInsideTheBounds() throws {
        let result = try runBuiltProgram("physics-fling", [])
        #expect(result.status == 0)
        let output = lines(result)
        #expect(output.first?.hasPrefix("released at 180 points") == true)
        let offsets = output.compactMap { line -> Double? in
            guard let part = line.split(separator: "offset ").last?.split(separator: " ").first else { return nil }
            return line.hasPrefix("t=") ? Double(part) : nil
        }
        #expect(offsets.count > 5)
        #expect(offsets == offsets.sorted(), "monotonic")
        let rest = try #require(output.first { $0.hasPrefix("at rest at ") })
        let position = try #require(Double(rest.dropFirst("at rest at ".count).prefix { $0 != " " }))
        #expect(position > offsets.last ?? 0 && position <= 2_000)
        // Snapping to pages: the page nearest where the free fling stopped.
        #expect(output.contains("snapping to pages: at rest at 1200.0"))
        #expect(output.contains("scrollbar: thumb on cells 15-19, a component starts at cell 7"))
        let opening = try #require(output.first { $0.hasPrefix("rows opening: ") }).dropFirst("rows opening: ".count).split(separator: " ").compactMap { Int($0) }
        #expect(opening.last == 40 && opening == opening.sorted())
    }

    @Test func theWindowedRendererHoldsOnlyTilesNearTheViewport() throws {
        let result = try runBuiltProgram("windowed-renderer", [])
        #expect(result.status == 0)
        let output = lines(result)
        #expect(output.first == "row 500000")
        let statistics = try #require(output.first { $0.hasPrefix("tiles built ") })
        let numbers = statistics.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers.count == 4)
        // 50 screens of 8 rows, then a jump: a few tiles live, far fewer than built.
        #expect(numbers[3] < 10 && numbers[0] > 20 && numbers[1] > 0)
        let bytes = try #require(output.first { $0.hasPrefix("tile bytes live ") })
        let figures = bytes.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(figures.count == 3 && figures[0] <= figures[1])
    }
}
