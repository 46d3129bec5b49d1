import Dispatch

/// Style rules filed unread: where each is in its sheet, and the keys its selectors
/// were skimmed for (`SimpleSelectorKeys`), in flat arrays. A sheet of a million
/// rules costs about 25 bytes a rule here, not the values and strings of a million
/// selectors; a rule is read (`Cascade`) when an element with its subject's key,
/// under an ancestor with its ancestor key, is styled.
struct UnreadRules: Sendable {
    /// A rule: where it starts in its source sheet (reading stops at its end), its
    /// place among the sheet's rules, and the number of its first selector.
    struct Rule: Sendable {
        var start: UInt32
        var serial: UInt32
        var firstSelector: UInt32
    }

    /// Where a rule that may match is: the rule, and its selector's place in the list.
    struct Candidate {
        var rule: Int
        var position: Int
    }

    /// One selector's filing: the hashes of its subject's key and of the key an
    /// ancestor must have, if any; its number; whether it is filed by both keys.
    private struct Entry: Sendable {
        var subject: UInt32
        var ancestor: UInt32
        private var selectorAndFlags: UInt32

        private static let hasAncestorFlag: UInt32 = 1 << 31
        private static let byAncestorFlag: UInt32 = 1 << 30

        /// The entry of a sheet read after this one's, whose selectors are numbered on.
        func shifted(by selectors: Int) -> Entry {
            var entry = self
            entry.selectorAndFlags += UInt32(selectors)
            return entry
        }

        init(subject: UInt32, ancestor: UInt32?, selector: Int) {
            self.subject = subject
            self.ancestor = ancestor ?? 0
            selectorAndFlags = UInt32(selector) | (ancestor == nil ? 0 : Self.hasAncestorFlag)
        }

        var selector: Int { Int(selectorAndFlags & (Self.byAncestorFlag - 1)) }
        var hasAncestor: Bool { selectorAndFlags & Self.hasAncestorFlag != 0 }
        /// Filed by its subject's key and its ancestor's (`UnreadRules.mix`).
        var isByAncestor: Bool {
            get { selectorAndFlags & Self.byAncestorFlag != 0 }
            set { selectorAndFlags = newValue ? selectorAndFlags | Self.byAncestorFlag : selectorAndFlags & ~Self.byAncestorFlag }
        }
    }

    /// The sheets' bytes the rules are read from, and from which rule on each is.
    private(set) var sources: [[UInt8]] = []
    private var sourceRuns: [(firstRule: Int, source: Int)] = []
    private(set) var rules: [Rule] = []
    private var selectorCount = 0
    /// The entries by their subject's key; where one bucket has many, those that need
    /// an ancestor are filed by both keys instead (a sheet of `.cN > p` rules is then
    /// not gone through at every `p`).
    private var entries = HashBuckets<Entry>()
    /// For each bucket, whether its subjects' entries that need an ancestor are filed
    /// by both keys.
    private var isWide: [Bool] = []

    /// Entries of one bucket past which those that need an ancestor are filed by it.
    static let wideBucket = 16
    /// Selectors filed unread at most (an entry's number fits).
    static let maximumSelectors = 1 << 30

    var isEmpty: Bool { rules.isEmpty }
    /// Whether a rule filed styles `::before` or `::after`.
    private(set) var stylesPseudoElements = false

    /// Keeps `bytes` as a source of rules; gives its number for `add`.
    mutating func addSource(_ bytes: [UInt8]) -> Int {
        sources.append(bytes)
        // (Room for the most rules the sheet can hold, about: pages not written to
        // cost no memory, and the arrays are never copied as they grow.)
        rules.reserveCapacity(rules.count + bytes.count / Self.shortestRule)
        entries.reserveCapacity(entries.count + bytes.count / Self.shortestRule)
        return sources.count - 1
    }

    /// The fewest bytes a rule filed unread takes, about (`a{}` and a separator).
    private static let shortestRule = 4

    /// Files the rule starting at `start` of `bytes`, source `source`, the `serial`th of its
    /// sheet, by the keys of the selectors of its plain prelude (`RuleSplitter`),
    /// adding the ids and classes they name to `names`; whether they were simple
    /// (`SimpleSelectorKeys`) and there was room.
    mutating func add(_ bytes: [UInt8], source: Int, start: Int, prelude: Range<Int>, serial: Int, names: inout NameFilter) -> Bool {
        let entryCount = entries.count
        let firstSelector = selectorCount
        var reader = SimpleSelectorKeys()
        let isSimple = bytes.withUnsafeBufferPointer { bytes in
            reader.read(bytes, prelude) { keys in
                entries.append(Entry(subject: keys.subject, ancestor: keys.ancestor, selector: selectorCount))
                selectorCount += 1
            } name: {
                names.insert($0)
            }
        }
        guard isSimple, selectorCount <= Self.maximumSelectors else {
            entries.removeLast(entries.count - entryCount)
            selectorCount = firstSelector
            return false
        }
        stylesPseudoElements = stylesPseudoElements || reader.stylesPseudoElements
        if sourceRuns.last?.source != source { sourceRuns.append((rules.count, source)) }
        rules.append(Rule(start: UInt32(start), serial: UInt32(serial), firstSelector: UInt32(firstSelector)))
        return true
    }

    /// Adds the rules of `later`, read from a later part of source `source` (its
    /// only one), whose serials count on from `serialOffset`; before `seal`.
    mutating func append(_ later: UnreadRules, source: Int, serialOffset: Int) {
        guard !later.rules.isEmpty else { return }
        stylesPseudoElements = stylesPseudoElements || later.stylesPseudoElements
        if sourceRuns.last?.source != source { sourceRuns.append((rules.count, source)) }
        let selectorOffset = selectorCount
        rules += later.rules.lazy.map {
            Rule(start: $0.start, serial: $0.serial + UInt32(serialOffset), firstSelector: $0.firstSelector + UInt32(selectorOffset))
        }
        later.entries.forEach { entries.append($0.shifted(by: selectorOffset)) }
        selectorCount += later.selectorCount
    }

    /// The bytes rule `rule` starts in, and where.
    func location(of rule: Int) -> (source: [UInt8], start: Int) {
        let run = sourceRuns[sourceRuns.lastIndex { $0.firstRule <= rule } ?? 0]
        return (sources[run.source], Int(rules[rule].start))
    }

    /// Builds the table once every rule is added; lets go of sources no rule is in.
    mutating func seal() {
        let used = Set(sourceRuns.map(\.source))
        for index in sources.indices where !used.contains(index) { sources[index] = [] }
        guard entries.count > 0 else { return }
        let buckets = HashBuckets<Entry>.bucketCount(for: entries.count)
        // Each entry's bucket by its subject first, to count them; then, where one
        // has many, by both keys for the entries that need an ancestor.
        var bucketOf = [UInt32](repeating: 0, count: entries.count)
        var counts = [UInt32](repeating: 0, count: buckets)
        var index = 0
        entries.forEach { entry in
            let bucket = HashBuckets<Entry>.bucket(of: entry.subject, count: buckets)
            bucketOf[index] = UInt32(bucket)
            counts[bucket] += 1
            index += 1
        }
        isWide = counts.map { $0 > Self.wideBucket }
        counts = []
        let isWide = isWide
        index = 0
        entries.modifyEach { entry in
            if entry.hasAncestor, isWide[Int(bucketOf[index])] {
                entry.isByAncestor = true
                bucketOf[index] = UInt32(HashBuckets<Entry>.bucket(of: Self.mix(entry.subject, entry.ancestor), count: buckets))
            }
            index += 1
        }
        entries.formBuckets(bucketOf: bucketOf, count: buckets)
    }

    private static func mix(_ subject: UInt32, _ ancestor: UInt32) -> UInt32 {
        (subject &* 0x9E37_79B1) ^ ancestor
    }

    /// The rules that may match an element whose keys hash to `keys` (each once),
    /// under ancestors with `ancestors` keys where they are known.
    func candidates(keys: [UInt32], ancestors: AncestorKeys?, into found: inout [Candidate]) {
        guard !rules.isEmpty else { return }
        for key in keys {
            let bucket = entries.bucket(of: key)
            for entry in entries.entries(inBucket: bucket) where entry.subject == key && !entry.isByAncestor {
                if entry.hasAncestor, let ancestors, !ancestors.filter.mayContain(entry.ancestor) { continue }
                found.append(candidate(entry.selector))
            }
            guard isWide[bucket] else { continue }
            guard let ancestors else {
                // (No ancestors known: all of them, as only a lone element's styling asks.)
                for entry in entries.all where entry.isByAncestor && entry.subject == key { found.append(candidate(entry.selector)) }
                continue
            }
            for ancestor in ancestors.keys {
                for entry in entries.entries(inBucket: entries.bucket(of: Self.mix(key, ancestor)))
                where entry.isByAncestor && entry.subject == key && entry.ancestor == ancestor {
                    found.append(candidate(entry.selector))
                }
            }
        }
    }

    /// The rule of selector `selector`, and the selector's place in its list.
    private func candidate(_ selector: Int) -> Candidate {
        var low = 0
        var high = rules.count
        // (The last rule whose first selector is at most `selector`.)
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(rules[middle].firstSelector) <= selector { low = middle } else { high = middle }
        }
        return Candidate(rule: low, position: selector - Int(rules[low].firstSelector))
    }
}

/// Values filed by a 32-bit hash in buckets laid end to end (each bucket's values
/// contiguous, found by the bucket's start), sorted into place where they were
/// appended: no second copy of them, no per-bucket arrays.
struct HashBuckets<Value: Sendable>: Sendable {
    private var starts: [UInt32] = [0, 0]
    private var values: [Value] = []

    var count: Int { values.count }

    mutating func reserveCapacity(_ capacity: Int) {
        values.reserveCapacity(capacity)
    }

    /// Adds a value, before `formBuckets`.
    mutating func append(_ value: Value) {
        values.append(value)
    }

    /// Takes back the last values added.
    mutating func removeLast(_ count: Int) {
        values.removeLast(count)
    }

    /// Calls `body` with each value, in order.
    func forEach(_ body: (Value) -> Void) {
        values.forEach(body)
    }

    /// Changes each value, in order.
    mutating func modifyEach(_ body: (inout Value) -> Void) {
        for index in values.indices { body(&values[index]) }
    }

    /// Files the values appended in `buckets` buckets (a power of two), each in the
    /// one `bucketOf` gives (`bucket(of:count:)` of its key), moving them in place.
    mutating func formBuckets(bucketOf: consuming [UInt32], count buckets: Int) {
        precondition(bucketOf.count == values.count, "a bucket a value")
        var bucketOf = bucketOf
        var starts = [UInt32](repeating: 0, count: buckets + 1)
        for bucket in bucketOf { starts[Int(bucket) + 1] += 1 }
        for bucket in 0..<buckets { starts[bucket + 1] += starts[bucket] }
        // By the top eight bits of their buckets' numbers first, then by the rest
        // within each of those 256 groups: each pass moves values between few places
        // at a time, which the caches hold (one pass over all buckets would not).
        let lowBits = max(0, buckets.trailingZeroBitCount - 8)
        let lowMask = UInt32((1 << lowBits) - 1)
        values.withUnsafeMutableBufferPointer { values in
            bucketOf.withUnsafeMutableBufferPointer { bucketOf in
                let groupCount = buckets >> lowBits
                let groups = Self.flagSort(values, bucketOf, 0..<values.count, digits: groupCount) { Int($0 >> UInt32(lowBits)) }
                guard lowBits > 0 else { return }
                // (The groups are apart: half of them on another thread.)
                nonisolated(unsafe) let values = values
                nonisolated(unsafe) let bucketOf = bucketOf
                let halves = values.count >= Self.halvedCount ? 2 : 1
                DispatchQueue.concurrentPerform(iterations: halves) { half in
                    for group in stride(from: half, to: groupCount, by: halves) {
                        _ = Self.flagSort(values, bucketOf, groups[group]..<groups[group + 1], digits: 1 << lowBits) { Int($0 & lowMask) }
                    }
                }
            }
        }
        self.starts = starts
    }

    /// Values past which the buckets are formed on two threads.
    static var halvedCount: Int { 1 << 14 }

    /// Moves the values of `range` (their buckets' numbers with them) so that those
    /// of each `digit` of their bucket's number are together, in the digits' order
    /// (one pass of an American flag sort: a value not in its digit's part is swapped
    /// to the next free place of its own). Gives where each digit's part starts.
    private static func flagSort(
        _ values: UnsafeMutableBufferPointer<Value>, _ bucketOf: UnsafeMutableBufferPointer<UInt32>, _ range: Range<Int>, digits: Int,
        digit: (UInt32) -> Int
    ) -> [Int] {
        var starts = [Int](repeating: 0, count: digits + 1)
        for index in range { starts[digit(bucketOf[index]) + 1] += 1 }
        starts[0] = range.lowerBound
        for part in 0..<digits { starts[part + 1] += starts[part] }
        var next = starts
        for part in 0..<digits {
            while next[part] < starts[part + 1] {
                let place = next[part]
                var target = digit(bucketOf[place])
                while target != part {
                    let other = next[target]
                    values.swapAt(place, other)
                    bucketOf.swapAt(place, other)
                    next[target] += 1
                    target = digit(bucketOf[place])
                }
                next[part] += 1
            }
        }
        return starts
    }

    /// A power of two near `count`, at least half of it (buckets of one or two).
    static func bucketCount(for count: Int) -> Int {
        var buckets = 16
        while buckets * 2 < count { buckets <<= 1 }
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

    var all: [Value] { values }
}
