import Glibc

/// Bytes appended to a temporary file (unlinked at once, so that nothing is left
/// behind) and read back from it: what a stream keeps for its end, held by the page
/// cache rather than the process (`SpooledInput` keeps standard input so). Where no
/// file can be made or written, the bytes from there on are kept in memory.
package final class SpillFile {
    /// The file (-1 when none could be made), and the bytes written to it.
    private let file: Int32
    private var fileBytes = 0
    /// Bytes waiting to be written (a write a few dozen kilobytes at a time), then,
    /// once a write failed, every byte after those in the file.
    private var pending: [UInt8] = []
    private var writeFailed = false

    /// Bytes gathered before they are written.
    private static let writeBytes = 1 << 16

    package init() {
        file = TemporaryFile.make(named: "docscroll-spill") ?? -1
        writeFailed = file < 0
    }

    deinit {
        if file >= 0 { close(file) }
    }

    package func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        pending.append(contentsOf: bytes)
        guard !writeFailed, pending.count >= Self.writeBytes else { return }
        flush()
    }

    /// Bytes `range` of those appended, or nil when the file fails to give them back.
    package func read(_ range: Range<Int>) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: range.count)
        let fromFile = range.clamped(to: 0..<fileBytes)
        if !fromFile.isEmpty {
            let read = bytes.withUnsafeMutableBytes { PositionedIO.read(file, fromFile, into: $0.baseAddress!) }
            if read < fromFile.count { return nil }
        }
        let inMemory = range.clamped(to: fileBytes..<(fileBytes + pending.count))
        if !inMemory.isEmpty {
            let start = inMemory.lowerBound - range.lowerBound
            bytes.replaceSubrange(start..<(start + inMemory.count), with: pending[(inMemory.lowerBound - fileBytes)..<(inMemory.upperBound - fileBytes)])
        }
        return bytes
    }

    /// Writes the pending bytes to the file; on failure keeps them, and all after, in
    /// memory.
    private func flush() {
        guard !pending.isEmpty else { return }
        if PositionedIO.write(pending[...], to: file, at: fileBytes) {
            fileBytes += pending.count
            pending.removeAll(keepingCapacity: true)
        } else {
            writeFailed = true
        }
    }
}
