/// A JSON value as read, numbers kept as their source text (so that `1.50` shows as
/// written and big integers lose nothing), object members in source order.
package enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its source text.
    case number(String)
    /// A string, escapes decoded.
    case string(String)
    /// An array, its elements in order.
    case array([JSONValue])
    /// An object, its members in source order (a key may repeat).
    case object([Member])

    /// One key and value of an object.
    package struct Member: Hashable, Sendable {
        /// The key, escapes decoded.
        package var key: String
        /// The value.
        package var value: JSONValue
        /// A member with `key` and `value`.
        package init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// A word for the kind of value, for messages.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
