import Testing

@testable import Styles

@Suite("Open key counts")
struct OpenKeyCountsTests {
    /// Elements open and close in nested order, with keys drawn from a few (so that
    /// many collide in the table, and runs of slots are cut by removals): the keys
    /// and their counts are those of a dictionary kept beside.
    @Test func countsAsADictionaryDoes() {
        var random = SplitMix(seed: 7)
        var counts = OpenKeyCounts()
        var model: [UInt32: Int] = [:]
        var open: [[UInt32]] = []
        // (Keys alike in their low bits, and a few apart.)
        let pool = (0..<300).map { UInt32($0) << 20 | 5 } + [0, 1, .max]
        for _ in 0..<50_000 {
            if open.isEmpty || (open.count < 400 && random.next(2) == 0) {
                let keys = (0..<(1 + random.next(4))).map { _ in pool[random.next(pool.count)] }
                for key in keys {
                    counts.add(key)
                    model[key, default: 0] += 1
                }
                open.append(keys)
            } else {
                for key in open.removeLast().reversed() {
                    counts.remove(key)
                    model[key]! -= 1
                    if model[key] == 0 { model[key] = nil }
                }
            }
            let listed = Set(counts.keys)
            #expect(listed.count == counts.keys.count, "each key once")
            #expect(listed == Set(model.keys))
            if listed != Set(model.keys) { return }
        }
        #expect(open.count > 10, "elements were nested")
    }

    /// Counted off in any order (the table's removal moves back the keys after a
    /// hole), every count stays right.
    @Test func countsStayRightWhateverTheOrderOfRemoval() {
        var random = SplitMix(seed: 11)
        var counts = OpenKeyCounts()
        var model: [UInt32: Int] = [:]
        var added: [UInt32] = []
        let pool = (0..<2_000).map { UInt32($0) &* 2_654_435_761 }
        for _ in 0..<40_000 {
            if added.isEmpty || random.next(5) < 3 {
                let key = pool[random.next(pool.count)]
                counts.add(key)
                model[key, default: 0] += 1
                added.append(key)
            } else {
                let key = added.remove(at: random.next(added.count))
                counts.remove(key)
                model[key]! -= 1
            }
        }
        let wrong = pool.filter { counts.count(of: $0) != model[$0, default: 0] }
        #expect(wrong.isEmpty, "\(wrong.count) keys miscounted")
        #expect(model.values.filter { $0 > 0 }.count > 500, "many keys were open at the end")
    }
}
