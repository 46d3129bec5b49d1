/// Turns terminal input bytes into keys: UTF-8 text, control chords, the CSI and SS3
/// sequences xterm-compatible terminals send for arrows and editing keys, and SGR
/// mouse reports of the wheel and of the first button (other mouse reports are read
/// and dropped).
///
/// Bytes are fed as they arrive; an incomplete sequence is held until the next feed.
/// An ESC with nothing after it is the Escape key once `flush()` is called (after a
/// short read timeout).
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    package init() {}

    /// Decodes as many keys as the bytes so far allow.
    package mutating func feed(_ bytes: some Sequence<UInt8>) -> [TerminalKey] {
        pending.append(contentsOf: bytes)
        var keys: [TerminalKey] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = decode(at: index) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Ends a sequence left incomplete: a lone ESC becomes Escape, the rest is dropped.
    package mutating func flush() -> [TerminalKey] {
        defer { pending.removeAll() }
        return pending.first == 0x1B ? [.escape] : []
    }

    /// The key at `index` and the bytes it takes, `nil` when more bytes are needed,
    /// or a `nil` key for a sequence that is complete but unknown.
    private func decode(at index: Int) -> (TerminalKey?, Int)? {
        let byte = pending[index]
        switch byte {
        case 0x1B: return decodeEscape(at: index)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x00..<0x20: return (nil, 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(byte))), 1)
        default: return decodeUTF8(at: index)
        }
    }

    private func decodeUTF8(at index: Int) -> (TerminalKey?, Int)? {
        let lead = pending[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard index + length <= pending.count else { return nil }
        let text = String(decoding: pending[index..<(index + length)], as: UTF8.self)
        return (text.first.map(TerminalKey.character), length)
    }

    private func decodeEscape(at index: Int) -> (TerminalKey?, Int)? {
        guard index + 1 < pending.count else { return nil }
        let kind = pending[index + 1]
        if kind == UInt8(ascii: "O") {
            guard index + 2 < pending.count else { return nil }
            let final = pending[index + 2]
            let key: TerminalKey? = switch final {
            case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(final - UInt8(ascii: "P")) + 1)
            default: Self.cursorKey(final)
            }
            return (key, 3)
        }
        if kind == UInt8(ascii: "_") { return skipApplicationCommand(at: index) }
        guard kind == UInt8(ascii: "[") else { return (.escape, 1) }
        // CSI: parameter bytes 0x30-0x3F, intermediates 0x20-0x2F, a final 0x40-0x7E.
        var end = index + 2
        while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
        guard end < pending.count else { return nil }
        let final = pending[end]
        let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
        if parameters.hasPrefix("<") {
            // SGR mouse: ESC [ < button ; column ; row (M press, m release). The wheel
            // is buttons 64 and 65, with 4, 8 and 16 added for Shift, Meta and Ctrl.
            // The first button is 0, and 32 while it moves held down; cells count from 1.
            let fields = parameters.dropFirst().split(separator: ";").map { Int($0) }
            let button = (fields.first ?? nil).map { $0 & ~(4 | 8 | 16) }
            var key: TerminalKey?
            if final == UInt8(ascii: "M") {
                switch button {
                case 64: key = .wheelUp
                case 65: key = .wheelDown
                case 0, 32:
                    if fields.count == 3, let column = fields[1], let row = fields[2], column > 0, row > 0 {
                        key = .click(column: column - 1, row: row - 1)
                    }
                default: break
                }
            }
            return (key, end - index + 1)
        }
        let number = Int(parameters.split(separator: ";").first ?? "")
        let key: TerminalKey? = switch final {
        case UInt8(ascii: "Z"): .backTab
        case UInt8(ascii: "~"):
            switch number {
            case 1, 7: .home
            case 4, 8: .end
            case 5: .pageUp
            case 6: .pageDown
            case 11, 12, 13, 14, 15: .function(number! - 10)
            case 17, 18, 19, 20, 21: .function(number! - 11)
            case 23, 24: .function(number! - 12)
            default: nil
            }
        default: Self.cursorKey(final)
        }
        return (key, end - index + 1)
    }

    /// An application program command (`ESC _ ... ESC \\`) is a terminal's answer,
    /// never a key: kitty's to the graphics query, when it comes after the wait for it
    /// (its `Gi=31;OK` read as keys would jump to the end). Taken whole, with no key;
    /// `nil` until its end has come.
    private func skipApplicationCommand(at index: Int) -> (TerminalKey?, Int)? {
        var end = index + 2
        while end < pending.count {
            switch pending[end] {
            case 0x07: return (nil, end - index + 1)
            case 0x1B:
                guard end + 1 < pending.count else { return nil }
                // (An ESC that does not end it starts what comes next.)
                return (nil, end - index + (pending[end + 1] == UInt8(ascii: "\\") ? 2 : 0))
            default: end += 1
            }
        }
        return nil
    }

    /// The arrow, Home and End keys, whose final byte is the same after CSI and SS3.
    private static func cursorKey(_ final: UInt8) -> TerminalKey? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }
}
