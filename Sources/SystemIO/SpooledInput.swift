import Dispatch
import Glibc

/// A page that arrives over time, kept as it comes so that it can be shown before it
/// ends: standard input, or a page converted to UTF-8 as it is read. A thread puts it
/// into memory, and past a few megabytes into a temporary file (unlinked at once, so
/// nothing is left behind), which the page cache holds rather than the process.
/// Readers read what has arrived and can wait for more. It keeps at most `capacity`
/// bytes: input that never ends (`yes | docscroll -`) stops being read there, rather
/// than filling the disk.
package final class SpooledInput: Sendable {
    private struct State {
        var count = 0
        var memory: [UInt8] = []
        /// The spool file once the input outgrew memory (-1 before).
        var file: Int32 = -1
        var isComplete = false
        /// Whether reading stopped at the capacity, with more to come.
        var reachedCapacity = false
        /// Why the input ended before its end, if it did (compressed data cut short).
        var failure: String?
        var waiters = 0
    }

    private let state = Locked(State())
    private let progress = DispatchSemaphore(value: 0)

    /// Bytes kept in memory before the input moves to a temporary file.
    private let memoryLimit: Int
    /// Bytes kept at most; past them the input is not read.
    package let capacity: Int

    /// The capacity of a spool unless told otherwise: 4 GiB.
    package static let defaultCapacity = 4 << 30
    /// Bytes kept in memory before the spool goes to a file, unless told otherwise.
    package static let defaultMemoryLimit = 4 << 20

    /// Starts reading `descriptor` on a thread of its own, to its end or to
    /// `capacity` bytes, keeping up to `memoryLimit` bytes in memory.
    package convenience init(descriptor: Int32, memoryLimit: Int = defaultMemoryLimit, capacity: Int = defaultCapacity) {
        self.init(memoryLimit: memoryLimit, capacity: capacity) { append in
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                // The end, or a read error, which ends the input too.
                // (A read error ends the input too.)
                guard count > 0, append(chunk[0..<count]) else { return nil }
            }
        }
    }

    /// Standard input, read on a thread of its own to its end or to `capacity` bytes.
    package static func standardInput(capacity: Int = defaultCapacity) -> SpooledInput {
        SpooledInput(descriptor: STDIN_FILENO, capacity: capacity)
    }

    /// Starts `produce` on a thread of its own: it hands over the input a piece at a
    /// time, and the input is complete when it returns: with why it could not go on
    /// (`failure`), or `nil` at the input's end. `append` answers whether to go on:
    /// false once the capacity is reached (what went past it is dropped).
    package init(
        memoryLimit: Int = defaultMemoryLimit, capacity: Int = defaultCapacity,
        producing produce: @escaping @Sendable (_ append: (ArraySlice<UInt8>) -> Bool) -> String?
    ) {
        self.memoryLimit = memoryLimit
        self.capacity = capacity
        DetachedThread.start { [self] in
            let failure = produce { append($0) }
            let waiters = state.withLock { state in
                state.isComplete = true
                state.failure = state.reachedCapacity ? nil : failure
                return state.waiters
            }
            for _ in 0..<waiters { progress.signal() }
        }
    }

    deinit {
        let file = state.withLock { $0.file }
        if file >= 0 { close(file) }
    }

    package var byteCount: Int { state.withLock { $0.count } }

    package var isComplete: Bool { state.withLock { $0.isComplete } }

    /// Whether the input outgrew memory and is kept in a temporary file.
    package var isSpooledToFile: Bool { state.withLock { $0.file >= 0 } }

    /// Whether reading stopped at the capacity, with more input to come: the input
    /// is complete at `capacity` bytes.
    package var reachedCapacity: Bool { state.withLock { $0.reachedCapacity } }

    /// Why the input ended before its end (once complete): compressed data cut short
    /// or corrupt; `nil` for an input read to its end (or to the capacity).
    package var failure: String? { state.withLock { $0.failure } }

    /// The whole input, once complete, as a file mapped into memory (the spool's own
    /// file: its pages are the page cache's, not the process's), or `nil` when it is
    /// held in memory (small) or is not complete.
    package func mapped() -> MappedFile? {
        isComplete ? mappedSoFar() : nil
    }

    /// The input so far as a file mapped into memory (as `mapped`: the spool's file,
    /// only ever appended to, so what is mapped stays as it is), or `nil` while the
    /// input is held in memory.
    package func mappedSoFar() -> MappedFile? {
        let file = state.withLock { $0.file }
        guard file >= 0 else { return nil }
        let copy = fcntl(file, F_DUPFD_CLOEXEC, 0)
        return copy >= 0 ? MappedFile(descriptor: copy) : nil
    }

    package func waitForBytes(beyond count: Int) -> Int {
        while true {
            let now = state.withLock { state -> Int? in
                if state.count > count || state.isComplete { return state.count }
                state.waiters += 1
                return nil
            }
            if let now { return now }
            progress.wait()
            state.withLock { $0.waiters -= 1 }
        }
    }

    package func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        return state.withLock { state in
            let range = range.clamped(to: 0..<state.count)
            guard !range.isEmpty else { return 0 }
            if state.file < 0 {
                state.memory.withUnsafeBytes { base.copyMemory(from: $0.baseAddress! + range.lowerBound, byteCount: range.count) }
                return range.count
            }
            return PositionedIO.read(state.file, range, into: base)
        }
    }

    /// Keeps `bytes` (up to the capacity); gives whether to go on reading.
    private func append(_ bytes: ArraySlice<UInt8>) -> Bool {
        let memoryLimit = memoryLimit
        let capacity = capacity
        var goesOn = true
        let waiters = state.withLock { state in
            guard !state.isComplete else {
                goesOn = false
                return 0
            }
            var bytes = bytes
            if state.count + bytes.count > capacity {
                // The rest is not read: the input ends at the capacity.
                bytes = bytes.prefix(capacity - state.count)
                state.reachedCapacity = true
                goesOn = false
            }
            if state.file < 0, state.count + bytes.count > memoryLimit, let file = TemporaryFile.make(named: "docscroll-stdin") {
                // Moved once: what is read from now on comes from the file.
                if PositionedIO.write(state.memory[...], to: file, at: 0) {
                    state.file = file
                    state.memory = []
                } else {
                    close(file)
                }
            }
            if state.file >= 0 {
                // A spool that cannot be written ends the input where it stands.
                guard PositionedIO.write(bytes, to: state.file, at: state.count) else {
                    state.isComplete = true
                    goesOn = false
                    return state.waiters
                }
            } else {
                state.memory += bytes
            }
            state.count += bytes.count
            if !goesOn { state.isComplete = true }
            return state.waiters
        }
        for _ in 0..<waiters { progress.signal() }
        return goesOn
    }
}
