/// Prefix sums over a list of extents (a Fenwick tree): the container's slots, a
/// wrapped table's row heights. "Where does item i start" and "which item holds
/// offset y" cost O(log n), and changing one extent costs O(log n) instead of
/// summing everything after it again.
///
/// Values must be finite and non-negative.
public struct ExtentIndex: Sendable {
    private var tree: [Double]
    /// The values, in order.
    public private(set) var values: [Double]

    /// An index of `values`, built in O(n).
    public init(_ values: [Double] = []) {
        self.values = values
        tree = [0] + values
        for index in 1..<max(1, tree.count) {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
        }
    }

    /// How many values there are.
    public var count: Int { values.count }

    /// Sum of values `0..<index`.
    /// - Complexity: O(log n).
    public func prefixSum(_ index: Int) -> Double {
        var sum = 0.0
        var position = min(index, values.count)
        while position > 0 {
            sum += tree[position]
            position -= position & -position
        }
        return sum
    }

    /// Sum of all values.
    public var total: Double { prefixSum(values.count) }

    /// Adds a value at the end.
    /// - Complexity: O(log n).
    public mutating func append(_ value: Double) {
        values.append(value)
        let position = values.count
        // Node `position` covers values (position - lowbit, position].
        let covered = prefixSum(position - 1) - prefixSum(position - (position & -position))
        tree.append(value + covered)
    }

    /// Replaces value `index`.
    /// - Complexity: O(log n).
    public mutating func set(_ index: Int, _ value: Double) {
        let delta = value - values[index]
        guard delta != 0 else { return }
        values[index] = value
        var position = index + 1
        while position < tree.count {
            tree[position] += delta
            position += position & -position
        }
    }

    /// The index whose span `[prefixSum(i), prefixSum(i + 1))` holds `offset`, skipping
    /// empty spans; `nil` when `offset` is negative or at or past the total.
    /// - Complexity: O(log n).
    public func index(containing offset: Double) -> Int? {
        guard offset >= 0, !values.isEmpty else { return nil }
        var position = 0
        var remaining = offset
        var step = 1
        while step * 2 <= values.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= values.count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position < values.count ? position : nil
    }
}
