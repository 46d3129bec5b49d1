/// The first position of `0..<count` where `isPast` holds, for a test that holds from
/// some position on (records in input order, asked about a byte): found by halving.
/// `count` when it holds nowhere.
func firstPosition(in count: Int, where isPast: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
        let middle = (low + high) / 2
        if isPast(middle) { high = middle } else { low = middle + 1 }
    }
    return low
}
