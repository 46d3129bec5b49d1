import Dispatch
import HTMLParsing
import Synchronization

/// A page parsed and laid out at the same time, for writing it out whole (`--dump`):
/// the parser runs on a thread of its own and hands the page over in fragments of
/// whole blocks (`HTMLParser.Cutting`); the calling thread lays each fragment out
/// (`PageLayout`), passes its lines on and drops it. Parsing overlaps layout, and
/// memory holds a few fragments, not the page.
public enum PageStream {
    /// What was streamed.
    public struct Summary: Sendable {
        /// Nodes of the page's model, over all fragments.
        public var nodes = 0
        /// Fragments the page came in.
        public var fragments = 0
        /// Lines passed on.
        public var lines = 0
    }

    /// Nodes a fragment holds before the page is cut (at the next block's end).
    public static let fragmentNodes = 1 << 15
    /// Fragments parsed ahead of layout, at most.
    static let fragmentsAhead = 4

    /// Parses `bytes` as a page and lays it out at `width`, calling `body` with each
    /// line's text in order, the References list included. When `stop` answers true
    /// (checked between fragments), parsing stops and no more lines come.
    /// `fragmentNodes` sets how big fragments get (small ones to test the cuts).
    /// - Throws: `HTMLParsingError`, before any line.
    @discardableResult
    public static func forEachLine(
        of bytes: [UInt8], encoding: String? = nil, width: Int, fragmentNodes: Int = fragmentNodes,
        stop: () -> Bool = { false }, _ body: (String) -> Void
    ) throws(HTMLParsingError) -> Summary {
        let queue = FragmentQueue(length: fragmentsAhead)
        let parsing = DispatchGroup()
        DispatchQueue.global().async(group: parsing) {
            let cutting = HTMLParser.Cutting(
                containers: LayoutUnits.transparentTags, blocks: LayoutUnits.blockLevelTags, nodes: fragmentNodes,
                take: { queue.put($0) })
            do throws(HTMLParsingError) {
                try HTMLParser.parse(bytes, encoding: encoding, cutting: cutting)
                queue.close(error: nil)
            } catch {
                queue.close(error: error)
            }
        }
        var summary = Summary()
        var layout: PageLayout?
        while let fragment = queue.take() {
            if stop() {
                queue.cancel()
                continue
            }
            summary.nodes += fragment.nodes.count
            summary.fragments += 1
            if layout == nil {
                layout = PageLayout(fragment, units: LayoutUnits(fragment), width: width, isInputComplete: false)
            } else {
                layout!.append(fragment)
            }
            summary.lines += drain(&layout!, body)
        }
        parsing.wait()
        if let error = queue.error { throw error }
        if var layout, !stop() {
            layout.endInput()
            summary.lines += drain(&layout, body)
        }
        return summary
    }

    /// Lays out what the fragments given allow, a chunk of lines at a time, passing
    /// each chunk on and dropping it.
    /// - Returns: the number of lines passed on.
    private static func drain(_ layout: inout PageLayout, _ body: (String) -> Void) -> Int {
        var count = 0
        while true {
            let before = layout.lineCount
            layout.advance(toLines: before + DocumentView.streamingChunk)
            for line in layout.takeLines() { body(LayoutLine.plainText(line)) }
            count += layout.lineCount - before
            if layout.lineCount == before { return count }
        }
    }
}

/// Fragments on their way from the parsing thread to the layout thread: a bounded
/// queue, so that a parser faster than layout waits instead of filling memory.
private final class FragmentQueue: Sendable {
    private struct State {
        var fragments: [HTMLDocument] = []
        var error: HTMLParsingError?
        var isCancelled = false
    }

    private let state = Mutex(State())
    /// Counts fragments queued, plus one once the queue is closed.
    private let available = DispatchSemaphore(value: 0)
    /// Counts free places. (Made at zero and raised: libdispatch traps when a
    /// semaphore is freed below the value it was made with.)
    private let room = DispatchSemaphore(value: 0)

    init(length: Int) {
        for _ in 0..<length { room.signal() }
    }

    /// Queues a fragment, waiting for room. Returns `false` when the taker cancelled.
    func put(_ fragment: HTMLDocument) -> Bool {
        room.wait()
        let queued = state.withLock { state in
            guard !state.isCancelled else { return false }
            state.fragments.append(fragment)
            return true
        }
        if queued { available.signal() }
        return queued
    }

    /// Ends the queue: no more fragments come.
    func close(error: HTMLParsingError?) {
        state.withLock { $0.error = error }
        available.signal()
    }

    /// The next fragment, waiting for it; `nil` once the queue is closed and empty.
    func take() -> HTMLDocument? {
        available.wait()
        let fragment = state.withLock { state in state.fragments.isEmpty ? nil : state.fragments.removeFirst() }
        if fragment != nil { room.signal() }
        return fragment
    }

    /// Tells the parser to stop: it gets `false` from its next `put`.
    func cancel() {
        state.withLock {
            $0.isCancelled = true
            $0.fragments.removeAll()
        }
        room.signal()
    }

    var error: HTMLParsingError? { state.withLock { $0.error } }
}
