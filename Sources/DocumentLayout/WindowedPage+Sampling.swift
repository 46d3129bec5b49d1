/// Chunks laid out while the reader is idle, spread over the whole page: the lines per
/// byte the estimated chunks are given then come from all of the page rather than from
/// where the reader has been (its first chunk alone, on opening, puts the row total of
/// a manual 40% over the truth), so that the row total and `N%` come near the truth
/// without reading on.
extension WindowedPage {
    /// Chunks sampled at most, for a page's width: about 3 MB of a big page, a few
    /// hundred milliseconds of idle time.
    static let sampleCount = 48
    /// Samples the estimates are made from once taken (fewer say less than the chunks
    /// around the reader).
    static let samplesTrusted = 4

    /// Where sample `number` is, as a fraction of the page's bytes: 1/2, 1/4, 3/4, 1/8,
    /// 5/8, ... (the bits of `number + 1` reversed), so that however many are taken,
    /// they are spread over the whole page.
    static func sampleFraction(_ number: Int) -> Double {
        var rest = number + 1
        var fraction = 0.0
        var weight = 0.5
        while rest > 0 {
            if rest & 1 == 1 { fraction += weight }
            rest >>= 1
            weight /= 2
        }
        return fraction
    }

    /// Asks the next layout pass to lay out one more sample chunk.
    /// - Returns: whether one was due (the page's length is estimated, samples are
    ///   left, and the index has found a chunk for one).
    package func requestSample() -> Bool {
        guard !sampleDue, inexactParts > 0, nextSample() != nil else { return false }
        sampleDue = true
        invalidator?.markNeedsLayout()
        return true
    }

    /// The next sample to take and its chunk; the samples before it are passed over
    /// for good when no chunk near them can be laid out on its own, and for now when
    /// the index has not found their chunk yet. `nil`: none is left for now.
    func nextSample() -> (number: Int, chunk: Int)? {
        // (Samples come from the index's chunks alone, not from an island's guesses.)
        let known = indexedEnd
        let bytes = index.source.byteCount - index.start
        for number in 0..<Self.sampleCount where !samplesTaken.contains(number) {
            let offset = index.start + Int(Self.sampleFraction(number) * Double(bytes))
            guard offset < known else { continue }
            let holder = chunks.partitionPoint { $0.range.upperBound > offset }
            // A chunk laid out already counts as taken. One that goes on inside a list
            // needs the chunks before it laid out first: one of the next few that does
            // not is taken instead.
            let candidate = (holder..<min(indexChunkCount, holder + 4)).first { !isExact[$0] && !chunks[$0].startsInsideBlocks }
            guard !isExact[holder], let candidate else {
                samplesTaken.insert(number)
                continue
            }
            return (number, candidate)
        }
        return nil
    }

    /// Takes the sample asked for, if any.
    /// - Returns: the chunk to lay out.
    func takeDueSample() -> Int? {
        guard sampleDue else { return nil }
        sampleDue = false
        guard let (number, chunk) = nextSample() else { return nil }
        samplesTaken.insert(number)
        return chunk
    }

    /// Counts chunk `chunk`, just laid out as a sample, in the samples' lines per byte.
    func noteSampled(_ chunk: Int) {
        sampledLines += Int(extents.values[chunk])
        sampledBytes += chunks[chunk].shownBytes
        sampledChunks += 1
    }
}
