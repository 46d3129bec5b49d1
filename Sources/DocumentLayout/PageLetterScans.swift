import HTMLParsing

/// A query's letter scans of a windowed page (`LetterScan`), so that a search from the
/// middle of a long page asks about the bytes from there first: one scan reads from
/// the start of a block at or before where the search began, the other (made when the
/// search wraps round, or goes up) from the page's start up to there.
final class PageLetterScans {
    /// Where the first scan starts: a chunk's start where a scan may start
    /// (`canStartScan`), or the page's.
    let split: Int
    private let ahead: LetterScan
    private var behind: LetterScan?
    private let needle: [UInt8]
    private let source: any PageSource
    private let pageStart: Int

    /// Scans of `source` (from `pageStart`) for `needle`, the first from `split`.
    init(needle: [UInt8], source: any PageSource, pageStart: Int, split: Int) {
        self.needle = needle
        self.source = source
        self.pageStart = pageStart
        self.split = max(pageStart, split)
        ahead = LetterScan(needle: needle, source: source, bytes: self.split..<Int.max)
    }

    /// The `LetterScan` used for the needle's letters in text layout writes.
    var anyScan: LetterScan { ahead }

    /// Whether the shown text of bytes `range` may hold the needle (`LetterScan.mayShow`),
    /// each side of the split asked of its scan.
    func mayShow(_ range: Range<Int>) -> Bool {
        if range.upperBound > split, ahead.mayShow(range) { return true }
        guard range.lowerBound < split else { return false }
        if behind == nil { behind = LetterScan(needle: needle, source: source, bytes: pageStart..<split) }
        return behind!.mayShow(range)
    }

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
