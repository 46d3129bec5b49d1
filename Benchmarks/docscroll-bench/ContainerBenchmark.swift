import Foundation
import SampleContent
import ScrollCore

/// The container core's cost against the number of components: one layout pass at a
/// random offset, one scroll step (a row, with its events), one extent change.
/// Each figure is the median of several rounds of many operations, in nanoseconds.
enum ContainerBenchmark {
    final class Block: ScrollComponent {
        var contentExtent: Double
        let headerExtent: Double
        init(_ extent: Double, header: Double) {
            contentExtent = extent
            headerExtent = header
        }
    }

    struct Result {
        let components: Int
        let buildMilliseconds: Double
        let layoutNanoseconds: Double
        let scrollStepNanoseconds: Double
        let extentChangeNanoseconds: Double
    }

    static func run(componentCounts: [Int], rounds: Int = 7, operations: Int = 20_000) -> [Result] {
        componentCounts.map { count in
            var random = SeededGenerator(seed: UInt64(count))
            let blocks = (0..<count).map { index in
                Block(Double(Int.random(in: 0...60, using: &random)), header: index % 5 == 0 ? 1 : 0)
            }
            let clock = ContinuousClock()
            let container = ScrollContainer(viewportExtent: 40, spacing: 1)
            let build = clock.measure {
                container.performBatchUpdates { for block in blocks { container.append(block) } }
            }
            let ids = container.componentIDs
            let maxOffset = container.maxScrollOffset
            let offsets = (0..<operations).map { _ in Double.random(in: 0...maxOffset, using: &random).rounded(.down) }
            var sink = 0.0
            func median(_ body: () -> Void) -> Double {
                var samples: [Double] = []
                for _ in 0..<rounds {
                    let elapsed = clock.measure(body)
                    samples.append(nanoseconds(elapsed) / Double(operations))
                }
                return samples.sorted()[rounds / 2]
            }
            let layout = median {
                for offset in offsets {
                    container.scroll(to: offset)
                    sink += container.layout.headerCoverage
                }
            }
            container.scroll(to: maxOffset / 2)
            var direction = 1.0
            let step = median {
                for _ in 0..<operations {
                    if container.scrollOffset >= maxOffset || container.scrollOffset <= 0 { direction = -direction }
                    sink += Double(container.scroll(by: direction).count)
                }
            }
            let change = median {
                for index in 0..<operations {
                    let id = ids[index % ids.count]
                    let block = blocks[index % blocks.count]
                    block.contentExtent = block.contentExtent == 0 ? 1 : block.contentExtent - 1
                    sink += Double(container.componentExtentDidChange(id).count)
                }
            }
            if sink.isNaN { print("") }
            return Result(
                components: count, buildMilliseconds: nanoseconds(build) / 1e6,
                layoutNanoseconds: layout, scrollStepNanoseconds: step, extentChangeNanoseconds: change)
        }
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }
}
