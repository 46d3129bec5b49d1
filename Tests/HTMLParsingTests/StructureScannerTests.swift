import SampleContent
import Testing
@testable import HTMLParsing

/// The end of a start tag, found sixteen bytes at a time, is where reading it byte by
/// byte ends it: quoted values hold `>` and `=`, names and blanks run long.
@Suite("Start tag ends")
struct StructureScannerTests {
    @Test(arguments: 1...4)
    func theEndIsTheOneReadByteByByte(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<400 {
            let tag = Self.tag(&random)
            tag.withUnsafeBufferPointer { bytes in
                let pointer = bytes.baseAddress!
                // Whole, and cut short (a tag that does not end in the window).
                for count in [bytes.count, Int.random(in: 0..<bytes.count, using: &random) + 1] {
                    #expect(
                        StructureScanner.startTagEnd(pointer, from: 2, count: count) == Self.endByteByByte(pointer, from: 2, count: count),
                        "\(String(decoding: tag.prefix(count), as: UTF8.self))")
                }
            }
        }
    }

    /// A start tag of random attributes, values quoted with either quote or not, and
    /// text after it.
    static func tag(_ random: inout SeededGenerator) -> [UInt8] {
        func word(_ length: Int) -> String {
            String((0..<length).map { _ in "abcdefghij-_:".randomElement(using: &random)! })
        }
        var tag = "<" + word(Int.random(in: 0..<30, using: &random) + 1)
        for _ in 0..<Int.random(in: 0..<5, using: &random) {
            tag += String(repeating: " ", count: Int.random(in: 0..<20, using: &random) + 1) + word(Int.random(in: 0..<24, using: &random) + 1)
            guard Int.random(in: 0..<4, using: &random) != 0 else { continue }
            tag += String(repeating: " ", count: Int.random(in: 0..<3, using: &random)) + "=" + String(repeating: "\n", count: Int.random(in: 0..<3, using: &random))
            let value = String((0..<Int.random(in: 0..<30, using: &random)).map { _ in "ab>=/ '\"".randomElement(using: &random)! })
            switch Int.random(in: 0..<3, using: &random) {
            case 0: tag += "\"" + value.replacing("\"", with: "") + "\""
            case 1: tag += "'" + value.replacing("'", with: "") + "'"
            default: tag += word(Int.random(in: 0..<8, using: &random))
            }
        }
        tag += Int.random(in: 0..<2, using: &random) == 0 ? ">" : "/>"
        return Array((tag + "text > after").utf8)
    }

    /// The reading the scanner's is checked against: every byte in turn.
    static func endByteByByte(_ pointer: UnsafePointer<UInt8>, from: Int, count: Int) -> Int? {
        var index = from
        while index < count {
            switch pointer[index] {
            case UInt8(ascii: ">"): return index + 1
            case UInt8(ascii: "="):
                index += 1
                while index < count, " \t\n\r".utf8.contains(pointer[index]) { index += 1 }
                guard index < count else { return nil }
                let quote = pointer[index]
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { continue }
                index += 1
                while index < count, pointer[index] != quote { index += 1 }
                guard index < count else { return nil }
                index += 1
            default: index += 1
            }
        }
        return nil
    }
}
