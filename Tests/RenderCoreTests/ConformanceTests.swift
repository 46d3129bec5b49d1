import Foundation
import Testing
@testable import RenderCore

/// The Unicode conformance files Debian's `unicode-data` package ships.
enum ConformanceFile {
    static let directory = URL(fileURLWithPath: "/usr/share/unicode/auxiliary")

    /// One test case: the scalars, and the scalar offsets where a break is allowed
    /// (including the end, excluding the start).
    struct Case {
        let line: Int
        let scalars: [Unicode.Scalar]
        let breaks: [Int]
    }

    /// Parses lines such as `× 0023 × 0308 ÷ 2014 ÷	# comment`.
    static func cases(_ name: String) throws -> [Case] {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        var cases: [Case] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var breaks: [Int] = []
            for token in tokens {
                switch token {
                case "÷": if !scalars.isEmpty { breaks.append(scalars.count) }
                case "×": break
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else { continue }
                    scalars.append(scalar)
                }
            }
            cases.append(Case(line: number + 1, scalars: scalars, breaks: breaks))
        }
        return cases
    }

    /// Fails for a failing case not listed in `Conformance/<name>`, and for a listed
    /// case that now passes (so the list stays true).
    static func expectOnlyListedDifferences(
        _ failing: Set<Int>, listedIn name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let known = try knownDifferences(name)
        #expect(failing.subtracting(known).isEmpty, "new failures at lines \(failing.subtracting(known).sorted())", sourceLocation: sourceLocation)
        #expect(known.subtracting(failing).isEmpty, "listed cases that now pass: \(known.subtracting(failing).sorted())", sourceLocation: sourceLocation)
    }

    /// The line numbers listed in `Conformance/<name>` beside this file.
    static func knownDifferences(_ name: String) throws -> Set<Int> {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Conformance/\(name)")
        let text = try String(contentsOf: url, encoding: .utf8)
        return Set(text.split(separator: "\n").compactMap { line in
            line.hasPrefix("#") ? nil : Int(line.split(separator: " ").first ?? "")
        })
    }
}

@Suite("Unicode conformance", .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/unicode/auxiliary/LineBreakTest.txt"), "needs Debian's unicode-data"))
struct ConformanceTests {
    /// ICU's line breaking against LineBreakTest.txt (Unicode 15.0). Every case passes
    /// except the ones listed in Conformance/LineBreakTest-differences.txt, with the
    /// reason for each; a new failure, or a listed case that starts passing, fails.
    @Test func lineBreaks() throws {
        let cases = try ConformanceFile.cases("LineBreakTest.txt")
        #expect(cases.count > 7_000)
        var failing: Set<Int> = []
        for testCase in cases {
            var text = ""
            text.unicodeScalars.append(contentsOf: testCase.scalars)
            // Breaks in scalar offsets, converted from UTF-8 offsets.
            var scalarAtUTF8: [Int: Int] = [:]
            var utf8 = 0
            for (index, scalar) in testCase.scalars.enumerated() {
                scalarAtUTF8[utf8] = index
                utf8 += scalar.utf8.count
            }
            scalarAtUTF8[utf8] = testCase.scalars.count
            let found = LineBreaks.opportunities(in: text).compactMap { scalarAtUTF8[$0] }
            if found != testCase.breaks { failing.insert(testCase.line) }
        }
        try ConformanceFile.expectOnlyListedDifferences(failing, listedIn: "LineBreakTest-differences.txt")
        #expect(Double(cases.count - failing.count) / Double(cases.count) > 0.995)
    }

    /// Cells hold graphemes: each grapheme of GraphemeBreakTest.txt, drawn alone, takes
    /// the columns its width says (none when it has no width) and reads back whole from
    /// its cell, inline or from the side table (a control character as U+FFFD).
    @Test func graphemesOfTheConformanceFileFillTheirCells() throws {
        let cases = try ConformanceFile.cases("GraphemeBreakTest.txt")
        #expect(cases.count > 500)
        var drawn = 0
        for testCase in cases {
            var text = ""
            text.unicodeScalars.append(contentsOf: testCase.scalars)
            for character in text {
                var buffer = FrameBuffer(width: 4, height: 1)
                let columns = TextWidth.columns(of: character)
                #expect(buffer.draw(String(character), column: 0, row: 0) == columns, "line \(testCase.line)")
                guard columns > 0 else { continue }
                drawn += 1
                let shown = TextWidth.isPrintable(character) ? String(character) : "\u{FFFD}"
                #expect(buffer[0, 0].grapheme == shown, "line \(testCase.line)")
            }
        }
        // (Most of them: the others are controls and marks on their own, of no width.)
        #expect(drawn > 800)
    }

    /// Every East Asian Wide or Fullwidth code point in EastAsianWidth.txt that starts
    /// a grapheme is two columns wide.
    @Test func eastAsianWideIsTwoColumns() throws {
        let url = URL(fileURLWithPath: "/usr/share/unicode/EastAsianWidth.txt")
        let text = try String(contentsOf: url, encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "#").first?.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            guard fields.count == 2, fields[1] == "W" || fields[1] == "F" else { continue }
            let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
            guard let low = bounds.first else { continue }
            for value in low...(bounds.last ?? low) {
                guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned,
                      scalar.properties.generalCategory != .nonspacingMark
                else { continue }
                #expect(TextWidth.columns(of: Character(scalar)) == 2, "U+\(String(value, radix: 16, uppercase: true))")
                checked += 1
            }
        }
        #expect(checked > 100_000)
    }
}
