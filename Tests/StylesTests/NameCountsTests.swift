import Testing

@testable import Styles

@Suite("Name counts")
struct NameCountsTests {
    /// Counts by name as a dictionary does, listed or past `listedNames`; equal
    /// whatever order the names came in.
    @Test func countAsADictionaryWhateverTheOrder() {
        var random = SplitMix(seed: 3)
        for names in [5, NameCounts.listedNames + 40] {
            var counts = NameCounts()
            var reversed = NameCounts()
            var model: [String: Int] = [:]
            let added = (0..<2_000).map { _ in ("n\(random.next(names))", 1 + random.next(3)) }
            for (name, number) in added {
                counts.add(name, number)
                model[name, default: 0] += number
            }
            for (name, number) in added.reversed() { reversed.add(name, number) }
            #expect(model.allSatisfy { counts[$0.key] == $0.value } && counts["absent"] == nil, "\(names) names")
            #expect(counts == reversed)
            reversed.add("n0")
            #expect(counts != reversed)
        }
    }
}
