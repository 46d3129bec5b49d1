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

    /// Past the budget of open inputs, the least recently read are closed and opened
    /// again when read: every read still gives the file's bytes; one whose path names
    /// another file by then gives none (never the other file's), and a mapped one is
    /// still the file it mapped.
    @Test func inputsAreClosedPastTheBudgetAndOpenedAgainWhenRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docscroll-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let budget = OpenInputs.shared.budget
        OpenInputs.shared.budget = 8
        defer { OpenInputs.shared.budget = budget }
        let paths = (0..<40).map { folder.appendingPathComponent("f\($0)").path }
        for (index, path) in paths.enumerated() { #expect(FileManager.default.createFile(atPath: path, contents: Data("file \(index)".utf8))) }
        let files = try paths.map { try #require(ReadableFile(path: $0)) }
        let mapped = try #require(MappedFile(path: paths[1]))
        func text(_ file: ReadableFile) -> String {
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = buffer.withUnsafeMutableBytes { file.read(0..<64, into: $0) }
            return String(decoding: buffer.prefix(count), as: UTF8.self)
        }
        for _ in 0..<3 {
            for (index, file) in files.enumerated() { #expect(text(file) == "file \(index)") }
        }
        // File 0 was read least recently: closed. Another file takes its path.
        let other = folder.appendingPathComponent("other").path
        #expect(FileManager.default.createFile(atPath: other, contents: Data("another".utf8)))
        #expect(rename(other, paths[0]) == 0 && rename(paths[2], paths[1]) == 0)
        #expect(text(files[0]) == "", "not the other file's bytes")
        let original = try #require(FileSystem.identity(of: paths[1]))
        #expect(mapped.current?.identity != original, "the mapping is still the file it mapped")
        #expect(mapped.read(0..<6) != Array("file 2".utf8), "a copy is the mapped file's or none, never the other file's")
    }

    /// An empty file is mapped as no bytes (a table of a record a line may grow from
    /// none), never read as a page; a directory or a missing file is neither.
    @Test func anEmptyFileIsMappedAsNoBytesAndADirectoryNotAtAll() throws {
        try withFile([]) { path in
            let empty = try #require(MappedFile(path: path))
            #expect(empty.bytes.isEmpty && empty.current?.size == 0)
            #expect(ReadableFile(path: path) == nil)
        }
        #expect(MappedFile(path: FileManager.default.temporaryDirectory.path) == nil)
        #expect(ReadableFile(path: FileManager.default.temporaryDirectory.path) == nil)
        #expect(MappedFile(path: "/no/such/file") == nil)
        #expect(ReadableFile(path: "/no/such/file") == nil)
    }

    /// A file appended to is mapped again at its new size, the same file through the
    /// same descriptor; a watch on it wakes for the write, and for a file renamed over
    /// its path, which `FileSystem.identity(of:)` then tells from the one mapped.
    @Test func aGrowingFileIsMappedAgainAndWatched() throws {
        try withFile(Array("first\n".utf8)) { path in
            let mapped = try #require(MappedFile(path: path))
            #expect(mapped.grown() == nil, "not grown")
            let watch = FileChangeWatch(paths: [path])
            #expect(watch.descriptor >= 0)
            #expect(!watch.drain())
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("second\n".utf8))
            try handle.close()
            #expect(watch.drain(), "the write woke it")
            let grown = try #require(mapped.grown())
            #expect(Array(grown.bytes) == Array("first\nsecond\n".utf8))
            #expect(grown.current?.identity == mapped.current?.identity)
            #expect(FileSystem.identity(of: path) == mapped.current?.identity)
            let other = path + ".new"
            #expect(FileManager.default.createFile(atPath: other, contents: Data("x\n".utf8)))
            #expect(rename(other, path) == 0)
            #expect(watch.drain(), "the rename woke it")
            #expect(FileSystem.identity(of: path) != mapped.current?.identity, "another file at the path")
            #expect(mapped.current?.size == 13, "the mapped file, renamed away, as it was")
        }
        #expect(FileSystem.folder(of: "a/b/c.json") == "a/b")
        #expect(FileSystem.folder(of: "c.json") == ".")
        #expect(FileSystem.folder(of: "/c.json") == "/")
    }

    /// A file truncated under its mapping reads as zeros past its new end, and says it
    /// shrank, where reading the mapping there raised SIGBUS and killed the program.
    @Test func aFileThatShrinksUnderItsMappingReadsAsZeros() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let bytes = [UInt8](repeating: 0x61, count: page * 64)
        try withFile(bytes) { path in
            let mapped = try #require(MappedFile(path: path))
            #expect(!mapped.hasShrunk)
            #expect(mapped.bytes[page * 10] == 0x61)
            #expect(truncate(path, off_t(page * 3 + 100)) == 0)
            // Before the new end, the file; past it, zeros (each missing page read).
            #expect(mapped.bytes[page * 3 + 50] == 0x61)
            var sum = 0
            for offset in stride(from: page * 4, to: bytes.count, by: 997) { sum += Int(mapped.bytes[offset]) }
            #expect(sum == 0)
            #expect(mapped.hasShrunk)
            #expect(mapped.read(0..<bytes.count).count == page * 3 + 100, "a copy read from the file ends where it ends now")
            // Another mapping is watched on its own.
            let other = try #require(MappedFile(path: path))
            #expect(!other.hasShrunk)
        }
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
