import HTMLParsing

/// Chunks guessed far ahead of the index, where a reader jumps before the index gets
/// there: read from a start guessed from the bytes after it (`GuessedStart`), by the
/// same scan that guesses the index's own chunks. Nothing checks them but the index,
/// which replaces them when it gets there.
extension PageIndex {
    /// A run of chunks guessed from a start of its own.
    package struct GuessedRun {
        /// The chunks, one after another.
        package var chunks: [Chunk]
        /// Where the run stops and the next would start, with what is open there; `nil`
        /// when the run reaches the page's end or ends at the place asked for.
        package var next: StructureScanner.Cut?
        /// Parts of the run a parse leaves out (`StructureScanner.elisionBytes`).
        package var elisions: [Range<Int>]

        /// Numbers the run's links from `base` on (the run's start counted none before).
        package mutating func numberLinks(from base: Int) {
            for chunk in chunks.indices { chunks[chunk].linkBase += base }
            next?.links += base
        }
    }

    /// The start of a run guessed before `offset` (and past the page's start), its links
    /// numbered from `links` (a guess too); `nil` when nothing within a few megabytes
    /// before reads as a place to start.
    package func guessedStart(before offset: Int, links: Int) -> StructureScanner.Cut? {
        guard let cut = GuessedStart.cut(in: source, before: offset, cutting: cuttingRules { _ in true }, links: links), cut.offset > start else { return nil }
        return cut
    }

    /// The chunks the scan finds from `origin` until a cut at or past `target` (or the
    /// page's end); with `boundary`, until `boundary` exactly: the last chunk ends
    /// there, where a run guessed before starts (`endsAt` elements open there).
    /// - Returns: `nil` when no chunk ends within a few megabytes.
    package func guessedRun(from origin: StructureScanner.Cut, reaching target: Int, boundary: (offset: Int, openElements: Int)? = nil) -> GuessedRun? {
        var cutting = cuttingRules { _ in true }
        cutting.firstBytes = cutting.bytes
        var scanner = StructureScanner(source: source, start: origin, cutting: cutting, linklessTags: ReplacedContent.replacedTags)
        scanner.elisionBytes = elisionBytesInUse.load(ordering: .relaxed)
        var cuts = [origin]
        var elisions: [Range<Int>] = []
        var linksAtBoundary: Int?
        let limit = max(target, boundary?.offset ?? 0) + (8 << 20)
        let reachedEnd = scanner.run(
            take: { cut in
                if let boundary, cut.offset >= boundary.offset {
                    linksAtBoundary = cut.links
                    return false
                }
                cuts.append(cut)
                return cut.offset < target
            },
            scanned: { $0 < limit }, elide: { elisions.append($0) })
        var ends = cuts.dropFirst().map { (offset: $0.offset, openElements: $0.openElements.count, links: $0.links, insideText: $0.insideText) }
        var next = cuts.count > 1 ? cuts.last : nil
        if let boundary {
            // A run that does not get to the boundary would leave a hole.
            guard reachedEnd || linksAtBoundary != nil else { return nil }
            ends.append((boundary.offset, boundary.openElements, linksAtBoundary ?? scanner.links, false))
            next = nil
        } else if reachedEnd {
            ends.append((source.byteCount, 0, scanner.links, false))
            next = nil
        }
        guard !ends.isEmpty else { return nil }
        let chunks = zip(cuts, ends).map { start, end in
            let range = start.offset..<end.offset
            let elided = Self.elisions(in: range, of: elisions).reduce(0) { $0 + $1.clamped(to: range).count }
            return Chunk(
                range: range, shownBytes: range.count - elided, openElements: start.openElements, openElementsAtEnd: end.openElements,
                linkBase: start.links, links: end.links - start.links, startsInsideText: start.insideText, endsInsideText: end.insideText)
        }
        return GuessedRun(chunks: chunks, next: next, elisions: elisions)
    }
}
