@preconcurrency import Glibc

/// Buffered writing to standard output and standard error.
///
/// A closed pipe (`docscroll page.html | head`) is not an error: writing stops and
/// `isClosed` turns true, so the caller can end quietly.
package final class StandardOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Whether the reader went away.
    package private(set) var isClosed = false

    private static let flushThreshold = 1 << 16

    package static func standardOutput() -> StandardOutput { StandardOutput(descriptor: STDOUT_FILENO) }
    package static func standardError() -> StandardOutput { StandardOutput(descriptor: STDERR_FILENO) }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        signal(SIGPIPE, SIG_IGN)
        buffer.reserveCapacity(Self.flushThreshold)
    }

    deinit { flush() }

    package func write(_ text: String) {
        guard !isClosed else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.flushThreshold { flush() }
    }

    /// Writes UTF-8 text: copied into the buffer, or written at once when it is as
    /// large as the buffer.
    package func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !isClosed else { return }
        if bytes.count < Self.flushThreshold {
            buffer.append(contentsOf: bytes)
            if buffer.count >= Self.flushThreshold { flush() }
            return
        }
        flush()
        writeAll(UnsafeRawBufferPointer(bytes))
    }

    package func writeLine(_ text: String) {
        write(text)
        write("\n")
    }

    package func flush() {
        buffer.withUnsafeBytes { writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes`, retrying short writes, until the reader goes away.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count, !isClosed {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                isClosed = true
            } else {
                offset += written
            }
        }
    }
}
