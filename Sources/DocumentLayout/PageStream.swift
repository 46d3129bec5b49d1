import HTMLParsing
import Synchronization

/// A page parsed and laid out at the same time, for writing it out whole (`--dump`):
/// the parser runs on the calling thread and hands the page over in fragments of
/// whole blocks (`HTMLParser.Cutting`); each fragment's links are counted
/// (`LinkCounter`), so that fragments are laid out on their own, several at once on
/// the threads of a pool the program gives (`PageLayout`, `LayoutThreads`); between
/// fragments, the calling thread writes those laid out, in order, and drops them, and
/// lays out those no worker has started rather than wait for one. Parsing overlaps layout, layout has every
/// thread of the pool (a parser on a pool thread held one of them, mostly waiting,
/// while its work went undone), and memory holds a few fragments, not the page.
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

        package init() {}
    }

    /// Nodes a fragment holds before the page is cut (at the next block's end).
    package static let fragmentNodes = 1 << 15

    /// Parses `bytes` as a page and lays it out at `width`, as
    /// `writeText(of:start:width:fragmentNodes:stop:_:)` does.
    @discardableResult
    package static func writeText(
        of bytes: [UInt8], encoding: String? = nil, width: Int, fragmentNodes: Int = fragmentNodes, threads: some LayoutThreads,
        stop: () -> Bool = { false }, _ write: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(HTMLParsingError) -> Summary {
        let page = try HTMLParser.utf8Page(MemoryPageSource(bytes), encoding: encoding)
        return try writeText(
            of: page.source, start: page.start, width: width, fragmentNodes: fragmentNodes, threads: threads, stop: stop, write)
    }

    /// Parses a UTF-8 page from `start` (see `HTMLParser.utf8Page`), read a window at a
    /// time, and lays it out at `width`, calling `write` with the UTF-8 text of its
    /// lines in order, the References list included: whole lines, each ending in a
    /// line feed, a fragment's at a time (large writes, no `String` a line); fragments
    /// are laid out on the pool of `threads` and on the calling thread. When
    /// `stop` answers true (checked between fragments), parsing stops and no more
    /// lines come. `fragmentNodes` sets how big fragments get (small ones to test the
    /// cuts).
    /// - Throws: `HTMLParsingError`, before any line.
    @discardableResult
    package static func writeText(
        of source: any PageSource, start: Int, width: Int, fragmentNodes: Int = fragmentNodes, threads: some LayoutThreads,
        stop: () -> Bool = { false }, _ write: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(HTMLParsingError) -> Summary {
        var summary = Summary()
        var joiner = FragmentJoiner()
        var linkBase = 0
        // Fragments being laid out, oldest first; each is written once laid out.
        var inFlight: [FragmentJob] = []
        var parseError: HTMLParsingError?
        // The parser hands each fragment over on this thread (`take` runs inside the
        // parse): its layout goes to the pool, and fragments laid out are written.
        withoutActuallyEscaping(write) { write in
            withoutActuallyEscaping(stop) { stop in
                func writeOldest() {
                    let oldest = inFlight.removeFirst()
                    // Rather than wait, this thread lays out fragments no worker has
                    // started, the oldest first (at the end of the page, and whenever
                    // the workers fall behind).
                    if !oldest.runIfUnclaimed() {
                        while !oldest.isFinished, let unstarted = inFlight.first(where: { !$0.isClaimed }) { unstarted.runIfUnclaimed() }
                    }
                    let layout = oldest.layout()
                    summary.units += layout.unitCount
                    summary.lines += joiner.write(layout, write)
                }
                /// Lays out a fragment on the pool; writes the oldest laid out meanwhile,
                /// and, with enough in flight, waits for it.
                func layOut(_ fragment: @escaping @Sendable () -> FragmentLayout) {
                    let job = FragmentJob(fragment, finished: threads.makeSemaphore())
                    threads.run(waits: false) { job.runIfUnclaimed() }
                    inFlight.append(job)
                    while inFlight.count > fragmentsLaidOutAtOnce || inFlight.first?.isFinished == true {
                        writeOldest()
                    }
                }
                let cutting = HTMLParser.Cutting(
                    containers: LayoutUnits.transparentTags, blocks: LayoutUnits.blockLevelTags, nodes: fragmentNodes,
                    firstNodes: min(fragmentNodes, firstFragmentNodes), take: { cut in
                        guard !stop() else { return false }
                        let fragment = cut.fragment
                        summary.nodes += fragment.nodes.count
                        summary.fragments += 1
                        // The link count makes each fragment's layout independent of the others.
                        let base = linkBase
                        linkBase += LinkCounter.count(in: fragment)
                        // With enough in flight, parsing waits for layout.
                        layOut { FragmentLayout(fragment, width: width, linkBase: base) }
                        return true
                    })
                do throws(HTMLParsingError) {
                    try HTMLParser.parse(source, from: start, cutting: cutting)
                } catch {
                    parseError = error
                }
                if parseError == nil, summary.fragments > 0, !stop() {
                    // The References list in parts laid out on the pool as fragments are,
                    // so that its lines are never all held. (It is known once every
                    // fragment is written.)
                    while !inFlight.isEmpty { writeOldest() }
                    let links = joiner.links
                    if !links.isEmpty { layOut { FragmentLayout(referencesHeadingAt: width) } }
                    for first in stride(from: 0, to: links.count, by: referencesPart) {
                        let part = links[first..<min(links.count, first + referencesPart)]
                        layOut { FragmentLayout(references: part, firstNumber: first + 1, total: links.count, width: width) }
                    }
                }
                while !inFlight.isEmpty {
                    if stop() {
                        // Nobody wants the lines any more: wait for the workers, write nothing.
                        inFlight.removeFirst().discard()
                    } else {
                        writeOldest()
                    }
                }
            }
        }
        if let parseError { throw parseError }
        return summary
    }

    /// Time spent in each stage of a dump of `bytes` (a UTF-8 page) at `width`, the
    /// stages run one after another on the calling thread: the parse into fragments
    /// with their models, the layout of every fragment (units, link counts, lines), the
    /// lines made text, and `write` given each fragment's text. For the benchmark's
    /// figures per stage (the dump runs them at once on all cores).
    package static func stageTimes(
        of bytes: [UInt8], width: Int, write: (UnsafeBufferPointer<UInt8>) -> Void
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
                var page = FragmentLayout.layOut(fragment, units: LayoutUnits(fragment), width: width, linkBase: linkBase)
                linkBase += LinkCounter.count(in: fragment)
                lines = page.takeLines()
            }
            var bytes: [UInt8] = []
            text += clock.measure { lines.appendPlainText(to: &bytes) }
            written += clock.measure { bytes.withUnsafeBufferPointer(write) }
        }
        return (parse, layout, text, written)
    }

    /// Nodes of the first fragment, doubled for each next up to `fragmentNodes`: the
    /// pool has work soon after the parse starts.
    static let firstFragmentNodes = 1 << 11

    /// Link targets a part of the References list holds.
    static let referencesPart = 4_096

    /// Fragments laid out at the same time, at most: enough to keep both cores busy
    /// beside the parser (and while the oldest is waited for, the others being done),
    /// few enough to hold little (a few MB each).
    static let fragmentsLaidOutAtOnce = 6
}

/// One fragment of a page laid out on its own (`PageLayout` from a known number of
/// links), as text, with how its margins join it to the fragments around it.
private struct FragmentLayout: Sendable {
    /// The lines' UTF-8 text, each line ending in a line feed.
    var text: [UInt8] = []
    var lineCount: Int
    var links: [String]
    var margins: MarginJoin
    /// The units of layout the fragment came in.
    var unitCount = 0

    init(_ fragment: HTMLDocument, width: Int, linkBase: Int) {
        let units = LayoutUnits(fragment)
        unitCount = units.units.count
        var layout = Self.layOut(fragment, units: units, width: width, linkBase: linkBase)
        let laidOut = layout.takeLines()
        laidOut.appendPlainText(to: &text)
        lineCount = laidOut.count
        links = layout.links
        margins = layout.margins
    }

    /// A fragment laid out whole, its sibling units joined (`LayoutUnits.joiningSiblings`).
    static func layOut(_ fragment: HTMLDocument, units: LayoutUnits, width: Int, linkBase: Int) -> PageLayout {
        var layout = PageLayout(
            fragment, units: units.joiningSiblings(of: fragment), width: width, endsWithReferences: false, linkBase: linkBase)
        layout.advance(toLines: .max)
        return layout
    }

    /// The References list's heading: it asks for a blank line above and below.
    init(referencesHeadingAt width: Int) {
        LineStore([LayoutLine(spans: DocumentLayoutEngine.referencesHeading)]).appendPlainText(to: &text)
        lineCount = 1
        links = []
        margins = MarginJoin()
        _ = margins.blankLineBefore(partAskingAbove: true)
        margins.partEnded(hadLines: true, endsWithBlankLine: false, asksBelow: true)
    }

    /// Entries of the References list: `targets`, the first numbered `firstNumber`,
    /// of a list of `total`.
    init(references targets: ArraySlice<String>, firstNumber: Int, total: Int, width: Int) {
        let entries = DocumentLayoutEngine.referenceEntries(targets, firstNumber: firstNumber, total: total, width: width)
        entries.appendPlainText(to: &text)
        lineCount = entries.count
        links = []
        margins = MarginJoin()
        _ = margins.blankLineBefore(partAskingAbove: false)
        margins.partEnded(hadLines: lineCount > 0, endsWithBlankLine: false, asksBelow: false)
    }
}

/// A fragment's layout, run once, by whichever thread claims it first: a worker of
/// the pool, or the thread writing the page when it would otherwise wait.
private final class FragmentJob: @unchecked Sendable {
    private let work: @Sendable () -> FragmentLayout
    private let claimed = Atomic<Bool>(false)
    private let done = Atomic<Bool>(false)
    /// Signalled once the work is done, for the one thread that waits for it.
    private let finished: any LayoutSemaphore
    /// Set by the thread that ran the work, before `done` is set.
    private var result: FragmentLayout?

    init(_ work: @escaping @Sendable () -> FragmentLayout, finished: some LayoutSemaphore) {
        self.work = work
        self.finished = finished
    }

    /// Whether a thread has started the work.
    var isClaimed: Bool { claimed.load(ordering: .relaxed) }
    /// Whether the work is done.
    var isFinished: Bool { done.load(ordering: .acquiring) }

    /// Runs the work on this thread unless another has claimed it; gives whether it
    /// ran here.
    @discardableResult
    func runIfUnclaimed() -> Bool {
        guard claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return false }
        result = work()
        done.store(true, ordering: .releasing)
        finished.signal()
        return true
    }

    /// The layout, once done (waited for). Asked once.
    func layout() -> FragmentLayout {
        finished.wait(until: nil)
        return result!
    }

    /// Drops the work: not run when no thread has started it, else waited for.
    func discard() {
        guard !claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        finished.wait(until: nil)
    }
}

/// Writes fragments one after another as `PageLayout` joins units (`MarginJoin`).
private struct FragmentJoiner {
    private var margins = MarginJoin()
    private(set) var links: [String] = []

    /// - Returns: the number of lines written.
    mutating func write(_ fragment: FragmentLayout, _ write: (UnsafeBufferPointer<UInt8>) -> Void) -> Int {
        links += fragment.links
        var count = fragment.lineCount
        if count > 0, margins.blankLineBefore(partAskingAbove: fragment.margins.blankBeforeFirstLine) {
            withUnsafePointer(to: UInt8(0x0A)) { write(UnsafeBufferPointer(start: $0, count: 1)) }
            count += 1
        }
        if !fragment.text.isEmpty { fragment.text.withUnsafeBufferPointer(write) }
        margins.partEnded(
            hadLines: fragment.lineCount > 0, endsWithBlankLine: fragment.margins.lastLineBlank,
            asksBelow: fragment.margins.blankPending)
        return count
    }
}
