import SampleContent
import ScrollCore
import Testing

/// The scroll indicator's geometry: the thumb a share of the track as the viewport is
/// of the content, at the first cell at the top and the last at the bottom, moving
/// monotonically; ticks where components start; a click's offset puts the thumb there.
@Suite("Scroll indicator")
struct ScrollIndicatorTests {
    @Test func theThumbIsTheViewportsShareAndGoesEndToEnd() {
        let top = ScrollIndicator(offset: 0, viewport: 20, content: 200, starts: [0, 50, 120], isEstimated: false, length: 20)
        #expect(top.thumb == 0..<2)
        #expect(top.ticks == [5, 12])
        let bottom = ScrollIndicator(offset: 180, viewport: 20, content: 200, starts: [0], isEstimated: false, length: 20)
        #expect(bottom.thumb == 18..<20)
        let fits = ScrollIndicator(offset: 0, viewport: 20, content: 10, starts: [], isEstimated: true, length: 20)
        #expect(fits.thumb == 0..<20, "content that fits: the thumb fills the track")
        #expect(fits.isEstimated)
        let huge = ScrollIndicator(offset: 5_000_000, viewport: 20, content: 10_000_000, starts: [], isEstimated: false, length: 20)
        #expect(huge.thumb.count == 1, "a cell at the least")
        #expect(ScrollIndicator(offset: 0, viewport: 20, content: 200, starts: [], isEstimated: false, length: 0).thumb.isEmpty)
    }

    @Test(arguments: 1...8)
    func randomIndicatorsKeepTheirPromises(seed: UInt64) {
        var random = SeededGenerator(seed: seed &* 7_919)
        for _ in 0..<300 {
            let length = Int.random(in: 1...60, using: &random)
            let viewport = Double(Int.random(in: 1...80, using: &random))
            let content = Double(Int.random(in: 0...5_000, using: &random))
            let maxOffset = max(0, content - viewport)
            let starts = (0..<Int.random(in: 0...6, using: &random)).map { _ in Double(Int.random(in: 0...Int(max(1, content)), using: &random)) }.sorted()
            var previous: Int?
            for step in 0...20 {
                let offset = maxOffset * Double(step) / 20
                let indicator = ScrollIndicator(offset: offset, viewport: viewport, content: content, starts: starts, isEstimated: false, length: length)
                #expect(!indicator.thumb.isEmpty && indicator.thumb.lowerBound >= 0 && indicator.thumb.upperBound <= length)
                #expect(indicator.ticks.allSatisfy { (0..<length).contains($0) })
                #expect(indicator.ticks == indicator.ticks.sorted())
                if step == 0 { #expect(indicator.thumb.lowerBound == 0) }
                if step == 20, maxOffset > 0 { #expect(indicator.thumb.upperBound == length) }
                if let previous { #expect(indicator.thumb.lowerBound >= previous, "monotonic") }
                previous = indicator.thumb.lowerBound
                // A click on the thumb's middle asks for an offset whose thumb is there (a
                // cell off at most where there are fewer whole offsets than cells).
                let asked = indicator.offset(at: indicator.thumb.lowerBound + indicator.thumb.count / 2, viewport: viewport, content: content)
                #expect(asked >= 0 && asked <= maxOffset)
                let there = ScrollIndicator(offset: asked, viewport: viewport, content: content, starts: starts, isEstimated: false, length: length)
                let free = length - indicator.thumb.count
                #expect(
                    abs(there.thumb.lowerBound - indicator.thumb.lowerBound) <= (maxOffset >= Double(2 * free) ? 0 : 1),
                    "length \(length) viewport \(viewport) content \(content) offset \(offset)")
            }
        }
    }

    @MainActor @Test func aContainersIndicator() {
        let container = ScrollContainer(viewportExtent: 10)
        final class Block: ScrollComponent {
            let contentExtent: Double
            var isExtentEstimated: Bool
            init(_ extent: Double, estimated: Bool = false) {
                contentExtent = extent
                isExtentEstimated = estimated
            }
        }
        container.append(Block(30))
        container.append(Block(70, estimated: true))
        container.scroll(to: 90)
        let indicator = ScrollIndicator(container, length: 10)
        #expect(indicator.thumb == 9..<10)
        #expect(indicator.ticks == [3])
        #expect(indicator.isEstimated)
    }
}
