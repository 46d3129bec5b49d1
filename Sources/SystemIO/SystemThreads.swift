import Dispatch

/// Threads for work run beside the calling thread: short work on GCD's global pool,
/// work that waits on a thread of its own (`DetachedThread`: GCD runs only a few
/// blocks at once here, and blocks that wait can keep the ones they wait for from
/// running).
package struct SystemThreads: Sendable {
    /// Whether threads of their own give way to the others (background work: the
    /// thread drawing frames comes first on a busy machine).
    package var yielding: Bool

    package init(yielding: Bool = false) {
        self.yielding = yielding
    }

    package func run(waits: Bool, _ work: @escaping @Sendable () -> Void) {
        if waits {
            DetachedThread.start(yielding: yielding, work)
        } else {
            DispatchQueue.global().async(execute: work)
        }
    }

    package func makeSemaphore() -> SystemSemaphore {
        SystemSemaphore()
    }
}

/// A counting semaphore, from zero.
package final class SystemSemaphore: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    package func signal() {
        semaphore.signal()
    }

    /// Waits for a signal until `deadline` (for ever when `nil`); gives whether one came.
    @discardableResult
    package func wait(until deadline: ContinuousClock.Instant?) -> Bool {
        guard let deadline else {
            semaphore.wait()
            return true
        }
        let left = ContinuousClock.now.duration(to: deadline)
        let nanoseconds = max(0, left.components.seconds) * 1_000_000_000 + max(0, left.components.attoseconds / 1_000_000_000)
        return semaphore.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds))) == .success
    }
}
