import Foundation
@testable import DocumentLayout

/// Threads for layout in the tests: Foundation's threads and lock, Dispatch's semaphores.
struct TestThreads: LayoutThreads {
    func run(waits: Bool, _ work: @escaping @Sendable () -> Void) {
        Thread { work() }.start()
    }

    func makeSemaphore() -> TestSemaphore {
        TestSemaphore()
    }

    func makeLock() -> TestLock {
        TestLock()
    }
}

/// Foundation's lock (a pthread mutex).
final class TestLock: LayoutLock, @unchecked Sendable {
    private let nsLock = NSLock()

    func lock() {
        nsLock.lock()
    }

    func unlock() {
        nsLock.unlock()
    }
}

final class TestSemaphore: LayoutSemaphore {
    private let semaphore = DispatchSemaphore(value: 0)

    func signal() {
        semaphore.signal()
    }

    func wait(until deadline: ContinuousClock.Instant?) -> Bool {
        guard let deadline else {
            semaphore.wait()
            return true
        }
        let left = ContinuousClock.now.duration(to: deadline)
        return semaphore.wait(timeout: .now() + .milliseconds(Int(left / .milliseconds(1)))) == .success
    }
}
