/// Rows of records with a column set: the union of the records' keys in first-seen
/// order.
public struct TableModel: Sendable {
    /// Column names, in the order their key was first seen.
    public let columns: [String]
    /// For each row, the value of each column (`nil` where the record lacks the key).
    public let rows: [[JSONValue?]]

    public init(columns: [String], rows: [[JSONValue?]]) {
        self.columns = columns
        self.rows = rows
    }

    /// Builds a table from parsed JSON: an array of objects, or an object that holds
    /// one somewhere (the largest such array is taken).
    /// - Throws: `DataTableError.noRows` when the value holds no such array.
    public init(json: JSONValue) throws(DataTableError) {
        guard let records = Self.largestRecordArray(in: json) else {
            switch json {
            case .array(let items) where items.isEmpty: throw .noRows("the JSON array is empty: there are no rows")
            case .array(let items): throw .noRows("the JSON array holds \(items[0].kindName), not objects: there are no rows")
            default: throw .noRows("the JSON value is \(json.kindName) and holds no array of objects: there are no rows")
            }
        }
        var columnIndex: [String: Int] = [:]
        var columns: [String] = []
        var rows: [[JSONValue?]] = []
        rows.reserveCapacity(records.count)
        for record in records {
            guard case .object(let members) = record else { continue }
            var row = [JSONValue?](repeating: nil, count: columns.count)
            for member in members {
                let index: Int
                if let known = columnIndex[member.key] {
                    index = known
                } else {
                    index = columns.count
                    columnIndex[member.key] = index
                    columns.append(member.key)
                }
                if index >= row.count { row.append(contentsOf: repeatElement(nil, count: index + 1 - row.count)) }
                row[index] = member.value
            }
            rows.append(row)
        }
        self.columns = columns
        self.rows = rows
    }

    /// The value at a row and column, `nil` where the record lacks the key.
    public func value(row: Int, column: Int) -> JSONValue? {
        let values = rows[row]
        return column < values.count ? values[column] : nil
    }

    /// The array of objects with the most objects, searched breadth first without
    /// recursion; an array counts when most of its items are objects.
    private static func largestRecordArray(in root: JSONValue) -> [JSONValue]? {
        var best: [JSONValue]?
        var queue: [JSONValue] = [root]
        var next = 0
        while next < queue.count {
            let value = queue[next]
            next += 1
            switch value {
            case .array(let items):
                let objects = items.reduce(0) { count, item in
                    if case .object = item { return count + 1 }
                    return count
                }
                if objects > 0, objects * 2 >= items.count, objects > (best.map { recordCount($0) } ?? 0) {
                    best = items
                }
            case .object(let members):
                queue.append(contentsOf: members.map(\.value).filter {
                    switch $0 {
                    case .array, .object: true
                    default: false
                    }
                })
            default:
                break
            }
        }
        return best
    }

    private static func recordCount(_ items: [JSONValue]) -> Int {
        items.reduce(0) { count, item in
            if case .object = item { return count + 1 }
            return count
        }
    }
}
