extension RandomAccessCollection where Index == Int {
    /// The first index whose element is at or past a point, found by halving: the
    /// elements are in order, `isAtOrPast` false for those before it and true from it
    /// on; `endIndex` when none is. (Inlinable: made for each collection where it is
    /// called, not read through the protocol's table, which allocates at each read.)
    @inlinable package func partitionPoint(where isAtOrPast: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if isAtOrPast(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
