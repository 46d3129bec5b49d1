/// Why a table could not be read.
package enum DataTableError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input is not JSON; `line` and `column` count from 1, columns in characters;
    /// `offset` is the byte offset from 0; `excerpt` is the input around it.
    case invalidJSON(message: String, line: Int, column: Int, offset: Int, excerpt: String)
    /// Delimited text (`format`: CSV or TSV) that cannot be read, where, as for
    /// `invalidJSON`.
    case invalidText(format: String, message: String, line: Int, column: Int, offset: Int)
    /// The JSON is valid but holds no table rows (no array of objects).
    case noRows(String)
    /// The JSON is valid, but a value among the records is not a record like the first
    /// (an object, or an array): `message` says which and what it is; where it is, as
    /// for `invalidJSON`.
    case notARecord(message: String, line: Int, column: Int, offset: Int)
    /// A column asked for (`--columns`) is not in the table.
    case unknownColumn(String, available: [String])
    /// The file shrank (was truncated or rewritten) while it was read.
    case fileShrank

    package var description: String {
        switch self {
        case .invalidJSON(let message, let line, let column, let offset, let excerpt):
            "invalid JSON at line \(line), column \(column) (byte \(offset)): \(message)" + (excerpt.isEmpty ? "" : " in '\(excerpt)'")
        case .invalidText(let format, let message, let line, let column, let offset):
            "invalid \(format) at line \(line), column \(column) (byte \(offset)): \(message)"
        case .noRows(let reason): reason
        case .notARecord(let message, let line, let column, let offset): "\(message), at line \(line), column \(column) (byte \(offset))"
        case .fileShrank: "the file shrank while it was read (was it written to meanwhile?)"
        case .unknownColumn(let name, let available):
            "no column '\(name)' in the table (its columns: \(available.prefix(20).joined(separator: ", "))\(available.count > 20 ? ", ..." : ""))"
        }
    }
}
