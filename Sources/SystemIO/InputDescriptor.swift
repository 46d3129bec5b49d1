import Glibc
import Synchronization

/// The descriptor an input file is read through, which need not stay open: past
/// `OpenInputs`'s budget the least recently used one not in use is closed, and opened
/// again by its path when next used, only if the path still names the same file (its
/// device and inode). So a stack of thousands of inputs holds a few hundred
/// descriptors, whatever the limit on open files. A descriptor that has no path (a
/// spool's) stays open.
package final class InputDescriptor: Sendable {
    private struct State {
        /// The descriptor, or -1 while closed.
        var descriptor: Int32
        /// Calls using it now: it is not closed under them.
        var users = 0
    }

    private let state: Mutex<State>
    /// The file's path, made absolute, to open it again (`nil`: never closed).
    package let path: String?
    /// The file it is: one opened again must be this one.
    package let identity: FileSystem.FileIdentity

    /// Takes over `descriptor`, open on the file at `path` (or on no path).
    init(_ descriptor: Int32, path: String?) {
        var status = stat()
        fstat(descriptor, &status)
        identity = FileSystem.FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        self.path = path.flatMap(FileSystem.absolutePath)
        state = Mutex(State(descriptor: descriptor))
        if self.path != nil { OpenInputs.shared.opened(self) }
    }

    deinit {
        OpenInputs.shared.forget(self)
        state.withLock { if $0.descriptor >= 0 { close($0.descriptor) } }
    }

    /// Calls `body` with the descriptor, opened again if it was closed; `nil` when it
    /// cannot be (the file is gone, or its path names another file now).
    package func withDescriptor<Result>(_ body: (Int32) -> Result) -> Result? {
        let (descriptor, reopened) = state.withLock { state -> (Int32, Bool) in
            var reopened = false
            if state.descriptor < 0, let path, let descriptor = FileSystem.openRegularFile(path) {
                var status = stat()
                if fstat(descriptor, &status) == 0, status.st_dev == identity.device, status.st_ino == identity.inode {
                    state.descriptor = descriptor
                    reopened = true
                } else {
                    close(descriptor)
                }
            }
            if state.descriptor >= 0 { state.users += 1 }
            return (state.descriptor, reopened)
        }
        guard descriptor >= 0 else { return nil }
        defer { state.withLock { $0.users -= 1 } }
        if reopened { OpenInputs.shared.opened(self) } else if path != nil { OpenInputs.shared.used(self) }
        return body(descriptor)
    }

    /// Closes the descriptor unless a call is using it.
    /// - Returns: whether it is closed.
    fileprivate func closeIfIdle() -> Bool {
        state.withLock { state in
            guard state.users == 0 else { return false }
            if state.descriptor >= 0 { close(state.descriptor) }
            state.descriptor = -1
            return true
        }
    }
}

/// The inputs' descriptors open at once, process-wide: past `budget`, the least
/// recently used is closed (`InputDescriptor`).
package final class OpenInputs: Sendable {
    package static let shared = OpenInputs()

    private struct Entry {
        weak var input: InputDescriptor?
        var lastUse: UInt64
    }

    private struct State {
        var budget = 256
        var open: [ObjectIdentifier: Entry] = [:]
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Descriptors of inputs kept open at most (at least 4).
    package var budget: Int {
        get { state.withLock { $0.budget } }
        set { state.withLock { $0.budget = max(4, newValue) } }
    }

    /// Inputs' descriptors open now.
    package var openCount: Int { state.withLock { $0.open.count } }

    /// Notes that `input`'s descriptor was opened (again), and closes the least
    /// recently used ones past the budget.
    fileprivate func opened(_ input: InputDescriptor) {
        let victims = state.withLock { state -> [InputDescriptor] in
            state.clock += 1
            state.open[ObjectIdentifier(input)] = Entry(input: input, lastUse: state.clock)
            guard state.open.count > state.budget else { return [] }
            let oldest = state.open.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(state.open.count - state.budget)
            return oldest.compactMap { $0.value.input }.filter { $0 !== input }
        }
        for victim in victims where victim.closeIfIdle() {
            state.withLock { _ = $0.open.removeValue(forKey: ObjectIdentifier(victim)) }
        }
    }

    /// Notes that `input`'s descriptor was used.
    fileprivate func used(_ input: InputDescriptor) {
        state.withLock { state in
            state.clock += 1
            state.open[ObjectIdentifier(input)]?.lastUse = state.clock
        }
    }

    /// Forgets an input that is gone.
    fileprivate func forget(_ input: InputDescriptor) {
        state.withLock { _ = $0.open.removeValue(forKey: ObjectIdentifier(input)) }
    }
}
