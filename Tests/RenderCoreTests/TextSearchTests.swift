import SampleContent
import Testing
@testable import RenderCore

/// A query found in a row's text as the viewer finds it: smart case, characters
/// compared as characters (a combining mark makes another character).
@Suite("Text search")
struct TextSearchTests {
    @Test func smartCase() {
        #expect(TextSearch.contains("python", in: "The Python Tutorial"))
        #expect(!TextSearch.contains("Python", in: "the python tutorial"))
        #expect(TextSearch.contains("Python", in: "The Python Tutorial"))
        #expect(TextSearch.contains("中文", in: "一些中文字"))
        #expect(!TextSearch.contains("cafe", in: "café"), "é is another character than e")
        #expect(TextSearch.contains("k", in: "5 \u{212A}"), "the Kelvin sign lowercases to k")
        #expect(!TextSearch.contains("abc", in: "ab"))
    }

    /// Queries of printable ASCII are answered from the bytes where they can be: never
    /// otherwise than the characters' path answers, case folded or not, on seeded
    /// random rows with letters that are not ASCII, combining marks and the scalars
    /// that match ASCII ones.
    @Test func theBytesPathFindsWhatTheCharactersPathFinds() {
        let seed: UInt64 = 0x5EA_4C4
        var generator = SeededGenerator(seed: seed)
        let alphabet: [Character] = Array("aAbBcC xyz-_.:[]1;`kK") + ["é", "e\u{301}", "\u{212A}", "\u{37E}", "\u{1FEF}", "中", "İ"]
        var checked = (found: 0, missed: 0, decided: 0)
        for _ in 0..<20_000 {
            let text = String((0..<Int.random(in: 0...30, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let query = String((0..<Int.random(in: 1...4, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let bytes = TextSearch.bytesDecide(query, in: text)
            let characters = !TextSearch.ranges(of: query, in: text).isEmpty
            #expect(bytes == nil || bytes == characters, "seed \(seed): \(query.debugDescription) in \(text.debugDescription)")
            if bytes != nil { checked.decided += 1 }
            if characters { checked.found += 1 } else { checked.missed += 1 }
        }
        #expect(checked.found > 1_000 && checked.missed > 1_000 && checked.decided > 2_000, "\(checked)")
        #expect(TextSearch.bytesDecide("a", in: "é a") == nil, "found in other text: the characters decide")
        #expect(TextSearch.bytesDecide("q", in: "é a") == false, "not in the bytes: not there")
        #expect(TextSearch.bytesDecide("k", in: "\u{212A}") == nil, "a lookalike: the characters decide")
        #expect(TextSearch.bytesDecide("a\u{7F}", in: "a") == nil)
    }
}
