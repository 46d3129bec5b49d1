/// Bytes appended at the end and dropped from the end, in a buffer that only grows:
/// a paragraph's text, a layout's line text, a stack of line prefixes. Kept with no allocation once it
/// has grown, and with one uniqueness check an append, where `Array`'s `append` and
/// `removeLast` cost many times the copy of a few bytes.
struct ByteArena: Sendable, Equatable {
    /// The bytes are the first `count` of `storage`; the rest is room.
    private var storage: [UInt8] = []
    private(set) var count = 0

    /// Appends `bytes`; gives where they lie.
    @discardableResult
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = count
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return start..<start }
        makeRoom(bytes.count)
        storage.withUnsafeMutableBufferPointer { ($0.baseAddress! + start).update(from: source, count: bytes.count) }
        count += bytes.count
        return start..<count
    }

    /// Appends one byte.
    mutating func append(byte: UInt8) {
        if count < storage.count {
            storage[count] = byte
        } else {
            storage.append(byte)
        }
        count += 1
    }

    @discardableResult
    mutating func append(_ bytes: [UInt8]) -> Range<Int> {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends a copy of its own bytes `range`; gives where the copy lies.
    mutating func appendCopy(of range: Range<Int>) -> Range<Int> {
        let start = count
        guard !range.isEmpty else { return start..<start }
        makeRoom(range.count)
        storage.withUnsafeMutableBufferPointer { ($0.baseAddress! + start).update(from: $0.baseAddress! + range.lowerBound, count: range.count) }
        count += range.count
        return start..<count
    }

    /// Appends `bytes` (copied at once when they lie together).
    mutating func append(contentsOf bytes: some Collection<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ append($0) }) == nil { append(Array(bytes)) }
    }

    /// Appends `count` bytes and calls `body` to fill them, in place.
    mutating func append(count more: Int, filling body: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        guard more > 0 else { return }
        makeRoom(more)
        let start = count
        storage.withUnsafeMutableBufferPointer { body(UnsafeMutableBufferPointer(rebasing: $0[start..<(start + more)])) }
        count += more
    }

    /// Drops the bytes from `end` on.
    mutating func removeAll(from end: Int = 0) {
        count = min(count, end)
    }

    /// Makes room for `total` bytes in all.
    mutating func reserveCapacity(_ total: Int) {
        makeRoom(total - count)
    }

    /// Bytes held, room included.
    var capacity: Int { storage.capacity }

    /// Calls `body` with bytes `range`, in place.
    func withBytes<Result>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The bytes, as a slice of the buffer.
    var bytes: ArraySlice<UInt8> { storage[..<count] }

    /// Calls `body` with all the bytes, in place.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withBytes(0..<count, body)
    }

    static func == (left: ByteArena, right: ByteArena) -> Bool {
        left.count == right.count && left.withBytes { a in right.withBytes { b in a.elementsEqual(b) } }
    }

    /// Makes the buffer hold at least `count + more` bytes. (The check is made in
    /// line at every append; growing, rare, is not.)
    @inline(__always)
    private mutating func makeRoom(_ more: Int) {
        if storage.count < count + more { grow(toHold: count + more) }
    }

    /// Grows the buffer to `needed` bytes or twice its size: a new buffer with the
    /// bytes held copied in, the room left as it comes (bytes are written before they
    /// are read: `count` says which are).
    @inline(never)
    private mutating func grow(toHold needed: Int) {
        let total = max(needed, 2 * storage.count, 64)
        storage = storage.withUnsafeBufferPointer { held in
            [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
                if count > 0 { buffer.baseAddress!.update(from: held.baseAddress!, count: count) }
                initialized = total
            }
        }
    }
}
