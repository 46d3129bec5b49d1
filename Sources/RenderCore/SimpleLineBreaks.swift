/// UAX #14 for printable ASCII text, without ICU: letters, digits, spaces and the
/// punctuation of prose and code, which is most of the text of most pages. Text with
/// any other byte, or with the prefix and postfix signs of numbers (`$ + \ %`, whose
/// rules ICU tailors), is left to ICU (`nil`). A test compares every string of up to
/// five characters, one of each class, and many longer ones, with ICU.
///
/// The classes, as Unicode gives them to these characters: letters and `# & * < = > @
/// ^ _ ` ~` AL, digits NU, space SP, `, . : ;` IS, `( [ {` OP, `) ]` CP, `}` CL,
/// `" '` QU, `! ?` EX, `-` HY, `/` SY, `|` BA. The rules are UAX #14's as ICU
/// implements them (Unicode 15.0).
enum SimpleLineBreaks {
    private enum Class: UInt8 {
        case letter, digit, space, infix, open, closeParenthesis, close, quote, exclamation, hyphen, symbol, after
    }

    private static let classes: [Class?] = (0..<128).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): .letter
        case UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">"),
            UInt8(ascii: "@"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "~"):
            .letter
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
        case UInt8(ascii: " "): .space
        case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"): .infix
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): .open
        case UInt8(ascii: ")"), UInt8(ascii: "]"): .closeParenthesis
        case UInt8(ascii: "}"): .close
        case UInt8(ascii: "\""), UInt8(ascii: "'"): .quote
        case UInt8(ascii: "!"), UInt8(ascii: "?"): .exclamation
        case UInt8(ascii: "-"): .hyphen
        case UInt8(ascii: "/"): .symbol
        case UInt8(ascii: "|"): .after
        default: nil
        }
    }

    /// The break opportunities of `bytes` as ICU gives them, or `nil` when a byte is
    /// not one of the simple characters.
    static func opportunities(in bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        guard !bytes.isEmpty else { return [] }
        for byte in bytes where byte >= 128 || classes[Int(byte)] == nil { return nil }
        var breaks: [Int] = []
        var previous = classes[Int(bytes[0])]!
        // The class before `previous` (`nil` at the start), that of the last character
        // before the spaces that end here (`nil` before the first), and whether the
        // characters since the last digit are all digits and separators (a number goes
        // on: LB25).
        var beforePrevious: Class?
        var beforeSpaces: Class? = previous == .space ? nil : previous
        var inNumber = previous == .digit
        // `beforeSpaces` as it was at `previous`.
        var spacesBeforePrevious: Class?
        for index in 1..<bytes.count {
            let current = classes[Int(bytes[index])]!
            let next = index + 1 < bytes.count ? classes[Int(bytes[index + 1])] : nil
            let context = Context(
                beforePrevious: beforePrevious, beforeSpaces: beforeSpaces, inNumber: inNumber, next: next,
                hyphenStartsWord: beforePrevious == nil || beforePrevious == .space && spacesBeforePrevious != .open)
            if isBreak(between: previous, and: current, context) { breaks.append(index) }
            spacesBeforePrevious = beforeSpaces
            if current != .space { beforeSpaces = current }
            switch current {
            case .digit: inNumber = true
            case .symbol, .infix: break
            default: inNumber = false
            }
            beforePrevious = previous
            previous = current
        }
        breaks.append(bytes.count)
        return breaks
    }

    /// What the rules look at besides the two characters a break would fall between.
    private struct Context {
        var beforePrevious: Class?
        var beforeSpaces: Class?
        var inNumber: Bool
        var next: Class?
        var hyphenStartsWord: Bool
    }

    private static func isBreak(between previous: Class, and current: Class, _ context: Context) -> Bool {
        // LB14: no break after `(` and spaces.
        if previous == .space, context.beforeSpaces == .open { return false }
        // LB15c: a break between a space and a separator that starts a number (" .5").
        if previous == .space, current == .infix, context.next == .digit { return true }
        switch current {
        // LB7: no break before spaces. LB13: none before `} ) ] ! ? , . : ; /`.
        case .space, .close, .closeParenthesis, .exclamation, .infix, .symbol: return false
        default: break
        }
        if previous == .space {
            // LB15: none between a quote, spaces and `(`; LB18: else a break after
            // spaces.
            if context.beforeSpaces == .quote, current == .open { return false }
            return true
        }
        switch (previous, current) {
        // LB14: none after `(`. LB19: none around quotes. LB21: none before `-` or `|`.
        case (.open, _), (.quote, _), (_, .quote), (_, .hyphen), (_, .after): return false
        // LB20.1: a hyphen that starts a word holds to the letter after it (but not
        // one after `(` and spaces, which LB14 has taken).
        case (.hyphen, .letter): return !context.hyphenStartsWord
        // LB23, LB28: letters and digits hold together; LB29: a separator holds to a
        // letter after it; LB30: letters and digits hold to brackets.
        case (.letter, .letter), (.letter, .digit), (.digit, .letter), (.infix, .letter): return false
        case (.letter, .open), (.digit, .open), (.closeParenthesis, .letter), (.closeParenthesis, .digit): return false
        // LB25: numbers hold together.
        case (.digit, .digit), (.hyphen, .digit), (.infix, .digit): return false
        case (.symbol, .digit): return !context.inNumber
        default: return true
        }
    }
}
