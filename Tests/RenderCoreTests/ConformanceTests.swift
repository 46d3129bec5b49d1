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
    /// the columns the Unicode data gives it (`ReferenceWidth`, made from the data
    /// files and the standard library's properties, not from `TextWidth`) and reads back
    /// whole from its cell, inline or from the side table (a control character as
    /// U+FFFD).
    @Test func graphemesOfTheConformanceFileFillTheirCells() throws {
        let cases = try ConformanceFile.cases("GraphemeBreakTest.txt")
        let reference = try ReferenceWidth()
        #expect(cases.count > 500)
        var drawn = 0
        for testCase in cases {
            var text = ""
            text.unicodeScalars.append(contentsOf: testCase.scalars)
            for character in text {
                var buffer = FrameBuffer(width: 4, height: 1)
                let columns = reference.columns(of: character)
                #expect(buffer.draw(String(character), column: 0, row: 0) == columns, "line \(testCase.line): \(character.unicodeScalars.map { String($0.value, radix: 16) })")
                guard columns > 0 else { continue }
                drawn += 1
                let isControl = character.unicodeScalars.contains(where: ReferenceWidth.isControl)
                #expect(buffer[0, 0].grapheme == (isControl ? "\u{FFFD}" : String(character)), "line \(testCase.line)")
            }
        }
        // (Most of them: the others are controls and marks on their own, of no width.)
        #expect(drawn > 800)
    }

    /// Every East Asian Wide or Fullwidth code point in EastAsianWidth.txt that starts
    /// a grapheme is two columns wide.
    @Test func eastAsianWideIsTwoColumns() throws {
        var checked = 0
        for range in try ReferenceWidth.ranges(in: "EastAsianWidth.txt", accepts: { $0 == "W" || $0 == "F" }) {
            for value in range {
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

/// The columns a grapheme takes, as terminals draw it, made from the Unicode data
/// alone (EastAsianWidth.txt and the standard library's scalar properties): the first
/// scalar decides, as terminals measure; a control is drawn as U+FFFD (one column); a
/// flag (two regional indicators) and an emoji shown as one (emoji presentation, or
/// text presentation turned by U+FE0F) take two; East Asian Wide and Fullwidth take
/// two; marks and format characters take none; the rest one (a vowel or final of
/// decomposed Hangul that starts a grapheme has no syllable to join, and is drawn as
/// the letter it is).
struct ReferenceWidth {
    private let wide: [ClosedRange<UInt32>]

    init() throws {
        wide = try Self.ranges(in: "EastAsianWidth.txt") { $0 == "W" || $0 == "F" }
    }

    /// C0 and C1 controls, and the line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if Self.isControl(first) { return 1 }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return scalars.count > 1 ? 2 : 1 }
        let properties = first.properties
        if properties.isEmojiPresentation { return 2 }
        if properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
        if wide.contains(where: { $0.contains(first.value) }) { return 2 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// The code point ranges of a data file's lines (`0000..007F ; Na`) whose value
    /// `accepts` takes.
    static func ranges(in name: String, accepts: (Substring) -> Bool) throws -> [ClosedRange<UInt32>] {
        let text = try String(contentsOf: URL(fileURLWithPath: "/usr/share/unicode").appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "#").first?.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            guard fields.count == 2, accepts(Substring(fields[1])) else { return nil }
            let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
            guard let low = bounds.first else { return nil }
            return low...(bounds.last ?? low)
        }
    }
}
