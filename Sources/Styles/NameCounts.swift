/// How many children of each name an open element has had (for `:nth-of-type()` and
/// its kin): a short list, searched in order, as a parent's children are of a few
/// names (a dictionary of its own for every open element cost a tenth of styling);
/// past `listedNames` names, a dictionary.
struct NameCounts: Equatable, Sendable {
    /// The names counted and their counts, the first `listedCount` (past them, those
    /// of an element counted before, left to be written over: a level is opened
    /// again for element after element, and its list given back and made again at
    /// each cost an allocation an element).
    private var listed: [(name: String, count: Int)] = []
    private var listedCount = 0
    private var many: [String: Int]?

    /// Names listed at most before a dictionary takes over.
    static let listedNames = 16

    /// How many children of `name` were counted, `nil` for none.
    subscript(name: String) -> Int? {
        if let many { return many[name] }
        return listed[..<listedCount].first { $0.name == name }?.count
    }

    /// Counts `number` more children of `name`.
    mutating func add(_ name: String, _ number: Int = 1) {
        if many != nil {
            many![name, default: 0] += number
        } else if let index = listed[..<listedCount].firstIndex(where: { $0.name == name }) {
            listed[index].count += number
        } else if listedCount < Self.listedNames {
            if listedCount < listed.count { listed[listedCount] = (name, number) } else { listed.append((name, number)) }
            listedCount += 1
        } else {
            var counts = all
            counts[name, default: 0] += number
            many = counts
            listedCount = 0
        }
    }

    /// Counts none.
    mutating func removeAll() {
        listedCount = 0
        many = nil
    }

    /// The counts by name, whatever their order.
    private var all: [String: Int] { many ?? Dictionary(uniqueKeysWithValues: listed[..<listedCount].map { ($0.name, $0.count) }) }

    static func == (left: NameCounts, right: NameCounts) -> Bool { left.all == right.all }
}
