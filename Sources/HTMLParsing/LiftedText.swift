/// Runs of text taken out of what libxml2 reads, each left there as one byte
/// (`placeholder`), and given back when libxml2 hands that byte over as text.
///
/// libxml2 2.9.14 reads text a character at a time (`htmlParseCharDataInternal`:
/// decode, check, copy), which is most of its time on pages of prose; which text it
/// reads changes nothing of how it reads the markup around it, as long as the run is
/// one it hands over whole and as it is. A run is lifted only where that holds
/// (`liftableRun`): it follows the `>` that ends a tag, a comment or a doctype (so
/// libxml2 reads it as text); it ends at the next `<` or `&` (a reference, which
/// libxml2 reads on its own); it holds no byte libxml2 drops (controls, U+FFFE,
/// U+FFFF) and one at least that is not blank, so that the byte standing in for it is
/// taken for text of the same kind (libxml2 checks whether text is blank); and it is
/// shorter than the piece libxml2 hands over at a time, so that it comes in one call
/// that ends where the run ends, as the byte standing in for it does. Before the
/// first element, where libxml2 skips the blanks after a doctype or a comment, the
/// blanks before the run's first other byte stay.
///
/// The runs of a window are lifted once it is read (`lift`), and taken back in order
/// (`withRun(endingAt:_:)`), by where their byte ends in what libxml2 read.
struct LiftedText {
    /// The byte left in place of a run: text, not blank.
    static let placeholder = UInt8(ascii: "x")
    /// Runs shorter than this are left in place: libxml2 reads them about as fast as
    /// they would be taken out.
    static let minimumBytes = 16
    /// Bytes of a run, with its blanks before, at most: libxml2 hands text over in
    /// pieces of 1,000 bytes (`HTML_PARSER_BIG_BUFFER_SIZE`).
    static let maximumBytes = 999

    /// The lifted runs' bytes, one after another, and each run: where the byte left for
    /// it ends in the stream, and its bytes.
    private var bytes: [UInt8] = []
    private var runs: [(streamEnd: Int, start: Int, count: Int)] = []
    /// The first run not taken back.
    private var next = 0

    /// Whether runs wait to be taken back.
    var isEmpty: Bool { next == runs.count }

    /// The part of the text run `start..<end` of `base` (the bytes after a tag's `>` up
    /// to the next `<`) that can be lifted, when the run qualifies (see the type): up
    /// to its first `&`, from its start, or from its first byte that is not blank where
    /// libxml2 skips the blanks before (`skipsBlanks`: before the first element).
    static func liftableRun(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, skipsBlanks: Bool) -> Range<Int>? {
        guard end - start >= minimumBytes, end - start <= maximumBytes else { return nil }
        var first = start
        while first < end, AttributeFilter.isBlank(base[first]) { first += 1 }
        guard first < end, !skipsBlanks || end - first >= minimumBytes else { return nil }
        var index = first
        // Eight bytes at a time while none is a control, `&` or 0xEF (which starts
        // U+FFFE and U+FFFF).
        while index + 8 <= end {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            guard !mayHoldByteLibxml2Changes(word) else { break }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte < 0x27 {
                // libxml2 ends the text before a `&` (and reads the reference after it
                // on its own): the run ends there.
                if byte == 0x26 { break }
                // Controls but for tab, line feed and carriage return.
                if byte < 0x20 && !AttributeFilter.isBlank(byte) { return nil }
            } else if byte == 0xEF, index + 2 < end, base[index + 1] == 0xBF, base[index + 2] & 0xFE == 0xBE {
                return nil
            }
            index += 1
        }
        guard index > first, index - (skipsBlanks ? first : start) >= minimumBytes else { return nil }
        return (skipsBlanks ? first : start)..<index
    }

    /// Whether any byte of `word` may be one `liftableRun` looks at closely: below
    /// 0x20, `&` or 0xEF (some others pass as well).
    @inline(__always)
    private static func mayHoldByteLibxml2Changes(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below20 = (word &- ones &* 0x20) & ~word & highs
        let ampersand = word ^ (ones &* 0x26)
        let ef = word ^ (ones &* 0xEF)
        let zeroes = ((ampersand &- ones) & ~ampersand | (ef &- ones) & ~ef) & highs
        return below20 | zeroes != 0
    }

    /// Takes `lifts` (in order, each found by `liftableRun`) out of the first `count`
    /// bytes of `window`, a placeholder left for each, moving the bytes between them
    /// down; gives the bytes left. The window's bytes come at `streamStart` in the
    /// stream and from `pageStart` in the page; `mark` is told where, after each
    /// placeholder, the stream and the page step apart again.
    mutating func lift(
        _ lifts: [Range<Int>], from window: UnsafeMutablePointer<UInt8>, count: Int, streamStart: Int, pageStart: Int,
        mark: (_ stream: Int, _ page: Int) -> Void
    ) -> Int {
        dropTakenRuns()
        var kept = 0
        var read = 0
        for lift in lifts {
            let between = lift.lowerBound - read
            if kept != read { (window + kept).update(from: window + read, count: between) }
            kept += between
            let start = bytes.count
            bytes.append(contentsOf: UnsafeBufferPointer(start: window + lift.lowerBound, count: lift.count))
            window[kept] = Self.placeholder
            kept += 1
            runs.append((streamStart + kept, start, lift.count))
            mark(streamStart + kept, pageStart + lift.upperBound)
            read = lift.upperBound
        }
        if kept != read { (window + kept).update(from: window + read, count: count - read) }
        return kept + count - read
    }

    /// Calls `body` with the run whose placeholder ends at stream offset `end`, when
    /// there is one, and gives whether there was; runs before it are let go (libxml2
    /// went past them: a parse it stopped).
    mutating func withRun(endingAt end: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        while next < runs.count, runs[next].streamEnd < end { next += 1 }
        guard next < runs.count, runs[next].streamEnd == end else { return false }
        let run = runs[next]
        next += 1
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[run.start..<(run.start + run.count)])) }
        return true
    }

    /// Lets go of the runs taken back, keeping those libxml2 has not come to yet.
    private mutating func dropTakenRuns() {
        guard next > 0 else { return }
        if next == runs.count {
            runs.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
        } else {
            let first = runs[next].start
            runs.removeFirst(next)
            bytes.removeFirst(first)
            for index in runs.indices { runs[index].start -= first }
        }
        next = 0
    }
}
