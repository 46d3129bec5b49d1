import RenderCore

/// A validating JSON reader (RFC 8259) over bytes, with errors located by line and
/// column.
///
/// Containers are tracked on an explicit stack, so deeply nested input cannot
/// overflow the call stack; nesting deeper than `maximumDepth` is refused with an
/// error instead.
package struct JSONReader {
    /// Deepest nesting accepted. Far beyond any real table, small enough to bound memory.
    package static let maximumDepth = 10_000

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Open containers of `skipValue` (true for objects), kept to reuse its storage.
    private var skipStack: [Bool] = []

    /// An array or object being read. Items are appended in place on the stack
    /// (`stack[last].items.append`), so each append is O(1): binding an enum's array
    /// payload to a variable and appending would copy the array every time.
    private struct Container {
        var isObject: Bool
        var items: [JSONValue] = []
        var members: [JSONValue.Member] = []
        /// The key of the member being read (objects).
        var key = ""
    }

    /// Reads one JSON value that spans the whole input (white space around it allowed).
    /// - Throws: `DataTableError.invalidJSON`.
    package static func parse(_ bytes: [UInt8]) throws(DataTableError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DataTableError) in try parse(buffer) }
        }
        return try result.get()
    }

    /// Reads one JSON value that spans the whole of `bytes`.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(DataTableError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        return try reader.parseDocument()
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Checks one value and moves past it, building nothing.
    mutating func skipValue() throws(DataTableError) {
        skipStack.removeAll(keepingCapacity: true)
        skipping: while true {
            skipWhitespace()
            guard let byte = peek() else { throw error("unexpected end of input, expected a value") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                position += 1
                skipWhitespace()
                if consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) { break }
                guard skipStack.count < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
                skipStack.append(isObject)
                if isObject { try skipKey() }
                continue skipping
            case UInt8(ascii: "\""):
                try skipString()
            default:
                try skipScalar()
            }
            while let isObject = skipStack.last {
                if try moreItems(inObject: isObject) {
                    if isObject { try skipKey() }
                    continue skipping
                }
                skipStack.removeLast()
            }
            return
        }
    }

    /// After an item of an array or object: moves past the `,` that says more follow
    /// (`true`), or the bracket that closes it (`false`).
    mutating func moreItems(inObject isObject: Bool) throws(DataTableError) -> Bool {
        skipWhitespace()
        if consume(UInt8(ascii: ",")) { return true }
        guard consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
            throw error(isObject ? "expected ',' or '}' in an object, found \(describeNext())" : "expected ',' or ']' in an array, found \(describeNext())")
        }
        return false
    }

    /// Checks a number or literal and moves past it.
    private mutating func skipScalar() throws(DataTableError) {
        guard let byte = peek() else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        default: throw error("unexpected \(describe(byte)), expected a value")
        }
    }

    /// Throws unless an object key's opening quote is next.
    func expectKeyQuote() throws(DataTableError) {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key, found \(describeNext())") }
    }

    /// Moves past the colon after an object key, or throws.
    mutating func expectColon() throws(DataTableError) {
        guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after an object key, found \(describeNext())") }
    }

    /// Checks an object key and the colon after it, and moves past them.
    mutating func skipKey() throws(DataTableError) {
        skipWhitespace()
        try expectKeyQuote()
        try skipString()
        skipWhitespace()
        try expectColon()
    }

    /// Checks a string and moves past it.
    /// - Returns: whether it holds an escape (else its bytes are its text).
    @discardableResult
    mutating func skipString() throws(DataTableError) -> Bool {
        position += 1  // opening quote
        var hasEscape = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return hasEscape
            }
            if byte == UInt8(ascii: "\\") {
                hasEscape = true
                position += 1
                guard let escape = peek() else { break }
                if escape == UInt8(ascii: "u") {
                    position += 1
                    _ = try parseHex4()
                    continue
                }
                guard Self.simpleEscapes.contains(escape) else {
                    position -= 1  // point at the backslash
                    throw error("invalid escape '\\\(describe(escape))' in a string")
                }
            } else if byte < 0x20 {
                throw error("control character \(describe(byte)) in a string (it must be escaped)")
            }
            position += 1
        }
        throw error("unterminated string")
    }

    /// The characters that may follow a backslash, but `u`.
    private static let simpleEscapes: [UInt8] = Array("\"\\/bfnrt".utf8)

    /// Reads one JSON object that spans the whole of `bytes` into `values`: each
    /// member's value goes where `column` places its key (given its UTF-8, escapes
    /// decoded), or is checked and passed over; a key given twice, its last value.
    /// Builds no key and no value of a member not placed (a table's row: most of a
    /// record's keys are its columns, in their order).
    /// - Returns: `false`, with nothing placed, when the value is not an object.
    /// - Throws: `DataTableError.invalidJSON`.
    package static func parseMembers(
        _ bytes: UnsafeBufferPointer<UInt8>, into values: inout [JSONValue?], column: (UnsafeBufferPointer<UInt8>) -> Int?
    ) throws(DataTableError) -> Bool {
        var reader = JSONReader(bytes: bytes)
        reader.skipWhitespace()
        guard reader.consume(UInt8(ascii: "{")) else { return false }
        reader.skipWhitespace()
        if !reader.consume(UInt8(ascii: "}")) {
            repeat {
                reader.skipWhitespace()
                try reader.expectKeyQuote()
                let opening = reader.position
                let placed: Int?
                if try reader.skipString() {
                    reader.position = opening
                    var key = try reader.parseString()
                    placed = key.withUTF8(column)
                } else {
                    placed = column(UnsafeBufferPointer(rebasing: bytes[(opening + 1)..<(reader.position - 1)]))
                }
                reader.skipWhitespace()
                try reader.expectColon()
                if let placed {
                    values[placed] = try reader.parseValue()
                } else {
                    try reader.skipValue()
                }
            } while try reader.moreItems(inObject: true)
        }
        try reader.expectEnd()
        return true
    }

    private mutating func parseDocument() throws(DataTableError) -> JSONValue {
        let value = try parseValue()
        try expectEnd()
        return value
    }

    /// Reads one value, and moves past it.
    private mutating func parseValue() throws(DataTableError) -> JSONValue {
        var stack: [Container] = []
        parsing: while true {
            skipWhitespace()
            guard let byte = peek() else { throw error("unexpected end of input, expected a value") }
            var value: JSONValue
            switch byte {
            case UInt8(ascii: "{"):
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    position += 1
                    value = .object([])
                } else {
                    guard stack.count < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
                    stack.append(Container(isObject: true, key: try parseKey()))
                    continue parsing
                }
            case UInt8(ascii: "["):
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    guard stack.count < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
                    stack.append(Container(isObject: false))
                    continue parsing
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            default:
                throw error("unexpected \(describe(byte)), expected a value")
            }
            // Hand the value to the open containers, closing those that end here.
            while let top = stack.indices.last {
                if stack[top].isObject {
                    stack[top].members.append(.init(key: stack[top].key, value: value))
                    if try moreItems(inObject: true) {
                        stack[top].key = try parseKey()
                        continue parsing
                    }
                    value = .object(stack.removeLast().members)
                } else {
                    stack[top].items.append(value)
                    if try moreItems(inObject: false) { continue parsing }
                    value = .array(stack.removeLast().items)
                }
            }
            return value
        }
    }

    private mutating func parseKey() throws(DataTableError) -> String {
        skipWhitespace()
        try expectKeyQuote()
        let key = try parseString()
        skipWhitespace()
        try expectColon()
        return key
    }

    mutating func parseString() throws(DataTableError) -> String {
        let opening = position
        // Most strings hold no escape: their bytes are their text.
        guard try skipString() else { return String(decoding: bytes[(opening + 1)..<(position - 1)], as: UTF8.self) }
        position = opening + 1
        var scalars: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard let escape = peek() else { break }
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try parseUnicodeEscape()
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    position -= 2  // point at the backslash
                    throw error("invalid escape '\\\(describe(escape))' in a string")
                }
            default:
                if byte < 0x20 { throw error("control character \(describe(byte)) in a string (it must be escaped)") }
                scalars.append(byte)
                position += 1
            }
        }
        throw error("unterminated string")
    }

    /// Reads `XXXX` after `\u`, joining a surrogate pair; a lone surrogate becomes U+FFFD.
    private mutating func parseUnicodeEscape() throws(DataTableError) -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xD800..<0xDC00).contains(high),
           position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
        {
            let saved = position
            position += 2
            let low = try parseHex4()
            if (0xDC00..<0xE000).contains(low) {
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            position = saved
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    private mutating func parseHex4() throws(DataTableError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw error("unterminated \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit \(describe(byte)) in a \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws(DataTableError) -> String {
        String(decoding: bytes[try scanNumber()], as: UTF8.self)
    }

    /// Checks a number and moves past it.
    /// - Returns: its bytes' range.
    private mutating func scanNumber() throws(DataTableError) -> Range<Int> {
        let start = position
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            // A leading zero stands alone.
        } else {
            guard consumeDigits() > 0 else { throw error("invalid number, expected a digit") }
        }
        if consume(UInt8(ascii: ".")) {
            guard consumeDigits() > 0 else { throw error("invalid number, expected a digit after '.'") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard consumeDigits() > 0 else { throw error("invalid number, expected a digit in the exponent") }
        }
        return start..<position
    }

    private mutating func consumeDigits() -> Int {
        let start = position
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
        return position - start
    }

    private mutating func expectLiteral(_ literal: String) throws(DataTableError) {
        for byte in literal.utf8 {
            guard peek() == byte else { throw error("invalid literal, expected '\(literal)'") }
            position += 1
        }
    }

    // MARK: Bytes

    func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    /// A word for the kind of value that starts with `byte`, for messages.
    static func kindName(startingWith byte: UInt8?) -> String {
        switch byte {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    func describeNext() -> String {
        peek().map(describe) ?? "end of input"
    }

    /// An error at the current position, located by line and column (columns count
    /// characters, both from 1).
    func error(_ message: String) -> DataTableError {
        let place = location()
        return .invalidJSON(
            message: message, line: place.line, column: place.column, offset: place.offset,
            excerpt: excerpt(around: place.offset, lineStart: place.lineStart))
    }

    /// A value among the records, at the current position, that is not a record.
    func notARecord(_ message: String) -> DataTableError {
        let place = location()
        return .notARecord(message: message, line: place.line, column: place.column, offset: place.offset)
    }

    /// The current position's line and column (columns count characters, both from 1),
    /// byte offset and the offset its line starts at.
    func location() -> (line: Int, column: Int, offset: Int, lineStart: Int) {
        let end = min(position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Count UTF-8 lead bytes, so a column is a character, not a byte.
        let column = bytes[lineStart..<end].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return (line, column, end, lineStart)
    }

    /// The text of the line around `offset`: up to 24 bytes before it and 16 after,
    /// whole characters only, control characters (C0, C1, separators) shown as
    /// spaces: the excerpt is printed, and must not act on the terminal.
    private func excerpt(around offset: Int, lineStart: Int) -> String {
        var start = max(lineStart, offset - 24)
        var end = offset
        while end < bytes.count, end < offset + 16, bytes[end] != 0x0A { end += 1 }
        while start < end, bytes[start] & 0xC0 == 0x80 { start += 1 }
        while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        let shown = text.unicodeScalars.map { TextWidth.isControl($0) ? " " : Character($0) }
        return String(shown.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
