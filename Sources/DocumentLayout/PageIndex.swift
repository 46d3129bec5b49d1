import Dispatch
import HTMLParsing
import Synchronization

/// Where a page can be parsed again from the middle: a checkpoint every ~64 KB, so
/// that the part of a page near the viewport is parsed and laid out on its own, and
/// the rest of the page costs only its checkpoints.
///
/// One pass over the page (`build`, on a thread of its own) parses it with libxml2
/// and cuts it, as a dump's stream does, right after a block's own end tag while only
/// containers are open (`HTMLParser.Cutting`). Each checkpoint keeps the byte offset,
/// the elements open there (as start tags to feed a fresh parser:
/// `HTMLParser.parseChunk`) and the number of links before it, so that `[n]` marks
/// are numbered as in the whole page. The part from one checkpoint to the next is a
/// *chunk*; laid out from its checkpoint it gives exactly the lines the whole page
/// gives there (tested at every checkpoint).
///
/// Readers see the checkpoints found so far and can wait for more; the pass can be
/// stopped. A checkpoint costs about 24 bytes plus its open elements, which are
/// shared with the checkpoints that have the same ones.
package final class PageIndex: Sendable {
    /// The start of a chunk.
    package struct Checkpoint: Sendable {
        /// Page offset where the chunk starts.
        package var offset: Int
        /// Links numbered before the chunk.
        package var linkBase: Int
        /// The elements open at `offset`, as an index into the shared list.
        var openElements: Int32
    }

    private struct State {
        var checkpoints: [Checkpoint]
        /// Links numbered in each chunk whose end is known.
        var chunkLinks: [Int] = []
        var openElementLists: [[OpenElement]] = [[]]
        var openElementIDs: [[OpenElement]: Int32] = [[]: 0]
        var title = ""
        var isComplete = false
        var error: HTMLParsingError?
        /// How many readers wait for more (the builder wakes them only then).
        var waiters = 0
    }

    /// The page the index is of.
    package let source: any PageSource
    /// Where the page's text starts (past a byte order mark).
    package let start: Int
    private let state: Mutex<State>
    private let progress = DispatchSemaphore(value: 0)
    private let stopped = Atomic<Bool>(false)

    /// Bytes a chunk spans at least (the last may be shorter; a chunk ends at the first
    /// cut past this). The first chunks are smaller, from `firstChunkBytes` on, so that
    /// the first screen needs little of the page (a page arriving on standard input
    /// shows sooner).
    package static let chunkBytes = 1 << 16
    package static let firstChunkBytes = 1 << 12

    /// An empty index of `source`'s bytes from `start`.
    package init(source: any PageSource, start: Int = 0) {
        self.source = source
        self.start = start
        HTMLParser.prepareForThreads()
        state = Mutex(State(checkpoints: [Checkpoint(offset: start, linkBase: 0, openElements: 0)]))
    }

    /// Parses the page and records its checkpoints, until its end or `stop()`. Run it
    /// on a thread of its own; readers may read the index meanwhile.
    /// - Parameter chunkBytes: how far apart checkpoints are at least (small values to
    ///   test the cuts).
    package func build(chunkBytes: Int = PageIndex.chunkBytes) {
        var cutting = HTMLParser.Cutting(
            containers: LayoutUnits.transparentTags, blocks: LayoutUnits.blockLevelTags, splittable: LayoutUnits.splittableTags,
            bytes: chunkBytes, firstBytes: min(chunkBytes, Self.firstChunkBytes),
            take: { [self] cut in
                let units = LayoutUnits(cut.fragment)
                let links = units.units.reduce(0) { $0 + LinkCounter.count($1, in: cut.fragment) }
                record(links: links, title: cut.fragment.title, next: cut.endOffset.map { ($0, cut.openElements ?? []) })
                return !stopped.load(ordering: .relaxed)
            })
        // Links are counted on the elements alone.
        cutting.keepsText = false
        do throws(HTMLParsingError) {
            try HTMLParser.parse(source, from: start, cutting: cutting)
            finish(error: nil)
        } catch {
            finish(error: error)
        }
    }

    /// Stops `build` at its next checkpoint.
    package func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    /// Notes the end of a chunk: its links, and where the next one starts (`nil` at
    /// the page's end).
    private func record(links: Int, title: String, next: (offset: Int, openElements: [OpenElement])?) {
        let wake = state.withLock { state in
            if state.title.isEmpty { state.title = title }
            let base = state.checkpoints[state.checkpoints.count - 1].linkBase
            state.chunkLinks.append(links)
            if let next {
                let id = state.openElementIDs[next.openElements] ?? {
                    let id = Int32(state.openElementLists.count)
                    state.openElementLists.append(next.openElements)
                    state.openElementIDs[next.openElements] = id
                    return id
                }()
                state.checkpoints.append(Checkpoint(offset: next.offset, linkBase: base + links, openElements: id))
            }
            return state.waiters
        }
        for _ in 0..<wake { progress.signal() }
    }

    private func finish(error: HTMLParsingError?) {
        let wake = state.withLock { state in
            // A stopped pass leaves its last chunk without an end: it is not one.
            if state.chunkLinks.count < state.checkpoints.count { state.checkpoints.removeLast(state.checkpoints.count - state.chunkLinks.count) }
            state.isComplete = true
            state.error = error
            return state.waiters
        }
        for _ in 0..<wake { progress.signal() }
    }

    /// What the index holds so far.
    package struct Snapshot: Sendable {
        /// Chunks whose both ends are known.
        package var chunkCount: Int
        /// The page offset the index has reached (the end of the last known chunk).
        package var indexedOffset: Int
        package var isComplete: Bool
        /// Links in the whole page (when complete), else in the known chunks.
        package var linkCount: Int
        package var title: String
        package var error: HTMLParsingError?
    }

    package var snapshot: Snapshot {
        state.withLock { state in
            let count = state.chunkLinks.count
            let end = count < state.checkpoints.count ? state.checkpoints[count].offset : source.byteCount
            let links = count > 0 ? state.checkpoints[count - 1].linkBase + state.chunkLinks[count - 1] : 0
            return Snapshot(chunkCount: count, indexedOffset: count == 0 ? start : end, isComplete: state.isComplete,
                linkCount: links, title: state.title, error: state.error)
        }
    }

    /// Chunk `index`: its bytes, the elements open at its start, how many elements are
    /// open at its end (the next chunk's), and the links before it and in it. The
    /// chunk must be known (`snapshot.chunkCount > index`).
    package func chunk(_ index: Int) -> Chunk {
        state.withLock { state in
            let checkpoint = state.checkpoints[index]
            let next = index + 1 < state.checkpoints.count ? state.checkpoints[index + 1] : nil
            return Chunk(
                range: checkpoint.offset..<(next?.offset ?? source.byteCount),
                openElements: state.openElementLists[Int(checkpoint.openElements)],
                openElementsAtEnd: next.map { state.openElementLists[Int($0.openElements)].count } ?? 0,
                linkBase: checkpoint.linkBase, links: state.chunkLinks[index])
        }
    }

    /// A part of the page between two checkpoints.
    package struct Chunk: Sendable {
        package var range: Range<Int>
        package var openElements: [OpenElement]
        package var openElementsAtEnd: Int
        package var linkBase: Int
        package var links: Int

        /// Whether the chunk starts inside blocks other than containers (a list, a
        /// quote): its layout goes on from the state the chunk before ended in.
        package var startsInsideBlocks: Bool {
            openElements.contains { !LayoutUnits.transparentTags.contains($0.tag) }
        }
    }

    /// The chunk that holds link `number` (numbered from 1), among the known chunks.
    package func chunk(holdingLink number: Int) -> Int? {
        state.withLock { state in
            var low = 0
            var high = state.chunkLinks.count
            while low < high {
                let middle = (low + high) / 2
                if state.checkpoints[middle].linkBase + state.chunkLinks[middle] < number { low = middle + 1 } else { high = middle }
            }
            return low < state.chunkLinks.count ? low : nil
        }
    }

    /// Waits until more than `chunkCount` chunks are known or the index is complete,
    /// or until `deadline`.
    /// - Returns: whether the wait ended before the deadline.
    @discardableResult
    package func wait(forMoreThan chunkCount: Int, until deadline: DispatchTime = .distantFuture) -> Bool {
        while true {
            let satisfied = state.withLock { state in
                if state.chunkLinks.count > chunkCount || state.isComplete { return true }
                state.waiters += 1
                return false
            }
            if satisfied { return true }
            let result = progress.wait(timeout: deadline)
            state.withLock { $0.waiters -= 1 }
            if result == .timedOut { return false }
        }
    }

    /// Bytes the index holds: checkpoints and the distinct lists of open elements.
    package var indexBytes: Int {
        state.withLock { state in
            var bytes = state.checkpoints.capacity * MemoryLayout<Checkpoint>.stride + state.chunkLinks.capacity * 8
            for list in state.openElementLists {
                bytes += 2 * list.reduce(0) { $0 + 16 + $1.attributes.reduce(0) { $0 + 48 + $1.name.utf8.count + $1.value.utf8.count } }
            }
            return bytes
        }
    }
}
