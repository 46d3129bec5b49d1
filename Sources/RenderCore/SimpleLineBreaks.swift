/// UAX #14 for the plainest text, without ICU: ASCII letters, digits, spaces, the
/// separators `, . ; :` and the brackets `[ ]` of link numbers, which is most of the
/// text of many pages. Anything else is left to ICU (`nil`). A test compares every
/// string of up to seven of these characters, and many longer ones, with ICU.
///
/// The classes and the rules that apply to them (UAX #14 as ICU implements it, with
/// the rule for a space before a decimal separator of Unicode 15.1): letters AL,
/// digits NU, space SP, the separators IS, `[` OP, `]` CP.
enum SimpleLineBreaks {
    private enum Class: UInt8 {
        case letter, digit, space, separator, open, close
    }

    private static let classes: [Class?] = (0..<128).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): .letter
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
        case UInt8(ascii: " "): .space
        case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"): .separator
        case UInt8(ascii: "["): .open
        case UInt8(ascii: "]"): .close
        default: nil
        }
    }

    /// The break opportunities of `bytes` as ICU gives them, or `nil` when a byte is
    /// not one of the simple characters.
    static func opportunities(in bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        guard !bytes.isEmpty else { return [] }
        var kinds: [Class] = []
        kinds.reserveCapacity(bytes.count)
        for byte in bytes {
            guard byte < 128, let kind = classes[Int(byte)] else { return nil }
            kinds.append(kind)
        }
        var breaks: [Int] = []
        // Whether an opening bracket came before the spaces that end here (no break
        // after `[` and any spaces after it: LB14).
        var afterOpen = false
        for index in 1..<max(1, kinds.count) {
            let previous = kinds[index - 1]
            let current = kinds[index]
            if previous == .open { afterOpen = true } else if previous != .space { afterOpen = false }
            let next = index + 1 < kinds.count ? kinds[index + 1] : nil
            if isBreak(between: previous, and: current, before: next, afterOpen: afterOpen) { breaks.append(index) }
        }
        breaks.append(bytes.count)
        return breaks
    }

    private static func isBreak(between previous: Class, and current: Class, before next: Class?, afterOpen: Bool) -> Bool {
        // LB7: no break before spaces. LB13: none before `]`.
        if current == .space || current == .close { return false }
        // LB14: none after `[`, spaces between or not.
        if afterOpen { return false }
        // LB15c: a break between a space and a separator that starts a number (" .5");
        // LB15d: else none before a separator.
        if current == .separator { return previous == .space && next == .digit }
        // LB18: a break after spaces.
        if previous == .space { return true }
        switch (previous, current) {
        // LB23, LB28: letters and digits hold together; LB30: so do they and brackets.
        case (.letter, .letter), (.letter, .digit), (.digit, .letter), (.digit, .digit): return false
        case (.letter, .open), (.digit, .open), (.close, .letter), (.close, .digit): return false
        // LB29: a separator holds to the letter after it; LB25: and to a digit.
        case (.separator, .letter), (.separator, .digit): return false
        default: return true
        }
    }
}
