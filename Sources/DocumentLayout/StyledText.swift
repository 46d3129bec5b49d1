import RenderCore

/// UTF-8 text with style runs over it: one byte buffer, so that building a paragraph
/// or a line makes no string per piece.
struct StyledText: Sendable {
    /// A style over the bytes from the previous run's end to `end`.
    struct Run {
        var end: Int
        var style: Style
    }

    /// The bytes are the first `byteCount` of `storage`, which is kept when the text is
    /// emptied (a paragraph's text is collected in it, laid out and dropped, for every
    /// block), and written in place: most pieces of text are a few bytes, which
    /// `Array.append(contentsOf:)` and `removeAll(keepingCapacity:)` cost many times
    /// more than copying.
    private var storage: [UInt8] = []
    private(set) var byteCount = 0
    private(set) var runs: [Run] = []

    var bytes: ArraySlice<UInt8> { storage[..<byteCount] }

    /// Calls `body` with the bytes in place (no slice made, as `bytes` makes one).
    func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<byteCount])) }
    }

    var isEmpty: Bool { byteCount == 0 }

    /// Appends one byte without closing the run (`closeRun` does).
    mutating func appendByte(_ byte: UInt8) {
        if byteCount < storage.count {
            storage[byteCount] = byte
        } else {
            storage.append(byte)
        }
        byteCount += 1
    }

    /// Appends bytes without closing the run (`closeRun` does).
    mutating func appendBytes(_ more: UnsafeBufferPointer<UInt8>) {
        guard let source = more.baseAddress, !more.isEmpty else { return }
        if storage.count < byteCount + more.count {
            storage.append(contentsOf: repeatElement(0, count: Swift.max(byteCount + more.count, 2 * storage.count) - storage.count))
        }
        let start = byteCount
        storage.withUnsafeMutableBufferPointer { (target: inout UnsafeMutableBufferPointer<UInt8>) in
            (target.baseAddress! + start).update(from: source, count: more.count)
        }
        byteCount += more.count
    }

    mutating func append(contentsOf text: some Collection<UInt8>, style: Style) {
        // (Bytes that lie together are copied at once, not a byte at a time.)
        if text.withContiguousStorageIfAvailable({ appendBytes($0) }) == nil {
            for byte in text { appendByte(byte) }
        }
        closeRun(style: style)
    }

    /// Gives the bytes appended since the last run `style`, merged into the last run
    /// when the style is the same.
    mutating func closeRun(style: Style) {
        guard byteCount > (runs.last?.end ?? 0) else { return }
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].end = byteCount
        } else {
            runs.append(Run(end: byteCount, style: style))
        }
    }

    /// Drops spaces at the end.
    /// The last scalar before the trailing spaces, if any.
    func lastScalarBeforeSpaces() -> UInt32? {
        var end = byteCount
        while end > 0, storage[end - 1] == 0x20 { end -= 1 }
        guard end > 0 else { return nil }
        // (Most text is ASCII: its last byte is the scalar.)
        if storage[end - 1] < 0x80 { return UInt32(storage[end - 1]) }
        var start = end - 1
        while start > 0, end - start < 4, storage[start] & 0xC0 == 0x80 { start -= 1 }
        var decoder = UTF8()
        var iterator = storage[start..<end].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return scalar.value
    }

    mutating func trimTrailingSpaces() {
        while byteCount > 0, storage[byteCount - 1] == 0x20 { byteCount -= 1 }
        while let last = runs.last, last.end > byteCount {
            if runs.count > 1, runs[runs.count - 2].end >= byteCount {
                runs.removeLast()
            } else {
                runs[runs.count - 1].end = byteCount
                if byteCount == 0 { runs.removeAll() }
                break
            }
        }
    }

    /// Drops the first `count` bytes; what is left is stored anew, at its own size
    /// (it is kept: see `DocumentLayoutEngine.Carry.unfinishedLine`).
    mutating func removeFirst(_ count: Int) {
        storage = Array(storage[count..<byteCount])
        byteCount = storage.count
        runs = runs.filter { $0.end > count }.map { Run(end: $0.end - count, style: $0.style) }
    }

    /// The byte range of run `index`.
    func range(ofRun index: Int) -> Range<Int> {
        (index == 0 ? 0 : runs[index - 1].end)..<runs[index].end
    }

    /// The text as line spans, one a run.
    var spans: [LayoutLine.Span] {
        runs.indices.map { LayoutLine.Span(String(decoding: storage[range(ofRun: $0)], as: UTF8.self), style: runs[$0].style) }
    }

    mutating func removeAll() {
        guard !runs.isEmpty || byteCount > 0 else { return }
        byteCount = 0
        runs.removeAll(keepingCapacity: true)
    }
}
