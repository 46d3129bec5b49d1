import DocScroll
import DocumentLayout
import Foundation
import SystemIO
import TestSupport
import Testing
import TileRenderer

/// The threads a view builds windowed pages' indexes on are the ones it is given.
@Suite("Threads given to the view")
struct InjectedThreadsTests {
    /// The system's threads, counting the work given to them.
    struct CountingThreads: LayoutThreads {
        let counter = Counter()
        let system = SystemThreads(yielding: true)

        final class Counter: @unchecked Sendable {
            private let lock = NSLock()
            private var value = 0
            func increment() { lock.withLock { value += 1 } }
            var count: Int { lock.withLock { value } }
        }

        func run(waits: Bool, _ work: @escaping @Sendable () -> Void) {
            counter.increment()
            system.run(waits: waits, work)
        }

        func makeSemaphore() -> SystemSemaphore { system.makeSemaphore() }
        func makeLock() -> SystemLock { system.makeLock() }
    }

    @Test func aWindowedPagesIndexIsBuiltOnTheThreadsGiven() throws {
        func workGiven(pages: Int, mode: RenderMode) throws -> Int {
            let threads = CountingThreads()
            let view = try DocScrollView(
                pages: try Array(repeating: sample("article.html"), count: pages), tables: [], options: .init(width: 60, height: 10, mode: mode),
                threads: threads)
            #expect(view.frame().plainText(row: 2) == "One Scroll for Tables and Pages")
            // (The index's work all given, whatever the machine's pace.)
            view.locateEnds()
            return threads.counter.count
        }
        let one = try workGiven(pages: 1, mode: .windowed)
        #expect(one > 0)
        #expect(try workGiven(pages: 2, mode: .windowed) == 2 * one, "as much again for a second page")
        #expect(try workGiven(pages: 1, mode: .expanded) == 0, "a page read whole builds no index")
    }
}
