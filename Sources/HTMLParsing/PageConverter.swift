@preconcurrency import Glibc

/// Converts a page from another encoding to UTF-8 a window at a time: iconv keeps its
/// state across windows, and a multi-byte sequence cut by a window's end waits for the
/// next. Bytes it cannot read become U+FFFD, one for each byte.
package final class PageConverter {
    private let handle: iconv_t
    /// Bytes of a sequence cut by the last window's end.
    private var carried: [UInt8] = []
    private var output = [UInt8](repeating: 0, count: 1 << 16)

    /// A converter from `encoding`, or `nil` when iconv cannot read it.
    package init?(from encoding: String) {
        guard let handle = iconv_open("UTF-8", encoding), handle != iconv_t(bitPattern: -1) else { return nil }
        self.handle = handle
    }

    deinit {
        iconv_close(handle)
    }

    /// The UTF-8 of `bytes`, the next window of the page; with `isLast`, a sequence
    /// left incomplete at the end becomes U+FFFD.
    package func convert(_ bytes: some Collection<UInt8>, isLast: Bool) -> [UInt8] {
        var input = carried + bytes
        carried = []
        var converted: [UInt8] = []
        converted.reserveCapacity(input.count * 3 / 2)
        input.withUnsafeMutableBufferPointer { source in
            var inPointer = source.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
            var inLeft = source.count
            while inLeft > 0 {
                let (result, produced, failure) = output.withUnsafeMutableBufferPointer { target -> (Int, Int, Int32) in
                    var outPointer = target.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
                    var outLeft = target.count
                    let result = iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft)
                    return (result, target.count - outLeft, errno)
                }
                converted.append(contentsOf: output[0..<produced])
                if result != -1 { break }
                if failure == E2BIG { continue }
                if failure == EINVAL, !isLast {
                    // A sequence the window cut: it waits for the next window.
                    carried = Array(UnsafeRawBufferPointer(start: inPointer, count: inLeft))
                    break
                }
                // An invalid byte (or a cut-off sequence at the very end).
                converted.append(contentsOf: [0xEF, 0xBF, 0xBD])
                inPointer = inPointer.map { $0 + 1 }
                inLeft -= 1
            }
        }
        return converted
    }
}
