import Foundation
import RenderCore
import TestSupport
import Testing

/// Text fidelity against w3m: the words of `w3m -dump` appear in docscroll's `--dump`
/// in the same order, for the sample pages and real documentation pages that Debian
/// packages install (w3m's own manual in English, German and Japanese; the Debian
/// Reference).
@Suite("Text fidelity against w3m", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/w3m"), "needs w3m"))
struct FidelityTests {
    static var pages: [String] {
        let samples = ["article", "cjk", "reference"].map { pagesDirectory.appendingPathComponent("\($0).html").path }
        let installed = [
            "/usr/share/doc/w3m/MANUAL.html", "/usr/share/doc/w3m/de/MANUAL.html", "/usr/share/doc/w3m/ja/MANUAL.html",
            "/usr/share/debian-reference/ch01.en.html", "/usr/share/debian-reference/ch02.en.html",
            "/usr/share/debian-reference/ch09.en.html",
        ].filter { FileManager.default.fileExists(atPath: $0) }
        return samples + installed
    }

    @Test(arguments: FidelityTests.pages)
    func wordsOfW3mAppearInOrder(page: String) throws {
        let w3m = try runProgram("/usr/bin/w3m", ["-dump", "-T", "text/html", "-cols", "80", "-O", "UTF-8", page])
        #expect(w3m.status == 0)
        let ours = try runDocScroll([page, "--dump", "--width", "80"])
        #expect(ours.status == 0)
        let expected = Self.words(w3m.standardOutput)
        let found = Self.words(Self.withoutLinkMarks(ours.standardOutput))
        #expect(expected.count > 100, "\(page): w3m shows \(expected.count) words")
        let allowed = expected.count * 3 / 100 + (found.count > expected.count ? found.count - expected.count : 0)
        let common = Self.commonSubsequenceLength(expected, found, maximumEdits: 2 * allowed + 10)
        let ratio = Double(common ?? 0) / Double(max(1, expected.count))
        #expect(ratio >= 0.97, "\(page): \(String(format: "%.3f", ratio)) of w3m's \(expected.count) words in order")
    }

    /// Our dump without the `[n]` link marks and the closing References list, which
    /// w3m does not print.
    static func withoutLinkMarks(_ text: String) -> String {
        var body = text
        if let references = body.range(of: "\nReferences\n\n", options: .backwards) {
            body = String(body[..<references.lowerBound])
        }
        return body.replacingOccurrences(of: #"\[[0-9]+\]"#, with: "", options: .regularExpression)
    }

    /// Runs of letters and digits; each wide (CJK) character is a word of its own, since
    /// two browsers wrap CJK text at different places.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber {
                if TextWidth.columns(of: character) == 2 {
                    if !current.isEmpty { words.append(current) }
                    words.append(String(character))
                    current = ""
                } else {
                    current.append(character)
                }
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Length of the longest common subsequence by Myers' O((n + m)·D) algorithm, or
    /// `nil` when more than `maximumEdits` insertions and deletions separate them.
    static func commonSubsequenceLength(_ a: [String], _ b: [String], maximumEdits: Int) -> Int? {
        let offset = maximumEdits + 1
        var frontier = [Int](repeating: 0, count: 2 * maximumEdits + 3)
        for edits in 0...maximumEdits {
            for diagonal in stride(from: -edits, through: edits, by: 2) {
                var x = diagonal == -edits || (diagonal != edits && frontier[diagonal - 1 + offset] < frontier[diagonal + 1 + offset])
                    ? frontier[diagonal + 1 + offset]
                    : frontier[diagonal - 1 + offset] + 1
                var y = x - diagonal
                while x < a.count, y < b.count, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[diagonal + offset] = x
                if x >= a.count, y >= b.count { return (a.count + b.count - edits) / 2 }
            }
        }
        return nil
    }

    @Test func commonSubsequenceIsRight() {
        let a = "the quick brown fox jumps".split(separator: " ").map(String.init)
        let b = "quick red fox jumps high".split(separator: " ").map(String.init)
        #expect(Self.commonSubsequenceLength(a, b, maximumEdits: 10) == 3)
        #expect(Self.commonSubsequenceLength(a, a, maximumEdits: 0) == 5)
        #expect(Self.commonSubsequenceLength(a, b, maximumEdits: 2) == nil)
        #expect(Self.words("Hello, 中文 world42!") == ["Hello", "中", "文", "world42"])
    }
}
