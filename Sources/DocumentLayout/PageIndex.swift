import HTMLParsing
import Synchronization

/// Where a page can be parsed again from the middle: a checkpoint every ~64 KB, so
/// that the part of a page near the viewport is parsed and laid out on its own, and
/// the rest of the page costs only its checkpoints.
///
/// Two passes build it, each on a thread of its own (`build`):
/// - a *scan* (`StructureScanner`, about 400 MB/s) guesses the checkpoints of the whole
///   page within a fraction of a second, so that any part of it, its end included, can
///   be shown at once;
/// - a *parse* with libxml2 (about 60 MB/s) follows, cuts the page where the scan
///   guessed (it is the `HTMLParser.CutPlan`) and checks each guess. A guess it finds
///   wrong (on markup libxml2 repairs otherwise) is replaced by the parse's own cut,
///   the guesses after it are dropped, and the scan starts again from there; readers
///   learn which chunks changed (`Update.firstChangedChunk`).
///
/// A cut is made right after a block's own end tag while only containers (or lists,
/// items, definition lists and quotes) are open (`HTMLParser.Cutting`); inside a
/// paragraph longer than a chunk, also in its text, before a word (the scan's
/// `textCut`: the layout carries the paragraph's unfinished last line over, and the
/// parse starts libxml2 again there, which would hold the whole run). Each checkpoint
/// keeps the byte offset, the elements open there (as start tags to feed a fresh
/// parser: `HTMLParser.parseChunk`) and the number of links before it, so that `[n]`
/// marks are numbered as in the whole page. The part from one checkpoint to the next
/// is a *chunk*; laid out from its checkpoint it gives exactly the lines the whole page
/// gives there (tested at every checkpoint). A checkpoint costs about 24 bytes plus its
/// open elements, which are shared with the checkpoints that have the same ones.
package final class PageIndex: Sendable {
    /// The start of a chunk.
    private struct Checkpoint: Sendable {
        /// Page offset where the chunk starts.
        var offset: Int
        /// Links numbered before the chunk.
        var linkBase: Int
        /// The elements open at `offset`, as an index into the shared list.
        var openElements: Int32
        /// Whether `offset` is inside a paragraph's text (`StructureScanner.Cut`).
        var insideText = false
    }

    private struct State {
        /// The parse's checkpoints (the first `checked`), then the scan's guesses.
        var checkpoints: [Checkpoint]
        var checked = 1
        /// Links numbered in each chunk whose end is known (guessed or checked).
        var chunkLinks: [Int] = []
        var openElementLists: [OpenElements] = [[]]
        var openElementIDs: [OpenElements: Int32] = [[]: 0]
        var title = ""
        /// The scan running (a correction starts another; -1: none, the parse cuts by
        /// bytes), how far it has read, and whether it got to the page's end.
        var scan = 0
        var scannedOffset = 0
        var scanReachedEnd = false
        /// Whether the parse has finished (nothing changes after), and how.
        var isComplete = false
        var error: HTMLParsingError?
        /// Parts of the page the parses leave out (`StructureScanner.elisionBytes`).
        var elisions: [Range<Int>] = []
        /// Per correction, the first chunk it changed.
        var corrections: [Int] = []
        /// How many readers wait for more (the builders wake them only then).
        var waiters = 0

        func chunk(_ index: Int, pageEnd: Int) -> Chunk {
            let checkpoint = checkpoints[index]
            let next = index + 1 < checkpoints.count ? checkpoints[index + 1] : nil
            let range = checkpoint.offset..<(next?.offset ?? pageEnd)
            return Chunk(
                range: range, shownBytes: range.count - PageIndex.elisions(in: range, of: elisions).reduce(0) { $0 + $1.clamped(to: range).count },
                openElements: openElementLists[Int(checkpoint.openElements)],
                openElementsAtEnd: next.map { openElementLists[Int($0.openElements)].count } ?? 0,
                linkBase: checkpoint.linkBase, links: chunkLinks[index], startsInsideText: checkpoint.insideText,
                endsInsideText: next?.insideText ?? false)
        }

        /// The number of a list of open elements (lists are shared).
        mutating func id(of openElements: OpenElements) -> Int32 {
            if let id = openElementIDs[openElements] { return id }
            let id = Int32(openElementLists.count)
            openElementLists.append(openElements)
            openElementIDs[openElements] = id
            return id
        }
    }

    /// The page the index is of.
    package let source: any PageSource
    /// Where the page's text starts (past a byte order mark).
    package let start: Int
    private let state: LockedState<State>
    private let progress: any LayoutSemaphore
    /// Wakes the parse when it waits for the scan.
    private let scanProgress: any LayoutSemaphore
    private let stopped = Atomic<Bool>(false)
    private let parseHeld = Atomic<Bool>(false)
    private let scanHeld = Atomic<Bool>(false)
    private let parseResumed: any LayoutSemaphore
    private let scanResumed: any LayoutSemaphore
    let chunkBytesInUse = Atomic<Int>(PageIndex.chunkBytes)
    let elisionBytesInUse = Atomic<Int>(1 << 20)

    /// Bytes a chunk spans at least (the last may be shorter; a chunk ends at the first
    /// cut past this). The first chunks are smaller, from `firstChunkBytes` on, so that
    /// the first screen needs little of the page (a page arriving on standard input
    /// shows sooner).
    package static let chunkBytes = 1 << 16
    package static let firstChunkBytes = 1 << 12

    /// Where the scans run, each on a thread of its own (they wait for the bytes of a
    /// page still arriving).
    package let threads: any LayoutThreads

    /// An empty index of `source`'s bytes from `start`, its scans run on `threads`.
    package init(source: any PageSource, start: Int = 0, threads: any LayoutThreads) {
        self.source = source
        self.start = start
        self.threads = threads
        progress = threads.makeSemaphore()
        scanProgress = threads.makeSemaphore()
        parseResumed = threads.makeSemaphore()
        scanResumed = threads.makeSemaphore()
        HTMLParser.prepareForThreads()
        state = LockedState(State(checkpoints: [Checkpoint(offset: start, linkBase: 0, openElements: 0)], scannedOffset: start), lock: threads.makeLock())
    }

    // MARK: Building

    /// Builds the index, until the page's end or `stop()`: scans on another thread and
    /// parses on this one. Readers may read the index meanwhile.
    /// - Parameters:
    ///   - chunkBytes: how far apart checkpoints are at least (small values to test
    ///     the cuts).
    ///   - guessing: whether a scan guesses the checkpoints ahead of the parse (without
    ///     it, the page's end is known only when the parse gets there).
    ///   - elisionBytes: comments, scripts and attribute values longer than this are
    ///     left out of the parses (`StructureScanner.elisionBytes`; small values to
    ///     test it).
    package func build(chunkBytes: Int = PageIndex.chunkBytes, guessing: Bool = true, elisionBytes: Int = 1 << 20) {
        chunkBytesInUse.store(chunkBytes, ordering: .relaxed)
        elisionBytesInUse.store(elisionBytes, ordering: .relaxed)
        var cutting = cuttingRules { [self] cut in
            while parseHeld.load(ordering: .relaxed), !stopped.load(ordering: .relaxed) {
                parseResumed.wait(until: .now + .milliseconds(50))
            }
            let links = LinkCounter.count(in: cut.fragment)
            record(links: links, title: cut.fragment.title, next: cut.endOffset.map { ($0, cut.openElements ?? [], cut.insideText) })
            return !stopped.load(ordering: .relaxed)
        }
        // Links are counted on the elements alone.
        cutting.keepsText = false
        if guessing {
            cutting.plan = self
            startScan(from: StructureScanner.Cut(offset: start, openElements: [], links: 0), number: 0)
        } else {
            state.withLock { $0.scan = -1 }
        }
        do throws(HTMLParsingError) {
            try HTMLParser.parse(source, from: start, cutting: cutting)
            finish(error: nil)
        } catch {
            finish(error: error)
        }
    }

    /// How far apart checkpoints are at least (`build`'s `chunkBytes`).
    package var builtChunkBytes: Int { chunkBytesInUse.load(ordering: .relaxed) }

    /// Stops `build` at its next checkpoint, and the scan.
    package func stop() {
        stopped.store(true, ordering: .relaxed)
        scanProgress.signal()
        parseResumed.signal()
        scanResumed.signal()
    }

    /// Holds the parse at its next checkpoint until `resumeParse`, so that the scan
    /// and the thread that waits for it have the cores (a search, or a jump to the
    /// end, that goes at the scan's pace).
    package func holdParse() {
        parseHeld.store(true, ordering: .relaxed)
    }

    package func resumeParse() {
        parseHeld.store(false, ordering: .relaxed)
        parseResumed.signal()
    }

    /// Holds the scan at its next window until `resumeScan`, so that a search reading
    /// ahead of it has the cores.
    package func holdScan() {
        scanHeld.store(true, ordering: .relaxed)
    }

    package func resumeScan() {
        scanHeld.store(false, ordering: .relaxed)
        scanResumed.signal()
    }

    /// Where the page is cut: `take` gets the parse's fragments.
    func cuttingRules(take: @escaping (HTMLParser.Cut) -> Bool) -> HTMLParser.Cutting {
        let bytes = chunkBytesInUse.load(ordering: .relaxed)
        return HTMLParser.Cutting(
            containers: LayoutUnits.transparentTags, blocks: LayoutUnits.blockLevelTags, splittable: LayoutUnits.splittableTags,
            bytes: bytes, firstBytes: min(bytes, Self.firstChunkBytes), take: take)
    }

    /// Starts scan `number` from `origin`, on a thread of its own.
    private func startScan(from origin: StructureScanner.Cut, number: Int) {
        threads.run(waits: true) { [self] in
            var scanner = StructureScanner(
                source: source, start: origin, cutting: cuttingRules { _ in true }, linklessTags: ReplacedContent.replacedTags)
            scanner.elisionBytes = elisionBytesInUse.load(ordering: .relaxed)
            var lastLinks = origin.links
            let reachedEnd = scanner.run(
                take: { cut in
                    defer { lastLinks = cut.links }
                    return guess(cut, links: cut.links - lastLinks, scan: number)
                },
                scanned: { offset in
                    while scanHeld.load(ordering: .relaxed), !stopped.load(ordering: .relaxed) {
                        scanResumed.wait(until: .now + .milliseconds(50))
                    }
                    return !stopped.load(ordering: .relaxed) && state.withLock { state in
                        guard state.scan == number else { return false }
                        state.scannedOffset = offset
                        return true
                    }
                },
                elide: { range in
                    state.withLock { state in
                        if state.scan == number { state.elisions.append(range) }
                    }
                })
            let links = scanner.links - lastLinks
            let wake = state.withLock { state -> Int in
                guard state.scan == number, reachedEnd else { return 0 }
                if state.chunkLinks.count < state.checkpoints.count { state.chunkLinks.append(links) }
                state.scanReachedEnd = true
                return state.waiters
            }
            for _ in 0..<wake { progress.signal() }
            scanProgress.signal()
        }
    }

    /// Adds a checkpoint the scan guessed (`links`: in the chunk before it).
    /// - Returns: whether the scan is to go on.
    private func guess(_ cut: StructureScanner.Cut, links: Int, scan: Int) -> Bool {
        guard !stopped.load(ordering: .relaxed) else { return false }
        let wake = state.withLock { state -> Int? in
            guard state.scan == scan else { return nil }
            state.chunkLinks.append(links)
            state.checkpoints.append(Checkpoint(
                offset: cut.offset, linkBase: cut.links, openElements: state.id(of: cut.openElements), insideText: cut.insideText))
            return state.waiters
        }
        guard let wake else { return false }
        for _ in 0..<wake { progress.signal() }
        scanProgress.signal()
        return true
    }

    /// Notes a cut of the parse: the links of the chunk it ends, and where the next one
    /// starts (`nil` at the page's end). It checks the guess there: a wrong one is
    /// replaced with the guesses after it, and the scan starts again from this cut.
    private func record(links: Int, title: String, next: (offset: Int, openElements: OpenElements, insideText: Bool)?) {
        var restart: (origin: StructureScanner.Cut, number: Int)?
        let wake = state.withLock { state in
            if state.title.isEmpty { state.title = title }
            let chunk = state.checked - 1
            let checkpoint = next.map {
                Checkpoint(
                    offset: $0.offset, linkBase: state.checkpoints[chunk].linkBase + links, openElements: state.id(of: $0.openElements),
                    insideText: $0.insideText)
            }
            let guessed = state.checked < state.checkpoints.count ? state.checkpoints[state.checked] : nil
            let guessedLinks = chunk < state.chunkLinks.count ? state.chunkLinks[chunk] : nil
            if let checkpoint, let guessed, let next, guessed.offset == checkpoint.offset, guessed.linkBase == checkpoint.linkBase,
                guessed.insideText == checkpoint.insideText {
                let guessedOpen = state.openElementLists[Int(guessed.openElements)]
                if guessed.openElements == checkpoint.openElements {
                    state.checked += 1
                    return state.waiters
                }
                // The scan does not style: where it guessed the same elements, the
                // parse's styler state goes in, and the chunk is laid out again with it.
                if guessedOpen.elements == next.openElements.elements, guessedOpen.ignoredStartTags == next.openElements.ignoredStartTags,
                    guessedOpen.styles == nil
                {
                    state.checkpoints[state.checked].openElements = checkpoint.openElements
                    state.corrections.append(state.checked)
                    state.checked += 1
                    return state.waiters
                }
            }
            if checkpoint == nil, guessed == nil, guessedLinks == links { return state.waiters }
            // The parse's cut replaces the guesses from here (when there were any).
            if guessed != nil || guessedLinks != nil { state.corrections.append(chunk) }
            state.checkpoints.removeSubrange(state.checked...)
            state.chunkLinks.removeSubrange(min(chunk, state.chunkLinks.count)...)
            state.chunkLinks.append(links)
            if let checkpoint {
                state.checkpoints.append(checkpoint)
                state.checked += 1
            }
            if state.scan >= 0 {
                state.scan += 1
                // The next scan finds the parts to leave out again from here.
                if let next { state.elisions.removeAll { $0.lowerBound >= next.offset } }
                state.scanReachedEnd = next == nil
                state.scannedOffset = next?.offset ?? source.byteCount
                if let next, let checkpoint {
                    restart = (
                        StructureScanner.Cut(
                            offset: next.offset, openElements: next.openElements, links: checkpoint.linkBase, insideText: next.insideText),
                        state.scan
                    )
                }
            }
            return state.waiters
        }
        if let restart { startScan(from: restart.origin, number: restart.number) }
        for _ in 0..<wake { progress.signal() }
    }

    private func finish(error: HTMLParsingError?) {
        let wake = state.withLock { state in
            // A stopped or failed parse leaves chunks without an end: they are not ones.
            if state.checkpoints.count > state.chunkLinks.count { state.checkpoints.removeSubrange(state.chunkLinks.count...) }
            state.scan = state.scan < 0 ? -1 : state.scan + 1
            state.isComplete = true
            state.error = error
            return state.waiters
        }
        for _ in 0..<wake { progress.signal() }
        scanProgress.signal()
    }

    // MARK: Reading

    /// What the index holds so far.
    package struct Snapshot: Sendable {
        /// Chunks whose both ends are known (guessed or checked).
        package var chunkCount: Int
        /// Chunks the parse has checked.
        package var checkedChunks: Int
        /// The page offset the parse has checked up to.
        package var indexedOffset: Int
        /// The page offset the scan has read up to.
        package var scannedOffset: Int
        /// Whether the chunks known go to the page's end.
        package var reachesEnd: Bool
        /// Whether the parse has finished: nothing changes after.
        package var isComplete: Bool
        /// Links in the known chunks (in the page once `reachesEnd`).
        package var linkCount: Int
        package var title: String
        package var error: HTMLParsingError?
        /// Corrections made so far (each changes chunks readers may have).
        package var corrections: Int
    }

    package var snapshot: Snapshot {
        state.withLock { Self.snapshot(of: $0, pageEnd: source.byteCount) }
    }

    private static func snapshot(of state: State, pageEnd: Int) -> Snapshot {
        let count = state.chunkLinks.count
        let checkedChunks = min(count, state.isComplete ? state.checked : state.checked - 1)
        let links = count > 0 ? state.checkpoints[count - 1].linkBase + state.chunkLinks[count - 1] : 0
        return Snapshot(
            chunkCount: count, checkedChunks: checkedChunks,
            indexedOffset: state.isComplete ? pageEnd : state.checkpoints[state.checked - 1].offset,
            scannedOffset: state.scanReachedEnd ? pageEnd : state.scannedOffset,
            reachesEnd: count == state.checkpoints.count && (state.scanReachedEnd || state.isComplete),
            isComplete: state.isComplete, linkCount: links, title: state.title, error: state.error,
            corrections: state.corrections.count)
    }

    /// Chunk `index`, known (`snapshot.chunkCount > index`).
    package func chunk(_ index: Int) -> Chunk {
        state.withLock { $0.chunk(index, pageEnd: source.byteCount) }
    }

    /// A part of the page between two checkpoints: its bytes, the elements open at its
    /// start, how many are open at its end (the next chunk's), and the links before it
    /// and in it.
    package struct Chunk: Sendable {
        package var range: Range<Int>
        /// Bytes of `range` but those its parse leaves out (for estimates).
        package var shownBytes: Int
        package var openElements: OpenElements
        package var openElementsAtEnd: Int
        package var linkBase: Int
        package var links: Int
        /// Whether the chunk starts, or ends, inside a paragraph's text: its layout goes
        /// on from the paragraph's unfinished last line, or leaves it to the next chunk.
        package var startsInsideText = false
        package var endsInsideText = false

        /// Whether the chunk starts inside blocks other than containers (a list, a
        /// quote): its layout goes on from the state the chunk before ended in.
        package var startsInsideBlocks: Bool {
            startsInsideText || openElements.contains { !LayoutUnits.transparentTags.contains($0.tag) }
        }
    }

    /// What changed since a reader last looked.
    package struct Update: Sendable {
        /// The first chunk changed by corrections since the reader's last look: the
        /// reader drops it and the ones after (`chunks` starts there).
        package var firstChangedChunk: Int?
        /// The chunks from the first the reader does not have (or the first changed).
        package var chunks: [Chunk]
        package var snapshot: Snapshot
    }

    /// The chunks past the first `known` (or from the first one changed by the
    /// corrections after the first `corrections`), and how the index stands, in one
    /// look. With `checkedOnly`, only the chunks the parse has checked: they never
    /// change, so that what is made of them does not depend on how far the scan ran
    /// ahead of the parse.
    package func update(known: Int, corrections: Int, checkedOnly: Bool = false) -> Update {
        state.withLock { state in
            let changed = state.corrections[min(corrections, state.corrections.count)...].min()
            let first = min(known, changed ?? known)
            let snapshot = Self.snapshot(of: state, pageEnd: source.byteCount)
            let count = checkedOnly ? snapshot.checkedChunks : state.chunkLinks.count
            let chunks = first < count ? (first..<count).map { state.chunk($0, pageEnd: source.byteCount) } : []
            // (A reader of checked chunks only has none that a correction changes.)
            let firstChanged = changed.flatMap { checkedOnly && $0 >= known ? nil : min($0, known) }
            return Update(firstChangedChunk: firstChanged, chunks: chunks, snapshot: snapshot)
        }
    }

    /// Waits until `condition` holds of the index (checked on each change), or until
    /// `deadline`.
    /// - Returns: whether it holds.
    @discardableResult
    package func wait(until deadline: ContinuousClock.Instant? = nil, for condition: (Snapshot) -> Bool) -> Bool {
        while true {
            let satisfied = state.withLock { state in
                if condition(Self.snapshot(of: state, pageEnd: source.byteCount)) { return true }
                state.waiters += 1
                return false
            }
            if satisfied { return true }
            let signalled = progress.wait(until: deadline)
            state.withLock { $0.waiters -= 1 }
            if !signalled { return false }
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

extension PageIndex: HTMLParser.CutPlan {
    /// The parse waits until the scan has read past `range` (or cannot).
    package func elisions(in range: Range<Int>) -> [Range<Int>] {
        while true {
            let found = state.withLock { state -> [Range<Int>]? in
                guard state.scan < 0 || state.scanReachedEnd || state.scannedOffset >= range.upperBound || state.isComplete else { return nil }
                return Self.elisions(in: range, of: state.elisions)
            }
            if let found { return found }
            if stopped.load(ordering: .relaxed) { return [] }
            scanProgress.wait(until: .now + .milliseconds(20))
        }
    }

    /// The parts of `range` a chunk's parse leaves out.
    package func knownElisions(in range: Range<Int>) -> [Range<Int>] {
        state.withLock { Self.elisions(in: range, of: $0.elisions) }
    }

    static func elisions(in range: Range<Int>, of elisions: [Range<Int>]) -> [Range<Int>] {
        guard !elisions.isEmpty else { return [] }
        var low = elisions.partitionPoint { $0.upperBound > range.lowerBound }
        var found: [Range<Int>] = []
        while low < elisions.count, elisions[low].lowerBound < range.upperBound {
            found.append(elisions[low])
            low += 1
        }
        return found
    }

    /// The next guessed checkpoint when it is inside text in `range`, where the parse
    /// reads text. Where no guess is known yet, it waits for the scan.
    package func textCut(in range: ClosedRange<Int>) -> Int? {
        while true {
            let answer = state.withLock { state -> Int?? in
                if state.checked < state.checkpoints.count {
                    let guess = state.checkpoints[state.checked]
                    return .some(guess.insideText && range.contains(guess.offset) ? guess.offset : nil)
                }
                if state.scan < 0 || state.scanReachedEnd || state.scannedOffset > range.upperBound { return .some(nil) }
                return nil
            }
            if let answer { return answer }
            if stopped.load(ordering: .relaxed) { return nil }
            scanProgress.wait(until: .now + .milliseconds(20))
        }
    }

    /// The parse cuts at the next guessed checkpoint; past one it missed, at once (the
    /// guess was wrong). Where no guess is known yet, it waits for the scan.
    package func cuts(at offset: Int, byBytes: Bool) -> Bool {
        while true {
            let answer = state.withLock { state -> Bool? in
                if state.checked < state.checkpoints.count { return offset >= state.checkpoints[state.checked].offset }
                // No guess ahead: none can come before where the scan has read to, nor
                // after its end; with no scan, the bytes decide.
                if state.scan < 0 { return byBytes }
                if state.scanReachedEnd || state.scannedOffset > offset { return false }
                return nil
            }
            if let answer { return answer }
            if stopped.load(ordering: .relaxed) { return byBytes }
            scanProgress.wait(until: .now + .milliseconds(20))
        }
    }
}
