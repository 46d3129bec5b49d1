/// A value rows are sorted by: numbers as numbers, text as text.
package enum SortValue: Sendable, Equatable {
    /// A number (sorted before text).
    case number(Double)
    /// Text, a string or nested JSON (sorted after numbers).
    case text(String)
    /// `true` or `false` (sorted after text).
    case bool(Bool)
    /// No such key, or `null`.
    case missing

    /// Reads the value at the reader's position, which ends at `end`: scalars as they
    /// are, arrays and objects as their JSON text.
    init(_ reader: inout JSONReader, end: Int) throws(DataTableError) {
        switch reader.peek() ?? 0 {
        case UInt8(ascii: "\""): self = .text(try reader.parseString())
        case UInt8(ascii: "t"): self = .bool(true)
        case UInt8(ascii: "f"): self = .bool(false)
        case UInt8(ascii: "n"): self = .missing
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            self = Double(String(decoding: reader.bytes[reader.position..<end], as: UTF8.self)).map(SortValue.number) ?? .missing
        default: self = .text(String(decoding: reader.bytes[reader.position..<end], as: UTF8.self))
        }
    }

    /// The sort value of a decoded JSON value.
    init(_ value: JSONValue?) {
        switch value {
        case .number(let text): self = Double(text).map(SortValue.number) ?? .missing
        case .string(let text): self = .text(text)
        case .bool(let flag): self = .bool(flag)
        case .null, nil: self = .missing
        case let value?: self = .text(ValueText.text(of: value))
        }
    }

    /// Whether `self` comes before `other` in ascending order: numbers (by value), then
    /// text (by Unicode order), then `false` and `true`; missing values come last in
    /// either order.
    func precedes(_ other: SortValue, descending: Bool) -> Bool {
        switch (self, other) {
        case (.missing, _): return false
        case (_, .missing): return true
        case (.number(let a), .number(let b)): return descending ? a > b : a < b
        case (.text(let a), .text(let b)): return descending ? a > b : a < b
        case (.bool(let a), .bool(let b)): return descending ? (a && !b) : (!a && b)
        default: return (rank < other.rank) != descending
        }
    }

    private var rank: Int {
        switch self {
        case .number: 0
        case .text: 1
        case .bool: 2
        case .missing: 3
        }
    }
}
