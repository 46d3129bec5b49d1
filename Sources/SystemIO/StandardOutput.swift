@preconcurrency import Glibc

/// Buffered writing to standard output and standard error.
///
/// A closed pipe (`docscroll page.html | head`) is not an error: writing stops and
/// `isClosed` turns true, so the caller can end quietly. Any other failure (a full
/// disk, a closed descriptor) stops writing too, and `failure` says what it was, for
/// the caller to report.
package final class StandardOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Whether writing stopped: the reader went away, or writing failed.
    package private(set) var isClosed = false
    /// Why writing failed, in the system's words ("No space left on device"); `nil`
    /// when it did not, or when only the reader went away.
    package private(set) var failure: String?

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
                let error = errno
                if error == EINTR { continue }
                isClosed = true
                if error != EPIPE { failure = FileSystem.systemReason(error) }
            } else if written == 0 {
                isClosed = true
                failure = "nothing could be written"
            } else {
                offset += written
            }
        }
    }
}
