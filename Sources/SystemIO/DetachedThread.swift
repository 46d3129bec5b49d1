import Glibc

/// Runs work that waits (a parse waiting for a scan or for bytes on a pipe, a reader
/// of standard input) on a thread of its own. GCD's global queues run only a few
/// blocks at once here: blocks that wait there can keep the blocks they wait for from
/// ever running.
package enum DetachedThread {
    private final class Work {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }

    /// Starts `body` on a new thread, which ends with it.
    /// - Parameter yielding: whether the thread gives way to the others (background
    ///   work: the thread drawing frames comes first on a busy machine).
    package static func start(yielding: Bool = false, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // Room for libxml2's recursion on deep pages, as a main thread has.
        pthread_attr_setstacksize(&attributes, 8 << 20)
        var thread = pthread_t()
        var run = body
        if yielding {
            run = {
                // Linux keeps a nice value a thread: this one's (0: the calling thread).
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
                body()
            }
        }
        let work = Unmanaged.passRetained(Work(run)).toOpaque()
        let started = pthread_create(&thread, &attributes, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, work)
        // Without a thread (none left), the work runs here.
        if started != 0 { Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body() }
    }
}
