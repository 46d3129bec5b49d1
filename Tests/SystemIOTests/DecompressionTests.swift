import Foundation
import SampleContent
import Testing
@testable import SystemIO

@Suite("Decompression")
struct DecompressionTests {
    static let formats: [(format: Decompression.Format, program: String)] = [(.gzip, "/bin/gzip"), (.xz, "/usr/bin/xz"), (.bzip2, "/bin/bzip2")]

    /// `bytes` compressed by `program`.
    static func compress(_ bytes: [UInt8], with program: String) throws -> [UInt8] {
        CompressedSample.compress(bytes, with: program)
    }

    static func decompress(_ bytes: [UInt8], limit: Int = 1 << 30) -> Decompression.Result {
        bytes.withUnsafeBufferPointer { Decompression.decompress($0, limit: limit) }
    }

    @Test(arguments: formats.map(\.program))
    func decompressesWhatTheProgramCompressed(program: String) throws {
        let format = try #require(Self.formats.first { $0.program == program }?.format)
        var random = SeededGenerator(seed: 22)
        let text = Array((0..<300_000).map { _ in "<p>words of a page</p>\n".utf8.randomElement(using: &random)! })
        let compressed = try Self.compress(text, with: program)
        #expect(Decompression.format(of: compressed) == format)
        #expect(Decompression.format(of: text) == nil)
        guard case .bytes(let decompressed) = Self.decompress(compressed) else { Issue.record("not decompressed"); return }
        #expect(decompressed == text)
    }

    /// Streams one after another are read as one file, as the programs read them;
    /// zeros after a gzip file's last member are left, as gunzip leaves them.
    @Test(arguments: formats.map(\.program))
    func concatenatedStreams(program: String) throws {
        var joined = try Self.compress(Array("first ".utf8), with: program) + Self.compress(Array("second".utf8), with: program)
        if program.hasSuffix("gzip") { joined += [0, 0, 0, 0] }
        guard case .bytes(let decompressed) = Self.decompress(joined) else { Issue.record("not decompressed"); return }
        #expect(String(decoding: decompressed, as: UTF8.self) == "first second")
    }

    @Test(arguments: formats.map(\.program))
    func corruptOrCutShortDataFails(program: String) throws {
        let compressed = try Self.compress(Array(String(repeating: "docscroll ", count: 10_000).utf8), with: program)
        guard case .failed(let cut) = Self.decompress(Array(compressed.prefix(compressed.count / 2))) else { Issue.record("cut short"); return }
        #expect(cut == "compressed data ends too soon")
        var corrupt = compressed
        for index in 20..<min(60, corrupt.count) { corrupt[index] ^= 0x5A }
        guard case .failed(let reason) = Self.decompress(corrupt) else { Issue.record("corrupt"); return }
        #expect(reason.hasPrefix("compressed data"))
    }

    /// A small file that decompresses to much more is stopped at the limit, not held.
    @Test(arguments: formats.map(\.program))
    func decompressingStopsAtTheLimit(program: String) throws {
        let bomb = try Self.compress([UInt8](repeating: 0, count: 20_000_000), with: program)
        #expect(bomb.count < 100_000)
        guard case .tooLarge = Self.decompress(bomb, limit: 1_000_000) else { Issue.record("not stopped"); return }
    }

    /// Fed a piece at a time, in pieces of any size (one byte too), streams give what
    /// they give whole, members and streams one after another included; a stream cut
    /// short says so once told no input follows, and the output's receiver can stop it.
    @Test(arguments: formats.map(\.program))
    func decompressesAPieceAtATime(program: String) throws {
        let format = try #require(Self.formats.first { $0.program == program }?.format)
        let text = Array((0..<200_000).map { UInt8(truncatingIfNeeded: ($0 * 7919) >> 5 % 251) })
        let compressed = try Self.compress(text, with: program) + Self.compress(Array("second".utf8), with: program)
        for pieces in [1, 2, 13, 4096, compressed.count] {
            let decompressor = try #require(Decompressor(format))
            var output: [UInt8] = []
            var offset = 0
            var outcome = Decompressor.Outcome.needsMore
            while offset < compressed.count, outcome == .needsMore {
                // (13: pieces of 1 to 13 bytes, varying.)
                let size = pieces == 13 ? 1 + (offset &* 31 + 7) % 13 : pieces
                let end = min(compressed.count, offset + size)
                outcome = compressed[offset..<end].withUnsafeBufferPointer { decompressor.feed($0, isLast: false) { output += $0; return true } }
                offset = end
            }
            if outcome == .needsMore { outcome = decompressor.feed(UnsafeBufferPointer(start: nil, count: 0), isLast: true) { output += $0; return true } }
            let expected = text + Array("second".utf8)
            #expect(outcome == .ended, "pieces of \(pieces)")
            #expect(output.count == expected.count, "pieces of \(pieces)")
            let firstDifference = (0..<min(output.count, expected.count)).first { output[$0] != expected[$0] }
            #expect(firstDifference == nil, "pieces of \(pieces)")
        }
        let cut = try #require(Decompressor(format))
        let half = Array(compressed.prefix(compressed.count / 3))
        #expect(half.withUnsafeBufferPointer { cut.feed($0, isLast: false) { _ in true } } == .needsMore)
        #expect(cut.feed(UnsafeBufferPointer(start: nil, count: 0), isLast: true) { _ in true } == .failed("compressed data ends too soon"))
        let stopped = try #require(Decompressor(format))
        #expect(compressed.withUnsafeBufferPointer { stopped.feed($0, isLast: true) { _ in false } } == .stopped)
    }
}
