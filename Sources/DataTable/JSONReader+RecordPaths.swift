/// Finding the records in a JSON value: the value a path names, or the largest
/// array of objects.
extension JSONReader {
    /// Throws unless only white space is left.
    mutating func expectEnd() throws(DataTableError) {
        skipWhitespace()
        guard position == bytes.count else { throw error("unexpected \(describeNext()) after the JSON value") }
    }

    /// Follows `path` from the value at the reader's position: a key in an object, a
    /// number in an array.
    /// - Returns: where the value at the end of the path starts.
    /// - Complexity: linear in the bytes passed over (the place named in an error is
    ///   spelled out only then), and within the depth limit of all JSON read.
    mutating func find(_ path: [String]) throws(DataTableError) -> Int {
        // A path into values nested deeper than the limit would pass values the limit
        // refuses without it.
        guard path.count < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        for (depth, step) in path.enumerated() {
            skipWhitespace()
            var here: String { depth == 0 ? "the top level" : "'" + path[..<depth].joined(separator: ".") + "'" }
            switch peek() {
            case UInt8(ascii: "{"):
                position += 1
                skipWhitespace()
                var found = false
                if !consume(UInt8(ascii: "}")) {
                    while true {
                        skipWhitespace()
                        try expectKeyQuote()
                        let key = try parseString()
                        skipWhitespace()
                        try expectColon()
                        if key == step {
                            found = true
                            break
                        }
                        try skipValue()
                        guard try moreItems(inObject: true) else { break }
                    }
                }
                guard found else { throw .noRows("no key '\(step)' in the object at \(here)") }
            case UInt8(ascii: "["):
                guard let wanted = Int(step), wanted >= 0 else { throw .noRows("'\(step)' is not a position in the array at \(here)") }
                position += 1
                for _ in 0..<wanted {
                    skipWhitespace()
                    guard peek() != UInt8(ascii: "]") else { throw .noRows("the array at \(here) has no item \(wanted)") }
                    try skipValue()
                    skipWhitespace()
                    guard consume(UInt8(ascii: ",")) else { throw .noRows("the array at \(here) has no item \(wanted)") }
                }
                skipWhitespace()
                guard peek() != UInt8(ascii: "]") else { throw .noRows("the array at \(here) has no item \(wanted)") }
            default:
                throw .noRows("\(here) is not an object or an array: no '\(step)' in it")
            }
        }
        skipWhitespace()
        guard peek() == UInt8(ascii: "[") else {
            throw .noRows("'\(path.joined(separator: "."))' is not an array: there are no rows")
        }
        return position
    }

    /// Checks the value at the reader's position, and finds in it the array with the
    /// most objects (one whose items are at least half objects).
    /// - Returns: where that array starts.
    /// - Throws: `.noRows` when there is none.
    mutating func largestArrayOfObjects() throws(DataTableError) -> Int {
        let topKind = peek()
        // Open containers: for arrays, where they start and what they hold so far.
        struct Open {
            var isObject: Bool
            var start: Int
            var items = 0
            var objects = 0
        }
        var stack: [Open] = []
        var best: (start: Int, objects: Int)?
        walking: while true {
            skipWhitespace()
            if let top = stack.indices.last, !stack[top].isObject {
                stack[top].items += 1
                if peek() == UInt8(ascii: "{") { stack[top].objects += 1 }
            }
            switch peek() {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = peek() == UInt8(ascii: "{")
                let start = position
                position += 1
                skipWhitespace()
                if !consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    guard stack.count < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
                    stack.append(Open(isObject: isObject, start: start))
                    if isObject { try skipKey() }
                    continue walking
                }
            case UInt8(ascii: "\""):
                try skipString()
            case nil:
                throw error("unexpected end of input, expected a value")
            default:
                try skipValue()
            }
            while let top = stack.last {
                if try moreItems(inObject: top.isObject) {
                    if top.isObject { try skipKey() }
                    continue walking
                }
                stack.removeLast()
                if !top.isObject, top.objects > 0, top.objects * 2 >= top.items, top.objects > (best?.objects ?? 0) {
                    best = (top.start, top.objects)
                }
            }
            try expectEnd()
            guard let best else {
                let hint = topKind == UInt8(ascii: "{") ? " (one record of JSON Lines? --format jsonl reads it as one row)" : ""
                throw .noRows("the JSON value is \(Self.kindName(startingWith: topKind)) and holds no array of objects: there are no rows" + hint)
            }
            return best.start
        }
    }
}
