/// JSON arrays of realistic records from a seed: ids, names (some Chinese), prices,
/// flags, nulls, nested tags, and keys that only some records have.
public enum TableGenerator {
    static let names = ["Aurora Lamp", "Basalt Kettle", "Cedar Shelf", "Delta Headphones", "青瓷茶杯", "竹制砧板", "Fjord Pack", "Granite Mortar"]
    static let categories = ["lighting", "kitchen", "furniture", "audio", "outdoor"]

    public static func json(rows: Int, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        var records: [String] = []
        records.reserveCapacity(rows)
        for index in 0..<rows { records.append(record(index, &random)) }
        return "[\n" + records.joined(separator: ",\n") + "\n]\n"
    }

    /// The records of `json(rows:seed:)` as JSON Lines, given to `write` a few
    /// thousand lines at a time (a file of any size is written without being held).
    public static func jsonLines(rows: Int, seed: UInt64, write: (String) -> Void) {
        var random = SeededGenerator(seed: seed)
        var lines = ""
        for index in 0..<rows {
            lines += record(index, &random) + "\n"
            if index % 10_000 == 9_999 {
                write(lines)
                lines = ""
            }
        }
        if !lines.isEmpty { write(lines) }
    }

    /// Record `index` of a table, its values drawn from `random`.
    private static func record(_ index: Int, _ random: inout SeededGenerator) -> String {
        var fields = [
            "\"id\":\(index + 1)",
            "\"name\":\"\(names.randomElement(using: &random) ?? "item") \(index)\"",
            "\"category\":\"\(categories.randomElement(using: &random) ?? "misc")\"",
            "\"price\":\(Int.random(in: 100...99_999, using: &random) / 100).\(Int.random(in: 10...99, using: &random))",
            "\"inStock\":\(Bool.random(using: &random))",
        ]
        if index % 3 == 0 { fields.append("\"rating\":null") }
        if index % 4 == 1 { fields.append("\"tags\":[\"new\",\"eco\"]") }
        if index % 5 == 2 { fields.append("\"note\":\"line one\\nline two\"") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The records of `json(rows:seed:)` as CSV (RFC 4180): a header row, the note's
    /// line break inside a quoted field, tags as their JSON text, quoted.
    public static func csv(rows: Int, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        var lines = ["id,name,category,price,inStock,rating,tags,note"]
        lines.reserveCapacity(rows + 1)
        for index in 0..<rows {
            let name = "\(names.randomElement(using: &random) ?? "item") \(index)"
            let category = categories.randomElement(using: &random) ?? "misc"
            let price = "\(Int.random(in: 100...99_999, using: &random) / 100).\(Int.random(in: 10...99, using: &random))"
            let fields = [
                String(index + 1), name, category, price, String(Bool.random(using: &random)), index % 3 == 0 ? "null" : "",
                index % 4 == 1 ? "\"[\"\"new\"\",\"\"eco\"\"]\"" : "", index % 5 == 2 ? "\"line one\nline two\"" : "",
            ]
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
