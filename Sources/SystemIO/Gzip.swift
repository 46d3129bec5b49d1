internal import CZlib

/// gzip-compressed input (Debian ships many pages as `.html.gz`), known by its first
/// bytes rather than its name, and inflated whole by zlib.
package enum Gzip {
    /// Whether `start` begins a gzip stream (its magic number and the deflate method).
    package static func isCompressed(_ start: some Collection<UInt8>) -> Bool {
        start.starts(with: [0x1F, 0x8B, 0x08])
    }

    /// What inflating came to.
    package enum Inflated {
        case bytes([UInt8])
        /// More than the limit once inflated.
        case tooLarge
        /// Not a whole, valid gzip stream: zlib's reason.
        case failed(String)
    }

    /// The inflated content of `compressed`, one gzip member after another (as
    /// `gunzip` reads concatenated files), never more than `limit` bytes: a small
    /// file that inflates without end is stopped there.
    package static func inflate(_ compressed: UnsafeBufferPointer<UInt8>, limit: Int) -> Inflated {
        var stream = z_stream()
        // 15 bits of window, +16: a gzip header and trailer, not zlib's.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return .failed("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(1 << 16, compressed.count * 4)))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        stream.next_in = UnsafeMutablePointer(mutating: compressed.baseAddress)
        var remaining = compressed.count
        while true {
            let fed = min(remaining, Int(UInt32.max))
            stream.avail_in = UInt32(fed)
            let status = chunk.withUnsafeMutableBufferPointer { chunk in
                stream.next_out = chunk.baseAddress
                stream.avail_out = UInt32(chunk.count)
                return CZlib.inflate(&stream, Z_NO_FLUSH)
            }
            let produced = chunk.count - Int(stream.avail_out)
            remaining -= fed - Int(stream.avail_in)
            guard output.count + produced <= limit else { return .tooLarge }
            output.append(contentsOf: chunk[0..<produced])
            switch status {
            case Z_STREAM_END:
                // Another member may follow; what else follows is left (as gunzip
                // leaves trailing zeros).
                let next = UnsafeBufferPointer(start: stream.next_in, count: remaining)
                guard remaining > 0, isCompressed(next), inflateReset(&stream) == Z_OK else { return .bytes(output) }
            case Z_OK:
                if produced == 0 && remaining == 0 { return .failed("compressed data ends too soon") }
            case Z_BUF_ERROR where remaining == 0:
                return .failed("compressed data ends too soon")
            default:
                return .failed(stream.msg.map { "compressed data: " + String(cString: $0) } ?? "compressed data is corrupt")
            }
        }
    }
}
