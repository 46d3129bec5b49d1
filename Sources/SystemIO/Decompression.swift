internal import CBZip2
internal import CLZMA
internal import CZlib

/// Compressed input (Debian ships many pages as `.html.gz`), known by its first bytes
/// rather than its name: gzip by zlib, xz by liblzma, bzip2 by libbz2, decompressed
/// whole (`decompress`) or as it is read (`Decompressor`).
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
        guard let format = format(of: compressed), let decompressor = Decompressor(format) else { return .failed("not compressed") }
        var output: [UInt8] = []
        let outcome = decompressor.feed(compressed, isLast: true) { produced in
            guard output.count + produced.count <= limit else { return false }
            output.append(contentsOf: produced)
            return true
        }
        switch outcome {
        case .ended, .needsMore: return .bytes(output)
        case .stopped: return .tooLarge
        case .failed(let reason): return .failed(reason)
        }
    }
}

/// A compressed stream decompressed a piece of input at a time, its output handed on a
/// chunk at a time: a page of gigabytes is shown as it is decompressed, never held
/// whole. Streams one after another are read on, as the programs read them.
package final class Decompressor {
    /// What a piece of input came to.
    package enum Outcome: Equatable {
        /// All of it was used; the stream goes on in the next piece.
        case needsMore
        /// The stream (or the last of several) ended; what follows it is left.
        case ended
        /// The receiver of the output wanted no more.
        case stopped
        /// Not a valid stream: the reason.
        case failed(String)
    }

    package let format: Decompression.Format
    /// The library's stream, where the library wants it: each checks that it stays
    /// at the address it was started at.
    private let zlib: UnsafeMutablePointer<z_stream>
    private let lzma: UnsafeMutablePointer<lzma_stream>
    private let bzip2: UnsafeMutablePointer<bz_stream>
    /// Whether a gzip member or bzip2 stream ended: another may start after it.
    private var memberEnded = false
    /// The input after a member that ended, while too short to tell whether another
    /// starts there (its magic number split between pieces of input).
    private var lookahead: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    /// liblzma's `LZMA_CONCATENATED` flag (a macro Swift does not import).
    private static let concatenated: UInt32 = 0x08

    /// A decompressor of `format`; `nil` when its library cannot start.
    package init?(_ format: Decompression.Format) {
        self.format = format
        zlib = .allocate(capacity: 1)
        zlib.initialize(to: z_stream())
        lzma = .allocate(capacity: 1)
        lzma.initialize(to: lzma_stream())
        bzip2 = .allocate(capacity: 1)
        bzip2.initialize(to: bz_stream())
        let started = switch format {
        // 15 bits of window, +16: a gzip header and trailer, not zlib's.
        case .gzip: inflateInit2_(zlib, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        // Memory for the dictionary as the file asks (the output's receiver bounds the rest).
        case .xz: lzma_stream_decoder(lzma, UInt64.max, Self.concatenated) == LZMA_OK
        case .bzip2: BZ2_bzDecompressInit(bzip2, 0, 0) == BZ_OK
        }
        guard started else { return nil }
    }

    deinit {
        switch format {
        case .gzip: inflateEnd(zlib)
        case .xz: lzma_end(lzma)
        case .bzip2: BZ2_bzDecompressEnd(bzip2)
        }
        zlib.deallocate()
        lzma.deallocate()
        bzip2.deallocate()
    }

    /// Decompresses the next piece of compressed input, handing what it produces to
    /// `emit` (which answers whether to go on).
    /// - Parameter isLast: no input follows: a stream not ended is cut short.
    package func feed(_ input: UnsafeBufferPointer<UInt8>, isLast: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Bool) -> Outcome {
        if memberEnded { return afterMember(input, isLast: isLast, emit: emit) }
        switch format {
        case .gzip: return inflate(input, isLast: isLast, emit: emit)
        case .xz: return unxz(input, isLast: isLast, emit: emit)
        case .bzip2: return bunzip(input, isLast: isLast, emit: emit)
        }
    }

    /// After a gzip member or a bzip2 stream ended: another is read on when one starts
    /// the input (as the programs read them); else what follows is left, as gunzip
    /// leaves trailing zeros.
    private func afterMember(_ input: UnsafeBufferPointer<UInt8>, isLast: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Bool) -> Outcome {
        lookahead += input
        // (A magic number is 3 bytes, bzip2's 4 with its block size.)
        if lookahead.count < 4, !isLast { return .needsMore }
        let started = lookahead.withUnsafeBufferPointer { Decompression.format(of: $0) == format }
        guard started, format == .gzip ? inflateReset(zlib) == Z_OK : restartBzip2() else { return .ended }
        memberEnded = false
        let next = lookahead
        lookahead = []
        return next.withUnsafeBufferPointer { feed($0, isLast: isLast, emit: emit) }
    }

    /// Hands `count` bytes of the chunk to `emit`.
    private func hand(_ count: Int, to emit: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        count == 0 || chunk.withUnsafeBufferPointer { emit(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    private func inflate(_ input: UnsafeBufferPointer<UInt8>, isLast: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Bool) -> Outcome {
        var remaining = input
        while true {
            let fed = min(remaining.count, Int(UInt32.max))
            zlib.pointee.next_in = UnsafeMutablePointer(mutating: remaining.baseAddress)
            zlib.pointee.avail_in = UInt32(fed)
            let status = chunk.withUnsafeMutableBufferPointer { chunk in
                zlib.pointee.next_out = chunk.baseAddress
                zlib.pointee.avail_out = UInt32(chunk.count)
                return CZlib.inflate(zlib, Z_NO_FLUSH)
            }
            let produced = chunk.count - Int(zlib.pointee.avail_out)
            remaining = UnsafeBufferPointer(rebasing: remaining[(fed - Int(zlib.pointee.avail_in))...])
            guard hand(produced, to: emit) else { return .stopped }
            switch status {
            case Z_STREAM_END:
                memberEnded = true
                return afterMember(remaining, isLast: isLast, emit: emit)
            case Z_OK where produced > 0 || !remaining.isEmpty:
                continue
            case Z_OK, Z_BUF_ERROR:
                return isLast ? .failed("compressed data ends too soon") : .needsMore
            default:
                return .failed(zlib.pointee.msg.map { "compressed data: " + String(cString: $0) } ?? "compressed data is corrupt")
            }
        }
    }

    private func unxz(_ input: UnsafeBufferPointer<UInt8>, isLast: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Bool) -> Outcome {
        lzma.pointee.next_in = input.baseAddress
        lzma.pointee.avail_in = input.count
        while true {
            // The end of concatenated streams is known only when told no input follows.
            let action = isLast && lzma.pointee.avail_in == 0 ? LZMA_FINISH : LZMA_RUN
            let status = chunk.withUnsafeMutableBufferPointer { chunk in
                lzma.pointee.next_out = chunk.baseAddress
                lzma.pointee.avail_out = chunk.count
                return lzma_code(lzma, action)
            }
            let produced = chunk.count - lzma.pointee.avail_out
            guard hand(produced, to: emit) else { return .stopped }
            switch status {
            case LZMA_STREAM_END: return .ended
            case LZMA_OK:
                if !isLast, lzma.pointee.avail_in == 0, produced < chunk.count { return .needsMore }
            case LZMA_BUF_ERROR: return isLast ? .failed("compressed data ends too soon") : .needsMore
            default: return .failed("compressed data is corrupt")
            }
        }
    }

    private func bunzip(_ input: UnsafeBufferPointer<UInt8>, isLast: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Bool) -> Outcome {
        var remaining = input
        while true {
            let fed = min(remaining.count, Int(UInt32.max))
            bzip2.pointee.next_in = UnsafeMutableRawPointer(mutating: remaining.baseAddress)?.assumingMemoryBound(to: CChar.self)
            bzip2.pointee.avail_in = UInt32(fed)
            let status = chunk.withUnsafeMutableBufferPointer { chunk in
                bzip2.pointee.next_out = UnsafeMutableRawPointer(chunk.baseAddress)?.assumingMemoryBound(to: CChar.self)
                bzip2.pointee.avail_out = UInt32(chunk.count)
                return BZ2_bzDecompress(bzip2)
            }
            let produced = chunk.count - Int(bzip2.pointee.avail_out)
            remaining = UnsafeBufferPointer(rebasing: remaining[(fed - Int(bzip2.pointee.avail_in))...])
            guard hand(produced, to: emit) else { return .stopped }
            switch status {
            case BZ_STREAM_END:
                memberEnded = true
                return afterMember(remaining, isLast: isLast, emit: emit)
            case BZ_OK where produced > 0 || !remaining.isEmpty:
                continue
            case BZ_OK:
                return isLast ? .failed("compressed data ends too soon") : .needsMore
            default:
                return .failed("compressed data is corrupt")
            }
        }
    }

    /// libbz2 has no reset: its stream is ended and started anew.
    private func restartBzip2() -> Bool {
        BZ2_bzDecompressEnd(bzip2)
        bzip2.pointee = bz_stream()
        return BZ2_bzDecompressInit(bzip2, 0, 0) == BZ_OK
    }
}
