import Foundation
import Testing
@testable import SystemIO

@Suite("gzip")
struct GzipTests {
    /// `bytes` compressed by the gzip program.
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // (Written from another thread: a pipe holds 64 KB, and gzip writes as it reads.)
        let writer = Thread { input.fileHandleForWriting.write(Data(bytes)); try? input.fileHandleForWriting.close() }
        writer.start()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](compressed)
    }

    static func inflate(_ bytes: [UInt8], limit: Int = 1 << 30) -> Gzip.Inflated {
        bytes.withUnsafeBufferPointer { Gzip.inflate($0, limit: limit) }
    }

    @Test func inflatesWhatGzipCompressed() throws {
        var random = SystemRandomNumberGenerator()
        let text = Array((0..<300_000).map { _ in "<p>words of a page</p>\n".utf8.randomElement(using: &random)! })
        let compressed = try Self.gzip(text)
        #expect(Gzip.isCompressed(compressed))
        #expect(!Gzip.isCompressed(text))
        guard case .bytes(let inflated) = Self.inflate(compressed) else { Issue.record("not inflated"); return }
        #expect(inflated == text)
    }

    /// Members one after another are read as one file, as gunzip reads them; zeros
    /// after the last are left.
    @Test func concatenatedMembersAndTrailingZeros() throws {
        let joined = try Self.gzip(Array("first ".utf8)) + Self.gzip(Array("second".utf8)) + [0, 0, 0, 0]
        guard case .bytes(let inflated) = Self.inflate(joined) else { Issue.record("not inflated"); return }
        #expect(String(decoding: inflated, as: UTF8.self) == "first second")
    }

    @Test func corruptOrCutShortDataFails() throws {
        let compressed = try Self.gzip(Array(String(repeating: "docscroll ", count: 10_000).utf8))
        guard case .failed(let cut) = Self.inflate(Array(compressed.prefix(compressed.count / 2))) else { Issue.record("cut short"); return }
        #expect(cut == "compressed data ends too soon")
        var corrupt = compressed
        corrupt[20] ^= 0xFF
        corrupt[21] ^= 0xFF
        guard case .failed(let reason) = Self.inflate(corrupt) else { Issue.record("corrupt"); return }
        #expect(reason.hasPrefix("compressed data"))
    }

    /// A small file that inflates to much more is stopped at the limit, not held.
    @Test func inflatingStopsAtTheLimit() throws {
        let bomb = try Self.gzip([UInt8](repeating: 0, count: 20_000_000))
        #expect(bomb.count < 100_000)
        guard case .tooLarge = Self.inflate(bomb, limit: 1_000_000) else { Issue.record("not stopped"); return }
    }
}
