/// Style rules filed unread: where each is in its sheet, and the keys its selectors
/// were skimmed for (`SimpleSelectorKeys`), in flat arrays. A sheet of a million
/// rules costs a few bytes a rule here, not the values and strings of a million
/// selectors; a rule is read (`Cascade`) when an element with its subject's key, under
/// an ancestor with its ancestor key, is styled.
struct UnreadRules: Sendable {
    /// A rule: its bytes in its source sheet, and its place among the sheet's rules.
    struct Rule: Sendable {
        var source: UInt32
        var start: UInt32
        var end: UInt32
        var serial: UInt32
    }

    /// Where a rule that may match is: the rule, and its selector's place in the list.
    struct Candidate {
        var rule: Int
        var position: Int
    }

    /// One selector's filing: the hashes of its subject's key and of the key an
    /// ancestor must have (`hasAncestor`), its rule and its place in the list.
    private struct Entry: Sendable {
        var subject: UInt32
        var ancestor: UInt32
        var rule: UInt32
        private var positionAndFlag: UInt32

        init(subject: UInt32, ancestor: UInt32?, rule: UInt32, position: UInt32) {
            self.subject = subject
            self.ancestor = ancestor ?? 0
            self.rule = rule
            positionAndFlag = position | (ancestor == nil ? 0 : 1 << 31)
        }

        var position: Int { Int(positionAndFlag & ~(1 << 31)) }
        var hasAncestor: Bool { positionAndFlag & (1 << 31) != 0 }
    }

    /// The sheets' bytes the rules are read from.
    private(set) var sources: [[UInt8]] = []
    private(set) var rules: [Rule] = []
    private var filing: [Entry] = []
    /// The entries by their subject's key; where one key has many, those that need
    /// an ancestor are filed by both keys in `byAncestor` instead (a sheet of
    /// `.cN > p` rules is then not gone through at every `p`).
    private var bySubject = HashBuckets<Entry>()
    private var byAncestor = HashBuckets<Entry>()
    /// For each bucket of `bySubject`, whether its entries that need an ancestor went
    /// to `byAncestor`.
    private var isWide: [Bool] = []

    /// Entries of one bucket past which those that need an ancestor are filed by it.
    static let wideBucket = 16
    /// Selectors of one list filed unread at most (`Candidate.position` fits).
    static let maximumListLength = 1 << 24

    var isEmpty: Bool { rules.isEmpty }

    /// Keeps `bytes` as a source of rules; gives its number for `add`.
    mutating func addSource(_ bytes: [UInt8]) -> Int {
        sources.append(bytes)
        // (Room for the most rules the sheet can hold, about: pages not written to
        // cost no memory, and the arrays are never copied as they grow.)
        rules.reserveCapacity(rules.count + bytes.count / Self.shortestRule)
        filing.reserveCapacity(filing.count + bytes.count / Self.shortestRule)
        return sources.count - 1
    }

    /// The fewest bytes a rule filed unread takes, about (`a{}` and a separator).
    private static let shortestRule = 4

    /// Files the rule at `range` of source `source`, the `serial`th of its sheet, by
    /// the keys of its selectors.
    mutating func add(source: Int, range: Range<Int>, serial: Int, keys: [SimpleSelectorKeys.Keys]) {
        let rule = UInt32(rules.count)
        rules.append(Rule(source: UInt32(source), start: UInt32(range.lowerBound), end: UInt32(range.upperBound), serial: UInt32(serial)))
        for (position, key) in keys.enumerated() {
            filing.append(Entry(subject: key.subject, ancestor: key.ancestor, rule: rule, position: UInt32(position)))
        }
    }

    /// Builds the tables once every rule is added; lets go of sources no rule is in.
    mutating func seal() {
        var used = [Bool](repeating: false, count: sources.count)
        for rule in rules { used[Int(rule.source)] = true }
        for index in sources.indices where !used[index] { sources[index] = [] }
        guard !filing.isEmpty else { return }
        let subjectBuckets = HashBuckets<Entry>.bucketCount(for: filing.count)
        var counts = [Int](repeating: 0, count: subjectBuckets)
        for entry in filing { counts[HashBuckets<Entry>.bucket(of: entry.subject, count: subjectBuckets)] += 1 }
        isWide = counts.map { $0 > Self.wideBucket }
        let isWide = isWide
        func goesByAncestor(_ entry: Entry) -> Bool {
            entry.hasAncestor && isWide[HashBuckets<Entry>.bucket(of: entry.subject, count: subjectBuckets)]
        }
        // (Those filed by subject first, then those filed by ancestor too.)
        let split = filing.partition(by: goesByAncestor)
        bySubject = HashBuckets(filing[..<split], count: split, bucketCount: subjectBuckets) { $0.subject }
        byAncestor = HashBuckets(filing[split...], count: filing.count - split) { Self.mix($0.subject, $0.ancestor) }
        filing = []
    }

    private static func mix(_ subject: UInt32, _ ancestor: UInt32) -> UInt32 {
        (subject &* 0x9E37_79B1) ^ ancestor
    }

    /// The rules that may match an element whose keys hash to `keys` (each once),
    /// under ancestors with `ancestors` keys where they are known.
    func candidates(keys: [UInt32], ancestors: AncestorKeys?, into found: inout [Candidate]) {
        guard !rules.isEmpty else { return }
        for key in keys {
            let bucket = bySubject.bucket(of: key)
            for entry in bySubject.entries(inBucket: bucket) where entry.subject == key {
                if entry.hasAncestor, let ancestors, !ancestors.filter.mayContain(entry.ancestor) { continue }
                found.append(Candidate(rule: Int(entry.rule), position: entry.position))
            }
            guard isWide[bucket] else { continue }
            guard let ancestors else {
                // (No ancestors known: all of them, as only a lone element's styling asks.)
                for entry in byAncestor.all where entry.subject == key { found.append(Candidate(rule: Int(entry.rule), position: entry.position)) }
                continue
            }
            for ancestor in ancestors.keys {
                for entry in byAncestor.entries(withHash: Self.mix(key, ancestor)) where entry.subject == key && entry.ancestor == ancestor {
                    found.append(Candidate(rule: Int(entry.rule), position: entry.position))
                }
            }
        }
    }
}

/// Values filed by a 32-bit hash in buckets laid end to end (each bucket's values
/// contiguous, found by the bucket's start): two passes to build, no per-bucket
/// arrays.
struct HashBuckets<Value: Sendable>: Sendable {
    private var starts: [UInt32] = [0, 0]
    private var values: [Value] = []

    init() {}

    /// Files `count` values by `hash`, in `bucketCount` buckets (by default, about one
    /// a value).
    init(_ source: some Sequence<Value>, count: Int, bucketCount: Int? = nil, hash: (Value) -> UInt32) {
        let buckets = bucketCount ?? Self.bucketCount(for: count)
        var starts = [UInt32](repeating: 0, count: buckets + 1)
        for value in source { starts[Self.bucket(of: hash(value), count: buckets) + 1] += 1 }
        for index in 1..<starts.count { starts[index] += starts[index - 1] }
        var next = starts
        self.starts = starts
        values = [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            for value in source {
                let bucket = Self.bucket(of: hash(value), count: buckets)
                precondition(Int(next[bucket]) < count, "more values than counted")
                (buffer.baseAddress! + Int(next[bucket])).initialize(to: value)
                next[bucket] += 1
            }
            precondition(next[buckets - 1] == UInt32(count), "fewer values than counted")
            initialized = count
        }
    }

    /// A power of two near `count`.
    static func bucketCount(for count: Int) -> Int {
        var buckets = 16
        while buckets < count { buckets <<= 1 }
        return buckets
    }

    static func bucket(of hash: UInt32, count: Int) -> Int {
        Int(((hash ^ (hash >> 15)) &* 0x2C1B_3C6D) >> 7) & (count - 1)
    }

    func bucket(of hash: UInt32) -> Int {
        Self.bucket(of: hash, count: starts.count - 1)
    }

    func entries(inBucket bucket: Int) -> ArraySlice<Value> {
        values[Int(starts[bucket])..<Int(starts[bucket + 1])]
    }

    func entries(withHash hash: UInt32) -> ArraySlice<Value> {
        entries(inBucket: bucket(of: hash))
    }

    var all: [Value] { values }
}
