import DocScroll
import Foundation
import SampleContent
import SystemIO
import TestSupport
import Testing

/// A compressed table of a record a line shows its rows as they are decompressed
/// (`ArrivingTable`): a view in a terminal takes them a part at a time, keys
/// answered meanwhile; a dump or a frame has them all first. Either way the rows are
/// the file's.
@Suite("Compressed tables arriving")
struct ArrivingTableTests {
    /// `text` gzipped into `folder` as `name`.
    func gzipped(_ text: String, as name: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.path(name)
        try Data(CompressedSample.compress(Array(text.utf8), with: "/bin/gzip")).write(to: URL(fileURLWithPath: path))
        return path
    }

    func view(_ path: String, inParts: Bool) throws -> DocScrollView {
        var options = DocScrollView.Options(width: 60, height: 10)
        options.indexesTablesInParts = inParts
        return try DocScrollView(pages: [], tables: [try InputFile.table(path, format: nil)], options: options)
    }

    @Test(arguments: ["rows.jsonl", "rows.csv"])
    func rowsArriveAPartAtATimeAndAreTheFilesRows(name: String) throws {
        let folder = try TemporaryFolder("arriving")
        var text = name.hasSuffix(".csv") ? "id,name,n\n" : ""
        for row in 0..<30_000 {
            let label = "row \(row) of the table that arrives"
            text += name.hasSuffix(".csv") ? "\(row),\(label),\(row * 3)\n" : #"{"id": \#(row), "name": "\#(label)", "n": \#(row * 3)}"# + "\n"
        }
        #expect(text.utf8.count > 1 << 20, "more than a part (a megabyte)")
        try folder.write(name, text)
        let expected = dumpLines(try view(folder.path(name), inParts: false))
        #expect(expected.count == 30_002)
        let compressed = try gzipped(text, as: name + ".gz", in: folder)
        // Whole before a dump or a frame.
        #expect(dumpLines(try view(compressed, inParts: false)) == expected)
        // In a terminal: what has arrived is shown, whatever the decompression's
        // pace; the extent an estimate until the end.
        let shown = try view(compressed, inParts: true)
        shown.waitsForPages = false
        let id = try #require(shown.componentIDs.first)
        for _ in 0..<10_000 where shown.indexesTables || shown.isExtentEstimated(of: id) { _ = shown.indexTables() }
        #expect(!shown.isExtentEstimated(of: id))
        #expect(shown.rowCount(of: id) == 30_002)
        #expect(dumpLines(shown) == expected)
        // A piece at a time (the test hands the pieces over): each shows on its own.
        let pieces = HeldPieces(Array(text.utf8), pieceBytes: 256 << 10)
        var options = DocScrollView.Options(width: 60, height: 10)
        options.indexesTablesInParts = true
        let held = try DocScrollView(pages: [], tables: [pieces.input(name: name)], options: options)
        held.waitsForPages = false
        let heldID = try #require(held.componentIDs.first)
        var rowsSeen: [Int] = []
        for piece in 1..<pieces.count {
            pieces.release(through: piece)
            for _ in 0..<10_000 where held.indexesTables { if !held.indexTables() { break } }
            rowsSeen.append(held.rowCount(of: heldID))
            #expect(held.isExtentEstimated(of: heldID), "piece \(piece) of \(pieces.count): more to come")
        }
        #expect(rowsSeen.count > 3 && zip(rowsSeen, rowsSeen.dropFirst()).allSatisfy { $0 < $1 }, "rows grow with each piece: \(rowsSeen)")
        #expect(rowsSeen.last.map { $0 < 30_002 } == true)
        pieces.release(through: pieces.count)
        for _ in 0..<10_000 where held.indexesTables || held.isExtentEstimated(of: heldID) { _ = held.indexTables() }
        #expect(!held.isExtentEstimated(of: heldID))
        #expect(dumpLines(held) == expected)
    }

    /// A last record without its line feed is a row once the input ends; data cut
    /// short shows what came before it, with a note.
    @Test func theLastLineAndACutAreKept() throws {
        let folder = try TemporaryFolder("arriving")
        let text = (0..<3).map { #"{"id": \#($0)}"# }.joined(separator: "\n")
        let compressed = try gzipped(text, as: "three.jsonl.gz", in: folder)
        #expect(dumpLines(try view(compressed, inParts: false)) == ["id", "──", " 0", " 1", " 2"])
        let shown = try view(compressed, inParts: true)
        shown.waitsForPages = false
        for _ in 0..<1_000 where shown.indexesTables { _ = shown.indexTables() }
        #expect(dumpLines(shown) == ["id", "──", " 0", " 1", " 2"])
        var long = ""
        for row in 0..<20_000 { long += #"{"id": \#(row)}"# + "\n" }
        let whole = try Data(contentsOf: URL(fileURLWithPath: try gzipped(long, as: "long.jsonl.gz", in: folder)))
        let cut = folder.path("cut.jsonl.gz")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
        #expect(throws: DocScrollError.badInput(name: cut, reason: "gzip-compressed, but compressed data ends too soon"), "written out: an error") {
            _ = try view(cut, inParts: false)
        }
        let partial = try view(cut, inParts: true)
        partial.waitsForPages = false
        for _ in 0..<10_000 where partial.indexesTables { _ = partial.indexTables() }
        #expect(partial.takeNote() == "\(cut): gzip-compressed, but compressed data ends too soon (what came before is shown)")
        let rows = dumpLines(partial)
        #expect(rows.count > 1_000 && rows.count < 20_002)
        #expect(rows.dropFirst(2).enumerated().allSatisfy { $0.element.trimmingCharacters(in: .whitespaces) == "\($0.offset)" }, "the rows before the cut, in order")
    }
}

/// A table's bytes arriving in pieces the test hands over (`release`), as a slow
/// decompression would give them: what a view shows of them never depends on speed.
final class HeldPieces: @unchecked Sendable {
    private let bytes: [UInt8]
    private let pieceBytes: Int
    /// Pieces handed over, under `lock`.
    private var released = 0
    private let lock = NSCondition()
    private var spool: SpooledInput!

    init(_ bytes: [UInt8], pieceBytes: Int) {
        self.bytes = bytes
        self.pieceBytes = pieceBytes
        spool = SpooledInput(memoryLimit: 0) { [self] append in
            for piece in 0..<count {
                lock.lock()
                while released <= piece { lock.wait() }
                lock.unlock()
                guard append(bytes[(piece * pieceBytes)..<min(bytes.count, (piece + 1) * pieceBytes)]) else { break }
            }
            return nil
        }
    }

    var count: Int { (bytes.count + pieceBytes - 1) / pieceBytes }

    /// The input of a compressed table whose spool gets the pieces as released.
    func input(name: String) -> InputFile {
        InputFile(name: name, path: nil, tableSpool: spool)
    }

    /// Hands over the pieces up to `piece` and waits until the spool has them.
    func release(through piece: Int) {
        lock.lock()
        released = piece
        lock.broadcast()
        lock.unlock()
        let arrived = min(bytes.count, piece * pieceBytes)
        while spool.byteCount < arrived { _ = spool.waitForBytes(beyond: spool.byteCount) }
        if piece >= count { while !spool.isComplete { _ = spool.waitForBytes(beyond: spool.byteCount) } }
    }
}
