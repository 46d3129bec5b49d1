/// Pictures kept under a budget, each with the page rows where it was last shown:
/// past the budget, those farthest from the rows the viewport shows are dropped
/// first, as tiles are (of those as far, the one used least recently), so that
/// scrolling back to where the reader just was finds its pictures kept.
struct KeptPictures<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var cost: Int
        /// The page rows its box was last shown on.
        var place: Range<Int>
        /// When it was last used: a count of uses, the latest highest.
        var use: Int
    }

    private var entries: [Key: Entry] = [:]
    /// What the pictures kept cost, in the budget's units.
    private(set) var cost = 0
    private var uses = 0
    /// The page rows the viewport shows now.
    var viewport = 0..<0

    var count: Int { entries.count }

    /// The picture kept for `key`, noted as used now, shown at `place`.
    mutating func value(for key: Key, shownAt place: Range<Int>) -> Value? {
        guard entries[key] != nil else { return nil }
        uses += 1
        entries[key]?.use = uses
        entries[key]?.place = place
        return entries[key]?.value
    }

    /// The picture kept for `key`, leaving it as it was.
    func peek(_ key: Key) -> Value? {
        entries[key]?.value
    }

    /// Keeps `value` for `key`, shown at `place` and costing `cost`, in place of any
    /// kept for it; then, while the pictures kept cost more than `budget`, drops the
    /// one farthest from the viewport (never the one just kept).
    /// - Returns: the values dropped for the budget, and the one replaced, if any.
    mutating func keep(
        _ value: Value, for key: Key, cost: Int, shownAt place: Range<Int>, budget: Int
    ) -> (evicted: [Value], replaced: Value?) {
        uses += 1
        let replaced = entries.updateValue(Entry(value: value, cost: cost, place: place, use: uses), forKey: key)
        self.cost += cost - (replaced?.cost ?? 0)
        var evicted: [Value] = []
        while self.cost > budget, entries.count > 1 {
            let farthest = entries.lazy.filter { $0.key != key }.max { lhs, rhs in
                let (left, right) = (distance(of: lhs.value.place), distance(of: rhs.value.place))
                return left != right ? left < right : lhs.value.use > rhs.value.use
            }
            guard let farthest, let dropped = entries.removeValue(forKey: farthest.key) else { break }
            self.cost -= dropped.cost
            evicted.append(dropped.value)
        }
        return (evicted, replaced?.value)
    }

    /// Rows between `place` and the viewport: 0 where they meet.
    private func distance(of place: Range<Int>) -> Int {
        if place.upperBound <= viewport.lowerBound { return viewport.lowerBound - place.upperBound + 1 }
        if place.lowerBound >= viewport.upperBound { return place.lowerBound - viewport.upperBound + 1 }
        return 0
    }
}
