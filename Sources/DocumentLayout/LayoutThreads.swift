/// Threads for the work layout runs beside the calling thread (the index's scans, a
/// dump's fragments), given by the program: layout starts no thread and waits on
/// nothing of the operating system's itself. The I/O boundary (`SystemIO`) owns
/// threads; tests can give others.
package protocol LayoutThreads: Sendable {
    associatedtype Semaphore: LayoutSemaphore
    associatedtype Lock: LayoutLock

    /// Runs `work` on another thread: with `waits`, on a thread of its own (work that
    /// blocks, as a scan waiting for the bytes of a page still arriving), else on a
    /// pool's.
    func run(waits: Bool, _ work: @escaping @Sendable () -> Void)

    /// A counting semaphore, at zero.
    func makeSemaphore() -> Semaphore

    /// A lock, open.
    func makeLock() -> Lock
}

/// A lock for state shared between threads (`LayoutThreads.makeLock`): the program's,
/// so that tools that watch threads (a thread sanitizer) see it taken and given back.
package protocol LayoutLock: Sendable {
    func lock()
    func unlock()
}

/// A value shared between threads, read and changed only under a lock.
final class LockedState<State>: @unchecked Sendable {
    private var state: State
    private let lock: any LayoutLock

    init(_ state: State, lock: any LayoutLock) {
        self.state = state
        self.lock = lock
    }

    /// Runs `body` on the value, the lock held.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

/// A counting semaphore (`LayoutThreads.makeSemaphore`).
package protocol LayoutSemaphore: Sendable {
    func signal()

    /// Waits for a signal until `deadline`, or for ever when it is `nil`; gives whether
    /// one came.
    @discardableResult
    func wait(until deadline: ContinuousClock.Instant?) -> Bool
}
