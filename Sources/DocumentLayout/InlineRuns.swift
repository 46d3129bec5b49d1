import HTMLParsing
import RenderCore

/// The inline content of one block being collected: styled UTF-8 text with white
/// space already collapsed (CSS 2.2 §16.6.1, `white-space: normal`), or kept (`pre`).
struct InlineRuns: Sendable {
    private(set) var text = StyledText()
    /// Whether the last collected character is a collapsible space (or nothing has
    /// been collected yet on this line), so that the next space is dropped.
    private var afterSpace = true
    /// Whether the white space collapsed last held a segment break (a line feed)
    /// after a character that joins across one (`TextWidth.joinsAcrossSegmentBreak`):
    /// if the next character joins too, the space goes.
    private var segmentBreakAfterJoiner = false

    var isEmpty: Bool { text.isEmpty }

    /// Whether what comes next starts a word: nothing collected on the line yet, or a
    /// space last.
    var isAtWordStart: Bool { afterSpace }

    /// Appends text, collapsing runs of white space to one space unless `preserve`.
    /// With `noWrap` (`<nobr>`), the collapsed spaces are no-break spaces.
    ///
    /// Works on UTF-8 bytes: the white space HTML collapses is ASCII, and no byte of
    /// a multi-byte UTF-8 sequence is ASCII, so bytes can be judged one by one.
    mutating func append(_ bytes: some Collection<UInt8>, style: Style, preserve: Bool, noWrap: Bool = false) {
        // White space where nothing is collected yet shows nothing and changes nothing
        // (most texts between tags: a line feed and an indent).
        if !preserve, afterSpace, text.isEmpty, bytes.allSatisfy(Self.isCollapsible) { return }
        if let done = bytes.withContiguousStorageIfAvailable({ preserve ? appendPreserving($0) : appendCollapsing($0, noWrap: noWrap) }) {
            _ = done
            text.closeRun(style: style)
            return
        }
        var previous: UInt8 = 0
        segmentBreakAfterJoiner = false
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

    /// `append` for the text of text node `node` of `document`, read where it is
    /// stored.
    mutating func appendText(of node: HTMLDocument.Node, in document: HTMLDocument, style: Style, preserve: Bool, noWrap: Bool) {
        document.withUTF8Text(of: node) { append($0, style: style, preserve: preserve, noWrap: noWrap) }
    }

    /// Appends preserved text (`pre`), line ends made line feeds (CR LF and a lone CR
    /// each one LF), copying whole the runs between carriage returns (all of most
    /// texts).
    private mutating func appendPreserving(_ bytes: UnsafeBufferPointer<UInt8>) {
        segmentBreakAfterJoiner = false
        guard let last = bytes.last else { return }
        var start = 0
        while let carriageReturn = bytes[start...].firstIndex(of: 0x0D) {
            text.appendBytes(UnsafeBufferPointer(rebasing: bytes[start..<carriageReturn]))
            text.appendByte(0x0A)
            start = carriageReturn + 1
            if start < bytes.count, bytes[start] == 0x0A { start += 1 }
        }
        text.appendBytes(UnsafeBufferPointer(rebasing: bytes[start...]))
        afterSpace = last == 0x0A || last == 0x0D
    }

    /// Appends text with white space collapsed, copying whole the runs that need no
    /// change (most text: words between single spaces).
    @inline(__always)
    private mutating func appendCollapsing(_ bytes: UnsafeBufferPointer<UInt8>, noWrap: Bool) {
        var index = 0
        while index < bytes.count {
            // Inside `<nobr>` every space changes (to a no-break space): the words
            // between are copied whole.
            var end = index
            var isPrintableASCII = true
            if noWrap {
                while end < bytes.count, !Self.isCollapsible(bytes[end]) { end += 1 }
                isPrintableASCII = TextWidth.isPrintableASCII(UnsafeBufferPointer(rebasing: bytes[index..<end]))
            } else {
                end = Self.endOfCollapsed(bytes, from: index, afterSpace: afterSpace, isPrintableASCII: &isPrintableASCII)
            }
            if segmentBreakAfterJoiner, index < bytes.count, !Self.isCollapsible(bytes[index]) {
                joinSegmentBreak(before: bytes, at: index)
            }
            if end > index {
                text.appendBytes(UnsafeBufferPointer(rebasing: bytes[index..<end]), isPrintableASCII: isPrintableASCII)
                afterSpace = bytes[end - 1] == 0x20
                index = end
            }
            guard index < bytes.count else { break }
            if Self.isCollapsible(bytes[index]) {
                // White space that changes: one space for the run of it.
                appendCollapsedSpace(noWrap: noWrap)
                var hasSegmentBreak = false
                while index < bytes.count, Self.isCollapsible(bytes[index]) {
                    hasSegmentBreak = hasSegmentBreak || bytes[index] == 0x0A || bytes[index] == 0x0D
                    index += 1
                }
                if hasSegmentBreak, !noWrap, let last = text.lastScalarBeforeSpaces(), TextWidth.joinsAcrossSegmentBreak(last) {
                    segmentBreakAfterJoiner = true
                }
            } else {
                text.appendByte(bytes[index])
                afterSpace = false
                index += 1
            }
        }
    }

    /// Where the collapsed text from `start` ends: the first byte that collapsing
    /// changes, a control character (white space but the space, or another) or a space
    /// after a space (or first, after one before the text). Eight bytes at a time.
    /// Clears `isPrintableASCII` when a byte before the end is not printable ASCII
    /// (found in the same pass, so that the text need not be measured again).
    @inline(__always)
    private static func endOfCollapsed(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, afterSpace: Bool, isPrintableASCII: inout Bool
    ) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits = ones &* 0x80
        let lowBits = ones &* 0x7F
        var index = start
        // Whether the byte before `index` is a space (or the text starts after one).
        var spaceBefore = afterSpace
        // The high bit of each byte passed that is 0x7F or more (none below 0x20 is
        // passed: they end the text).
        var unprintable: UInt64 = 0
        defer { if unprintable != 0 { isPrintableASCII = false } }
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            // The high bit of each byte below 0x20 (a byte of 0x80 or more is not),
            // then of each space: the sums stay within their byte.
            let controls = ~(((word & lowBits) &+ (ones &* 0x60)) | word) & highBits
            let other = word ^ (ones &* 0x20)
            let spaces = ~(((other & lowBits) &+ lowBits) | other) & highBits
            let changed = controls | (spaces & ((spaces << 8) | (spaceBefore ? 0x80 : 0)))
            let high = (((word & lowBits) &+ ones) | word) & highBits
            if changed != 0 {
                // (Only the bytes below the first changed one count.)
                unprintable |= high & ((changed & (0 &- changed)) &- 1)
                return index + changed.trailingZeroBitCount / 8
            }
            unprintable |= high
            spaceBefore = spaces >> 56 != 0
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x20 && spaceBefore { return index }
            if byte >= 0x7F { unprintable = 0x80 }
            spaceBefore = byte == 0x20
            index += 1
        }
        return index
    }

    /// Before the content at `bytes[index]`, after a segment break between
    /// characters that join across one: the space it collapsed to goes.
    private mutating func joinSegmentBreak(before bytes: UnsafeBufferPointer<UInt8>, at index: Int) {
        segmentBreakAfterJoiner = false
        guard let next = Self.firstScalar(of: UnsafeBufferPointer(rebasing: bytes[index...])), TextWidth.joinsAcrossSegmentBreak(next)
        else { return }
        text.trimTrailingSpaces()
        afterSpace = false
    }

    /// The first scalar of UTF-8 `bytes` (`nil` when they do not start with one).
    private static func firstScalar(of bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return scalar.value
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
        segmentBreakAfterJoiner = false
        // The digits are written from the last into the text's own bytes, in place.
        var digits = 1
        var power = 10
        while power <= number, digits < 19 {
            digits += 1
            power &*= 10
        }
        text.appendPrintableASCII(count: digits + 2) { mark in
            mark[0] = UInt8(ascii: "[")
            var rest = max(0, number)
            for index in stride(from: digits, through: 1, by: -1) {
                mark[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            mark[digits + 1] = UInt8(ascii: "]")
        }
        text.closeRun(style: style)
        afterSpace = false
    }

    /// A forced line break (`<br>`): spaces before it are dropped, and spaces after it.
    mutating func appendLineBreak(style: Style) {
        segmentBreakAfterJoiner = false
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
        segmentBreakAfterJoiner = false
    }

    /// ASCII white space per HTML (space, tab, LF, FF, CR); U+00A0 is not collapsible.
    static func isCollapsible(_ byte: UInt8) -> Bool {
        HTMLWhiteSpace.contains(byte)
    }
}
