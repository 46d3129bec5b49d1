import HTMLParsing

/// A query's letter scans of a windowed page (`LetterScan`), one for each *segment* of
/// the page: segments start where a scan may start (`canStartScan`), one where the
/// search began and others about a megabyte apart, so that a search from the
/// middle of a long page asks about the bytes from there first, and a thread of the
/// program's scans the next segments while the search reads the one it is in.
///
/// A row never spans two segments (each starts a block), so a segment's scan answers
/// for its own bytes alone. The calling thread scans a segment as far as its
/// questions go; the helper takes whole segments, a few ahead of the last one asked
/// (going down, round the end), and stops when the questions stop.
final class PageLetterScans: @unchecked Sendable {
    private enum Segment {
        /// Not scanned yet.
        case waiting(LetterScan)
        /// The helper scans it.
        case helped
        /// The calling thread scans it as its questions need.
        case asked(LetterScan)
        /// Scanned to its end by the helper.
        case done(LetterScan)
    }

    private struct State {
        var segments: [Segment]
        /// Whether each segment's start is known to be a place a scan may start: a
        /// guessed one once the segment before ends there just after an end tag.
        var isChecked: [Bool]
        /// The segment the calling thread asked about last.
        var lastAsked = 0
        var isHelping = false
    }

    /// Where each segment starts, ascending (the first at the page's start; the last
    /// runs to the page's end).
    let starts: [Int]
    private let state: LockedState<State>
    private let helped: any LayoutSemaphore
    private let source: any PageSource
    private let threads: any LayoutThreads
    /// The scan used for the needle's letters in text layout writes.
    let anyScan: LetterScan

    /// Segments the helper scans at most past the last one asked.
    static let helpAhead = 2

    /// Scans of `source` for `needle`, in segments from `starts` (ascending, the first
    /// the page's start), the helper's on `threads`; with `guessedFrom`, in segments
    /// from starts guessed past that byte too (`guessedStarts`).
    init(
        needle: [UInt8], source: any PageSource, starts known: [Int], guessedFrom: Int? = nil, guessedApart: Int = guessedSegmentBytes,
        threads: any LayoutThreads
    ) {
        let guessed = guessedFrom.map { Self.guessedStarts(in: source, from: $0, apart: guessedApart, awayFrom: known) } ?? []
        let starts = (known + guessed).sorted()
        self.starts = starts
        self.source = source
        self.threads = threads
        helped = threads.makeSemaphore()
        let scans = starts.indices.map { index in
            LetterScan(needle: needle, source: source, bytes: starts[index]..<(index + 1 < starts.count ? starts[index + 1] : Int.max))
        }
        anyScan = scans[0]
        let isGuessed = Set(guessed)
        state = LockedState(
            State(segments: scans.map { .waiting($0) }, isChecked: starts.map { !isGuessed.contains($0) }), lock: threads.makeLock())
    }

    /// Bytes apart the starts guessed are, about.
    static let guessedSegmentBytes = 16 << 20

    /// Starts guessed in `source` from byte `from` on, about `apart` bytes apart: the
    /// place right after the first end tag of a block there (where a scan may start,
    /// should what is open there not hide its content, which the scan before tells),
    /// none within a sixteenth of that of a start in `known`.
    static func guessedStarts(in source: any PageSource, from: Int, apart: Int, awayFrom known: [Int]) -> [Int] {
        var starts: [Int] = []
        var offset = from + apart
        while offset + apart / 2 < source.byteCount {
            let bytes = source.bytes(offset..<min(source.byteCount, offset + (64 << 10)))
            if let after = GuessedStart.nextBlockEnd(in: bytes, from: 0, blocks: LayoutUnits.blockLevelTags),
                !known.contains(where: { abs($0 - (offset + after)) < apart / 16 })
            {
                starts.append(offset + after)
            }
            offset += apart
        }
        return starts
    }

    /// Whether the shown text of bytes `range` may hold the needle (`LetterScan.mayShow`),
    /// asked of the scan of each segment it meets.
    func mayShow(_ range: Range<Int>) -> Bool {
        anySegment(meeting: range) { $0.mayShow(range) }
    }

    /// Whether the letters of a tag in bytes `range` hold the needle
    /// (`LetterScan.mayShowInTag`).
    func mayShowInTag(_ range: Range<Int>) -> Bool {
        anySegment(meeting: range) { $0.mayShowInTag(range) }
    }

    /// Whether `answer` holds for the scan of a segment that bytes `range` meet.
    private func anySegment(meeting range: Range<Int>, _ answer: (LetterScan) -> Bool) -> Bool {
        let first = max(0, starts.partitionPoint { $0 > range.lowerBound } - 1)
        var segment = first
        while segment < starts.count, segment == first || starts[segment] < range.upperBound {
            if answer(checkedScan(of: segment)) { return true }
            segment += 1
        }
        return false
    }

    /// The first byte at or after `offset` and before `limit` whose shown text may hold
    /// the needle (`LetterScan.firstMark`), asked of the segments from the one that
    /// holds it on; `nil` when none may.
    func firstMark(from offset: Int, before limit: Int) -> Int? {
        var segment = max(0, starts.partitionPoint { $0 > offset } - 1)
        while segment < starts.count, starts[segment] < limit {
            if let found = checkedScan(of: segment).firstMark(from: offset, before: limit) { return found }
            segment += 1
        }
        return nil
    }

    /// The last byte before `limit` and at or after `offset` whose shown text may hold
    /// the needle (`LetterScan.lastMark`), asked of the segments from the one that
    /// holds `limit` back; `nil` when none may.
    func lastMark(from offset: Int, before limit: Int) -> Int? {
        var segment = max(0, starts.partitionPoint { $0 >= limit } - 1)
        while segment >= 0 {
            if let found = checkedScan(of: segment).lastMark(from: offset, before: limit) { return found }
            guard starts[segment] > offset else { return nil }
            segment -= 1
        }
        return nil
    }

    /// Checks the guessed starts of the segments that start before `offset`, in order
    /// (each by scanning the segment before it), about `bytes` bytes of segments a
    /// call: a search going up from far past the index can be stopped between calls.
    /// - Returns: whether they are all checked.
    func checkStarts(before offset: Int, bytes: Int) -> Bool {
        var budget = bytes
        for segment in starts.indices where starts[segment] < offset && !state.withLock({ $0.isChecked[segment] }) {
            guard budget > 0 else { return false }
            _ = checkedScan(of: segment)
            budget -= starts[segment] - starts[segment - 1]
        }
        return true
    }

    /// Segment `segment`'s scan for the calling thread (`scan(of:)`), from a start
    /// known to be a place a scan may start: a guessed start is checked by the scan of
    /// the segment before (to its end); where that does not end just after an end tag
    /// outside anything marked whole, the segment is scanned again from that scan's start.
    private func checkedScan(of segment: Int) -> LetterScan {
        let scan = scan(of: segment)
        guard !state.withLock({ $0.isChecked[segment] }) else { return scan }
        let before = checkedScan(of: segment - 1)
        before.scanToEnd()
        var checked = scan
        if before.endsAfterEndTag != true {
            checked = LetterScan(needle: scan.needle, source: source, bytes: before.bytes.lowerBound..<scan.bytes.upperBound)
        }
        state.withLock { state in
            state.segments[segment] = .asked(checked)
            state.isChecked[segment] = true
        }
        return checked
    }

    /// Segment `segment`'s scan for the calling thread: its own, or the helper's once
    /// done (while the helper scans it, the calling thread scans one further on); the
    /// helper is set going past it.
    private func scan(of segment: Int) -> LetterScan {
        while true {
            let (scan, meanwhile, startsHelper) = state.withLock { state -> (LetterScan?, LetterScan?, Bool) in
                state.lastAsked = segment
                let startsHelper = !state.isHelping && starts.count > 1
                if startsHelper { state.isHelping = true }
                switch state.segments[segment] {
                case .waiting(let scan):
                    state.segments[segment] = .asked(scan)
                    return (scan, nil, startsHelper)
                case .asked(let scan), .done(let scan): return (scan, nil, startsHelper)
                case .helped:
                    for later in (segment + 1)..<min(starts.count - 1, segment + 2 + Self.helpAhead) {
                        guard case .waiting(let scan) = state.segments[later] else { continue }
                        state.segments[later] = .asked(scan)
                        return (nil, scan, startsHelper)
                    }
                    return (nil, nil, startsHelper)
                }
            }
            if startsHelper { threads.run(waits: true) { self.help() } }
            if let scan { return scan }
            if let meanwhile { meanwhile.scanToEnd() } else { helped.wait(until: .now + .milliseconds(20)) }
        }
    }

    /// Scans whole segments a few ahead of the last one asked but the next, going down
    /// (round the end), while there are any waiting there; the last segment, which
    /// may still be arriving, is the calling thread's.
    private func help() {
        while true {
            let next = state.withLock { state -> (Int, LetterScan)? in
                let count = starts.count - 1
                // (The next one is left to the calling thread, which gets to it first.)
                for distance in 2...(1 + Self.helpAhead) {
                    let segment = (state.lastAsked + distance) % max(1, count)
                    guard segment < count, case .waiting(let scan) = state.segments[segment] else { continue }
                    state.segments[segment] = .helped
                    return (segment, scan)
                }
                state.isHelping = false
                return nil
            }
            guard let (segment, scan) = next else { return }
            scan.scanToEnd()
            state.withLock { $0.segments[segment] = .done(scan) }
            helped.signal()
        }
    }

    /// Where the segments of a page whose chunks are `chunks` start, for a search asked
    /// first about chunk `searchStart`: the page's start (`pageStart`), the nearest
    /// chunk at or before `searchStart` where a scan may start (a few chunks back at
    /// most), and such chunks at least `segmentChunks` chunks of `chunkBytes` apart.
    static func segmentStarts(of chunks: [PageIndex.Chunk], pageStart: Int, searchStart: Int, chunkBytes: Int) -> [Int] {
        let segmentBytes = segmentChunks * chunkBytes
        var starts = [pageStart]
        var candidate = searchStart
        while candidate >= minimumChunksBefore, searchStart - candidate < 64, candidate < chunks.count {
            if canStartScan(at: chunks[candidate]) {
                starts.append(chunks[candidate].range.lowerBound)
                break
            }
            candidate -= 1
        }
        var next = pageStart + segmentBytes
        for (number, chunk) in chunks.enumerated() where number >= minimumChunksBefore && chunk.range.lowerBound >= next {
            guard canStartScan(at: chunk) else { continue }
            starts.append(chunk.range.lowerBound)
            next = chunk.range.lowerBound + segmentBytes
        }
        return Array(Set(starts)).sorted()
    }

    /// Chunks' bytes a segment spans at least (a megabyte of page, scanned in a few
    /// milliseconds: the calling thread and the helper share the scan finely).
    static let segmentChunks = 16
    /// Chunks from the page's start before a segment may start (in the first chunks,
    /// one scan serves).
    static let minimumChunksBefore = 8

    /// Whether a scan may start at chunk `chunk`'s start: at a block's start (not inside
    /// a paragraph's text), with nothing open that hides its content or writes letters
    /// of its own (what `LetterScan` marks whole), so that a scan from there reads what
    /// the scan from the page's start reads past it.
    static func canStartScan(at chunk: PageIndex.Chunk) -> Bool {
        // (`template` is one of the tags layout does not know.)
        !chunk.startsInsideText && !chunk.openElements.contains { element in
            element.tag == .unknown || element.tag == .svg || element.attributes.contains { attribute in
                attribute.name == "hidden" || attribute.name == "style" || (element.tag == .ol && attribute.name == "type")
            }
        }
    }
}
