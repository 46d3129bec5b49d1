import Dispatch
import Glibc

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

    /// Sleeps the calling thread for `milliseconds`.
    package static func sleep(milliseconds: Int) {
        usleep(useconds_t(max(0, milliseconds) * 1_000))
    }

    package func run(waits: Bool, _ work: @escaping @Sendable () -> Void) {
        if waits {
            DetachedThread.start(yielding: yielding, work)
        } else {
            // Handed over through a mutex: a thread sanitizer does not see GCD hand a
            // block to its pool here, and takes what the work reads for races.
            let handOver = HandOver()
            DispatchQueue.global().async {
                handOver.take()
                work()
            }
        }
    }

    package func makeSemaphore() -> SystemSemaphore {
        SystemSemaphore()
    }

    package func makeLock() -> SystemLock {
        SystemLock()
    }
}

/// A piece of work's passage from the thread that gives it to the one that runs it,
/// through a pthread mutex the giver unlocks and the taker locks: what a thread
/// sanitizer watches. (A `SystemLock` would not do: its mutex's address is a field
/// the taker would read before it synchronised.)
private struct HandOver: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_mutex_lock(mutex)
        pthread_mutex_unlock(mutex)
    }

    /// On the thread that runs the work, once.
    func take() {
        pthread_mutex_lock(mutex)
        pthread_mutex_unlock(mutex)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}

/// A lock (a pthread mutex: what a thread sanitizer watches, where the standard
/// library's `Mutex` waits on a futex it cannot see).
package final class SystemLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    package init() {}

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() {
        pthread_mutex_lock(mutex)
    }

    package func unlock() {
        pthread_mutex_unlock(mutex)
    }
}

/// A value shared between threads, read and changed only under a `SystemLock`.
final class Locked<State>: @unchecked Sendable {
    private var state: State
    private let lock = SystemLock()

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` on the value, the lock held.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
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
