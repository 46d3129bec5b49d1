import HTMLParsing
import Testing
@testable import DocumentLayout

/// A search's letter scan starts from the middle of a page only where a scan from the
/// page's start reads what it reads past there: at a block's start, with nothing open
/// that hides its content or numbers with letters (what the scan marks whole).
@Suite("Where a letter scan may start")
struct PageLetterScansTests {
    func chunk(_ open: [OpenElement], insideText: Bool = false) -> PageIndex.Chunk {
        PageIndex.Chunk(
            range: 0..<10, shownBytes: 10, openElements: OpenElements(open), openElementsAtEnd: 0, linkBase: 0, links: 0,
            startsInsideText: insideText)
    }

    func element(_ tag: HTMLTag, _ attributes: [(String, String)] = []) -> OpenElement {
        OpenElement(tag: tag, attributes: attributes.map { HTMLDocument.Attribute(name: $0.0, value: $0.1) })
    }

    @Test func atABlocksStartOutsideWhatHidesOrNumbersWithLetters() {
        let page = [element(.html), element(.body)]
        #expect(PageLetterScans.canStartScan(at: chunk(page + [element(.div, [("class", "section")]), element(.ul)])))
        #expect(!PageLetterScans.canStartScan(at: chunk(page, insideText: true)))
        #expect(!PageLetterScans.canStartScan(at: chunk(page + [element(.div, [("hidden", "")])])))
        #expect(!PageLetterScans.canStartScan(at: chunk(page + [element(.section, [("style", "display: none")])])))
        #expect(!PageLetterScans.canStartScan(at: chunk(page + [element(.ol, [("type", "a")])])))
        #expect(PageLetterScans.canStartScan(at: chunk(page + [element(.ol, [("start", "3")])])))
        #expect(!PageLetterScans.canStartScan(at: chunk(page + [element(.svg)])))
        // (`template`, and any tag layout does not know.)
        #expect(!PageLetterScans.canStartScan(at: chunk(page + [element(.unknown)])))
    }
}
