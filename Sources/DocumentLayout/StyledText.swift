import RenderCore

/// UTF-8 text with style runs over it: one byte buffer, so that building a paragraph
/// or a line makes no string per piece.
struct StyledText: Sendable {
    /// A style over the bytes from the previous run's end to `end`.
    struct Run {
        var end: Int
        var style: Style
    }

    /// The bytes, kept when the text is emptied (a paragraph's text is collected in
    /// them, laid out and dropped, for every block) and written in place: most pieces
    /// of text are a few bytes, which `Array.append(contentsOf:)` and
    /// `removeAll(keepingCapacity:)` cost many times more than copying.
    private var storage = ByteArena()
    private(set) var runs: [Run] = []
    /// Whether every byte is printable ASCII (`TextWidth.isPrintableASCII`): kept as
    /// the text grows, so that wrapping most paragraphs measures nothing (a byte is
    /// a column, and no line feed forces a break).
    private(set) var isPrintableASCII = true

    var byteCount: Int { storage.count }
    var bytes: ArraySlice<UInt8> { storage.bytes }

    /// Calls `body` with the bytes in place (no slice made, as `bytes` makes one).
    func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withBytes(body)
    }

    var isEmpty: Bool { byteCount == 0 }

    /// Appends one byte without closing the run (`closeRun` does).
    mutating func appendByte(_ byte: UInt8) {
        storage.append(byte: byte)
        if byte < 0x20 || byte >= 0x7F { isPrintableASCII = false }
    }

    /// Appends bytes without closing the run (`closeRun` does).
    mutating func appendBytes(_ more: UnsafeBufferPointer<UInt8>) {
        storage.append(more)
        if isPrintableASCII, !TextWidth.isPrintableASCII(more) { isPrintableASCII = false }
    }

    /// `appendBytes` for bytes the caller found to be printable ASCII or not as it
    /// read them.
    mutating func appendBytes(_ more: UnsafeBufferPointer<UInt8>, isPrintableASCII printable: Bool) {
        storage.append(more)
        if !printable { isPrintableASCII = false }
    }

    /// Appends `count` bytes of printable ASCII that `fill` writes in place, without
    /// closing the run.
    mutating func appendPrintableASCII(count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        storage.append(count: count, filling: fill)
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
    @inline(__always)
    mutating func closeRun(style: Style) {
        guard byteCount > (runs.last?.end ?? 0) else { return }
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].end = byteCount
        } else {
            runs.append(Run(end: byteCount, style: style))
        }
    }

    /// The last scalar before the trailing spaces, if any.
    func lastScalarBeforeSpaces() -> UInt32? {
        withUnsafeBytes { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
            guard end > 0 else { return nil }
            // (Most text is ASCII: its last byte is the scalar.)
            if bytes[end - 1] < 0x80 { return UInt32(bytes[end - 1]) }
            var start = end - 1
            while start > 0, end - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            var decoder = UTF8()
            var iterator = bytes[start..<end].makeIterator()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
            return scalar.value
        }
    }

    /// Drops spaces at the end.
    mutating func trimTrailingSpaces() {
        let byteCount = withUnsafeBytes { bytes in
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
            return end
        }
        storage.removeAll(from: byteCount)
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
        var rest = ByteArena()
        _ = storage.withBytes(count..<storage.count) { rest.append($0) }
        storage = rest
        runs = runs.filter { $0.end > count }.map { Run(end: $0.end - count, style: $0.style) }
    }

    /// The byte range of run `index`.
    func range(ofRun index: Int) -> Range<Int> {
        (index == 0 ? 0 : runs[index - 1].end)..<runs[index].end
    }

    /// The text as line spans, one a run.
    var spans: [LayoutLine.Span] {
        runs.indices.map { run in
            LayoutLine.Span(storage.withBytes(range(ofRun: run)) { String(decoding: $0, as: UTF8.self) }, style: runs[run].style)
        }
    }

    mutating func removeAll() {
        guard !runs.isEmpty || byteCount > 0 else { return }
        storage.removeAll()
        runs.removeAll(keepingCapacity: true)
        isPrintableASCII = true
    }
}
