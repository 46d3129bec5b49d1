import ComponentKit
import DocScroll
import Foundation
import SampleContent
import Testing

/// A hit that a search reads ahead of the page's index to find is what the view shows
/// once revealed as the viewer reveals it, however far from it the reader was: the
/// rows read ahead there are not let go for rows where the reader had been.
@Suite("Revealing a hit read ahead of the index")
struct SearchAheadRevealTests {
    @Test func aHitFarAheadOfTheIndexIsShownWhereTheReaderWasFarFromIt() throws {
        // (A page long enough that its index is far from its middle and its end while
        // the search goes: the bodies of a generated page again and again.)
        let generated = PageGenerator.page(bytes: 200_000, seed: 5)
        let body = try #require(generated.firstRange(of: "<body>").map { generated[$0.upperBound...] }?.split(separator: "</body>").first)
        let html = "<html><body>" + String(repeating: String(body), count: 150) + "<p>zqfarawayword at the end</p></body></html>"
        var options = DocScrollView.Options(width: 80, height: 20)
        options.pageChunkBytes = 64 << 10
        let view = try DocScrollView(pages: [InputFile(name: "/pages/far.html", bytes: Array(html.utf8))], tables: [], options: options)
        // As the viewer: keys do not wait for the index; the reader goes to the middle.
        view.waitsForPages = false
        view.scroll(toFraction: 0.5)
        let page = try #require(view.stack.component(view.componentIDs[0]))

        guard case .found(let hit, _) = view.find("zqfarawayword", from: view.topPlace, forward: true) else {
            Issue.record("the word at the end is found")
            return
        }
        let place = view.reveal(hit)
        #expect(page.searchableText(row: place.row, width: 80).contains("zqfarawayword"), "row \(hit.row) revealed at \(place.row)")
    }
}
