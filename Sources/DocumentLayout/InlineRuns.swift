import RenderCore

/// The inline content of one block being collected: styled UTF-8 text with white
/// space already collapsed (CSS 2.2 §16.6.1, `white-space: normal`), or kept (`pre`).
struct InlineRuns: Sendable {
    private(set) var text = StyledText()
    /// Whether the last collected character is a collapsible space (or nothing has
    /// been collected yet on this line), so that the next space is dropped.
    private var afterSpace = true

    var isEmpty: Bool { text.isEmpty }

    /// Appends text, collapsing runs of white space to one space unless `preserve`.
    /// With `noWrap` (`<nobr>`), the collapsed spaces are no-break spaces.
    ///
    /// Works on UTF-8 bytes: the white space HTML collapses is ASCII, and no byte of
    /// a multi-byte UTF-8 sequence is ASCII, so bytes can be judged one by one.
    mutating func append(_ bytes: some Collection<UInt8>, style: Style, preserve: Bool, noWrap: Bool = false) {
        if !preserve, let done = bytes.withContiguousStorageIfAvailable({ appendCollapsing($0, noWrap: noWrap) }) {
            _ = done
            text.closeRun(style: style)
            return
        }
        var previous: UInt8 = 0
        for byte in bytes {
            if preserve {
                // CR LF and lone CR become LF.
                if byte == 0x0A, previous == 0x0D {
                    previous = byte
                    continue
                }
                text.appendByte(byte == 0x0D ? 0x0A : byte)
                afterSpace = byte == 0x0A || byte == 0x0D
            } else if Self.isCollapsible(byte) {
                appendCollapsedSpace(noWrap: noWrap)
            } else {
                text.appendByte(byte)
                afterSpace = false
            }
            previous = byte
        }
        text.closeRun(style: style)
    }

    /// Appends text with white space collapsed, copying the runs between white space
    /// whole.
    private mutating func appendCollapsing(_ bytes: UnsafeBufferPointer<UInt8>, noWrap: Bool) {
        if !noWrap, Self.isCollapsed(bytes, afterSpace: afterSpace) {
            // Words between single spaces (most text): nothing to collapse.
            text.appendBytes(bytes)
            afterSpace = bytes.last == 0x20
            return
        }
        var index = 0
        while index < bytes.count {
            if Self.isCollapsible(bytes[index]) {
                appendCollapsedSpace(noWrap: noWrap)
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, !Self.isCollapsible(bytes[index]) { index += 1 }
            text.appendBytes(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            afterSpace = false
        }
    }

    /// Whether `bytes` are some text collapsed already: no white space but single
    /// spaces, and none first when a space comes right before.
    private static func isCollapsed(_ bytes: UnsafeBufferPointer<UInt8>, afterSpace: Bool) -> Bool {
        guard let first = bytes.first, !(afterSpace && first == 0x20) else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            // Below 0x21, only the space is let through, and never twice in a row.
            if byte <= 0x20, byte != 0x20 || previous == 0x20 { return false }
            previous = byte
        }
        return true
    }

    /// A white space character: a space, unless one comes right before (a no-break
    /// space inside `<nobr>`).
    private mutating func appendCollapsedSpace(noWrap: Bool) {
        if !afterSpace {
            if noWrap {
                text.appendByte(0xC2)
                text.appendByte(0xA0)
            } else {
                text.appendByte(0x20)
            }
        }
        afterSpace = true
    }

    mutating func append(_ string: String, style: Style, preserve: Bool) {
        append(string.utf8, style: style, preserve: preserve)
    }

    /// A link mark, `[number]`, kept as it is.
    mutating func appendLinkMark(_ number: Int, style: Style) {
        text.appendByte(UInt8(ascii: "["))
        var digits = 1
        while digits < 19, number >= Self.powersOfTen[digits] { digits += 1 }
        for place in stride(from: digits - 1, through: 0, by: -1) {
            text.appendByte(UInt8(ascii: "0") + UInt8(number / Self.powersOfTen[place] % 10))
        }
        text.appendByte(UInt8(ascii: "]"))
        text.closeRun(style: style)
        afterSpace = false
    }

    private static let powersOfTen: [Int] = (0..<19).map { (0..<$0).reduce(1) { value, _ in value * 10 } }

    /// A forced line break (`<br>`): spaces before it are dropped, and spaces after it.
    mutating func appendLineBreak(style: Style) {
        trimTrailingSpace()
        text.append(contentsOf: CollectionOfOne(0x0A), style: style)
        afterSpace = true
    }

    /// Drops collapsible spaces at the end (CSS removes them at the end of a line).
    mutating func trimTrailingSpace() {
        text.trimTrailingSpaces()
    }

    /// Whether the runs hold anything visible.
    var hasContent: Bool {
        text.bytes.contains { !Self.isCollapsible($0) }
    }

    /// Drops the first `count` bytes (lines laid out from them), keeping the rest and
    /// whether it ends after a space.
    mutating func removeFirst(_ count: Int) {
        text.removeFirst(count)
    }

    mutating func removeAll() {
        text.removeAll()
        afterSpace = true
    }

    /// ASCII white space per HTML (space, tab, LF, FF, CR); U+00A0 is not collapsible.
    static func isCollapsible(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
