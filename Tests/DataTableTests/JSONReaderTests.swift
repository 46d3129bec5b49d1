import Testing
@testable import DataTable

@Suite("JSON reader")
struct JSONReaderTests {
    func parse(_ text: String) throws(DataTableError) -> JSONValue {
        try JSONReader.parse(Array(text.utf8))
    }

    /// The parts of the invalid-JSON error `text` gives (failing the test for any
    /// other outcome).
    func invalidJSON(_ text: String) throws -> (message: String, line: Int, column: Int, offset: Int, excerpt: String) {
        let failure = try #require(error(text))
        guard case .invalidJSON(let message, let line, let column, let offset, let excerpt) = failure else {
            Issue.record("not an invalid JSON error: \(failure)")
            throw failure
        }
        return (message, line, column, offset, excerpt)
    }

    func error(_ text: String) -> DataTableError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2.5e3, true, false, null], "b": "x\ty\u00e9\ud83d\ude00", "c": {}} "#)
        #expect(value == .object([
            .init(key: "a", value: .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null])),
            .init(key: "b", value: .string("x\ty\u{E9}😀")),
            .init(key: "c", value: .object([])),
        ]))
    }

    @Test func keepsNumbersAsWritten() throws {
        #expect(try parse("[1.50, 12345678901234567890]") == .array([.number("1.50"), .number("12345678901234567890")]))
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        #expect(try parse(#""\ud800x""#) == .string("\u{FFFD}x"))
    }

    @Test func errorsGiveTheByteOffsetAndAnExcerptOfTheirLine() throws {
        let text = "[1, 2,\n {\"name\": \"a very long value here\", \"n\": x, \"more\": 1}]"
        let (_, line, _, offset, excerpt) = try invalidJSON(text)
        #expect(line == 2)
        #expect(offset == Array(text.utf8).firstIndex(of: UInt8(ascii: "x")))
        #expect(excerpt == "long value here\", \"n\": x, \"more\": 1}]")
    }

    @Test(arguments: [
        ("[1, 2,]", 1, 7, "expected a value"),
        ("{\"a\": 1,\n  }", 2, 3, "expected a string key"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("[\"abc", 1, 6, "unterminated string"),
        ("[01]", 1, 3, "expected ',' or ']'"),
        ("[1.]", 1, 4, "expected a digit after '.'"),
        ("[tru]", 1, 5, "expected 'true'"),
        ("\n\n  [\"中文\", x]", 3, 10, "unexpected 'x'"),
        ("[] []", 1, 4, "after the JSON value"),
        ("", 1, 1, "unexpected end of input"),
        ("[\"a\u{1}\"]", 1, 4, "control character"),
        ("[\"\\q\"]", 1, 3, "invalid escape"),
    ] as [(String, Int, Int, String)])
    func errorsNameLineAndColumn(text: String, line: Int, column: Int, message: String) throws {
        let failure = try invalidJSON(text)
        let (actualMessage, actualLine, actualColumn, _, _) = failure
        #expect(actualLine == line && actualColumn == column, "\(failure)")
        #expect(actualMessage.contains(message), "\(failure)")
    }

    /// Large arrays and objects read whole and in order (appends on the container stack
    /// are in place: a copying append would make this quadratic).
    @Test func largeArraysAndObjectsReadWhole() throws {
        let rows = (0..<20_000).map { #"{"id":\#($0),"name":"n\#($0)"}"# }.joined(separator: ",")
        guard case .array(let items) = try parse("[\(rows)]") else {
            Issue.record("not an array")
            return
        }
        #expect(items.count == 20_000)
        #expect(items.last == .object([.init(key: "id", value: .number("19999")), .init(key: "name", value: .string("n19999"))]))
        let members = (0..<20_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        guard case .object(let object) = try parse("{\(members)}") else {
            Issue.record("not an object")
            return
        }
        #expect(object.count == 20_000 && object[12_345].key == "k12345")
    }

    @Test func deepNestingIsRefusedNotCrashed() throws {
        let depth = JSONReader.maximumDepth + 5
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let failure = try #require(error(text))
        #expect(failure.description.contains("nesting deeper"))
        let allowed = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        #expect(error(allowed) == nil)
    }
}

@Suite("Table model")
struct TableModelTests {
    func model(_ text: String) throws -> TableModel {
        try TableModel(records: Array(text.utf8))
    }

    @Test func columnsAreTheUnionOfKeysInFirstSeenOrder() throws {
        let table = try model(#"[{"b": 1, "a": 2}, {"c": 3, "a": 4}, {"d": null}]"#)
        #expect(table.columns == ["b", "a", "c", "d"])
        #expect(table.rowCount == 3)
        #expect(table.value(row: 1, column: 0) == nil)
        #expect(table.value(row: 1, column: 2) == .number("3"))
        #expect(table.value(row: 2, column: 3) == .null)
    }

    @Test func findsTheLargestArrayOfObjectsInsideAnObject() throws {
        let table = try model(#"{"meta": {"count": 3}, "few": [{"x": 1}], "items": [{"id": 1}, {"id": 2}, {"id": 3}]}"#)
        #expect(table.columns == ["id"])
        #expect(table.rowCount == 3)
    }

    @Test(arguments: [
        ("[]", "empty"),
        ("[{}]", "the records have no keys: there are no columns"),
        ("[[]]", "there are no rows"),
        (#"{"a": 1}"#, "holds no array of objects"),
        ("42", "holds no array of objects"),
    ])
    func valuesWithoutRowsAreErrors(text: String, reason: String) throws {
        do {
            _ = try model(text)
            Issue.record("expected an error for \(text)")
        } catch let error as DataTableError {
            guard case .noRows(let message) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(message.contains(reason))
        }
    }
}
