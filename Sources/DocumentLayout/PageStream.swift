import HTMLParsing
import RenderCore
import Synchronization

/// A page parsed and laid out at the same time, for writing it out whole (`--dump`):
/// parses hand the page over in fragments of whole blocks (`HTMLParser.Cutting`), a
/// long paragraph's text cut inside too (the layout of the fragment after it goes on
/// from where the one before stopped). Each fragment's links are counted
/// (`LinkCounter`), so that fragments are laid out on their own, several at once on
/// the threads of a pool the program gives (`PageLayout`, `LayoutThreads`). Two
/// parses run at once, each from a place a scan guessed ahead (`PageSegments`), on
/// threads of their own; the calling thread writes the fragments laid out, in order,
/// and drops them, and lays out those no worker has started rather than wait for
/// one. Parsing is spread over the cores as layout is, and memory holds a few
/// fragments, not the page.
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
        /// Parses whose fragments were written (each took over from the one before at a
        /// guess it checked), and parses dropped (started at a guess found wrong).
        package var parses = 0
        package var droppedParses = 0
        /// Whether every row was streamed (not stopped short), the References list
        /// included.
        package var reachedEnd = false

        package init() {}
    }

    /// Nodes a fragment holds before the page is cut (at the next block's end).
    package static let fragmentNodes = 1 << 15

    /// Parses `bytes` as a page and lays it out at `width`, as
    /// `writeText(of:start:width:fragmentNodes:textBytes:segmentBytes:parses:threads:stop:_:)` does.
    @discardableResult
    package static func writeText(
        of bytes: [UInt8], encoding: String? = nil, width: Int, address: PageAddress? = nil, fragmentNodes: Int = fragmentNodes,
        textBytes: Int = textBytes, segmentBytes: Int = segmentBytes, parses: Int = parses, threads: some LayoutThreads,
        stop: () -> Bool = { false }, _ write: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(HTMLParsingError) -> Summary {
        let page = try HTMLParser.utf8Page(MemoryPageSource(bytes), encoding: encoding)
        return try writeText(
            of: page.source, start: page.start, width: width, address: address, fragmentNodes: fragmentNodes, textBytes: textBytes,
            segmentBytes: segmentBytes, parses: parses, threads: threads, stop: stop, write)
    }

    /// Parses a UTF-8 page from `start` (see `HTMLParser.utf8Page`), read a window at a
    /// time, and lays it out at `width`, calling `write` with the UTF-8 text of its
    /// lines in order, the References list included: whole lines, each ending in a
    /// line feed, a fragment's at a time (large writes, no `String` a line), links to
    /// files resolved against `address` in the References list. The page
    /// is parsed by `parses` parses at once, from places a scan guessed at least
    /// `segmentBytes` apart (`PageSegments`); fragments are laid out on the pool of
    /// `threads` and on the calling thread, which writes them. When `stop` answers
    /// true (checked between fragments), parsing stops and no more lines come.
    /// `fragmentNodes`, `textBytes` and `segmentBytes` set how big fragments and
    /// segments get (small ones to test the cuts).
    /// - Throws: `HTMLParsingError`, before any line.
    @discardableResult
    package static func writeText(
        of source: any PageSource, start: Int, width: Int, address: PageAddress? = nil, fragmentNodes: Int = fragmentNodes,
        textBytes: Int = textBytes, segmentBytes: Int = segmentBytes, parses: Int = parses, threads: some LayoutThreads,
        spill: any SpillStore = MemorySpill(), stop: () -> Bool = { false }, _ write: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(HTMLParsingError) -> Summary {
        try stream(
            of: source, start: start, width: width, address: address, keepsLines: false, fragmentNodes: fragmentNodes,
            textBytes: textBytes, segmentBytes: segmentBytes, parses: parses, threads: threads, spill: spill, stop: stop
        ) { fragment, joiningBlank in
            if joiningBlank { withUnsafePointer(to: UInt8(0x0A)) { write(UnsafeBufferPointer(start: $0, count: 1)) } }
            if !fragment.text.isEmpty { fragment.text.withUnsafeBufferPointer(write) }
        }
    }

    /// The rows of a page in `window` (rows numbered as `writeText` writes them: a
    /// dump's), with their styles: the page streamed as `writeText` streams it until
    /// `window`'s last row, so that a frame deep in a page costs a dump of the page
    /// above it (on every core, a few fragments held), not a model of it. A page that
    /// ends before the window keeps its last `window.count` rows.
    /// - Throws: `HTMLParsingError`, as `writeText`.
    package static func rows(
        _ window: Range<Int>, of source: any PageSource, start: Int, width: Int, address: PageAddress? = nil,
        pictures: PictureLayout? = nil, fragmentNodes: Int = fragmentNodes, textBytes: Int = textBytes, segmentBytes: Int = segmentBytes, parses: Int = parses,
        threads: some LayoutThreads, spill: any SpillStore = MemorySpill()
    ) throws(HTMLParsingError) -> RowWindow {
        var rows = RowWindow()
        let summary = try stream(
            of: source, start: start, width: width, address: address, pictures: pictures, keepsLines: true, fragmentNodes: fragmentNodes,
            textBytes: textBytes, segmentBytes: segmentBytes, parses: parses, threads: threads, spill: spill, stop: { rows.rowCount >= window.upperBound }
        ) { fragment, joiningBlank in
            if joiningBlank { rows.rowCount += 1 }
            guard let lines = fragment.lines else { return }
            if rows.rowCount < window.upperBound, !lines.isEmpty {
                rows.pieces.append(RowWindow.Piece(firstRow: rows.rowCount, lines: lines))
            }
            rows.rowCount += lines.count
            // The window's rows, or while the page has not reached them its last
            // rows (a frame past the page's end shows them).
            let keptFrom = min(window.lowerBound, rows.rowCount - window.count)
            while let first = rows.pieces.first, first.firstRow + first.lines.count <= keptFrom { rows.pieces.removeFirst() }
        }
        rows.summary = summary
        rows.pictures = pictures
        rows.heldRows = max(0, min(window.lowerBound, rows.rowCount - window.count))..<min(rows.rowCount, window.upperBound)
        return rows
    }

    /// Rows of a page in a window (`rows(_:of:...)`), and how many rows it has.
    package struct RowWindow {
        /// Lines laid out together, the first on page row `firstRow`.
        package struct Piece {
            package var firstRow: Int
            package var lines: LineStore
        }

        /// The pieces that hold the window's rows (or the page's last rows), in
        /// order; a row in none of them is blank (a blank line joining two fragments).
        package var pieces: [Piece] = []
        /// Rows of the page as far as it was streamed: all of them once `summary`
        /// says it was streamed to its end.
        package var rowCount = 0
        /// The rows the window can draw: those asked for, or the page's last ones
        /// when it ended before them (rows beyond `rowCount` are blank).
        package var heldRows = 0..<0
        package var summary = Summary()
        /// How the rows' pictures are drawn.
        package var pictures: PictureLayout?

        package init() {}

        /// Draws page rows `rows` (those of the window) into `buffer`, row
        /// `rows.lowerBound` going to buffer row `row`, as a page draws them.
        package func draw(_ rows: Range<Int>, into buffer: inout FrameBuffer, at row: Int) {
            for pageRow in rows {
                guard let (lines, index) = line(at: pageRow) else { continue }
                lines.draw(line: index, pageRow: pageRow, into: &buffer, row: row + pageRow - rows.lowerBound, horizontalOffset: 0, pictures: pictures)
            }
        }

        /// Page row `row`'s text, as a page gives it (`plainText(row:width:)`).
        package func plainText(row: Int) -> String {
            line(at: row).map { $0.lines.plainText(ofLine: $0.index) } ?? ""
        }

        /// The lines and the index of page row `row` among them, if it is not blank.
        private func line(at row: Int) -> (lines: LineStore, index: Int)? {
            guard let piece = pieces.last(where: { $0.firstRow <= row }), row - piece.firstRow < piece.lines.count else { return nil }
            return (piece.lines, row - piece.firstRow)
        }
    }

    /// Streams the page as `writeText` describes, handing each fragment laid out
    /// (kept as text, or with `keepsLines` as lines) to `take` in order, with whether
    /// a blank line joins it to the one before, until `stop`.
    private static func stream(
        of source: any PageSource, start: Int, width: Int, address: PageAddress?, pictures: PictureLayout? = nil, keepsLines: Bool,
        fragmentNodes: Int,
        textBytes: Int, segmentBytes: Int, parses: Int, threads: some LayoutThreads, spill: any SpillStore, stop: () -> Bool,
        _ take: (FragmentLayout, _ joiningBlank: Bool) -> Void
    ) throws(HTMLParsingError) -> Summary {
        var summary = Summary()
        var joiner = FragmentJoiner(spill: spill)
        var cutting = HTMLParser.Cutting(
            containers: LayoutUnits.transparentTags, blocks: LayoutUnits.blockLevelTags, nodes: fragmentNodes,
            firstNodes: min(fragmentNodes, firstFragmentNodes), take: { _ in true })
        cutting.textBytes = textBytes
        let segments = PageSegments(
            source: source, start: start, segmentBytes: segmentBytes, parses: parses, cutting: cutting, width: width,
            keepsLines: keepsLines, pictures: pictures, threads: threads)
        defer { segments.close() }
        func takeOut(_ job: FragmentJob, helpingWith others: () -> FragmentJob?) {
            // Rather than wait, this thread lays out fragments no worker has started,
            // the oldest first.
            if !job.runIfUnclaimed() {
                while !job.isFinished, let unstarted = others() { unstarted.runIfUnclaimed() }
            }
            let layout = job.takeLayout()
            summary.nodes += layout.nodes
            summary.units += layout.unitCount
            let joiningBlank = joiner.join(layout)
            summary.lines += layout.lineCount + (joiningBlank ? 1 : 0)
            take(layout, joiningBlank)
        }
        // The runs that are right, in order: each ends where the next starts.
        var segment = 0
        var reachedEnd = false
        writing: while !stop() {
            let run = segments.run(segment)
            summary.parses += 1
            while !stop() {
                switch run.next() {
                case .fragment(let job):
                    takeOut(job) { run.firstUnstarted() }
                    summary.fragments += 1
                case .end(.segment(let next)):
                    segments.advance(from: segment, to: next)
                    segment = next
                    continue writing
                case .end(.pageEnd):
                    reachedEnd = true
                    break writing
                case .end(.failed(let error)):
                    throw error
                case .end(.cancelled):
                    break writing
                }
            }
        }
        segments.close()
        summary.droppedParses = segments.droppedRuns
        guard reachedEnd, summary.fragments > 0, !stop() else { return summary }
        // The References list in parts laid out on the pool as fragments are, so that
        // its lines are never all held. (It is known once every fragment is written.)
        let links = joiner.links
        let total = links.count
        var inFlight: [FragmentJob] = []
        func layOut(_ part: @escaping @Sendable (DocumentLayoutEngine.Carry?) -> FragmentLayout) {
            let job = FragmentJob(after: nil, part, finished: threads.makeSemaphore())
            threads.run(waits: false) { job.runIfUnclaimed() }
            inFlight.append(job)
            while inFlight.count > fragmentsLaidOutAtOnce, !stop() {
                takeOut(inFlight.removeFirst()) { inFlight.first { !$0.isClaimed } }
            }
        }
        if total > 0 { layOut { _ in FragmentLayout(referencesHeadingAt: width, keepsLines: keepsLines) } }
        // (A part's targets are read back when its turn comes: never all at once; none
        // once the rows wanted are written.)
        for part in 0..<links.partCount where !stop() {
            let (targets, first) = (links.targets(ofPart: part), part * links.partTargets)
            layOut { _ in
                FragmentLayout(references: targets, firstNumber: first + 1, total: total, width: width, address: address, keepsLines: keepsLines)
            }
        }
        while !inFlight.isEmpty {
            let oldest = inFlight.removeFirst()
            if stop() { oldest.discard() } else { takeOut(oldest) { inFlight.first { !$0.isClaimed } } }
        }
        summary.reachedEnd = !stop()
        return summary
    }

    /// Time spent in each stage of a dump of `bytes` (a UTF-8 page) at `width`, the
    /// stages run one after another on the calling thread: the parse into fragments
    /// with their models and their links counted (as a dump's parse counts them, for
    /// the fragments after to number theirs from), the layout of every fragment (units,
    /// lines), the lines made text, and `write` given each fragment's text. Each stage is run
    /// `repeats` times and its fastest run given: on a shared machine, the others are
    /// the stage plus what else ran. For the benchmark's figures per stage (the dump
    /// runs them at once on all cores).
    package static func stageTimes(
        of bytes: [UInt8], width: Int, repeats: Int = 1, write: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(HTMLParsingError) -> (parse: Duration, layout: Duration, text: Duration, write: Duration) {
        let clock = ContinuousClock()
        var fragments: [HTMLDocument] = []
        var linkCounts: [Int] = []
        var parse = Duration.seconds(Int64.max), layout = parse, text = parse, written = parse
        for _ in 0..<max(1, repeats) {
            fragments.removeAll()
            linkCounts.removeAll()
            let start = clock.now
            try HTMLParser.parse(bytes, cutting: HTMLParser.Cutting(
                containers: LayoutUnits.transparentTags, blocks: LayoutUnits.blockLevelTags, nodes: fragmentNodes,
                take: {
                    fragments.append($0.fragment)
                    linkCounts.append(LinkCounter.count(in: $0.fragment))
                    return true
                }))
            parse = min(parse, clock.now - start)
        }
        for _ in 0..<max(1, repeats) {
            var layoutRun = Duration.zero, textRun = Duration.zero, writeRun = Duration.zero
            var linkBase = 0
            for (fragment, links) in zip(fragments, linkCounts) {
                var lines = LineStore()
                layoutRun += clock.measure {
                    var page = FragmentLayout.layOut(fragment, width: width, linkBase: linkBase)
                    lines = page.takeLines()
                }
                linkBase += links
                var bytes: [UInt8] = []
                textRun += clock.measure { lines.appendPlainText(to: &bytes) }
                writeRun += clock.measure { bytes.withUnsafeBufferPointer(write) }
            }
            layout = min(layout, layoutRun)
            text = min(text, textRun)
            written = min(written, writeRun)
        }
        return (parse, layout, text, written)
    }

    /// Nodes of the first fragment, doubled for each next up to `fragmentNodes`: the
    /// pool has work soon after the parse starts.
    static let firstFragmentNodes = 1 << 11

    /// Bytes of one paragraph's text a fragment holds before it is cut inside the
    /// text (`HTMLParser.Cutting.textBytes`): a paragraph of any length is laid out a
    /// part at a time, each going on from where the one before stopped.
    static let textBytes = 1 << 18

    /// Link targets a part of the References list holds.
    static let referencesPart = 4_096

    /// Fragments of a parse laid out or waiting to be written at the same time, at
    /// most: enough to keep both cores busy (and while the oldest is waited for, the
    /// others being done), few enough to hold little (a few MB each).
    static let fragmentsLaidOutAtOnce = 6

    /// Bytes of the page between the places a scan guesses for the parses to start,
    /// at least (`PageSegments`), and how many parses run at once.
    package static let segmentBytes = 1 << 20
    package static let parses = 2
}

/// One fragment of a page laid out on its own (`PageLayout` from a known number of
/// links), as text (a dump) or as lines (a frame), with how its margins join it to
/// the fragments around it.
struct FragmentLayout: Sendable {
    /// The lines' UTF-8 text, each line ending in a line feed, unless the lines are
    /// kept.
    var text: [UInt8] = []
    /// The lines, when kept (`keepsLines`).
    var lines: LineStore?
    var lineCount: Int
    var links: LinkTargets
    var margins: MarginJoin
    /// The nodes of the fragment's model, and the units of layout it came in.
    var nodes = 0
    var unitCount = 0
    /// Whether the fragment goes on after lines of a paragraph the fragment before
    /// ended inside: no margin joins them.
    var continuesLines = false
    /// For a fragment that ends inside a paragraph's text: where its layout stopped,
    /// for the next to go on from.
    var carryOut: DocumentLayoutEngine.Carry?

    /// `fragment` laid out from `linkBase` links before it; when the fragment before
    /// ended inside a paragraph's text, going on from `carryIn`, where its layout
    /// stopped; when this one does, with the last element of each of the first
    /// `openAtEnd` levels still open at its end. Its lines are kept with
    /// `keepsLines`, else made text.
    init(
        _ fragment: HTMLDocument, width: Int, keepsLines: Bool, pictures: PictureLayout? = nil, linkBase: Int,
        carryIn: DocumentLayoutEngine.Carry? = nil, openAtEnd: Int = 0, endsInsideText: Bool = false
    ) {
        nodes = fragment.nodes.count
        var layout = Self.layOut(
            fragment, width: width, pictures: pictures, linkBase: linkBase, carryIn: carryIn,
            openAtEnd: PageLayout.openElements(atEndOf: fragment, count: openAtEnd), endsInsideText: endsInsideText)
        unitCount = layout.units.units.count
        let laidOut = layout.takeLines()
        lineCount = laidOut.count
        links = layout.links
        margins = layout.margins
        continuesLines = carryIn?.hasLines == true
        carryOut = layout.carryOut
        keep(laidOut, asLines: keepsLines)
    }

    /// A fragment laid out whole: walked as one unit (`LayoutUnits(wholePage:)`: no
    /// unit to start and end but that one); or, going on from `carryIn`, a first unit
    /// that goes on from there and its sibling units joined (`LayoutUnits.joiningSiblings`).
    static func layOut(
        _ fragment: HTMLDocument, width: Int, pictures: PictureLayout? = nil, linkBase: Int, carryIn: DocumentLayoutEngine.Carry? = nil,
        openAtEnd: Set<HTMLDocument.NodeIndex> = [], endsInsideText: Bool = false
    ) -> PageLayout {
        let units = carryIn == nil ? LayoutUnits(wholePage: fragment) : LayoutUnits(fragment).joiningSiblings(of: fragment, keepingFirst: true)
        var layout = PageLayout(
            fragment, units: units, width: width, keepsLineBlocksAndAnchors: false, endsWithReferences: false, pictures: pictures,
            linkBase: linkBase, carryIn: carryIn, openAtEnd: openAtEnd, endsInsideText: endsInsideText)
        layout.reserveCapacityForAllLines()
        layout.advance(toLines: .max)
        return layout
    }

    /// Keeps `laidOut` as lines, or as their text.
    private mutating func keep(_ laidOut: LineStore, asLines keepsLines: Bool) {
        if keepsLines { lines = laidOut } else { laidOut.appendPlainText(to: &text) }
    }

    /// The References list's heading: it asks for a blank line above and below.
    init(referencesHeadingAt width: Int, keepsLines: Bool) {
        lineCount = 1
        links = []
        margins = MarginJoin()
        _ = margins.blankLineBefore(partAskingAbove: true)
        margins.partEnded(hadLines: true, endsWithBlankLine: false, asksBelow: true)
        keep(LineStore([LayoutLine(spans: DocumentLayoutEngine.referencesHeading)]), asLines: keepsLines)
    }

    /// Entries of the References list: `targets`, the first numbered `firstNumber`,
    /// of a list of `total`, links to files resolved against `address`.
    init(references targets: LinkTargets, firstNumber: Int, total: Int, width: Int, address: PageAddress?, keepsLines: Bool) {
        let entries = DocumentLayoutEngine.referenceEntries(targets, firstNumber: firstNumber, total: total, width: width, address: address)
        lineCount = entries.count
        links = []
        margins = MarginJoin()
        _ = margins.blankLineBefore(partAskingAbove: false)
        margins.partEnded(hadLines: lineCount > 0, endsWithBlankLine: false, asksBelow: false)
        keep(entries, asLines: keepsLines)
    }
}

/// A fragment's layout, run once, by whichever thread claims it first: a worker of
/// the pool, or the thread writing the page when it would otherwise wait. A fragment
/// that starts inside a paragraph's text goes on from where the layout of the one
/// before stopped: its job runs that one first, or waits for it.
final class FragmentJob: @unchecked Sendable {
    /// Let go once run: it holds the fragment's model.
    private var work: (@Sendable (DocumentLayoutEngine.Carry?) -> FragmentLayout)?
    /// The job whose layout this one goes on from; let go once run.
    private var previous: FragmentJob?
    private let claimed = Atomic<Bool>(false)
    private let done = Atomic<Bool>(false)
    /// Signalled once the work is done; each thread that waits for it signals it
    /// again for the next (the writer, a job going on from this one).
    private let finished: any LayoutSemaphore
    /// Set by the thread that ran the work, before `done` is set; the layout is
    /// taken once, by the writer.
    private var result: FragmentLayout?
    private var carryOut: DocumentLayoutEngine.Carry?

    init(
        after previous: FragmentJob?, _ work: @escaping @Sendable (DocumentLayoutEngine.Carry?) -> FragmentLayout,
        finished: some LayoutSemaphore
    ) {
        self.previous = previous
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
        let carryIn = previous.map { $0.finishedCarry() }
        previous = nil
        var layout = work!(carryIn ?? nil)
        work = nil
        carryOut = layout.carryOut.take()
        result = layout
        done.store(true, ordering: .releasing)
        finished.signal()
        return true
    }

    /// The layout, once done (waited for). Taken once.
    func takeLayout() -> FragmentLayout {
        waitUntilFinished()
        defer { result = nil }
        return result!
    }

    /// Where the layout stopped, run here first if no thread has started it, else
    /// waited for.
    private func finishedCarry() -> DocumentLayoutEngine.Carry? {
        runIfUnclaimed()
        waitUntilFinished()
        return carryOut
    }

    private func waitUntilFinished() {
        guard !isFinished else { return }
        finished.wait(until: nil)
        finished.signal()
    }

    /// Drops the work: not run when no thread has started it, else waited for.
    func discard() {
        guard !claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        waitUntilFinished()
    }
}

/// Joins fragments one after another as `PageLayout` joins units (`MarginJoin`).
private struct FragmentJoiner {
    private var margins = MarginJoin()
    /// The links numbered so far, for the References list.
    private(set) var links: LinkSpill

    init(spill: any SpillStore) {
        links = LinkSpill(store: spill, partTargets: PageStream.referencesPart)
    }

    /// Takes the next fragment's links.
    /// - Returns: whether a blank line goes before its lines.
    mutating func join(_ fragment: FragmentLayout) -> Bool {
        links.append(fragment.links)
        let joiningBlank = fragment.lineCount > 0 && !fragment.continuesLines
            && margins.blankLineBefore(partAskingAbove: fragment.margins.blankBeforeFirstLine)
        margins.partEnded(
            hadLines: fragment.lineCount > 0, endsWithBlankLine: fragment.margins.lastLineBlank,
            asksBelow: fragment.margins.blankPending)
        return joiningBlank
    }
}
