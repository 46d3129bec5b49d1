import Testing

/// What a child process of an accounting test wrote: bytes counted, the live heap's
/// growth, things evicted; `nil` unless it wrote those three numbers.
func heapFigures(_ result: ExitTest.Result?) -> (counted: Int, delta: Int, evicted: Int)? {
    guard let result else { return nil }
    let numbers = String(decoding: result.standardOutputContent, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard numbers.count == 3 else { return nil }
    return (numbers[0], numbers[1], numbers[2])
}
