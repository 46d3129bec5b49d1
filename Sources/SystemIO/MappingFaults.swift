@preconcurrency import Glibc

/// Keeps a file that shrinks under its mapping from killing the program.
///
/// Reading a page of a mapping past the end of a file truncated since it was mapped
/// raises SIGBUS. The handler here looks the faulting address up among the live
/// mappings (`register`): inside one, it maps a page of zeros over the missing page,
/// notes that the file shrank, and returns, so the read goes on and finds zeros (which
/// no JSON holds: the reader stops with an error, and the table says the file shrank).
/// A fault anywhere else is a crash, answered as `Terminal` answers one.
enum MappingFaults {
    /// Mappings watched at once, at most (one a table).
    static let capacity = 256

    /// A watched mapping: its address range, and whether a page of it went missing.
    /// Read by the handler with plain loads; written under `lock` before the mapping
    /// is read.
    private struct Slot {
        var start: UInt = 0
        var end: UInt = 0
        var shrank: Bool = false
    }

    nonisolated(unsafe) private static var slots: UnsafeMutablePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        slots.initialize(repeating: Slot(), count: capacity)
        return slots
    }()
    private static let lock = Locked(false)

    /// Watches `range` (a mapping's addresses) until `unregister`; installs the handler
    /// the first time. Gives the slot to ask and to unregister, or `nil` when every
    /// slot is taken (the mapping is then read unwatched).
    static func register(_ range: UnsafeRawBufferPointer) -> Int? {
        guard let base = range.baseAddress else { return nil }
        return lock.withLock { installed -> Int? in
            if !installed {
                installed = true
                var action = sigaction()
                action.__sigaction_handler.sa_sigaction = handleFault
                action.sa_flags = SA_SIGINFO | SA_NODEFER
                sigemptyset(&action.sa_mask)
                sigaction(SIGBUS, &action, nil)
            }
            guard let free = (0..<capacity).first(where: { slots[$0].end == 0 }) else { return nil }
            slots[free] = Slot(start: UInt(bitPattern: base), end: UInt(bitPattern: base) + UInt(range.count))
            return free
        }
    }

    /// Whether the handler here answers `signalNumber` (SIGBUS, once a mapping was
    /// watched): others leave it in place.
    static func handles(_ signalNumber: Int32) -> Bool {
        signalNumber == SIGBUS && lock.withLock { $0 }
    }

    /// Stops watching the mapping of `slot` (before it is unmapped).
    static func unregister(_ slot: Int) {
        lock.withLock { _ in slots[slot] = Slot() }
    }

    /// Whether a page of the mapping of `slot` was found missing.
    static func hasShrunk(_ slot: Int) -> Bool {
        lock.withLock { _ in slots[slot].shrank }
    }

    /// The SIGBUS handler: a page of zeros over a missing page of a watched mapping;
    /// for any other fault, the crash answer.
    private static let handleFault: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        signalNumber, info, _ in
        let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
        for index in 0..<capacity where slots[index].end != 0 && address >= slots[index].start && address < slots[index].end {
            let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
            let pageStart = UnsafeMutableRawPointer(bitPattern: address / page * page)
            let zeros = mmap(pageStart, Int(page), PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            if zeros != MAP_FAILED {
                slots[index].shrank = true
                return
            }
        }
        answerFatalSignal(signalNumber)
    }
}
