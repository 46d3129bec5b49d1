import Dispatch
import HTMLParsing
import Synchronization

/// A page parsed and laid out at the same time, for writing it out whole (`--dump`):
/// the parser runs on a thread of its own and hands the page over in fragments of
/// whole blocks (`HTMLParser.Cutting`); each fragment's links are counted
/// (`LinkCounter`), so that fragments are laid out on their own, several at once on
/// other threads (`PageLayout`); the calling thread joins them in order, passes their
/// lines on and drops them. Parsing overlaps layout, layout uses every core, and
/// memory holds a few fragments, not the page.
package enum PageStream {
    /// What was streamed.
    package struct Summary: Sendable {
        /// Nodes of the page's model, over all fragments.
        package var nodes = 0
        /// Fragments the page came in, and the units of layout in them.
        package var fragments = 0
        package var units = 0
        /// Lines passed on.
        package var lines = 0
    }

    /// Nodes a fragment holds before the page is cut (at the next block's end).
    package static let fragmentNodes = 1 << 15
    /// Fragments parsed ahead of layout, at most.
    static let fragmentsAhead = 4

    /// Parses `bytes` as a page and lays it out at `width`, as
    /// `forEachLine(of:start:width:fragmentNodes:stop:_:)` does.
    @discardableResult
    package static func forEachLine(
        of bytes: [UInt8], encoding: String? = nil, width: Int, fragmentNodes: Int = fragmentNodes,
        stop: () -> Bool = { false }, _ body: (String) -> Void
    ) throws(HTMLParsingError) -> Summary {
        let page = try HTMLParser.utf8Page(MemoryPageSource(bytes), encoding: encoding)
        return try forEachLine(of: page.source, start: page.start, width: width, fragmentNodes: fragmentNodes, stop: stop, body)
    }

    /// Parses a UTF-8 page from `start` (see `HTMLParser.utf8Page`), read a window at a
    /// time, and lays it out at `width`, calling `body` with each line's text in order,
    /// the References list included. When `stop` answers true (checked between
    /// fragments), parsing stops and no more lines come. `fragmentNodes` sets how big
    /// fragments get (small ones to test the cuts).
    /// - Throws: `HTMLParsingError`, before any line.
    @discardableResult
    package static func forEachLine(
        of source: any PageSource, start: Int, width: Int, fragmentNodes: Int = fragmentNodes, stop: () -> Bool = { false },
        _ body: (String) -> Void
    ) throws(HTMLParsingError) -> Summary {
        let queue = FragmentQueue(length: fragmentsAhead)
        let parsing = DispatchGroup()
        DispatchQueue.global().async(group: parsing) {
            let cutting = HTMLParser.Cutting(
                containers: LayoutUnits.transparentTags, blocks: LayoutUnits.blockLevelTags, nodes: fragmentNodes,
                take: { queue.put($0.fragment) })
            do throws(HTMLParsingError) {
                try HTMLParser.parse(source, from: start, cutting: cutting)
                queue.close(error: nil)
            } catch {
                queue.close(error: error)
            }
        }
        var summary = Summary()
        var joiner = FragmentJoiner()
        var linkBase = 0
        // Fragments being laid out, oldest first; each is written once laid out.
        var inFlight: [(done: DispatchGroup, result: LayoutResult)] = []
        func writeOldest() {
            let oldest = inFlight.removeFirst()
            oldest.done.wait()
            summary.lines += joiner.write(oldest.result.fragment!, body)
        }
        while let fragment = queue.take() {
            if stop() {
                queue.cancel()
                continue
            }
            summary.nodes += fragment.nodes.count
            summary.fragments += 1
            // The link count makes each fragment's layout independent of the others.
            let units = LayoutUnits(fragment)
            summary.units += units.units.count
            let base = linkBase
            linkBase += units.units.reduce(0) { $0 + LinkCounter.count($1, in: fragment) }
            let result = LayoutResult()
            let done = DispatchGroup()
            DispatchQueue.global().async(group: done) {
                result.fragment = FragmentLayout(fragment, units: units, width: width, linkBase: base)
            }
            inFlight.append((done, result))
            while inFlight.count > fragmentsLaidOutAtOnce || inFlight.first?.done.wait(timeout: .now()) == .success {
                writeOldest()
            }
        }
        while !inFlight.isEmpty {
            if stop() {
                // Nobody wants the lines any more: wait for the workers, write nothing.
                inFlight.removeFirst().done.wait()
            } else {
                writeOldest()
            }
        }
        parsing.wait()
        if let error = queue.error { throw error }
        if summary.fragments > 0, !stop() {
            // The References list in parts, so that its lines are never all held.
            let links = joiner.links
            if !links.isEmpty { summary.lines += joiner.write(FragmentLayout(referencesHeadingAt: width), body) }
            for first in stride(from: 0, to: links.count, by: referencesPart) {
                let part = links[first..<min(links.count, first + referencesPart)]
                summary.lines += joiner.write(FragmentLayout(references: part, firstNumber: first + 1, total: links.count, width: width), body)
            }
        }
        return summary
    }

    /// Time spent in each stage of a dump of `bytes` (a UTF-8 page) at `width`, the
    /// stages run one after another on the calling thread: the parse into fragments
    /// with their models, the layout of every fragment (units, link counts, lines), the
    /// lines made text, and `write` given each fragment's text. For the benchmark's
    /// figures per stage (the dump runs them at once on all cores).
    package static func stageTimes(
        of bytes: [UInt8], width: Int, write: ([String]) -> Void
    ) throws(HTMLParsingError) -> (parse: Duration, layout: Duration, text: Duration, write: Duration) {
        let clock = ContinuousClock()
        var fragments: [HTMLDocument] = []
        let start = clock.now
        try HTMLParser.parse(bytes, cutting: HTMLParser.Cutting(
            containers: LayoutUnits.transparentTags, blocks: LayoutUnits.blockLevelTags, nodes: fragmentNodes,
            take: { fragments.append($0.fragment); return true }))
        let parse = clock.now - start
        var layout = Duration.zero, text = Duration.zero, written = Duration.zero
        var linkBase = 0
        for fragment in fragments {
            var lines = LineStore()
            layout += clock.measure {
                let units = LayoutUnits(fragment)
                var page = PageLayout(fragment, units: units, width: width, endsWithReferences: false, linkBase: linkBase)
                linkBase += units.units.reduce(0) { $0 + LinkCounter.count($1, in: fragment) }
                page.advance(toLines: .max)
                lines = page.takeLines()
            }
            var strings: [String] = []
            text += clock.measure { strings = lines.indices.map(lines.plainText) }
            written += clock.measure { write(strings) }
        }
        return (parse, layout, text, written)
    }

    /// Link targets a part of the References list holds.
    static let referencesPart = 4_096

    /// Fragments laid out at the same time, at most: enough to keep both cores busy
    /// beside the parser, few enough to hold little.
    static let fragmentsLaidOutAtOnce = 3
}

/// One fragment of a page laid out on its own (`PageLayout` from a known number of
/// links), as text, with how its margins join it to the fragments around it.
private struct FragmentLayout: Sendable {
    var lines: [String]
    var links: [String]
    var margins: MarginJoin

    init(_ fragment: HTMLDocument, units: LayoutUnits, width: Int, linkBase: Int) {
        var layout = PageLayout(fragment, units: units, width: width, endsWithReferences: false, linkBase: linkBase)
        layout.advance(toLines: .max)
        let laidOut = layout.takeLines()
        lines = laidOut.indices.map(laidOut.plainText)
        links = layout.links
        margins = layout.margins
    }

    /// The References list's heading: it asks for a blank line above and below.
    init(referencesHeadingAt width: Int) {
        lines = [LayoutLine.plainText(LayoutLine(spans: DocumentLayoutEngine.referencesHeading))]
        links = []
        margins = MarginJoin()
        _ = margins.blankLineBefore(partAskingAbove: true)
        margins.partEnded(hadLines: true, endsWithBlankLine: false, asksBelow: true)
    }

    /// Entries of the References list: `targets`, the first numbered `firstNumber`,
    /// of a list of `total`.
    init(references targets: ArraySlice<String>, firstNumber: Int, total: Int, width: Int) {
        let entries = DocumentLayoutEngine.referenceEntries(targets, firstNumber: firstNumber, total: total, width: width)
        lines = entries.indices.map(entries.plainText)
        links = []
        margins = MarginJoin()
        _ = margins.blankLineBefore(partAskingAbove: false)
        margins.partEnded(hadLines: !lines.isEmpty, endsWithBlankLine: false, asksBelow: false)
    }
}

/// Where a worker leaves a fragment's layout; read once its group is done.
private final class LayoutResult: @unchecked Sendable {
    var fragment: FragmentLayout?
}

/// Writes fragments one after another as `PageLayout` joins units (`MarginJoin`).
private struct FragmentJoiner {
    private var margins = MarginJoin()
    private(set) var links: [String] = []

    /// - Returns: the number of lines written.
    mutating func write(_ fragment: FragmentLayout, _ body: (String) -> Void) -> Int {
        links += fragment.links
        var count = fragment.lines.count
        if !fragment.lines.isEmpty, margins.blankLineBefore(partAskingAbove: fragment.margins.blankBeforeFirstLine) {
            body("")
            count += 1
        }
        fragment.lines.forEach(body)
        margins.partEnded(
            hadLines: !fragment.lines.isEmpty, endsWithBlankLine: fragment.margins.lastLineBlank,
            asksBelow: fragment.margins.blankPending)
        return count
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
