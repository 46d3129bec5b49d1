@preconcurrency import Glibc
import Synchronization

/// SIGWINCH, noted for the key loop: a flag, and a byte down a pipe that the loop's
/// `poll` watches.
///
/// A signal interrupts `poll` only on the thread it is delivered to, and the kernel
/// gives a process-wide signal to any thread that does not block it: with the
/// pictures' and the pages' threads running, a resize that lands on one of them left
/// the loop asleep until its timeout (100 ms), after a resize it had already seen.
/// The pipe wakes the loop whichever thread takes the signal.
package enum ResizeNotice {
    /// Answers SIGWINCH from now on (the pipe made on the first call).
    package static func install() {
        if wakeReader < 0 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return }
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            wakeReader = ends[0]
            wakeWriter = ends[1]
        }
        signal(SIGWINCH, noteResize)
    }

    /// SIGWINCH back to its default (ignored).
    package static func uninstall() {
        signal(SIGWINCH, SIG_DFL)
    }

    /// The pipe's end that becomes readable on a resize (-1 before `install`).
    package static var descriptor: Int32 { wakeReader }

    /// Whether the terminal was resized since the last call; empties the pipe.
    package static func take() -> Bool {
        if wakeReader >= 0 {
            var bytes = [UInt8](repeating: 0, count: 64)
            while read(wakeReader, &bytes, bytes.count) > 0 {}
        }
        return resizePending.exchange(false, ordering: .relaxed)
    }
}

// Written once before the handler is installed; read by it and the loop.
nonisolated(unsafe) private var wakeReader: Int32 = -1
nonisolated(unsafe) private var wakeWriter: Int32 = -1
private let resizePending = Atomic<Bool>(false)

private func noteResize(_: Int32) {
    let savedErrno = errno
    resizePending.store(true, ordering: .relaxed)
    var byte: UInt8 = 1
    // (A full pipe already holds a wake.)
    _ = write(wakeWriter, &byte, 1)
    errno = savedErrno
}
