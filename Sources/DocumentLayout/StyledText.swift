import RenderCore

/// UTF-8 text with style runs over it: one byte buffer, so that building a paragraph
/// or a line makes no string per piece.
struct StyledText: Sendable {
    /// A style over the bytes from the previous run's end to `end`.
    struct Run {
        var end: Int
        var style: Style
    }

    private(set) var bytes: [UInt8] = []
    private(set) var runs: [Run] = []

    var isEmpty: Bool { bytes.isEmpty }

    /// Appends one byte without closing the run (`closeRun` does).
    mutating func appendByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends bytes without closing the run (`closeRun` does).
    mutating func appendBytes(_ more: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: more)
    }

    mutating func append(contentsOf text: some Collection<UInt8>, style: Style) {
        bytes.append(contentsOf: text)
        closeRun(style: style)
    }

    /// Gives the bytes appended since the last run `style`, merged into the last run
    /// when the style is the same.
    mutating func closeRun(style: Style) {
        guard bytes.count > (runs.last?.end ?? 0) else { return }
        if let last = runs.last, last.style == style {
            runs[runs.count - 1].end = bytes.count
        } else {
            runs.append(Run(end: bytes.count, style: style))
        }
    }

    /// Drops spaces at the end.
    /// The last scalar before the trailing spaces, if any.
    func lastScalarBeforeSpaces() -> UInt32? {
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

    mutating func trimTrailingSpaces() {
        while bytes.last == 0x20 { bytes.removeLast() }
        while let last = runs.last, last.end > bytes.count {
            if runs.count > 1, runs[runs.count - 2].end >= bytes.count {
                runs.removeLast()
            } else {
                runs[runs.count - 1].end = bytes.count
                if bytes.isEmpty { runs.removeAll() }
                break
            }
        }
    }

    /// Drops the first `count` bytes; what is left is stored anew, at its own size
    /// (it is kept: see `DocumentLayoutEngine.Carry.unfinishedLine`).
    mutating func removeFirst(_ count: Int) {
        bytes = Array(bytes[count...])
        runs = runs.filter { $0.end > count }.map { Run(end: $0.end - count, style: $0.style) }
    }

    /// The byte range of run `index`.
    func range(ofRun index: Int) -> Range<Int> {
        (index == 0 ? 0 : runs[index - 1].end)..<runs[index].end
    }

    /// The text as line spans, one a run.
    var spans: [LayoutLine.Span] {
        runs.indices.map { LayoutLine.Span(String(decoding: bytes[range(ofRun: $0)], as: UTF8.self), style: runs[$0].style) }
    }

    mutating func removeAll() {
        guard !runs.isEmpty || !bytes.isEmpty else { return }
        bytes.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
    }
}
