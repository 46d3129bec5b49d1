import Testing
@testable import Styles

/// Plain selector lists read straight from their bytes give what the selector parser
/// gives, or are left to it.
@Suite("Plain selector reader")
struct PlainSelectorReaderTests {
    /// The reader's selectors of `text`, the whole of it a prelude.
    static func read(_ text: String) -> [Selector]? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { PlainSelectorReader.selectors($0, 0..<bytes.count) }
    }

    @Test func listsOfNamesClassesIdsAndCombinatorsAreReadAsTheParserReadsThem() {
        let read = [
            "p", "DIV.Note > p:first-child", "#a .b", "ul  >  li.x#y", "a:link, a:HOVER", "* > .x", "*.x", "h1 + p ~ span", ".fa-bars:before",
            "p.note::after", " a\n\tb ", "li:only-child", "--x", "-a.-b", "a:before, b::AFTER", "a:empty:root",
        ]
        for text in read {
            let selectors = Self.read(text)
            #expect(selectors != nil && selectors == SelectorParser.selectors(text), "\(text)")
        }
        // What it leaves to the parser: invalid lists, and what it does not read.
        let left = [
            "", "a,", ",a", "a,,b", "> a", "a >", "a > > b", "a::before b", "a::before > b", "a::before.b", "::hover", "a:nope", "*a", "#1", ".1",
            ".-1", "é", "a|b", "a -->", "a --> b", "a:not(.b)", "[x]",
        ]
        for text in left { #expect(Self.read(text) == nil, "\(text)") }
    }

    /// Random lists of the pieces selectors are made of: what the reader reads, the
    /// parser reads alike (and the reader reads a good share of them).
    @Test func randomListsAreReadAsTheParserReadsThem() {
        let pieces = [
            "div", "P", "h1", "-x", "--y", "_a", ".", "#", "*", ":", "::", "before", "AFTER", "hover", "first-child", "only-of-type", "link", "nope",
            " ", " ", ">", "+", "~", ",", "-->", "1", "-1", "é", "\n", "\t", "a", "b", "-",
        ]
        var random = SplitMix(seed: 23)
        var readCount = 0
        for _ in 0..<20_000 {
            let text = (0..<(1 + random.next(8))).map { _ in pieces[random.next(pieces.count)] }.joined()
            guard let selectors = Self.read(text) else { continue }
            readCount += 1
            #expect(selectors == SelectorParser.selectors(text), "\(text)")
        }
        #expect(readCount > 1_000, "\(readCount) read")
    }
}
