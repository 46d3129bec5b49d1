import Foundation
import Testing
@testable import SystemIO

@Suite("Files")
struct FileTests {
    /// A new file in the temporary directory holding `bytes`, removed by `body`'s end.
    func withFile(_ bytes: [UInt8], _ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-file-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test func emptyFilesAndDirectoriesAreNotOpened() throws {
        try withFile([]) { path in
            #expect(MappedFile(path: path) == nil)
            #expect(ReadableFile(path: path) == nil)
        }
        #expect(MappedFile(path: FileManager.default.temporaryDirectory.path) == nil)
        #expect(ReadableFile(path: FileManager.default.temporaryDirectory.path) == nil)
        #expect(MappedFile(path: "/no/such/file") == nil)
        #expect(ReadableFile(path: "/no/such/file") == nil)
    }

    @Test func rangesReadAsTheFileHoldsThem() throws {
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try withFile(bytes) { path in
            let mapped = try #require(MappedFile(path: path))
            #expect(Array(mapped.bytes) == bytes)
            #expect(mapped.read(70_000..<70_100) == Array(bytes[70_000..<70_100]))
            // Past the end, a read is short.
            #expect(mapped.read(199_990..<200_010) == Array(bytes[199_990...]))
            mapped.release(before: 100_000)
            #expect(mapped.bytes[5] == bytes[5], "pages given back read again")

            let file = try #require(ReadableFile(path: path))
            #expect(file.byteCount == bytes.count)
            var buffer = [UInt8](repeating: 0, count: 100)
            #expect(buffer.withUnsafeMutableBytes { file.read(150_000..<150_100, into: $0) } == 100)
            #expect(buffer == Array(bytes[150_000..<150_100]))
            #expect(buffer.withUnsafeMutableBytes { file.read(199_950..<200_050, into: $0) } == 50)
        }
    }
}
