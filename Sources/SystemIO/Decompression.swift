internal import CBZip2
internal import CLZMA
internal import CZlib

/// Compressed input (Debian ships many pages as `.html.gz`), known by its first bytes
/// rather than its name, and decompressed whole: gzip by zlib, xz by liblzma, bzip2
/// by libbz2.
package enum Decompression {
    package enum Format: Equatable, Sendable {
        case gzip, xz, bzip2

        /// The name messages use.
        package var name: String {
            switch self {
            case .gzip: "gzip"
            case .xz: "xz"
            case .bzip2: "bzip2"
            }
        }
    }

    /// The format `start` begins a stream of, if any (its magic number).
    package static func format(of start: some Collection<UInt8>) -> Format? {
        if start.starts(with: [0x1F, 0x8B, 0x08]) { return .gzip }
        if start.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        if start.starts(with: [0x42, 0x5A, 0x68]), start.count > 3, (0x31...0x39).contains(start[start.index(start.startIndex, offsetBy: 3)]) {
            return .bzip2
        }
        return nil
    }

    /// What decompressing came to.
    package enum Result {
        case bytes([UInt8])
        /// More than the limit once decompressed.
        case tooLarge
        /// Not a whole, valid stream: the reason.
        case failed(String)
    }

    /// The decompressed content of `compressed`, one stream after another (as the
    /// programs read concatenated files), never more than `limit` bytes: a small file
    /// that decompresses without end is stopped there.
    package static func decompress(_ compressed: UnsafeBufferPointer<UInt8>, limit: Int) -> Result {
        switch format(of: compressed) {
        case .gzip: inflate(compressed, limit: limit)
        case .xz: unxz(compressed, limit: limit)
        case .bzip2: bunzip(compressed, limit: limit)
        case nil: .failed("not compressed")
        }
    }

    /// Bytes produced a step at a time.
    private static let chunkBytes = 1 << 16

    /// Runs `step` (it fills the chunk it is given and says how many bytes it put
    /// there and whether the stream ended) until the stream ends, gathering what it
    /// produces up to `limit`.
    private static func gather(limit: Int, _ step: (UnsafeMutableBufferPointer<UInt8>) -> (produced: Int, ended: Bool, failure: String?)) -> Result {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            let (produced, ended, failure) = chunk.withUnsafeMutableBufferPointer { step($0) }
            guard output.count + produced <= limit else { return .tooLarge }
            output.append(contentsOf: chunk[0..<produced])
            if let failure { return .failed(failure) }
            if ended { return .bytes(output) }
        }
    }

    private static func inflate(_ compressed: UnsafeBufferPointer<UInt8>, limit: Int) -> Result {
        var stream = z_stream()
        // 15 bits of window, +16: a gzip header and trailer, not zlib's.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return .failed("zlib could not start") }
        defer { inflateEnd(&stream) }
        stream.next_in = UnsafeMutablePointer(mutating: compressed.baseAddress)
        var remaining = compressed.count
        return gather(limit: limit) { chunk in
            let fed = min(remaining, Int(UInt32.max))
            stream.avail_in = UInt32(fed)
            stream.next_out = chunk.baseAddress
            stream.avail_out = UInt32(chunk.count)
            let status = CZlib.inflate(&stream, Z_NO_FLUSH)
            let produced = chunk.count - Int(stream.avail_out)
            remaining -= fed - Int(stream.avail_in)
            switch status {
            case Z_STREAM_END:
                // Another member may follow; what else follows is left (as gunzip
                // leaves trailing zeros).
                let next = UnsafeBufferPointer(start: stream.next_in, count: remaining)
                let goesOn = remaining > 0 && format(of: next) == .gzip && inflateReset(&stream) == Z_OK
                return (produced, !goesOn, nil)
            case Z_OK where produced > 0 || remaining > 0:
                return (produced, false, nil)
            case Z_OK, Z_BUF_ERROR:
                return (produced, false, "compressed data ends too soon")
            default:
                return (produced, false, stream.msg.map { "compressed data: " + String(cString: $0) } ?? "compressed data is corrupt")
            }
        }
    }

    /// liblzma's `LZMA_CONCATENATED` flag (a macro Swift does not import).
    private static let concatenated: UInt32 = 0x08

    private static func unxz(_ compressed: UnsafeBufferPointer<UInt8>, limit: Int) -> Result {
        var stream = lzma_stream()
        // Concatenated streams read on, as xz reads them; memory for the dictionary
        // as the file asks (the output limit bounds the rest).
        guard lzma_stream_decoder(&stream, UInt64.max, concatenated) == LZMA_OK else { return .failed("liblzma could not start") }
        defer { lzma_end(&stream) }
        stream.next_in = compressed.baseAddress
        stream.avail_in = compressed.count
        return gather(limit: limit) { chunk in
            stream.next_out = chunk.baseAddress
            stream.avail_out = chunk.count
            let status = lzma_code(&stream, stream.avail_in == 0 ? LZMA_FINISH : LZMA_RUN)
            let produced = chunk.count - stream.avail_out
            switch status {
            case LZMA_STREAM_END: return (produced, true, nil)
            case LZMA_OK: return (produced, false, nil)
            case LZMA_BUF_ERROR: return (produced, false, "compressed data ends too soon")
            default: return (produced, false, "compressed data is corrupt")
            }
        }
    }

    private static func bunzip(_ compressed: UnsafeBufferPointer<UInt8>, limit: Int) -> Result {
        var stream = bz_stream()
        guard BZ2_bzDecompressInit(&stream, 0, 0) == BZ_OK else { return .failed("libbz2 could not start") }
        defer { BZ2_bzDecompressEnd(&stream) }
        var next = UnsafeMutableRawPointer(mutating: compressed.baseAddress)?.assumingMemoryBound(to: CChar.self)
        var remaining = compressed.count
        return gather(limit: limit) { chunk in
            let fed = min(remaining, Int(UInt32.max))
            stream.next_in = next
            stream.avail_in = UInt32(fed)
            stream.next_out = UnsafeMutableRawPointer(chunk.baseAddress)?.assumingMemoryBound(to: CChar.self)
            stream.avail_out = UInt32(chunk.count)
            let status = BZ2_bzDecompress(&stream)
            let produced = chunk.count - Int(stream.avail_out)
            remaining -= fed - Int(stream.avail_in)
            next = stream.next_in
            switch status {
            case BZ_STREAM_END:
                // Another stream may follow, as bunzip2 reads them.
                let rest = UnsafeBufferPointer(start: UnsafeRawPointer(stream.next_in)?.assumingMemoryBound(to: UInt8.self), count: remaining)
                guard remaining > 0, format(of: rest) == .bzip2 else { return (produced, true, nil) }
                BZ2_bzDecompressEnd(&stream)
                stream = bz_stream()
                guard BZ2_bzDecompressInit(&stream, 0, 0) == BZ_OK else { return (produced, false, "libbz2 could not start") }
                return (produced, false, nil)
            case BZ_OK where produced > 0 || remaining > 0:
                return (produced, false, nil)
            case BZ_OK:
                return (produced, false, "compressed data ends too soon")
            default:
                return (produced, false, "compressed data is corrupt")
            }
        }
    }
}
