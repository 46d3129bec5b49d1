import RenderCore

/// How a JSON value shows in a table cell: one line of text and a style.
enum ValueText {
    /// Text of a value: strings as they are with control characters escaped
    /// (`\n`, `\t`, `\u{1B}`), numbers as written, nested values as compact JSON.
    static func text(of value: JSONValue?) -> String {
        guard let value else { return "" }
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return escaped(text)
        case .array, .object: return compactJSON(value)
        }
    }

    static func style(of value: JSONValue?) -> Style {
        switch value {
        case .null?: Style(.dim)
        case .bool?: Style(foreground: .magenta)
        case .number?: Style(foreground: .cyan)
        default: .plain
        }
    }

    static func isRightAligned(_ value: JSONValue?) -> Bool {
        if case .number? = value { return true }
        return false
    }

    static func escaped(_ text: String, quoting: Bool = false) -> String {
        // Most values need no escape: they are given back as they are, not rebuilt a
        // scalar at a time.
        if !text.unicodeScalars.contains(where: { TextWidth.isControl($0) || (quoting && ($0 == "\"" || $0 == "\\")) }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where quoting, "\\" where quoting: result += "\\" + String(scalar)
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where TextWidth.isControl(scalar): result += TextWidth.escape(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Compact JSON text, written with an explicit stack (no recursion).
    static func compactJSON(_ value: JSONValue) -> String {
        enum Step {
            case value(JSONValue)
            case text(String)
        }
        var output = ""
        var steps: [Step] = [.value(value)]
        while let step = steps.popLast() {
            switch step {
            case .text(let text):
                output += text
            case .value(let value):
                switch value {
                case .string(let text): output += "\"" + escaped(text, quoting: true) + "\""
                case .array(let items):
                    steps.append(.text("]"))
                    for (index, item) in items.enumerated().reversed() {
                        steps.append(.value(item))
                        if index > 0 { steps.append(.text(",")) }
                    }
                    steps.append(.text("["))
                case .object(let members):
                    steps.append(.text("}"))
                    for (index, member) in members.enumerated().reversed() {
                        steps.append(.value(member.value))
                        steps.append(.text("\"" + escaped(member.key, quoting: true) + "\":"))
                        if index > 0 { steps.append(.text(",")) }
                    }
                    steps.append(.text("{"))
                default: output += text(of: value)
                }
            }
        }
        return output
    }
}
