import HTMLParsing
import ComponentKit
import RenderCore
import ScrollCore

/// Where things are on a windowed page: its anchors, its links and their marks, its
/// References list, laying out only as far as they are.
extension WindowedPage {
    // MARK: Navigation

    package func linkTarget(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        leaveIsland()
        synchronize()
        while chunk(holdingLink: number) == nil, !hasReferences {
            waitForMore()
            synchronize()
        }
        guard let chunk = chunk(holdingLink: number) else { return nil }
        let targets = ownLayout(ofChunk: chunk).links
        trimCache()
        let offset = number - chunks[chunk].linkBase - 1
        return offset >= 0 && offset < targets.count ? targets[offset] : nil
    }

    /// The known chunk that holds link `number` (numbered from 1).
    func chunk(holdingLink number: Int) -> Int? {
        let low = chunks.partitionPoint { $0.linkBase + $0.links >= number }
        return low < chunkCount ? low : nil
    }

    /// The row element `id` starts on. The chunks are searched in order for the id's
    /// bytes (waiting for the index where it has not gone yet); the first that has
    /// them is laid out to find the line, without laying out the chunks before it.
    package func line(forAnchor id: String) -> Int? {
        let needle = Array(id.utf8)
        guard !needle.isEmpty else { return nil }
        leaveIsland()
        var chunk = 0
        while true {
            if chunk >= chunkCount {
                guard !hasReferences else { return nil }
                waitForMore()
                synchronize()
                continue
            }
            if index.source.bytes(chunks[chunk].range).firstRange(of: needle) != nil {
                let (layout, units, _) = freshLayout(ofChunk: chunk)
                if let line = layout.line(forAnchor: id) { return firstContentRow(of: chunk) + line }
                if layout.pendingAnchors.contains(id) || units.trailingAnchors.contains(id) {
                    // Named before the chunk's end, it names the next line there is.
                    return chunk + 1 < chunkCount ? firstContentRow(of: chunk + 1) : Int(extents.prefixSum(chunk + 1))
                }
            }
            chunk += 1
        }
    }

    /// The row of chunk `chunk`'s first own line (past a joining blank line), its part
    /// made exact.
    func firstContentRow(of chunk: Int) -> Int {
        _ = makeExact(chunk)
        return Int(extents.prefixSum(chunk)) + (joined(chunk).joiningBlank == true ? 1 : 0)
    }

    package func layout(width: Int, keeping row: Int) -> Int {
        let width = max(1, width)
        guard width != self.width else { return row }
        let kept = part(containing: row).map { ($0.part, Double(row - $0.start) / Double(max(1, $0.extent))) }
        // Where the row's text is in its chunk, as text (what wrapping does not change).
        let textBefore = kept.flatMap { part, _ -> Int? in
            guard part < chunkCount, !isGap(part) else { return nil }
            let entry = joined(part)
            let first = entry.joiningBlank == true ? 1 : 0
            return TextPlace.count(in: entry.lines, rows: 0..<(row - Int(extents.prefixSum(part)) - first))
        }
        // Lines get fewer in proportion as they get wider (for the estimates).
        let linesPerByte = self.linesPerByte * Double(self.width) / Double(width)
        self.width = width
        cache = [:]
        cachedBytes = 0
        chunkEnds = [ChunkEnds?](repeating: nil, count: chunkCount)
        exactLines = 0
        exactBytes = 0
        estimatedLinesPerByte = linesPerByte
        extents = ExtentIndex()
        isExact = []
        inexactParts = 0
        exactPrefixParts = 0
        samplesTaken = []
        sampledLines = 0
        sampledBytes = 0
        sampledChunks = 0
        for chunk in 0..<chunkCount { appendChunkPart(chunk, linesPerByte: linesPerByte) }
        if hasReferences { appendReferenceParts() }
        guard let (part, fraction) = kept else { return 0 }
        guard !isGap(part) else { return Int(extents.prefixSum(part)) + Int(fraction * extents.values[part]) }
        _ = makeExact(part)
        let start = Int(extents.prefixSum(part))
        let entry = joined(part)
        if let textBefore, let line = TextPlace.row(in: entry.lines, rows: 0..<entry.lines.count, holding: textBefore) {
            return start + (entry.joiningBlank == true ? 1 : 0) + line
        }
        return start + Int(fraction * extents.values[part])
    }
}
