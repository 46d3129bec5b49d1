import Glibc

/// Keeps libxml2 linear on start tags with very many attributes: past the first
/// `limit` attributes of a tag, the rest are blanked out (their bytes made spaces, so
/// page offsets stay as they are) before libxml2 reads them.
///
/// libxml2's HTML parser checks each attribute of a tag against all those before it,
/// so a tag of n attributes costs n² / 2 comparisons: 200,000 attributes (2 MB) took
/// 45 s. No page has a use for hundreds of attributes on one element; layout reads a
/// handful (`href`, `id`, `alt`, ...), and they come first in any real page.
///
/// It reads the page as libxml2's tokenizer does, only as far as tags go: text is
/// skipped with `memchr` to the next `<`; a `<` and a letter opens a tag, whose
/// attributes (names, `=`, values quoted or not) are counted to its `>`, or to a `<`
/// outside a quoted value (then it was text, as `a<b` in a script is, and what the `<`
/// opens is read anew: an end tag such as `</script>` is never taken for attributes).
/// Its state carries from one window of the page to the next.
struct AttributeLimiter {
    /// Attributes of a tag passed as they are.
    static let limit = 256

    private enum State {
        case text
        /// Right after a `<` (it ended the last window).
        case lessThan
        case tagName
        /// Between attributes.
        case beforeAttribute
        case attributeName
        case afterAttributeName
        case beforeValue
        case quoted(UInt8)
        case unquoted
    }

    private var state = State.text
    /// Attributes of the open tag so far.
    private var attributes = 0
    /// Whether the attribute being read is blanked out.
    private var blanking = false

    /// Reads `bytes` (the next bytes of the page, in order), blanking out attributes
    /// past the limit in place.
    mutating func limit(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var index = 0
        let count = bytes.count
        while index < count {
            switch state {
            case .text:
                guard let found = memchr(base + index, 0x3C, count - index) else { return }
                index = found.assumingMemoryBound(to: UInt8.self) - base + 1
                state = .lessThan
            case .lessThan:
                attributes = 0
                guard Self.isLetter(base[index]) else {
                    state = .text
                    continue
                }
                state = .tagName
                index += 1
            case .tagName:
                // The name runs to a blank, `/` or `>`.
                while index < count, !Self.isBlank(base[index]), base[index] != 0x3E, base[index] != 0x2F { index += 1 }
                guard index < count else { return }
                state = .beforeAttribute
            case .beforeAttribute:
                let byte = base[index]
                if byte == 0x3C {
                    state = .text
                    continue
                } else if byte == 0x3E {
                    state = .text
                } else if !Self.isBlank(byte), byte != 0x2F {
                    attributes += 1
                    blanking = attributes > Self.limit
                    state = .attributeName
                    continue
                }
                index += 1
            case .attributeName:
                while index < count {
                    let byte = base[index]
                    if Self.isBlank(byte) || byte == 0x3D || byte == 0x3E || byte == 0x2F || byte == 0x3C { break }
                    if blanking { base[index] = 0x20 }
                    index += 1
                }
                guard index < count else { return }
                state = base[index] == 0x3C ? .text : .afterAttributeName
            case .afterAttributeName:
                let byte = base[index]
                if byte == 0x3D {
                    if blanking { base[index] = 0x20 }
                    state = .beforeValue
                    index += 1
                } else if Self.isBlank(byte) {
                    index += 1
                } else {
                    // A name alone; what follows is the next attribute, or the end
                    // (or a `<`).
                    state = .beforeAttribute
                }
            case .beforeValue:
                let byte = base[index]
                if Self.isBlank(byte) {
                    index += 1
                } else if byte == 0x22 || byte == 0x27 {
                    if blanking { base[index] = 0x20 }
                    state = .quoted(byte)
                    index += 1
                } else if byte == 0x3E {
                    state = .text
                    index += 1
                } else if byte == 0x3C {
                    state = .text
                } else {
                    state = .unquoted
                }
            case .quoted(let quote):
                let end = memchr(base + index, Int32(quote), count - index).map { $0.assumingMemoryBound(to: UInt8.self) - base } ?? count
                if blanking { (base + index).update(repeating: 0x20, count: end - index) }
                index = end
                guard index < count else { return }
                if blanking { base[index] = 0x20 }
                index += 1
                state = .beforeAttribute
            case .unquoted:
                while index < count, !Self.isBlank(base[index]), base[index] != 0x3E, base[index] != 0x3C {
                    if blanking { base[index] = 0x20 }
                    index += 1
                }
                guard index < count else { return }
                state = base[index] == 0x3C ? .text : .beforeAttribute
            }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }
}
