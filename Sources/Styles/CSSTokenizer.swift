/// Cuts a stylesheet's bytes into tokens, as CSS Syntax Level 3 (§4) says, one token
/// at a time (a stylesheet of 10 MB is never held as an array of tokens).
///
/// It reads UTF-8 as it is: every byte of 0x80 and above belongs to a non-ASCII code
/// point, which CSS counts as a name's, so a multi-byte character stays whole inside
/// names and strings without decoding. The spec's preprocessing is folded in: CR, FF
/// and CR LF are newlines, NUL is U+FFFD.
package struct CSSTokenizer {
    private let bytes: [UInt8]
    private var position: Int
    private let end: Int
    /// Whether tokens carry their names, strings and numbers: a skimming tokenizer
    /// (`skimming(_:in:)`) gives them empty, its callers reading bytes where it says.
    private let building: Bool

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        position = 0
        end = bytes.count
        building = true
    }

    private init(bytes: [UInt8], range: Range<Int>, building: Bool) {
        self.bytes = bytes
        position = range.lowerBound
        end = min(range.upperBound, bytes.count)
        self.building = building
    }

    /// A tokenizer of `bytes[range]` alone.
    package init(_ bytes: [UInt8], in range: Range<Int>) {
        self.init(bytes: bytes, range: range, building: true)
    }

    /// The first token of `bytes[range]`, read whole.
    static func exactToken(_ bytes: [UInt8], in range: Range<Int>) -> CSSToken? {
        var tokenizer = CSSTokenizer(bytes, in: range)
        return tokenizer.next()
    }

    /// A tokenizer of `bytes[range]` that tells tokens' kinds and where they are,
    /// without making their names: what reading a sheet of a million rules through
    /// once costs least.
    static func skimming(_ bytes: [UInt8], in range: Range<Int>) -> CSSTokenizer {
        CSSTokenizer(bytes: bytes, range: range, building: false)
    }

    /// Where the next token starts (its end, after `next()`).
    var offset: Int { position }

    /// The last token's code point (a `.delim`), its text (the name, string,
    /// address or unit; empty when skimming) and its number.
    private(set) var delim: Unicode.Scalar = " "
    private var text = ""
    private var number = 0.0
    private var isInteger = true

    package init(_ text: String) {
        self.init(Array(text.utf8))
    }

    /// The next token, `nil` at the end (§4.3.1).
    package mutating func next() -> CSSToken? {
        guard let kind = skim() else { return nil }
        switch kind {
        case .ident: return .ident(text)
        case .function: return .function(text)
        case .atKeyword: return .atKeyword(text)
        case .hash: return .hash(text, isIdentifier: false)
        case .idHash: return .hash(text, isIdentifier: true)
        case .string: return .string(text)
        case .badString: return .badString
        case .url: return .url(text)
        case .badURL: return .badURL
        case .delim: return .delim(delim)
        case .number: return .number(number, isInteger: isInteger)
        case .percentage: return .percentage(number)
        case .dimension: return .dimension(number, isInteger: isInteger, unit: text)
        case .whitespace: return .whitespace
        case .cdo: return .cdo
        case .cdc: return .cdc
        case .colon: return .colon
        case .semicolon: return .semicolon
        case .comma: return .comma
        case .openSquare: return .openSquare
        case .closeSquare: return .closeSquare
        case .openParen: return .openParen
        case .closeParen: return .closeParen
        case .openCurly: return .openCurly
        case .closeCurly: return .closeCurly
        }
    }

    /// The next token's kind, `nil` at the end; its text, number or code point are
    /// left in `text`, `number` and `delim` (text only when building).
    mutating func skim() -> CSSTokenKind? {
        skipComments()
        guard position < end else { return nil }
        let first = bytes[position]
        switch first {
        case _ where Self.isWhitespace(first):
            while position < end, Self.isWhitespace(bytes[position]) { position += 1 }
            return .whitespace
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            position += 1
            return consumeString(endingWith: first)
        case UInt8(ascii: "#"):
            if isNameByte(at: position + 1) || isValidEscape(at: position + 1) {
                let isIdentifier = startsIdentifier(at: position + 1)
                position += 1
                consumeNameIntoText()
                return isIdentifier ? .idHash : .hash
            }
        case UInt8(ascii: "("): position += 1; return .openParen
        case UInt8(ascii: ")"): position += 1; return .closeParen
        case UInt8(ascii: "["): position += 1; return .openSquare
        case UInt8(ascii: "]"): position += 1; return .closeSquare
        case UInt8(ascii: "{"): position += 1; return .openCurly
        case UInt8(ascii: "}"): position += 1; return .closeCurly
        case UInt8(ascii: ","): position += 1; return .comma
        case UInt8(ascii: ":"): position += 1; return .colon
        case UInt8(ascii: ";"): position += 1; return .semicolon
        case UInt8(ascii: "+"), UInt8(ascii: "."):
            if startsNumber(at: position) { return consumeNumeric() }
        case UInt8(ascii: "-"):
            if startsNumber(at: position) { return consumeNumeric() }
            if byte(at: position + 1) == UInt8(ascii: "-"), byte(at: position + 2) == UInt8(ascii: ">") {
                position += 3
                return .cdc
            }
            if startsIdentifier(at: position) { return consumeIdentLike() }
        case UInt8(ascii: "<"):
            if byte(at: position + 1) == UInt8(ascii: "!"), byte(at: position + 2) == UInt8(ascii: "-"), byte(at: position + 3) == UInt8(ascii: "-") {
                position += 4
                return .cdo
            }
        case UInt8(ascii: "@"):
            if startsIdentifier(at: position + 1) {
                position += 1
                consumeNameIntoText()
                return .atKeyword
            }
        case UInt8(ascii: "\\"):
            if isValidEscape(at: position) { return consumeIdentLike() }
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return consumeNumeric()
        default:
            if Self.isNameStart(first) { return consumeIdentLike() }
        }
        // A code point of its own: decoded whole where it is not ASCII.
        delim = consumeCodePoint()
        return .delim
    }

    // MARK: - Code points

    private func byte(at index: Int) -> UInt8? {
        index < end ? bytes[index] : nil
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || isNewline(byte)
    }

    static func isNewline(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// A letter, `_`, a byte of a non-ASCII code point, or NUL (U+FFFD).
    static func isNameStart(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte >= 0x80 || byte == 0
    }

    /// A name-start byte, a digit or `-`: the ASCII ones as bits of two words (the
    /// test a stylesheet's every byte goes through).
    static func isName(_ byte: UInt8) -> Bool {
        // NUL, `-`, 0-9 in the low word; A-Z, `_`, a-z in the high one.
        let low: UInt64 = 0x03FF_2000_0000_0001
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        if byte >= 0x80 { return true }
        return (byte < 64 ? low >> UInt64(byte) : high >> UInt64(byte - 64)) & 1 != 0
    }

    static func isDigit(_ byte: UInt8?) -> Bool {
        byte.map { (0x30...0x39).contains($0) } ?? false
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    private func isNameByte(at index: Int) -> Bool {
        byte(at: index).map(Self.isName) ?? false
    }

    /// `\` not followed by a newline (§4.3.8).
    private func isValidEscape(at index: Int) -> Bool {
        guard byte(at: index) == UInt8(ascii: "\\"), let next = byte(at: index + 1) else { return false }
        return !Self.isNewline(next)
    }

    /// Whether an identifier starts at `index` (§4.3.9).
    private func startsIdentifier(at index: Int) -> Bool {
        guard let first = byte(at: index) else { return false }
        if first == UInt8(ascii: "-") {
            guard let second = byte(at: index + 1) else { return false }
            return Self.isNameStart(second) || second == UInt8(ascii: "-") || isValidEscape(at: index + 1)
        }
        if Self.isNameStart(first) { return true }
        return isValidEscape(at: index)
    }

    /// Whether a number starts at `index` (§4.3.10).
    private func startsNumber(at index: Int) -> Bool {
        guard let first = byte(at: index) else { return false }
        if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            if Self.isDigit(byte(at: index + 1)) { return true }
            return byte(at: index + 1) == UInt8(ascii: ".") && Self.isDigit(byte(at: index + 2))
        }
        if first == UInt8(ascii: ".") { return Self.isDigit(byte(at: index + 1)) }
        return Self.isDigit(first)
    }

    private mutating func skipComments() {
        while byte(at: position) == UInt8(ascii: "/"), byte(at: position + 1) == UInt8(ascii: "*") {
            position += 2
            while position < end, !(bytes[position] == UInt8(ascii: "*") && byte(at: position + 1) == UInt8(ascii: "/")) { position += 1 }
            position = min(end, position + 2)
        }
    }

    /// The code point at the position, consumed: the bytes of one UTF-8 sequence
    /// (U+FFFD for a broken one, or NUL).
    private mutating func consumeCodePoint() -> Unicode.Scalar {
        let lead = bytes[position]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        let last = min(end, position + length)
        defer { position = last }
        if lead == 0 { return "\u{FFFD}" }
        if length == 1 { return lead < 0x80 ? Unicode.Scalar(lead) : "\u{FFFD}" }
        guard building else { return "\u{FFFD}" }
        return String(decoding: bytes[position..<last], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    }

    /// After a `\` consumed: the code point it escapes, in UTF-8 (§4.3.7).
    private mutating func consumeEscape(into name: inout [UInt8]) {
        guard position < end else {
            name += Self.replacement
            return
        }
        guard Self.hexValue(bytes[position]) != nil else {
            let start = position
            _ = consumeCodePoint()
            name += bytes[start] == 0 ? Self.replacement : Array(bytes[start..<position])
            return
        }
        var value: UInt32 = 0
        var digits = 0
        while digits < 6, position < end, let digit = Self.hexValue(bytes[position]) {
            value = value * 16 + digit
            digits += 1
            position += 1
        }
        if position < end, Self.isWhitespace(bytes[position]) {
            position += bytes[position] == 0x0D && byte(at: position + 1) == 0x0A ? 2 : 1
        }
        if value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) {
            name += Self.replacement
        } else if let scalar = Unicode.Scalar(value) {
            name += Array(String(Character(scalar)).utf8)
        }
    }

    private static let replacement = Array("\u{FFFD}".utf8)

    /// Consumes the name at the position into `text` (when building).
    private mutating func consumeNameIntoText() {
        let name = consumeName()
        if building { text = name }
    }

    /// The name at the position, escapes resolved (§4.3.11).
    private mutating func consumeName() -> String {
        // (Most names have no escape and no NUL: made of their bytes in place, with no
        // list of bytes grown one at a time.)
        let start = position
        while position < end, bytes[position] != 0, bytes[position] != UInt8(ascii: "\\"), Self.isName(bytes[position]) { position += 1 }
        if position == end || (bytes[position] != 0 && !isValidEscape(at: position)) {
            guard building else { return "" }
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<position]), as: UTF8.self) }
        }
        var name = Array(bytes[start..<position])
        while position < end {
            let byte = bytes[position]
            if Self.isName(byte) {
                if building { if byte == 0 { name += Self.replacement } else { name.append(byte) } }
                position += 1
            } else if isValidEscape(at: position) {
                position += 1
                consumeEscape(into: &name)
            } else {
                break
            }
        }
        return building ? String(decoding: name, as: UTF8.self) : ""
    }

    // MARK: - Tokens

    /// §4.3.3
    private mutating func consumeNumeric() -> CSSTokenKind {
        (number, isInteger) = consumeNumber()
        if startsIdentifier(at: position) {
            consumeNameIntoText()
            return .dimension
        }
        if byte(at: position) == UInt8(ascii: "%") {
            position += 1
            return .percentage
        }
        return .number
    }

    /// §4.3.12
    private mutating func consumeNumber() -> (Double, isInteger: Bool) {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
        while Self.isDigit(byte(at: position)) { position += 1 }
        if byte(at: position) == UInt8(ascii: "."), Self.isDigit(byte(at: position + 1)) {
            isInteger = false
            position += 1
            while Self.isDigit(byte(at: position)) { position += 1 }
        }
        if byte(at: position) == UInt8(ascii: "e") || byte(at: position) == UInt8(ascii: "E") {
            let sign = byte(at: position + 1) == UInt8(ascii: "+") || byte(at: position + 1) == UInt8(ascii: "-") ? 1 : 0
            if Self.isDigit(byte(at: position + 1 + sign)) {
                isInteger = false
                position += 1 + sign
                while Self.isDigit(byte(at: position)) { position += 1 }
            }
        }
        guard building else { return (0, isInteger) }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        // (Digits past a double's range give infinity, clamped as CSS clamps.)
        let value = Double(text) ?? 0
        return (value.isFinite ? value : (value < 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude), isInteger)
    }

    /// §4.3.4
    private mutating func consumeIdentLike() -> CSSTokenKind {
        let start = position
        consumeNameIntoText()
        guard byte(at: position) == UInt8(ascii: "(") else { return .ident }
        // (Skimming, the name is read from its bytes: `url(` is told apart all the same.)
        var exact = CSSTokenizer(bytes: bytes, range: start..<position, building: true)
        let exactName = building ? text : exact.consumeName()
        position += 1
        guard exactName.asciiLowercased == "url" else { return .function }
        // `url(` then a quote (after any white space) is a function; else a bare address.
        var look = position
        while let next = byte(at: look), Self.isWhitespace(next) { look += 1 }
        if let next = byte(at: look), next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") {
            position = max(position, look - 1)
            return .function
        }
        position = look
        return consumeURL()
    }

    /// §4.3.6
    private mutating func consumeURL() -> CSSTokenKind {
        var address: [UInt8] = []
        while position < end {
            let current = bytes[position]
            switch current {
            case UInt8(ascii: ")"):
                position += 1
                return url(address)
            case _ where Self.isWhitespace(current):
                while position < end, Self.isWhitespace(bytes[position]) { position += 1 }
                if position >= end { return url(address) }
                if bytes[position] == UInt8(ascii: ")") {
                    position += 1
                    return url(address)
                }
                consumeBadURLRemnants()
                return .badURL
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("), 0x00...0x08, 0x0B, 0x0E...0x1F, 0x7F:
                consumeBadURLRemnants()
                return .badURL
            case UInt8(ascii: "\\"):
                guard isValidEscape(at: position) else {
                    consumeBadURLRemnants()
                    return .badURL
                }
                position += 1
                consumeEscape(into: &address)
            default:
                address.append(current)
                position += 1
            }
        }
        return url(address)
    }

    private mutating func url(_ address: [UInt8]) -> CSSTokenKind {
        text = building ? String(decoding: address, as: UTF8.self) : ""
        return .url
    }

    /// §4.3.14
    private mutating func consumeBadURLRemnants() {
        while position < end {
            if bytes[position] == UInt8(ascii: ")") {
                position += 1
                return
            }
            if isValidEscape(at: position) { position += 1 }
            position += 1
        }
    }

    /// §4.3.5
    private mutating func consumeString(endingWith quote: UInt8) -> CSSTokenKind {
        var text: [UInt8] = []
        while position < end {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return string(text)
            }
            if Self.isNewline(byte) { return .badString }
            position += 1
            if byte == UInt8(ascii: "\\") {
                guard let next = self.byte(at: position) else { break }
                if Self.isNewline(next) {
                    position += next == 0x0D && self.byte(at: position + 1) == 0x0A ? 2 : 1
                } else {
                    consumeEscape(into: &text)
                }
            } else if !building {
                continue
            } else if byte == 0 {
                text += Self.replacement
            } else {
                text.append(byte)
            }
        }
        return string(text)
    }

    private mutating func string(_ bytes: [UInt8]) -> CSSTokenKind {
        text = building ? String(decoding: bytes, as: UTF8.self) : ""
        return .string
    }
}
