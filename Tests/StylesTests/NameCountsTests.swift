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

    /// Emptied and counted again (a level opened for another element), the counts are
    /// those of what came since, whatever the counts before held.
    @Test func emptiedTheyCountOnlyWhatComesAfter() {
        var random = SplitMix(seed: 5)
        var counts = NameCounts()
        for round in 0..<200 {
            counts.removeAll()
            var model: [String: Int] = [:]
            let names = round % 3 == 0 ? NameCounts.listedNames + 4 : 1 + random.next(NameCounts.listedNames)
            for _ in 0..<random.next(60) {
                let name = "n\(random.next(names))"
                counts.add(name)
                model[name, default: 0] += 1
            }
            #expect((0..<names + 2).allSatisfy { counts["n\($0)"] == model["n\($0)"] }, "round \(round)")
            var fresh = NameCounts()
            for (name, number) in model { fresh.add(name, number) }
            #expect(counts == fresh)
        }
    }
}
