import HTMLParsing
import Styles
import Synchronization

/// A dump's page parsed by several parses at once, each from a place a scan guessed
/// (libxml2 parses on one thread, and a parse with its model went at a third of the
/// layout's speed on real pages: one parse alone held a dump back).
///
/// A `StructureScanner` runs ahead and guesses where a parse would cut the page, what
/// is open there and how many links come before (`SegmentGuesses`): guess `k` starts
/// segment `k`. Each parse (`SegmentRun`) starts at a guess, inside the elements the
/// guess says are open, and cuts fragments as `PageStream` does, laid out on the pool
/// as they come; it also cuts at the later guesses it meets, and ends at the first:
/// there, what is open and the links before agree with the guess, and the parse that
/// started there goes on; or they do not (markup libxml2 repairs otherwise than the
/// scan), and the parse corrects the guess (it ends at the next place it can cut,
/// whose state it knows, when it met none where a guess was): the guesses after are
/// dropped with the parses that started there, the scan starts again from the
/// correction, and a new parse from it. So the first parse, from the page's start,
/// is right, and each one written after it starts where the one before checked or
/// set its start: the lines are those of one parse of the whole page.
///
/// The writer takes the fragments of the parse that is right, in order, then those
/// of the one that took over; parses run ahead of it by a few fragments and two
/// segments at most, so memory holds a few fragments, not the page.
final class PageSegments: @unchecked Sendable {
    private struct State {
        /// The runs started, by segment.
        var runs: [Int: SegmentRun] = [:]
        /// The next segment no parse has started.
        var nextSegment = 0
        /// The segment being written.
        var written = 0
        /// Parses waiting for a segment to start.
        var waiters = 0
        /// Whether the writer waits for a run to start.
        var writerWaits = false
        var isClosed = false
        /// Corrections made (each drops the runs after the one that made it).
        var corrections = 0
        /// Guesses given the styles a parse found there before a run started from them.
        var restyled = 0
        /// Runs dropped.
        var dropped = 0

        /// Signals owed to the parses waiting, which are woken.
        mutating func wakeParses() -> Int {
            defer { waiters = 0 }
            return waiters
        }
    }

    private let source: any PageSource
    private let guesses: SegmentGuesses
    private let threads: any LayoutThreads
    private let state: LockedState<State>
    /// Signalled for the parses waiting to start a segment, when the writer moves on;
    /// for the writer, when a run starts; once by each parse as it ends.
    private let mayStart: any LayoutSemaphore
    private let runStarted: any LayoutSemaphore
    private let parseEnded: any LayoutSemaphore
    private let parses: Int
    /// How a run cuts its part of the page (`take` set per run).
    private let cutting: HTMLParser.Cutting
    private let width: Int
    private let keepsLines: Bool
    private let pictures: PictureLayout?

    /// Segments of `source` from `start` at least `segmentBytes` long, parsed by
    /// `parses` parses at once, each cutting its fragments by `cutting`; fragments are
    /// laid out at `width` on the pool of `threads`, kept as text or, with
    /// `keepsLines`, as lines (`FragmentLayout`).
    init(
        source: any PageSource, start: Int, segmentBytes: Int, parses: Int, cutting: HTMLParser.Cutting, width: Int,
        keepsLines: Bool, pictures: PictureLayout? = nil, threads: some LayoutThreads
    ) {
        self.source = source
        self.threads = threads
        self.cutting = cutting
        self.width = width
        self.pictures = pictures
        self.keepsLines = keepsLines
        self.parses = max(1, parses)
        state = LockedState(State(), lock: threads.makeLock())
        mayStart = threads.makeSemaphore()
        runStarted = threads.makeSemaphore()
        parseEnded = threads.makeSemaphore()
        HTMLParser.prepareForThreads()
        // (One parse reads the page straight through: no segment to guess.)
        guesses = SegmentGuesses(
            source: source, start: start, containers: cutting.containers, blocks: cutting.blocks, bytes: segmentBytes,
            firstBytes: min(segmentBytes, Self.firstSegmentBytes), threads: threads, scans: self.parses > 1)
        for _ in 0..<self.parses {
            threads.run(waits: true) { [self] in
                while let (run, start) = nextRun() { parse(run, from: start) }
                parseEnded.signal()
            }
        }
    }

    /// The first segment's bytes: the second parse starts soon.
    static let firstSegmentBytes = 1 << 18

    /// The run of segment `index`, once a parse has started it (waited for).
    func run(_ index: Int) -> SegmentRun {
        while true {
            let run = state.withLock { state in
                let run = state.runs[index]
                state.writerWaits = run == nil
                return run
            }
            if let run { return run }
            runStarted.wait(until: nil)
        }
    }

    /// Moves the writer from the run of segment `from`, written, to segment `to`
    /// (where it ended; the runs between were dropped then).
    func advance(from: Int, to: Int) {
        let wake = state.withLock { state in
            state.written = to
            state.runs[from] = nil
            return state.wakeParses()
        }
        for _ in 0..<wake { mayStart.signal() }
    }

    /// Runs dropped so far.
    var droppedRuns: Int { state.withLock { $0.dropped } }

    private static func dropRuns(in segments: Range<Int>, of state: inout State) -> [SegmentRun] {
        let dropped = state.runs.filter { segments.contains($0.key) }
        for index in dropped.keys { state.runs[index] = nil }
        state.dropped += dropped.count
        return Array(dropped.values)
    }

    /// Where `run`, having cut at one of the guesses or right past one it met no cut
    /// at, ends: at the guess there when `cut` (what is open and the links before)
    /// agrees with it, the runs between dropped; else the cut corrects the guesses from
    /// there, and the run ends at the corrected one, the runs after it dropped. `nil`
    /// when the run was dropped.
    private func end(of run: SegmentRun, at cut: StructureScanner.Cut) -> Int? {
        let ending = state.withLock { state -> (segment: Int, dropped: [SegmentRun], wake: Int)? in
            // (A run dropped is told so outside the lock: until then it is not there.)
            guard !state.isClosed, state.runs[run.index] === run else { return nil }
            // Where the guess agrees, on a styled page the run from it must have
            // started with the styles found here, and learns the link count here
            // (one not started yet starts with both).
            let styled = cut.openElements.styles != nil
            if let (agreeing, guessedLinks) = guesses.index(of: cut, ignoringLinks: styled), agreeing > run.index,
                !styled || state.runs[agreeing].map({ $0.startStyles == cut.openElements.styles }) ?? true
            {
                if let next = state.runs[agreeing] {
                    if styled { next.confirm(linkShift: cut.links - guessedLinks) }
                } else if styled {
                    guesses.setStart(cut, ofGuess: agreeing)
                    state.restyled += 1
                }
                // (A segment between, not started yet, is not started: nothing would
                // tell it its link count, nor write it.)
                state.nextSegment = max(state.nextSegment, agreeing)
                return (agreeing, Self.dropRuns(in: (run.index + 1)..<agreeing, of: &state), state.wakeParses())
            }
            state.corrections += 1
            let dropped = Self.dropRuns(in: (run.index + 1)..<Int.max, of: &state)
            state.nextSegment = run.index + 1
            guesses.correct(keeping: run.index + 1, with: cut)
            return (run.index + 1, dropped, state.wakeParses())
        }
        guard let ending else { return nil }
        for run in ending.dropped { run.cancel() }
        for _ in 0..<ending.wake { mayStart.signal() }
        return ending.segment
    }

    /// Stops every parse and the scan, and waits for the parses to end.
    func close() {
        let closing = state.withLock { state -> (runs: [SegmentRun], wake: Int)? in
            guard !state.isClosed else { return nil }
            state.isClosed = true
            defer { state.runs = [:] }
            return (Array(state.runs.values), state.wakeParses())
        }
        guard let closing else { return }
        guesses.stop()
        for run in closing.runs { run.cancel() }
        for _ in 0..<closing.wake { mayStart.signal() }
        for _ in 0..<parses { parseEnded.wait(until: nil) }
    }

    /// The next segment to parse and where it starts: the first no parse has started,
    /// once the writer is close enough to it and the scan has guessed it; `nil` once
    /// closed.
    private func nextRun() -> (SegmentRun, StructureScanner.Cut)? {
        while true {
            let claim = state.withLock { state -> (index: Int, corrections: Int, restyled: Int, mayStart: Bool)? in
                guard !state.isClosed else { return nil }
                let index = max(state.nextSegment, state.written)
                let mayStart = index <= state.written + Self.segmentsAhead
                if !mayStart { state.waiters += 1 }
                return (index, state.corrections, state.restyled, mayStart)
            }
            guard let claim else { return nil }
            guard claim.mayStart else {
                mayStart.wait(until: nil)
                continue
            }
            // (The scan is waited for without the lock.)
            var start = guesses.guess(claim.index)
            // On a styled page, a scan's guess (one with `siblings`) is given the
            // styles made from them; its link count (which the sheets change: they hide
            // links) is checked by the run before, which holds the layouts till then.
            let isScanGuess = source.styles != nil && start?.siblings != nil && start?.openElements.styles == nil
            if let cut = start, let styles = source.styles, isScanGuess, let siblings = cut.siblings {
                start?.openElements.styles = siblings.styles(of: cut.openElements, source: source, cascade: styles.cascade)
            }
            let run = SegmentRun(index: claim.index, startStyles: start?.openElements.styles, linksKnown: !isScanGuess, threads: threads)
            let started = state.withLock { state -> (started: Bool, wakeWriter: Bool)? in
                guard !state.isClosed else { return nil }
                guard state.corrections == claim.corrections, state.restyled == claim.restyled, max(state.nextSegment, state.written) == claim.index
                else { return (false, false) }
                guard start != nil else {
                    // No such segment (unless a correction comes): the scan ended before.
                    state.waiters += 1
                    return (false, false)
                }
                state.nextSegment = claim.index + 1
                state.runs[claim.index] = run
                defer { state.writerWaits = false }
                return (true, state.writerWaits)
            }
            guard let started else { return nil }
            if started.wakeWriter { runStarted.signal() }
            if let start, started.started { return (run, start) }
            if start == nil { mayStart.wait(until: nil) }
        }
    }

    /// Segments a parse may start past the one being written.
    static let segmentsAhead = 2

    /// Parses from `start` (the start of `run`'s segment) until a later guess checks
    /// out, or to the page's end.
    private func parse(_ run: SegmentRun, from start: StructureScanner.Cut) {
        var linkBase = start.links
        var endedInsideText: FragmentJob?
        var end = SegmentRun.End.pageEnd
        var cutting = self.cutting
        cutting.boundaries = guesses
        cutting.take = { [self] cut in
            guard !run.isCancelled else { return false }
            let fragment = cut.fragment
            let base = linkBase
            linkBase += LinkCounter.count(in: fragment)
            let (width, keepsLines, pictures, insideText) = (width, keepsLines, pictures, cut.insideText)
            let openAtEnd = insideText ? cut.openElements?.count ?? 0 : 0
            let job = FragmentJob(
                after: endedInsideText,
                { carry in
                    FragmentLayout(
                        fragment, width: width, keepsLines: keepsLines, pictures: pictures, linkBase: base + run.linkShift, carryIn: carry,
                        openAtEnd: openAtEnd, endsInsideText: insideText)
                },
                finished: threads.makeSemaphore())
            run.submit { [threads] in threads.run(waits: false) { job.runIfUnclaimed() } }
            endedInsideText = cut.insideText ? job : nil
            run.append(job)
            if let offset = cut.endOffset, !cut.insideText {
                // (The links before are known once the run before got here.)
                guard let shift = run.waitForLinkShift() else { return false }
                let here = StructureScanner.Cut(offset: offset, openElements: cut.openElements ?? [], links: linkBase + shift)
                guard let next = self.end(of: run, at: here) else { return false }
                end = .segment(next)
                return false
            }
            return !run.isCancelled
        }
        do throws(HTMLParsingError) {
            try HTMLParser.parse(source, from: start.offset, inside: start.openElements, cutting: cutting)
        } catch {
            end = .failed(error)
        }
        run.finish(run.isCancelled ? .cancelled : end)
    }
}

/// The cuts a `StructureScanner` guesses ahead of a dump's parses (`PageSegments`),
/// on a thread of its own: guess 0 is the page's start.
final class SegmentGuesses: HTMLParser.CutBoundaries, @unchecked Sendable {
    private struct State {
        var cuts: [StructureScanner.Cut]
        /// The scan running (a correction starts another), how far it has read (no
        /// cut comes before), and whether it has ended (at the page's end, or stopped).
        var scan = 0
        var scannedOffset = 0
        var isComplete = false
        var waiters = 0

        /// Signals owed to the threads waiting, which are woken.
        mutating func wake() -> Int {
            defer { waiters = 0 }
            return waiters
        }
    }

    private let state: LockedState<State>
    private let progress: any LayoutSemaphore
    private let stopped = Atomic<Bool>(false)

    private let source: any PageSource
    private let threads: any LayoutThreads
    private let containers: Set<HTMLTag>
    private let blocks: Set<HTMLTag>
    private let bytes: Int
    private let firstBytes: Int
    private let scans: Bool

    /// Scans `source` from `start`, guessing where a parse would cut it after a block
    /// of `blocks` with only `containers` open, `bytes` apart at least (the first
    /// `firstBytes`); unless `scans` is off: then the only guess is `start`.
    init(
        source: any PageSource, start: Int, containers: Set<HTMLTag>, blocks: Set<HTMLTag>, bytes: Int, firstBytes: Int,
        threads: some LayoutThreads, scans: Bool = true
    ) {
        self.source = source
        self.threads = threads
        self.containers = containers
        self.blocks = blocks
        self.bytes = bytes
        self.firstBytes = firstBytes
        self.scans = scans
        let first = StructureScanner.Cut(offset: start, openElements: [], links: 0)
        state = LockedState(State(cuts: [first], scannedOffset: start, isComplete: !scans), lock: threads.makeLock())
        progress = threads.makeSemaphore()
        if scans { startScan(from: first, number: 0, firstBytes: firstBytes) }
    }

    /// Starts scan `number` from `origin`, on a thread of its own; it adds its guesses
    /// while it is the scan running.
    private func startScan(from origin: StructureScanner.Cut, number: Int, firstBytes: Int) {
        let (containers, blocks, bytes) = (containers, blocks, bytes)
        threads.run(waits: true) { [self] in
            var cutting = HTMLParser.Cutting(containers: containers, blocks: blocks, bytes: bytes, firstBytes: firstBytes, take: { _ in true })
            cutting.keepsText = false
            var scanner = StructureScanner(source: source, start: origin, cutting: cutting, linklessTags: ReplacedContent.replacedTags)
            scanner.cutsInsideText = false
            // (A styled parse starts from a guess with the styles there, made from
            // what came before: `ScannedSiblings`.)
            if let styles = source.styles { scanner.tracksSiblings(countsNames: styles.cascade.countsTypes) }
            /// Runs `change` on the state if this scan is still the one running, and
            /// wakes the threads waiting; gives whether it was.
            func update(_ change: (inout State) -> Void) -> Bool {
                let wake = state.withLock { state -> Int? in
                    guard state.scan == number else { return nil }
                    change(&state)
                    return state.wake()
                }
                for _ in 0..<(wake ?? 0) { progress.signal() }
                return wake != nil && !stopped.load(ordering: .relaxed)
            }
            scanner.run(
                take: { cut in update { $0.cuts.append(cut) } },
                scanned: { offset in update { $0.scannedOffset = offset } })
            _ = update { $0.isComplete = true }
        }
    }

    /// Replaces the guesses from the `count`th on with `cut` (what a parse found
    /// there), and scans again from it.
    func correct(keeping count: Int, with cut: StructureScanner.Cut) {
        let (number, wake) = state.withLock { state in
            state.cuts.removeSubrange(min(count, state.cuts.count)...)
            state.cuts.append(cut)
            state.scan += 1
            state.scannedOffset = cut.offset
            state.isComplete = !scans
            return (state.scan, state.wake())
        }
        for _ in 0..<wake { progress.signal() }
        if scans { startScan(from: cut, number: number, firstBytes: bytes) }
    }

    /// Guess `index`, once the scan has made it (waited for); `nil` when the scan
    /// ended before.
    func guess(_ index: Int) -> StructureScanner.Cut? {
        while true {
            let known = state.withLock { state -> StructureScanner.Cut?? in
                if index < state.cuts.count { return .some(state.cuts[index]) }
                if state.isComplete { return .some(nil) }
                state.waiters += 1
                return nil
            }
            if let known { return known }
            progress.wait(until: nil)
        }
    }

    /// The number of the guess that is `cut` but for the styles (and the links
    /// before, `ignoringLinks`), if there is one, and the links it guessed.
    func index(of cut: StructureScanner.Cut, ignoringLinks: Bool = false) -> (index: Int, links: Int)? {
        var unstyled = cut
        unstyled.openElements.styles = nil
        return state.withLock { state in
            let index = state.cuts.partitionPoint { $0.offset >= cut.offset }
            guard index < state.cuts.count else { return nil }
            var guess = state.cuts[index]
            guess.openElements.styles = nil
            if ignoringLinks { unstyled.links = guess.links }
            return guess == unstyled ? (index, state.cuts[index].links) : nil
        }
    }

    /// Replaces guess `index` with `cut`, what a parse found there (the same but for
    /// its styles and links).
    func setStart(_ cut: StructureScanner.Cut, ofGuess index: Int) {
        state.withLock { state in
            if index < state.cuts.count { state.cuts[index] = cut }
        }
    }

    /// The first guess at or after `offset`, once the scan has read past it (waited
    /// for: the scan is many times faster than a parse, and is ahead but at the start),
    /// if any.
    func boundary(atOrAfter offset: Int) -> Int? {
        while true {
            let known = state.withLock { state -> Int?? in
                let index = state.cuts.partitionPoint { $0.offset >= offset }
                if index < state.cuts.count { return .some(state.cuts[index].offset) }
                if state.isComplete || state.scannedOffset > offset { return .some(nil) }
                state.waiters += 1
                return nil
            }
            if let known { return known }
            progress.wait(until: nil)
        }
    }

    /// Ends the scan at its next cut or window.
    func stop() {
        stopped.store(true, ordering: .relaxed)
    }
}

/// One parse of a dump's page from the start of a segment (`PageSegments`): its
/// fragments, each laid out on the pool as it comes, wait here for the writer; the
/// parse waits when a few do.
final class SegmentRun: @unchecked Sendable {
    /// How the parse ended.
    enum End {
        /// At the start of this segment, the guess there checked.
        case segment(Int)
        case pageEnd
        case failed(HTMLParsingError)
        /// Dropped (a run before it went past its start), or stopped.
        case cancelled
    }

    /// What the writer gets next.
    enum Next {
        case fragment(FragmentJob)
        case end(End)
    }

    private struct State {
        /// The fragments the writer has not taken yet (each let go once taken: a job
        /// holds its fragment's model).
        var jobs: [FragmentJob] = []
        var end: End?
        var writerWaits = false
        var parseWaits = false
        /// What to add to the link numbers counted from the guess, once known; until
        /// then, the fragments' layouts are held (`submit`).
        var linkShift: Int?
        var held: [@Sendable () -> Void] = []
        var waitsForShift = false
    }

    let index: Int
    /// The styler state the parse started from, on a styled page.
    let startStyles: ElementStyler.State?
    private let state: LockedState<State>
    /// Signalled for the writer when a fragment comes or the parse ends; for the parse
    /// when the writer takes a fragment, or the run is dropped.
    private let forWriter: any LayoutSemaphore
    private let forParse: any LayoutSemaphore
    /// Signalled for the parse when the link shift is known, or the run is dropped.
    private let forShift: any LayoutSemaphore
    private let cancelled = Atomic<Bool>(false)

    /// A run of segment `index` from a start whose link count is known
    /// (`linksKnown`), or a guess whose count the run before checks (`confirm`).
    init(index: Int, startStyles: ElementStyler.State?, linksKnown: Bool, threads: some LayoutThreads) {
        self.index = index
        self.startStyles = startStyles
        state = LockedState(State(linkShift: linksKnown ? 0 : nil), lock: threads.makeLock())
        forWriter = threads.makeSemaphore()
        forParse = threads.makeSemaphore()
        forShift = threads.makeSemaphore()
    }

    /// Lays out a fragment (`layOut`) now, or once the link count at the start is
    /// known.
    func submit(_ layOut: @escaping @Sendable () -> Void) {
        let now = state.withLock { state in
            if state.linkShift == nil { state.held.append(layOut) }
            return state.linkShift != nil
        }
        if now { layOut() }
    }

    /// What to add to the link numbers counted from the start (read by a fragment's
    /// layout, which waits for it: `submit`).
    var linkShift: Int { state.withLock { $0.linkShift ?? 0 } }

    /// Tells the run the link count at its start is `shift` more than its guess said:
    /// its fragments are laid out with it.
    func confirm(linkShift shift: Int) {
        let (held, wake) = state.withLock { state in
            state.linkShift = shift
            defer {
                state.held = []
                state.waitsForShift = false
            }
            return (state.held, state.waitsForShift)
        }
        for layOut in held { layOut() }
        if wake { forShift.signal() }
    }

    /// The link shift, once the run before has told it (waited for); `nil` once the
    /// run is dropped.
    func waitForLinkShift() -> Int? {
        while !isCancelled {
            let shift = state.withLock { state in
                state.waitsForShift = state.linkShift == nil
                return state.linkShift
            }
            if let shift { return shift }
            forShift.wait(until: nil)
        }
        return nil
    }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Adds the next fragment; waits while enough wait for the writer.
    func append(_ job: FragmentJob) {
        let wakeWriter = state.withLock { state in
            state.jobs.append(job)
            defer { state.writerWaits = false }
            return state.writerWaits
        }
        if wakeWriter { forWriter.signal() }
        while !isCancelled {
            let waits = state.withLock { state in
                state.parseWaits = state.jobs.count >= PageStream.fragmentsLaidOutAtOnce
                return state.parseWaits
            }
            guard waits else { return }
            forParse.wait(until: nil)
        }
    }

    func finish(_ end: End) {
        let wakeWriter = state.withLock { state in
            state.end = end
            defer { state.writerWaits = false }
            return state.writerWaits
        }
        if wakeWriter { forWriter.signal() }
    }

    /// The next fragment, or how the parse ended (waited for).
    func next() -> Next {
        while true {
            let next = state.withLock { state -> (next: Next?, wakeParse: Bool) in
                if !state.jobs.isEmpty {
                    let job = state.jobs.removeFirst()
                    defer { state.parseWaits = false }
                    return (.fragment(job), state.parseWaits)
                }
                if let end = state.end { return (.end(end), false) }
                state.writerWaits = true
                return (nil, false)
            }
            if next.wakeParse { forParse.signal() }
            if let job = next.next { return job }
            forWriter.wait(until: nil)
        }
    }

    /// The first fragment given to the writer that no thread has started, if any.
    func firstUnstarted() -> FragmentJob? {
        state.withLock { state in state.jobs.first { !$0.isClaimed } }
    }

    /// Drops the run: its parse stops at its next fragment; fragments not yet laid
    /// out never are.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        forParse.signal()
        forShift.signal()
        let jobs = state.withLock { state in
            defer { state.jobs = [] }
            return state.jobs
        }
        for job in jobs { job.discard() }
    }
}

