import DocScroll
import Foundation
import TestSupport
import Testing

/// Conformance of selector matching against the web-platform-tests' selector cases
/// (`WebPlatformTests/`, with their licence), run as text: each case's selector gives
/// the elements it matches a `::before` that shows their id, and the page read with
/// that sheet shows exactly the ids the case expects, in order.
@Suite("Selectors against the web-platform-tests")
struct SelectorConformanceTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        var name: String
        var selector: String
        var expect: [String]

        var testDescription: String { "\(name): \(selector.debugDescription)" }
    }

    struct Cases: Decodable {
        var cases: [Case]
        var decidedLater: [Case]
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("WebPlatformTests")

    static let cases: Cases = {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("selectors.json")),
            let cases = try? JSONDecoder().decode(Cases.self, from: data)
        else { return Cases(cases: [], decidedLater: []) }
        return cases
    }()

    /// The ids the test document shows with `selector`'s elements marked.
    static func markedIDs(_ selector: String) throws -> [String] {
        let document = try String(contentsOf: directory.appendingPathComponent("selectors-content.html"), encoding: .utf8)
        let sheet = "<style>:is(\(selector))::before { content: \"{\" attr(id) \"}\" }</style></head>"
        let page = InputFile(name: "selectors.html", bytes: Array(document.replacingOccurrences(of: "</head>", with: sheet).utf8))
        let view = try DocScrollView(pages: [page], tables: [], options: .init(width: 300, height: 50))
        let text = dumpLines(view).joined(separator: "\n")
        return text.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap { piece in
            piece.firstIndex(of: "}").map { String(piece[..<$0]) }
        }
    }

    @Test func theCasesAreRead() {
        #expect(Self.cases.cases.count == 110 && Self.cases.decidedLater.count == 8)
    }

    @Test(arguments: SelectorConformanceTests.cases.cases)
    func matchesAsTheCaseExpects(_ test: Case) throws {
        let found = try Self.markedIDs(test.selector)
        #expect(found == test.expect)
    }

    /// What only the rest of the page could tell (`:last-child`, `:only-child`,
    /// `:nth-last-child()`, `:empty`...) matches nothing when an element starts, as
    /// the styler reads a page once (the cases' expected elements are not marked).
    @Test(arguments: SelectorConformanceTests.cases.decidedLater)
    func selectorsOfWhatFollowsMatchNothing(_ test: Case) throws {
        let found = try Self.markedIDs(test.selector)
        #expect(!test.expect.isEmpty && found.isEmpty, "\(found)")
    }
}
